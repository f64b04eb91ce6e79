"""``dealer roll``: the text of seed 000's example, JSON, repeats, odds, errors."""

import json

from tests.conftest import assert_clean_error


def test_text_shows_every_die_and_the_verdict(dealer):
    run = dealer("roll", "5d10", "--seed", 3)
    assert run.code == 0
    assert run.out.startswith("5d10 vs TN 5: ")
    assert "->" in run.out and ("success" in run.out or "failure" in run.out or "bust" in run.out)


def test_json_has_every_chain(dealer):
    doc = dealer("roll", "5d10", "--seed", 3, "--json").json()
    result = doc["result"]
    assert doc["command"] == "roll" and doc["seed"] == 3
    assert list(result) == ["kind", "dice", "count", "sides", "modifier", "tn", "rolls", "kept", "total", "bust",
                            "success", "raises", "by_hand"]
    assert len(result["rolls"]) == 5
    assert result["total"] == max(sum(chain) for chain in result["rolls"])
    again = dealer("roll", "5d10", "--seed", 3, "--json").json()
    assert again == doc


def test_count_and_jsonl(dealer):
    lines = dealer("roll", "2d6", "--count", 5, "--jsonl", "--seed", 20).out.splitlines()
    rolls = [json.loads(line) for line in lines]
    assert [r["seed"] for r in rolls] == [20, 21, 22, 23, 24]
    alone = dealer("roll", "2d6", "--seed", 22, "--json").json()
    assert alone["result"] == rolls[2]["result"]


def test_tn_and_modifier(dealer):
    result = dealer("roll", "1d6-4", "--tn", 3, "--seed", 1, "--json").json()["result"]
    assert result["modifier"] == -4 and result["tn"] == 3
    assert result["total"] == sum(result["rolls"][0]) - 4


def test_odds_table(dealer):
    run = dealer("roll", "5d10", "--odds")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].startswith("5d10 vs TN 5")
    assert lines[1].split()[0] == "bust" and "%" in lines[1]
    assert any("0 raises" in line for line in lines) and any("#" in line for line in lines)  # piped: '#' bars
    result = dealer("roll", "5d10", "--odds", "--json").json()["result"]
    assert abs(result["bust"] + result["failure"] + result["success"] - 1) < 1e-9


def test_half_rule_from_a_house_ruleset(dealer, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "deadlands"\n[dice]\nbust = "half"\n')
    majority = dealer("roll", "2d6", "--odds", "--json").json()["result"]["bust"]
    half = dealer("-r", house, "roll", "2d6", "--odds", "--json").json()["result"]["bust"]
    assert abs(majority - 1 / 36) < 1e-12 and abs(half - 11 / 36) < 1e-12


def test_bad_dice(dealer):
    for dice in ["0d6", "3d7", "d", "3d6++"]:
        run = dealer("roll", dice)
        assert_clean_error(run, code=1)
        assert "e.g." in run.err or "dice are" in run.err


def test_velvets_faces_give_the_issue_text_exactly(dealer):
    run = dealer("roll", "5d10", "--faces", "3 7 10 10 4 6 8")
    assert run.out == "5d10 vs TN 5: 3 7 10+6 10+8 4 -> 18, success, 2 raises\n"
    result = dealer("roll", "5d10", "--faces", "3,7,10,10,4,6,8", "--json").json()["result"]
    assert result["rolls"] == [[3], [7], [10, 6], [10, 8], [4]] and result["kept"] == 3


def test_faces_that_do_not_fit_are_refused(dealer):
    assert_clean_error(dealer("roll", "5d10", "--faces", "3 7 10 10"), code=1)  # the aces need rerolls
    assert_clean_error(dealer("roll", "2d6", "--faces", "3 4 5"), code=1)  # one face too many
    assert_clean_error(dealer("roll", "2d6", "--faces", "3 9"), code=1)  # no 9 on a d6
    assert_clean_error(dealer("roll", "2d6", "--faces", "x"), code=1)


def test_the_roll_object_has_the_same_keys_in_roll_action_and_hex(dealer):
    """Issue 10: one data shape for a trait roll wherever it appears."""
    rolled = dealer("roll", "3d6", "--seed", 2, "--json").json()["result"]
    action = dealer("action", "Sarah=3d6", "--seed", 2, "--json").json()["result"]["participants"][0]["quickness"]
    hexed = dealer("hex", "soul blast", "--roll", "3d6", "--level", 4, "--seed", 2, "--json").json()["result"]["roll"]
    assert list(rolled) == list(action) == list(hexed)
    assert rolled == hexed  # the same seed, the same dice (action shuffles its decks first)
