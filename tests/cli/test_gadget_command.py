"""``dealer gadget``: golden outputs, bad input, and a whole device on a table."""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_clean_error

POKER = ("-r", "poker-hands")

# The golden outputs of design, build and use are in tests/golden (tests/cli/test_golden.py).


def result(dealer, *args):
    run = dealer(*POKER, "gadget", *args, "--json")
    assert run.code == 0, run
    return run.json()["result"]


def test_physical_cards_on_design_build_and_use(dealer):
    design = result(dealer, "design", "boots", "--tier", "novel tech", "--skill", 1, "--cards", "Js 10h 9d 8c 7s 2d")
    assert design["steps"] == 0 and design["success"] and design["draw"]["cards"][0] == "Js"
    jack = result(dealer, "build", "--tier", "straight", "--skill", 0, "--cards", "Js 10h 9d 8c 7s")
    ten = result(dealer, "build", "--tier", "straight", "--skill", 0, "--cards", "10h 9d 8c 7s 6h")
    assert (jack["high"], jack["reliability"], jack["fail_hand"]) == (True, 4, 7)
    assert (ten["high"], ten["reliability"], ten["fail_hand"]) == (False, 5, 7)
    used = result(dealer, "use", "--reliability", 2, "--build-joker", "red", "--cards", "RJ 9h 9s 9d 2c 3c")
    assert used["breakdown"] and used["severity_cards"] == ["9h", "9s", "9d", "2c", "3c"]
    assert used["severity_hand"]["rank"] == "three-of-a-kind" and used["chance"]["fraction"] == "35/477"


def test_assist_and_rush_options(dealer):
    design = result(dealer, "design", "gun", "--tier", "simple", "--skill", 0, "--assist", "three of a kind")
    assert design["assist"]["bonus"]["cards"] == 2 and design["draw"]["cards_allowed"] == 7
    built = result(dealer, "build", "--tier", "pair", "--skill", 0, "--rush", 1, "--cards", "2c 2d 5h 9s Kd")
    assert (built["reliability"], built["fail_hand"], built["time"]) == (7, 8, "an hour")
    text = dealer(*POKER, "gadget", "build", "--tier", "pair", "--skill", 0, "--rush", 1, "--cards", "2c 2d 5h 9s Kd")
    assert "reliability 7, fail hand 8 cards (rushed 1 category)" in text.out


def log_size(dealer, name):
    return len(dealer("table", "log", name, "--jsonl").out.splitlines())


@pytest.mark.parametrize("args", [
    ("design", "x", "--tier", "warp drive", "--skill", 2),
    ("design", "x", "--tier", "pair"),  # no skill, no roster
    ("design", "x", "--skill", 2),  # no tier: usage error
    ("build", "--skill", 2),  # no tier without a table
    ("build", "--tier", "pair", "--skill", 2, "--rush", 2),
    ("use",),
    ("use", "--reliability", 0),
    ("use", "--reliability", -1),
    ("use", "jetski-1"),  # a device without a table
    ("use", "--reliability", 3, "--build-joker", "green"),
    ("use", "--reliability", 3, "--cards", "RJ"),
    ("design", "x", "--tier", "pair", "--skill", 1, "--cards", "As Zz"),
    ("design", "x", "--tier", "pair", "--skill", 0, "--mod", -10),  # no cards to draw
    ("build", "--tier", "pair", "--skill", 2, "--wild-pick"),  # a wild pick needs ten cards
    ("use", "--reliability", 3, "--fail-hand", 0),
    ("use", "--reliability", 100),
    ("design", "x", "--tier", "pair", "--skill", 1, "--assist", "pair", "--assist-skill", 2),
])
def test_bad_input_without_a_table(dealer, args):
    assert_clean_error(dealer(*POKER, "gadget", *args))


def test_the_default_ruleset_has_no_tiers(dealer):
    assert_clean_error(dealer("gadget", "design", "x", "--tier", "pair", "--skill", 1))


@pytest.mark.parametrize("args", [
    ("build", "--skill", 2),  # building without a design
    ("build", "nothing", "--skill", 2),  # a design that does not exist
    ("use", "nothing"),  # a device that does not exist
    ("design", "jetski", "--tier", "pair", "--skill", 2),  # the name is taken
    ("build", "jetski", "--tier", "flush", "--skill", 2),  # a tier other than the design's
    ("use", "jetski-1", "--reliability", 2),
    ("use", "jetski-1", "--cards", "As"),  # one card short of the reliability
    ("build", "jetski", "--skill", 2, "--cards", "As As"),
])
def test_bad_input_on_a_table_writes_nothing(dealer, args):
    assert dealer(*POKER, "table", "new", "lab", "--seed", 1).code == 0
    assert dealer("gadget", "design", "jetski", "--tier", "pair", "--skill", 0, "--cards", "Jc Jd 4h 5s 9d",
                  "--table", "lab").code == 0
    assert dealer("gadget", "build", "jetski", "--skill", 0, "--cards", "Jc Jd 4h 5s 9d", "--table", "lab").code == 0
    before = (log_size(dealer, "lab"), dealer("table", "show", "lab", "--json").out)
    assert_clean_error(dealer("gadget", *args, "--table", "lab"))
    assert (log_size(dealer, "lab"), dealer("table", "show", "lab", "--json").out) == before


def test_a_whole_device_on_a_table(dealer):
    assert dealer(*POKER, "table", "new", "lab", "--seed", 1).code == 0
    assert dealer("table", "add", "lab", "Bert", "--trait", "mad-science=3").code == 0
    assert dealer("table", "add", "lab", "Ada", "--trait", "mad-science=4").code == 0
    design = result(dealer, "design", "jetski", "--tier", "straight", "--by", "Bert", "--seed", 10, "--table", "lab",
                    "--cards", "9s 9h 9d 4c 4s 2c Ah Kd")
    assert design["stored"] and design["steps"] == 1 and design["inventor"] == "Bert"
    own = result(dealer, "build", "jetski", "--seed", 11, "--table", "lab")
    assert own["builder"] == "Bert" and own["draw"]["cards_allowed"] == 8 and own["draw"]["modifiers"] == []
    other = result(dealer, "build", "jetski", "--by", "Ada", "--seed", 12, "--table", "lab",
                   "--cards", "2c 2d 5h 5s Kd 8c 9h 3s")
    assert other["draw"]["modifiers"] == [{"why": "Bert's design, Ada's first build", "cards": -1}]
    assert len(other["draw"]["cards"]) == 8 and other["reliability"] == 10 and other["device"] == "jetski-1"
    uses, seed = [], 100
    while not any(use["breakdown"] for use in uses):
        uses.append(result(dealer, "use", "jetski-1", "--seed", seed, "--table", "lab"))
        seed += 1
        assert len(uses) < 60
    last = uses[-1]
    assert last["record"] == {"uses": len(uses), "breakdowns": 1, "broken": True}
    assert len(last["severity_cards"]) == 10 and last["severity_hand"] is not None
    history = [json.loads(line) for line in dealer("table", "log", "lab", "--jsonl").out.splitlines()]
    gadget_events = [e for e in history if e["kind"].startswith("gadget")]
    assert [e["kind"] for e in gadget_events] == ["gadget design", "gadget build", "gadget build"] + [
        "gadget use"] * len(uses)
    assert [e["seed"] for e in gadget_events] == [10, 11, 12] + list(range(100, seed))
    assert gadget_events[2]["data"]["builder"] == "Ada" and gadget_events[-1]["data"]["breakdown"]
    broken = dealer("gadget", "use", "jetski-1", "--seed", seed, "--table", "lab")
    assert_clean_error(broken, code=1)
    assert "is broken" in broken.err and "dealer gadget repair jetski-1 --table lab" in broken.err
    listed = dealer("gadget", "list", "--table", "lab", "--json").json()["result"]
    assert listed["kind"] == "devices" and listed["devices"]["jetski-1"]["broken"]
    assert "BROKEN" in dealer("gadget", "list", "--table", "lab").out
    assert "  device jetski-1 (jetski): BROKEN" in dealer("table", "show", "lab").out  # the table says so too
    assert dealer("table", "show", "lab", "--json").json()["result"]["devices"]["jetski-1"]["broken"]
    while True:  # a construction check against the design's straight: Bert tries until he hits it
        repair = result(dealer, "repair", "jetski-1", "--by", "Bert", "--seed", seed, "--table", "lab")
        assert repair["kind"] == "repair" and repair["check"]["draw"]["purpose"] == "build"
        seed += 1
        if repair["success"]:
            break
        assert dealer("gadget", "use", "jetski-1", "--table", "lab").code == 1
    shown = dealer("gadget", "use", "jetski-1", "--seed", seed, "--table", "lab")
    assert f"record: {len(uses) + 1} uses" in shown.out
    fixed = dealer("gadget", "repair", "jetski-1", "--fixed", "--table", "lab")
    assert "broken" in fixed.err or "repaired" in fixed.out


def test_a_chip_played_before_a_design_check_adds_its_card_and_is_spent(dealer):
    """Seed 003: "If you play your red or white chip before draw": a gadget check is a draw too."""
    assert dealer("-r", "poker-hands", "table", "new", "lab", "--seed", "1").code == 0
    assert dealer("table", "add", "lab", "Ada", "--trait", "mad-science=2").code == 0
    assert dealer("chips", "give", "Ada", "white", "--table", "lab").code == 0
    run = dealer("gadget", "design", "gun", "--tier", "two pair", "--by", "Ada", "--chip", "white", "--table", "lab",
                 "--seed", "3", "--json")
    assert run.code == 0, run
    draw = run.json()["result"]["draw"]
    assert {"why": "white chip", "cards": 1} in draw["modifiers"] and len(draw["cards"]) == 8
    assert dealer("chips", "--table", "lab", "--json").json()["result"]["players"] == {}
    again = dealer("gadget", "design", "gun2", "--tier", "pair", "--by", "Ada", "--chip", "white", "--table", "lab")
    assert_clean_error(again, code=1)  # no white chip left to play
