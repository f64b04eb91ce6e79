"""``dealer chips``: exact output, a whole session on a poker-hands table, and bad input."""

import re

import pytest

from tests.conftest import assert_clean_error


@pytest.fixture
def friday(dealer):
    """A poker-hands table with a gunfighter (a knack), a huckster and a shaman."""
    assert dealer("table", "new", "friday", "-r", "poker-hands", "--seed", 1).code == 0
    dealer("table", "add", "friday", "Bert", "--trait", "knacks=trick shooting")
    dealer("table", "add", "friday", "Sally", "--trait", "master=5")
    dealer("table", "add", "friday", "Three Eagles", "--trait", "guardian-spirit=4",
           "--trait", "rituals=paint:2,tobacco:3")
    return dealer


def ok(run):
    assert run.code == 0 and not run.err, run
    return run


def cast(run):
    """A spell cast on a table: ok, its deck's reshuffle after the cast told on stderr (issue 35.7)."""
    assert run.code == 0 and re.fullmatch(r"dealer: spell:[\w ]+ deck reshuffled \(the table reshuffles after every "
                                          r"cast; \d+ cards\)\n", run.err), run
    return run


def cast_spell(dealer, person, cards):
    """A spell cast on the table with cards dealt by hand: ``hex`` remembers the caster's hand; the
    deck's reshuffle after the cast is a note on stderr (issue 35.7). Seeded: the reshuffle decides
    the card a white chip adds next (a Red Joker there would draw a chip too)."""
    run = dealer("hex", "--skill", 0, "--caster", person, "--cards", cards, "--table", "friday", "--seed", 1)
    assert run.code == 0 and run.err == (f"dealer: spell:{person} deck reshuffled (the table reshuffles after every "
                                         "cast; 54 cards)\n"), run


GOLDEN_SESSION = """\
session 1: each draws 1 chip; every ritual may be performed again
Bert draws a white chip (the start of a session)
Sally draws a red chip (the start of a session)
Three Eagles draws a white chip (the start of a session)
table friday: pot 48 white, 24 red, 10 blue (cap 5)
  Bert: 1 white
  Sally: 1 red
  Three Eagles: 1 white
  85 chips = starting pot 85 + 0 created
"""


def test_golden_text_of_a_session(friday):
    assert ok(friday("chips", "session", "--table", "friday", "--seed", 7)).out == GOLDEN_SESSION


GOLDEN_DRAW = {
    "command": "chips draw",
    "ruleset": "poker-hands",
    "seed": 3,
    "result": {
        "kind": "chips", "action": "draw", "table": None,
        "pot": {"white": 49, "red": 24, "blue": 10},
        "players": {"Bert": {"white": 1, "red": 1}},
        "favor": {}, "wounds": {}, "cap": 5, "unlimited": False,
        "conservation": {"total": {"white": 50, "red": 25, "blue": 10}, "start": {"white": 50, "red": 25, "blue": 10},
                         "created": {}, "conserved": True},
        "asked": 2,
        "events": [{"kind": "chip", "move": "draw", "player": "Bert", "colour": "red",
                    "why": "a blind draw from the pot"},
                   {"kind": "chip", "move": "draw", "player": "Bert", "colour": "white",
                    "why": "a blind draw from the pot"}],
    },
}


def test_golden_json_of_a_draw_without_a_table(dealer):
    from dealer.render import SCHEMA

    assert ok(dealer("-r", "poker-hands", "chips", "draw", "Bert", 2, "--seed", 3, "--json")).json() == \
        {"schema": SCHEMA, **GOLDEN_DRAW}


def test_bare_chips_shows_the_table_and_the_sum(friday):
    ok(friday("chips", "give", "Bert", "blue", "--table", "friday"))
    out = ok(friday("chips", "--table", "friday")).out
    assert out.splitlines() == ["table friday: pot 50 white, 25 red, 9 blue (cap 5)", "  Bert: 1 blue",
                                "  85 chips = starting pot 85 + 0 created"]
    data = ok(friday("chips", "--table", "friday", "--json")).json()["result"]
    assert data["players"] == {"Bert": {"blue": 1}} and data["events"] == []


def test_a_white_chip_on_a_spell_hand_end_to_end(friday):
    ok(friday("chips", "give", "Sally", "white", "--table", "friday"))
    cast_spell(friday, "Sally", "8c 8d 3h Qs 5c")
    result = ok(friday("chips", "spend", "Sally", "white", "--table", "friday", "--seed", 2, "--json")).json()["result"]
    assert result["before"]["hand"]["rank"] == "pair" and len(result["added"]) == 1
    assert result["after"]["cards"] == ["8c", "8d", "3h", "Qs", "5c", *result["added"]]
    assert result["players"] == {} and result["events"][0]["move"] == "spend"
    log = ok(friday("table", "log", "friday", "--json")).json()["result"]["events"]
    assert [e["kind"] for e in log[-2:]] == ["hand changed", "chip spend"]


def test_spend_text_shows_both_hands(friday):
    ok(friday("chips", "give", "Sally", "red", "--table", "friday"))
    cast_spell(friday, "Sally", "2c 4d 6h 8s Jc")
    out = ok(friday("chips", "spend", "Sally", "red", "--table", "friday", "--ascii", "--seed", 1)).out
    assert out == """\
Sally spends a red chip for hand
  before (spell): High Card: Jc 8s 6h 4d 2c -> less than pair
  wild: 2c
  after: Pair: Jc 2c=Js 8s 6h 4d  (Basic Success) -> success against pair
table friday: pot 50 white, 25 red, 10 blue (cap 5)
  85 chips = starting pot 85 + 0 created
"""


def test_a_ritual_on_the_table(friday):
    run = ok(friday("chips", "ritual", "Three Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "friday"))
    assert "Pair: 9d 9c Kd 5s 2h" in run.out and "takes a white favor chip" in run.out
    assert "Three Eagles: none; favor 1 white" in run.out
    again = friday("chips", "ritual", "Three Eagles", "paint", "--table", "friday")
    assert_clean_error(again, 1)
    assert "already performed the paint ritual" in again.err
    ok(friday("chips", "session", "--table", "friday", "--seed", 1))
    result = ok(friday("chips", "ritual", "Three Eagles", "paint", "--table", "friday", "--json")).json()["result"]
    assert result["skill"] == 2 and len(result["draw"]["cards"]) == 7


def test_pick_me_ups_and_notes(friday):
    ok(friday("chips", "give", "Bert", "blue", "--table", "friday"))
    ok(friday("chips", "wound", "Bert", "--table", "friday"))
    out = ok(friday("chips", "spend", "Bert", "blue", "--for", "heal-wound", "--table", "friday")).out
    assert "one wound recovered (0 left)" in out
    ok(friday("chips", "give", "Bert", "white", "--table", "friday"))
    out = ok(friday("chips", "spend", "Bert", "white", "--for", "stunt", "--note", "Road Agent Spin",
                    "--table", "friday")).out
    assert 'Bert spends a white chip for stunt: "Road Agent Spin"' in out


def state_of(dealer):
    return dealer("table", "show", "friday", "--json").json()["result"], \
        len(dealer("table", "log", "friday", "--json").json()["result"]["events"])


@pytest.mark.parametrize("args,message", [
    (["give", "Bert", "green"], "not a chip colour"),
    (["give", "Nobody", "red"], "no player 'Nobody'"),
    (["spend", "Bert", "red"], "holds no red chip"),
    (["spend", "Sally", "red"], "no hand on table"),
    (["spend", "Sally", "red", "--for", "second-wind"], "cannot be spent for second-wind"),
    (["spend", "Sally", "red", "--for", "stunt"], "--note"),
    (["spend", "Sally", "red", "--knack", "roping"], "no knack 'roping'"),
    (["return", "Bert", "white"], "holds no white chip"),
    (["draw", "Bert", "0"], "0"),
    (["ritual", "Bert", "paint"], "--skill"),
    (["ritual", "Three Eagles", "paint", "--cards", "9c 9c"], ""),
])
def test_bad_input_is_one_or_two_lines_and_changes_nothing(friday, args, message):
    ok(friday("chips", "give", "Sally", "red", "--table", "friday"))
    before = state_of(friday)
    run = friday("chips", *args, "--table", "friday")
    assert_clean_error(run)
    assert message in run.err
    assert state_of(friday) == before


def test_a_draw_at_the_cap_is_refused(friday):
    ok(friday("chips", "draw", "Bert", 5, "--table", "friday", "--seed", 1))
    run = friday("chips", "draw", "Bert", "--table", "friday")
    assert_clean_error(run, 1)
    assert "the most allowed (5)" in run.err and "holds 5 chips" in run.err


def test_a_cap_of_one_chip_is_said_in_the_singular(dealer, tmp_path):
    house = tmp_path / "one.toml"
    house.write_text('extends = "deadlands"\nname = "one"\n[chips]\ncap = 1\n', encoding="utf-8")
    for argv in (("table", "new", "c", "-r", str(house)), ("table", "add", "c", "Sam"),
                 ("chips", "draw", "Sam", "--table", "c", "--seed", "1")):
        assert dealer(*argv).code == 0, argv  # (on PostgreSQL, table new tells its commitment on stderr)
    for argv in (("chips", "draw", "Sam", "--table", "c"), ("chips", "give", "Sam", "white", "--table", "c")):
        run = dealer(*argv)
        assert_clean_error(run, 1)
        assert "Sam holds 1 chip, the most allowed (1)" in run.err, run.err


def test_session_without_a_table_is_a_clean_error(dealer):
    run = dealer("chips", "session")
    assert_clean_error(run, 1)


def test_installed_entry_point(shell):
    run = shell("-r", "poker-hands", "chips", "draw", "Bert", "2", "--seed", "3")
    assert run.code == 0 and run.out.startswith("Bert draws a red chip")


GOLDEN_RITUAL = {
    "kind": "chips", "action": "ritual", "table": "friday",
    "pot": {"white": 50, "red": 25, "blue": 0},
    "players": {"Bert": {"blue": 5}, "Sally": {"blue": 5}},
    "favor": {"Three Eagles": {"blue": 1}}, "wounds": {}, "cap": 5, "unlimited": False,
    "conservation": {"total": {"white": 50, "red": 25, "blue": 11}, "start": {"white": 50, "red": 25, "blue": 10},
                     "created": {"blue": 1}, "conserved": True},
    "player": "Three Eagles", "ritual": "paint", "skill": 2, "guardian": 4,
    "draw": {"kind": "draw", "purpose": "ritual", "person": "Three Eagles", "skill": 2, "modifiers": [], "asked": 7,
             "cards_allowed": 7, "wild_picks": 0, "picks_from": [], "note": "", "typed": True,
             "cards": ["5h", "6h", "7h", "8h", "9h"], "picked": [],
             "hand": {"rank": "straight-flush", "name": "Straight Flush", "strength": 9,
                      "cards": ["9h", "8h", "7h", "6h", "5h"], "as": ["9h", "8h", "7h", "6h", "5h"], "wilds": {},
                      "unused": [], "dead": [], "effect": "...and taking names too"},
             "value": {"rank": "straight-flush", "value": 9, "text": "straight flush, nine high"},
             "bust": False, "how_black": {"black": 0, "red": 5}, "chips": []},
    "success": True,
    "events": [
        {"kind": "ritual", "player": "Three Eagles", "ritual": "paint", "why": "the paint ritual",
         "hand": "straight-flush", "cards": ["5h", "6h", "7h", "8h", "9h"], "deck": "ritual:Three Eagles"},
        {"kind": "chip", "move": "create", "player": "Three Eagles", "colour": "blue",
         "why": "a Straight Flush: a new blue chip, even though the pot has none", "pool": "favor"},
        {"kind": "chip", "move": "give", "player": "Three Eagles", "colour": "blue",
         "why": "a Straight Flush in the ritual", "pool": "favor"},
    ],
}


def test_golden_json_of_a_ritual_straight_flush_with_an_empty_blue_pot(friday):
    for person in ("Bert", "Sally"):
        for _ in range(5):
            ok(friday("chips", "give", person, "blue", "--table", "friday"))
    run = ok(friday("chips", "ritual", "Three Eagles", "paint", "--cards", "5h 6h 7h 8h 9h", "--table", "friday",
                    "--seed", 5, "--json"))
    assert run.json()["result"] == GOLDEN_RITUAL
    shown = ok(friday("chips", "--table", "friday")).out
    assert "86 chips = starting pot 85 + 1 created" in shown


def test_a_draw_without_a_table_saves_nothing(dealer, tmp_path):
    ok(dealer("chips", "draw", "Bert", 3))
    assert not (tmp_path / "state").exists()


def test_table_reset_brings_back_the_starting_pot_after_rituals(friday):
    for person in ("Bert", "Sally"):
        for _ in range(5):
            ok(friday("chips", "give", person, "blue", "--table", "friday"))
    ok(friday("chips", "ritual", "Three Eagles", "paint", "--cards", "5h 6h 7h 8h 9h", "--table", "friday"))
    ok(friday("chips", "ritual", "Three Eagles", "tobacco", "--cards", "9c 9d 2h 5s Kd", "--table", "friday"))
    ok(friday("table", "reset", "friday"))
    result = ok(friday("chips", "--table", "friday", "--json")).json()["result"]
    assert result["conservation"]["conserved"] and result["pot"] == {"white": 50, "red": 25, "blue": 10}


def test_a_white_chip_after_a_drawn_pair_draws_one_card_from_the_casters_deck(friday):
    """Issue 13: a white chip on a pair drawn by hex on a table draws exactly one more card from
    the caster's deck and can turn it into two pair."""
    ok(friday("chips", "give", "Sally", "white", "--table", "friday"))
    for seed in range(40):  # stack nothing: find a seed whose extra card pairs a kicker
        drawn = cast(friday("hex", "--skill", 0, "--caster", "Sally", "--cards", "8c 8d 3h Qs 5c", "--table", "friday",
                            "--seed", seed, "--json")).json()["result"]
        assert drawn["draw"]["hand"]["rank"] == "pair"
        spent = friday("chips", "spend", "Sally", "white", "--table", "friday", "--seed", seed, "--json")
        result = ok(spent).json()["result"]
        assert len(result["added"]) == 1 and result["added"][0] not in drawn["draw"]["cards"]
        deck = ok(friday("table", "show", "friday", "--json")).json()["result"]["decks"]["spell:Sally"]
        assert deck["deck"] + deck["discard"] + deck["play"] == 54
        if result["after"]["hand"]["rank"] == "two-pair":
            break
        ok(friday("chips", "give", "Sally", "white", "--table", "friday"))
    assert result["after"]["hand"]["rank"] == "two-pair" and result["outcome"]["success"]


def test_chips_played_before_the_draw_of_a_spell(friday):
    ok(friday("chips", "give", "Sally", "white", "--table", "friday"))
    white = cast(friday("hex", "--skill", 1, "--caster", "Sally", "--chip", "white", "--table", "friday",
                      "--json")).json()["result"]
    assert white["draw"]["cards_allowed"] == 7 and white["draw"]["chips"][0]["use"] == "before-draw"
    assert {"why": "white chip", "cards": 1} in white["draw"]["modifiers"]
    ok(friday("chips", "give", "Sally", "red", "--table", "friday"))
    ok(friday("table", "rest", "friday", "Sally"))
    red = cast(friday("hex", "--skill", 5, "--caster", "Sally", "--chip", "red", "--table", "friday",
                    "--json")).json()["result"]
    assert (red["draw"]["cards_allowed"], red["draw"]["wild_picks"]) == (10, 1) and red["success"]
    ok(friday("chips", "give", "Bert", "white", "--table", "friday"))
    knack = cast(friday("hex", "--skill", 0, "--caster", "Bert", "--chip", "white", "--knack", "trick shooting",
                      "--table", "friday", "--cards", "2c 5d 9h Js Kd", "--json")).json()["result"]
    assert knack["draw"]["wild_picks"] == 1 and knack["success"]  # a knack: any chip acts as red
    run = friday("hex", "--skill", 0, "--caster", "Bert", "--chip", "white", "--table", "friday")
    assert run.code == 1 and "holds no white chip" in run.err


def test_a_blue_chip_casts_a_spell_the_caster_lacks_at_master_level(friday):
    ok(friday("chips", "give", "Sally", "blue", "--table", "friday"))
    result = cast(friday("hex", "--target", "pair", "--caster", "Sally", "--chip", "blue",
                       "--table", "friday", "--seed", 1, "--json")).json()["result"]
    assert "RJ" not in result["draw"]["cards"]  # (seed 1: no Red Joker, whose chip would change the count)
    assert result["draw"]["cards_allowed"] == 10  # master 5: 5 + 5
    assert result["events"][0]["use"] == "spell"
    shown = ok(friday("chips", "--table", "friday", "--json")).json()["result"]
    assert shown["players"] == {} and shown["conservation"]["conserved"]


def test_table_show_prints_the_chip_sum_and_harm(dealer):
    dealer("table", "new", "w", "-r", "weird-dust-devils")
    dealer("table", "add", "w", "Doc", "--trait", "hand=3", "--trait", "eye=2")
    dealer("table", "add", "w", "Kid", "--trait", "hand=2", "--trait", "eye=2")
    dealer("conflict", "Doc=:KSw,KCu,2Co,3Wa,4Co", "Kid=:9Sw,8Cu,3Co,6Cu,4Sw", "--table", "w")
    assert dealer("conflict", "harm", "Kid", "Hand=1", "--table", "w").code == 0
    assert "harm on Kid: Hand 1" in dealer("table", "show", "w").out
    dealer("table", "new", "p", "-r", "poker-hands")
    dealer("table", "add", "p", "Sally")
    dealer("chips", "session", "--table", "p")
    assert "85 chips = starting pot 85 + 0 created" in dealer("table", "show", "p").out


def test_a_chip_after_a_gadget_check_changes_the_device_in_json_and_refuses_once_it_is_used(friday):
    """Seed 003: "After the hand is drawn, you may play a chip to change it"; a build is a draw."""
    friday("table", "add", "friday", "Ada", "--trait", "mad-science=1")
    ok(friday("gadget", "design", "jetski", "--tier", "straight", "--by", "Ada", "--cards", "Ts Jh Qd Kc Ac 2c",
              "--table", "friday"))
    ok(friday("gadget", "build", "jetski", "--by", "Ada", "--cards", "Ks Kh 5c 6d 8s 2c", "--table", "friday"))
    ok(friday("chips", "give", "Ada", "blue", "--table", "friday"))
    spent = ok(friday("chips", "spend", "Ada", "blue", "--table", "friday", "--json")).json()["result"]
    outcome = spent["outcome"]
    assert spent["source"] == "build" and outcome["kind"] == "build" and outcome["device"] == "jetski-1"
    assert (spent["outcome_before"]["steps"], outcome["steps"], outcome["reliability"], outcome["fail_hand"]) == \
        (-3, 2, 2, 6)
    listed = ok(friday("gadget", "list", "--table", "friday", "--json")).json()["result"]
    assert listed["devices"]["jetski-1"]["reliability"] == 2
    ok(friday("gadget", "use", "jetski-1", "--table", "friday", "--seed", 1))
    ok(friday("chips", "give", "Ada", "red", "--table", "friday"))
    refused = friday("chips", "spend", "Ada", "red", "--table", "friday")
    assert_clean_error(refused, 1)
    assert "device 'jetski-1' has been used since it was built" in refused.err
    held = ok(friday("chips", "--table", "friday", "--json")).json()["result"]
    assert held["players"]["Ada"] == {"red": 1}  # the refused chip stays with Ada


def test_a_chip_after_a_fear_check_and_a_turn_order_hand_reads_right_in_text(dealer):
    assert dealer("table", "new", "gulch", "-r", "poker-hands", "--seed", 1).code == 0  # PostgreSQL notes a commitment
    ok(dealer("table", "add", "gulch", "Bert"))
    ok(dealer("table", "add", "gulch", "Sam", "--side", "marshal"))
    ok(dealer("conflict", "Bert=:2c,4d,6h,8s,Jc", "--fear-hand", "pair", "--table", "gulch"))
    ok(dealer("chips", "give", "Bert", "red", "--table", "gulch"))
    text = ok(dealer("chips", "spend", "Bert", "red", "--table", "gulch")).out
    assert "  fear check: shaken -> stalwart; Bert is now steady\n" in text
    ok(dealer("action", "Bert=:Ks,Kh,2d,5c,9s", "Sam=:Qs,Qh,Qd,4c,7h", "--table", "gulch"))
    ok(dealer("chips", "give", "Bert", "red", "--table", "gulch"))
    text = ok(dealer("chips", "spend", "Bert", "red", "--table", "gulch")).out
    assert "  turn order: Bert now acts at Three of a Kind, Two Pair, Pair (dealer action show for the round)\n" in text
    walked = ok(dealer("action", "next", "--table", "gulch", "--json")).json()["result"]
    assert walked["now"][0]["name"] == "Bert"  # three kings now act before Sam's three queens
