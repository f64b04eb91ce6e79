"""SWADE's action deck (savage-worlds): one card a round, the Edges that change the draw, Jokers, Jokers
Wild, Hold, and a Benny's reroll, with decks stacked by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import action as act
from dealer.core.mechanics.action import common, edges, hold, moves
from dealer.core.mechanics.chips import ChipsState, conservation
from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend
from dealer.core.mechanics.last_roll import LastRolls, RollAsRequest, RollError, resolve_roll_as
from dealer.core.piles import Piles
from dealer.core.table import Table


@pytest.fixture
def sw(load):
    return load("savage-worlds")


def stacked(ruleset, top):
    rest = [card.code for card in ruleset.deck if card.code not in top]
    return Piles(list(top) + rest)


def person(side="heroes", **traits):
    return {"side": side, "traits": traits}


def table_with(ruleset, top, roster):
    return Table(ruleset, name="t", decks={"action": stacked(ruleset, top)}, roster=roster)


def deal(ruleset, table, *posse, marshal=(), seed=1):
    request = common.round_request(ruleset, posse, marshal)
    return act.resolve(ruleset, request, table, random.Random(seed)).to_data()


def by_name(result):
    return {row["name"]: row for row in result["participants"]}


def test_one_card_each_from_one_shared_deck_counted_down_by_suit(sw):
    table = table_with(sw, ["Qc", "Qs", "9h", "Qh"], {"A": person(), "B": person(), "C": person("gm"),
                                                       "D": person("gm")})
    result = deal(sw, table)
    assert [(e["card"], e["name"]) for e in result["countdown"]] == [("Qs", "B"), ("Qh", "D"), ("Qc", "A"),
                                                                      ("9h", "C")]
    assert set(table.decks) == {"action"} and len(table.decks["action"].draw_pile) == 50
    assert "quickness" not in by_name(result)["A"]


def test_level_headed_acts_on_the_best_and_the_other_card_is_discarded(sw):
    table = table_with(sw, ["4c", "Qh"], {"Sarah": person(edges="Level Headed, Marksman")})
    row = by_name(deal(sw, table))["Sarah"]
    assert row["cards"] == ["Qh"] and row["draw"]["drawn"] == ["4c", "Qh"] and row["draw"]["discarded"] == ["4c"]
    assert table.decks["action"].discards == ["4c"]


def test_improved_level_headed_replaces_level_headed(sw):
    table = table_with(sw, ["4c", "2d", "9s", "Ah"], {"Sarah": person(edges="level headed, improved level headed")})
    row = by_name(deal(sw, table))["Sarah"]
    assert row["draw"]["drawn"] == ["4c", "2d", "9s"] and row["cards"] == ["9s"]


def test_quick_draws_again_and_again_until_above_five(sw):
    table = table_with(sw, ["3c", "2c", "5s", "4d", "6c"], {"Velvet": person(edges="quick")})
    row = by_name(deal(sw, table))["Velvet"]
    assert row["cards"] == ["6c"] and row["draw"]["redrawn"] == ["2c", "5s", "4d", "6c"]
    assert sorted(table.decks["action"].discards) == sorted(["3c", "2c", "5s", "4d"])


def test_quick_keeps_a_joker_and_level_headed_chooses_first(sw):
    table = table_with(sw, ["3c", "BJ"], {"Velvet": person(edges="quick")})
    assert by_name(deal(sw, table))["Velvet"]["cards"] == ["BJ"]
    table = table_with(sw, ["3c", "5d", "Kc"], {"Velvet": person(edges="quick, level headed")})
    row = by_name(deal(sw, table))["Velvet"]
    assert row["draw"]["drawn"] == ["3c", "5d"] and row["draw"]["redrawn"] == ["Kc"] and row["cards"] == ["Kc"]


def test_hesitant_acts_on_the_lowest_unless_one_is_a_joker(sw):
    table = table_with(sw, ["Kd", "4s"], {"Doc": person(hindrances="hesitant")})
    assert by_name(deal(sw, table))["Doc"]["cards"] == ["4s"]
    table = table_with(sw, ["2c", "RJ"], {"Doc": person(hindrances="hesitant")})
    result = deal(sw, table)
    assert by_name(result)["Doc"]["cards"] == ["RJ"]
    assert result["any_time"] == [{"card": "RJ", "name": "Doc", "side": "heroes", "bonus": 2}]


def test_level_headed_and_hesitant_cancel_and_hesitant_quick_redraws_the_lowest(sw):
    table = table_with(sw, ["Kd", "4s"], {"Doc": person(edges="level headed", hindrances="hesitant")})
    assert by_name(deal(sw, table))["Doc"]["cards"] == ["Kd"]
    table = table_with(sw, ["Kd", "4s", "8h"], {"Doc": person(edges="quick", hindrances="hesitant")})
    row = by_name(deal(sw, table))["Doc"]
    assert row["draw"]["drawn"] == ["Kd", "4s"] and row["draw"]["redrawn"] == ["8h"] and row["cards"] == ["8h"]


def test_quick_with_the_deck_run_out_mid_round_reshuffles_the_discards(sw):
    low = ["2s", "2h", "2d", "3s"]
    piles = Piles(low, discards=["9c"])
    table = Table(sw, name="t", decks={"action": piles}, roster={"Velvet": person(edges="quick")})
    table.state(common.ActionState).round = 1  # last round's cards are gone already
    result = deal(sw, table)
    assert by_name(result)["Velvet"]["cards"] == ["9c"]
    assert any(e["kind"] == "reshuffle" and e["why"] == "the deck ran out mid-round" for e in result["events"])


def test_quick_with_no_card_above_five_left_keeps_the_last_and_says_so(sw):
    table = Table(sw, name="t", decks={"action": Piles(["2s", "3s"])}, roster={"Velvet": person(edges="quick")})
    row = by_name(deal(sw, table))["Velvet"]
    assert row["cards"] == ["2s"] and any("no card above five" in note for note in row["notes"])


def test_jokers_wild_gives_every_wild_card_on_the_holders_side_a_benny(sw):
    roster = {"Sarah": person(), "Velvet": person(), "Bob": person("gm"), "Cultists": person("gm", extra=True)}
    table = table_with(sw, ["5c", "6c", "7c", "BJ"], roster)
    result = deal(sw, table)
    chips = [e for e in result["events"] if e["kind"] == "chip"]
    # the Cultists (Extras) drew it: Bob, the GM's only Wild Card, and the GM (action.specials.BJ.gm_chip)
    assert [e["player"] for e in chips] == ["Bob", "GM"]
    table = table_with(sw, ["RJ", "6c", "7c", "8c"], roster)
    chips = [e for e in deal(sw, table)["events"] if e["kind"] == "chip"]
    assert [(e["player"], e["colour"]) for e in chips] == [("Sarah", "benny"), ("Velvet", "benny")]
    assert conservation(table)["conserved"] and table.state(ChipsState).created == {"benny": 2}


def test_a_joker_round_reshuffles_the_whole_deck_before_the_next(sw):
    table = table_with(sw, ["RJ", "6c"], {"Sarah": person(), "Bob": person("gm")})
    first = deal(sw, table)
    assert any(e["kind"] == "reshuffle owed" for e in first["events"])
    second = deal(sw, table, seed=2)
    shuffled = [e for e in second["events"] if e["kind"] == "reshuffle"]
    assert shuffled and shuffled[0]["count"] == 54 and shuffled[0]["deck"] == "action"
    jokers = any(code in ("RJ", "BJ") for row in second["participants"] for code in row["cards"])
    third = deal(sw, table, seed=3)
    assert bool([e for e in third["events"] if e["kind"] == "reshuffle" and "Joker" in e["why"]]) == jokers


def test_hold_is_kept_across_rounds_with_no_card_and_spent_by_an_interrupt(sw):
    roster = {"Sarah": person(athletics="d8"), "Bob": person("gm", athletics="d6")}
    table = table_with(sw, ["9c", "4d"], roster)
    deal(sw, table)
    hold.resolve_hold(sw, hold.HoldRequest("Sarah"), table)
    with pytest.raises(common.ActionError, match="on Hold already"):
        hold.resolve_hold(sw, hold.HoldRequest("Sarah"), table)
    for seed in (2, 3):
        result = deal(sw, table, seed=seed)
        assert by_name(result)["Sarah"]["cards"] == [] and result["hold"] == [{"name": "Sarah", "side": "heroes"}]
    request = moves.InterruptRequest("Sarah", "Bob")
    out = act.resolve(sw, request, table, random.Random(5)).to_data()
    assert out["from"] == "hold" and out["outcome"] in ("first", "simultaneous", "after")
    assert out["roll"]["wild"] == 1 and common.on_hold(table) == []
    with pytest.raises(common.ActionError, match="not on Hold"):
        act.resolve(sw, request, table, random.Random(5))


def test_the_higher_interrupt_roll_acts_first(sw):
    roster = {"Sarah": person(), "Bob": person("gm")}
    table = table_with(sw, ["9c", "4d"], roster)
    deal(sw, table)
    for rolls, outcome in ((("Sarah=9", "Bob=7"), "first"), (("Sarah=7", "Bob=7"), "simultaneous"),
                           (("Sarah=3", "Bob=7"), "after")):
        hold.resolve_hold(sw, hold.HoldRequest("Sarah"), table)
        out = act.resolve(sw, moves.InterruptRequest("Sarah", "Bob", rolls), table, random.Random(1)).to_data()
        assert out["outcome"] == outcome


def test_a_joker_interrupts_without_a_roll_and_keeps_its_bonus_all_round(sw):
    table = table_with(sw, ["RJ", "4d"], {"Sarah": person(), "Bob": person("gm")})
    deal(sw, table)
    out = act.resolve(sw, moves.InterruptRequest("Sarah", "Bob"), table, random.Random(1)).to_data()
    assert out["outcome"] == "first" and out["roll"] is None
    rolled = resolve_roll_as(sw, RollAsRequest("Sarah", "d8", faces=(3, 2)), table, random.Random(1)).to_data()
    assert rolled["card"] == "RJ" and rolled["joker"] == 2 and rolled["total"] == 5


def test_no_sleeve_in_swade(sw):
    table = table_with(sw, ["9c"], {"Sarah": person()})
    deal(sw, table)
    with pytest.raises(common.ActionError, match="Hold instead"):
        moves.resolve_sleeve(sw, moves.SleeveRequest("Sarah"), table, random.Random(1))


def test_an_extra_on_the_roster_rolls_without_the_wild_die(sw):
    table = Table(sw, name="t", roster={"Cultists": person("gm", extra=True)})
    rolled = resolve_roll_as(sw, RollAsRequest("Cultists", "d6", faces=(5,)), table, random.Random(1)).to_data()
    assert rolled["extra"] is True and rolled["wild"] is None


def benny_table(sw):
    table = Table(sw, name="t", roster={"Sarah": person()})
    table.chips.create("benny")
    table.state(ChipsState).created["benny"] = 1
    table.chips.move(None, "Sarah", "benny")
    return table


def test_a_reroll_keeps_the_better_and_a_critical_failure_cannot_be_rerolled(sw):
    table = benny_table(sw)
    resolve_roll_as(sw, RollAsRequest("Sarah", "d8", faces=(7, 2)), table, random.Random(1))
    for seed in range(40):  # whatever the reroll, the better stands unless it is a Critical Failure
        table.chips.create("benny")
        table.state(ChipsState).created["benny"] += 1
        table.chips.move(None, "Sarah", "benny")
        before = table.state(LastRolls).of("Sarah").roll
        if before["bust"]:
            break
        out = resolve_spend(sw, SpendRequest("Sarah", "", "reroll"), table, random.Random(seed)).to_data()
        kept = table.state(LastRolls).of("Sarah").roll
        again = out["reroll"]["again"]
        expected = again if again["bust"] or again["total"] > before["total"] else before
        assert kept == expected and conservation(table)["conserved"]
    table = benny_table(sw)
    resolve_roll_as(sw, RollAsRequest("Sarah", "d8", faces=(1, 1)), table, random.Random(1))
    with pytest.raises(RollError, match="Critical Failure: it cannot be rerolled"):
        resolve_spend(sw, SpendRequest("Sarah", "", "reroll"), table, random.Random(1))
    assert table.chips.held("Sarah") == 1  # refused before the Benny moved


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 6),
       traits=st.lists(st.sampled_from(["", "level headed", "improved level headed", "quick", "quick, level headed"]),
                       min_size=1, max_size=12))
def test_no_card_twice_and_the_countdown_is_ordered(load, seed, rounds, traits):
    sw = load("savage-worlds")
    roster = {f"P{i}": person("heroes" if i % 2 else "gm", edges=edge) for i, edge in enumerate(traits)}
    roster["H"] = person(hindrances="hesitant")
    table = Table(sw, name="t", roster=roster)
    rng = random.Random(seed)
    for _ in range(rounds):
        result = act.resolve(sw, common.round_request(sw), table, rng).to_data()
        piles = table.decks["action"]
        everywhere = piles.all_cards()
        assert len(everywhere) == 54 and len(set(everywhere)) == 54
        held = [code for row in result["participants"] for code in row["cards"]]
        assert len(held) == len(set(held)) == len(roster)
        keys = [edges.strength(sw, sw.deck.parse(entry["card"])) for entry in result["countdown"]]
        assert keys == sorted(keys, reverse=True)
        assert all(sw.action["specials"].get(entry["card"]) for entry in result["any_time"])


# -- surprise (SWADE: the side with surprise is on Hold; the others roll Notice, a failure is dealt no card) --


def surprise(ruleset, table, *posse, marshal=(), surprised=(), ambush=(), seed=1):
    request = common.round_request(ruleset, posse, marshal, surprised=surprised, ambush=ambush)
    return act.resolve(ruleset, request, table, random.Random(seed)).to_data()


def test_a_failed_notice_roll_deals_no_card_and_nothing_carries_over(sw):
    roster = {"Sarah": person(notice="d8"), "Velvet": person(notice="d8"), "Bob": person("gm")}
    table = table_with(sw, ["Qc", "Qs", "9h", "Qh"], roster)
    rows = by_name(surprise(sw, table, surprised=("Sarah=1d4-8", "Velvet=1d8+20")))
    assert rows["Sarah"]["cards"] == [] and rows["Sarah"]["notes"] == ["surprised: no card this round"]
    assert rows["Sarah"]["surprise_trait"] == "notice" and not rows["Sarah"]["notice"]["success"]
    assert rows["Sarah"]["notice"]["tn"] == 4 and len(rows["Sarah"]["notice"]["rolls"]) == 2  # the Wild Die
    assert rows["Velvet"]["cards"] and rows["Velvet"]["notice"]["success"]
    assert table.state(common.ActionState).shocked == []  # shock_tn = 0: no Guts roll next round
    assert by_name(deal(sw, table))["Sarah"]["cards"]


def test_an_extra_rolls_notice_without_the_wild_die(sw):
    table = table_with(sw, [], {"Cultists": person("gm", extra="yes", notice="d6")})
    row = by_name(surprise(sw, table, surprised=("Cultists",)))["Cultists"]
    assert len(row["notice"]["rolls"]) == 1 and row["notice"]["extra"]


def test_the_side_with_surprise_starts_on_hold_and_keeps_it(sw):
    table = table_with(sw, [], {"Sarah": person(), "Bob": person("gm")})
    first = surprise(sw, table, ambush=("Bob",))
    assert by_name(first)["Bob"]["cards"] == [] and first["hold"] == [{"name": "Bob", "side": "gm"}]
    assert by_name(deal(sw, table, seed=2))["Bob"]["notes"] == ["on Hold: no card this round"]
    hold.resolve_act(sw, hold.ActRequest("Bob"), table)
    assert by_name(deal(sw, table, seed=3))["Bob"]["cards"]


@pytest.mark.parametrize("ruleset, options, message", [
    ("savage-worlds", {"guts": ("Sarah=d6",)}, "--guts is for shaking off a surprise's shock"),
    ("savage-worlds", {"ambush": ("Sarah",), "surprised": ("Sarah=d6",)}, "cannot both spring the ambush"),
    ("deadlands", {"ambush": ("Sarah",)}, "--ambush is for a game with Hold"),
    ("poker-hands", {"surprised": ("Sarah",)}, "--surprised is for a surprise roll"),
])
def test_a_surprise_option_the_game_lacks_is_refused(load, ruleset, options, message):
    rules = load(ruleset)
    with pytest.raises(common.ActionError, match=message):
        request = common.round_request(rules, ("Sarah=3d6",) if ruleset == "deadlands" else ("Sarah",), **options)
        act.resolve(rules, request, Table.fresh(rules), random.Random(1))
