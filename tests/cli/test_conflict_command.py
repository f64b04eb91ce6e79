"""``dealer conflict`` (Scores): golden output, a conflict on a table from deal to harm, bad input."""

import pytest

from tests.conftest import assert_clean_error

WDD = ("-r", "weird-dust-devils")
SEVEN = ("conflict", "Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2", "--scores", "hand,eye", "--power", "Doc",
         "--weird", "Doc=Aztec Mummy", "--seed", 7)

GOLDEN_TEXT = """\
conflict: Hand + Eye
  Doc, using Power: dealt 6 (Hand 3 + Eye 2 + Power 1): 5Wa ASw Fool NWa 4Wa T5
    Pair: ASw Fool=ACu T5 NWa 5Wa  (harm 1, arcane)
  Kid: dealt 4 (Hand 2 + Eye 2): AWa 9Co QCu T15
    High Card: T15 AWa QCu 9Co  (harm 1, arcane)
winner: Doc with Pair
harm: 1 to Kid; arcane: spread as each likes over Hand, Heart, Guts, Eye, Power
twist: Doc played the lowest card (5Wa) and may choose one: T15 The Devil, T5 The Hierophant, Fool, \
ASw, AWa, QCu, NWa, 9Co, 5Wa
narrator: Kid (played the highest card, T15)
weird: Doc used Power; the Narrator must use Doc's Weird: Aztec Mummy
"""


def test_golden_text(dealer):
    run = dealer(*WDD, *SEVEN)
    assert run.code == 0, run
    assert run.out == GOLDEN_TEXT


def test_golden_json(dealer):
    run = dealer(*WDD, *SEVEN, "--json")
    assert run.code == 0, run
    data = run.json()
    assert (data["command"], data["ruleset"], data["seed"]) == ("conflict", "weird-dust-devils", 7)
    result = data["result"]
    assert sorted(result) == ["deck", "harm", "kind", "narrator", "participants", "scores", "table", "tie",
                              "twist", "weirds", "winner"]
    doc, kid = result["participants"]
    assert doc == {
        "name": "Doc", "scores": {"Hand": 3, "Eye": 2, "Power": 1}, "power": True, "extra": 0,
        "deal": [["Hand", 3], ["Eye", 2], ["Power", 1]], "dealt": 6, "typed": False,
        "cards": ["5Wa", "ASw", "Fool", "NWa", "4Wa", "T5"],
        "hand": {"rank": "pair", "name": "Pair", "strength": 2, "cards": ["ASw", "Fool", "T5", "NWa", "5Wa"],
                 "as": ["ASw", "ACu", "T5", "NWa", "5Wa"], "wilds": {"Fool": "ACu"}, "unused": ["4Wa"], "dead": [],
                 "harm": 1, "arcane": True},
        "arcane": True, "lost_by_rule": False, "weird": "Aztec Mummy"}
    assert kid["cards"] == ["AWa", "9Co", "QCu", "T15"] and kid["hand"]["rank"] == "high-card"
    assert result["winner"] == "Doc" and result["tie"] == []
    assert result["harm"] == {"amount": 1, "arcane": True, "allowed": ["Hand", "Heart", "Guts", "Eye", "Power"],
                              "takers": ["Kid"]}
    assert result["twist"]["person"] == "Doc" and result["twist"]["card"] == "5Wa"
    assert result["twist"]["choices"][0] == {"code": "T15", "name": "The Devil", "kind": "trump"}
    assert result["narrator"] == {"person": "Kid", "card": "T15", "as": "T15", "tied": []}
    assert result["weirds"] == [{"person": "Doc", "weird": "Aztec Mummy"}]


def test_cards_typed_in_replace_the_deal(dealer):
    run = dealer(*WDD, "conflict", "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Kid=:9Cu 9Co KWa 3Co 2Co", "--power", "Doc",
                 "--json")
    result = run.json()["result"]
    assert result["winner"] == "Kid" and result["participants"][0]["lost_by_rule"]
    assert result["participants"][0]["typed"] and result["scores"] == []
    text = dealer(*WDD, "conflict", "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Kid=:9Cu 9Co KWa 3Co 2Co", "--power", "Doc").out
    assert "loses by rule: used Power without an Arcane hand" in text
    assert "harm: 1 to Doc; mundane: on Heart or Guts or Eye (the winning suits)" in text


def test_a_tie_is_reported_as_a_tie(dealer):
    run = dealer(*WDD, "conflict", "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Ann=:KSw KCu KWa KCo 9Sw", "--power", "Doc",
                 "--power", "Ann")
    assert run.code == 0 and "a tie: Doc, Ann (no harm until the Dealer settles it)" in run.out


def test_dust_devils_with_a_standard_deck(dealer):
    run = dealer("-r", "dust-devils", "conflict", "Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,eye",
                 "--seed", 2, "--json")
    result = run.json()["result"]
    assert [len(p["cards"]) for p in result["participants"]] == [7, 7]
    assert all(not card.startswith("T") for p in result["participants"] for card in p["cards"])
    assert result["winner"] == "Kid" and result["harm"]["allowed"] == ["Hand", "Heart", "Eye"]


def test_a_conflict_on_a_table_from_the_deal_to_harm(dealer):
    assert dealer("table", "new", "t", *WDD).code == 0
    dealer("table", "add", "t", "Doc", "--trait", "hand=4", "--trait", "eye=3", "--trait", "power=2",
           "--trait", "weird=Voodoo Houngan")
    dealer("table", "add", "t", "Kid", "--trait", "hand=2", "--trait", "eye=5")
    first = dealer("conflict", "Doc", "Kid", "--scores", "hand,eye", "--power", "Doc", "--table", "t", "--seed", 9,
                   "--json").json()["result"]
    assert first["table"] == "t" and [p["dealt"] for p in first["participants"]] == [9, 7]
    assert first["weirds"] == [{"person": "Doc", "weird": "Voodoo Houngan"}]
    deck = dealer("table", "show", "t", "--json").json()["result"]["decks"]["dealer"]
    assert deck["discard"] == 16 and deck["deck"] == 62
    events = [line for line in dealer("table", "log", "t", "--jsonl").out.splitlines() if '"conflict"' in line]
    assert len(events) == 1 and '"seed":9' in events[0] and '"winner":"Kid"' in events[0]
    again = dealer("conflict", "Doc", "Kid", "--scores", "hand,eye", "--power", "Doc", "--table", "t", "--seed", 9,
                   "--json").json()["result"]
    assert [p["cards"] for p in again["participants"]] == [p["cards"] for p in first["participants"]]
    fresh = dealer(*WDD, "conflict", "Doc=hand=4,eye=3,power=2", "Kid=hand=2,eye=5", "--scores", "hand,eye",
                   "--power", "Doc", "--seed", 9, "--json").json()["result"]
    assert [p["cards"] for p in fresh["participants"]] == [p["cards"] for p in first["participants"]]
    # Kid's Chaotic Three is Arcane: Doc may put the harm on Power.
    refused = dealer("conflict", "harm", "Doc", "Power=2", "--table", "t")
    assert_clean_error(refused, code=1)
    assert "too much" in refused.err
    placed = dealer("conflict", "harm", "Doc", "Power=1", "--table", "t")
    assert placed.code == 0 and placed.out == "Doc takes harm: Power 1 (harm taken: Power 1)\n"
    shown = dealer("conflict", "show", "--table", "t")
    assert shown.out == "table t: harm by Score\n  Doc: Power 1\n"
    assert dealer("conflict", "show", "--table", "t", "--json").json()["result"]["harm"] == {"Doc": {"Power": 1}}


def test_mundane_harm_refused_on_power_and_on_other_suits(dealer):
    dealer("table", "new", "t", *WDD)
    dealer("conflict", "Win=:KSw KCu 9Sw 9Cu 2Sw", "Lose=:3Co 5Wa 7Co 8Wa 10Cu", "--table", "t")
    before = dealer("table", "log", "t", "--jsonl").out
    for split, words in [("Power=2", "only Arcane harm reaches Power"), ("Eye=2", "winning suits")]:
        run = dealer("conflict", "harm", "Lose", split, "--table", "t")
        assert_clean_error(run, code=1)
        assert words in run.err
    assert dealer("table", "log", "t", "--jsonl").out == before  # nothing written
    assert dealer("conflict", "harm", "Lose", "Hand=1", "Heart=1", "--table", "t").code == 0


@pytest.mark.parametrize("args,words", [
    (("Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,hart"), "unknown Score 'hart'"),
    (("Doc=hand=4", "Kid=hand=2,eye=5", "--scores", "hand,eye"), "Doc has no Eye Score"),
    (("Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "eye,eye"), "named twice"),
    (("Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,eye", "--power", "Kid"), "Kid has no Power"),
    (("Doc=hand=4,eye=3", "--scores", "hand,eye"), "two or more participants"),
    (("Doc=hand=50,eye=30", "Kid=hand=2,eye=5", "--scores", "hand,eye"), "the deal needs 87 cards"),
    (("Doc=:KSw 2Co", "Kid=:KSw 3Co"), "KSw"),
    (("Doc=:KSw XYZ", "Kid=:2Co"), "unknown card 'XYZ'"),
    (("harm", "Doc", "Hand=1"), "--table"),
])
def test_bad_input_is_a_short_error(dealer, args, words):
    run = dealer(*WDD, "conflict", *args)
    assert_clean_error(run, code=1)
    assert words in run.err


def test_bad_input_on_a_table_writes_nothing(dealer):
    dealer("table", "new", "t", *WDD)
    refused = dealer("table", "add", "t", "Doc", "--trait", "hand=4", "--trait", "eye=-1")
    assert_clean_error(refused, code=2)
    assert "Doc: eye=-1 is not a whole number" in refused.err, refused.err  # a Score >= 0
    dealer("table", "add", "t", "Doc", "--trait", "hand=4")
    dealer("table", "add", "t", "Kid", "--trait", "hand=2", "--trait", "eye=5")
    before = dealer("table", "show", "t", "--json").json()["result"]
    run = dealer("conflict", "Doc", "Kid", "--scores", "hand,eye", "--table", "t")
    assert_clean_error(run, code=1)
    assert "Doc has no Eye Score" in run.err
    assert dealer("table", "show", "t", "--json").json()["result"] == before


def test_usage_errors_exit_2(dealer):
    assert_clean_error(dealer(*WDD, "conflict", "Doc", "Kid", "--called", "4"), code=2)
    assert_clean_error(dealer(*WDD, "conflict", "Doc", "Kid", "--fear", "-1"), code=2)
