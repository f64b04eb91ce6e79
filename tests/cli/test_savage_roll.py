"""``dealer roll`` with a Wild Die (savage-worlds) and ``--damage`` in both games: exact text, JSON,
replays, odds, errors."""

import json

import pytest

from tests.conftest import assert_clean_error

SW = ("-r", "savage-worlds")


def test_a_wild_card_roll_names_each_die_and_the_kept_one(dealer):
    run = dealer(*SW, "roll", "d8", "--faces", "8 6 3 2")
    assert run.code == 0
    assert run.out == "1d8 vs TN 4: d8 8+3, Wild Die 6+2 -> d8 11, success, 1 raise\n"


def test_modifiers_a_tn_and_a_kept_wild_die(dealer):
    run = dealer(*SW, "roll", "d6-1", "--tn", 6, "--faces", "2 6 6 3")
    assert run.out == "1d6-1 vs TN 6: d6 2, Wild Die 6+6+3 -> Wild Die 15-1 = 14, success, 2 raises\n"


def test_critical_failure(dealer):
    assert dealer(*SW, "roll", "d4+3", "--faces", "1 1").out == (
        "1d4+3 vs TN 4: d4 1, Wild Die 1 -> d4 1+3 = 4, Critical Failure\n")
    result = dealer(*SW, "roll", "d4+3", "--faces", "1 1", "--json").json()["result"]
    assert result["bust"] is True and result["success"] is False and result["raises"] == 0


def test_an_extra(dealer):
    assert dealer(*SW, "roll", "d12", "--extra", "--faces", "1 1").out == (
        "1d12 vs TN 4, an Extra: d12 1, check die 1 -> d12 1, Critical Failure\n")
    assert dealer(*SW, "roll", "d6", "--joker", "--extra", "--faces", "1 3").out == (
        "1d6+2 vs TN 4, an Extra, Joker +2: d6 1, check die 3 -> d6 1+2 = 3, failure\n")
    assert dealer(*SW, "roll", "d6", "--extra", "--faces", "5").out == "1d6 vs TN 4, an Extra: d6 5 -> d6 5, success, 0 raises\n"
    assert_clean_error(dealer(*SW, "roll", "d6", "--extra", "--faces", "1"), code=1)  # the check die's face is missing


def test_json_of_a_wild_card_roll(dealer):
    doc = dealer(*SW, "roll", "1d8", "--joker", "--faces", "3 6 4", "--json").json()
    assert doc["ruleset"] == "savage-worlds"
    result = doc["result"]
    assert list(result) == ["kind", "dice", "count", "sides", "modifier", "tn", "rolls", "kept", "total", "bust", "success",
                            "raises", "by_hand", "die_sides", "wild", "extra", "check", "joker"]
    assert result["dice"] == "1d8+2" and result["modifier"] == 2 and result["joker"] == 2
    assert result["rolls"] == [[3], [6, 4]] and result["die_sides"] == [8, 6] and result["wild"] == 1
    assert result["kept"] == 1 and result["total"] == 12 and result["raises"] == 2
    assert result["extra"] is False and result["check"] is None
    extra = dealer(*SW, "roll", "d8", "--extra", "--faces", "1 4", "--json").json()["result"]
    assert extra["wild"] is None and extra["extra"] is True and extra["check"] == 4 and extra["die_sides"] == [8]


def test_d8_and_1d8_are_one_roll_and_a_seed_replays_it_byte_for_byte(dealer):
    first = dealer(*SW, "roll", "d8", "--seed", 41)
    assert first.out == dealer(*SW, "roll", "1d8", "--seed", 41).out == dealer(*SW, "roll", "d8", "--seed", 41).out
    as_json = dealer(*SW, "roll", "d8", "--seed", 41, "--json")
    assert as_json.out == dealer(*SW, "roll", "d8", "--seed", 41, "--json").out
    assert as_json.json()["seed"] == 41


def test_count_replays_each_roll_alone(dealer):
    lines = dealer(*SW, "roll", "d10", "--count", 4, "--seed", 30, "--jsonl").out.splitlines()
    rolls = [json.loads(line) for line in lines]
    assert [r["seed"] for r in rolls] == [30, 31, 32, 33]
    assert all(len(r["result"]["rolls"]) == 2 for r in rolls)
    assert dealer(*SW, "roll", "d10", "--seed", 32, "--json").json()["result"] == rolls[2]["result"]
    text = dealer(*SW, "roll", "d10", "--count", 4, "--seed", 30).out.splitlines()
    assert text[2] == dealer(*SW, "roll", "d10", "--seed", 32).out.rstrip("\n")
    document = dealer(*SW, "roll", "d10", "--count", 2, "--seed", 30, "--json").json()
    assert [r["seed"] for r in document["result"]["rolls"]] == [30, 31]


def test_several_trait_dice_are_refused_with_a_wild_die(dealer):
    run = dealer(*SW, "roll", "2d8")
    assert_clean_error(run, code=1)
    assert "one trait die" in run.err and "d8" in run.err


def test_options_the_ruleset_lacks_are_usage_errors(dealer):
    for args in (["roll", "3d6", "--extra"], ["roll", "3d6", "--joker"], ["roll", "3d6", "--damage", "--raise"],
                 ["roll", "3d6", "--vs", 7], ["roll", "3d6", "--raise"], ["roll", "3d6", "--damage", "--tn", 5],
                 [*SW, "roll", "d8", "--damage", "--extra"]):
        run = dealer(*args)
        assert_clean_error(run, code=2)


@pytest.mark.parametrize("number", ["0", "-3", "10001", "9999999", "1" + "0" * 50])
def test_a_damage_number_out_of_range_names_vs_and_is_never_read_as_a_name(dealer, number):
    run = dealer("roll", "3d6", "--damage", "--vs", number)
    assert_clean_error(run, code=2)
    assert "'--vs'" in run.err and "1 to 10,000" in run.err and "add --table" not in run.err


def test_odds_of_a_wild_card(dealer):
    run = dealer(*SW, "roll", "d8", "--odds")
    lines = run.out.splitlines()
    assert lines[0] == "1d8 vs TN 4, Wild Die d6 (Critical Failure: the trait die and the Wild Die both show 1)"
    assert lines[1].split()[:3] == ["Critical", "Failure", "2.083%"]
    assert lines[2].split()[:2] == ["failure", "16.667%"]
    assert any(line.split()[:2] == ["success", "81.250%"] for line in lines)
    result = dealer(*SW, "roll", "d8", "--odds", "--json").json()["result"]
    assert result["bust"] == pytest.approx(1 / 48) and result["success"] == pytest.approx(13 / 16)
    assert result["wild_die"] == 6 and result["extra"] is False and result["check_die"] is None
    extra = dealer(*SW, "roll", "d8", "--odds", "--extra", "--json").json()["result"]
    assert extra["wild_die"] is None and extra["check_die"] == 6 and extra["success"] == pytest.approx(5 / 8)


def test_deadlands_odds_keep_their_shape(dealer):
    result = dealer("roll", "3d6", "--odds", "--json").json()["result"]
    assert list(result) == ["kind", "dice", "tn", "raise_step", "bust_rule", "bust", "failure", "success", "raises", "totals",
                            "cut"]


# -- damage -----------------------------------------------------------------------------------


def test_deadlands_damage_adds_its_dice(dealer):
    run = dealer("roll", "3d6", "--damage", "--vs", 12, "--faces", "6 2 3 4")
    assert run.out == "3d6 damage: 6+4 2 3 -> 15 vs 12: reached\n"
    assert dealer("roll", "3d6", "--damage", "--faces", "1 1 1").out == "3d6 damage: 1 1 1 -> 3\n"  # no bust


def test_savage_damage_with_a_raise_a_joker_and_toughness(dealer):
    run = dealer(*SW, "roll", "2d6+d8", "--damage", "--raise", "--joker", "--vs", 7, "--faces", "6 2 5 3 4")
    assert run.out == ("2d6+1d8+1d6+2 damage (raise +1d6, Joker +2): 6+4 2 5 3 -> 20+2 = 22 vs 7: "
                       "Shaken, 3 wounds\n")
    assert dealer(*SW, "roll", "d4", "--damage", "--vs", 5, "--faces", "3").out == "1d4 damage: 3 -> 3 vs 5: no effect\n"


def test_damage_json(dealer):
    doc = dealer(*SW, "roll", "2d6+d8+1", "--damage", "--raise", "--vs", 7, "--faces", "6 2 5 3 4", "--json").json()
    result = doc["result"]
    assert list(result) == ["kind", "dice", "count", "sides", "modifier", "tn", "rolls", "kept", "total", "bust",
                            "success", "raises", "by_hand", "die_sides", "raise_die", "joker"]
    assert result["kind"] == "damage" and result["dice"] == "2d6+1d8+1d6+1"
    assert result["rolls"] == [[6, 4], [2], [5], [3]] and result["die_sides"] == [6, 6, 8, 6]
    assert result["raise_die"] == 3 and result["kept"] is None and result["sides"] is None
    assert result["total"] == 21 and result["tn"] == 7 and result["success"] is True and result["raises"] == 3
    plain = dealer("roll", "2d6", "--damage", "--seed", 5, "--json").json()["result"]
    assert plain["tn"] is None and plain["success"] is None and plain["raises"] is None and plain["joker"] == 0


def test_damage_replays_and_counts(dealer):
    lines = dealer(*SW, "roll", "2d6+d8", "--damage", "--count", 3, "--seed", 8, "--jsonl").out.splitlines()
    rolls = [json.loads(line) for line in lines]
    assert [r["seed"] for r in rolls] == [8, 9, 10] and all(r["result"]["kind"] == "damage" for r in rolls)
    assert dealer(*SW, "roll", "2d6+d8", "--damage", "--seed", 9, "--json").json()["result"] == rolls[1]["result"]


def test_damage_odds(dealer):
    result = dealer(*SW, "roll", "2d6", "--damage", "--odds", "--vs", 7, "--json").json()["result"]
    assert result["kind"] == "damage-odds" and result["dice"] == "2d6" and result["raise_step"] == 4
    assert result["success"] == pytest.approx(7 / 12, abs=1e-12) and result["failure"] == pytest.approx(5 / 12)
    assert result["raises"][0] == pytest.approx(1 / 3, abs=1e-12)  # 7 to 10: 12 ways of 36 without an ace
    totals = dict(result["totals"])
    assert totals[2] == pytest.approx(1 / 36) and totals[6] == pytest.approx(5 / 36)
    assert result["cut"] < 1e-12
    text = dealer(*SW, "roll", "2d6", "--damage", "--odds", "--vs", 7).out.splitlines()
    assert text[0] == "2d6 damage: every die aces, all are added; exact odds"
    assert "against 7:" in text and any(line.split()[:3] == ["Shaken", "33.333%", "#############"] for line in text)
    deadlands = dealer("roll", "3d6", "--damage", "--odds", "--vs", 12, "--json").json()["result"]
    assert deadlands["raises"] is None and deadlands["raise_step"] is None
    assert "reached" in dealer("roll", "3d6", "--damage", "--odds", "--vs", 12).out


def test_bad_damage(dealer):
    for dice in ("2d6-d4", "3d7", "d6++1", "2x6"):
        run = dealer(*SW, "roll", dice, "--damage")
        assert_clean_error(run, code=1)
        assert "e.g." in run.err or "dice are" in run.err or "subtracted" in run.err
