"""``dealer table stats``: the luck ledger of a table's history.

The expected counts and how unusual each is are worked out here apart from the code: each trial's
chance from first principles where one exists (a bust as a binomial count of ones, Jokers as a
hypergeometric draw, a chip's colour as its share of the pot, a breakdown as a Joker among the
reliability cards) or from ``dealer odds`` (a hex, a spell), and the count's distribution as an
exact Poisson-binomial in fractions (``exact_sum`` and ``exact_unusual`` of test_ledger_tails).
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from math import comb

import pytest

from tests.cli.test_verify import written
from tests.conftest import assert_clean_error
from tests.core.test_ledger_tails import close, exact_sum, exact_unusual

T = "--table"
DEADLANDS = [
    ("table", "new", "fri", "--seed", "1"),
    ("table", "add", "fri", "Sarah", "--trait", "quickness=3d6", "--trait", "hexslinging=4", "--trait", "spirit=3d10",
     "--trait", "soul-blast=3"),
    ("table", "add", "fri", "Velvet", "--trait", "quickness=4d8"),
    ("table", "add", "fri", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d6"),
    ("chips", "session", T, "fri", "--seed", "2"),
    *[("action", T, "fri", "--seed", str(seed)) for seed in range(3, 15)],
    ("hex", "soul blast", "--caster", "Sarah", T, "fri", "--seed", "20"),
    ("hex", "soul blast", "--caster", "Sarah", T, "fri", "--seed", "21"),
    ("chips", "draw", "Velvet", "3", T, "fri", "--seed", "22"),
    ("roll", "3d6", "--as", "Velvet", T, "fri", "--seed", "23"),
]


def play(dealer, commands):
    for argv in commands:
        done = dealer(*argv)
        assert done.code == 0, (argv, done)


def history(dealer, table):
    done = dealer("table", "log", table, "--json")
    assert done.code == 0, done
    return done.json()["result"]["events"]


def stats(dealer, *argv):
    done = dealer("table", "stats", *argv, "--json")
    assert done.code == 0, done
    return done.json()["result"]


def row_of(result, person, row):
    block = next(item for item in result["people"] if item["person"] == person)
    return next(item for item in block["rows"] if item["row"] == row)


def agrees(row, trials, observed):
    """The ledger's row against the exact Poisson-binomial (or convolution) of ``trials`` made here."""
    exact = exact_sum(trials)
    assert row["observed"] == observed and row["events"] == len(trials)
    assert close(row["expected"], float(sum(k * p for k, p in enumerate(exact))), rel=1e-9, floor=1e-12)
    assert close(row["unusual"], float(exact_unusual(exact, observed)), rel=1e-7, floor=1e-25)


def rolls_of(events, person):
    """Every recorded trait roll of ``person``: the round's rolls and ``roll --as``."""
    found = []
    for event in events:
        seen = event["data"].get("ledger") or {}
        for entry in seen.get("people", ()):
            if entry["person"] == person:
                found += list(entry["rolls"].values())
        if event["kind"] == "roll" and event["data"].get("person") == person:
            found.append(event["data"]["roll"])
        if event["kind"] == "hex" and event["data"].get("caster") == person:
            found.append(seen["roll"])
    return [roll for roll in found if not roll["by_hand"]]


def bust_chance(count, sides):
    """More than half of the dice show 1 (seed 000), whatever the aces do."""
    one = Fraction(1, sides)
    return sum(comb(count, k) * one ** k * (1 - one) ** (count - k) for k in range(count // 2 + 1, count + 1))


def runner_at(home):
    """``dealer ARGS`` in this process on the state home ``home`` (as the ``dealer`` fixture runs it)."""
    from click.testing import CliRunner

    from dealer.cli import cli
    from tests.conftest import Run

    env = {"DEALER_HOME": str(home), "DEALER_STORE": None, "DEALER_TABLE": None, "DEALER_RULESET": None,
           "NO_COLOR": None}

    def run(*args):
        done = CliRunner().invoke(cli, [str(a) for a in args], env=env, prog_name="dealer")
        return Run(done.exit_code, done.stdout, done.stderr)

    return run


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """DEADLANDS played once for the module."""
    home = tmp_path_factory.mktemp("friday")
    play(runner_at(home), DEADLANDS)
    return home


@pytest.fixture
def friday(request, dealer, tmp_path, monkeypatch):
    """A copy of the played table for one test, which ``dealer`` runs on; its history. With its tables on
    PostgreSQL (DEALER_TEST_STORE=postgres) the table is played there instead: the copy is of an SQLite file."""
    import os
    import shutil

    if os.environ.get("DEALER_TEST_STORE") == "postgres":
        play(dealer, DEADLANDS)
        return history(dealer, "fri")
    shutil.copytree(request.getfixturevalue("played"), tmp_path / "state")
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "state"))
    return history(runner_at(tmp_path / "state"), "fri")


def test_busts_are_a_poisson_binomial_of_each_rolls_own_dice(dealer, friday):
    result = stats(dealer, "fri")
    for person in ("Sarah", "Velvet", "Bad Bob"):
        rolls = rolls_of(friday, person)
        assert rolls, person
        trials = [[1 - p, p] for p in (bust_chance(roll["count"], roll["sides"]) for roll in rolls)]
        agrees(row_of(result, person, "bust"), trials, sum(roll["bust"] for roll in rolls))


def test_jokers_are_hypergeometric_from_the_deck_as_it_was(dealer, friday):
    """Each deal's Jokers from the cards left and the Jokers among them; and those counts are right:
    on one side's deck each person is dealt from what the one before left."""
    result = stats(dealer, "fri")
    trials = {"Sarah": [], "Velvet": [], "Bad Bob": []}
    seen = {name: 0 for name in trials}
    for event in friday:
        people = (event["data"].get("ledger") or {}).get("people", ())
        left = {}
        for entry in people:
            deck = entry.get("deck")
            if deck is None:
                continue
            side = "marshal" if entry["person"] == "Bad Bob" else "posse"
            if side in left:
                assert deck["cards"] == left[side]
            left[side] = deck["cards"] - entry["allowed"]
            drawn, cards, jokers = entry["allowed"], deck["cards"], deck["jokers"]
            trials[entry["person"]].append([Fraction(comb(jokers, j) * comb(cards - jokers, drawn - j), comb(cards, drawn))
                                            for j in range(min(jokers, drawn) + 1)])
            seen[entry["person"]] += entry["jokers"]
    for person, made in trials.items():
        agrees(row_of(result, person, "jokers"), made, seen[person])


def test_chips_are_weighed_by_the_pot_each_came_from(dealer, friday):
    """Each blind draw records the pot before it; in one command each next pot is the last less the
    chip drawn, and the ledger weighs every colour by its share."""
    result = stats(dealer, "fri")
    draws = [event for event in friday if event["kind"] == "chip draw"]
    for before, after in zip(draws, draws[1:]):
        if before["seq"] + 1 == after["seq"] and before["command"] == after["command"] == "chips session":
            expect = dict(before["data"]["ledger"]["pot"])
            expect[before["data"]["colour"]] -= 1
            assert after["data"]["ledger"]["pot"] == expect
    for person in ("Sarah", "Velvet"):
        mine = [event["data"] for event in draws if event["data"]["player"] == person]
        for colour in ("white", "red", "blue"):
            trials = [[1 - Fraction(d["ledger"]["pot"][colour], sum(d["ledger"]["pot"].values())),
                       Fraction(d["ledger"]["pot"][colour], sum(d["ledger"]["pot"].values()))] for d in mine]
            agrees(row_of(result, person, f"chips:{colour}"), trials, sum(d["colour"] == colour for d in mine))


def test_a_hex_counts_with_the_odds_of_dealer_odds_hex(dealer, friday):
    result = stats(dealer, "fri")
    casts = [event["data"] for event in friday if event["kind"] == "hex"]
    figures = []
    for cast in casts:
        roll = cast["ledger"]["roll"]
        odds = dealer("odds", "hex", cast["hex"], "--roll", roll["dice"], "--level", cast["ledger"]["level"],
                      "--json").json()["result"]
        figures.append(odds)
    agrees(row_of(result, "Sarah", "works"), [[1 - o["works"], o["works"]] for o in figures],
           sum(cast["works"] for cast in casts))
    agrees(row_of(result, "Sarah", "backlash"), [[1 - o["backlash"], o["backlash"]] for o in figures],
           sum(bool(cast["backlash"]) for cast in casts))


def test_the_text_has_a_block_a_person_and_a_bar_a_row(dealer, friday):
    done = dealer("table", "stats", "fri")
    assert done.code == 0, done
    lines = done.out.splitlines()
    assert lines[0] == "table fri: the luck ledger, events 1 to " + str(friday[-1]["seq"])
    assert lines[1].split() == ["seen", "of", "expected", "as", "far", "out"]
    assert {"Sarah", "Velvet", "Bad Bob"} <= set(lines)
    busts = next(line for line in lines if line.strip().startswith("busts"))
    assert "|" in busts and busts.split()[1].isdigit()


def test_a_person_a_session_and_a_start(dealer, friday):
    assert [item["person"] for item in stats(dealer, "fri", "--person", "Velvet")["people"]] == ["Velvet"]
    session = stats(dealer, "fri", "--session")
    first = next(event["seq"] for event in friday if event["command"] == "chips session")
    assert session["session"] and session["events"]["first"] == first
    later = stats(dealer, "fri", "--since", str(friday[-2]["seq"]))
    assert later["events"] == {"first": friday[-1]["seq"], "last": friday[-1]["seq"], "read": 1, "undone": 0}
    assert [item["person"] for item in later["people"]] == ["Velvet"]  # the last event: Velvet's roll


def test_an_undone_command_is_left_out(dealer, friday):
    before = row_of(stats(dealer, "fri"), "Velvet", "success")
    play(dealer, [("roll", "3d6", "--as", "Velvet", T, "fri", "--seed", "40"), ("table", "undo", "fri")])
    after = stats(dealer, "fri")
    assert row_of(after, "Velvet", "success") == before
    assert after["events"]["undone"] == 1


def test_rolls_typed_in_and_older_events_are_counted_apart_never_guessed(dealer, friday, tmp_path):
    play(dealer, [("action", "Sarah=16", "-m", "Bad Bob=bust", T, "fri", "--seed", "41")])
    result = stats(dealer, "fri", "--since", str(friday[-1]["seq"]))
    assert row_of(result, "Sarah", "bust")["unknown"] == 1 and row_of(result, "Sarah", "cards")["unknown"] == 1
    assert any("typed in" in item["why"] for item in result["unknown"])
    # The same table as an older dealer would have logged it: no data.ledger anywhere.
    exported = dealer("table", "export", "fri").json()["result"]
    old = copy.deepcopy(exported)
    for event in old["events"]:
        event["data"].pop("ledger", None)
    assert dealer("table", "import", written(tmp_path, old), "--as", "old").code == 0
    counted = stats(dealer, "old")
    rows = [(person["person"], row) for person in counted["people"] for row in person["rows"]]
    # Only what a roll --as records of itself (the roll, whole) is known: nothing is guessed.
    known = {(person, row["row"]) for person, row in rows if row["events"]}
    assert known == {("Velvet", "bust"), ("Velvet", "success"), ("Velvet", "raises")}
    assert all(row["expected"] is None and row["unusual"] is None and row["unknown"]
               for person, row in rows if (person, row["row"]) not in known)
    assert any(item["why"].startswith("logged before dealer recorded") for item in counted["unknown"])
    # ... and it verifies: an older log is not asked for what it never recorded.
    verified = dealer("verify", written(tmp_path, old, "old.json"), "--json")
    assert verified.code == 0 and verified.json()["result"]["verified"], verified


def test_the_older_export_in_the_tests_still_verifies(dealer):
    from pathlib import Path

    export = Path(__file__).resolve().parent.parent / "store" / "data" / "v4-export-fri.json"
    done = dealer("verify", export, "--json")
    assert done.code == 0 and done.json()["result"]["verified"], done


def test_a_round_in_which_nobody_is_dealt_a_card_is_logged_and_verifies(dealer, tmp_path):
    """Such a round changed the table (its number) but logged nothing, so a replay could not make it:
    it logs a round event now, with its rolls."""
    play(dealer, [("table", "new", "t", "--seed", "1"), ("action", "Sarah=bust", "-m", "Bob=2", T, "t", "--seed", "2"),
                  ("action", "Sarah=bust", "-m", "Bob=2", T, "t", "--seed", "3")])
    events = history(dealer, "t")
    assert events[-1]["kind"] == "round" and events[-1]["data"]["round"] == 2
    assert [entry["person"] for entry in events[-1]["data"]["ledger"]["people"]] == ["Sarah", "Bob"]
    exported = dealer("table", "export", "t").json()["result"]
    verified = dealer("verify", written(tmp_path, exported), "--json")
    assert verified.code == 0, verified


def test_savage_worlds_counts_critical_failures_wild_die_saves_and_jokers_acted_on(dealer):
    from dealer.core.dice import _die_cdf

    play(dealer, [("table", "new", "sw", "-r", "savage-worlds", "--seed", "1"),
                  ("table", "add", "sw", "Sarah", "--trait", "edges=level headed"),
                  ("table", "add", "sw", "Bad Bob", "--side", "gm"),
                  *[("action", T, "sw", "--seed", str(seed)) for seed in range(2, 12)],
                  *[("roll", "d8", "--as", "Sarah", T, "sw", "--seed", str(seed)) for seed in range(12, 30)]])
    events = history(dealer, "sw")
    result = stats(dealer, "sw")
    rolls = [event["data"]["roll"] for event in events if event["kind"] == "roll"]
    assert row_of(result, "Sarah", "bust")["label"] == "Critical Failures"
    # A save: the d8 below 4 and the Wild Die (a d6) 4 or more: a die's chance below 4 is its faces below 4.
    p = Fraction(3, 8) * Fraction(3, 6)
    assert close(_die_cdf(8, 100)(3) * (1 - _die_cdf(6, 100)(3)), float(p))
    saved = sum(roll["success"] and max(sum(c) for c in roll["rolls"][:1]) < roll["tn"] for roll in rolls)
    agrees(row_of(result, "Sarah", "wild-save"), [[1 - p, p]] * len(rolls), saved)
    # Jokers acted on: plain for Bad Bob (J of the N left); a Level Headed draw of two keeps a Joker drawn.
    for person, cards in (("Bad Bob", 1), ("Sarah", 2)):
        trials, acted = [], 0
        for event in events:
            for entry in (event["data"].get("ledger") or {}).get("people", ()):
                if entry["person"] == person and "deck" in entry:
                    deck = entry["deck"]
                    miss = Fraction(comb(deck["cards"] - deck["jokers"], cards), comb(deck["cards"], cards))
                    trials.append([miss, 1 - miss])
                    acted += entry["joker"]
        agrees(row_of(result, person, "jokers"), trials, acted)


def test_poker_hands_spells_breakdowns_and_lone_contests(dealer):
    play(dealer, [("table", "new", "p", "-r", "poker-hands", "--seed", "1"),
                  ("table", "add", "p", "Sally", "--trait", "master=2", "--trait", "brawling=2"),
                  ("table", "add", "p", "Ada", "--trait", "mad-science=3"),
                  ("gadget", "design", "jet", "--tier", "pair", "--by", "Ada", "--cards", "9c 9d 2h 4s 5c 7c 8h 3d",
                   T, "p"),
                  ("gadget", "build", "jet", "--by", "Ada", "--cards", "9h 9s 2c 4d 5h 7d 8c 3c", T, "p"),
                  *[("hex", "--skill", "2", "--caster", "Sally", T, "p", "--seed", str(seed)) for seed in range(2, 6)],
                  *[("hex", "--skill", "3", "--caster", "Ada", "--huckster", T, "p", "--seed", str(seed))
                    for seed in range(20, 26)],
                  *[("gadget", "use", "jet-1", T, "p", "--seed", str(seed)) for seed in range(6, 9)],
                  *[("conflict", "Sally=brawling", "--target", "two pair", T, "p", "--seed", str(seed))
                    for seed in range(9, 12)]])
    events = history(dealer, "p")
    result = stats(dealer, "p")
    hucksters = [event for event in events if event["kind"] == "spell" and event["data"]["caster"] == "Ada"]
    trials = [[Fraction(comb(52, e["data"]["ledger"]["cards"]), comb(54, e["data"]["ledger"]["cards"])),
               1 - Fraction(comb(52, e["data"]["ledger"]["cards"]), comb(54, e["data"]["ledger"]["cards"]))]
              for e in hucksters]  # a huckster's backlash: a Joker among the cards
    agrees(row_of(result, "Ada", "spell-backlash"), trials,
           sum(any(code in ("RJ", "BJ") for code in e["cards"]) for e in hucksters))
    spells = [event["data"] for event in events if event["kind"] == "spell" and event["data"]["caster"] == "Sally"]
    assert {spell["ledger"]["cards"] for spell in spells} == {6, 7}  # winded after her casts: a card less
    trials = []
    for spell in spells:  # the odds of a spell of that many cards, as dealer odds hex gives them
        assert spell["ledger"]["picks"] == 0
        odds = dealer("-r", "poker-hands", "odds", "hex", "--skill", spell["ledger"]["cards"] - 5,
                      "--json").json()["result"]
        success = Fraction(odds["success"]["fraction"])
        trials.append([1 - success, success])
    agrees(row_of(result, "Sally", "spell-success"), trials, sum(spell["success"] for spell in spells))
    uses = [event["data"] for event in events if event["kind"] == "gadget use" and not event["data"]["ledger"]["typed"]]
    assert uses and all(use["ledger"]["builder"] == "Ada" for use in uses)
    trials = [[Fraction(comb(52, use["reliability"]), comb(54, use["reliability"])),
               1 - Fraction(comb(52, use["reliability"]), comb(54, use["reliability"]))] for use in uses]
    agrees(row_of(result, "Ada", "breakdowns"), trials, sum(use["breakdown"] for use in uses))
    contests = [event["data"] for event in events if event["kind"] == "contest"]
    expected = 0.0
    for contest in contests:  # a lone contestant against a target: dealer odds conflict counts it
        (drawn,) = contest["ledger"]["draws"]
        expected += dealer("-r", "poker-hands", "odds", "conflict", f"Sally={drawn['cards'] - 5}", "--target",
                           "two pair", "--json").json()["result"]["participants"]["Sally"]["probability"]
    row = row_of(result, "Sally", "won")
    assert row["observed"] == sum(contest["success"]["Sally"] for contest in contests)
    assert row["events"] == len(contests) and close(row["expected"], expected, rel=1e-9)


def test_dust_devils_conflicts_show_what_happened_and_say_why_no_odds(dealer):
    play(dealer, [("table", "new", "dd", "-r", "dust-devils", "--seed", "1"),
                  ("table", "add", "dd", "Doc", "--trait", "hand=3", "--trait", "eye=2"),
                  ("table", "add", "dd", "Kid", "--trait", "hand=2", "--trait", "eye=3"),
                  ("conflict", "Doc", "Kid", "--scores", "hand,eye", T, "dd", "--seed", "3")])
    result = stats(dealer, "dd")
    won = [row_of(result, person, "won") for person in ("Doc", "Kid")]
    assert [row["unknown"] for row in won] == [1, 1] and all(row["expected"] is None for row in won)
    assert any("dealer odds conflict simulates" in item["why"] for item in result["unknown"])


@pytest.mark.parametrize("argv, message", [
    (("table", "stats", "nope"), "no table 'nope'"),
    (("table", "stats", "fri", "--since", "999"), "has no events after event 999"),
    (("table", "stats", "fri", "--session"), "has no chips session in its history"),
    (("table", "stats", "fri", "--person", "Sarha"), "did you mean 'Sarah'?"),
    (("table", "stats", "fri", "--person", "Nobody"), "(on the roster: Sarah)"),
])
def test_what_cannot_be_counted_is_a_clean_error(dealer, argv, message):
    play(dealer, [("table", "new", "fri", "--seed", "1"), ("table", "add", "fri", "Sarah", "--trait", "quickness=3d6"),
                  ("action", T, "fri", "--seed", "2")])
    done = dealer(*argv)
    assert_clean_error(done, 1)
    assert message in done.err, done


def test_since_and_session_together_is_a_usage_error(dealer):
    done = dealer("table", "stats", "fri", "--since", "3", "--session")
    assert_clean_error(done, 2)
    assert "give one" in done.err


def test_a_table_with_nothing_to_count_says_so(dealer):
    play(dealer, [("table", "new", "quiet", "--seed", "1"), ("table", "add", "quiet", "Sarah")])
    done = dealer("table", "stats", "quiet")
    assert done.code == 0 and "nothing counted" in done.out, done
    assert stats(dealer, "quiet")["people"] == []


def test_the_installed_command_prints_the_ledger(shell):
    for argv in DEADLANDS[:6]:
        assert shell(*argv).code == 0
    done = shell("table", "stats", "fri", "--person", "Sarah")
    assert done.code == 0 and done.out.splitlines()[2] == "Sarah", done
    assert json.loads(shell("table", "stats", "fri", "--json").out)["result"]["kind"] == "table-stats"
