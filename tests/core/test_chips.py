"""Chips (seed 003's "Poker Chips", shamans' rituals): draws, caps, spending, pick-me-ups, conservation."""

import math
import random

import pytest

from dealer.core.mechanics import chips as m
from dealer.core.mechanics.chips import pot, spending
from dealer.core.mechanics import rituals as r
from dealer.core.mechanics import conditions
from dealer.core.mechanics.conditions import is_winded
from dealer.core.mechanics.last_hand import DrawRecord, KeptSpell, LastHands
from dealer.core.piles import Chips
from dealer.core.table import Table


def table_for(load, name="poker-hands", roster=("Bert", "Sally", "Three Eagles"), **traits):
    table = Table(load(name), name="t", roster={person: {"side": "posse", "traits": dict(traits.get(person, {}))}
                                                 for person in roster})
    return table


def conserved(table):
    sums = m.conservation(table)
    assert sums["conserved"], sums
    return sums


def give(table, person, *colours):
    for colour in colours:
        table.chips.move(None, person, colour)


# -- the pot, draws, caps ------------------------------------------------------------------------------


def test_blind_draws_follow_the_pot_within_three_standard_errors():
    rng = random.Random(2024)
    chips = Chips({"white": 50, "red": 25, "blue": 10})
    counts = {"white": 0, "red": 0, "blue": 0}
    n = 20_000
    for _ in range(n):
        colour = chips.draw("Bert", rng)
        counts[colour] += 1
        chips.move("Bert", None, colour)  # back in the pot: every draw sees 50/25/10
    for colour, share in (("white", 50), ("red", 25), ("blue", 10)):
        p = share / 85
        error = math.sqrt(p * (1 - p) / n)
        assert abs(counts[colour] / n - p) < 3 * error, (colour, counts)


def test_a_draw_is_weighted_by_what_is_in_the_pot_now():
    chips = Chips({"white": 0, "red": 3, "blue": 0})
    assert [chips.draw("Bert", random.Random(seed)) for seed in range(4)] == ["red", "red", "red", None]


def test_draws_stop_at_the_cap_of_five(load):
    table = table_for(load)
    result = pot.resolve_draw(table.ruleset, pot.DrawRequest("Bert", 8), table, random.Random(1))
    assert len(result.events) == 5 and table.chips.held("Bert") == 5
    assert result.to_data()["stopped"] == "at the cap (5)"
    with pytest.raises(m.ChipsError, match="the most allowed"):
        pot.resolve_draw(table.ruleset, pot.DrawRequest("Bert"), table, random.Random(2))
    conserved(table)


def test_deadlands_has_no_cap(load):
    table = table_for(load, "deadlands")
    pot.resolve_draw(table.ruleset, pot.DrawRequest("Bert", 12), table, random.Random(1))
    assert table.chips.held("Bert") == 12
    conserved(table)


def test_an_empty_pot_draws_nothing(load):
    table = table_for(load)
    table.chips.pot = {"white": 1, "red": 0, "blue": 0}
    table.ruleset.chips  # the start is the ruleset's pot: conservation is not the point here
    result = pot.resolve_draw(table.ruleset, pot.DrawRequest("Bert", 3), table, random.Random(1))
    assert [e["colour"] for e in result.events] == ["white"] and result.to_data()["stopped"] == "the pot is empty"
    with pytest.raises(m.ChipsError, match="the pot is empty"):
        pot.resolve_draw(table.ruleset, pot.DrawRequest("Sally"), table, random.Random(1))


def test_give_and_return(load):
    table = table_for(load)
    pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "Blue"), table)
    assert table.chips.players["Bert"] == {"blue": 1} and table.chips.pot["blue"] == 9
    pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "blue", back=True), table)
    assert table.chips.pot["blue"] == 10 and table.chips.held("Bert") == 0
    with pytest.raises(m.ChipsError, match="holds no blue chip"):
        pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "blue", back=True), table)
    table.chips.pot["blue"] = 0
    with pytest.raises(m.ChipsError, match="the pot has no blue chip"):
        pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "blue"), table)


def test_give_is_refused_at_the_cap(load):
    table = table_for(load)
    give(table, "Bert", *["white"] * 5)
    with pytest.raises(m.ChipsError, match="the most allowed"):
        pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "red"), table)


def test_unknown_colour_and_player(load):
    table = table_for(load)
    with pytest.raises(m.ChipsError, match="not a chip colour"):
        pot.resolve_move(table.ruleset, pot.MoveRequest("Bert", "green"), table)
    with pytest.raises(m.ChipsError, match="no player 'Nobody'"):
        pot.resolve_draw(table.ruleset, pot.DrawRequest("Nobody"), table, random.Random(1))


def test_a_session_draws_the_rulesets_count_for_everyone_and_respects_caps(load):
    table = table_for(load)
    give(table, "Bert", *["white"] * 5)
    state = table.state(m.ChipsState)
    state.rituals = {"Three Eagles": ["paint"]}
    result = pot.resolve_session(table.ruleset, pot.SessionRequest(), table, random.Random(4))
    assert [e["player"] for e in result.events] == ["Sally", "Three Eagles"]
    assert "Bert" in result.to_data()["skipped"] and table.chips.held("Bert") == 5
    assert state.rituals == {} and state.sessions == 1
    deadlands = table_for(load, "deadlands", roster=("Sarah",))
    pot.resolve_session(deadlands.ruleset, pot.SessionRequest(), deadlands, random.Random(4))
    assert deadlands.chips.held("Sarah") == deadlands.ruleset.chips["session"] == 3


def test_without_a_table_a_draw_comes_from_a_fresh_full_pot(load):
    table = Table.fresh(load("poker-hands"))
    result = pot.resolve_draw(table.ruleset, pot.DrawRequest("Anyone", 2), table, random.Random(1))
    assert len(result.events) == 2 and sum(table.chips.pot.values()) == 83


# -- spending ---------------------------------------------------------------------------------------------


def remember(table, person, cards, target="pair", deck="spell:Sally"):
    """A hand of five drawn from ``deck`` as a spell does: out of the deck, then discarded, and kept."""
    piles = table.deck(deck, random.Random(0))
    piles.take(cards, person)
    piles.discard(cards, holder=person)
    drawn = DrawRecord(purpose="spell", person=person, deck=deck, cards=list(cards))
    return table.state(LastHands).keep(KeptSpell(mechanic="spell", draws=[drawn], target=target))


def test_a_white_chip_draws_exactly_one_more_card_from_the_casters_deck_and_makes_two_pair(load):
    table = table_for(load)
    give(table, "Sally", "white")
    hand = ["8c", "8d", "3h", "Qs", "5c"]
    remember(table, "Sally", hand)
    piles = table.decks["spell:Sally"]
    piles.draw_pile.remove("Qh")
    piles.draw_pile.insert(0, "Qh")
    before = len(piles.draw_pile)
    result = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "white"), table, random.Random(1))
    data = result.to_data()
    assert data["before"]["hand"]["rank"] == "pair" and data["after"]["hand"]["rank"] == "two-pair"
    assert data["added"] == ["Qh"] and len(piles.draw_pile) == before - 1 and "Qh" in piles.discards
    assert data["outcome"]["success"] and data["outcome"]["verdict"] == "Basic Success"
    assert table.state(LastHands).of("Sally").draw_of("Sally").cards == hand + ["Qh"]
    assert table.chips.held("Sally") == 0 and table.chips.pot["white"] == 50
    kinds = [e["kind"] for e in table.events]
    assert "chip spend" in kinds and "hand changed" in kinds
    changed = next(e for e in table.events if e["kind"] == "hand changed")
    assert changed["data"]["before"]["rank"] == "pair" and changed["data"]["after"]["rank"] == "two-pair"
    conserved(table)


def test_a_white_chip_never_draws_a_card_already_in_the_hand(load):
    table = table_for(load)
    give(table, "Sally", "white")
    hand = ["8c", "8d", "3h", "Qs", "5c"]
    remember(table, "Sally", hand)
    piles = table.decks["spell:Sally"]
    piles.collect(random.Random(1))  # reshuffled after the cast: the hand's cards are back in the deck
    piles.draw_pile = hand + [c for c in piles.draw_pile if c not in hand]
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "white"), table, random.Random(1)).to_data()
    assert data["added"] and data["added"][0] not in hand


@pytest.mark.parametrize("seed", range(6))
def test_a_red_chip_on_a_high_card_hand_makes_at_least_a_pair(load, seed):
    table = table_for(load)
    give(table, "Sally", "red")
    cards = random.Random(seed).sample(["2c", "4d", "6h", "8s", "10c", "Qd", "Kh", "9s"], 5)
    remember(table, "Sally", cards)
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "red"), table, random.Random(1)).to_data()
    assert data["before"]["hand"]["rank"] == "high-card" and not data["outcome_before"]["success"]
    assert data["after"]["hand"]["strength"] >= table.ruleset.by_id["pair"].strength and data["outcome"]["success"]
    assert data["after"]["wild_picks"] == 1 and len(data["after"]["picked"]) == 1 and data["after"]["cards"] == cards


def test_a_blue_chip_makes_two_wild_picks(load):
    table = table_for(load)
    give(table, "Sally", "blue")
    remember(table, "Sally", ["2c", "4d", "6h", "8s", "10c"])
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "blue"), table, random.Random(1)).to_data()
    assert data["after"]["wild_picks"] == 2
    assert data["after"]["hand"]["strength"] >= table.ruleset.by_id["three-of-a-kind"].strength


def test_a_knack_makes_any_chip_a_wild_pick(load):
    table = table_for(load, Bert={"knacks": "Cattle Roping, Trick Shooting"})
    give(table, "Bert", "white")
    remember(table, "Bert", ["2c", "4d", "6h", "8s", "10c"], deck="contest:Bert")
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "white", knack="trick shooting"), table,
                           random.Random(1)).to_data()
    assert data["added"] == [] and data["after"]["wild_picks"] == 1
    assert data["events"][0]["acts_as"] == "red"
    with pytest.raises(m.ChipsError, match="no knack 'fast draw'"):
        spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "white", knack="fast draw"), table, random.Random(1))


def test_spending_refusals_change_nothing(load):
    table = table_for(load)
    give(table, "Sally", "white", "red")
    before = (dict(table.chips.pot), {k: dict(v) for k, v in table.chips.players.items()})
    cases = [
        (spending.SpendRequest("Sally", "white"), "no hand on table"),
        (spending.SpendRequest("Sally", "blue", use="stunt", note="x"), "holds no blue chip"),
        (spending.SpendRequest("Sally", "red", use="second-wind"), "cannot be spent for second-wind"),
        (spending.SpendRequest("Sally", "white", use="second-wind"), "not winded"),
        (spending.SpendRequest("Sally", "white", use="stunt"), "--note"),
        (spending.SpendRequest("Sally", "white", use="fly"), "no chip use 'fly'"),
        (spending.SpendRequest("Sally", "white", use="before-draw"), "--chip white"),
        (spending.SpendRequest("Sally", "pink"), "not a chip colour"),
    ]
    for request, message in cases:
        with pytest.raises(m.ChipsError, match=message):
            spending.resolve_spend(table.ruleset, request, table, random.Random(1))
    assert (table.chips.pot, table.chips.players) == before and table.events == []


def test_only_the_latest_hand_changes(load):
    table = table_for(load)
    give(table, "Sally", "red")
    remember(table, "Sally", ["8c", "8d", "3h", "Qs", "5c"])
    remember(table, "Sally", ["2c", "4d", "6h", "9s", "Jc"], deck="spell:Sally")
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "red"), table, random.Random(1)).to_data()
    assert data["before"]["cards"] == ["2c", "4d", "6h", "9s", "Jc"]


def test_a_white_chip_gives_a_second_wind(load):
    table = table_for(load, Sally={"master": 2})
    conditions.count_cast(table, "Sally"), conditions.count_cast(table, "Sally")
    give(table, "Sally", "white")
    assert is_winded(table, "Sally")
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "white", use="second-wind"), table,
                           random.Random(1)).to_data()
    assert not is_winded(table, "Sally") and data["casts_before"] == 2
    conserved(table)


def test_wounds_red_avoids_blue_recovers(load):
    table = table_for(load)
    give(table, "Bert", "red", "blue", "blue")
    with pytest.raises(m.ChipsError, match="no wound to recover"):
        spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "blue", use="heal-wound"), table, random.Random(1))
    spending.resolve_wound(table.ruleset, spending.WoundRequest("Bert", 2), table)
    spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "red", use="avoid-wound"), table, random.Random(1))
    assert conditions.conditions_of(table, "Bert").wounds == 2
    data = spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "blue", use="heal-wound"), table,
                           random.Random(1)).to_data()
    assert data["wounds_left"] == 1 and data["wounds"] == {"Bert": 1}
    spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "blue", use="death-wound"), table, random.Random(1))
    assert table.chips.held("Bert") == 0
    state = table.state(conditions.ConditionsState)
    assert conditions.ConditionsState.from_data(state.to_data(), "conditions").people["Bert"].wounds == 1
    conserved(table)


def test_stunts_and_luck_keep_the_players_words(load):
    table = table_for(load)
    give(table, "Bert", "blue")
    result = spending.resolve_spend(table.ruleset, spending.SpendRequest("Bert", "blue", use="luck",
                                                           note="the guards fell asleep"), table, random.Random(1))
    assert result.events[0]["note"] == "the guards fell asleep"
    logged = next(e for e in table.events if e["kind"] == "chip spend")
    assert logged["data"]["note"] == "the guards fell asleep" and logged["data"]["use"] == "luck"


def test_a_chip_before_the_draw(load):
    table = table_for(load)
    give(table, "Sally", "white", "red", "blue")
    white = m.chip_before_draw(table.ruleset, table, "Sally", "white")
    red = m.chip_before_draw(table.ruleset, table, "Sally", "red")
    assert (white.cards, white.wild_picks, red.cards, red.wild_picks) == (1, 0, 0, 1)
    with pytest.raises(m.ChipsError, match="cannot be spent for before-draw"):
        m.chip_before_draw(table.ruleset, table, "Sally", "blue")
    assert table.chips.players["Sally"] == {"white": 0, "red": 0, "blue": 1}
    from dealer.core.mechanics.draws import draw_size

    # skill 4 + a white chip: ten cards, so the wild-pick rules apply as usual
    assert draw_size(table.ruleset, 4, (white.cards,), wild_pick=True).as_tuple() == (5, 1)
    conserved(table)


# -- rituals -------------------------------------------------------------------------------------------------

RITUAL_HANDS = [
    ("9c 9d 2h 5s Kd", "pair", ["give white"]),
    ("9c 9d 2h 2s Kd", "two-pair", ["draw"]),
    ("9c 9d 9h 2s Kd", "three-of-a-kind", ["draw", "draw"]),
    ("5c 6d 7h 8s 9d", "straight", ["draw", "draw"]),
    ("2h 6h 9h Jh Kh", "flush", ["give red"]),
    ("9c 9d 9h 2s 2d", "full-house", ["give red", "draw"]),
    ("9c 9d 9h 9s 2d", "four-of-a-kind", ["give red", "draw", "draw"]),
    ("5h 6h 7h 8h 9h", "straight-flush", ["give blue"]),
    ("2c 5d 8h Js Kd", "high-card", []),
]


def ritual(table, cards, person="Three Eagles", name="paint", guardian=5, seed=1):
    request = r.RitualRequest(person, name, 2, cards=tuple(cards.split()), guardian=guardian)
    return r.resolve_ritual(table.ruleset, request, table, random.Random(seed))


def move(event):
    """A chip event's move (``draw``, ``give``, ...), or the event's kind (``ritual``)."""
    return event.get("move") or event["kind"]


def earned(result):
    return [f"{move(e)} {e['colour']}" if move(e) == "give" else move(e)
            for e in result.events if move(e) in ("give", "draw") and e["colour"]]


@pytest.mark.parametrize("cards,rank,expected", RITUAL_HANDS)
def test_every_row_of_the_ritual_table(load, cards, rank, expected):
    table = table_for(load)
    result = ritual(table, cards)
    assert result.detail["draw"]["hand"]["rank"] == rank
    assert earned(result) == expected
    favor = table.state(m.ChipsState).favor.get("Three Eagles", {})
    assert sum(favor.values()) == len(expected) and table.chips.held("Three Eagles") == 0
    conserved(table)


def test_a_straight_flush_makes_a_blue_chip_when_the_pot_has_none(load):
    table = table_for(load)
    give(table, "Bert", *["blue"] * 5)
    give(table, "Sally", *["blue"] * 5)
    assert table.chips.pot["blue"] == 0
    result = ritual(table, "5h 6h 7h 8h 9h")
    assert [move(e) for e in result.events[1:]] == ["create", "give"]
    state = table.state(m.ChipsState)
    assert state.favor["Three Eagles"] == {"blue": 1} and state.created == {"blue": 1}
    assert m.conservation(table)["total"]["blue"] == 11
    conserved(table)


def test_a_flush_takes_no_red_chip_when_the_pot_has_none(load):
    table = table_for(load)
    table.chips.pot["red"] = 0
    table.chips.players["Bert"] = {"red": 25}
    result = ritual(table, "2h 6h 9h Jh Kh")
    assert earned(result) == [] and "no red chip" in result.events[-1]["why"]
    conserved(table)


def test_favor_chips_stop_at_the_guardian_spirit_skill(load):
    table = table_for(load)
    result = ritual(table, "9c 9d 9h 9s 2d", guardian=2)
    assert len(earned(result)) == 2 and "guardian spirit" in result.events[-1]["why"]
    assert table.state(m.ChipsState).favor_held("Three Eagles") == 2
    conserved(table)


def test_a_ritual_joker_throws_a_favor_chip_back_first_then_the_hand_earns(load):
    table = table_for(load)
    state = table.state(m.ChipsState)
    ritual(table, "9c 9d 2h 2s Kd", name="tobacco", seed=3)  # two pair: one favor chip
    first = dict(state.favor["Three Eagles"])
    give(table, "Three Eagles", "white")
    result = ritual(table, "9c 9d 9h RJ Kd")  # three of a kind with a Joker
    kinds = [(move(e), e.get("pool")) for e in result.events[1:]]
    assert kinds[0] == ("return", "favor") and kinds[1:] == [("draw", "favor"), ("draw", "favor")]
    assert state.favor_held("Three Eagles") == sum(first.values()) - 1 + 2
    assert table.chips.held("Three Eagles") == 1  # the regular chip stays
    conserved(table)


def test_a_ritual_joker_without_favor_chips_throws_a_regular_chip(load):
    table = table_for(load)
    give(table, "Three Eagles", "red", "white")
    result = ritual(table, "9c 9d 4h BJ Kd")
    assert (move(result.events[1]), result.events[1]["pool"], result.events[1]["colour"]) == \
        ("return", "chips", "white")
    assert table.chips.players["Three Eagles"] == {"red": 1, "white": 0}
    conserved(table)


def test_a_ritual_bust_loses_every_favor_chip(load):
    table = table_for(load)
    state = table.state(m.ChipsState)
    state.favor["Three Eagles"] = {"white": 2, "red": 1}
    table.chips.pot["white"] -= 2
    table.chips.pot["red"] -= 1
    conserved(table)
    result = ritual(table, "2c 5d 8h RJ Kd")
    assert result.detail["draw"]["bust"]
    assert state.favor_held("Three Eagles") == 0 and table.chips.pot == {"white": 50, "red": 25, "blue": 10}
    assert sum(1 for e in result.events if move(e) == "return") == 3
    conserved(table)


def test_each_ritual_once_per_session(load):
    table = table_for(load)
    ritual(table, "9c 9d 2h 5s Kd")
    with pytest.raises(m.ChipsError, match="already performed the paint ritual"):
        ritual(table, "9c 9d 2h 5s Kd")
    ritual(table, "9c 9d 2h 5s Kd", name="tobacco")
    pot.resolve_session(table.ruleset, pot.SessionRequest(), table, random.Random(1))
    ritual(table, "9c 9d 2h 5s Kd")


def test_a_ritual_reads_skill_and_guardian_from_the_roster(load):
    table = table_for(load, **{"Three Eagles": {"guardian-spirit": 4, "rituals": "Paint:2, Tobacco:3"}})
    request = r.RitualRequest("Three Eagles", "tobacco")
    result = r.resolve_ritual(table.ruleset, request, table, random.Random(5))
    assert result.detail["skill"] == 3 and result.detail["guardian"] == 4
    assert len(result.detail["draw"]["cards"]) == 8  # 5 + 3 from the shaman's ritual deck
    assert "ritual:Three Eagles" in table.decks
    with pytest.raises(m.ChipsError, match="--skill"):
        r.resolve_ritual(table.ruleset, r.RitualRequest("Three Eagles", "dance"), table, random.Random(5))


def test_deadlands_has_no_rituals(load):
    table = table_for(load, "deadlands")
    with pytest.raises(m.ChipsError, match="no shamans' rituals"):
        ritual(table, "9c 9d 2h 5s Kd")


def test_favor_chips_pay_for_favors_first(load):
    table = table_for(load)
    give(table, "Three Eagles", "white")
    ritual(table, "9c 9d 2h 5s Kd")  # pair: a white favor chip
    result = spending.resolve_spend(table.ruleset, spending.SpendRequest("Three Eagles", "white", use="favor",
                                                           note="Turtle's Shell"), table, random.Random(1))
    assert result.events[0]["pool"] == "favor" and table.chips.held("Three Eagles") == 1
    conserved(table)


def test_reset_brings_back_the_starting_pot(load):
    table = table_for(load)
    give(table, "Bert", *["blue"] * 5)
    give(table, "Sally", *["blue"] * 5)
    ritual(table, "5h 6h 7h 8h 9h")
    from dealer.core.roster import reset_table

    reset_table(table.ruleset, None, table, random.Random(1))
    assert table.chips.pot == table.ruleset.chips["pot"] and not table.chips.players
    assert table.state(m.ChipsState).to_data() == {}
    conserved(table)


def test_state_round_trip_and_unknown_keys():
    state = m.ChipsState(favor={"Eagles": {"white": 1}}, created={"blue": 1}, rituals={"Eagles": ["paint"]}, sessions=3)
    assert m.ChipsState.from_data(state.to_data(), "chips").to_data() == state.to_data()
    assert m.ChipsState().to_data() == {}
    from dealer.core.table import StateError

    with pytest.raises(StateError, match="'favour'"):
        m.ChipsState.from_data({"favour": {}}, "chips")
    with pytest.raises(StateError, match=r"chips\.favor\.Eagles\.white: -1 is not a number of favor chips from 0 to 100"):
        m.ChipsState.from_data({"favor": {"Eagles": {"white": -1}}}, "chips")


def test_trait_kinds(load):
    assert m.trait_kinds(load("poker-hands")) == {"knacks": "text", "guardian-spirit": "level", "rituals": "skills"}
    assert m.trait_kinds(load("deadlands")) == {}


def test_a_faithfuls_black_joker_blessing_is_a_plain_recorded_spend(load):
    table = table_for(load)
    give(table, "Sally", "red")
    result = spending.resolve_spend(table.ruleset, spending.SpendRequest("Sally", "red", use="blessing"), table, random.Random(1))
    assert result.events[0]["use"] == "blessing" and table.chips.held("Sally") == 0
    conserved(table)


def test_a_chips_section_naming_a_colour_or_rank_that_does_not_exist_is_refused(load):
    from dealer.core.rules import build_ruleset
    from dealer.errors import RulesetError

    document = dict(load("poker-hands").document)
    document["chips"] = dict(document["chips"], rituals={"flushh": {"chip": "gold", "draws": 0, "create": False}})
    with pytest.raises(RulesetError) as error:
        build_ruleset(document)
    assert error.value.problems == [
        "chips.rituals.flushh: no hand rank 'flushh'",
        "chips.rituals.flushh.chip: 'gold' is not a colour of chips.pot (white, red, blue)"]


def test_a_knack_before_the_draw_turns_a_white_chip_into_a_wild_pick(load):
    table = table_for(load, Bert={"knacks": "Trick Shooting"})
    give(table, "Bert", "white")
    bonus = m.chip_before_draw(table.ruleset, table, "Bert", "white", knack="trick shooting")
    assert (bonus.cards, bonus.wild_picks, bonus.event["acts_as"]) == (0, 1, "red")
    assert table.chips.held("Bert") == 0 and table.events[-1]["kind"] == "chip spend"
    with pytest.raises(m.ChipsError, match="holds no white chip"):
        m.chip_before_draw(table.ruleset, table, "Bert", "white")
