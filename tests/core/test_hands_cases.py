"""Data-driven hand cases: tests/cases/hands/*.toml, one file per shipped ruleset."""

import tomllib
from pathlib import Path

import pytest

from dealer.store import rulesets as store

CASES = Path(__file__).resolve().parent.parent / "cases" / "hands"


def _load_cases():
    cases, compares = [], []
    for path in sorted(CASES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for case in data.get("case", []):
            cases.append(pytest.param(data["ruleset"], case, id=f"{path.stem}: {case['name']}"))
        for case in data.get("compare", []):
            compares.append(pytest.param(data["ruleset"], case, id=f"{path.stem}: {case['name']}"))
    return cases, compares


CASE_LIST, COMPARE_LIST = _load_cases()


def context_of(ruleset, case):
    name = case.get("context")
    context = ruleset.context("" if name == "none" else name)
    if "wild_pick" in case:
        context = context.with_wild(ruleset.deck.parse_many(case["wild_pick"]))
    return context


@pytest.mark.parametrize("ruleset_name, case", CASE_LIST)
def test_case(load, ruleset_name, case):
    ruleset = load(ruleset_name)
    cards = ruleset.deck.parse_many(case["cards"])
    hand = ruleset.ranking.best(cards, context_of(ruleset, case))
    assert hand.rank.id == case["rank"]
    if "wilds" in case:
        assert hand.substitutions() == case["wilds"]
    if "play" in case:
        assert sorted(c.code for c in hand.played) == sorted(case["play"].split())
    for key in ("harm", "effect"):
        if key in case:
            assert getattr(hand.rank, key) == case[key]
    if "arcane" in case:
        assert hand.arcane == case["arcane"]
    for threshold, expected in case.get("meets", {}).items():
        assert ruleset.ranking.meets(hand, ruleset.threshold(threshold)) is expected, threshold


@pytest.mark.parametrize("ruleset_name, case", COMPARE_LIST)
def test_compare(load, ruleset_name, case):
    ruleset = load(ruleset_name)
    context = context_of(ruleset, case)
    first = ruleset.ranking.best(ruleset.deck.parse_many(case["first"]), context)
    second = ruleset.ranking.best(ruleset.deck.parse_many(case["second"]), context)
    outcome = {1: "first", -1: "second", 0: "tie"}[ruleset.ranking.compare(first, second)]
    assert outcome == case["winner"], (first.key, second.key)


def test_every_rank_of_every_shipped_ruleset_has_a_case():
    covered = {}
    for param in CASE_LIST:
        ruleset_name, case = param.values
        covered.setdefault(ruleset_name, set()).add(case["rank"])
    for name in store.builtin_names():
        ranks = {rank.id for rank in store.load(name).hand_ranks}
        assert ranks <= covered.get(name, set()), (name, ranks - covered.get(name, set()))
