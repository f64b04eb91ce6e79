"""``dealer hex``: seed 000's worked example end to end, backlash, policies; seed 003's spells."""

import pytest

from tests.conftest import assert_clean_error

VELVET = "8s 8h 8d Kc 5d 3s RJ"


def cast(dealer, *args):
    run = dealer("hex", *args, "--json")
    assert run.code == 0, run
    return run.json()["result"]


def test_velvets_soul_blast_with_a_total(dealer):
    result = cast(dealer, "soul blast", "--total", 18, "--level", 4, "--min", "ace", "--cards", VELVET)
    assert result["roll"]["raises"] == 2 and result["cards_allowed"] == 7
    assert result["hand"]["rank"] == "four-of-a-kind" and result["hand"]["wilds"] == {"RJ": "8c"}
    assert result["success"] and result["backlash"]["severity"] == 0
    text = dealer("hex", "soul blast", "--total", 18, "--level", 4, "--min", "ace", "--cards", VELVET).out
    assert "Four of a Kind: 8s 8h 8d RJ=8c Kc" in text and "the hex works" in text and "no backlash" in text


def test_velvets_soul_blast_with_injected_die_faces(dealer):
    roll = dealer("roll", "5d10", "--faces", "3 7 10 10 4 6 8", "--json").json()["result"]
    assert roll["total"] == 18
    result = cast(dealer, "soul blast", "--total", roll["total"], "--level", 4, "--cards", VELVET)
    assert result["minimum"] == "ace"  # from the catalogue
    assert result["cards_allowed"] == 7 and result["success"]


def test_red_joker_backlashes_at_level_two(dealer):
    result = cast(dealer, "soul blast", "--total", 18, "--level", 2, "--cards", VELVET)
    assert result["success"] and result["backlash"]["severity"] == 1
    assert "Red Joker" in result["backlash"]["reasons"][0]


def test_black_joker_works_and_backlashes(dealer):
    result = cast(dealer, "soul blast", "--total", 18, "--level", 4, "--cards", "8s 8h 8d Kc 5d 3s BJ")
    assert result["success"] and result["backlash"]["severity"] == 1
    assert "Black Joker" in result["backlash"]["reasons"][0]


def test_both_jokers_are_the_worst(dealer):
    result = cast(dealer, "soul blast", "--total", 18, "--level", 4, "--cards", "8s 8h 8d Kc 5d RJ BJ")
    assert result["backlash"]["severity"] == 3 and "mercy" in result["backlash"]["words"]


def test_bust_draws_nothing_and_backlashes_failure_does_not(dealer):
    bust = cast(dealer, "--min", "jacks", "--bust", "--level", 2)
    assert bust["cards"] == [] and bust["backlash"]["severity"] == 2 and not bust["success"]
    failed = cast(dealer, "--min", "jacks", "--total", 3, "--level", 2)
    assert failed["cards"] == [] and failed["backlash"]["severity"] == 0 and not failed["success"]


def test_severity_order_one_joker_bust_both(dealer):
    one = cast(dealer, "soul blast", "--total", 9, "--level", 4, "--cards", "2c 5d 9h Ks BJ")["backlash"]["severity"]
    bust = cast(dealer, "soul blast", "--bust", "--level", 4)["backlash"]["severity"]
    both = cast(dealer, "soul blast", "--total", 9, "--level", 4, "--cards", "2c 5d 9h RJ BJ")["backlash"]["severity"]
    assert one < bust < both


def test_fizzle(dealer):
    result = cast(dealer, "--min", "three of a kind", "--total", 9, "--level", 4, "--cards", "2c 5d 9h Ks 3s")
    assert not result["success"] and result["verdict"] == "the hex fizzles"


def test_rolled_cast_draws_five_plus_raises(dealer):
    result = cast(dealer, "soul blast", "--roll", "5d10", "--level", 4, "--seed", 3)
    assert result["roll"]["success"] and result["roll"]["raises"] == 4  # seed 3: 4 10+10+8 9 3 6 -> 28
    assert len(result["cards"]) == 5 + result["roll"]["raises"] == result["cards_allowed"]
    again = cast(dealer, "soul blast", "--roll", "5d10", "--level", 4, "--seed", 3)
    assert again == result


def test_catalogue_and_errors(dealer):
    run = dealer("hex", "--list")
    assert run.code == 0 and "soul blast" in run.out
    assert_clean_error(dealer("hex", "no such hex", "--total", 9, "--level", 1), code=1)
    # a required input missing, or two that cannot go together, is a usage error (issue 23)
    assert_clean_error(dealer("hex", "--total", 9, "--level", 1), code=2)  # no minimum
    assert_clean_error(dealer("hex", "soul blast", "--total", 9), code=2)  # no level
    assert_clean_error(dealer("hex", "soul blast", "--level", 1), code=2)  # no roll
    assert_clean_error(dealer("hex", "soul blast", "--level", 1, "--total", 9, "--bust"), code=2)
    assert_clean_error(dealer("hex", "soul blast", "--level", 1, "--roll", "5d7"), code=1)


@pytest.mark.parametrize("policy", ["after-hex", "when-low", "manual"])
def test_the_casters_deck_runs_down_and_reshuffles_by_policy(dealer, policy):
    dealer("table", "new", "t")
    dealer("table", "add", "t", "Velvet", "--trait", "hexslinging=5", "--trait", "spirit=3d10",
           "--trait", "soul-blast=4")
    lefts, reshuffles = [], []
    for i in range(12):
        result = cast(dealer, "soul blast", "--caster", "Velvet", "--table", "t", "--total", 12, "--reshuffle", policy)
        assert len(result["cards"]) == 6 or policy == "manual"
        lefts.append(result["left"])
        reshuffles.append([e["why"] for e in result["events"] if e["kind"] == "reshuffle"])
    if policy == "after-hex":
        assert lefts == [54] * 12 and all(reshuffles)
    elif policy == "when-low":
        assert lefts[:8] == [48, 42, 36, 30, 24, 18, 12, 6]
        assert reshuffles[9] and "fewer cards left" in reshuffles[9][0]  # 0 left, 6 needed
        assert lefts[9] == 48
    else:
        assert lefts[8] == 0 and lefts[9:] == [0, 0, 0]
        dry = cast(dealer, "soul blast", "--caster", "Velvet", "--table", "t", "--total", 12, "--reshuffle", policy)
        assert dry["cards"] == [] and "reshuffle" in dry["verdict"]
        assert dealer("table", "shuffle", "t", "hex:Velvet").code == 0
        back = cast(dealer, "soul blast", "--caster", "Velvet", "--table", "t", "--total", 12, "--reshuffle", policy)
        assert len(back["cards"]) == 6 and back["left"] == 48


def test_roster_gives_the_dice_and_the_level(dealer):
    dealer("table", "new", "t")
    dealer("table", "add", "t", "Velvet", "--trait", "hexslinging=5", "--trait", "spirit=3d10",
           "--trait", "soul-blast=4")
    result = cast(dealer, "soul blast", "--caster", "Velvet", "--table", "t", "--seed", 8)
    assert result["roll"]["dice"] == "5d10" and result["level"] == 4


# -- poker-hands --------------------------------------------------------------------------------


def spell(dealer, *args):
    run = dealer("-r", "poker-hands", "hex", *args, "--json")
    assert run.code == 0, run
    return run.json()["result"]


def test_card_count_and_wild_pick(dealer):
    assert spell(dealer, "--skill", 2, "--mod", "+1", "--seed", 1)["draw"]["cards_allowed"] == 8
    nine = spell(dealer, "--skill", 9, "--seed", 1)  # 14 cards: more than ten, so 9 and a wild pick
    assert (nine["draw"]["cards_allowed"], nine["draw"]["wild_picks"], len(nine["draw"]["cards"])) == (9, 1, 9) and nine["draw"]["picked"]
    ten = spell(dealer, "--skill", 5, "--seed", 1)
    assert len(ten["draw"]["cards"]) == 10 and ten["draw"]["picked"] == []
    picked = spell(dealer, "--skill", 5, "--wild-pick", "--seed", 1)
    assert len(picked["draw"]["cards"]) == 5 and picked["draw"]["picked"][0]["card"] in picked["draw"]["cards"]
    assert picked["success"]  # a wild pick guarantees at least a pair
    six = spell(dealer, "--skill", 6, "--wild-pick", "--seed", 1)
    assert len(six["draw"]["cards"]) == 6
    unasked = spell(dealer, "--skill", 6, "--seed", 1)  # seed 003: skill six is six cards and a wild
    assert len(unasked["draw"]["cards"]) == 6 and unasked["draw"]["wild_picks"] == 1 and unasked["success"]
    assert "wild pick" in dealer("-r", "poker-hands", "hex", "--skill", 6, "--seed", 1).out
    assert_clean_error(dealer("-r", "poker-hands", "hex", "--skill", 3, "--wild-pick"), code=1)


def test_joker_with_no_pair_is_a_bust_with_its_colours(dealer):
    result = spell(dealer, "--skill", 0, "--cards", "BJ 2c 5d 9s Ks")
    assert result["draw"]["bust"] and not result["success"] and result["draw"]["how_black"] == {"black": 4, "red": 1}
    made = spell(dealer, "--skill", 0, "--cards", "BJ 2c 2d 9s Ks")
    assert not made["draw"]["bust"] and made["success"] and made["verdict"] == "Basic Success"


def test_red_joker_draws_a_chip(dealer):
    result = spell(dealer, "--skill", 0, "--cards", "RJ 2c 2d 9s Ks")
    chips = [e for e in result["draw"]["chips"] if e["kind"] == "chip"]
    assert len(chips) == 1 and chips[0]["colour"] in ("white", "red", "blue") and chips[0]["move"] == "draw"


@pytest.mark.parametrize("cards, label", [
    ("8c 8d 2h 4s 9d", "Basic Success"), ("8c 8d 8h 4s 9d", "Impressive Success"),
    ("8c 8d 8h 4s 4d", "Kicking Ass"), ("4c 5c 6c 7c 8c", "...and taking names too"),
    ("8c 8d 4h 4s 9d", "Basic Success"),
])
def test_effect_labels(dealer, cards, label):
    assert spell(dealer, "--skill", 0, "--cards", cards)["verdict"] == label


def test_target_and_huckster_backlash(dealer):
    assert not spell(dealer, "--skill", 0, "--cards", "8c 8d 2h 4s 9d", "--target", "three of a kind")["success"]
    twisted = spell(dealer, "--skill", 0, "--cards", "RJ 8c 8d 4s 9d", "--huckster")
    assert twisted["success"] and "twisted" in twisted["backlash"]["words"]
    bad = spell(dealer, "--skill", 0, "--cards", "RJ 8c 2d 4s 9d", "--huckster")
    assert bad["draw"]["bust"] and "quite bad" in bad["backlash"]["words"]


def test_winded_after_master_casts_until_rest(dealer):
    dealer("table", "new", "p", "-r", "poker-hands")
    dealer("table", "add", "p", "Sally", "--trait", "master=2")
    counts = [spell(dealer, "--skill", 2, "--caster", "Sally", "--table", "p", "--seed", i) for i in range(3)]
    assert [c["draw"]["cards_allowed"] for c in counts] == [7, 7, 6] and {"why": "winded", "cards": -1} in counts[2]["draw"]["modifiers"]
    assert dealer("table", "rest", "p", "Sally").code == 0
    assert spell(dealer, "--skill", 2, "--caster", "Sally", "--table", "p")["draw"]["cards_allowed"] == 7


def test_a_caster_with_a_space_in_the_name_has_a_deck(dealer):
    dealer("table", "new", "t")
    result = cast(dealer, "--min", "pair", "--total", 9, "--level", 3, "--caster", "Bad Bob", "--table", "t")
    assert result["caster"] == "Bad Bob" and len(result["cards"]) == 5
    shown = dealer("table", "show", "t", "--json").json()["result"]
    assert "hex:Bad Bob" in shown["decks"]
