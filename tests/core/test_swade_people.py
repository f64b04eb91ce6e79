"""SWADE's people (issue 34): what conditions cost a Trait roll, damage aimed at a person, Soak,
Incapacitation, recovery in the countdown, the odds against a person; each outcome checked against an
independent reading worked out from the dice the result shows (tests/swade_oracle.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import people, statuses, wounds
from dealer.core.mechanics.conditions import BLEEDING_OUT, DEAD, SHAKEN, STABLE, ConditionsState, conditions_of
from dealer.core.mechanics.last_roll import LastRolls, RollAsRequest, resolve_roll_as
from dealer.core.mechanics.people import PersonError
from dealer.core.mechanics.statuses import ConditionRequest, resolve_condition
from dealer.core.piles import Piles
from dealer.core.table import Table
from dealer.core.traits import TraitError, check_traits
from dealer.store.rulesets import load as load_ruleset
from tests import swade_oracle as oracle


@pytest.fixture
def sw(load):
    return load("savage-worlds")


def hero(**traits):
    return {"side": "heroes", "traits": {"spirit": "d8", "vigor": "d8", "shooting": "d8", **traits}}


def table_of(ruleset, **people_):
    return Table(ruleset, name="t", roster=people_)


def condition(ruleset, table, name, *words, clear=False):
    return resolve_condition(ruleset, ConditionRequest(name, words, clear), table).to_data()


def roll_as(ruleset, table, name, dice, seed, **options):
    return resolve_roll_as(ruleset, RollAsRequest(name, dice, **options), table, random.Random(seed)).to_data()


# -- what a condition costs a Trait roll ------------------------------------------------------------


@pytest.mark.parametrize("words, edges, expected", [
    (("wounds=1",), "", oracle.penalty(wounds=1)),
    (("wounds=3",), "", oracle.penalty(wounds=3)),
    (("wounds=3", "fatigued"), "", oracle.penalty(wounds=3, fatigue=1)),
    (("exhausted", "distracted"), "", oracle.penalty(fatigue=2, distracted=True)),
    (("wounds=2",), "nerves of steel", oracle.penalty(wounds=2, ignored=1)),
    (("wounds=3",), "improved nerves of steel, nerves of steel", oracle.penalty(wounds=3, ignored=2)),
    (("wounds=1",), "improved nerves of steel", oracle.penalty(wounds=1, ignored=2)),
    (("shaken", "vulnerable"), "", 0),
])
def test_every_trait_roll_of_a_person_takes_their_conditions(sw, words, edges, expected):
    table = table_of(sw, Quinn=hero(edges=edges) if edges else hero())
    condition(sw, table, "Quinn", *words)
    for seed in range(30):
        rolled = roll_as(sw, table, "Quinn", "d8", seed)
        assert sum(modifier["value"] for modifier in rolled["modifiers"]) == expected == rolled["modifier"]
        assert rolled["total"] == oracle.kept_total(rolled)
        assert rolled["bust"] == oracle.critical(rolled)
        assert (rolled["success"], rolled["raises"]) == (
            oracle.successes(rolled) > 0, max(0, oracle.successes(rolled) - 1))


def test_a_trait_by_name_reads_the_roster_an_edge_adds_to_it_and_a_skill_lacked_rolls_d4_minus_2(sw):
    table = table_of(sw, Sarah=hero(notice="d10", edges="alertness"))
    notice = roll_as(sw, table, "Sarah", "notice", 1)
    assert (notice["trait"], notice["die_sides"][0], notice["modifiers"]) == (
        "notice", 10, [{"why": "Alertness", "value": 2}])
    assert notice["total"] == oracle.kept_total(notice) and notice["modifier"] == 2
    stealth = roll_as(sw, table, "Sarah", "stealth+1", 2)
    assert (stealth["dice"], stealth["die_sides"][0], stealth["modifier"]) == ("1d4-1", 4, -1)
    with pytest.raises(PersonError, match="no agility"):
        roll_as(sw, table, "Sarah", "agility", 1)
    dice = roll_as(sw, table, "Sarah", "d6", 3)
    assert dice["trait"] is None and dice["die_sides"] == [6, 6]


def test_the_joker_and_a_vulnerable_target_add_to_the_roll_and_say_so(sw):
    table = table_of(sw, Sarah=hero(), Bob=hero())
    table.decks["action"] = Piles([], play={"Sarah": ["RJ"]})
    condition(sw, table, "Bob", "vulnerable")
    rolled = roll_as(sw, table, "Sarah", "shooting", 4, target="Bob")
    assert rolled["card"] == "RJ" and rolled["joker"] == 2
    assert rolled["modifiers"] == [{"why": "Bob Vulnerable", "value": 2}] and rolled["modifier"] == 4
    assert rolled["total"] == oracle.kept_total(rolled)


def test_toughness_is_two_and_half_vigor_and_armour_unless_given(sw):
    table = table_of(sw, A=hero(vigor="d6"), B=hero(vigor="d12+3", armor=2, edges="brawny"), C=hero(toughness=11),
                     D={"side": "heroes", "traits": {}})
    assert people.toughness(sw, table, "A").total == oracle.toughness(6)
    assert people.toughness(sw, table, "B") == (oracle.toughness(12, 3, armor=2, brawny=True), 2)
    assert people.toughness(sw, table, "C").total == 11
    with pytest.raises(PersonError, match="no Toughness"):
        people.toughness(sw, table, "D")


# -- damage aimed at a person -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(totals=st.lists(st.integers(0, 30), min_size=1, max_size=8), vigor=st.sampled_from(["d4", "d6", "d8", "d12+1"]),
       tough=st.booleans(), seed=st.integers(0, 10_000))
def test_damage_against_a_wild_card_follows_swade(totals, vigor, tough, seed):
    """Any run of damage totals: the state is the one an independent model of SWADE's damage reaches."""
    sw = load_ruleset("savage-worlds")
    table = table_of(sw, Quinn=hero(vigor=vigor, armor=1, edges="tough as nails" if tough else ""))
    sides, _, bonus = vigor.partition("+")
    model = oracle.WildCard(oracle.toughness(int(sides[1:]), int(bonus or 0), armor=1), limit=4 if tough else 3)
    rng = random.Random(seed)
    for total in totals:
        was_down = model.down
        dealt = model.hit(total)
        done = wounds.apply_damage(sw, table, "Quinn", total, rng)
        held = conditions_of(table, "Quinn")
        assert done["toughness"] == model.toughness
        assert (done["wounds"], held.wounds, held.fear == SHAKEN) == (dealt, model.wounds, model.shaken)
        if model.down and not was_down:
            roll = done["incapacitation"]["roll"]
            assert roll["modifier"] == oracle.penalty(wounds=model.wounds) + int(bonus or 0)  # d12+1's +1
            assert roll["total"] == oracle.kept_total(roll)
            assert held.incapacitated == {"bust": DEAD, "failure": BLEEDING_OUT, "success": STABLE,
                                          "raise": STABLE}[oracle.verdict(roll)]
        assert bool(held.incapacitated) == model.down


def test_hard_to_kill_rolls_incapacitation_without_the_wounds(sw):
    table = table_of(sw, Quinn=hero(edges="hard to kill"), Zed=hero())
    for name in ("Quinn", "Zed"):
        condition(sw, table, name, "wounds=3")
        done = wounds.apply_damage(sw, table, name, 30, random.Random(1))
        expected = 0 if name == "Quinn" else oracle.penalty(wounds=3)
        assert done["incapacitation"]["roll"]["modifier"] == expected


@settings(max_examples=40, deadline=None)
@given(totals=st.lists(st.integers(0, 20), min_size=1, max_size=10), count=st.integers(1, 4))
def test_a_group_of_extras_loses_a_member_a_wound_hitting_one_not_shaken_while_one_stands(totals, count):
    sw = load_ruleset("savage-worlds")
    table = table_of(sw, Cultists={"side": "gm", "traits": {"extra": True, "count": count, "vigor": "d6"}})
    tough = oracle.toughness(6)
    down = shaken = 0
    for total in totals:
        standing = count - down
        if standing == 0:
            with pytest.raises(PersonError, match="out of the fight already"):
                wounds.apply_damage(sw, table, "Cultists", total, random.Random(0))
            continue
        raises = (total - tough) // 4 if total >= tough else 0
        hit_shaken = shaken >= standing
        if total >= tough and (raises or hit_shaken):
            down, shaken = down + 1, shaken - (1 if hit_shaken else 0)
        elif total >= tough:
            shaken += 1
        done = wounds.apply_damage(sw, table, "Cultists", total, random.Random(0))
        held = conditions_of(table, "Cultists")
        assert (held.down, held.shaken_members, done["out"]) == (down, shaken, down == count)
    assert ("Cultists" in people.incapacitated(sw, table)) == (down == count)


def test_damage_is_refused_where_the_ruleset_keeps_no_people(load):
    deadlands = load("deadlands")
    table = table_of(deadlands, Sarah={"side": "posse", "traits": {}})
    with pytest.raises(PersonError, match="keeps none"):
        wounds.apply_damage(deadlands, table, "Sarah", 10, random.Random(1))


# -- Soak ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_a_soak_removes_a_wound_each_success_and_raise_and_all_of_them_end_shaken(sw, seed):
    table = table_of(sw, Quinn=hero(vigor="d6", edges="iron jaw"))
    condition(sw, table, "Quinn", "wounds=1")
    model = oracle.WildCard(oracle.toughness(6))
    model.wounds = 1
    total = model.toughness + 4 * 2  # two raises: two wounds
    model.hit(total)
    wounds.apply_damage(sw, table, "Quinn", total, random.Random(seed))
    record = wounds.check_soak(sw, table, "Quinn")
    soak = wounds.soak(sw, table, "Quinn", record, random.Random(seed))
    roll = soak["roll"]
    # The Soak suffers the wounds held before the damage (1), not those it soaks; Iron Jaw +2.
    assert roll["modifier"] == oracle.penalty(wounds=1) + 2 and roll["total"] == oracle.kept_total(roll)
    soaked = min(oracle.successes(roll), 2)
    held = conditions_of(table, "Quinn")
    assert (soak["soaked"], held.wounds) == (soaked, 1 + 2 - soaked)
    assert (held.fear == SHAKEN) == (soaked < 2)
    assert table.state(LastRolls).of("Quinn").purpose == "soak"
    with pytest.raises(PersonError, match="soaked that damage already"):
        wounds.check_soak(sw, table, "Quinn")


def test_a_soak_that_leaves_three_wounds_undoes_the_incapacitation(sw):
    table = table_of(sw, Quinn=hero(vigor="d12"))
    condition(sw, table, "Quinn", "wounds=2")
    done = wounds.apply_damage(sw, table, "Quinn", oracle.toughness(12) + 8, random.Random(3))  # 2 wounds: past 3
    assert done["incapacitation"] and conditions_of(table, "Quinn").incapacitated
    for seed in range(50):
        trial = Table(sw, name="t", roster=table.roster, states=table.states_data())
        record = wounds.check_soak(sw, trial, "Quinn")
        soak = wounds.soak(sw, trial, "Quinn", record, random.Random(seed))
        if oracle.successes(soak["roll"]):
            break
    held = conditions_of(trial, "Quinn")
    assert held.wounds == 2 + 2 - min(oracle.successes(soak["roll"]), 2) and held.incapacitated == ""
    assert soak["undid_incapacitation"]


def test_the_other_soak_reading_suffers_the_wounds_it_soaks(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "savage-worlds"\nname = "house"\n[people]\nsoak_wounds = "after"\n', encoding="utf-8")
    ruleset = load_ruleset(str(house))
    table = table_of(ruleset, Quinn=hero())
    wounds.apply_damage(ruleset, table, "Quinn", oracle.toughness(8) + 8, random.Random(1))
    soak = wounds.soak(ruleset, table, "Quinn", wounds.check_soak(ruleset, table, "Quinn"), random.Random(2))
    assert soak["roll"]["modifier"] == oracle.penalty(wounds=2)


def test_a_soak_needs_wounds_of_damage_unchanged_since(sw):
    table = table_of(sw, Quinn=hero())
    with pytest.raises(PersonError, match="taken no damage"):
        wounds.check_soak(sw, table, "Quinn")
    wounds.apply_damage(sw, table, "Quinn", oracle.toughness(8), random.Random(1))
    with pytest.raises(PersonError, match="only Shook them"):
        wounds.check_soak(sw, table, "Quinn")
    wounds.apply_damage(sw, table, "Quinn", oracle.toughness(8) + 4, random.Random(1))
    condition(sw, table, "Quinn", "shaken", clear=True)
    with pytest.raises(PersonError, match="changed since"):
        wounds.check_soak(sw, table, "Quinn")


# -- recovery in the countdown -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(15))
def test_shaken_rolls_spirit_as_the_turn_starts(sw, seed):
    table = table_of(sw, Sarah=hero(edges="combat reflexes"), Quinn=hero())
    condition(sw, table, "Sarah", "shaken", "wounds=2")
    condition(sw, table, "Quinn", "shaken")
    rolled = statuses.turn_starts(sw, table, ["Sarah", "Quinn"], random.Random(seed))
    sarah, quinn = rolled
    assert sarah["roll"]["modifier"] == oracle.penalty(wounds=2) + 2 and quinn["roll"]["modifier"] == 0
    for entry in rolled:
        assert entry["recovered"] == (oracle.successes(entry["roll"]) > 0)
        assert (conditions_of(table, entry["person"]).fear == SHAKEN) != entry["recovered"]


@pytest.mark.parametrize("seed", range(15))
def test_stunned_rolls_vigor_and_stays_vulnerable_to_the_end_of_the_next_turn(sw, seed):
    table = table_of(sw, Quinn=hero())
    condition(sw, table, "Quinn", "stunned")
    assert conditions_of(table, "Quinn").distracted == 1 and people.is_vulnerable(table, "Quinn")
    entry = statuses.turn_starts(sw, table, ["Quinn"], random.Random(seed))[0]
    roll = entry["roll"]
    assert roll["modifier"] == oracle.penalty(distracted=True)  # Distracted until the end of this turn
    outcome = oracle.verdict(roll)
    held = conditions_of(table, "Quinn")
    assert held.stunned == (outcome in ("bust", "failure"))
    ends = {"raise": 1, "success": 2}.get(outcome)
    for _ in range(ends or 0):
        assert people.is_vulnerable(table, "Quinn")
        statuses.turn_ends(sw, table)
        statuses.turn_starts(sw, table, ["Quinn"], random.Random(seed))
    if ends:
        statuses.turn_ends(sw, table)
        assert not people.is_vulnerable(table, "Quinn") and not held.distracted


def test_distracted_lasts_to_the_end_of_the_victims_next_turn(sw):
    table = table_of(sw, Sarah=hero(), Bob=hero())
    statuses.turn_starts(sw, table, ["Bob"], random.Random(1))
    condition(sw, table, "Sarah", "distracted")  # on Bob's turn: lapses at the end of Sarah's next one
    condition(sw, table, "Bob", "distracted")  # on his own turn: lapses at the end of his next one
    statuses.turn_ends(sw, table)
    assert conditions_of(table, "Bob").distracted == 1 and conditions_of(table, "Sarah").distracted == 1
    statuses.turn_starts(sw, table, ["Sarah"], random.Random(1))
    statuses.turn_ends(sw, table)
    assert conditions_of(table, "Sarah").distracted == 0 and conditions_of(table, "Bob").distracted == 1


@pytest.mark.parametrize("seed", range(15))
def test_bleeding_out_is_rolled_as_a_round_is_dealt(sw, seed):
    table = table_of(sw, Quinn=hero(), Sarah=hero())
    condition(sw, table, "Quinn", "wounds=3", "bleeding-out")
    events = statuses.round_starts(sw, table, random.Random(seed))
    assert [event["person"] for event in events] == ["Quinn"]
    roll = events[0]["roll"]
    assert roll["modifier"] == oracle.penalty(wounds=3)
    expected = {"bust": DEAD, "failure": DEAD, "success": BLEEDING_OUT, "raise": STABLE}[oracle.verdict(roll)]
    assert conditions_of(table, "Quinn").incapacitated == expected
    assert people.incapacitated(sw, table) == ["Quinn"]


def test_a_group_of_extras_recovers_each_shaken_member(sw):
    table = table_of(sw, Cultists={"side": "gm", "traits": {"extra": True, "count": 3, "spirit": "d6"}})
    condition(sw, table, "Cultists", "shaken=2")
    rolled = statuses.turn_starts(sw, table, ["Cultists"], random.Random(4))
    assert len(rolled) == 2 and all(entry["member"] and entry["roll"]["wild"] is None for entry in rolled)
    recovered = sum(oracle.successes(entry["roll"]) > 0 for entry in rolled)
    assert conditions_of(table, "Cultists").shaken_members == 2 - recovered


# -- the odds against a person -------------------------------------------------------------------------


def test_damage_odds_against_a_person_match_an_independent_convolution(sw):
    from dealer.core.damage import damage_odds, parse_damage

    table = table_of(sw, Quinn=hero(vigor="d6", edges="iron jaw"))
    condition(sw, table, "Quinn", "shaken", "wounds=1")
    odds = damage_odds(parse_damage("2d6+1"), vs=oracle.toughness(6), step=4)
    found = {row["effect"]: row["chance"] for row in
             wounds.damage_odds_at(sw, table, "Quinn", odds.totals)["effects"]}
    dist = oracle.added(oracle.acing(6, 80), oracle.acing(6, 80))
    expected: dict[str, float] = {}
    for total, p in enumerate(dist):
        model = oracle.WildCard(oracle.toughness(6))
        model.wounds, model.shaken = 1, True
        dealt = model.hit(total + 1)
        label = ("no effect" if total + 1 < model.toughness else "Incapacitated" if model.down
                 else "Shaken" if not dealt else f"Shaken, {dealt} wound{'' if dealt == 1 else 's'}")
        expected[label] = expected.get(label, 0.0) + p
    assert set(found) == set(expected)
    for label, chance in expected.items():
        assert found[label] == pytest.approx(chance, abs=1e-9)


def test_soak_odds_match_an_independent_count_of_both_dice(sw):
    table = table_of(sw, Quinn=hero(vigor="d8", edges="iron jaw"))
    condition(sw, table, "Quinn", "wounds=2")
    removes = wounds.soak_odds(sw, table, "Quinn")["removes"]
    trait, wild = oracle.acing(8, 200), oracle.acing(6, 200)
    modifier = oracle.penalty(wounds=2) + 2
    counted = [0.0] * 4
    for a, pa in enumerate(trait):
        for b, pb in enumerate(wild):
            if pa and pb:
                roll = {"rolls": [[a], [b]], "modifier": modifier, "wild": 1}
                found = 0 if (a == 1 and b == 1) else oracle.successes(roll)
                counted[min(found, 3)] += pa * pb
    assert removes == pytest.approx(counted, abs=1e-9)


# -- the roster --------------------------------------------------------------------------------------------


def test_a_misspelt_edge_or_hindrance_is_refused_with_the_name_meant(sw):
    with pytest.raises(TraitError, match="'quik' is not an Edge savage-worlds knows .did you mean 'quick'"):
        check_traits(sw, "Quinn", {"edges": "quik"})
    with pytest.raises(TraitError, match="did you mean 'hesitant'"):
        check_traits(sw, "Quinn", {"hindrances": "Hesitent"})
    with pytest.raises(TraitError, match="vigor=2d8 is not one trait die"):
        check_traits(sw, "Quinn", {"vigor": "2d8"})
    assert check_traits(sw, "Quinn", {"edges": "Quick, Iron Jaw", "vigor": "d12+1"})["vigor"] == "d12+1"
    assert check_traits(sw, "Quinn", {"edges": "gunslinger"}, free=True) == {"edges": "gunslinger"}


def test_the_state_reads_back_typed(sw):
    table = table_of(sw, Quinn=hero())
    wounds.apply_damage(sw, table, "Quinn", 30, random.Random(1))
    stored = table.states_data()
    again = Table(sw, name="t", roster=table.roster, states=stored)
    again.check_states()
    assert conditions_of(again, "Quinn").to_data() == conditions_of(table, "Quinn").to_data()
    broken = {**stored, "conditions": {"people": {"Quinn": {"incapacitated": "asleep"}}}}
    from dealer.core.record import StateError

    with pytest.raises(StateError, match="conditions.people.Quinn.incapacitated"):
        Table(sw, name="t", states=broken).state(ConditionsState)


# -- the readings, as ruleset options ----------------------------------------------------------------


def house(tmp_path, text):
    path = tmp_path / "house.toml"
    path.write_text('extends = "savage-worlds"\nname = "house"\n' + text, encoding="utf-8")
    return load_ruleset(str(path))


def deal_stacked(ruleset, top, roster):
    from dealer.core.mechanics import action
    from dealer.core.mechanics.action.common import round_request

    rest = [card.code for card in ruleset.deck if card.code not in top]
    table = Table(ruleset, name="t", decks={"action": Piles(list(top) + rest)}, roster=roster)
    return action.resolve(ruleset, round_request(ruleset), table, random.Random(1)).to_data()


def test_foundrys_hesitant_reading_is_one_key_away(sw, tmp_path):
    """Level Headed and Hesitant cancel (one card), then Quick redraws the Three; Foundry's reading draws two,
    keeps the lowest and applies no Quick."""
    roster = {"Doc": {"side": "heroes", "traits": {"edges": "level headed, quick", "hindrances": "hesitant"}}}
    ours = {row["name"]: row for row in deal_stacked(sw, ["3c", "9d", "Kh"], roster)["participants"]}["Doc"]
    assert (ours["draw"]["drawn"], ours["draw"]["redrawn"], ours["cards"]) == (["3c"], ["9d"], ["9d"])
    foundry = house(tmp_path, '[action.draw_edges.hesitant]\nreplaces = ["level-headed", "improved-level-headed", '
                              '"quick"]\n')
    theirs = {row["name"]: row for row in deal_stacked(foundry, ["3c", "9d", "Kh"], roster)["participants"]}["Doc"]
    assert (theirs["draw"]["drawn"], theirs["draw"]["redrawn"], theirs["cards"]) == (["3c", "9d"], [], ["3c"])


def test_jokers_wild_without_the_gms_benny_is_one_key_away(sw, tmp_path):
    roster = {"Sarah": {"side": "heroes", "traits": {}}, "Bob": {"side": "gm", "traits": {}}}
    ours = [e["player"] for e in deal_stacked(sw, ["5c", "BJ"], roster)["events"] if e["kind"] == "chip"]
    assert ours == ["Bob", "GM"]
    plain = house(tmp_path, "[action.specials.BJ]\ngm_chip = false\n")
    assert [e["player"] for e in deal_stacked(plain, ["5c", "BJ"], roster)["events"] if e["kind"] == "chip"] == ["Bob"]
