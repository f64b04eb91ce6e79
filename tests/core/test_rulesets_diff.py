"""``dealer.core.rulesets_diff`` without click: each figure a house rule changes, computed again here
by a separate method (a brute force over a small deck's hands, exact acing-dice sums, the
hypergeometric of Jokers drawn), a ruleset against itself changing nothing, questions only one
ruleset plays or can ask."""

from __future__ import annotations

import random
from collections import Counter as Tally
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest

from dealer.core.rulesets_diff import diff
from dealer.core.standard_odds import QUICKNESS, ask_section
from dealer.store.rulesets import load as load_spec
from tests.conftest import SHIPPED


def house(tmp_path, text, name="house"):
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return load_spec(str(path))


def section(result, section_id):
    return next(item for item in result["sections"] if item["id"] == section_id)


def rows(result, section_id):
    return {row["question"]: row for row in section(result, section_id)["rows"]}


# -- the same rules twice ------------------------------------------------------------------------


def assert_no_change(result):
    assert result["changed"] == 0 and result["only"] == 0 and result["figures"] > 0
    assert all(not item["rows"] for item in result["sections"])


@pytest.mark.parametrize("name", ["poker-hands", "savage-worlds"])
def test_a_ruleset_against_itself_changes_nothing_simulated_figures_too(load, name):
    every = diff(load(name), load(name), seed=5, every=True)
    assert every["changed"] == 0 and every["only"] == 0 and every["same_rules"]
    listed = [row for item in every["sections"] for row in item["rows"]]
    assert len(listed) == every["figures"] and all(row["a"] == row["b"] and row["change"] == 0 for row in listed)
    if name == "poker-hands":  # two contestants are dealt, the same seed on both sides
        assert every["seed"] == 5 and any(row["method"]["a"] == "simulated" for row in listed)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_against_itself_changes_nothing(load, name):
    assert_no_change(diff(load(name), load(name), seed=11))


def test_a_house_file_that_only_renames_is_the_same_rules(load, tmp_path):
    renamed = house(tmp_path, 'extends = "dust-devils"\nname = "mine"\ntitle = "Ours"\n')
    result = diff(load("dust-devils"), renamed, seed=1, sections=("deck", "hands", "rolls"))
    assert_no_change(result)
    assert result["same_rules"] and (result["a"]["label"], result["b"]["label"]) == ("dust-devils", "mine")


# -- hands: a short deck, brute force ------------------------------------------------------------

NINE_TO_ACE = """extends = "dust-devils"
name = "short"
[deck]
ranks = [{code = "9", name = "nine"}, {code = "10", name = "ten"}, {code = "J", name = "jack"},
         {code = "Q", name = "queen"}, {code = "K", name = "king"}, {code = "A", name = "ace"}]
"""


def classify(cards, ace):
    """The standard ladder's category of five plain cards ``(position, suit)``, by hand: an
    oracle written apart from dealer's evaluator. ``ace``: the position of the top rank, which also
    plays below the lowest (A-9-10-J-Q in a nine-to-ace deck)."""
    counts = sorted(Tally(position for position, _ in cards).values(), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    positions = {position for position, _ in cards}
    straight = len(positions) == 5 and (max(positions) - min(positions) == 4 or positions == {0, 1, 2, 3, ace})
    if straight and flush:
        return "straight-flush"
    if counts[0] == 4:
        return "four-of-a-kind"
    if counts[:2] == [3, 2]:
        return "full-house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three-of-a-kind"
    if counts[:2] == [2, 2]:
        return "two-pair"
    return "pair" if counts[0] == 2 else "high-card"


def standard_52():
    """The classic five-card counts of a 52-card deck, from their closed forms."""
    straights = 10 * 4 ** 5
    flushes = 4 * comb(13, 5)
    return {"straight-flush": 40, "four-of-a-kind": 13 * 48, "full-house": 13 * 4 * 12 * 6,
            "flush": flushes - 40, "straight": straights - 40,
            "three-of-a-kind": 13 * 4 * comb(12, 2) * 16, "two-pair": comb(13, 2) * 36 * 44,
            "pair": 13 * 6 * comb(12, 3) * 64, "high-card": (comb(13, 5) - 10) * (4 ** 5 - 4)}


def test_a_short_deck_changes_every_five_card_figure_as_a_brute_force_counts(load, tmp_path):
    short = house(tmp_path, NINE_TO_ACE)
    deck = [(position, suit) for position in range(6) for suit in range(4)]
    brute = Tally(classify(hand, ace=5) for hand in combinations(deck, 5))
    assert sum(brute.values()) == comb(24, 5) and brute["straight"] == 3 * (4 ** 5 - 4)  # 9-K, 10-A, A-9-Q
    result = diff(load("dust-devils"), short, seed=1, every=True, sections=("deck", "hands"))
    hands = rows(result, "hands")
    for rank_id, count in standard_52().items():
        row = next(r for r in hands.values() if r["ask"] == "5 cards" and r["figure"] == rank_id)
        assert row["a"] == pytest.approx(count / comb(52, 5), abs=1e-15)
        assert row["b"] == pytest.approx(brute[rank_id] / comb(24, 5), abs=1e-15)
        assert row["change"] == pytest.approx(row["b"] - row["a"], abs=1e-15)
        assert row["odds"] == {"a": "odds hand 5", "b": "odds hand 5"} and row["changed"]
    deck_rows = rows(result, "deck")
    assert (deck_rows["cards in the deck"]["a"], deck_rows["cards in the deck"]["b"]) == (52, 24)
    assert deck_rows["cards in the deck"]["change"] == -28 and not deck_rows["trumps"]["changed"]


# -- trait rolls and hexes: exact acing dice ------------------------------------------------------


@cache
def at_least(total, sides):
    """P(one acing die totals at least ``total``): a face below the top stops; the top adds and rolls again."""
    if total <= 1:
        return Fraction(1)
    stops = sum(1 for face in range(1, sides) if face >= total)
    return Fraction(stops, sides) + Fraction(1, sides) * at_least(total - sides, sides)


def trait_roll(count, sides, tn, step=5):
    """Exact success, a raise or more and bust of ``count`` acing dice, highest kept, bust when more
    than half show 1: summed over how many dice show 1 (a 1 never reaches TN 2 or more)."""
    one = Fraction(1, sides)
    beyond = {t: at_least(t, sides) / (1 - one) for t in (tn, tn + step)}  # given the die shows no 1

    def reach(t):
        return sum(comb(count, ones) * one ** ones * (1 - one) ** (count - ones) * (1 - (1 - beyond[t]) ** (count - ones))
                   for ones in range(count + 1) if 2 * ones <= count)
    bust = sum(comb(count, ones) * one ** ones * (1 - one) ** (count - ones)
               for ones in range(count + 1) if 2 * ones > count)
    return {"success": reach(tn), "raise": reach(tn + step), "bust": bust}


def test_a_higher_tn_changes_each_pool_as_the_exact_sums_say(load, tmp_path):
    hard = house(tmp_path, 'extends = "deadlands"\n[dice]\ntn = 7\n')
    result = diff(load("deadlands"), hard, seed=1, sections=("rolls",))
    changed = rows(result, "rolls")
    pools = {row["ask"] for row in changed.values()}
    assert len(pools) == 20 and {"1d6", "3d8", "5d12"} <= pools
    for row in changed.values():
        count, sides = map(int, row["ask"].split("d"))
        for side, tn in (("a", 5), ("b", 7)):
            assert row[side] == pytest.approx(float(trait_roll(count, sides, tn)[row["figure"]]), abs=1e-9), row
    assert not any(row["figure"] == "bust" for row in changed.values())  # a bust does not care for the TN
    assert changed["1d6: success"]["b"] == pytest.approx(1 / 6) and changed["1d6: a raise or more"]["b"] == pytest.approx(1 / 36)


def test_a_hex_tn_changes_the_roll_of_every_level(load, tmp_path):
    hard = house(tmp_path, 'extends = "deadlands"\n[hex]\ntn = 7\n')
    result = diff(load("deadlands"), hard, seed=1, sections=("hex", "rolls"))
    hexes = rows(result, "hex")
    for level in range(1, 6):
        exact = trait_roll(level, 8, 7)
        fails = hexes[f"level {level} ({level}d8): roll fails"]
        assert fails["b"] == pytest.approx(float(1 - exact["success"] - exact["bust"]), abs=1e-9)
        assert fails["odds"]["b"] == f"odds hex --roll {level}d8 --level {level} --min pair --tn 7"
        assert f"level {level} ({level}d8): bust" not in hexes  # the same dice bust alike
    assert section(result, "rolls")["changed"] == 0  # the hex rolls against [hex] tn, the trait rolls [dice] tn


# -- Jokers: the hypergeometric ---------------------------------------------------------------------


def any_of(deck, special, drawn):
    return 1 - Fraction(comb(deck - special, drawn), comb(deck, drawn))


def test_one_joker_halves_breakdowns_joker_draws_and_a_spells_bust_cards(load, tmp_path):
    one = house(tmp_path, 'extends = "poker-hands"\nname = "one-joker"\nremove_cards = ["BJ"]\n')
    result = diff(load("poker-hands"), one, seed=3, sections=("deck", "hex", "gadget", "action"))
    gadget = rows(result, "gadget")
    for reliability in range(1, 11):
        row = gadget[f"reliability {reliability}: breakdown"]
        assert row["a"] == pytest.approx(float(any_of(54, 2, reliability)), abs=1e-15)
        assert row["b"] == pytest.approx(reliability / 53, abs=1e-15)
    spells = rows(result, "hex")
    for skill in range(6):
        assert spells[f"skill {skill}: a Joker drawn"]["b"] == pytest.approx((5 + skill) / 53, abs=1e-15)
    action = rows(result, "action")
    assert action["a round's deal: one character: a Joker dealt"]["b"] == pytest.approx(5 / 53)
    assert action["a round's deal: 4 characters, one deck: a Joker dealt"]["b"] == pytest.approx(20 / 53)
    assert action["a round's deal: 4 characters, one deck: a Joker dealt"]["a"] == pytest.approx(
        float(any_of(54, 2, 20)))
    assert rows(result, "deck")["Jokers and other special cards"]["change"] == -1


def test_one_card_each_a_round_deals_a_joker_as_often_as_two_in_fifty_four(load):
    action = {f.ask: f.value for f in ask_section(load("savage-worlds"), "action", seed=1).figures}
    assert action["a round's deal: one character"] == pytest.approx(2 / 54)
    assert action["a round's deal: 4 characters, one deck"] == pytest.approx(float(any_of(54, 2, 4)))


def test_a_quickness_rolls_cards_hold_a_joker_as_its_exact_odds_say(load):
    """Deadlands: 1 card on success, +1 a raise, at most 5 (none on a failure or a bust), from a
    side's 54-card deck; four characters draw from the same deck."""
    found = ask_section(load("deadlands"), "action", seed=1)
    exact = {}
    for raises in range(5):
        exact[raises + 1] = trait_roll(3, 8, 5 + 5 * raises)["success"]  # P(at least raises+1 cards)
    cards = {k: exact[k] - exact.get(k + 1, 0) for k in range(1, 6)}
    cards[5] = exact[5]
    cards[0] = 1 - exact[1]
    one = sum(p * any_of(54, 2, k) for k, p in cards.items())
    party = {0: Fraction(1)}
    for _ in range(4):
        party = {total: sum(p * cards.get(total - k, 0) for k, p in party.items()) for total in range(21)}
    four = sum(p * any_of(54, 2, k) for k, p in party.items())
    figures = {(f.ask, f.key): f.value for f in found.figures}
    assert figures[("a round's deal: one character", "joker")] == pytest.approx(float(one), abs=1e-9)
    assert figures[("a round's deal: 4 characters, one deck", "joker")] == pytest.approx(float(four), abs=1e-9)
    assert figures[("Quickness 3d8", "none")] == pytest.approx(float(cards[0]), abs=1e-9)
    assert {ask for ask, _ in figures if ask.startswith("Quickness")} == {f"Quickness {dice}" for dice in QUICKNESS}


def test_a_tarot_hand_is_arcane_exactly_when_it_holds_a_trump_or_a_wild(load):
    """The figure counts the hands the conflict's own best_arcane finds an Arcane hand in."""
    from dealer.core.mechanics.conflict.scores import best_arcane

    wdd = load("weird-dust-devils")
    context = wdd.context("conflict")
    tarot = {f.ask: f.value for f in ask_section(wdd, "tarot", seed=1).figures}
    arcane = [card for card in wdd.deck if card.kind == "trump" or card in context.wild]
    assert len(arcane) == 22  # 21 Trumps (the Wheel among them) and the Fool
    assert tarot["5 cards"] == pytest.approx(float(any_of(78, 22, 5)))
    assert tarot["7 cards"] == pytest.approx(float(any_of(78, 22, 7)))
    rng = random.Random(4)
    for _ in range(150):
        cards = rng.sample(list(wdd.deck), 5)
        assert (best_arcane(wdd, cards, context) is not None) == any(card in arcane for card in cards)


# -- one side only ----------------------------------------------------------------------------------


def test_a_mechanic_one_ruleset_plays_is_listed_as_such(load):
    result = diff(load("deadlands"), load("poker-hands"), seed=2, sections=("tarot", "hex", "gadget"))
    gadget = section(result, "gadget")
    assert gadget["plays"] == {"a": False, "b": True} and gadget["rows"] == [] and gadget["only"] == 10
    every = section(diff(load("deadlands"), load("poker-hands"), seed=2, every=True, sections=("gadget",)), "gadget")
    assert all(row["a"] is None and row["change"] is None and row["b"] > 0 for row in every["rows"])
    hexes = section(result, "hex")  # both cast, by different questions: a huckster's levels, a spell's skill
    assert hexes["plays"] == {"a": True, "b": True} and hexes["figures"] == 0
    assert {row["ask"] for row in hexes["rows"] if row["b"] is None} == {f"level {n} ({n}d8)" for n in range(1, 6)}
    assert hexes["only_asks"] == {"a": [f"level {n} ({n}d8)" for n in range(1, 6)],
                                  "b": [f"skill {n}" for n in range(6)]}
    assert section(result, "tarot")["plays"] == {"a": False, "b": False}


def test_a_question_a_ruleset_cannot_ask_is_refused_with_the_reason(load, tmp_path):
    no_d8 = house(tmp_path, 'extends = "deadlands"\n[dice]\nsides = [6, 10]\n')
    result = diff(load("deadlands"), no_d8, seed=1, sections=("rolls", "hex"))
    refused = section(result, "hex")["refused"]["b"]
    assert set(refused) == {f"level {n} ({n}d8)" for n in range(1, 6)} and "no d8" in refused["level 3 (3d8)"]
    rolls = section(result, "rolls")
    assert "1d8" in rolls["refused"]["b"] and "1d12" in rolls["refused"]["b"]
    assert rows(result, "rolls")["3d8: success"]["b"] is None and "3d6: success" not in rows(result, "rolls")


# -- simulated figures --------------------------------------------------------------------------------


def test_simulated_figures_are_seeded_and_replay(load):
    wdd, dd = load("weird-dust-devils"), load("dust-devils")
    first = diff(dd, wdd, seed=21, every=True, sections=("conflict",))
    assert first["seed"] == 21
    conflict = rows(first, "conflict")
    again = {(f.ask, f.key): f.value for f in ask_section(dd, "conflict", seed=21).figures}
    assert {(row["ask"], row["figure"]): row["a"] for row in conflict.values() if row["a"] is not None} == again
    even = conflict["3+3 vs 3+3: Doc wins"]
    assert even["method"] == {"a": "simulated", "b": "simulated"} and even["stderr"]["a"] > 0
    assert even["odds"]["b"] == "odds conflict Doc=hand=3,eye=3 Kid=hand=3,eye=3 --scores hand,eye " \
                                "--samples 5000 --seed 21"
    assert abs(even["a"] - 0.5) < 0.05 and abs(even["b"] - 0.5) < 0.05  # even Scores, either deck
    assert even["within_noise"] == (abs(even["change"]) <= 2 * (even["stderr"]["a"] ** 2 + even["stderr"]["b"] ** 2) ** 0.5)
    power = conflict["2+2 and Power 2 vs 3+3: Doc wins"]
    assert power["a"] is None and power["b"] > 0  # dust-devils has no Power
    other = {(f.ask, f.key): f.value for f in ask_section(dd, "conflict", seed=22).figures}
    assert other[("3+3 vs 3+3", "first")] != even["a"]
    counted = diff(load("deadlands"), load("savage-worlds"), seed=21)
    assert counted["seed"] is None  # nothing was dealt at random
