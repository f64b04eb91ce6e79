"""The four-round SWADE fight of docs/savage-worlds.md (issue 34), run again as JSON: every damage, Soak,
recovery, Incapacitation and Bleeding Out roll checked against an independent reading of the dice each
result shows (tests/swade_oracle.py), the people followed by a model of SWADE's rules; then the fight
undone, exported, imported and checked, and the errors a new user meets."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests import swade_oracle as oracle
from tests.conftest import assert_clean_error

PAGE = Path(__file__).resolve().parent.parent.parent / "docs" / "savage-worlds.md"
T = ("--table", "dodge")


def fight_commands():
    """The page's commands from its People section to the end of the fight (a refused one left out)."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## People: traits"):text.index("## Conditions by hand")]
    lines = [line[len("$ dealer "):] for line in section.splitlines() if line.startswith("$ dealer ")]
    return [shlex.split(line) for line in lines if "Zed" not in line]


class People:
    """The fight's people as SWADE reads them: Wild Cards by the oracle's model, the cultists as counts."""

    def __init__(self):
        self.wild = {"Sarah": oracle.WildCard(oracle.toughness(6)), "Quinn": oracle.WildCard(oracle.toughness(8, armor=1)),
                     "Bad Bob": oracle.WildCard(oracle.toughness(8))}
        self.cultists = {"count": 3, "down": 0, "shaken": 0, "toughness": oracle.toughness(6)}
        self.before = {}  # each person's state before the last damage they took
        self.bonus = {"Sarah": {"recover-shaken": 2}, "Quinn": {"soak": 2}}  # Combat Reflexes, Iron Jaw

    def penalty(self, name, purpose="trait", wounds=None):
        if name not in self.wild:
            return 0
        model = self.wild[name]
        return oracle.penalty(wounds=model.wounds if wounds is None else wounds) + self.bonus.get(name, {}).get(purpose, 0)

    def hit(self, name, total):
        if name == "Cultists":
            group = self.cultists
            standing = group["count"] - group["down"]
            hit_shaken = group["shaken"] >= standing
            raises = (total - group["toughness"]) // 4 if total >= group["toughness"] else 0
            if total >= group["toughness"] and (raises or hit_shaken):
                group["down"] += 1
                group["shaken"] -= 1 if hit_shaken else 0
                return 1
            group["shaken"] += total >= group["toughness"]
            return 0
        model = self.wild[name]
        self.before[name] = (model.wounds, model.shaken, model.down)
        return model.hit(total)


def check_roll(roll, expected_modifier):
    """A person's trait roll: its modifiers say what was added, and its total and verdict follow from its dice."""
    assert sum(modifier["value"] for modifier in roll["modifiers"]) == expected_modifier
    assert roll["total"] == oracle.kept_total(roll)
    assert (roll["bust"], roll["success"]) == (oracle.critical(roll), oracle.successes(roll) > 0)


def test_the_four_round_fight_reads_right_in_json(dealer):
    seen = People()
    kinds, checked = set(), []
    for argv in fight_commands():
        run = dealer(*argv, "--json")
        assert run.code == 0, (argv, run)
        result = run.json()["result"]
        kinds.add(result["kind"])
        checked += [result["kind"] + ":" + key for key in ("target", "soak", "recovery") if result.get(key)]
        if result["kind"] == "round":
            checked += ["bleeding"] * sum(event["kind"] == "bleeding out" for event in result["events"])
        person = argv[argv.index("--as") + 1] if "--as" in argv else None
        if result["kind"] == "roll" and person:  # nobody is Vulnerable, no Edge adds to these traits
            check_roll(result, seen.penalty(person))
        elif result["kind"] == "damage":
            assert result["total"] == oracle.damage_total(result)
            target = result["target"]
            dealt = seen.hit(target["name"], result["total"])
            assert target["wounds"] == dealt and target["total"] == result["total"]
            if target["name"] in seen.wild:
                model = seen.wild[target["name"]]
                assert target["toughness"] == model.toughness
                assert (target["after"].get("wounds", 0), target["after"].get("fear") == "shaken") == (
                    model.wounds, model.shaken)
                if "incapacitation" in target:
                    roll = target["incapacitation"]["roll"]
                    check_roll(roll, oracle.penalty(wounds=model.wounds))
                    assert target["incapacitation"]["outcome"] == oracle.verdict(roll)
                    assert target["after"]["incapacitated"] == {"bust": "dead", "failure": "bleeding out"}.get(
                        oracle.verdict(roll), "stable")
            else:
                assert (target["after"].get("down", 0), target["after"].get("shaken_members", 0)) == (
                    seen.cultists["down"], seen.cultists["shaken"])
        elif result["kind"] == "chips" and "soak" in result:
            soak = result["soak"]
            name = soak["person"]
            wounds_before = seen.before[name][0]
            check_roll(soak["roll"], seen.penalty(name, "soak", wounds=wounds_before))
            soaked = min(oracle.successes(soak["roll"]), soak["wounds"])
            model = seen.wild[name]
            model.wounds -= soaked
            model.shaken = model.shaken and soaked < soak["wounds"]
            assert (soak["soaked"], soak["after"].get("wounds", 0)) == (soaked, model.wounds)
        elif result["kind"] == "chips" and "target" in result:  # a damage reroll that stands
            target = result["target"]
            name = target["name"]
            model = seen.wild[name]
            model.wounds, model.shaken, model.down = seen.before[name]
            again = result["reroll"]["again"]
            assert target["total"] == oracle.damage_total(again) == again["total"]
            assert target["wounds"] == seen.hit(name, again["total"])
            assert target["after"].get("wounds", 0) == model.wounds
        elif result["kind"] == "chips" and result.get("does") == "unshake":
            seen.wild[result["player"]].shaken = False
        elif result["kind"] == "next":
            for entry in result["recovery"]:
                name = entry["person"]
                check_roll(entry["roll"], seen.penalty(name, "recover-shaken"))
                assert entry["recovered"] == (oracle.successes(entry["roll"]) > 0)
                if entry["recovered"] and name in seen.wild:
                    seen.wild[name].shaken = False
                elif entry["recovered"]:
                    seen.cultists["shaken"] -= 1
        elif result["kind"] == "round":
            for event in result["events"]:
                if event["kind"] == "bleeding out":
                    roll = event["roll"]
                    check_roll(roll, seen.penalty(event["person"], "bleeding-out"))
                    assert event["words"].split(":")[0] == {"bust": "dies", "failure": "dies", "success": "holds on",
                                                            "raise": "stabilised"}[oracle.verdict(roll)]
            out = {row["name"] for row in result["participants"] if row["notes"] and "Incapacitated" in row["notes"][0]}
            assert out == {name for name, model in seen.wild.items() if model.down}
    assert {"damage", "chips", "next", "round", "roll"} <= kinds
    assert sorted(set(checked)) == ["bleeding", "chips:soak", "chips:target", "damage:target", "next:recovery"]
    assert (checked.count("damage:target"), checked.count("bleeding"), checked.count("next:recovery")) == (9, 2, 7)
    shown = dealer("table", "show", "dodge", "--json").json()["result"]["conditions"]
    for name, model in seen.wild.items():
        held = shown.get(name, {})
        assert held.get("wounds", 0) == model.wounds and bool(held.get("incapacitated")) == model.down
        assert held.get("penalty", 0) == oracle.penalty(wounds=model.wounds)
    assert shown["Cultists"]["down"] == seen.cultists["down"] == 2


def test_the_fight_says_jokers_wild_and_the_gms_benny(dealer):
    for argv in fight_commands()[:7]:
        run = dealer(*argv, "--json")
    events = run.json()["result"]["events"]
    takers = [event["player"] for event in events if event["kind"] == "chip"]
    assert takers == ["Bad Bob", "GM"]  # Bad Bob drew the Black Joker: the GM's Wild Card and the GM


@pytest.fixture(scope="module")
def fought_home(tmp_path_factory):
    """A state home where the fight has been fought (once for the module)."""
    from click.testing import CliRunner

    from dealer.cli import cli

    home = tmp_path_factory.mktemp("fought") / "state"
    env = {"DEALER_HOME": str(home), "DEALER_RULESET": None, "DEALER_TABLE": None, "DEALER_STORE": None}
    for argv in fight_commands():
        assert CliRunner().invoke(cli, argv, env=env).exit_code == 0, argv
    return home


@pytest.fixture
def fought(request, dealer, tmp_path):
    """``dealer`` on a copy of the fought table (with its tables on PostgreSQL, DEALER_TEST_STORE=postgres, the
    fight fought there: the copy is of an SQLite file)."""
    import os
    import shutil

    if os.environ.get("DEALER_TEST_STORE") == "postgres":
        for argv in fight_commands():
            assert dealer(*argv).code == 0, argv
        return dealer
    shutil.copytree(request.getfixturevalue("fought_home"), tmp_path / "state")
    return dealer


def test_damage_and_a_soak_are_taken_back_by_undo_and_survive_export_and_import(fought, tmp_path):
    dealer = fought
    before = dealer("table", "show", "dodge", "--json").json()["result"]
    hit = dealer("roll", "2d6+4", "--damage", "--raise", "--vs", "Sarah", *T, "--seed", 1, "--json").json()["result"]
    assert hit["target"]["wounds"] >= 1
    dealer("chips", "spend", "Sarah", "--for", "soak", *T, "--seed", 2)
    for _ in range(2):
        assert dealer("table", "undo", "dodge").code == 0
    after = dealer("table", "show", "dodge", "--json").json()["result"]
    assert after["conditions"] == before["conditions"] and after["state"] == before["state"]
    export = dealer("table", "export", "dodge")
    (tmp_path / "dodge.json").write_text(export.out, encoding="utf-8")
    assert dealer("table", "import", tmp_path / "dodge.json", "--as", "copy").code == 0
    assert dealer("table", "check", "copy").code == 0
    copied = dealer("table", "show", "copy", "--json").json()["result"]
    assert copied["conditions"] == after["conditions"] and copied["state"]["conditions"] == after["state"]["conditions"]


def test_what_a_new_user_tries_is_answered_in_a_line_or_two(fought):
    dealer = fought
    assert_clean_error(dealer("chips", "spend", "Sarah", "--for", "soak", *T), code=1)  # no damage on Sarah
    assert_clean_error(dealer("chips", "spend", "Sarah", "--for", "unshake", *T), code=1)  # not Shaken
    assert_clean_error(dealer("chips", "spend", "Quinn", "--for", "soak", *T), code=1)  # soaked once already
    assert_clean_error(dealer("roll", "2d6", "--damage", "--vs", "Sarah"), code=2)  # a person needs a table
    assert_clean_error(dealer("roll", "d8", "--vs", "Sarah", *T), code=2)  # --vs NAME on a trait roll needs --as
    assert_clean_error(dealer("roll", "2d6", "--damage", "--vs", "Sarha", *T), code=1)
    assert "did you mean 'Sarah'" in dealer("roll", "2d6", "--damage", "--vs", "Sarha", *T).err
    assert_clean_error(dealer("table", "condition", "dodge", "Sarah", "stuned"), code=1)
    assert "did you mean 'stunned'" in dealer("table", "condition", "dodge", "Sarah", "stuned").err
    assert_clean_error(dealer("roll", "agility", "--as", "Sarah", *T), code=1)
    assert_clean_error(dealer("table", "add", "dodge", "Zed", "--trait", "edges=iron jaws"), code=2)
    assert_clean_error(dealer("chips", "wound", "Sarah", "4", *T), code=1)
    assert_clean_error(dealer("action", "out", "Quinn", "--back", *T), code=1)  # Incapacitated: heal first


def test_the_readings_are_ruleset_options(dealer, tmp_path):
    """Jokers Wild without the GM's Benny, and an Incapacitated person dealt a card and Bleeding Out on it."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "savage-worlds"\nname = "house"\n[people]\nincapacitated_card = true\n'
                     '[action.specials.RJ]\ngm_chip = false\n[action.specials.BJ]\ngm_chip = false\n',
                     encoding="utf-8")
    for argv in (["table", "new", "h", "-r", house, "--seed", 1],
                 ["table", "add", "h", "Quinn", "--trait", "vigor=d6", "--trait", "spirit=d6"],
                 ["table", "add", "h", "Bob", "--side", "gm", "--trait", "vigor=d6"],
                 ["table", "condition", "h", "Quinn", "wounds=3", "bleeding-out"]):
        assert dealer(*argv).code == 0, argv
    rolled = 0
    for seed in range(1, 60):
        dealt = dealer("action", "--table", "h", "--seed", seed, "--json").json()["result"]
        quinn = {row["name"]: row for row in dealt["participants"]}["Quinn"]
        assert quinn["cards"] and not [e for e in dealt["events"] if e["kind"] == "bleeding out"]
        if any(e["name"] == "Bob" for e in dealt["any_time"]):
            assert "GM" not in [e["player"] for e in dealt["events"] if e["kind"] == "chip"]
        while True:
            walked = dealer("action", "next", "--table", "h", "--seed", seed, "--json").json()["result"]
            if not walked["now"]:
                break
            for entry in walked["recovery"]:
                rolled += 1
                assert entry["condition"] == "bleeding out" and entry["person"] == "Quinn"
                assert entry["roll"]["total"] == oracle.kept_total(entry["roll"])
        state = dealer("table", "show", "h", "--json").json()["result"]["conditions"]["Quinn"]["incapacitated"]
        if state != "bleeding out":
            break
    assert state in ("dead", "stable") and rolled
