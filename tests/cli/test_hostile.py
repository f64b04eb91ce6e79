"""Hostile input: bounded time and memory, and a clear error instead of "internal error" (issue 17)."""

import json
import os
import random

import pytest

from dealer.core import dice
from dealer.core.results import roll_data
from dealer.render.dice import roll_json
from tests.conftest import assert_clean_error
from tests.guards import bounded


def fast(dealer, *args, limit=3.0):
    """``dealer ARGS`` under a guard of ``limit`` seconds of CPU, five times over (what a hang or
    a blow-up passes, and a loaded machine does not)."""
    with bounded(cpu=5 * limit, wall=50 * limit):
        return dealer(*args)


# -- dice: limits and bounded odds ----------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["roll", "5d10+99999999999", "--odds"],
    ["roll", "5d10-10001", "--odds"],
    ["roll", "101d6"],
    ["roll", "1" + "0" * 5000 + "d6"],
    ["roll", "3d" + "9" * 5000],
    ["roll", "3d6+" + "9" * 5000],
    ["roll", "1d6", "--odds", "--tn", "99999999999"],
    ["roll", "1d6", "--tn", "1" + "0" * 5000],
    ["roll", "1d6", "--count", "100001"],
    ["roll", "3d6", "--faces", "1" * 5000],
    ["draw", "1" + "0" * 5000],
])
def test_oversized_dice_and_counts_are_refused_at_once(dealer, args):
    run = fast(dealer, *args, limit=2)
    assert_clean_error(run)
    assert len(run.err) < 400, run


@pytest.mark.parametrize("spec, tn", [("1d6", 10_000), ("5d10+10000", 1), ("5d10-10000", 10_000),
                                      ("100d20", 5), ("1d4", 10_000)])
def test_odds_at_the_limits_finish_fast(dealer, spec, tn):
    run = fast(dealer, "roll", spec, "--odds", "--tn", tn, "--json", limit=3)
    assert run.code == 0, run
    odds = run.json()["result"]
    assert abs(odds["bust"] + odds["failure"] + odds["success"] + odds["cut"] - 1) < 1e-9


def test_a_tn_beyond_every_total_is_a_sure_failure():
    odds = dice.trait_roll_odds(1, 6, tn=10_000)
    assert odds.raises == [] and abs(odds.failure + odds.bust - 1) < 1e-12


def test_the_fast_die_draws_what_randint_draws():
    class OnlyRandint:  # not a random.Random: trait_roll falls back to randint
        def __init__(self, seed):
            self.rng = random.Random(seed)

        def randint(self, low, high):
            return self.rng.randint(low, high)

    for seed in range(300):
        for sides in (4, 6, 8, 10, 12, 20, 7, 1000):
            fast_roll = dice.trait_roll(5, sides, random.Random(seed), max_chain=4)
            slow_roll = dice.trait_roll(5, sides, OnlyRandint(seed), max_chain=4)
            assert roll_data(fast_roll) == roll_data(slow_roll)


def test_seeded_rolls_replay_one_by_one():
    bulk = [roll_data(r) for r in dice.seeded_rolls(range(40, 60), 3, 6, max_chain=3)]
    alone = [roll_data(dice.trait_roll(3, 6, random.Random(seed), max_chain=3)) for seed in range(40, 60)]
    assert bulk == alone


def test_the_fast_roll_json_is_the_json_of_the_roll_data():
    capped = 0
    for seed in range(500):
        roll = dice.trait_roll(4, 4, random.Random(seed), modifier=seed % 7 - 3, tn=seed % 9 + 1, max_chain=2)
        capped += roll.capped
        assert roll_json(roll) == json.dumps(roll_data(roll), separators=(",", ":"))
    assert capped  # the "capped" key was exercised


# -- bulk output streams ----------------------------------------------------------------------

@pytest.mark.parametrize("command", [["roll", "3d6"], ["draw", "5"]])
@pytest.mark.parametrize("fmt", ["--json", "--jsonl", "--ascii"])
def test_bulk_output_is_what_one_document_would_be(dealer, command, fmt):
    run = dealer(*command, "--count", 4, "--seed", 11, fmt)
    assert run.code == 0, run
    singles = [dealer(*command, "--seed", 11 + i, "--json").json() for i in range(4)]
    key = "rolls" if command[0] == "roll" else "deals"
    if fmt == "--json":
        whole = {**singles[0], "result": {key: [dict(s["result"], seed=s["seed"]) for s in singles]}}
        assert run.out == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"
    elif fmt == "--jsonl":
        assert run.out == "".join(json.dumps(s, ensure_ascii=False, separators=(",", ":")) + "\n"
                                  for s in singles)
    else:
        assert run.out.splitlines() == [dealer(*command, "--seed", 11 + i, "--ascii").out.strip()
                                        for i in range(4)]


# -- ruleset files: special files, sizes, nesting, chains, counts ------------------------------

def house(tmp_path, text, name="house.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "/dev/null", "FIFO", "DIR"])
@pytest.mark.parametrize("through_extends", [False, True])
def test_special_files_are_refused_without_reading_them(dealer, tmp_path, special, through_extends):
    if special == "FIFO":
        special = str(tmp_path / "pipe.toml")
        os.mkfifo(special)  # nobody writes to it: reading it would wait for ever
    elif special == "DIR":
        special = str(tmp_path / "folder.toml")
        os.mkdir(special)
    spec = house(tmp_path, f'extends = "{special}"\n') if through_extends else special
    run = fast(dealer, "-r", spec, "draw", 1, limit=2)
    assert_clean_error(run, 1)
    assert "not a regular file" in run.err, run


def test_a_file_over_the_size_limit_is_refused(dealer, tmp_path):
    spec = house(tmp_path, 'extends = "deadlands"\n' + "# padding\n" * 200_000)
    run = fast(dealer, "rulesets", "validate", spec, limit=2)
    assert_clean_error(run, 1)
    assert "at most 1,000,000" in run.err


@pytest.mark.parametrize("text", [
    "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "x = " + "[" * 30 + "]" * 30 + "\n",
    "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
])
def test_deep_nesting_is_a_clear_error(dealer, tmp_path, text):
    run = fast(dealer, "rulesets", "validate", house(tmp_path, text), limit=2)
    assert_clean_error(run, 1)
    assert "nested too deeply" in run.err or "TOML syntax" in run.err, run


def test_a_long_extends_chain_is_a_clear_error(dealer, tmp_path):
    for i in range(30):
        house(tmp_path, f'extends = "c{i + 1}.toml"\n', f"c{i}.toml")
    house(tmp_path, 'extends = "deadlands"\n', "c30.toml")
    run = fast(dealer, "-r", str(tmp_path / "c0.toml"), "draw", 1)
    assert_clean_error(run, 1)
    assert "chain of more than 10" in run.err


@pytest.mark.parametrize("text, words", [
    ('[deck.trumps]\ncount = 10000000\n', "above the most allowed"),
    ('[chips.pot]\nwhite = 1000000000\n', "above the most allowed"),
    ('[dice]\nmax_chain = 100000000\n', "above the most allowed"),
    ('[dice]\nsides = [6, 100000000]\n', "above the most allowed"),
    ('[deck]\nranks = [' + ",".join(f'{{code="r{i}", name="n"}}' for i in range(900)) + ']\n'
     'suits = [' + ",".join(f'{{code="s{i}", name="n"}}' for i in range(900)) + ']\n', "a deck holds at most"),
    ('[action]\nsides = ["posse", ""]\n', "action.sides: must not be empty"),
    ('[action]\nsides = ["posse", "posse"]\n', "named twice"),
    ('[[deck.suits]]\ncode = ""\nname = "x"\n', "deck.suits[0].code: must not be empty"),
    ('[[deck.ranks]]\ncode = "1 0"\nname = "x"\n', "space or comma"),
    ('title = "\\u001b]0;owned\\u0007"\n', "control character"),
    ('notes = "a\\u009bb"\n', "control character"),
])
def test_oversized_or_unusable_values_are_refused_quickly(dealer, tmp_path, text, words):
    run = fast(dealer, "rulesets", "validate", house(tmp_path, 'extends = "deadlands"\n' + text), limit=2)
    assert_clean_error(run, 1) if "deck.ranks" in text else None
    assert run.code == 1 and words in run.err, run
    assert "internal error" not in run.err and len(run.err) < 2048, run


def test_thousands_of_problems_report_fifty_and_a_count_in_linear_time(dealer, tmp_path):
    small = house(tmp_path, 'extends = "deadlands"\n' + "".join(f"bad{i} = 1\n" for i in range(1000)), "s.toml")
    large = house(tmp_path, 'extends = "deadlands"\n' + "".join(f"bad{i} = 1\n" for i in range(40_000)), "l.toml")
    assert dealer("rulesets", "validate", small).code == 1
    with bounded(cpu=20):  # linear: about a second; 40 times the input, quadratic: 1,600 times the small one
        run = dealer("rulesets", "validate", large)
    lines = run.err.splitlines()
    assert run.code == 1 and len(lines) == 51, run
    assert lines[-1] == "dealer: ... and 39950 more problems (fix these first)"


def test_a_deck_of_one_suit_and_one_rank_gives_a_working_hint(dealer, tmp_path):
    spec = house(tmp_path, 'name = "tiny"\n[[deck.suits]]\ncode = "s"\nname = "spades"\n'
                           '[[deck.ranks]]\ncode = "A"\nname = "ace"\n'
                           '[[hands.ranks]]\nname = "High Card"\n'
                           '[action]\nmin_rank = "high card"\n[hex]\ntarget = "high card"\n')
    assert dealer("-r", spec, "draw", 1, "--seed", 1).out == "As\n"
    run = dealer("-r", spec, "hand", "Xx")
    assert_clean_error(run, 1)
    assert "e.g. As" in run.err


def test_ruleset_text_never_reaches_the_terminal_raw(dealer, tmp_path):
    # TOML itself refuses a raw ESC in a string; an escaped one is refused by validation.
    for title in ("\x1b]0;owned\x07", "\\u001b]0;owned\\u0007", "\\u202eevil"):
        run = dealer("-r", house(tmp_path, f'extends = "deadlands"\ntitle = "{title}"\n'), "rulesets", "show")
        assert run.code == 1 and "\x1b" not in run.err + run.out and "\u202e" not in run.err + run.out, run


# -- remove_cards: a one-Joker house ruleset ----------------------------------------------------

ONE_JOKER = 'extends = "deadlands"\nname = "one-joker"\nremove_cards = ["BJ"]\n'


def test_the_one_joker_house_ruleset_loads_and_deals(dealer, tmp_path, load):
    from dealer.store import rulesets

    spec = house(tmp_path, ONE_JOKER)
    ruleset = rulesets.load(spec)
    codes = [card.code for card in ruleset.deck]
    assert len(codes) == 53 and "BJ" not in codes and "RJ" in codes
    doc = ruleset.document
    assert "BJ" not in doc["contexts"]["huckster"]["wild"] and "RJ" in doc["contexts"]["huckster"]["wild"]
    assert "BJ" not in doc["action"]["specials"] and "RJ" in doc["action"]["specials"]
    assert "BJ" not in doc["hex"]["backlash_always"]
    assert doc["remove_cards"] == []  # applied: a table pins a document that rebuilds as it is
    assert [c.code for c in rulesets.from_document(doc).deck] == codes
    base = load("deadlands").document
    assert {k: v for k, v in base["dice"].items()} == doc["dice"]
    deal = dealer("-r", spec, "draw", 53, "--seed", 4)
    assert deal.code == 0 and len(deal.out.split()) == 53 and "BJ" not in deal.out.split()
    assert dealer("-r", spec, "draw", 54).code == 2
    assert dealer("-r", spec, "hand", "8s 8h 8d Kc RJ").out.startswith("Four of a Kind")
    assert_clean_error(dealer("-r", spec, "hand", "BJ"), 1)
    assert dealer("-r", spec, "table", "new", "one").code == 0
    assert dealer("draw", 5, "--table", "one").code == 0
    assert dealer("-r", spec, "action", "Sarah=3d6", "Bob=2d8", "--seed", 3).code == 0


def test_removals_add_up_along_an_extends_chain(tmp_path):
    from dealer.store import rulesets

    house(tmp_path, ONE_JOKER, "one.toml")
    spec = house(tmp_path, 'extends = "one.toml"\nremove_cards = ["JR"]\n', "none.toml")  # RJ's alias
    ruleset = rulesets.load(spec)
    assert len(ruleset.deck) == 52 and ruleset.document["contexts"]["huckster"]["wild"] == {}


def test_a_typo_in_remove_cards_is_a_clear_error(dealer, tmp_path):
    run = dealer("rulesets", "validate", house(tmp_path, 'extends = "deadlands"\nremove_cards = ["BX"]\n'))
    assert_clean_error(run, 1)
    assert "line 2: remove_cards[0]: 'BX' is not a special card of this deck (its specials: RJ, BJ)" in run.err


# -- error messages: one line, escaped, at most about 80 characters of what was typed ---------

@pytest.mark.parametrize("args", [
    ["hand", "X" * 5000],
    ["hand", "Xz\nQq\x1b[2J"],
    ["-r", "n" * 3000, "draw", 1],
    ["-r", "a\x1b]0;x\x07b.toml", "draw", 1],
    ["roll", "3d6\n+x"],
    ["roll", "3d6", "--faces", "7" * 3000],
    ["table", "show", "t" * 3000],
    ["draw", 1, "--table", "bad\nname"],
    ["hand", "As", "--min", "q" * 3000],
    ["roll", "3d6", "--count", "9" * 3000],
])
def test_error_messages_quote_little_of_the_input_on_one_line(dealer, args):
    run = dealer(*args)
    assert_clean_error(run)
    first = run.err.splitlines()[0]
    assert "\x1b" not in run.err and "\x07" not in run.err
    longest = max(len(word) for word in first.replace("'", " ").split())
    assert longest <= 100 and len(first) <= 400, run


def test_a_byte_that_is_not_utf8_is_a_usage_error(dealer):
    run = dealer("table", "new", "caf\udce9")
    assert_clean_error(run, 2)
    assert "argument 3 ('caf\\xe9') is not valid UTF-8" in run.err


# -- group commands and bare dealer print their help ------------------------------------------

@pytest.mark.parametrize("args", [[], ["table"], ["rulesets"], ["action"], ["table", "--json"], ["--ascii"]])
def test_a_group_without_a_subcommand_prints_its_help(dealer, args):
    run = dealer(*args)
    if args == ["action"]:  # a command of its own (a round), not only a group
        return
    assert run.code == 0 and run.err == "", run
    assert run.out.startswith("Usage: dealer") and "Commands:" in run.out, run


def test_an_unknown_subcommand_is_still_a_usage_error(dealer):
    run = dealer("table", "nonsense")
    assert_clean_error(run, 2)
    assert "No such command 'nonsense'" in run.err


# -- table log: --last, and draws that draw nothing leave no event ------------------------------

def test_table_log_last_and_empty_draws(dealer):
    assert dealer("table", "new", "t", "--seed", 1).code == 0
    assert dealer("draw", 54, "--table", "t").code == 0
    before = dealer("table", "log", "t", "--jsonl").out.splitlines()
    empty = dealer("draw", 5, "--table", "t", "--count", 3, "--allow-short")
    assert empty.code == 0 and "short" in empty.err  # notes go to stderr: stdout holds only cards
    after = dealer("table", "log", "t", "--jsonl").out.splitlines()
    assert after == before  # nothing was drawn: nothing to record
    from dealer.render.tables import log_text

    events = [json.loads(line) for line in before]
    whole = dealer("table", "log", "t").out.splitlines()
    assert whole == log_text(events)  # streamed, yet aligned as one table
    assert dealer("table", "log", "t", "--last", 2).out.splitlines() == log_text(events[-2:])
    last = [json.loads(line)["seq"] for line in dealer("table", "log", "t", "--jsonl", "--last", 2).out.splitlines()]
    assert last == [json.loads(line)["seq"] for line in before[-2:]]
    assert dealer("table", "log", "t", "--last", 0).out == "no events\n"
    assert dealer("table", "log", "t", "--since", 1, "--last", 50).out.splitlines() == log_text(events[1:])


def test_table_log_json_is_one_document(dealer):
    assert dealer("table", "new", "t", "--seed", 1).code == 0
    assert dealer("draw", 3, "--table", "t").code == 0
    run = dealer("table", "log", "t", "--json")
    document = run.json()
    assert document["result"]["table"] == "t" and [e["kind"] for e in document["result"]["events"]][-1] == "draw"
    assert run.out == json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def test_bulk_draws_from_a_table_past_its_end_print_every_deal_without_holding_them(dealer):
    assert dealer("table", "new", "t", "--seed", 1).code == 0
    run = dealer("draw", 20, "--table", "t", "--count", 6, "--jsonl", "--seed", 2, "--allow-short")
    deals = [json.loads(line)["result"] for line in run.out.splitlines()]
    assert [len(d["cards"]) for d in deals] == [20, 20, 14, 0, 0, 0]
    assert [d["short"] for d in deals] == [False, False, True, True, True, True]
    assert len({card for d in deals for card in d["cards"]}) == 54
    assert dealer("draw", 1, "--table", "t", "--count", 3, "--json").code == 1  # nothing to draw
    whole = dealer("draw", 1, "--table", "t", "--count", 3, "--json", "--allow-short").json()["result"]["deals"]
    assert [d["cards"] for d in whole] == [[], [], []] and all(d["left"] == 0 for d in whole)


def test_an_empty_streamed_document_is_still_the_one_json_dumps_makes(dealer):
    assert dealer("table", "new", "t").code == 0
    run = dealer("table", "log", "t", "--json", "--last", 0)
    assert run.json()["result"] == {"kind": "table-log", "table": "t", "events": []}
    assert run.out == json.dumps(run.json(), ensure_ascii=False, indent=2) + "\n"


def test_a_ruleset_with_many_problems_is_two_lines_outside_validate(dealer, tmp_path):
    """Once nine lines, each naming the (long) path: over 2 KB of stderr for a fuzzed ruleset."""
    spec = house(tmp_path, 'extends = "deadlands"\n' + "".join(f"bad{i} = 1\n" for i in range(20)), "many.toml")
    run = dealer("-r", spec, "draw", 5)
    lines = run.err.splitlines()
    assert run.code == 1 and len(lines) == 2, run
    assert lines[1] == "dealer: ... and 19 more problems: `dealer rulesets validate FILE` lists them"
    two = house(tmp_path, 'extends = "deadlands"\nbad1 = 1\nbad2 = 2\n', "two.toml")
    assert dealer("-r", two, "draw", 5).err.splitlines()[1].endswith("... and 1 more problem: `dealer rulesets "
                                                                     "validate FILE` lists them")
