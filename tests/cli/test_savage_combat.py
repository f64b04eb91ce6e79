"""A three-round SWADE combat on a table (issue 24): Level Headed, Quick and Hesitant heroes, a Joker
(its +2, Jokers Wild Bennies, the reshuffle after the round), a Hold kept into the next round and an
interrupt from it, a Benny's new action card and reroll; in text and JSON. Then the errors, one or two lines each."""

import pytest

from tests.conftest import assert_clean_error

T = ("--table", "tombstone")


@pytest.fixture
def combat(dealer):
    def ok(*args):
        run = dealer(*args)
        assert run.code == 0, run
        return run

    ok("table", "new", "tombstone", "-r", "savage-worlds", "--seed", 1)
    ok("table", "add", "tombstone", "Sarah", "--trait", "edges=level headed", "--trait", "athletics=d8")
    ok("table", "add", "tombstone", "Velvet", "--trait", "edges=quick", "--trait", "athletics=d6")
    ok("table", "add", "tombstone", "Doc", "--trait", "hindrances=hesitant", "--trait", "athletics=d6")
    ok("table", "add", "tombstone", "Bad Bob", "--side", "gm", "--trait", "athletics=d8")
    ok("table", "add", "tombstone", "Cultists", "--side", "gm", "--trait", "extra=yes", "--trait", "athletics=d6")
    return ok


def test_three_rounds_read_right_in_text_and_json(combat):
    session = combat("chips", "session", *T, "--seed", 2, "--json").json()["result"]
    assert session["counts"] == {"Sarah": 3, "Velvet": 3, "Doc": 3, "Bad Bob": 2, "Cultists": 0, "GM": 3}
    assert session["conservation"]["conserved"] and session["conservation"]["created"] == {"benny": 14}

    first = combat("action", *T, "--seed", 50, "--json").json()["result"]
    rows = {row["name"]: row for row in first["participants"]}
    assert rows["Sarah"]["draw"] == {"edges": ["level-headed"], "drawn": ["Jh", "9h"], "keep": "best", "redrawn": [],
                                     "discarded": ["9h"]}
    assert rows["Velvet"]["draw"]["redrawn"] == ["2c", "4c", "3h", "5c", "Ac"] and rows["Velvet"]["cards"] == ["Ac"]
    assert rows["Doc"]["draw"]["drawn"] == ["8d", "RJ"] and rows["Doc"]["cards"] == ["RJ"]  # Hesitant keeps the Joker
    assert first["any_time"] == [{"card": "RJ", "name": "Doc", "side": "heroes", "bonus": 2}]
    assert [e["card"] for e in first["countdown"]] == ["Ac", "Ks", "Js", "Jh"]
    bennies = [e["player"] for e in first["events"] if e["kind"] == "chip"]
    assert bennies == ["Sarah", "Velvet", "Doc"]  # Jokers Wild: every hero
    assert any(e["kind"] == "reshuffle owed" and e["deck"] == "action" for e in first["events"])

    joker = combat("roll", "d6", "--as", "Doc", *T, "--seed", 3)
    assert joker.out == ("Doc (holds RJ): 1d6+2 vs TN 4, Joker +2: d6 2, Wild Die 5 -> Wild Die 5+2 = 7, "
                         "success, 0 raises\n")
    damage = combat("roll", "2d6", "--damage", "--as", "Doc", *T, "--seed", 3, "--json").json()["result"]
    assert damage["joker"] == 2
    assert combat("action", "hold", "Sarah", *T).out.startswith("Sarah goes on Hold (holding Jh)")

    second = combat("action", *T, "--seed", 1)
    assert "  hold      Sarah     heroes  on Hold" in second.out
    assert "action deck reshuffled (a Red Joker or Black Joker was drawn last round; 54 cards)" in second.out
    assert "Sarah: on Hold: no card this round" in second.out
    card = combat("chips", "spend", "Doc", "--for", "card", *T, "--json").json()["result"]  # Hesitant's 4d
    assert card["action_card"] == {"person": "Doc", "held": "4d", "drawn": "4s", "kept": "4s", "notes": [],
                                   "events": []}
    assert card["events"][0]["card"] == "4s" and card["conservation"]["conserved"]
    interrupt = combat("action", "interrupt", "Sarah", "--against", "Bad Bob", *T, "--seed", 5)
    assert interrupt.out == ("Sarah interrupts Bad Bob from Hold: Sarah acts first\n"
                             "  Sarah: 1d8 vs TN 4: d8 5, Wild Die 6+3 -> Wild Die 9, success, 1 raise\n"
                             "  Bad Bob: 1d8 vs TN 4: d8 1, Wild Die 4 -> Wild Die 4, success, 0 raises\n")

    combat("roll", "d8", "--as", "Velvet", *T, "--seed", 8)
    spent = combat("chips", "spend", "Velvet", "--for", "reroll", *T, "--seed", 9, "--json").json()["result"]
    assert spent["reroll"]["kept"] == "again" and spent["reroll"]["again"]["total"] == 14
    assert spent["conservation"]["conserved"]

    third = combat("action", *T, "--seed", 6, "--json").json()["result"]
    assert third["round"] == 3 and third["hold"] == []
    assert {row["name"]: row["cards"] for row in third["participants"]}["Sarah"] == ["Ac"]
    text = combat("action", *T, "--seed", 6).out
    assert text.startswith("Round 4 on tombstone")


def test_errors_are_one_or_two_lines(combat, dealer):
    combat("action", *T, "--seed", 50)
    assert_clean_error(dealer("action", "sleeve", "Sarah", *T), code=1)
    assert_clean_error(dealer("action", "act", "Sarah", *T), code=1)
    assert_clean_error(dealer("action", "interrupt", "Sarah", "--against", "Bad Bob", *T), code=1)
    assert_clean_error(dealer("action", *T, "--max-cards", 3), code=1)
    assert_clean_error(dealer("-r", "savage-worlds", "action", "Sarah=3d6"), code=1)
    assert_clean_error(dealer("chips", "spend", "Sarah", "--for", "reroll", *T), code=1)  # no roll yet
    combat("roll", "d8", "--as", "Sarah", *T, "--faces", "1 1")
    run = dealer("chips", "spend", "Sarah", "--for", "reroll", *T)
    assert_clean_error(run, code=1)
    assert "Critical Failure: it cannot be rerolled" in run.err
    assert_clean_error(dealer("roll", "d8", "--as", "Nobody", *T), code=1)
    assert_clean_error(dealer("-r", "savage-worlds", "roll", "d8", "--as", "Sarah"), code=1)  # no table
    assert_clean_error(dealer("roll", "d8", "--as", "Sarah", "--odds", *T), code=2)
    assert_clean_error(dealer("-r", "savage-worlds", "odds", "action", "RJ"), code=1)
    assert_clean_error(dealer("-r", "savage-worlds", "odds", "action", "--edges", "lucky"), code=1)
    assert_clean_error(dealer("odds", "action"), code=2)
    assert_clean_error(dealer("chips", "give", "Sarah", "--table", "nowhere"), code=1)
    assert_clean_error(dealer("table", "add", "tombstone", "Zed", "--trait", "athletics=d7"), code=2)


def test_bennies_need_no_colour_and_a_session_does_not_carry_them_over(combat):
    combat("chips", "give", "Sarah", *T)
    combat("roll", "d8", "--as", "Sarah", *T, "--faces", "2 3")
    combat("chips", "spend", "Sarah", "--for", "reroll", *T, "--seed", 1)
    combat("chips", "give", "Sarah", *T)
    doc = combat("chips", "session", *T, "--seed", 1, "--json").json()["result"]
    assert doc["players"]["Sarah"] == {"benny": 3}
    assert doc["unlimited"] is True and doc["conservation"]["conserved"]


def test_a_fresh_combat_without_a_table(dealer):
    run = dealer("-r", "savage-worlds", "action", "Sarah=level-headed", "Velvet=quick+level headed", "-m", "Bob",
                 "--seed", 4, "--json")
    assert run.code == 0, run
    rows = {row["name"]: row for row in run.json()["result"]["participants"]}
    assert rows["Velvet"]["draw"]["edges"] == ["level-headed", "quick"] and len(rows["Bob"]["cards"]) == 1


def test_odds_action_and_odds_roll(dealer):
    doc = dealer("-r", "savage-worlds", "odds", "action", "Kh", "--json").json()["result"]
    assert doc["kind"] == "odds-action-card" and doc["rows"][0]["chances"][0]["fraction"] == "7/53"
    roll = dealer("-r", "savage-worlds", "odds", "roll", "d8")
    assert roll.out == dealer("-r", "savage-worlds", "roll", "d8", "--odds").out
