"""``dealer table stats`` on SWADE's people: every trait roll the rules make for a person (a Soak,
recovering from Shaken or Stunned, the Incapacitation roll, Bleeding Out) in the trait-roll rows, and
the rows of damage aimed at a person (hits, wounds dealt), Soaks (wounds soaked) and recoveries.

The fight of docs/savage-worlds.md (two Wild Cards, the GM's Wild Card, a group of Extras, wound
penalties, a Soak, a damage reroll, an Incapacitation, Bleeding Out) is played again with more: damage
rolled by nobody named, damage on an Incapacitated hero, a Soak rerolled, a damage reroll that does not
stand, a Stunned and Shaken hero with wounds recovering. Each trial's chances are worked out here from
the dice each result shows, apart from the code: each die's acing total (tests/swade_oracle.py), a Wild
Card's higher die, an Extra's check die, SWADE's wounds from the total against Toughness and the state
the damage found; the count's distribution by exact convolution (test_ledger_tails). The damage odds
are also checked against ``dealer odds roll DICE --damage --vs N``.
"""

from __future__ import annotations

import copy
import os
import shlex
import shutil

import pytest

from tests import swade_oracle as oracle
from tests.cli.test_swade_fight import fight_commands
from tests.cli.test_table_stats import agrees, history, runner_at, stats
from tests.cli.test_verify import written
from tests.core.test_ledger_tails import close

TOP = 160  # totals of one acing die worked out to here: what lies beyond is below 1e-13
T = ("--table", "dodge")
MORE = [shlex.split(line) + list(T) for line in (
    "roll 2d6 --damage --vs Cultists --seed 4",  # nobody named: the last cultist standing is Shaken
    "roll 2d6 --damage --as Sarah --vs Cultists --seed 5",  # a Shaken Extra hit: out
    "chips spend Sarah --for reroll --seed 1",  # a damage reroll that does not stand
    "roll 2d6 --damage --as Sarah --vs Quinn --seed 3",  # Quinn is Incapacitated: no wound more to count
    "table condition dodge Sarah wounds=1",
    'roll 2d6 --damage --as "Bad Bob" --vs Sarah --seed 1',  # Shaken
    'roll 2d6 --damage --as "Bad Bob" --vs Sarah --seed 4',  # Shaken again: a wound
    "chips give Sarah",
    "chips spend Sarah --for soak --seed 4",  # a Soak with her wound's -1
    "chips spend Sarah --for reroll --seed 24",  # ... rerolled: it stands
    "chips give Sarah",
    "chips give Sarah",
    'roll 2d6+2 --damage --raise --as "Bad Bob" --vs Sarah --seed 11',
    "chips spend Sarah --for soak --seed 1",
    "chips spend Sarah --for reroll --seed 31",  # ... rerolled: it does not stand
    "table condition dodge Sarah stunned",
    "action --seed 3",
    "action next --seed 1",
    "action next --seed 2",  # Sarah's turn: Stunned (Vigor) and Shaken (Spirit), -2 wounds, Distracted
)]
MORE = [argv[:-2] if argv[:2] == ["table", "condition"] else argv for argv in MORE]
CULTISTS = 3  # the fight's group of Extras (count=3)


def cumulative(dist):
    out, total = [], 0.0
    for p in dist:
        total += p
        out.append(total)
    return out


def trait_odds(roll):
    """A trait roll of these dice: (the chance of a Critical Failure, the chances of 0, 1, 2, ... successes
    otherwise). A Wild Card keeps the higher of the trait die and the Wild Die (a Critical Failure: both show
    1); an Extra rolls the trait die alone (a 1 on it and on the d6 check die); the modifier is added."""
    sides, modifier, tn = roll["die_sides"], roll["modifier"], roll["tn"]
    trait = oracle.acing(sides[0], TOP)
    if roll.get("wild") is not None:
        wild = oracle.acing(sides[roll["wild"]], TOP)
        by_trait, by_wild = cumulative(trait), cumulative(wild)
        kept = [by_trait[k] * by_wild[k] - (by_trait[k - 1] * by_wild[k - 1] if k else 0.0) for k in range(TOP + 1)]
        bust = trait[1] * wild[1]
    else:
        kept, bust = list(trait), trait[1] / 6
    kept[1] -= bust
    successes = {}
    for total, p in enumerate(kept):
        found = 0 if total + modifier < tn else 1 + (total + modifier - tn) // oracle.STEP
        successes[found] = successes.get(found, 0.0) + p
    return bust, [successes.get(k, 0.0) for k in range(max(successes) + 1)]


def wild_save(roll):
    """The Wild Die saves the roll: the trait die alone fails, the Wild Die succeeds (never both 1s then)."""
    sides, modifier, tn = roll["die_sides"], roll["modifier"], roll["tn"]
    fails = sum(oracle.acing(sides[0], TOP)[:max(0, tn - modifier)])
    succeeds = 1 - sum(oracle.acing(sides[roll["wild"]], TOP)[:max(0, tn - modifier)])
    return fails * succeeds


def trait_trials(person, roll, purpose=""):
    """A trait roll's trials, ``(person, row, chances, observed)``: Critical Failure, success, raises, a Wild
    Card's Wild Die save, a recovery's success."""
    bust, successes = trait_odds(roll)
    shown = oracle.successes(roll)
    success = sum(successes[1:])
    raises = [bust + sum(successes[:2]), *successes[2:]]
    found = [(person, "bust", [1 - bust, bust], int(oracle.critical(roll))),
             (person, "success", [1 - success, success], int(shown > 0)),
             (person, "raises", raises, max(0, shown - 1))]
    if roll.get("wild") is not None:
        save = wild_save(roll)
        alone = sum(roll["rolls"][0]) + roll["modifier"] < roll["tn"]
        found.append((person, "wild-save", [1 - save, save], int(shown > 0 and alone)))
    if purpose in ("shaken", "stunned"):
        found.append((person, "recoveries", [1 - success, success], int(shown > 0)))
    return found


def soak_trial(person, roll, wounds):
    """A Soak: each success soaks a wound of those the damage dealt."""
    bust, successes = trait_odds(roll)
    chances = [bust + successes[0], *successes[1:wounds]]
    return [(person, "soaked", chances + [1 - sum(chances)], min(oracle.successes(roll), wounds))]


def wounds_of(total, toughness, shaken, extra):
    """SWADE: Toughness Shakes; each full 4 over it is a wound; Shaken again, a wound; an Extra, out at one."""
    if total < toughness:
        return 0
    dealt = (total - toughness) // oracle.STEP or (1 if shaken else 0)
    return min(dealt, 1) if extra else dealt


def damage_trials(by, roll, target, before):
    """Damage aimed at ``target`` as ``before`` (their harm when it struck) found them: a hit and its wounds."""
    totals = [(total + roll["modifier"], p)
              for total, p in enumerate(oracle.added(*[oracle.acing(s, TOP) for s in roll["die_sides"]])) if p]
    toughness, extra = roll["tn"], target == "Cultists"
    shaken = before.get("shaken_members", 0) >= CULTISTS - before.get("down", 0) if extra \
        else before.get("fear") == "shaken"
    hit = sum(p for total, p in totals if total >= toughness)
    found = [(by, "hits", [1 - hit, hit], int(roll["total"] >= toughness))]
    if not extra and before.get("incapacitated"):
        return found
    chances = {}
    for total, p in totals:
        dealt = wounds_of(total, toughness, shaken, extra)
        chances[dealt] = chances.get(dealt, 0.0) + p
    return found + [(by, "wounds", [chances.get(k, 0.0) for k in range(max(chances) + 1)],
                     wounds_of(roll["total"], toughness, shaken, extra))]


def trials_of(argv, result, last):
    """The trials a command's result shows; ``last``: each person's last roll, what a Benny's reroll redoes."""
    person = argv[argv.index("--as") + 1] if "--as" in argv else None
    found = []
    if result["kind"] == "roll" and person:
        found += trait_trials(person, result)
        last[person] = ("trait",)
    elif result["kind"] == "damage" and result.get("target"):
        target = result["target"]
        found += damage_trials(person, result, target["name"], target["before"])
        if target.get("incapacitation"):
            found += trait_trials(target["name"], target["incapacitation"]["roll"])
        if person:
            last[person] = ("damage", target["name"], target["before"])
    elif result["kind"] == "chips" and result.get("reroll"):
        player, again = result["player"], result["reroll"]["again"]
        kind, *about = last[player]
        if kind == "damage":
            found += damage_trials(player, again, *about)
        else:
            found += trait_trials(player, again)
        if kind == "soak":
            found += soak_trial(player, again, about[0])
    elif result["kind"] == "chips" and result.get("soak"):
        soak = result["soak"]
        found += trait_trials(soak["person"], soak["roll"]) + soak_trial(soak["person"], soak["roll"], soak["wounds"])
        last[soak["person"]] = ("soak", soak["wounds"])
    elif result["kind"] == "next":
        for entry in result["recovery"]:
            found += trait_trials(entry["person"], entry["roll"], entry["condition"])
    elif result["kind"] == "round":
        for event in result["events"]:
            if event["kind"] == "bleeding out":
                found += trait_trials(event["person"], event["roll"])
    return found


def play(dealer):
    """The fight and MORE, each command as JSON; the trials each kept command shows (an undone one's left out)."""
    runs, last = [], {}
    for argv in fight_commands() + MORE:
        done = dealer(*argv, "--json")
        assert done.code == 0, (argv, done)
        if argv[:2] == ["table", "undo"]:
            runs.pop()
            continue
        runs.append(trials_of(argv, done.json()["result"], last))
    return [trial for run in runs for trial in run]


@pytest.fixture(scope="module")
def fought_home(tmp_path_factory):
    """A state home where the fight and MORE have been played (once for the module), and its trials."""
    home = tmp_path_factory.mktemp("fought") / "state"
    return home, play(runner_at(home))


@pytest.fixture
def fight(request, dealer, tmp_path, monkeypatch):
    """The fight's trials, its table where ``dealer`` runs: a copy of the module's, or with its tables on
    PostgreSQL (DEALER_TEST_STORE=postgres) played there (the copy is of an SQLite file)."""
    if os.environ.get("DEALER_TEST_STORE") == "postgres":
        return play(dealer)
    home, trials = request.getfixturevalue("fought_home")
    shutil.copytree(home, tmp_path / "state")
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "state"))
    return trials


def recorded(events):
    """What the log holds of what this fight is meant to try: ``(kind, what its data.ledger holds)`` counted."""
    found = {}
    for event in events:
        seen = event["data"].get("ledger") or {}
        for key in sorted(set(seen) & {"damage", "soak", "rolls"}):
            what = (event["kind"], key, *(entry["for"] for entry in seen[key] if "for" in entry)) if key == "rolls" \
                else (event["kind"], key)
            found[what] = found.get(what, 0) + 1
        if event["kind"] == "bleeding out" and "roll" in event["data"]:
            found[("bleeding out", "data.roll")] = found.get(("bleeding out", "data.roll"), 0) + 1
    return found


def test_each_persons_rolls_damage_soaks_and_recoveries_count_against_their_exact_odds(dealer, fight):
    trials = fight
    # The log holds what is tried: damage and its rerolls that stood (damage), one that did not (reroll);
    # Soaks and a reroll that stood (soak), one that did not (reroll); an Incapacitation roll; recoveries
    # from Shaken and from Stunned; a round's Bleeding Out rolls. (Undone events are in the log too.)
    assert recorded(history(dealer, "dodge")) == {
        ("damage", "damage"): 16, ("damage", "rolls", "incapacitation"): 1, ("reroll", "damage"): 1,
        ("soak", "soak"): 4, ("reroll", "soak"): 1, ("recovery", "rolls", "recover-shaken"): 8,
        ("recovery", "rolls", "recover-stunned"): 1, ("bleeding out", "data.roll"): 2}
    rows = {(person, row) for person, row, _, _ in trials}
    assert {row for _, row in rows} == {"bust", "success", "raises", "wild-save", "hits", "wounds", "soaked",
                                        "recoveries"}
    assert {person for person, row in rows if row == "hits"} == {"Sarah", "Quinn", "Bad Bob", "Cultists", None}
    assert (None, "wounds") in rows and ("Cultists", "wild-save") not in rows
    result = stats(dealer, "dodge")
    for person, row in sorted(rows, key=str):
        mine = [(chances, observed) for who, what, chances, observed in trials if (who, what) == (person, row)]
        block = next(item for item in result["people"] if item["person"] == person)
        counted = next(item for item in block["rows"] if item["row"] == row)
        assert counted["unknown"] == 0, (person, row)
        agrees(counted, [chances for chances, _ in mine], sum(observed for _, observed in mine))
    assert result["unknown"] == []
    # Nothing else is counted in these rows: the ledger's rows are exactly the ones made here (with the Jokers).
    counted = {(item["person"], row["row"]) for item in result["people"] for row in item["rows"]}
    assert counted - rows == {(person, "jokers") for person in ("Sarah", "Quinn", "Bad Bob", "Cultists")}


def test_damage_odds_are_those_of_dealer_odds_roll(dealer):
    """The chance of a hit and of each wound count on a fresh Wild Card, as ``dealer odds roll --damage --vs N``
    gives them, are the ones worked out here from the dice."""
    for dice, modifier, toughness in (("2d6", 0, 5), ("2d6+1d6+2", 2, 7), ("1d8+1d6", 0, 5)):
        odds = dealer("-r", "savage-worlds", "odds", "roll", dice, "--damage", "--vs", toughness, "--json")
        assert odds.code == 0, odds
        odds = odds.json()["result"]
        roll = {"die_sides": odds["die_sides"], "modifier": modifier, "tn": toughness, "total": 0}
        (_, _, hit, _), (_, _, wounds, _) = damage_trials(None, roll, "Quinn", {})
        assert close(odds["success"], hit[1], rel=1e-9)
        assert close(odds["failure"] + odds["raises"][0], wounds[0], rel=1e-9)
        # the odds stop where less than 1e-12 is left (their cut): the last raise counts are cut short
        assert all(close(odds["raises"][k], wounds[k], rel=1e-9, floor=1e-12) for k in range(1, len(odds["raises"])))


def test_older_events_are_counted_apart_and_their_export_verifies(dealer, fight, tmp_path):
    """The same fight as a dealer before the ledger read SWADE's people logged it (no ``data.ledger``): the
    rows of damage, Soaks and recoveries are counted apart, never guessed, and the export verifies."""
    exported = dealer("table", "export", "dodge").json()["result"]
    verified = dealer("verify", written(tmp_path, exported, "new.json"), "--json")
    assert verified.code == 0 and verified.json()["result"]["verified"], verified
    old = copy.deepcopy(exported)
    for event in old["events"]:
        event["data"].pop("ledger", None)
    assert dealer("table", "import", written(tmp_path, old), "--as", "old").code == 0
    counted = stats(dealer, "old")
    for person in counted["people"]:
        for row in person["rows"]:
            if row["group"] in ("damage", "Soak and recovery"):
                assert row["events"] == 0 and row["expected"] is None and row["unknown"], (person["person"], row)
    sarah = next(item for item in counted["people"] if item["person"] == "Sarah")
    # Her three recovery rolls (their trait rows; her Soaks are roll events, known); her damage and Soaks, but
    # for the reroll that did not stand (an older log does not say it was one of those), and a wound count on
    # Quinn Incapacitated too (an older log does not say he was).
    assert {row["row"]: row["unknown"] for row in sarah["rows"] if row["group"] != "action cards"} == {
        "bust": 3, "success": 3, "raises": 3, "wild-save": 0, "hits": 7, "wounds": 7, "soaked": 3, "recoveries": 3}
    assert any(item["why"].startswith("logged before dealer recorded") for item in counted["unknown"])
    verified = dealer("verify", written(tmp_path, old, "old.json"), "--json")
    assert verified.code == 0 and verified.json()["result"]["verified"], verified


def test_bleeding_out_on_a_card_counts_as_a_trait_roll(dealer, tmp_path):
    """Where an Incapacitated hero is dealt a card and rolls Bleeding Out on it (people.incapacitated_card),
    the roll is in the countdown's event (data.ledger.rolls), counted with its wound penalty."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "savage-worlds"\nname = "house"\n[people]\nincapacitated_card = true\n',
                     encoding="utf-8")
    for argv in (["table", "new", "h", "-r", house, "--seed", 1],
                 ["table", "add", "h", "Quinn", "--trait", "vigor=d6", "--trait", "spirit=d6"],
                 ["table", "add", "h", "Bob", "--side", "gm", "--trait", "vigor=d6"],
                 ["table", "condition", "h", "Quinn", "wounds=3", "bleeding-out"]):
        assert dealer(*argv).code == 0, argv
    rolls = []
    for seed in range(2, 8):
        assert dealer("action", "--table", "h", "--seed", seed).code == 0
        for _ in range(2):
            walked = dealer("action", "next", "--table", "h", "--seed", seed, "--json").json()["result"]
            rolls += [entry["roll"] for entry in walked["recovery"]]
    assert rolls and {(roll["trait"], roll["modifier"]) for roll in rolls} == {("vigor", -3)}
    found = [trial for roll in rolls for trial in trait_trials("Quinn", roll)]
    block = next(item for item in stats(dealer, "h")["people"] if item["person"] == "Quinn")
    for row in ("bust", "success", "raises", "wild-save"):
        mine = [(chances, observed) for _, what, chances, observed in found if what == row]
        agrees(next(item for item in block["rows"] if item["row"] == row), [chances for chances, _ in mine],
               sum(observed for _, observed in mine))
