"""Seed 003 in full, rule by rule: devices that break, the faithful, shamans, spells, fear events,
defence. Each test quotes the seed line it implements."""

from __future__ import annotations

from tests.conftest import assert_clean_error

POKER = ("-r", "poker-hands")


def ok(run):
    assert run.code == 0, run
    return run


def table(dealer, *people):
    """A poker-hands table ``t`` with these roster entries: ``(name, trait, trait, ...)``."""
    ok(dealer(*POKER, "table", "new", "t", "--seed", 1))
    for name, *traits in people:
        ok(dealer("table", "add", "t", name, *[part for trait in traits for part in ("--trait", trait)]))
    return dealer


def data(dealer, *args):
    return ok(dealer(*args, "--table", "t", "--json")).json()["result"]


# -- the faithful ---------------------------------------------------------------------------------------


def test_the_faithful_know_their_faiths_worth_of_miracles_and_protection(dealer):
    """"For the faithful, they automatically know a number of miracles equal to the level of their
    faith skill, and the miracle "protection" as a bonus. Unfortunately, they can't have any more
    than this.\""""
    table(dealer, ("Abe", "faithful=yes", "master=2", "miracles=healing, smite"))
    assert data(dealer, "hex", "healing", "--caster", "Abe", "--seed", 1)["draw"]["skill"] == 2  # at faith
    assert data(dealer, "hex", "protection", "--caster", "Abe", "--seed", 2)["spell"]["name"] == "protection"
    unknown = dealer("hex", "lay on hands", "--caster", "Abe", "--table", "t")
    assert_clean_error(unknown, code=1)
    assert "Abe does not know the miracle 'lay on hands' (knows: healing, smite, protection)" in unknown.err


def test_a_blue_chip_lends_a_miracle_not_known_at_the_master_level(dealer):
    """"A blue chip may be used by a magic using type for one-time access to a spell they don't
    actually have. This goes for hucksters, shamans, faithful, and what have you.\""""
    table(dealer, ("Abe", "faithful=yes", "master=3", "miracles=healing"))
    ok(dealer("chips", "give", "Abe", "blue", "--table", "t"))
    cast = data(dealer, "hex", "lay on hands", "--caster", "Abe", "--chip", "blue", "--seed", 3)
    assert cast["draw"]["skill"] == 3 and cast["events"][0]["use"] == "spell"


def test_the_faithful_are_not_winded_for_a_good_cause_but_are_for_a_bad_one(dealer):
    """"On the plus side, they don't get winded while they're using their miracles for a good cause.\""""
    table(dealer, ("Abe", "faithful=yes", "master=1", "miracles=healing"))
    for seed in range(3):
        assert data(dealer, "hex", "healing", "--caster", "Abe", "--seed", seed)["draw"]["modifiers"] == []
    ok(dealer("hex", "healing", "--caster", "Abe", "--bad-cause", "--table", "t", "--seed", 4))
    winded = data(dealer, "hex", "healing", "--caster", "Abe", "--seed", 5)
    assert winded["draw"]["modifiers"] == [{"why": "winded", "cards": -1}]


def test_a_black_joker_asks_for_a_chip_with_the_exact_command_that_throws_it(dealer):
    """"When a faithful pulls a joker, they either receive a surge in power (red joker) ... or have
    to throw in a chip to make the blessing work (black joker) as their faith is tested.\""""
    table(dealer, ("Abe", "faithful=yes", "master=2", "miracles=healing"))
    ok(dealer("chips", "give", "Abe", "white", "--table", "t"))
    cast = data(dealer, "hex", "healing", "--caster", "Abe", "--cards", "BJ 2c 2d 9s Ks 4h 7c")
    command = cast["blessing"][0]["command"]
    assert command == "dealer chips spend Abe white --for blessing --table t"
    spent = ok(dealer(*command.split()[1:], "--json")).json()["result"]
    assert spent["events"][0]["use"] == "blessing" and spent["players"] == {}


# -- spells ---------------------------------------------------------------------------------------------


def test_a_spell_cannot_be_higher_than_the_master_skill(dealer):
    """"The catch is that they can't be any higher than the master skill.\""""
    table(dealer, ("Sally", "master=2", "mirage=2", "spells=mirage"))
    assert data(dealer, "hex", "mirage", "--caster", "Sally", "--seed", 1)["draw"]["skill"] == 2
    refused = dealer("hex", "--skill", 5, "--caster", "Sally", "--table", "t")
    assert_clean_error(refused, code=1)
    assert "level 5 is above Sally's master skill, 2" in refused.err


def test_min_names_a_spells_target_as_it_names_a_hexs_minimum(dealer):
    run = ok(dealer(*POKER, "hex", "--skill", 0, "--cards", "2c 2d 5h 9s Ks", "--min", "two pair", "--json"))
    assert run.json()["result"]["target"] == "two pair" and not run.json()["result"]["success"]


# -- shamans --------------------------------------------------------------------------------------------


def test_a_ritual_can_power_an_instant_favor_even_at_the_guardian_spirits_cap(dealer):
    """"The shaman may have up to his guardian spirit skill in favor chips held at any time. He may
    also generate chips to be used immediately by performing his ritual and using the generated
    chip or chips on an instant favor.\""""
    table(dealer, ("Eagles", "guardian-spirit=1", "rituals=paint:2,tobacco:2"))
    ok(dealer("chips", "ritual", "Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "t"))  # a pair: 1 favor
    at_cap = data(dealer, "chips", "ritual", "Eagles", "tobacco", "--cards", "9c 9d 9h 5s Kd", "--spend-on",
                  "Turtle's Shell", "--way", "--seed", 2)  # three of a kind: two draws, spent at once
    spends = [e for e in at_cap["events"] if e.get("move") == "spend"]
    assert len(spends) == 2 and all(e["note"] == "Turtle's Shell" and e["use"] == "favor" for e in spends)
    assert [e.get("acts_as") for e in spends] == ["red" if e["colour"] == "white" else None for e in spends]
    assert at_cap["favor"] == {"Eagles": {"white": 1}} and at_cap["conservation"]["conserved"]


def test_favors_in_the_medicine_way_count_white_favor_chips_as_red(dealer):
    """"For favors in the medicine way your guardian spirit likes ..., your white chips spent from
    your favor pool, or raised by ritual and immediately spent, count as red.\""""
    table(dealer, ("Eagles", "guardian-spirit=3", "rituals=paint:2"))
    ok(dealer("chips", "ritual", "Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "t"))
    spent = data(dealer, "chips", "spend", "Eagles", "white", "--for", "favor", "--note", "Trickster's luck", "--way")
    assert spent["events"][0]["acts_as"] == "red" and spent["events"][0]["pool"] == "favor"
    refused = dealer("chips", "spend", "Eagles", "white", "--for", "stunt", "--note", "x", "--way", "--table", "t")
    assert_clean_error(refused, code=1)


def test_a_rest_frees_the_rituals_without_the_sessions_chips(dealer):
    """"Each ritual may only be used once per session, however, unless a decent amount of time
    passes in game.\""""
    table(dealer, ("Eagles", "guardian-spirit=3", "rituals=paint:2"))
    ok(dealer("chips", "ritual", "Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "t"))
    assert dealer("chips", "ritual", "Eagles", "paint", "--table", "t").code == 1
    rested = ok(dealer("table", "rest", "t", "--json")).json()["result"]
    assert rested["rested"]["Eagles"]["rituals"] == ["paint"]
    assert data(dealer, "chips")["players"] == {}  # no session chips dealt
    ok(dealer("chips", "ritual", "Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "t"))


# -- fear and defence -----------------------------------------------------------------------------------


def test_a_fear_event_is_the_difficulty_set_or_drawn_and_raised_by_the_area(dealer):
    """"Generally an event will have a hand draw for fear or a set hand. An area can also add to the
    fear of an event, and will raise the value of the hand.\""""
    set_hand = ok(dealer(*POKER, "conflict", "Sam=:2c 2d 5h 9s Kc", "Bob=:Ac Ad Ah 9d Kd", "--fear-hand", "two pair",
                         "--json")).json()["result"]
    assert set_hand["target"]["rank"] == "two-pair" and set_hand["winner"] is None  # everyone checks, no one wins
    assert [p["outcome"] for p in set_hand["participants"]] == ["shaken", "stalwart"]
    drawn = ok(dealer(*POKER, "conflict", "Sam=3", "--fear-draw", 5, "--fear", 1, "--seed", 3, "--json")).json()
    event = drawn["result"]["fear"]["event"]
    assert len(event["cards"]) == 5 and drawn["result"]["fear"]["level"] == 1
    assert not set(event["cards"]) & set(drawn["result"]["participants"][0]["draw"]["cards"])


def test_failing_a_fear_check_badly_leaves_the_person_fleeing(dealer):
    """"If you succeed, you're stalwart, otherwise you're either shaken and at -1 card, or if you fail
    badly you're going to be running like a jackrabbit." dealer reads failing badly as a bust (a
    Joker with less than a pair: ``conflict.fear_running``)."""
    table(dealer, ("Sam", "courage=2"))
    result = data(dealer, "conflict", "Sam=:2c 4d 7h 9s RJ", "--fear", 2)
    assert result["participants"][0]["outcome"] == "fleeing"
    assert data(dealer, "conflict", "show")["fear"] == {"Sam": "fleeing"}
    later = data(dealer, "conflict", "Sam=courage", "--seed", 4)
    assert later["participants"][0]["draw"]["modifiers"] == [{"why": "fleeing", "cards": -1}]


def test_a_block_stands_until_the_defenders_next_action(dealer):
    """"In hand-to-hand fighting, the blocking is automatic ... you're protecting yourself and
    attacking with the same value, and that value lasts until you take another action.\""""
    table(dealer, ("Bob", "brawling=2"), ("Sam", "brawling=3"))
    block = data(dealer, "conflict", "Bob=:Qc Qd 4h 6s 8d", "--defend", "block")
    assert block["defence"]["how"] == "block"
    assert "Bob: blocking with Qc Qd 4h 6s 8d" in ok(dealer("table", "show", "t")).out
    beaten = data(dealer, "conflict", "Sam=:Kc Kd 2h 3s 5d", "--against", "Bob")
    held = data(dealer, "conflict", "Sam=:Jc Jd 2h 3s 5d", "--against", "Bob")
    assert (beaten["winner"], held["winner"]) == ("Sam", "Bob")
    ok(dealer("conflict", "Bob=brawling", "--table", "t", "--seed", 2))  # Bob acts: the block is gone
    gone = dealer("conflict", "Sam=3", "--against", "Bob", "--table", "t")
    assert_clean_error(gone, code=1)
    assert "Bob has no standing defence" in gone.err


def test_a_dodge_stands_until_the_dodgers_first_action_of_the_next_round(dealer):
    """"Dodging, on the other hand, lasts until your first action the next round.\""""
    table(dealer, ("Bob", "dodge=2"), ("Sam", "pistol=3"))
    ok(dealer("action", "--table", "t", "--seed", 1))  # round 1
    ok(dealer("conflict", "Bob=:9c 9d 4h 6s 8d", "--defend", "dodge", "--table", "t"))
    ok(dealer("conflict", "Bob=dodge", "--table", "t", "--seed", 2))  # another action this round: still dodging
    # Sam drew no pair for turn order: paralysed, his attack is four cards
    assert data(dealer, "conflict", "Sam=:2c 3d 5h 7s", "--against", "Bob")["winner"] == "Bob"
    assert data(dealer, "action", "--seed", 3)["round"] == 2
    ok(dealer("conflict", "Bob=dodge", "--table", "t", "--seed", 4))  # his first action of round 2
    assert dealer("conflict", "Sam=3", "--against", "Bob", "--table", "t").code == 1


# -- devices --------------------------------------------------------------------------------------------


def test_harm_on_power_is_refused_for_a_character_without_power(dealer):
    """Seed 001: only Arcane harm reaches Power, and only a Power user has it."""
    ok(dealer("-r", "weird-dust-devils", "table", "new", "w"))
    ok(dealer("table", "add", "w", "Doc", "--trait", "power=2"))
    ok(dealer("table", "add", "w", "Kid"))
    ok(dealer("conflict", "Win=:T1 T2 T3 9Sw 9Cu", "Doc=:3Co 5Wa 7Co 8Wa 10Cu", "Kid=:2Co 3Wa 4Sw 6Cu 8Co",
              "--table", "w"))
    assert ok(dealer("conflict", "harm", "Doc", "Power=4", "--table", "w"))
    refused = dealer("conflict", "harm", "Kid", "Power=4", "--table", "w")
    assert_clean_error(refused, code=1)
    assert "Kid has no Power Score" in refused.err


def test_a_roster_marshal_named_in_action_is_dealt_from_the_marshals_deck(dealer):
    ok(dealer("table", "new", "d", "--seed", 1))
    ok(dealer("table", "add", "d", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8"))
    result = ok(dealer("action", "Bad Bob=16", "--table", "d", "--json")).json()["result"]
    assert result["participants"][0]["side"] == "marshal"
    assert result["countdown"][0]["side"] == "marshal"


# -- characters and budgets -----------------------------------------------------------------------------

SHEETS = __import__("pathlib").Path(__file__).resolve().parent.parent.parent / "docs" / "sheets"  # shipped samples


def test_seed_003s_sample_characters_each_spend_exactly_30_points(dealer):
    """"You get 30 points to create your character" ... "Buying a skill costs points equal to the sum
    of the levels bought" ... spells "at a reduced cost: 1 point per level" ... "A disadvantage is
    something about you that makes you get one fewer card. They will give you 1-3 points.\""""
    ok(dealer(*POKER, "table", "new", "t"))
    for sheet in sorted(SHEETS.glob("*.toml")):
        added = ok(dealer("table", "add", "t", "--sheet", str(sheet), "--strict", "--json")).json()["result"]
        assert (added["budget"]["spent"], added["budget"]["points"], added["warnings"]) == (30, 30, []), sheet.name
    checked = ok(dealer("table", "check", "t", "--json")).json()["result"]
    assert sorted(checked["budgets"]) == ["Bert Muskie", "Sally Swift", "Three Eagles"]
    sally = checked["budgets"]["Sally Swift"]["items"]
    assert {item["name"]: item["points"] for item in sally if item["kind"] == "spell"} == {
        "soul-blast": 2, "mirage": 2, "hunch": 2, "kentucky-windage": 3}
    text = ok(dealer("table", "check", "t")).out
    assert "  Three Eagles: 30 of 30 points: ok" in text


def test_a_character_over_budget_is_warned_or_refused_with_strict(dealer):
    """"Raising a skill later will cost the same number of points - so going from 4 to 5 will cost 5 points.\""""
    ok(dealer(*POKER, "table", "new", "t"))
    ok(dealer("table", "add", "t", "--sheet", str(SHEETS / "bert-muskie.toml")))
    raised = dealer("table", "set", "t", "Bert Muskie", "--trait", "pistol=5")
    assert raised.code == 0 and "Bert Muskie: 35 points spent, 5 over the 30" in raised.err
    refused = dealer("table", "set", "t", "Bert Muskie", "--trait", "pistol=6", "--strict")
    assert_clean_error(refused, code=1)
    assert "41 points spent, 11 over" in refused.err
    shown = ok(dealer("table", "show", "t", "--json")).json()["result"]
    assert shown["roster"]["Bert Muskie"]["traits"]["pistol"] == 5  # the refused change wrote nothing


def test_a_spell_above_the_master_skill_is_over_budget(dealer):
    ok(dealer(*POKER, "table", "new", "t"))
    run = dealer("table", "add", "t", "Sally", "--trait", "master=2", "--trait", "mirage=3", "--trait",
                 "spells=mirage", "--strict")
    assert_clean_error(run, code=1)
    assert "spell mirage at level 3 is above the master skill, 2" in run.err


def test_the_faithful_know_no_more_miracles_than_their_faith(dealer):
    """"they automatically know a number of miracles equal to the level of their faith skill, and
    the miracle protection as a bonus. Unfortunately, they can't have any more than this.\""""
    ok(dealer(*POKER, "table", "new", "t"))
    run = dealer("table", "add", "t", "P", "--trait", "faithful=yes", "--trait", "master=1", "--trait",
                 "miracles=heal,smite", "--strict")
    assert_clean_error(run, code=1)
    assert "2 miracles known, but a faith (master) of 1 knows 1 and protection" in run.err
    kept = dealer("table", "add", "t", "Q", "--trait", "faithful=yes", "--trait", "master=2", "--trait",
                  "miracles=heal,protection,smite", "--strict")
    assert kept.code == 0 and not kept.err, kept  # protection is the bonus, not one of the two


def test_weird_dust_devils_scores_add_up_to_16_and_power_needs_a_weird(dealer):
    """"Characters have 16 points to spend on scores, not 13." "Any character with a non-Zero Power
    score must also have a Weird.\""""
    ok(dealer("-r", "weird-dust-devils", "table", "new", "w"))
    doc = dealer("table", "add", "w", "Doc", "--trait", "hand=4", "--trait", "eye=4", "--trait", "heart=3",
                 "--trait", "guts=3", "--trait", "power=2", "--json")
    assert doc.code == 0 and doc.json()["result"]["budget"]["spent"] == 16
    assert "a Power of 2 needs a Weird" in doc.json()["result"]["warnings"][0]
    ok(dealer("table", "set", "w", "Doc", "--trait", "weird=Aztec Mummy", "--strict"))
    over = dealer("table", "add", "w", "Kid", "--trait", "hand=5", "--trait", "eye=5", "--trait", "heart=5",
                  "--trait", "guts=2", "--strict")
    assert_clean_error(over, code=1)
    assert "Scores add up to 17, 1 over the 16" in over.err
    ok(dealer("-r", "dust-devils", "table", "new", "d"))
    assert "1 over the 13" in dealer("table", "add", "d", "Kid", "--trait", "hand=5", "--trait", "eye=5",
                                     "--trait", "heart=2", "--trait", "guts=2").err


def test_a_bad_sheet_is_a_short_usage_error(dealer, tmp_path):
    ok(dealer(*POKER, "table", "new", "t"))
    for text, words in [("[skils]\npistol = 3\n", "unknown key 'skils'"), ("[skills]\npistol = 'lots'\n", "pistol"),
                        ("name = [", "not a TOML character sheet")]:
        sheet = tmp_path / "bad.toml"
        sheet.write_text(text, encoding="utf-8")
        run = dealer("table", "add", "t", "X", "--sheet", str(sheet))
        assert_clean_error(run, code=2)
        assert words in run.err
