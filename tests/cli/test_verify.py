"""``dealer verify EXPORT``: a table's exported history replayed and checked event by event.

The sessions (tests/replay_sessions.py) play every shipped game at length on a table; their
exports must verify, from either store; and an export changed in any way that matters (a card,
a seed, a chip, an event taken out, the table's cards, a seed that the table's secret does not
give) must fail, naming the first event that differs and how.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer import __version__
from dealer.cli import cli
from tests.conftest import Run, assert_clean_error, slow_except
from tests.replay_sessions import GAMES, export, play

# The commands of the sessions that write no event: a replay runs one command per event group.
READS = {("action", "show"), ("conflict", "show"), ("gadget", "list")}


def written(tmp_path, result, name="export.json"):
    """``result`` (an export's result) as the file `table export` writes."""
    path = tmp_path / name
    path.write_text(json.dumps({"schema": 3, "command": "table export", "ruleset": result["ruleset"], "seed": None,
                                "result": result}), encoding="utf-8")
    return path


def commands_that_write(commands):
    return sum(1 for argv in commands if tuple(argv[:2]) not in READS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_long_session_of_every_game_verifies(game, dealer, tmp_path):
    table, commands = GAMES[game]
    play(dealer, commands)
    result = export(dealer, table)
    run = dealer("verify", written(tmp_path, result), "--json")
    assert run.code == 0, run
    report = run.json()["result"]
    events = len(result["events"])
    assert report == {"kind": "verify", "file": str(tmp_path / "export.json"), "table": table, "ruleset": game,
                      "verified": True, "events": events, "matched": events,
                      "commands": commands_that_write(commands), "secret": False, "difference": None}
    assert len({event["kind"] for event in result["events"]}) >= 8  # a varied history


@pytest.mark.parametrize("game", slow_except(["deadlands", "poker-hands"], "deadlands"))
def test_an_export_made_on_postgresql_verifies(game, postgres_url, dealer_on, tmp_path):
    table, commands = GAMES[game]
    run = dealer_on(postgres_url)
    play(run, commands)
    result = export(run, table)
    verified = run("verify", written(tmp_path, result), "--json")
    assert verified.code == 0, verified
    assert verified.json()["result"]["matched"] == len(result["events"])


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_session_on_either_store_verifies_and_every_command_that_changes_the_table_logs(
        game, store_url, dealer_on, tmp_path):
    """Every command of the sessions that changes the table writes at least one event (a change
    without one could not be replayed), on either store, and the export verifies."""
    table, commands = GAMES[game]
    run = dealer_on(store_url)
    seen = []

    def logged(argv):
        now = export(run, table)
        parts = {part: now[part] for part in ("decks", "roster", "chips", "state")}
        if seen and parts != seen[-1][0]:
            assert len(now["events"]) > seen[-1][1], f"{' '.join(argv)} changed the table but logged nothing"
        seen.append((parts, len(now["events"])))

    play(run, commands, after=logged)
    verified = run("verify", written(tmp_path, export(run, table)), "--json")
    assert verified.code == 0, verified


# -- a history changed after the fact ----------------------------------------------------------

T = "--table"
# A short Deadlands session to change after the fact: chips drawn, a round dealt, a sleeve, the
# countdown walked, a hex on typed cards, a draw and a discard.
TAMPER = [
    ("table", "new", "fri", "--seed", "1"),
    ("table", "add", "fri", "Sarah", "--trait", "quickness=3d6", "--trait", "hexslinging=4"),
    ("table", "add", "fri", "Bad Bob", "--side", "marshal", "--trait", "quickness=4d8"),
    ("chips", "draw", "Sarah", "2", T, "fri", "--seed", "7"),
    ("action", T, "fri", "--seed", "2"),
    ("action", "sleeve", "Sarah", T, "fri"),
    ("action", "next", T, "fri"),
    ("hex", "soul blast", "--caster", "Sarah", "--total", "18", "--level", "4", "--cards", "8s 8h 8d Kc 5d 3s RJ",
     T, "fri", "--seed", "5"),
    ("draw", "5", T, "fri", "--seed", "8"),
    ("table", "discard", "fri", "{drawn}"),
]


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    """The export of TAMPER, played once for the module."""
    home = tmp_path_factory.mktemp("original")
    env = {"DEALER_HOME": str(home), "DEALER_STORE": None, "DEALER_TABLE": None, "DEALER_RULESET": None}

    def run(*args):
        done = CliRunner().invoke(cli, [str(a) for a in args], env=env)
        return Run(done.exit_code, done.stdout, done.stderr)

    play(run, TAMPER)
    return export(run, "fri")


def verify(dealer, tmp_path, result, *options):
    run = dealer("verify", written(tmp_path, result), "--json", *options)
    assert run.code == (0 if run.json()["result"]["verified"] else 1), run
    return run, run.json()["result"]


def first_event(result, kind):
    return next(event for event in result["events"] if event["kind"] == kind)


def test_the_text_says_how_many_events_and_commands_verified(original, dealer, tmp_path):
    run = dealer("verify", written(tmp_path, original))
    commands = commands_that_write(TAMPER)
    assert (run.code, run.err) == (0, "")
    assert run.out == (f"{len(original['events'])} events verified: table fri (deadlands), {commands} commands "
                       "replayed with their seeds; they make the table as exported\n")


def test_the_untouched_export_verifies_and_times_are_not_compared(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    for event in changed["events"]:
        event["time"] = "1999-01-01T00:00:00Z"
    run, report = verify(dealer, tmp_path, changed)
    assert report["verified"] and report["matched"] == len(original["events"]), report


def test_a_card_changed_names_its_event_and_both_cards(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    logged = list(draw["cards"])
    draw["cards"][1], draw["cards"][2] = logged[2], logged[1]
    run, report = verify(dealer, tmp_path, changed)
    assert report["verified"] is False and report["matched"] == draw["seq"] - 1
    assert report["difference"] == {
        "seq": draw["seq"], "command": "draw", "field": "cards", "logged": draw["cards"], "replayed": logged,
        "message": f"event {draw['seq']} (command draw) differs in cards: logged {' '.join(draw['cards'])}, "
                   f"replayed {' '.join(logged)}", "logged_by": __version__, "replayed_by": __version__}
    assert json.loads(run.err) == {"error": f"dealer: {tmp_path / 'export.json'} does not verify: "
                                            f"{report['difference']['message']}", "exit": 1}
    text = dealer("verify", tmp_path / "export.json")
    assert text.out == ""
    assert text.err == f"dealer: {tmp_path / 'export.json'} does not verify: {report['difference']['message']}\n"
    assert_clean_error(text, 1)


def test_a_changed_seed_replays_what_that_seed_deals(original, dealer, tmp_path):
    """A cheater who changes a command's seed (on all of its events) is caught where the seed's
    deal differs: the replay deals what the new seed deals, which a table played with that seed
    shows independently."""
    changed = copy.deepcopy(original)
    events = [event for event in changed["events"] if event["command"] == "action" and event["seed"] == 2]
    for event in events:
        event["seed"] = 4242
    run, report = verify(dealer, tmp_path, changed)
    at = TAMPER.index(("action", "--table", "fri", "--seed", "2"))
    play(dealer, [*TAMPER[:at], ("action", "--table", "fri", "--seed", "4242")])
    honest = export(dealer, "fri")["events"]
    difference = report["difference"]
    seq, field = difference["seq"], difference["field"]
    assert events[0]["seq"] <= seq <= events[-1]["seq"] and field in ("kind", "deck", "cards", "data.person"), report
    value = honest[seq - 1]
    for key in field.split("."):
        value = value[key]
    assert difference["replayed"] == value and difference["logged"] != value


def test_a_seed_changed_on_one_event_of_a_command_is_named(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    deals = [event for event in changed["events"] if event["command"] == "action" and event["seed"] == 2]
    assert len(deals) >= 3  # two new decks and the deals of the first round
    deals[-1]["seed"] = 3
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["seq"] == deals[-1]["seq"]
    assert (report["difference"]["field"], report["difference"]["logged"], report["difference"]["replayed"]) == (
        "seed", 3, 2)


def test_a_chip_changed_names_the_data_that_differs(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    chip = first_event(changed, "chip draw")
    colour = chip["data"]["colour"]
    chip["data"]["colour"] = "blue" if colour != "blue" else "white"
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["seq"] == chip["seq"] and report["difference"]["field"] == "data.colour"
    assert report["difference"]["replayed"] == colour


@pytest.mark.parametrize("kind", ["deal", "next", "sleeve", "roster add", "hex"])
def test_any_event_changed_in_its_kind_or_deck_is_named(original, dealer, tmp_path, kind):
    changed = copy.deepcopy(original)
    event = first_event(changed, kind)
    event["kind"] = "something else"
    run, report = verify(dealer, tmp_path, changed)
    assert (report["difference"]["seq"], report["difference"]["field"]) == (event["seq"], "kind")


def test_an_event_taken_out_is_missing(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    gone = first_event(changed, "next")
    changed["events"].remove(gone)
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"] == {"seq": gone["seq"], "command": changed["events"][gone["seq"] - 1]["command"],
                                    "field": "seq", "logged": gone["seq"] + 1, "replayed": gone["seq"],
                                    "message": f"event {gone['seq']} is missing: the log goes from event "
                                               f"{gone['seq'] - 1} to {gone['seq'] + 1}",
                                    "logged_by": None, "replayed_by": __version__}
    assert report["matched"] == 0


def test_an_event_taken_out_and_the_rest_renumbered_is_caught_where_they_part(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    deals = [event for event in changed["events"] if event["kind"] == "deal"]
    gone = deals[1]  # the first round's second deal: its command now has one event too few
    changed["events"].remove(gone)
    for seq, event in enumerate(changed["events"], start=1):
        event["seq"] = seq
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["seq"] == gone["seq"]
    assert report["difference"]["field"] in ("kind", "command", "cards", "deck", "data.person")


def test_the_last_command_taken_out_leaves_a_table_its_history_does_not_make(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    last = changed["events"].pop()
    assert last["kind"] == "discard"
    run, report = verify(dealer, tmp_path, changed)
    assert report["matched"] == len(changed["events"])
    assert report["difference"]["seq"] is None and report["difference"]["field"].startswith("decks.main.")
    assert report["difference"]["message"].startswith("the table as exported is not what its history replays to")


def test_the_exported_cards_changed_are_caught(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    pile = changed["decks"]["posse"]["deck"]
    pile[0], pile[1] = pile[1], pile[0]
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["field"] == "decks.posse.deck"
    assert report["difference"]["logged"] == pile and report["difference"]["replayed"] == [pile[1], pile[0], *pile[2:]]


def test_an_event_of_an_older_dealer_cannot_be_replayed(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    for event in changed["events"]:
        del event["args"]
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["message"] == ("event 1 (command table new) was logged by a dealer that did not record "
                                               "its command's words: it cannot be replayed")
    later = copy.deepcopy(original)
    sleeve = first_event(later, "sleeve")
    for event in later["events"][sleeve["seq"] - 1:]:
        del event["args"]
    run, report = verify(dealer, tmp_path, later)
    assert report["matched"] == sleeve["seq"] - 1
    assert report["difference"]["message"] == (f"event {sleeve['seq']} (command action sleeve) was logged by a dealer "
                                               "that did not record its command's words: it cannot be replayed")


@pytest.mark.parametrize("words, why", [
    (["draw", "5", "--store", "/elsewhere/tables.sqlite3"], "records words dealer never records"),
    (["draw", "5", "--seed=3"], "records words dealer never records"),
    (["hand", "As Kd"], "names a command that changes no table (hand)"),
    (["verify", "other.json"], "names a command that changes no table (verify)"),
    (["table", "delete", "fri", "--yes"], "names a command that changes no table (table delete)"),
    (["table", "new", "fri"], "makes a table (table new), but a log's table is made once, by its first event"),
    (["nonsense", "5"], "records words that name no dealer command (nonsense 5)"),
    ([], "records words that name no dealer command ()"),
])
def test_words_a_dealer_never_logs_are_refused_not_run(original, dealer, tmp_path, words, why):
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    draw["args"] = words
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["seq"] == draw["seq"] and report["difference"]["field"] == "args"
    assert why in report["difference"]["message"], report["difference"]["message"]


@pytest.mark.parametrize("words", [["table", "add", "fri", "Sa\udc80rah"], ["draw", "9" * 5000], ["draw", "--help"],
                                   ["table", "add", "fri", "\x1b[31mX"], ["draw", *["5"] * 5000]])
def test_hostile_words_in_a_log_are_a_clean_failure_at_their_event(original, dealer, tmp_path, words):
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    draw["args"] = words
    written(tmp_path, changed)
    run = dealer("verify", tmp_path / "export.json")
    assert_clean_error(run, 1)
    assert f"does not verify: event {draw['seq']} (command draw)" in run.err and "\x1b[" not in run.err


def test_a_log_that_does_not_start_with_table_new_is_refused(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    changed["events"][0]["args"] = ["draw", "5"]
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["message"] == ("event 1 (command table new) is the log's first event, but its command "
                                               "is draw: a log starts with the table new that made its table")


def test_a_failed_replay_is_named_with_the_commands_error(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    sleeve = first_event(changed, "sleeve")
    sleeve["args"] = ["action", "sleeve", "Nobody"]
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"]["field"] == "replay" and report["difference"]["seq"] == sleeve["seq"]
    assert report["difference"]["message"].startswith(f"event {sleeve['seq']} (command action sleeve): its replay "
                                                      "failed: Nobody holds no action cards on table 'fri'")


def test_a_log_that_ends_inside_a_command_is_caught(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    deals = [event for event in changed["events"] if event["command"] == "action" and event["seed"] == 2]
    first, last = deals[0]["seq"], deals[-1]["seq"]
    changed["events"] = changed["events"][:last - 1]
    run, report = verify(dealer, tmp_path, changed)
    assert report["difference"] == {
        "seq": last, "command": "action", "field": "events", "logged": last - first, "replayed": last - first + 1,
        "message": f"the log ends at event {last - 1}, but the replay of action (event {first}) wrote events {first} "
                   f"to {last}", "logged_by": __version__, "replayed_by": __version__}


# -- the table's secret (the seats of a shared table) -------------------------------------------

SECRET = bytes.fromhex("5eed" * 16)


def hmac_sha256(key, message):
    """RFC 2104 by hand (not the hmac module that dealer.store.secrets uses)."""
    key = key if len(key) <= 64 else hashlib.sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(k ^ 0x36 for k in key) + message).digest()
    return hashlib.sha256(bytes(k ^ 0x5C for k in key) + inner).digest()


def secret_seed(seq, secret=SECRET):
    return int.from_bytes(hmac_sha256(secret, str(seq).encode())[:8], "big") & (2**63 - 1)


def play_with_secret(run, commands, table):
    """Each command that deals or rolls, with the seed the secret gives its first event (as a
    shared table will seed it) in place of its own."""
    def reseed(argv):
        if "--seed" not in argv:
            return argv
        at = argv.index("--seed")
        first = 1 if argv[:2] == ("table", "new") else len(export(run, table)["events"]) + 1
        return (*argv[:at], "--seed", str(secret_seed(first)), *argv[at + 2:])

    play(run, commands, reseed=reseed)


SECRET_SESSION = TAMPER


@pytest.fixture(scope="module")
def secret_export(tmp_path_factory):
    home = tmp_path_factory.mktemp("secret")
    env = {"DEALER_HOME": str(home), "DEALER_STORE": None, "DEALER_TABLE": None, "DEALER_RULESET": None}

    def run(*args):
        done = CliRunner().invoke(cli, [str(a) for a in args], env=env)
        return Run(done.exit_code, done.stdout, done.stderr)

    play_with_secret(run, SECRET_SESSION, "fri")
    return export(run, "fri")


def test_a_log_whose_seeds_come_from_the_secret_verifies_with_it(secret_export, dealer, tmp_path):
    seeded = [event for event in secret_export["events"] if event["seed"] is not None]
    assert len({event["seed"] for event in seeded}) >= 5
    run, report = verify(dealer, tmp_path, secret_export, "--secret", SECRET.hex())
    assert report["verified"] and report["secret"], report
    text = dealer("verify", tmp_path / "export.json", "--secret", SECRET.hex().upper())
    assert text.code == 0 and "every seed from the secret" in text.out


def test_a_seed_the_secret_does_not_give_is_named(secret_export, dealer, tmp_path):
    changed = copy.deepcopy(secret_export)
    round_events = [event for event in changed["events"] if event["command"] == "action" and event["seed"]]
    chosen = round_events[0]["seed"]
    first = round_events[0]["seq"]
    for event in changed["events"]:
        if event["seed"] == chosen:
            event["seed"] = 12345  # the whole command: a seed a player picked
    run, report = verify(dealer, tmp_path, changed, "--secret", SECRET.hex())
    assert report["difference"] == {
        "seq": first, "command": "action", "field": "seed", "logged": 12345, "replayed": secret_seed(first),
        "message": f"event {first} (command action): its seed 12345 is not the one the secret gives "
                   f"({secret_seed(first)})", "logged_by": __version__, "replayed_by": __version__}
    assert report["matched"] == first - 1


def test_another_secret_fails_at_the_first_seed(secret_export, dealer, tmp_path):
    run, report = verify(dealer, tmp_path, secret_export, "--secret", "00ff")
    assert report["difference"]["seq"] == 1 and report["difference"]["field"] == "seed"


@pytest.mark.parametrize("secret", ["xyz", "abc", "", "0x", "12 3"])
def test_a_secret_that_is_not_hex_is_a_usage_error(secret, dealer, tmp_path, original):
    run = dealer("verify", written(tmp_path, original), "--secret", secret)
    assert_clean_error(run, 2)
    assert "--secret" in run.err


def test_a_secret_may_be_written_with_spaces_and_0x(secret_export, dealer, tmp_path):
    spaced = "0x" + " ".join(SECRET.hex()[i:i + 8] for i in range(0, 64, 8))
    run, report = verify(dealer, tmp_path, secret_export, "--secret", spaced)
    assert report["verified"], report


def _seed_of_command(events, event):
    """The seq of the first event of ``event``'s command (its run of events with the same seed)."""
    first = event["seq"]
    while first > 1 and events[first - 2]["seed"] == event["seed"] and events[first - 2]["command"] == event["command"]:
        first -= 1
    return first


def test_a_shared_tables_seeds_come_from_its_secrets_and_its_reveals_are_checked(postgres_url, dealer_on,
                                                                                   tmp_path):
    """On PostgreSQL a command given no --seed is seeded from the table's secret; table reveal logs
    the secret (and starts a fresh one). The log verifies; with --secret (the one since the last
    reveal) every seed is checked, those a reveal covers against the secret it revealed."""
    run = dealer_on(postgres_url)
    first_half = [("table", "new", "pg"), ("table", "add", "pg", "Sarah", "--trait", "quickness=3d6"),
                  ("table", "add", "pg", "Bob", "--side", "marshal", "--trait", "quickness=4d8"),
                  ("action", "--table", "pg"), ("chips", "draw", "Sarah", "2", "--table", "pg")]
    play(run, first_half)
    revealed = json.loads(run("table", "reveal", "pg", "--json").out)["result"]["revealed"]
    play(run, [("action", "--table", "pg"), ("draw", "3", "--table", "pg")])
    second = json.loads(run("table", "reveal", "pg", "--json").out)["result"]["revealed"]
    before_tail = export(run, "pg")
    play(run, [("action", "--table", "pg")])  # dealt by a third secret, not revealed
    result = export(run, "pg")
    seeded = [event for event in result["events"] if event["seed"] is not None]
    for event in seeded:  # computed apart: each from the secret that dealt it
        secret = bytes.fromhex(revealed["secret"] if event["seq"] <= revealed["events"][1] else second["secret"])
        if event["seq"] <= second["events"][1]:
            assert event["seed"] == secret_seed(_seed_of_command(result["events"], event), secret), event
    run_plain, plain = verify(dealer_on(postgres_url), tmp_path, result)
    assert plain["verified"], plain
    tail = [event for event in seeded if event["seq"] > second["events"][1]]
    run_checked, checked = verify(dealer_on(postgres_url), tmp_path, result, "--secret", second["secret"])
    assert checked["difference"]["seq"] == tail[0]["seq"] and checked["difference"]["field"] == "seed"
    run_covered, covered = verify(dealer_on(postgres_url), tmp_path, before_tail, "--secret", second["secret"])
    assert covered["verified"] and covered["matched"] == len(before_tail["events"]) == second["events"][1] + 1
    first_reveal = revealed["events"][1] + 1  # a reveal discloses the secret of the events before it
    tampered = copy.deepcopy(before_tail)
    tampered["events"][first_reveal - 1]["data"]["secret"] = second["secret"]
    run_bad, bad = verify(dealer_on(postgres_url), tmp_path, tampered)
    assert (bad["difference"]["seq"], bad["difference"]["field"]) == (first_reveal, "data.commitment")


def current_secret(postgres_url, table):
    """The secret a table deals from now, read with the owner's rights (what table reveal prints)."""
    from tests.store.test_seats import as_seat

    with as_seat(postgres_url) as sql:
        return bytes(sql.execute("SELECT s.secret FROM secrets s JOIN tables t ON t.id = s.table_id WHERE t.name = %s",
                                 (table,)).fetchone()[0]).hex()


def test_a_seated_table_replays_from_its_secret_and_is_refused_without_it(postgres_url, dealer_on, tmp_path):
    """Once a table has seats the database deals it in the order its secret keys: a replay deals it
    so again with the secret (--secret, or a reveal in the log), every card and seed checked against
    it; without it, the log is refused at its first seat, saying to give it."""
    run = dealer_on(postgres_url)
    play(run, [("table", "new", "pg"), ("table", "add", "pg", "Sarah", "--trait", "quickness=3d6"),
               ("table", "add", "pg", "Bob", "--side", "marshal", "--trait", "quickness=4d8"),
               ("draw", "2", "--table", "pg"),
               ("table", "seat", "pg", "sarah", "--role", "player", "--for", "Sarah"),
               ("action", "--table", "pg"), ("draw", "3", "--table", "pg"), ("table", "shuffle", "pg"),
               ("table", "undo", "pg"), ("draw", "49", "--table", "pg"), ("table", "discard", "pg", "{drawn}", "--deck", "main"),
               ("draw", "1", "--table", "pg")])  # the pile ran dry: the discards under it, in a keyed order
    result = export(run, "pg")
    seat = first_event(result, "seat")
    assert seat["data"]["reordered"] == ["main"]
    _, report = verify(dealer_on(postgres_url), tmp_path, result)
    assert report["matched"] == seat["seq"] - 1 and report["difference"] == {
        "seq": seat["seq"], "command": "table seat", "field": "secret", "logged": None, "replayed": None,
        "message": f"event {seat['seq']} (command table seat) seats the table: from then on the database deals its "
                   "decks in the order its secret keys: to replay it, give the secret as dealer table reveal printed "
                   "it: dealer verify EXPORT --secret S", "logged_by": __version__, "replayed_by": __version__}
    secret = current_secret(postgres_url, "pg")
    _, report = verify(dealer_on(postgres_url), tmp_path, result, "--secret", secret)
    assert report["verified"] and report["matched"] == len(result["events"]), report
    # A card the database dealt, changed: the replay deals the one the secret gives.
    assert any(event["kind"] == "reshuffle" for event in result["events"])
    drawn = [event for event in result["events"] if event["kind"] == "draw"][1]
    changed = copy.deepcopy(result)
    changed["events"][drawn["seq"] - 1]["cards"] = drawn["cards"][::-1]
    _, report = verify(dealer_on(postgres_url), tmp_path, changed, "--secret", secret)
    assert (report["difference"]["seq"], report["difference"]["field"]) == (drawn["seq"], "cards"), report
    # The draw piles as exported, their order changed: not the order the secret gives.
    changed = copy.deepcopy(result)
    changed["decks"]["posse"]["deck"][:2] = changed["decks"]["posse"]["deck"][1::-1]
    _, report = verify(dealer_on(postgres_url), tmp_path, changed, "--secret", secret)
    assert report["difference"]["field"] == "decks.posse.deck", report
    # Another secret: the first seed it does not give.
    _, report = verify(dealer_on(postgres_url), tmp_path, result, "--secret", "ab" * 32)
    assert (report["difference"]["seq"], report["difference"]["field"]) == (1, "seed"), report


def test_after_the_last_reveal_a_seated_log_needs_the_secret_that_deals_now(postgres_url, dealer_on, tmp_path):
    """A reveal at a table with seats puts every draw pile in the fresh secret's order (the revealed
    one told where every card lay): an export taken right after it verifies, its draw piles' cards
    checked but not their order; a command after it needs the secret that deals now."""
    run = dealer_on(postgres_url)
    play(run, [("table", "new", "pg"), ("table", "seat", "pg", "gm", "--role", "gm"), ("draw", "3", "--table", "pg")])
    before = export(run, "pg")["decks"]["main"]["deck"]
    revealed = json.loads(run("table", "reveal", "pg", "--json").out)["result"]["revealed"]
    assert revealed["reordered"] == ["main"] and revealed["events"] == [1, 4]
    result = export(run, "pg")
    assert sorted(result["decks"]["main"]["deck"]) == sorted(before) != result["decks"]["main"]["deck"]
    _, report = verify(dealer_on(postgres_url), tmp_path, result)
    assert report["verified"] and report["matched"] == 5, report
    play(run, [("draw", "1", "--table", "pg")])
    _, report = verify(dealer_on(postgres_url), tmp_path, export(run, "pg"))
    assert (report["difference"]["seq"], report["difference"]["field"]) == (6, "secret"), report
    assert "no table reveal of the log discloses" in report["difference"]["message"]
    _, report = verify(dealer_on(postgres_url), tmp_path, export(run, "pg"), "--secret",
                       current_secret(postgres_url, "pg"))
    assert report["verified"], report
    # A second reveal discloses the secret that dealt the first one's new order and what came after.
    assert run("table", "reveal", "pg").code == 0
    _, report = verify(dealer_on(postgres_url), tmp_path, export(run, "pg"))
    assert report["verified"] and report["matched"] == 7, report


def test_the_owner_forks_a_seated_table_and_a_seat_may_not(postgres_url, dealer_on):
    """A fork replays a table with seats with the secret it deals from, which its owner's role
    reads: the fork holds the table as it was, every card where the database dealt it. A seat
    may neither fork nor export (both hold every card, the draw piles in order too)."""
    run = dealer_on(postgres_url)
    play(run, [("table", "new", "pg", "--seed", "4"), ("table", "add", "pg", "Sarah", "--trait", "quickness=3d6"),
               ("table", "add", "pg", "Bob", "--side", "marshal", "--trait", "quickness=4d8")])
    gm = dealer_on(run("table", "seat", "pg", "gm", "--role", "gm", "--json").json()["result"]["store"])
    play(gm, [("action", "--table", "pg"), ("draw", "2", "--table", "pg")])
    at = len(export(run, "pg")["events"])
    kept = {part: export(run, "pg")[part] for part in ("decks", "roster", "chips", "state")}
    play(gm, [("draw", "3", "--table", "pg"), ("action", "--table", "pg")])
    forked = run("table", "fork", "pg", "--at", at, "--as", "pg2", "--json")
    assert forked.code == 0, forked
    fork = export(run, "pg2")
    assert {part: fork[part] for part in ("decks", "roster", "chips", "state")} == kept
    for words in (("table", "fork", "pg", "--at", at, "--as", "pg3"), ("table", "export", "pg")):
        refused = gm(*words)
        assert_clean_error(refused, code=1)
        assert "seat gm (gm) may not run" in refused.err and "table's owner's" in refused.err


def without_seed(argv):
    at = argv.index("--seed") if "--seed" in argv else None
    return argv if at is None else (*argv[:at], *argv[at + 2:])


def seated_session(game, postgres_url, dealer_on, players):
    """``game``'s long session at a table with seats, its seeds the table's own: each command run by
    the GM's seat, or (``players``) by the player's seat of the one posse person it acts for. A move
    the rules refuse with these seeds is passed over (a clean one-line refusal, never the
    database's); a player's move on cards typed in, which only the GM may type, is refused and then
    run by the GM; returns the owner's runner, the GM's, the table and the refusals."""
    from dealer import seats
    from dealer.store.replay import _parse

    table, (new, *commands) = GAMES[game]
    owner = dealer_on(postgres_url)
    play(owner, [without_seed(new)] + [command for command in commands if command[:2] == ("table", "add")])
    gm = dealer_on(owner("table", "seat", table, "gm", "--role", "gm", "--json").json()["result"]["store"])
    runners = {}
    for person, entry in owner("table", "show", table, "--json").json()["result"]["roster"].items():
        if players and entry["side"] != "marshal":
            made = owner("table", "seat", table, f"p{len(runners)}", "--role", "player", "--for", person, "--json")
            runners[person] = dealer_on(made.json()["result"]["store"])
    refused, drawn = [], None
    for argv in commands:  # the table's own seeds, not the session's: a move the rules refuse now is passed over
        if argv[:2] == ("table", "add"):
            continue
        argv = without_seed(tuple(drawn if word == "{drawn}" else word for word in argv))
        path, _, params = _parse(list(argv))
        acts = seats.PLAYER_COMMANDS.get(" ".join(path), ())
        named = {name for key in acts for name in seats._people(params.get(key))}
        run = runners[next(iter(named))] if len(named) == 1 and named <= set(runners) else gm
        done = run(*argv, "--json")
        if done.code and run is not gm and "only the GM types in cards" in done.err:
            refused.append((argv, done.err))  # the player asks the GM, who types the cards in
            done = gm(*argv, "--json")
        if done.code:
            assert_clean_error(done)
            assert "table store" not in done.err and "internal error" not in done.err, (argv, done.err)
            refused.append((argv, done.err))
        elif argv[0] == "draw":
            drawn = done.json()["result"]["cards"][0]
    return owner, gm, table, refused


@pytest.mark.parametrize("game, by", [pytest.param(game, by, marks=() if (game, by) == ("deadlands", "players")
                                                   else pytest.mark.slow)
                                      for game in sorted(GAMES) for by in ("gm", "players")])
def test_a_long_session_at_a_seated_table_verifies_from_its_reveal(game, by, postgres_url, dealer_on, tmp_path):
    """Every game's long session at a table with seats, every deck dealt by the database (its undos,
    resets, shuffles and typed cards too), played by the GM or by each player for its own people
    (what a player's seat may not do at a shared table refused by dealer, in one line naming the
    seat); the GM reveals the secret, and the export verifies from the log alone."""
    owner, gm, table, refused = seated_session(game, postgres_url, dealer_on, players=by == "players")
    seat_refusals = [err for argv, err in refused if "seat p" in err]
    assert all(any(words in err for words in ("only the GM types in cards", "that is the GM's", "sorts the countdown",
                                              "this would change")) for err in seat_refusals), refused
    assert len(refused) - len(seat_refusals) <= len(GAMES[game][1]) // 4, json.dumps(refused, indent=0)
    assert gm("table", "reveal", table).code == 0
    result = export(owner, table)
    _, report = verify(gm, tmp_path, result)
    assert report["verified"] and report["matched"] == len(result["events"]), json.dumps(report["difference"])


def test_cards_discarded_then_typed_in_again_in_one_command_at_a_seated_table_verify(postgres_url, dealer_on,
                                                                                    tmp_path):
    """A new round discards the last round's cards before it deals: at a table with seats the
    database must see those discards before it deals, so a card typed in again comes out of them
    (as at any table) and a deck run out reshuffles them under; and the log verifies."""
    owner = dealer_on(postgres_url)
    play(owner, [("table", "new", "sat"), ("table", "add", "sat", "Sarah", "--trait", "quickness=3d6"),
                 ("table", "add", "sat", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8")])
    gm = dealer_on(owner("table", "seat", "sat", "gm", "--role", "gm", "--json").json()["result"]["store"])
    for _ in range(2):
        typed = gm("action", "Sarah=16:Qh,8d,4c", "--table", "sat", "--json")
        assert typed.code == 0, typed.err
        assert typed.json()["result"]["participants"][0]["cards"] == ["Qh", "8d", "4c"]
    left = owner("table", "show", "sat", "--json").json()["result"]["decks"]["posse"]["deck"]
    assert gm("draw", str(left), "--deck", "posse", "--table", "sat").code == 0  # the posse deck's draw pile run out
    dealt = gm("action", "Sarah=16", "--table", "sat", "--json")  # Qh 8d 4c discarded, then dealt from under
    assert dealt.code == 0, dealt.err
    assert gm("table", "reveal", "sat").code == 0
    result = export(owner, "sat")
    assert any(event["kind"] == "reshuffle" and event["deck"] == "posse" for event in result["events"]), json.dumps([
        (event["kind"], event["deck"], event["cards"], event["data"]) for event in result["events"]])
    _, report = verify(gm, tmp_path, result)
    assert report["verified"] and report["matched"] == len(result["events"]), json.dumps(report["difference"])


# -- imports and forks in the middle of a log ---------------------------------------------------

def test_an_import_in_the_middle_starts_where_its_export_ended(original, dealer, tmp_path):
    path = written(tmp_path, original, "fri.json")
    assert dealer("table", "import", path, "--as", "sat").code == 0
    play(dealer, [("draw", "2", "--table", "sat", "--seed", "3"), ("table", "add", "sat", "Kid"),
                  ("action", "--table", "sat", "--seed", "4"), ("table", "undo", "sat")])
    sat = export(dealer, "sat")
    run, report = verify(dealer, tmp_path, sat)
    assert report["verified"] and report["matched"] == len(sat["events"]), report
    imported = sat["events"][len(original["events"])]
    assert imported["kind"] == "import" and imported["data"] == {"from": "fri", "file": str(path)}
    # an import under its own name (the table deleted first), then a second one: each move replays
    again = written(tmp_path, sat, "sat.json")
    assert dealer("table", "delete", "sat", "--yes").code == 0
    assert dealer("table", "import", again).code == 0
    play(dealer, [("chips", "draw", "Kid", "--table", "sat", "--seed", "5")])
    run, report = verify(dealer, tmp_path, export(dealer, "sat"))
    assert report["verified"], report


def test_an_import_changed_after_the_fact_is_caught_after_it_too(original, dealer, tmp_path):
    assert dealer("table", "import", written(tmp_path, original, "fri.json"), "--as", "sat").code == 0
    play(dealer, [("draw", "2", "--table", "sat", "--seed", "3")])
    sat = export(dealer, "sat")
    sat["events"][-1]["cards"] = list(reversed(sat["events"][-1]["cards"]))
    run, report = verify(dealer, tmp_path, sat)
    assert report["difference"]["seq"] == len(sat["events"]) and report["difference"]["field"] == "cards"
    sat["events"][-1]["cards"].reverse()
    sat["events"][-2]["data"]["from"] = "elsewhere"
    run, report = verify(dealer, tmp_path, sat)
    assert (report["difference"]["seq"], report["difference"]["field"]) == (len(sat["events"]) - 1, "data.from")


def test_a_character_sheet_is_replayed_from_the_log_never_from_a_file(dealer, tmp_path, monkeypatch):
    from pathlib import Path

    from tests.conftest import ROOT

    monkeypatch.chdir(tmp_path)
    sheet = Path("sally.toml")
    sheet.write_text((ROOT / "docs" / "sheets" / "sally-swift.toml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    play(dealer, [("table", "new", "sal", "-r", "poker-hands", "--seed", "1"),
                  ("table", "add", "sal", "--sheet", str(sheet), "--trait", "master=3"),
                  ("hex", "--skill", "2", "--caster", "Sally Swift", "--table", "sal", "--seed", "2")])
    result = export(dealer, "sal")
    added = first_event(result, "roster add")
    assert added["data"]["sheet"]["name"] == "Sally Swift" and added["data"]["traits"]["master"] == 3
    sheet.write_text('name = "Someone Else"\n', encoding="utf-8")  # a replay must not read this
    run, report = verify(dealer, tmp_path, result)
    assert report["verified"], report
    sheet.unlink()
    run, report = verify(dealer, tmp_path, result)
    assert report["verified"], report
    for recorded in (None, {"name": "Sally Swift"}, {"name": 5, "side": None, "traits": {}}):
        if recorded is None:
            del added["data"]["sheet"]  # as a dealer before the sheet was recorded wrote it
        else:
            added["data"]["sheet"] = recorded
        run, report = verify(dealer, tmp_path, result)
        assert report["difference"]["message"] == (f"event {added['seq']} (command table add) read the character "
                                                   f"sheet {sheet}, which the log does not hold: it cannot be replayed")


def test_house_rules_replay_from_the_pinned_ruleset_not_the_file(dealer, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "deadlands"\nname = "house"\nremove_cards = ["BJ"]\n[dice]\ntn = 7\n', encoding="utf-8")
    play(dealer, [("table", "new", "h", "-r", house, "--seed", "1"),
                  ("table", "add", "h", "Sarah", "--trait", "quickness=4d6", "--trait", "hexslinging=4"),
                  ("table", "add", "h", "Bob", "--side", "marshal", "--trait", "quickness=4d8"),
                  ("action", "--table", "h", "--seed", "2"), ("draw", "53", "--table", "h", "--seed", "3"),
                  ("hex", "soul blast", "--caster", "Sarah", "--roll", "4d6", "--level", "3", "--table", "h",
                   "--seed", "4")])
    result = export(dealer, "h")
    assert result["ruleset"] == "house" and result["document"]["dice"]["tn"] == 7
    assert [event["data"]["cards"] for event in result["events"] if event["kind"] == "new deck"][0] == 53
    house.write_text('extends = "deadlands"\nname = "house"\n', encoding="utf-8")  # changed since: not read
    run, report = verify(dealer, tmp_path, result)
    assert report["verified"] and report["ruleset"] == "house", report
    house.unlink()
    run, report = verify(dealer, tmp_path, result)
    assert report["verified"], report


# -- which dealer wrote each event --------------------------------------------------------------

DATA = Path(__file__).resolve().parent.parent / "store" / "data"


def rules_note(version):
    """The end of a difference's line at an event that ``version`` of dealer logged (None: before 0.2.0)."""
    if version is None:
        return (f"; it was logged by a dealer before 0.2.0 and this is dealer {__version__}, whose rules may differ: "
                "check it with that version (pip install 'weird-west-dealer<0.2.0')")
    return (f"; it was logged by dealer {version} and this is dealer {__version__}, whose rules may differ: check "
            f"it with that version (pip install 'weird-west-dealer=={version}')")


def test_every_event_records_the_dealer_that_wrote_it_on_either_store(store_url, dealer_on):
    """A command's events, an undo's, an import's and a fork's record this dealer's version on either
    store; an import keeps each imported event's as it was (none, for an export written before 0.2.0),
    and a fork's events, replayed, carry the forking dealer's. The JSON log shows it; the text log
    does not."""
    run = dealer_on(store_url)
    play(run, [*TAMPER[:5], ("table", "undo", "fri")])
    assert run("table", "import", DATA / "v4-export-fri.json", "--as", "old").code == 0
    fri = export(run, "fri")
    assert run("table", "fork", "fri", "--at", len(fri["events"]), "--as", "forked").code == 0
    assert {event["version"] for event in fri["events"]} == {__version__}
    assert {event["kind"] for event in fri["events"]} >= {"new table", "chip draw", "deal", "undo"}
    old = export(run, "old")
    assert [event["version"] for event in old["events"]] == [None] * 16 + [__version__]
    assert old["events"][-1]["kind"] == "import"
    assert {event["version"] for event in export(run, "forked")["events"]} == {__version__}
    lines = [json.loads(line) for line in run("table", "log", "old", "--jsonl").out.splitlines()]
    assert [line["version"] for line in lines] == [None] * 16 + [__version__]
    assert __version__ not in run("table", "log", "fri").out


@pytest.mark.parametrize("version", [None, "0.1.0", __version__])
def test_a_difference_at_an_event_another_version_logged_says_so(original, dealer, tmp_path, monkeypatch, version):
    """The same card swapped at an event logged by no recorded version, by 0.1.0, and by this dealer:
    the first two say which dealer logged it and how to check it with that one; this dealer's own
    event keeps the plain line (its rules cannot explain the difference)."""
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    logged = list(draw["cards"])
    draw["cards"][1], draw["cards"][2] = logged[2], logged[1]
    draw["version"] = version
    run, report = verify(dealer, tmp_path, changed)
    most = 12 if version == __version__ else 4  # where another dealer logged it, fewer cards: room to say so
    more = f" and {len(logged) - most} more" if len(logged) > most else ""
    message = (f"event {draw['seq']} (command draw) differs in cards: logged {' '.join(draw['cards'][:most])}{more}, "
               f"replayed {' '.join(logged[:most])}{more}" + (rules_note(version) if version != __version__ else ""))
    assert report["difference"] == {"seq": draw["seq"], "command": "draw", "field": "cards", "logged": draw["cards"],
                                    "replayed": logged, "message": message, "logged_by": version,
                                    "replayed_by": __version__}
    monkeypatch.chdir(tmp_path)  # a path as a player types it: the whole line fits
    text = dealer("verify", "export.json")
    assert text.err == f"dealer: export.json does not verify: {message}\n"
    assert_clean_error(text, 1)


def test_a_command_another_version_logged_that_fails_here_says_so(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    draw["args"], draw["version"] = ["draw", "60"], "0.1.0"
    run, report = verify(dealer, tmp_path, changed)
    difference = report["difference"]
    assert (difference["seq"], difference["field"], difference["logged_by"]) == (draw["seq"], "replay", "0.1.0")
    assert difference["message"].startswith(f"event {draw['seq']} (command draw): its replay failed: ")
    assert difference["message"].endswith(rules_note("0.1.0")), difference


def test_a_table_another_version_exported_that_its_history_does_not_make_says_so(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    for event in changed["events"][3:]:
        event["version"] = "0.1.0"
    changed["decks"]["main"]["deck"][:2] = changed["decks"]["main"]["deck"][1::-1]
    run, report = verify(dealer, tmp_path, changed)
    difference = report["difference"]
    assert (difference["seq"], difference["field"], difference["logged_by"]) == (None, "decks.main.deck", "0.1.0")
    assert difference["message"].startswith("the table as exported is not what its history replays to: ")
    assert difference["message"].endswith(rules_note("0.1.0")), difference


def newer_than_this():
    return f"{int(__version__.split('.')[0]) + 1}.0.0"


@pytest.mark.parametrize("newer", [newer_than_this(), f"{__version__}.post1"])
def test_a_log_a_newer_dealer_wrote_is_refused_before_it_is_replayed(original, dealer, tmp_path, newer):
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    draw["version"] = newer
    path = written(tmp_path, changed)
    run = dealer("verify", path)
    assert_clean_error(run, 1)
    assert run.out == "" and run.err == (f"dealer: cannot verify {path}: event {draw['seq']} was written by dealer "
                                         f"{newer}; this is {__version__}: upgrade dealer to verify it (pip install "
                                         "--upgrade 'weird-west-dealer')\n")
    assert json.loads(dealer("verify", path, "--json").err)["error"] == run.err.strip()


def test_an_older_spelling_or_a_pre_release_of_this_version_is_not_newer(original, dealer, tmp_path):
    changed = copy.deepcopy(original)
    changed["events"][0]["version"] = f"{__version__}.dev1"
    changed["events"][1]["version"] = f"{__version__}rc2"
    changed["events"][2]["version"] = __version__.rsplit(".0", 1)[0] if __version__.endswith(".0") else __version__
    run, report = verify(dealer, tmp_path, changed)
    assert report["verified"], report


def test_a_log_whose_rules_changed_since_its_dealer_names_that_dealer(dealer, tmp_path):
    """tests/store/data/v5-export-pokr-combat.json was written by a dealer before 0.2.0 (commit e87eb49,
    file version 5): a poker-hands combat, `action Sally=3 Bert=2`, then a draw. That dealer read
    NAME=N as N cards and dealt Sally three; 0.2.0 reads it as skill N, as in a contest or a spell
    (seed 003's draw is five cards modified by skills), and deals her more. verify says so, naming the
    dealer before 0.2.0; the events before it replay as logged. The log is that dealer's own, whole."""
    done = dealer("verify", DATA / "v5-export-pokr-combat.json", "--json")
    report = done.json()["result"]
    difference = report["difference"]
    assert done.code == 1 and report["matched"] == 3, report
    assert (difference["seq"], difference["command"], difference["field"]) == (4, "action", "cards")
    assert difference["logged"] == ["Qh", "Jd", "5s"] and len(difference["replayed"]) > 3
    assert (difference["logged_by"], difference["replayed_by"]) == (None, __version__)
    assert difference["message"].endswith(rules_note(None)), difference


def test_an_older_log_whose_rules_did_not_change_verifies(dealer):
    """tests/store/data/v4-export-fri.json: every event written before versions were recorded."""
    events = json.loads((DATA / "v4-export-fri.json").read_text(encoding="utf-8"))["result"]["events"]
    assert all("version" not in event for event in events)
    done = dealer("verify", DATA / "v4-export-fri.json", "--json")
    assert done.code == 0 and done.json()["result"]["matched"] == len(events), done


def test_a_fork_says_which_dealer_logged_the_event_it_stops_at_and_refuses_a_newer_one(original, dealer, tmp_path):
    assert dealer("table", "import", DATA / "v5-export-pokr-combat.json", "--as", "pokr").code == 0
    assert dealer("table", "fork", "pokr", "--at", "2", "--as", "early").code == 0
    stopped = dealer("table", "fork", "pokr", "--at", "5", "--as", "late")
    assert_clean_error(stopped, 1)
    assert stopped.err.startswith("dealer: table 'pokr' does not replay, so it is not forked: event 4 (command "
                                  "action) differs in cards: logged Qh Jd 5s, replayed ")
    assert stopped.err.endswith(rules_note(None) + "\n"), stopped
    changed = copy.deepcopy(original)
    draw = first_event(changed, "draw")
    draw["version"] = newer_than_this()
    assert dealer("table", "import", written(tmp_path, changed), "--as", "later").code == 0
    kept = export(dealer, "later")["events"][draw["seq"] - 1]
    assert kept["version"] == newer_than_this()  # an import keeps it as it was
    refused = dealer("table", "fork", "later", "--at", len(changed["events"]), "--as", "f")
    assert_clean_error(refused, 1)
    assert refused.err == (f"dealer: table 'later' is not forked: event {draw['seq']} was written by dealer "
                           f"{newer_than_this()}; this is {__version__}: upgrade dealer to fork it (pip install "
                           "--upgrade 'weird-west-dealer')\n")
    assert dealer("table", "fork", "later", "--at", draw["seq"] - 1, "--as", "f").code == 0  # before it: this dealer's


@pytest.mark.parametrize("version", ["latest", 5, "", "0.2.0+local", "1." * 40 + "0"])
def test_a_version_that_no_dealer_writes_is_refused_by_import_and_verify(original, dealer, tmp_path, version):
    changed = copy.deepcopy(original)
    changed["events"][2]["version"] = version
    path = written(tmp_path, changed)
    for run, says in ((dealer("table", "import", path, "--as", "x"), "cannot import"),
                      (dealer("verify", path), "cannot verify")):
        assert_clean_error(run, 1)
        assert says in run.err and "event 3: 'version'" in run.err and "is not a version of dealer" in run.err, run
    assert dealer("table", "list", "--json").json()["result"]["tables"] == []


def test_the_schema_reads_a_version_as_dealer_does():
    from dealer.store.versions import VERSION

    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schema.json").read_text(encoding="utf-8"))
    pattern = schema["$defs"]["dealer-version"]["anyOf"][0]["pattern"]
    assert pattern == f"^{VERSION.pattern}$" and VERSION.fullmatch(__version__)


# -- what is not an export ----------------------------------------------------------------------

def test_what_is_not_an_export_is_a_clean_error(dealer, tmp_path, original):
    missing = dealer("verify", tmp_path / "nowhere.json")
    assert_clean_error(missing, 1)
    assert missing.err.startswith("dealer: cannot verify ") and "cannot read it" in missing.err
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    junk = dealer("verify", tmp_path / "junk.json")
    assert_clean_error(junk, 1)
    assert "not JSON" in junk.err and "import" not in junk.err
    broken = copy.deepcopy(original)
    broken["decks"]["main"]["deck"].append(broken["decks"]["main"]["deck"][0])
    run = dealer("verify", written(tmp_path, broken))
    assert_clean_error(run, 1)
    assert "deck 'main' does not hold each card" in run.err and run.out == ""


def test_a_ruleset_given_is_refused_not_ignored(dealer, tmp_path, original):
    run = dealer("verify", written(tmp_path, original), "-r", "poker-hands")
    assert_clean_error(run, 2)
    assert "pinned ruleset" in run.err
    assert dealer("-r", "deadlands", "table", "fork", "fri", "--at", "2", "--as", "x").code == 2


def test_an_export_on_stdin_verifies(dealer, tmp_path, original):
    text = written(tmp_path, original).read_text(encoding="utf-8")
    run = dealer("verify", "-", "--json", input=text)
    assert run.code == 0 and run.json()["result"]["file"] == "stdin"


def test_the_installed_command_verifies(shell, tmp_path, original):
    path = written(tmp_path, original)
    run = shell("verify", path)
    assert run.code == 0 and run.out.startswith(f"{len(original['events'])} events verified: table fri"), run


def test_a_command_abandoned_at_a_seated_table_replays_as_nothing(postgres_url, dealer_on, tmp_path):
    """A player's command begun and left, which the database logs abandoned, changes nothing and deals
    nothing: the log verifies from the secret around it; an abandoned event holding a card does not."""
    from tests.store.test_seats import as_seat, begin

    run = dealer_on(postgres_url)
    play(run, [("table", "new", "pg"), ("table", "add", "pg", "Sarah", "--trait", "quickness=3d6"),
               ("table", "add", "pg", "Bob", "--side", "marshal")])
    sarah_url = run("table", "seat", "pg", "sarah", "--role", "player", "--for", "Sarah", "--json").json()["result"]
    with as_seat(sarah_url["store"]) as sql:  # the next roll looked at, and left
        table_id = sql.execute("SELECT id FROM tables WHERE name = 'pg'").fetchone()[0]
        begin(sql, table_id, json.dumps(["roll", "4d6", "--as", "Sarah"]), "roll")
        with sql.transaction(force_rollback=True):
            sql.execute("SELECT next_seed(%s)", (table_id,))
    sarah = dealer_on(sarah_url["store"])
    assert sarah("roll", "3d6", "--as", "Sarah", "--table", "pg").code == 0
    play(run, [("action", "--table", "pg"), ("draw", "2", "--table", "pg")])
    result = export(run, "pg")
    abandoned = first_event(result, "abandoned")
    assert result["events"][abandoned["seq"]]["command"] == "roll"  # the roll that was played, next
    secret = current_secret(postgres_url, "pg")
    _, report = verify(dealer_on(postgres_url), tmp_path, result, "--secret", secret)
    assert report["verified"] and report["matched"] == len(result["events"]), report
    changed = copy.deepcopy(result)
    changed["events"][abandoned["seq"] - 1]["cards"] = ["As"]
    _, report = verify(dealer_on(postgres_url), tmp_path, changed, "--secret", secret)
    assert (report["difference"]["seq"], report["difference"]["field"]) == (abandoned["seq"], "replay"), report


def test_a_combats_next_round_of_hands_is_logged_and_verifies(dealer, tmp_path):
    """Seed 003's combat hands: dealer action again, in a combat under way, plays the same turn order
    for the next round. It deals nothing but moves the round on, so it is logged (kind round): a log
    without it replayed to round 1 while the table stood at round 2."""
    play(dealer, [("table", "new", "ph", "-r", "poker-hands"), ("table", "add", "ph", "Sarah"),
                  ("table", "add", "ph", "Sam", "--side", "marshal"), ("action", "--table", "ph"),
                  ("action", "--table", "ph"), ("action", "--table", "ph")])
    result = export(dealer, "ph")
    rounds = [event["data"]["round"] for event in result["events"] if event["kind"] == "round"]
    assert rounds == [2, 3] and result["state"]["action"]["round"] == 3
    _, report = verify(dealer, tmp_path, result)
    assert report["verified"], report


@pytest.mark.parametrize("roll", [("roll", "d8", "--as", "Sarah", "--faces", "8 3 4"),
                                  ("roll", "2d6", "--damage", "--as", "Sarah", "--faces", "6 6 3 2"),
                                  ("roll", "2d6", "--damage", "--as", "Sarah", "--vs", "Bob", "--faces", "1 2")])
def test_a_roll_of_dice_already_rolled_logs_no_seed_and_verifies(roll, dealer, tmp_path):
    """`roll --as NAME --faces F --table T` rolls nothing: it made a seed all the same and logged it,
    and its replay, given that seed, was refused (--seed means nothing with --faces)."""
    play(dealer, [("table", "new", "sw", "-r", "savage-worlds", "--seed", "1"),
                  ("table", "add", "sw", "Sarah", "--trait", "vigor=d6"),
                  ("table", "add", "sw", "Bob", "--side", "gm", "--trait", "vigor=d6"), (*roll, "--table", "sw")])
    result = export(dealer, "sw")
    assert result["events"][-1]["kind"] in ("roll", "damage") and result["events"][-1]["seed"] is None
    _, report = verify(dealer, tmp_path, result)
    assert report["verified"], report


@pytest.mark.parametrize("game, person", [("savage-worlds", ("Cultists", "--side", "gm", "--trait", "extra=yes")),
                                          ("deadlands", ("Bad Bob", "--side", "marshal")),
                                          ("poker-hands", ("Sam", "--side", "marshal"))])
def test_a_chips_session_that_deals_no_chip_is_logged_and_verifies(game, person, dealer, tmp_path):
    """A session where nobody draws (only Extras, or only the Marshal's side, on the roster) still
    counts a session and frees the rituals: it is logged (kind session), where it changed the table
    without an event and verify replayed the table a session short."""
    play(dealer, [("table", "new", "s", "-r", game, "--seed", "1"), ("table", "add", "s", *person),
                  ("chips", "session", "--table", "s", "--seed", "3")])
    result = export(dealer, "s")
    assert result["events"][-1]["kind"] == "session" and result["events"][-1]["data"] == {"session": 1}
    assert result["state"]["chips"]["sessions"] == 1
    _, report = verify(dealer, tmp_path, result)
    assert report["verified"], report


def test_action_next_with_nobody_left_to_call_logs_the_turns_it_ends_and_verifies(dealer, tmp_path):
    """Savage Worlds: `action next` ends the turns under way (Distracted and Vulnerable count down)
    before it calls the next; with nobody left to call it still ended them, without an event, and
    verify replayed the table with the last turn still under way."""
    play(dealer, [("table", "new", "sw", "-r", "savage-worlds", "--seed", "1"), ("table", "add", "sw", "Sarah"),
                  ("table", "add", "sw", "Bob", "--side", "gm"), ("action", "--table", "sw", "--seed", "1"),
                  ("table", "condition", "sw", "Bob", "distracted"),
                  *[("action", "next", "--table", "sw", "--seed", "1")] * 3])
    result = export(dealer, "sw")
    last = result["events"][-1]
    assert (last["kind"], last["data"]) == ("turn end", {"people": ["Bob"], "round": 1}), last
    assert "conditions" not in result["state"]  # Bob's turn is over, and his Distracted with it
    _, report = verify(dealer, tmp_path, result)
    assert report["verified"], report
