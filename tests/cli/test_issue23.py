"""Issue 23, at the table and in scripts: every option found, seeds never lost, one name for one
thing, errors that say what to do. One section per numbered point of the issue."""

import json

import pytest

from tests.conftest import assert_clean_error


def deadlands_table(dealer, name="gulch"):
    dealer("table", "new", name, "--seed", "1")
    dealer("table", "add", name, "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=4",
           "--trait", "smarts=3d8", "--trait", "hunch=4")
    return name


# -- 2. every option of `action` is on its help page; its hidden name never shows ------------

def test_action_help_lists_the_surprise_options_and_both_usages(dealer):
    run = dealer("action", "--help")
    assert run.code == 0
    for option in ("--surprised", "--guts", "--max-cards", "--marshal", "--table", "--seed"):
        assert option in run.out, option
    assert "dealer action [OPTIONS] [NAME=SPEC]..." in run.out
    assert "dealer action COMMAND [ARGS]..." in run.out
    assert "sleeve" in run.out and "deal " not in run.out.split("Commands:")[1]


@pytest.mark.parametrize("args", [["action", "--tabel", "x"], ["action", "Sarah=16", "--tabel", "x"]])
def test_an_action_error_names_dealer_action_not_the_hidden_default(dealer, args):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert run.err.startswith("dealer action: ") and "action deal" not in run.err
    assert "Try 'dealer action --help'." in run.err


def test_surprise_deals_through_the_plain_action_command(dealer):
    run = dealer("action", "Sarah=3d6", "--surprised", "Sarah:11=2d6", "--seed", "3", "--json")
    assert run.code == 0
    row = run.json()["result"]["participants"][0]
    assert row["cognition"]["tn"] == 11


# -- 3. a hex of several action cards is visible between rounds, and keeps its level ---------

def test_a_half_cast_hex_shows_in_the_countdown_and_table_show_and_keeps_its_level(dealer):
    table = deadlands_table(dealer, "corral")
    dealer("action", "--table", table, "--seed", "1")
    begun = dealer("hex", "hunch", "--caster", "Velvet", "--table", table, "--level", "2", "--action-card", "2d")
    assert begun.code == 0, begun
    shown = dealer("table", "show", table)
    assert "under way:" in shown.out and "Velvet: hunch, 1 of 2 action cards spent" in shown.out
    state = dealer("table", "show", table, "--json").json()["result"]["state"]["long_actions"]["actions"]
    assert state["Velvet"]["level"] == 2
    round_two = dealer("action", "--table", table, "--seed", "2")
    assert 'cast it now (level 2): dealer hex hunch --caster Velvet --table corral' in round_two.out
    assert 'dealer hex hunch --caster Velvet --table corral' in dealer("table", "show", table).out
    data = dealer("table", "show", table, "--json").json()["result"]
    assert data["state"]["long_actions"]["actions"]["Velvet"]["spent"] == 2
    under_way = dealer("action", "--table", table, "--seed", "2", "--json")  # a third round, not cast yet
    assert under_way.json()["result"]["under_way"] == [
        {"name": "Velvet", "what": "hunch", "spent": 2, "cards": 2, "hex": True, "level": 2, "ready": True}]
    cast = dealer("hex", "hunch", "--caster", "Velvet", "--table", table, "--seed", "3", "--json")
    assert cast.code == 0, cast  # no --level: the level it was begun at, not the roster's hunch=4
    assert cast.json()["result"]["level"] == 2 and cast.json()["result"]["roll"] is not None
    assert "under way" not in dealer("table", "show", table).out


# -- 4. a bare roster name in a contest is refused with the person's skills -------------------

def poker_table(dealer, name="gulch"):
    dealer("table", "new", name, "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", name, "Bert", "--trait", "pistol=4", "--trait", "riding=2")
    return name


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_a_bare_roster_name_in_a_contest_is_refused_with_the_skills(dealer, flag):
    table = poker_table(dealer)
    run = dealer("conflict", "Bert", "--target", "pair of jacks", "--table", table, *flag)
    assert_clean_error(run, code=2)
    assert "Bert has pistol=4, riding=2: say Bert=pistol" in run.err
    drawn = dealer("conflict", "Bert=pistol", "--target", "pair of jacks", "--table", table, "--seed", "2", "--json")
    assert drawn.json()["result"]["participants"][0]["draw"]["skill"] == 4
    assert "Bert=pistol" in dealer("conflict", "--help").out and "NAME=SKILL" in dealer("conflict", "--help").out


def test_a_bare_name_off_the_roster_draws_at_skill_0(dealer):
    run = dealer("-r", "poker-hands", "conflict", "Sam", "--seed", "2", "--json")
    assert run.code == 0 and run.json()["result"]["participants"][0]["draw"]["skill"] == 0


# -- 12. a roster typo gets did-you-mean --------------------------------------------------------

def test_roster_typos_get_did_you_mean(dealer):
    table = deadlands_table(dealer, "f")
    dealer("action", "--table", table, "--seed", "1")
    for args, said in [(["action", "sleeve", "Velvt", "--table", table], "did you mean 'Velvet'?"),
                       (["table", "set", table, "Velvt", "--trait", "quickness=2d6"], "did you mean 'Velvet'?")]:
        run = dealer(*args)
        assert_clean_error(run, code=1)
        assert said in run.err and "deal a round first" not in run.err, run
    poker = poker_table(dealer, "p")
    for args, said in [(["chips", "give", "Brt", "red", "--table", poker], "did you mean 'Bert'?"),
                       (["conflict", "Brt", "--table", poker], "did you mean 'Bert'?"),
                       (["conflict", "Bert=pistl", "--table", poker], "did you mean 'pistol'?")]:
        run = dealer(*args)
        assert_clean_error(run, code=1)
        assert said in run.err, run


def test_the_global_option_names_are_in_step():
    from dealer.options import _NAMES, GLOBAL_OPTIONS

    made = [option(lambda: None).__click_params__[-1].name for option in GLOBAL_OPTIONS]
    assert tuple(made) == _NAMES


# -- 6. a seed is never lost; what uses no randomness says seed null --------------------------

def run_with_stderr_on_a_terminal(args, tmp_path):
    """The installed dealer, stdout to a pipe (``> log.txt``) and stderr to a pseudo-terminal."""
    import os
    import pty
    import subprocess

    from tests.conftest import installed_dealer, read_terminal

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k != "NO_COLOR"}
    env["DEALER_HOME"] = str(tmp_path / "state")
    proc = subprocess.Popen([installed_dealer(), *args], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out = proc.stdout.read().decode()
    proc.wait()
    return out, read_terminal(master).decode().replace("\r\n", "\n")


@pytest.mark.parametrize("args, seed", [(["draw", "3", "--seed", "42"], "seed 42"),
                                        (["roll", "3d6", "--count", "3", "--seed", "7"], "seeds 7 to 9")])
def test_a_redirected_text_result_tells_its_seed_on_a_terminal_stderr(tmp_path, args, seed):
    out, err = run_with_stderr_on_a_terminal(args, tmp_path)
    assert "seed" not in out and out.strip()
    assert f"dealer: {seed}" in err


def test_a_redirected_result_with_stderr_redirected_too_stays_clean(shell):
    run = shell("draw", "3", "--seed", "42")
    assert run.err == "" and "seed" not in run.out


def test_table_log_filters_by_seed(dealer):
    dealer("table", "new", "T", "--seed", "11")
    dealer("draw", "2", "--table", "T", "--seed", "12")
    dealer("draw", "2", "--table", "T", "--seed", "13")
    lines = dealer("table", "log", "T", "--seed", "12").out.splitlines()
    assert len(lines) == 1 and "seed 12" in lines[0] and "draw" in lines[0]
    events = dealer("table", "log", "T", "--seed", "12", "--json").json()["result"]["events"]
    assert [event["seed"] for event in events] == [12]
    assert dealer("table", "log", "T", "--seed", "99").out == "no events with seed 99\n"
    assert "only the events of the command run with" in dealer("table", "log", "--help").out


def test_commands_that_use_no_randomness_report_seed_null(dealer):
    poker_table(dealer, "p")
    deadlands_table(dealer, "d")
    dealer("action", "--table", "d", "--seed", "1")
    for args in (["chips", "--table", "p"], ["chips", "give", "Bert", "red", "--table", "p"],
                 ["chips", "return", "Bert", "red", "--table", "p"], ["chips", "wound", "Bert", "--table", "p"],
                 ["conflict", "show", "--table", "p"], ["action", "sleeve", "Velvet", "--table", "d"],
                 ["action", "play", "Velvet", "--table", "d"], ["table", "add", "p", "Cy"], ["table", "show", "p"],
                 ["hand", "As Kd"], ["odds", "action", "3d6"], ["rulesets", "show", "deadlands"],
                 ["roll", "3d6", "--faces", "1 2 3"], ["roll", "3d6", "--odds"]):
        run = dealer(*args, "--json")
        assert run.code == 0, (args, run)
        assert run.json()["seed"] is None, args
    log = dealer("table", "log", "p", "--json").json()["result"]["events"]
    assert all(event["seed"] is None for event in log if event["command"].startswith(("chips", "table add")))


def test_a_command_that_could_deal_but_drew_nothing_reports_seed_null(dealer):
    """chips spend may draw (a chip's card, a reroll) but a second wind draws nothing: no seed."""
    dealer("-r", "poker-hands", "table", "new", "sp", "--seed", "1")
    dealer("table", "add", "sp", "Sam", "--trait", "master=1")
    dealer("hex", "--skill", "0", "--caster", "Sam", "--table", "sp", "--seed", "2")  # one cast winds him
    dealer("chips", "give", "Sam", "white", "--table", "sp")
    run = dealer("chips", "spend", "Sam", "white", "--for", "second-wind", "--table", "sp", "--json")
    assert run.code == 0, run
    assert run.json()["seed"] is None
    spent = dealer("table", "log", "sp", "--last", "1", "--json").json()["result"]["events"]
    assert [event["seed"] for event in spent] == [None]
    assert dealer("hex", "--skill", "0", "--caster", "Sam", "--table", "sp", "--json").json()["seed"] is not None


# -- 7. --table and --seed mean something wherever they are offered ---------------------------

def test_a_roll_on_a_table_is_recorded_in_its_log(dealer):
    dealer("table", "new", "gulch", "--seed", "1")
    run = dealer("roll", "3d6", "--table", "gulch", "--seed", "5")
    assert run.code == 0 and run.out == "3d6 vs TN 5: 5 3 6+3 -> 9, success, 0 raises\n"
    by_hand = dealer("roll", "2d6", "--damage", "--faces", "3 4", "--table", "gulch", "--json")
    assert by_hand.code == 0 and by_hand.json()["seed"] is None
    events = [e for e in dealer("table", "log", "gulch", "--json").json()["result"]["events"] if e["kind"] == "roll"]
    assert [(e["seed"], e["data"]["dice"], e["data"]["total"]) for e in events] == [(5, "3d6", 9), (None, "2d6", 7)]
    assert "roll=3d6 vs TN 5: 5 3 6+3 -> 9, success, 0 raises" in dealer("table", "log", "gulch", "--last", "2").out
    for args in (["--odds"], ["--count", "3"]):
        refused = dealer("roll", "3d6", "--table", "gulch", *args)
        assert_clean_error(refused, code=2)
        assert "--table records a roll" in refused.err


@pytest.mark.parametrize("args, flag", [
    (["hand", "As Kd", "--seed", "5"], "--seed"),
    (["--seed", "5", "hand", "As Kd"], "--seed"),
    (["rulesets", "list", "--table", "x"], "--table"),
    (["--table", "x", "rulesets", "list"], "--table"),
    (["odds", "action", "3d6", "--seed", "3"], "--seed"),
    (["table", "log", "T", "--table", "x"], "--table"),
    (["chips", "give", "Bert", "red", "--seed", "3"], "--seed"),
    (["roll", "3d6", "--odds", "--seed", "3"], "--seed"),
    (["roll", "3d6", "--faces", "1 2 3", "--seed", "3"], "--seed"),
    (["conflict", "show", "--seed", "3"], "--seed"),
])
def test_an_option_that_would_mean_nothing_is_refused(dealer, args, flag):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert f"{flag} means nothing" in run.err, run


def test_a_table_that_only_lends_its_ruleset_must_exist(dealer):
    run = dealer("odds", "hand", "5", "--table", "x")  # odds read a table's ruleset: that is what --table means
    assert_clean_error(run, code=1)
    assert "no table 'x'" in run.err


def test_hand_with_a_table_plays_by_its_ruleset_and_says_so(dealer):
    assert "Play by this table's ruleset; nothing is recorded" in dealer("hand", "--help").out
    dealer("table", "new", "p", "-r", "poker-hands")
    assert dealer("hand", "RJ 2c 2d 5h 9s", "--table", "p", "--json").json()["ruleset"] == "poker-hands"


# -- 8. JSON names the subcommand; a failed JSON run prints one JSON error --------------------

def test_json_command_names_the_subcommand(dealer):
    poker_table(dealer, "p")
    for args, command in ((["conflict", "show", "--table", "p"], "conflict show"),
                          (["chips", "give", "Bert", "red", "--table", "p"], "chips give"),
                          (["chips", "spend", "Bert", "red", "--for", "luck", "--note", "x", "--table", "p"],
                           "chips spend"),
                          (["odds", "action", "3d6"], "odds action"), (["odds", "hand", "5"], "odds hand"),
                          (["table", "show", "p"], "table show"), (["conflict", "Bert=pistol", "--table", "p"],
                                                                  "conflict")):
        run = dealer(*args, "--json")
        assert run.code == 0, (args, run)
        assert run.json()["command"] == command


@pytest.mark.parametrize("args, code", [(["draw", "99"], 2), (["hand"], 2), (["-r", "nope", "draw"], 1),
                                        (["hand", "As", "--seed", "5"], 2), (["table", "show", "nowhere"], 1)])
@pytest.mark.parametrize("flag", ["--json", "--jsonl"])
def test_a_failed_json_run_prints_one_json_error_on_stderr(dealer, args, code, flag):
    run = dealer(*args, flag)
    assert run.code == code and run.out == ""
    lines = run.err.splitlines()
    assert len(lines) == 1, run
    error = json.loads(lines[0])
    assert error["exit"] == code and error["error"].startswith("dealer") and "Traceback" not in run.err


# -- 9. text a person reads: no Python reprs, plurals, targets, chips in one order -------------

def test_the_log_says_yes_no_none_never_true_false_none(dealer):
    table = poker_table(dealer, "s")
    dealer("table", "add", table, "Sally", "--trait", "master=2")
    dealer("hex", "--skill", "2", "--caster", "Sally", "--table", table, "--seed", "3", "--huckster")
    dealer("conflict", "Bert=pistol", "Sally=1", "--table", table, "--seed", "4")
    log = dealer("table", "log", table).out
    assert "=True" not in log and "=False" not in log and "=None" not in log
    assert "success=yes" in log or "success=no" in log


def test_plurals_and_cards_given(dealer):
    from dealer.render import plural

    assert plural(2, "category") == "2 categories" and plural(1, "category") == "1 category"
    assert plural(3, "day") == "3 days"
    run = dealer("action", "Sarah=16:Qh")
    assert "1 card given" in run.out and "1 cards" not in run.out


@pytest.mark.parametrize("target, fear, said", [("two pair", 1, "two pair, threes up"),
                                                ("three of a kind", 3, "three of a kind, fives"),
                                                ("pair", 3, "pair of fives")])
def test_a_raised_fear_target_reads_as_poker_and_parses_back(dealer, load, target, fear, said):
    run = dealer("-r", "poker-hands", "conflict", "Sam=:2c 3d 5h 9s Kd", "--fear", fear, "--target", target)
    assert run.out.startswith(f"fear check against {said} (")
    rank, value = load("poker-hands").threshold(said)
    assert rank.id == target.replace(" ", "-") and value in (3, 5)


def test_chips_read_white_red_blue_and_players_in_roster_order(dealer):
    table = poker_table(dealer, "s")
    dealer("table", "add", table, "Sally")
    dealer("chips", "give", "Sally", "blue", "--table", table)
    dealer("chips", "give", "Bert", "blue", "--table", table)
    dealer("chips", "give", "Bert", "white", "--table", table)
    shown = dealer("table", "show", table).out
    assert "; Bert: 1 white, 1 blue; Sally: 1 blue" in shown
    block = dealer("chips", "--table", table).out.splitlines()
    assert block[1:3] == ["  Bert: 1 white, 1 blue", "  Sally: 1 blue"]
    players = dealer("table", "show", table, "--json").json()["result"]["chips"]["players"]
    assert list(players) == ["Bert", "Sally"] and list(players["Bert"]) == ["white", "blue"]


# -- 10. the error clipper reads apostrophes as apostrophes ------------------------------------

def test_an_error_with_apostrophes_is_not_cut_mid_word(dealer):
    table = deadlands_table(dealer, "deadwood")
    dealer("table", "set", table, "Velvet", "--trait", "hexslinging=")
    run = dealer("hex", "hunch", "--caster", "Velvet", "--table", table, "--level", "3")
    assert_clean_error(run, code=2)
    assert "roster traits hexslinging=LEVEL and the hex's Trait, e.g. spirit=3d10" in run.err
    assert "..." not in run.err


# -- 12. a missing required argument or option exits 2 everywhere ------------------------------

@pytest.mark.parametrize("args", [
    ["chips", "spend", "Bert", "white"],  # deadlands: no last hand to spend on, --for is required
    ["chips", "spend", "Bert"], ["hex"], ["hex", "soul blast"], ["-r", "poker-hands", "hex"],
    ["-r", "poker-hands", "conflict"], ["-r", "poker-hands", "conflict", "harm"],
    ["-r", "poker-hands", "gadget", "use"],
    ["-r", "poker-hands", "gadget", "design", "x", "--tier", "pair"], ["action", "begin", "Velvet"],
    ["action", "interrupt", "Sarah"], ["odds", "conflict"], ["roll"], ["table", "add"],
])
def test_a_missing_required_argument_exits_2(dealer, args):
    run = dealer(*args)
    assert_clean_error(run, code=2)


# -- 13. every help page has an example ---------------------------------------------------------

def every_command_path():
    """Each command's words, walked from the root group (subcommands loaded as dealer loads them)."""
    import click

    from dealer.cli import cli

    paths, todo = [], [([], cli)]
    ctx = click.Context(cli)
    while todo:
        words, command = todo.pop()
        paths.append(words)
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                todo.append((words + [name], command.get_command(ctx, name)))
    return sorted(paths)


@pytest.mark.parametrize("words", every_command_path(), ids=lambda words: " ".join(words) or "dealer")
def test_every_help_page_has_an_example(dealer, words):
    run = dealer(*words, "--help")
    assert run.code == 0
    assert "Example" in run.out and "\n    dealer " in run.out, words


# -- 11. one name for one thing; hex help grouped by game -------------------------------------

def test_odds_hex_takes_roll_as_hex_does_and_dice_still_works_unlisted(dealer):
    new = dealer("odds", "hex", "soul blast", "--roll", "5d10", "--level", "4", "--json").json()["result"]
    old = dealer("odds", "hex", "soul blast", "--dice", "5d10", "--level", "4", "--json").json()["result"]
    assert new == old
    shown = dealer("odds", "hex", "--help").out
    assert "--roll NdX" in shown and "--dice" not in shown


@pytest.mark.parametrize("words", [["hex"], ["odds", "hex"]])
def test_hex_help_groups_its_options_by_game(dealer, words):
    out = dealer(*words, "--help").out
    deadlands = out.index("Deadlands hucksters (-r deadlands):")
    poker = out.index("poker-hands spells (-r poker-hands):")
    globals_ = out.index("Global options:")
    assert deadlands < out.index("--level", deadlands) < poker < out.index("--skill", poker) < globals_
    assert out.index("--json") > globals_


def test_conflict_help_groups_its_options_by_game(dealer):
    out = dealer("conflict", "--help").out
    assert out.index("Dust Devils conflicts") < out.index("--scores SCORE") < out.index("poker-hands contests") \
        < out.index("--fear LEVEL") < out.index("Global options:")


# -- 15. completion for cards, names, uses, tiers, contexts, chips, scores -----------------------

def complete(dealer, *words):
    env = {"_DEALER_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": str(len(words) - 1)}
    return [line.split(",", 1)[1] for line in dealer(env=env).out.splitlines() if line.startswith("plain,")]


def test_cards_complete_from_the_deck_and_from_a_tables_piles(dealer):
    assert complete(dealer, "dealer", "hand", "A") == ["As", "Ah", "Ad", "Ac"]
    assert "KSw" in complete(dealer, "dealer", "-r", "weird-dust-devils", "hand", "K")
    dealer("table", "new", "T", "--seed", "1")
    drawn = dealer("draw", "2", "--table", "T").out.split()
    assert sorted(complete(dealer, "dealer", "table", "discard", "T", "")) == sorted(drawn)


def test_conflict_names_for_tier_context_chip_and_scores_complete(dealer):
    poker_table(dealer, "p")
    assert complete(dealer, "dealer", "--table", "p", "conflict", "") == ["harm", "clear", "show", "Bert"]
    assert complete(dealer, "dealer", "--table", "p", "conflict", "Bert=p") == ["Bert=pistol"]
    assert complete(dealer, "dealer", "--table", "p", "conflict", "--chip", "B") == ["Bert="]
    assert complete(dealer, "dealer", "--table", "p", "conflict", "--chip", "Bert=r") == ["Bert=red"]
    assert complete(dealer, "dealer", "--table", "p", "chips", "spend", "Bert", "red", "--for", "s") == [
        "second-wind", "stunt", "spell"]
    assert '"novel tech"' in complete(dealer, "dealer", "-r", "poker-hands", "gadget", "design", "x", "--tier", "n")
    assert complete(dealer, "dealer", "hand", "As", "--context", "") == ["huckster", "none"]
    assert complete(dealer, "dealer", "--table", "p", "hex", "--chip", "b") == ["blue"]
    assert complete(dealer, "dealer", "-r", "weird-dust-devils", "conflict", "--scores", "hand,h") == [
        "hand,heart"]  # never hand,hand (issue 35.14)


# -- 15. a short --jsonl draw says so on stderr; an empty card is a usage error ------------------

@pytest.mark.parametrize("flag", ["--jsonl", "--json"])
def test_a_short_json_draw_says_so_on_stderr(dealer, flag):
    dealer("table", "new", "T", "--seed", "1")
    dealer("draw", "50", "--table", "T")
    run = dealer("draw", "6", "--table", "T", flag)
    assert run.code == 0 and "short" in run.err and "4 cards" in run.err
    assert json.loads(run.out.splitlines()[0] if flag == "--jsonl" else run.out)["result"]["short"] is True


@pytest.mark.parametrize("cards", [[""], ["  "], ["As", ""]])
def test_discarding_an_empty_card_is_a_usage_error(dealer, cards):
    dealer("table", "new", "T", "--seed", "1")
    run = dealer("table", "discard", "T", *cards)
    assert_clean_error(run, code=2)
    assert "no card" in run.err


# -- 14. a C or POSIX locale gets ASCII; piped odds bars follow the cards' rule -----------------

@pytest.mark.parametrize("locale", [{"LANG": "C"}, {"LC_ALL": "POSIX"}, {"LC_ALL": "C", "LANG": "C.UTF-8"}])
def test_a_c_locale_terminal_gets_codes_and_hash_bars(locale):
    from tests.cli.test_installed import run_in_terminal

    env = {"LC_ALL": "", "LC_CTYPE": "", "LANG": "", **locale}
    hand = run_in_terminal(["hand", "Ah Kh Qs Js 10d", "--no-color"], env)
    assert "Ah" in hand and "♥" not in hand
    bars = run_in_terminal(["roll", "3d6", "--odds"], env)
    assert "#" in bars and "█" not in bars


def test_a_utf8_terminal_keeps_glyphs_and_blocks():
    from tests.cli.test_installed import run_in_terminal

    env = {"LC_ALL": "", "LC_CTYPE": "", "LANG": "C.UTF-8"}
    assert "♥" in run_in_terminal(["hand", "Ah Kh"], env) and "█" in run_in_terminal(["roll", "3d6", "--odds"], env)


def test_piped_odds_bars_are_ascii_like_piped_cards(shell):
    out = shell("roll", "3d6", "--odds").out + shell("odds", "hand", "5").out
    assert out.isascii() and "#" in out


def test_seed_before_a_subcommand_of_a_group_without_it_says_where_it_goes(dealer):
    run = dealer("chips", "--seed", "3", "draw", "Bert")
    assert_clean_error(run, code=2)
    assert "--seed belongs to a subcommand here: put it after it" in run.err
