"""``dealer conflict`` (poker-hands contests): golden output, fear on a table, bad input."""

from tests.conftest import assert_clean_error

POKER = ("-r", "poker-hands")
HELPED = ("conflict", "Sam=3", "--helper", "Bob=2", "--seed", 3)

GOLDEN_TEXT = """\
contest against pair
  helper Bob: skill 2: 7 cards
    drew: 9d Jd Js 8h 7d 10h Qd
    hand: Straight: Qd Js 10h 9d 8h  (Impressive Success)
    helps with +3 cards
  Sam: skill 3, +3 helpers: 6 cards and a wild pick
    drew: 5h 7s 4s Ad Ah 8s
      (11 cards is more than 10: 6 cards and a wild pick)
    wild pick: Ad becomes 6s
    hand: Straight: 8s 7s Ad=6s 5h 4s  (Impressive Success)
    success
"""


def test_golden_text(dealer):
    run = dealer(*POKER, *HELPED)
    assert run.code == 0, run
    assert run.out == GOLDEN_TEXT


def test_golden_json(dealer):
    data = dealer(*POKER, *HELPED, "--json").json()
    assert (data["command"], data["ruleset"], data["seed"]) == ("conflict", "poker-hands", 3)
    result = data["result"]
    assert sorted(result) == ["against", "blocks", "bonus", "called", "deck", "defence", "fear", "helpers", "kind",
                              "participants", "table", "target", "tie", "winner"]
    assert result["kind"] == "contest" and result["target"] == {"text": "pair", "rank": "pair", "value": 0}
    bob = result["helpers"][0]
    assert bob["draw"]["cards"] == ["9d", "Jd", "Js", "8h", "7d", "10h", "Qd"]
    assert bob["draw"]["hand"]["rank"] == "straight" and bob["draw"]["purpose"] == "helper"
    assert bob["bonus"] == {"rank": "straight", "cards": 3, "wild_picks": 0, "value": 0, "note": ""}
    note = "11 cards is more than 10: 6 cards and a wild pick"
    assert result["participants"] == [{"name": "Sam", "success": True, "draw": {
        "kind": "draw", "purpose": "contest", "person": "Sam", "skill": 3, "modifiers": [{"why": "helpers", "cards": 3}],
        "asked": 11, "cards_allowed": 6, "wild_picks": 1, "picks_from": [{"why": note, "picks": 1}], "note": note,
        "typed": False, "cards": ["5h", "7s", "4s", "Ad", "Ah", "8s"], "picked": [{"card": "Ad", "as": "6s"}],
        "hand": {"rank": "straight", "name": "Straight", "strength": 5, "cards": ["8s", "7s", "Ad", "5h", "4s"],
                 "as": ["8s", "7s", "6s", "5h", "4s"], "wilds": {"Ad": "6s"}, "unused": ["Ah"], "dead": [],
                 "effect": "Impressive Success"},
        "value": {"rank": "straight", "value": 8, "text": "straight, eight high"},
        "bust": False, "how_black": {"black": 3, "red": 3}, "chips": []}}]
    assert result["winner"] is None and result["called"] is None and result["fear"] is None


def test_fear_check_on_a_table_leaves_them_shaken_until_cleared(dealer):
    dealer("table", "new", "t", *POKER)
    dealer("table", "add", "t", "Sam", "--trait", "courage=2")
    run = dealer("conflict", "Sam=:4c 4d 7h 9s Kc", "--fear", 3, "--table", "t")
    assert run.code == 0, run
    assert run.out.splitlines()[0] == "fear check against pair of fives (pair raised by fear level 3)"
    assert "shaken: -1 card until cleared" in run.out
    assert dealer("conflict", "show", "--table", "t").out.splitlines()[-1] == "shaken: Sam"
    later = dealer("conflict", "Sam=courage", "--table", "t", "--json").json()["result"]["participants"][0]
    assert later["draw"]["modifiers"] == [{"why": "shaken", "cards": -1}] and len(later["draw"]["cards"]) == 6
    assert dealer("conflict", "clear", "Sam", "--table", "t").out == "Sam steadies: no longer shaken\n"
    again = dealer("conflict", "Sam=courage", "--table", "t", "--json").json()["result"]["participants"][0]
    assert again["draw"]["modifiers"] == [] and len(again["draw"]["cards"]) == 7
    log = dealer("table", "log", "t", "--jsonl").out
    assert log.count('"kind":"contest"') == 3 and '"kind":"steady"' in log


def test_a_called_shot_and_a_bust_in_text(dealer):
    run = dealer(*POKER, "conflict", "Sam=:9c 9d 2h 2s", "--called")  # a one card penalty: four
    assert "called shot (-1 card): Sam: hits where you were asking, but not well" in run.out
    bust = dealer(*POKER, "conflict", "Sam=:2c 4s 7h 9s BJ")
    assert "BUST: a Joker and less than a pair. How black is your hand? 4 black, 1 red" in bust.out
    assert bust.out.splitlines()[-1] == "    failure"


def test_a_contest_between_two(dealer):
    run = dealer(*POKER, "conflict", "Sam=:Qc Qd 2h 5s 7c", "Bob=:Jc Jd Ah Ks 9c")
    assert run.out.splitlines()[-1] == "winner: Sam"
    tie = dealer(*POKER, "conflict", "Sam=:9s 9h 5c 4d 2s", "Bob=:9d 9c 5s 4h 2c")
    assert tie.out.splitlines()[-1] == "a tie: Sam, Bob"


def test_bad_contests_are_short_errors(dealer):
    for args, words in [(("Sam=2", "--scores", "hand,eye"), "--scores is for Dust Devils"),
                        (("Sam=2", "--target", "pear"), "unknown hand 'pear'"),
                        (("Sam=2", "--wild-pick", "Sam"), "a wild pick needs 10"),
                        (("Sam=2", "--mod", "Sam=x"), "write NAME=N"),
                        (("clear", "Sam"), "--table")]:
        run = dealer(*POKER, "conflict", *args)
        assert_clean_error(run, code=1)
        assert words in run.err


def test_a_chip_before_a_contest_draw(dealer):
    dealer("table", "new", "p", "-r", "poker-hands")
    dealer("table", "add", "p", "Sam")
    assert dealer("chips", "give", "Sam", "red", "--table", "p").code == 0
    result = dealer("conflict", "Sam=5", "--chip", "Sam=red", "--table", "p", "--seed", 3, "--json").json()["result"]
    sam = result["participants"][0]
    assert sam["draw"]["wild_picks"] == 1 and sam["success"]  # 10 cards and the red chip's wild pick
    assert dealer("chips", "--table", "p", "--json").json()["result"]["players"] == {}
    run = dealer("conflict", "Sam=1", "--chip", "Sam=white", "--table", "p")
    assert run.code == 1 and "holds no white chip" in run.err
