"""``dealer draw``: fresh shuffles, seeds that replay, the JSON shape, clean errors."""

import json

from tests.conftest import assert_clean_error


def test_draw_five_prints_five_codes(dealer):
    run = dealer("draw", "5", "--seed", 3)
    assert run.code == 0
    assert len(run.out.split()) == 5


def test_tarot_deck_78_distinct_with_fool_and_every_trump(dealer):
    run = dealer("-r", "weird-dust-devils", "--seed", 1, "draw", 78, "--json")
    assert run.code == 0, run
    doc = run.json()
    cards = doc["result"]["cards"]
    assert len(cards) == 78 == len(set(cards))
    assert "Fool" in cards and all(f"T{n}" in cards for n in range(1, 22))
    again = dealer("-r", "weird-dust-devils", "--seed", 1, "draw", 78, "--json").json()
    assert again["result"]["cards"] == cards
    other = dealer("-r", "weird-dust-devils", "--seed", 2, "draw", 78, "--json").json()
    assert other["result"]["cards"] != cards


def test_json_shape_is_pinned(dealer, load):
    doc = dealer("draw", 2, "--seed", 42, "--json").json()
    assert list(doc) == ["schema", "command", "ruleset", "seed", "result"]
    assert doc["schema"] == 3 and doc["command"] == "draw" and doc["ruleset"] == "deadlands"
    assert doc["seed"] == 42
    assert list(doc["result"]) == ["kind", "cards", "names"]
    deck = load("deadlands").deck
    assert doc["result"]["names"] == [deck.parse(code).name for code in doc["result"]["cards"]]


def test_seed_is_recorded_when_not_given(dealer):
    doc = dealer("draw", 5, "--json").json()
    replay = dealer("draw", 5, "--json", "--seed", doc["seed"]).json()
    assert replay["result"] == doc["result"]


def test_count_jsonl_one_line_per_deal_each_replayable(dealer):
    run = dealer("draw", 3, "--count", 4, "--jsonl", "--seed", 10)
    lines = run.out.splitlines()
    assert len(lines) == 4
    deals = [json.loads(line) for line in lines]
    assert [d["seed"] for d in deals] == [10, 11, 12, 13]
    alone = dealer("draw", 3, "--seed", 12, "--json").json()
    assert alone["result"] == deals[2]["result"]


def test_count_json_is_one_object(dealer):
    doc = dealer("draw", 2, "--count", 3, "--json", "--seed", 1).json()
    assert [d["seed"] for d in doc["result"]["deals"]] == [1, 2, 3]


def test_draw_more_than_the_deck_is_a_usage_error(dealer):
    run = dealer("draw", 55)
    assert_clean_error(run, code=2)
    assert "54" in run.err


def test_draw_zero_is_a_usage_error(dealer):
    assert_clean_error(dealer("draw", 0), code=2)


def test_global_options_before_and_after(dealer):
    before = dealer("--json", "--seed", 5, "-r", "poker-hands", "draw", 3).json()
    after = dealer("draw", 3, "--json", "--seed", 5, "-r", "poker-hands").json()
    assert before == after and before["ruleset"] == "poker-hands"


def test_ruleset_from_environment(dealer):
    run = dealer("draw", 1, "--json", env={"DEALER_RULESET": "weird-dust-devils"})
    assert run.json()["ruleset"] == "weird-dust-devils"
