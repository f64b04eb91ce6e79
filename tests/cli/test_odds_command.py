"""``dealer odds``: text and JSON, exact fractions, methods, and clean errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import assert_clean_error


def test_hand_odds_text_lists_every_rank_with_exact_counts(dealer):
    run = dealer("odds", "hand", "5", "--ascii")
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0].startswith("best hand of 5 cards from 54 (huckster: RJ any, BJ any): counted exactly")
    assert lines[1].split()[:4] == ["Five", "of", "a", "Kind"] and "78" in lines[1] and "1 in 40,545" in lines[1]
    assert "█" not in run.out
    assert lines[-1].split()[:2] == ["total", "3,162,510"]


def test_hand_odds_json_has_fractions_beside_floats(dealer):
    run = dealer("odds", "hand", "7", "--json", "-r", "poker-hands", "--context", "none", "--min", "two pair")
    assert run.code == 0, run
    data = run.json()
    result = data["result"]
    assert data["command"] == "odds hand" and result["method"] == "counted" and result["total"] == 177100560
    assert "seconds" not in result and "seconds" not in result["min"]  # a seeded run prints the same bytes
    for row in result["ranks"]:
        assert Fraction(row["fraction"]) == Fraction(row["count"], result["total"])
        assert row["probability"] == pytest.approx(row["count"] / result["total"])
    assert sum(row["count"] for row in result["ranks"]) == result["total"]
    at_least = sum(row["count"] for row in result["ranks"][:9])  # two pair and above
    assert result["min"]["count"] == at_least and result["min"]["method"] == "counted"


def test_hand_odds_with_held_cards_are_counted(dealer):
    run = dealer("odds", "hand", "5", "--holding", "Ah Ad", "--min", "pair", "--json")
    result = run.json()["result"]
    assert result["method"] == "counted" and result["held"] == ["Ah", "Ad"] and result["pool"] == 52
    assert result["min"]["fraction"] == "1"


def test_hand_odds_from_a_thinned_deck(dealer):
    run = dealer("odds", "hand", "2", "--deck-left", "As Ah Kc 2d", "--min", "pair", "--json")
    result = run.json()["result"]
    assert result["total"] == 6 and result["min"]["fraction"] == "1/6"


def test_simulated_hand_odds_report_seed_samples_and_errors(dealer):
    run = dealer("odds", "hand", "5", "--simulate", "--samples", "500", "--seed", "4", "--json")
    data = run.json()
    result = data["result"]
    assert result["method"] == "simulated" and result["samples"] == 500 and data["seed"] == 4
    assert all("stderr" in row and "fraction" not in row for row in result["ranks"])
    again = dealer("odds", "hand", "5", "--simulate", "--samples", "500", "--seed", "4", "--json").json()
    assert again["result"]["ranks"] == result["ranks"]
    assert "simulating" not in run.err  # no progress bar when the output is JSON (or not a terminal)


def test_tarot_hand_odds_are_counted(dealer):
    run = dealer("-r", "weird-dust-devils", "odds", "hand", "5", "--json")
    result = run.json()["result"]
    assert result["method"] == "counted" and result["total"] == 21111090
    assert result["ranks"][0] == {"id": "ordered-five", "name": "Ordered Five", "count": 206,
                                  "probability": 206 / 21111090, "one_in": round(21111090 / 206, 2),
                                  "fraction": "103/10555545"}


def test_hex_odds_for_soul_blast(dealer):
    run = dealer("odds", "hex", "soul blast", "--dice", "5d10", "--level", "4", "--json")
    assert run.code == 0, run
    result = run.json()["result"]
    assert result["hex"] == "soul blast" and result["minimum"] == "ace" and result["method"] == "counted"
    total = result["works"] + result["fizzles"] + result["failure"] + result["bust"] + result["cut"]
    assert total == pytest.approx(1.0, abs=1e-9)
    assert result["backlash_cards"]["RJ"] == 0 and result["backlash_cards"]["BJ"] > 0
    assert sum(result["severity"].values()) == pytest.approx(1.0, abs=1e-9)
    text = dealer("odds", "hex", "soul blast", "--dice", "5d10", "--level", "4").out
    assert "works" in text and "RJ drawn" in text and "(no backlash at level 4)" in text


def test_spell_odds_for_poker_hands(dealer):
    run = dealer("-r", "poker-hands", "odds", "hex", "--skill", "0", "--json")
    result = run.json()["result"]
    assert result["cards"] == 5 and result["method"] == "counted"
    assert Fraction(result["success"]["fraction"]) == Fraction(1475586, 3162510)
    assert set(result["effects"]) == {"Basic Success", "Impressive Success", "Kicking Ass",
                                      "...and taking names too"}


def test_action_odds_match_roll_odds(dealer):
    action = dealer("odds", "action", "3d6", "--json").json()["result"]
    roll = dealer("roll", "3d6", "--odds", "--json").json()["result"]
    cards = {row["cards"]: row["probability"] for row in action["cards"]}
    assert sum(cards.values()) + action["cut"] == pytest.approx(1.0, abs=1e-12)
    assert cards[0] == pytest.approx(roll["bust"] + roll["failure"])
    assert [cards[k] for k in range(1, 5)] == pytest.approx(roll["raises"][:4])
    assert cards[5] == pytest.approx(sum(roll["raises"][4:]))


def test_gadget_odds_are_exact(dealer):
    one = dealer("-r", "poker-hands", "odds", "gadget", "--reliability", "1", "--json").json()["result"]
    five = dealer("-r", "poker-hands", "odds", "gadget", "--reliability", "5", "--json").json()["result"]
    assert one["breakdown"]["fraction"] == "1/27"
    assert five["breakdown"]["fraction"] == "85/477"
    text = dealer("-r", "poker-hands", "odds", "gadget", "--reliability", "5", "--fail-hand", "7", "--ascii").out
    assert "85/477" in text and "fail hand of 7 cards" in text


@pytest.mark.parametrize("args, code", [
    (["hand", "55"], 2),
    (["hand", "0"], 2),
    (["hand", "-3"], 2),
    (["hand", "five"], 2),
    (["hand", "5", "--min", "royal straight"], 1),
    (["hand", "5", "--context", "saloon"], 1),
    (["hand", "5", "--samples", "0"], 2),
    (["hand", "5", "--holding", "Zz"], 1),
    (["hand", "5", "--holding", "As as"], 1),
    (["hand", "2", "--holding", "As Kd 3c"], 1),
    (["hand", "5", "--holding", "As", "--deck-left", "As Kd 3c 4c 5c 6c"], 1),
    (["hand", "5", "--deck-left", "As Kd"], 1),
    (["hex", "soul blast", "--level", "4"], 2),
    (["hex", "soul blast", "--dice", "5d10"], 2),
    (["hex", "fireball", "--dice", "5d10", "--level", "4"], 1),
    (["hex", "--min", "pair", "--dice", "5d7", "--level", "4"], 1),
    (["action", "3x6"], 1),
    (["gadget", "--reliability", "0"], 1),
    (["gadget"], 2),
])
def test_bad_input_is_a_short_error(dealer, args, code):
    assert_clean_error(dealer("odds", *args), code)


def test_spell_errors_are_short(dealer):
    assert_clean_error(dealer("-r", "poker-hands", "odds", "hex", "--skill", "2", "--wild-pick"), 1)
    assert_clean_error(dealer("-r", "poker-hands", "odds", "hex"), 2)
    assert_clean_error(dealer("-r", "poker-hands", "odds", "action", "3d6"), 1)


def test_odds_help_has_examples(dealer):
    run = dealer("odds", "--help")
    assert run.code == 0 and "dealer odds hand 7" in run.out
    for sub in ("hand", "hex", "action", "gadget"):
        assert "Examples:" in dealer("odds", sub, "--help").out


class _Terminal:
    """A stand-in stderr that says it is a terminal and keeps what is written."""

    def __init__(self, tty):
        self.tty = tty
        self.text = ""

    def isatty(self):
        return self.tty

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_odds_conflict_text_and_json(dealer):
    args = ["-r", "weird-dust-devils", "odds", "conflict", "Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2",
            "--scores", "hand,eye", "--power", "Doc", "--samples", 200, "--seed", 5]
    text = dealer(*args)
    assert text.code == 0 and text.out.startswith("who wins: simulated, 200 deals (seed 5)"), text
    data = dealer(*args, "--json").json()
    assert data["seed"] == 5 and set(data["result"]["participants"]) == {"Doc", "Kid"}
    assert dealer("-r", "weird-dust-devils", "odds", "conflict", "Doc=hand=1", "--samples", 0).code == 2


def test_odds_conflict_seeded_runs_print_the_same_bytes(dealer):
    args = ["-r", "poker-hands", "odds", "conflict", "Sam=3", "Bob=2", "--helper", "Al=3", "--samples", 3000,
            "--seed", 11]
    first, again = dealer(*args), dealer(*args)
    assert first.code == 0 and first.out == again.out
    assert dealer(*args, "--json").out == dealer(*args, "--json").out


def test_odds_conflict_counts_a_lone_contestant_against_a_target(dealer):
    """``odds conflict Sam=3 --target "two pair"`` is an ``odds hex --skill 3`` question: counted."""
    args = ["-r", "poker-hands", "odds", "conflict", "Sam=3", "--target", "two pair"]
    text = dealer(*args)
    assert text.out.splitlines() == ["who meets the target: counted exactly, 1,040,465,790 hands",
                                     "  Sam   54.851%  ################"], text
    result = dealer(*args, "--json", "--seed", 3).json()
    spell = dealer("-r", "poker-hands", "odds", "hex", "--skill", 3, "--target", "two pair", "--json").json()
    assert result["seed"] is None and result["result"]["method"] == "counted"
    assert result["result"]["participants"]["Sam"]["count"] == spell["result"]["success"]["count"]
    assert result["result"]["hands"] == 1_040_465_790 and result["result"]["samples"] == 0


def test_odds_conflict_refuses_an_option_it_does_not_offer(dealer):
    """Once taken for two participants named '--fear' and '2', and dealt."""
    run = dealer("-r", "poker-hands", "odds", "conflict", "Sam=3", "--fear", "2")
    assert run.code == 2 and "No such option '--fear'" in run.err, run


def test_odds_hex_min_names_a_spells_target(dealer):
    """Issue 22: ``--min`` names the spell's target in both games; ``--target`` is its old, unlisted name."""
    by_min = dealer("-r", "poker-hands", "odds", "hex", "--skill", 2, "--min", "two pair", "--json").json()
    by_target = dealer("-r", "poker-hands", "odds", "hex", "--skill", 2, "--target", "two pair", "--json").json()
    default = dealer("-r", "poker-hands", "odds", "hex", "--skill", 2, "--json").json()
    assert by_min["result"] == by_target["result"] != default["result"]
    assert by_min["result"]["success"]["count"] < default["result"]["success"]["count"]
    for command in (["hex", "--help"], ["odds", "hex", "--help"]):
        help_text = dealer(*command).out
        assert help_text.count("--min HAND") == 1 and "--target" not in help_text, command
    for command in (["odds", "hex"], ["hex"]):  # one hand, two names: never one silently dropped
        both = dealer("-r", "poker-hands", *command, "--skill", 2, "--min", "pair", "--target", "two pair")
        assert both.code == 2 and "--min and --target name one hand" in both.err, both


@pytest.mark.parametrize("ruleset", ["weird-dust-devils", "poker-hands", "deadlands"])
@pytest.mark.parametrize("word", ["harm", "clear", "show"])
def test_odds_conflict_refuses_a_table_word(dealer, ruleset, word):
    """Once an internal error (TypeError: not a conflict to deal: HarmRequest)."""
    run = dealer("-r", ruleset, "odds", "conflict", word, "Doc=2", "Kid=1")
    assert run.code == 2 and f"dealer conflict {word}" in run.err and "internal" not in run.err, run
