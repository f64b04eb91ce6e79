"""Issue 36 on the command line: odds that say their time only when asked and stay bounded
(36.2, 36.6), and behaviours a mutation round found unpinned (36.11 to 36.19), each off its
usual path; the guards that replaced wall-clock assertions (36.20)."""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from tests.conftest import assert_clean_error, installed_dealer, read_terminal
from tests.guards import OverBudget, bounded


def result(run):
    assert run.code == 0, run
    return run.json()["result"]


def keys_of(value):
    """Every key anywhere in a JSON document."""
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys_of(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_of(item)}
    return set()


# -- 36.6: a seeded result prints the same bytes; its time only when asked ----------------------

@pytest.mark.parametrize("args", [
    ["odds", "hand", "5", "--min", "pair of jacks"],  # counted, and a threshold counted apart
    ["-r", "weird-dust-devils", "odds", "hand", "6", "--holding", "T3 Fool"],  # a hand in progress
    ["odds", "hand", "7", "--simulate", "--samples", "2000", "--min", "pair of jacks"],  # dealt
    ["-r", "poker-hands", "odds", "hand", "4", "--context", "none", "--deck-left", "As Ks Qs Js 10s 9s 2h"],
])
def test_odds_hand_json_with_a_seed_is_the_same_bytes_and_holds_no_time(dealer, args):
    first = dealer(*args, "--json", "--seed", "31")
    again = dealer(*args, "--json", "--seed", "31")
    assert first.code == 0 and first.out == again.out, (first, again)
    assert not {"seconds", "time", "elapsed"} & keys_of(first.json()), first.out
    assert first.err == "" and again.err == ""  # a pipe: no timing note unasked


def test_the_timing_note_is_told_when_asked_on_stderr_only(dealer):
    args = ["odds", "hand", "7", "--seed", "2", "--json"]
    quiet, told = dealer(*args), dealer(*args, "--verbose")
    assert told.out == quiet.out and quiet.err == ""
    assert told.err.startswith("dealer: odds computed in ") and told.err.endswith(" s of CPU\n"), told
    text = dealer("odds", "hand", "7", "--verbose")
    assert "computed" not in text.out and "computed in" in text.err


def _stderr_on_a_terminal(args):
    """The installed dealer with stderr a pseudo-terminal (a person watching) and stdout a pipe."""
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k != "NO_COLOR"}
    proc = subprocess.Popen([installed_dealer(), *args], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out = proc.stdout.read()
    proc.wait(timeout=120)
    return out.decode(), read_terminal(master).decode()


def test_a_person_at_a_terminal_is_told_the_time_and_json_is_not():
    out, err = _stderr_on_a_terminal(["odds", "hand", "5"])
    assert out.startswith("best hand of 5 cards") and "odds computed in" in err
    out, err = _stderr_on_a_terminal(["odds", "hand", "5", "--json"])
    assert json.loads(out)["result"]["method"] == "counted" and "computed" not in err


# -- 36.2: every odds question bounded, what fits named ----------------------------------------

def test_a_count_past_the_work_allowed_is_refused_naming_what_counts(dealer):
    """``odds hand 20`` counted for 45 s: now refused within the count's budget of work (units
    counted, the same on any machine), naming the most cards that count and --simulate."""
    run = dealer("odds", "hand", "20")
    assert_clean_error(run, 2)
    assert "counting every hand of 20 cards exactly takes more than about 2 s of work" in run.err
    assert "up to 16 cards count exactly, or add --simulate" in run.err, run  # 16 counts: tests/core


def test_a_big_hand_simulated_by_default_deals_what_fits_a_few_seconds(dealer, monkeypatch):
    """100,000 deals of 20 cards would take 10 s: the default is the round number that fits a few
    seconds, and the result says how many it dealt (with its errors)."""
    from dealer.commands import odds
    from dealer.core.odds.enumerate import sample_seconds

    samples = odds.default_samples(20, 54, 20)
    assert 10_000 <= samples < 100_000 and sample_seconds(20, 54, 20, samples) <= odds.DEFAULT_SIMULATION_S
    assert odds.default_samples(7, 54, 7) == 100_000  # up to seven cards, the full default
    monkeypatch.setattr(odds, "DEFAULT_SIMULATION_S", 0.5)  # the same rule, a quicker test
    samples = odds.default_samples(20, 54, 20)
    data = result(dealer("odds", "hand", "20", "--simulate", "--json", "--seed", "3"))
    assert data["method"] == "simulated" and data["samples"] == samples == data["total"]
    assert all("stderr" in row for row in data["ranks"])


def test_a_small_hand_simulated_remembers_its_deals(dealer):
    """``odds hand 3 --simulate`` took 2-4 s for 24,804 possible hands: now each is judged once,
    and the figures are a simulation's still (seeded, with errors)."""
    data = result(dealer("odds", "hand", "3", "--simulate", "--json", "--seed", "4"))
    assert data["method"] == "simulated" and data["samples"] == 100_000
    counted = result(dealer("odds", "hand", "3", "--json"))
    for dealt, exact in zip(data["ranks"], counted["ranks"]):
        assert abs(dealt["probability"] - exact["probability"]) <= 5 * dealt["stderr"] + 1e-9, (dealt, exact)


def test_a_hex_past_the_work_allowed_bounds_the_rest_and_says_so(dealer, monkeypatch):
    """Royal flush on 30d12 counted a hand size per raise (32 s): the sizes past the budget are
    bounded, and the text and JSON say from how many cards (a smaller budget: a quicker test)."""
    monkeypatch.setattr("dealer.commands.odds.COUNT_BUDGET", 1_000_000)
    args = ["odds", "hex", "--min", "royal flush", "--roll", "30d12", "--level", "1"]
    data = result(dealer(*args, "--json"))
    assert data["counted_up_to"] and data["unresolved"] > 0
    text = dealer(*args).out
    assert f"(raises dealing more than {data['counted_up_to']} cards:" in text
    assert "bounded, not counted: counting them passes the work allowed)" in text


# -- 36.11: winded after --master casts, with no master trait -------------------------------------

def test_a_caster_with_no_master_trait_is_winded_after_master_casts(dealer):
    """Seed 003: "once you've used as many spells as your levels in the master skill, you're
    winded, and at -1 card to everything". Zeke has no master trait: hex --master 3 counts."""
    dealer("-r", "poker-hands", "table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Zeke")
    dealer("table", "add", "t", "Ida")
    sizes = []
    for seed in range(1, 6):
        cast = result(dealer("hex", "--skill", "1", "--mod", "+1", "--caster", "Zeke", "--master", "3",
                             "--table", "t", "--seed", seed, "--json"))
        sizes.append((len(cast["draw"]["cards"]), [m["why"] for m in cast["draw"]["modifiers"]], cast["casts"]))
    assert sizes == [(7, ["mod"], 1), (7, ["mod"], 2), (7, ["mod"], 3),  # 5 + 1 + 1: not yet winded
                     (6, ["mod", "winded"], 4), (6, ["mod", "winded"], 5)]  # a card fewer from the fourth
    other = result(dealer("hex", "--skill", "1", "--caster", "Ida", "--master", "3", "--table", "t", "--seed", 9,
                          "--json"))
    assert len(other["draw"]["cards"]) == 6 and other["casts"] == 1  # someone else's casts are their own
    assert dealer("table", "rest", "t", "Zeke").code == 0
    fresh = result(dealer("hex", "--skill", "1", "--caster", "Zeke", "--master", "3", "--table", "t", "--seed", 7,
                          "--json"))
    assert len(fresh["draw"]["cards"]) == 6 and fresh["casts"] == 1  # after a rest the casts count afresh


# -- 36.13: the medicine way counts a white favor chip as red, not an ordinary one ------------------

EAGLES = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "sheets", "three-eagles.toml")  # seed 003 sample 3


def _spend_event(run):
    events = [event for event in result(run)["events"] if event.get("move") == "spend"]
    assert len(events) == 1, run
    return events[0]


def test_a_white_chip_counts_as_red_in_the_medicine_way_only_from_the_favor_pool(dealer):
    """Seed 003: "your white chips spent from your favor pool, or raised by ritual and
    immediately spent, count as red." Three Eagles holds an ordinary white and a favor white."""
    dealer("-r", "poker-hands", "table", "new", "s", "--seed", "1")
    assert dealer("table", "add", "s", "--sheet", EAGLES).code == 0
    assert dealer("chips", "give", "Three Eagles", "white", "--table", "s").code == 0
    ordinary = _spend_event(dealer("chips", "spend", "Three Eagles", "white", "--for", "favor", "--way", "--note",
                                   "elk", "--table", "s", "--json"))
    assert ordinary["pool"] == "chips" and "acts_as" not in ordinary  # not from the favor pool: white
    assert dealer("chips", "give", "Three Eagles", "white", "--table", "s").code == 0
    earned = dealer("chips", "ritual", "Three Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "s")
    assert earned.code == 0 and "white favor chip" in earned.out, earned
    favor = _spend_event(dealer("chips", "spend", "Three Eagles", "white", "--for", "favor", "--way", "--note",
                                "elk", "--table", "s", "--json"))
    assert favor["pool"] == "favor" and favor["acts_as"] == "red"  # the favor pool pays first, as red
    plain = _spend_event(dealer("chips", "spend", "Three Eagles", "white", "--for", "favor", "--note", "elk",
                                "--table", "s", "--json"))
    assert plain["pool"] == "chips" and "acts_as" not in plain  # the ordinary white left, no --way


def test_a_white_chip_raised_by_a_ritual_and_spent_at_once_counts_as_red(dealer):
    dealer("-r", "poker-hands", "table", "new", "s", "--seed", "1")
    dealer("table", "add", "s", "--sheet", EAGLES)
    data = result(dealer("chips", "ritual", "Three Eagles", "tobacco", "--cards", "4c 4d 8h 9s Jd Qc 2s",
                         "--spend-on", "healing", "--way", "--table", "s", "--json"))
    spent = [event for event in data["events"] if event.get("move") == "spend"]
    assert len(spent) == 1 and spent[0]["colour"] == "white" and spent[0]["acts_as"] == "red", data["events"]
    other = result(dealer("chips", "ritual", "Three Eagles", "paint", "--cards", "5c 5d 8h 9s Jd",
                          "--spend-on", "healing", "--table", "s", "--json"))
    spent = [event for event in other["events"] if event.get("move") == "spend"]
    assert len(spent) == 1 and "acts_as" not in spent[0]  # spent at once, but not in the medicine way


# -- 36.15: out, then joined again: back in the fight --------------------------------------------

def test_someone_put_out_and_joined_again_is_back_in_the_fight(dealer):
    """Bad Bob (the marshal's side) is put out in round 1; round 2 deals him nothing; joining
    him takes him off the out list, and the countdown calls both his turns, the later one too."""
    dealer("table", "new", "friday", "--seed", "1")
    dealer("table", "add", "friday", "Sarah", "--trait", "quickness=3d6")
    dealer("table", "add", "friday", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8")
    dealer("action", "Sarah=16:Qh,8d,4c", "-m", "Bad Bob=9:Qh", "--table", "friday", "--seed", "2")
    assert dealer("action", "out", "Bad Bob", "--table", "friday").code == 0
    assert dealer("action", "Sarah=15", "--table", "friday", "--seed", "4").code == 0  # round 2: nothing for him
    shown = result(dealer("action", "show", "--table", "friday", "--json"))
    assert shown["out"] == ["Bad Bob"] and "Bad Bob" not in [turn["name"] for turn in shown["order"]]
    joined = result(dealer("action", "join", "Bad Bob", "=12", "--table", "friday", "--json"))
    assert joined["kind"] == "join" and len(joined["turns"]) == 2
    shown = result(dealer("action", "show", "--table", "friday", "--json"))
    assert shown["out"] == []
    called = []
    for _ in range(len(shown["order"])):
        called += [turn["name"] for turn in result(dealer("action", "next", "--table", "friday", "--json"))["now"]]
    assert called.count("Bad Bob") == 2 and called.count("Sarah") == 3, called
    text = dealer("action", "show", "--table", "friday").out
    assert "out of the fight" not in text


# -- 36.16: a Joker and a pair is no bust, whatever the target -----------------------------------

@pytest.mark.parametrize("cards, target, verdict, bust", [
    ("BJ 9c 9d 4h 2s Kc 7d", "two pair", "less than two pair", False),  # a pair short of the target
    ("RJ BJ 9c 9d 2s Kc 7d", "three of a kind", "less than three of a kind", False),  # both Jokers
    ("BJ Ac 3d 4h 2s Kc 7d", "ace", "bust", True),  # less than a pair: bust though ace high is met
    ("RJ 2c 3d 4h 6s 8c 10d Qh", "pair", "bust", True),
])
def test_a_spell_with_a_joker_busts_only_short_of_a_pair(dealer, cards, target, verdict, bust):
    data = result(dealer("-r", "poker-hands", "hex", "--skill", "2", "--mod", str(len(cards.split()) - 7),
                         "--cards", cards, "--min", target, "--json"))
    assert (data["verdict"], data["draw"]["bust"], data["success"]) == (verdict, bust, False), data
    if not bust:
        assert "BUST" not in dealer("-r", "poker-hands", "hex", "--skill", "2", "--cards", cards,
                                    "--min", target).out


# -- 36.17: the Fool's suit is a winning suit --------------------------------------------------

def test_harm_may_go_on_the_score_of_the_suit_the_fool_stands_for(dealer):
    """Doc wins with a plain three of a kind in which the Fool stands for the nine of Wands; no
    Wands card is played otherwise: Guts (Wands) takes harm, Eye (Coins) does not."""
    dealer("-r", "weird-dust-devils", "table", "new", "w", "--seed", "1")
    dealer("table", "add", "w", "Doc", "--trait", "hand=3", "--trait", "eye=2", "--trait", "heart=3",
           "--trait", "guts=3")
    dealer("table", "add", "w", "Kid", "--trait", "hand=2", "--trait", "eye=2", "--trait", "heart=3",
           "--trait", "guts=3")
    data = result(dealer("conflict", "Doc:9Sw,9Cu,Fool,2Sw,3Cu", "Kid:KSw,4Co,6Cu,7Sw", "--scores", "hand,eye",
                         "--table", "w", "--json"))
    doc = data["participants"][0]["hand"]
    assert doc["wilds"] == {"Fool": "9Wa"} and not doc["arcane"], doc
    assert data["winner"] == "Doc" and data["harm"]["allowed"] == ["Hand", "Heart", "Guts"], data["harm"]
    refused = dealer("conflict", "harm", "Kid", "eye=2", "--table", "w")
    assert_clean_error(refused, 1)
    assert "mundane harm falls on the winning suits' Scores" in refused.err, refused
    assert dealer("conflict", "harm", "Kid", "guts=2", "--table", "w").code == 0


# -- 36.18: the Twist is a played card, however many were dealt -----------------------------------

def test_the_twist_goes_by_the_lowest_card_played_not_dealt(dealer):
    """Doc is dealt seven; his lowest, 2Co, is not among the five he plays: the Twist is Kid's 3Sw,
    the lowest card played, and Doc's unplayed cards are not among its choices."""
    data = result(dealer("-r", "weird-dust-devils", "conflict", "Doc=hand=4,eye=3:KSw,KCu,9Wa,9Co,7Sw,4Cu,2Co",
                         "Kid=hand=2,eye=2:3Sw,QCu,8Wa,6Co", "--scores", "hand,eye", "--json"))
    played = {code for seat in data["participants"] for code in seat["hand"]["cards"]}
    assert "2Co" not in played and "4Cu" not in played
    assert data["twist"]["person"] == "Kid" and data["twist"]["card"] == "3Sw", data["twist"]
    assert {choice["code"] for choice in data["twist"]["choices"]} == played


def test_a_dealt_twist_is_always_the_lowest_played_card(dealer):
    """Dealt, seeded, seven cards and more: whatever is dealt, the Twist's card is played."""
    from dealer.core.mechanics.conflict.scores import standing
    from dealer.store.rulesets import load

    deck = load("weird-dust-devils").deck
    for seed in range(12):
        data = result(dealer("-r", "weird-dust-devils", "conflict", "Doc=hand=4,eye=4", "Kid=hand=3,eye=4",
                             "--scores", "hand,eye", "--seed", seed, "--json"))
        played = [(code, stand) for seat in data["participants"]
                  for code, stand in zip(seat["hand"]["cards"], seat["hand"]["as"])]
        lowest = min(played, key=lambda pair: standing(deck.parse(pair[0]), deck.parse(pair[1])
                                                       if pair[1] != pair[0] else None))
        assert data["twist"]["card"] == lowest[0], (seed, data["twist"], played)


# -- 36.19: undoing a chip's draw or gift puts it back in the pot -------------------------------

@pytest.mark.parametrize("ruleset, move, colour", [
    ("poker-hands", ["chips", "draw", "Sally", "3", "--seed", "5"], ["white"]),
    ("poker-hands", ["chips", "give", "Sally", "blue"], ["red"]),
    ("savage-worlds", ["chips", "draw", "Sally", "2", "--seed", "5"], []),  # an unlimited pot makes them: unmade
])
def test_undoing_a_chip_draw_or_give_puts_the_chip_back(dealer, ruleset, move, colour):
    dealer("-r", ruleset, "table", "new", "s", "--seed", "1")
    dealer("table", "add", "s", "Sally")
    dealer("table", "add", "s", "Ray")
    assert dealer("chips", "give", "Ray", *colour, "--table", "s").code == 0  # someone else's chip stays
    before = result(dealer("chips", "--table", "s", "--json"))
    moved = result(dealer(*move, "--table", "s", "--json"))
    assert moved["players"].get("Sally"), moved
    assert dealer("table", "undo", "s").code == 0
    after = result(dealer("chips", "--table", "s", "--json"))
    assert after["pot"] == before["pot"] and after["players"] == before["players"], (before, after)
    assert after["conservation"] == before["conservation"] and after["conservation"]["conserved"]
    assert "Sally" not in after["players"] and after["players"]["Ray"]


# -- 36.20: hang guards that a loaded machine cannot trip -----------------------------------------

def test_the_guards_trip_on_burnt_cpu_or_a_long_wait_and_not_on_a_wait_alone():
    with pytest.raises(OverBudget, match="of CPU"):
        with bounded(cpu=0.2):
            while True:
                pass
    with pytest.raises(OverBudget, match="waited"):
        with bounded(wall=0.2):
            time.sleep(5)
    with bounded(cpu=0.3, wall=5):
        time.sleep(0.4)  # waiting burns no CPU


def test_odds_conflict_pricing_reads_no_clock(dealer, monkeypatch):
    """The seeded conflict odds refused its 3,000 deals under load when a clock priced them:
    priced by the hands they evaluate, the same question has the same price at any load."""
    monkeypatch.setattr(time, "perf_counter", lambda: pytest.fail("a clock was read"))
    args = ["-r", "poker-hands", "odds", "conflict", "Sam=3", "Bob=2", "--helper", "Al=3", "--samples", 3000,
            "--seed", 11]
    assert dealer(*args).code == 0


# -- the fuzz's finding: a character sheet read as safely as a ruleset -------------------------------

@pytest.mark.parametrize("content, words", [
    ("a = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply (at most 20 levels)"),  # was internal error
    (".".join(["a"] * 40_000) + " = 1\n", "line 1: a dotted key of more than 20 parts"),  # was 2 GB of memory
    ("FIFO", "not a regular file; a character sheet is a .toml file"),  # was a wait for ever
    ("name = [", "TOML syntax"),
])
def test_a_hostile_character_sheet_is_a_short_usage_error(dealer, tmp_path, content, words):
    dealer("-r", "poker-hands", "table", "new", "t")
    sheet = tmp_path / "sheet.toml"
    if content == "FIFO":
        os.mkfifo(sheet)
    else:
        sheet.write_text(content, encoding="utf-8")
    with bounded(cpu=20, wall=120):
        run = dealer("table", "add", "t", "--sheet", str(sheet))
    assert_clean_error(run, 2)
    assert "is not a TOML character sheet" in run.err and words in run.err, run
