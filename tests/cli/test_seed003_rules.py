"""Issue 35's last rules of seed 003 (points 15 to 19), each from the seed's own words, tested on and
off the usual path: several participants, a non-default target, more than five cards."""

from __future__ import annotations

import shlex

import pytest

from tests.conftest import assert_clean_error


def modifiers(draw: dict) -> dict[str, int]:
    return {item["why"]: item["cards"] for item in draw["modifiers"]}


# -- 15. combat paralysis: -1 for the round ---------------------------------------------------------

@pytest.fixture
def brawl(dealer):
    """A poker-hands combat on a table: Bert holds a pair, Cy and Dee none (Dee is out)."""
    dealer("table", "new", "p", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "p", "Bert", "--trait", "brawling=1")
    dealer("table", "add", "p", "Cy", "--side", "marshal", "--trait", "brawling=3")
    dealer("table", "add", "p", "Dee", "--side", "marshal", "--trait", "brawling=2")
    order = dealer("action", "Bert=:Ks,Kh,2d,3c,4s", "-m", "Cy=:5c,7d,9h,Jc,Qd", "-m", "Dee=:6c,8d,10h,Qc,Ad",
                   "--table", "p", "--json")
    assert order.code == 0, order
    return dealer


def test_no_pair_draws_one_card_fewer_in_every_draw_of_the_round(brawl):
    """Seed 003: "Anyone who doesn't get at least a pair acts at the end of the round and at -1 for
    combat paralysis": Cy's attack (skill 3: 8 cards), a fear check and a spell each lose one."""
    attack = brawl("conflict", "Cy=brawling", "--target", "two pair", "--table", "p", "--seed", "2", "--json")
    draw = attack.json()["result"]["participants"][0]["draw"]
    assert modifiers(draw) == {"paralysed": -1} and draw["cards_allowed"] == 7, draw
    fear = brawl("conflict", "Cy=2", "--fear", "1", "--table", "p", "--seed", "3", "--json").json()["result"]
    assert modifiers(fear["participants"][0]["draw"]) == {"paralysed": -1}
    spell = brawl("hex", "--skill", "4", "--caster", "Cy", "--table", "p", "--seed", "4", "--json").json()["result"]
    assert modifiers(spell["draw"]) == {"paralysed": -1} and spell["draw"]["cards_allowed"] == 8
    bert = brawl("conflict", "Bert=brawling", "Cy=brawling", "--table", "p", "--seed", "5", "--json").json()["result"]
    drawn = {entry["name"]: entry["draw"] for entry in bert["participants"]}
    assert modifiers(drawn["Bert"]) == {} and modifiers(drawn["Cy"]) == {"paralysed": -1}  # two at once
    text = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2")
    assert "Cy: skill 3, -1 paralysed: 7 cards" in text.out, text


def test_paralysis_lasts_the_combat_round_and_no_longer(brawl):
    brawl("action", "out", "Dee", "--table", "p")
    dee = brawl("conflict", "Dee=2", "--table", "p", "--seed", "1", "--json").json()["result"]
    assert modifiers(dee["participants"][0]["draw"]) == {}  # out of the fight: not paralysed
    assert brawl("action", "--table", "p", "--json").json()["result"]["round"] == 2  # the combat's next round
    again = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2", "--json").json()["result"]
    assert modifiers(again["participants"][0]["draw"]) == {"paralysed": -1}  # the same hand: the same paralysis
    brawl("action", "new", "--table", "p")
    after = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2", "--json").json()["result"]
    assert modifiers(after["participants"][0]["draw"]) == {}


def test_a_chip_that_gives_the_turn_order_hand_a_pair_lifts_the_paralysis(dealer):
    dealer("table", "new", "q", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "q", "Ann")
    dealer("action", "Ann=:2c,5d,8h,Jc,Kd", "Bo=:9s,9h,2d,3c,4s", "--table", "q")
    before = dealer("conflict", "Ann=1", "--table", "q", "--seed", "2", "--json").json()["result"]
    assert modifiers(before["participants"][0]["draw"]) == {"paralysed": -1}
    dealer("table", "undo", "q")  # the turn-order hand is Ann's last again
    dealer("chips", "give", "Ann", "red", "--table", "q")
    changed = dealer("chips", "spend", "Ann", "red", "--table", "q", "--json")
    assert changed.code == 0 and changed.json()["result"]["after"]["hand"]["rank"] == "pair", changed
    after = dealer("conflict", "Ann=1", "--table", "q", "--seed", "2", "--json").json()["result"]
    assert modifiers(after["participants"][0]["draw"]) == {}


def test_paralysis_is_ruleset_data(brawl, tmp_path):
    """A house ruleset that charges no paralysis (or more) is read, not the seed's -1 hard-coded."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "poker-hands"\nname = "house"\n[draws.conditions.paralysed]\ncards = -2\n')
    brawl("table", "new", "h", "-r", str(house), "--seed", "1")
    brawl("action", "Ann=:2c,5d,8h,Jc,Kd", "Bo=:9s,9h,2d,3c,4s", "--table", "h")
    drawn = brawl("conflict", "Ann=1", "--table", "h", "--seed", "2", "--json").json()["result"]
    assert modifiers(drawn["participants"][0]["draw"]) == {"paralysed": -2}


# -- 16. turn order: 5 cards modified by skills and advantages ------------------------------------

def hand_draws(result: dict) -> dict[str, dict]:
    return {row["name"]: row["draw"] for row in result["participants"]}


def test_the_combat_skill_and_turn_order_advantages_add_their_cards(dealer):
    """Seed 003: "everyone will draw a hand (5 cards modified by skills and advantages like 'quick
    draw' and 'cool headed')": Bert Muskie (sample character 1: Quick, Fast Draw 3) draws seven, a
    brawler with combat 2 and Quick eight, one with neither five."""
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "4")
    sheet = dealer("help", "--path").out.strip() + "/sheets/bert-muskie.toml"
    assert dealer("table", "add", "r", "--sheet", sheet).code == 0
    dealer("table", "add", "r", "Zed", "--side", "marshal", "--trait", "combat=2", "--trait", "advantages=quick:3")
    dealer("table", "add", "r", "Ann", "--trait", "riding=2")
    drawn = hand_draws(dealer("action", "--table", "r", "--seed", "3", "--json").json()["result"])
    assert (drawn["Bert Muskie"]["skill"], modifiers(drawn["Bert Muskie"])) == (0, {"quick": 1, "fast draw": 1})
    assert drawn["Bert Muskie"]["cards_allowed"] == 7 and len(drawn["Bert Muskie"]["cards"]) == 7
    assert (drawn["Zed"]["skill"], modifiers(drawn["Zed"]), drawn["Zed"]["cards_allowed"]) == (2, {"quick": 1}, 8)
    assert (drawn["Ann"]["skill"], modifiers(drawn["Ann"]), drawn["Ann"]["cards_allowed"]) == (0, {}, 5)
    dealer("action", "new", "--table", "r")
    text = dealer("action", "--table", "r", "--seed", "3").out
    assert "(skill 2, +1 quick" in text and "(+1 quick, +1 fast draw" in text, text


def test_a_sheet_marks_more_of_its_own_advantages_for_turn_order(dealer, tmp_path):
    sheet = tmp_path / "kit.toml"
    sheet.write_text('name = "Kit"\nturn_order = ["Alert", "Pretty"]\n[skills]\ncombat = 5\n'
                     '[advantages]\nalert = 2\nquick = 3\ndetermined = 3\n')
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "4")
    added = dealer("table", "add", "r", "--sheet", str(sheet), "--json")
    assert added.json()["result"]["traits"]["turn-order"] == "Alert, Pretty"
    assert "turn-order marks 'Pretty', which is none of their advantages or skills" in added.err, added
    drawn = hand_draws(dealer("action", "--table", "r", "--seed", "1", "--json").json()["result"])["Kit"]
    # 5 + combat 5 + quick + alert = 12 cards asked: ten is the most, so seven and a wild pick
    assert modifiers(drawn) == {"quick": 1, "alert": 1} and drawn["asked"] == 12
    assert (drawn["cards_allowed"], drawn["wild_picks"], len(drawn["cards"])) == (7, 1, 7)
    dealer("action", "new", "--table", "r")
    inline = hand_draws(dealer("action", "Kit=1", "--table", "r", "--seed", "1", "--json").json()["result"])["Kit"]
    assert inline["skill"] == 1 and modifiers(inline) == {"quick": 1, "alert": 1}  # the skill typed, the advantages kept


def test_turn_order_advantages_are_ruleset_data(dealer, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "poker-hands"\nname = "house"\n[action]\nturn_order_skill = "brawling"\n'
                     'turn_order_advantages = ["strong"]\nadvantage_cards = 2\n')
    dealer("table", "new", "h", "-r", str(house), "--seed", "1")
    dealer("table", "add", "h", "Ox", "--trait", "brawling=1", "--trait", "combat=3",
           "--trait", "advantages=strong:3, quick:3")
    drawn = hand_draws(dealer("action", "--table", "h", "--seed", "1", "--json").json()["result"])["Ox"]
    assert (drawn["skill"], modifiers(drawn), drawn["cards_allowed"]) == (1, {"strong": 2}, 8)


# -- 17. prices: the seed's ranges, a knack's default, spells, the combat skill ---------------------

def budget_of(dealer, table: str, person: str) -> dict:
    return dealer("table", "check", table, "--json").json()["result"]["budgets"][person]


@pytest.mark.parametrize("trait, problem", [
    ("knacks=fancy riding:5", "knack 'fancy riding' costs 5 points: poker-hands prices knacks from 1 to 3"),
    ("stunts=the stare:0", "stunt 'the stare' costs 0 points: poker-hands prices stunts from 1 to 3"),
    ("favors=invisibility:4", "favor 'invisibility' costs 4 points: poker-hands prices favors from 1 to 3"),
    ("disadvantages=one arm:4", "disadvantage 'one arm' gives 4 points: poker-hands prices disadvantages from 1 to 3"),
    ("advantages=strong:5", "advantage 'strong' costs 5 points: poker-hands prices advantages from 1 to 3"),
])
def test_a_price_outside_the_seeds_ranges_is_reported(dealer, trait, problem):
    """Seed 003: knacks "cost 1 point, but may go up to 3", stunts "one to three points", favors
    one to three, disadvantages "will give you 1-3 points", advantages "3 points in general"."""
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "1")
    added = dealer("table", "add", "r", "Zed", "--trait", trait)
    assert added.code == 0 and problem in added.err, added
    assert problem in budget_of(dealer, "r", "Zed")["problems"]
    refused = dealer("table", "add", "r", "Ann", "--trait", trait, "--strict")
    assert_clean_error(refused)
    assert problem in refused.err


def test_prices_inside_the_ranges_are_fine_and_a_knack_without_one_costs_1(dealer):
    """"Knacks in general cost 1 point": a knack listed bare costs 1, not a missing price."""
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "1")
    added = dealer("table", "add", "r", "Zed", "--trait", "knacks=cattle roping, trick shooting:2",
                   "--trait", "advantages=quick:3, nose for trouble:1", "--trait", "disadvantages=ugly:1")
    assert added.code == 0 and added.err == "", added
    items = {(item["kind"], item["name"]): item["points"] for item in budget_of(dealer, "r", "Zed")["items"]}
    assert items[("knack", "cattle roping")] == 1 and items[("knack", "trick shooting")] == 2
    assert budget_of(dealer, "r", "Zed")["spent"] == 1 + 2 + 3 + 1 - 1
    stunt = dealer("table", "add", "r", "Ann", "--trait", "stunts=the stare")  # no default: its price is needed
    assert "stunt 'the stare' has no cost: write it as the stare:N" in stunt.err, stunt


def test_the_combat_skill_is_priced_as_a_skill(dealer):
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "r", "Zed", "--trait", "combat=3", "--trait", "pistol=1")
    items = {item["name"]: (item["kind"], item["points"]) for item in budget_of(dealer, "r", "Zed")["items"]}
    assert items == {"combat": ("skill", 6), "pistol": ("skill", 1)}
    assert_clean_error(dealer("table", "add", "r", "Ann", "--trait", "combat=-1"), code=2)  # a level, not a modifier


def test_a_spell_given_as_a_plain_trait_is_refused_with_the_way_to_list_it(dealer):
    """Seed 003: spells "are bought as skills as well, but at a reduced cost: 1 point per level": a
    trait cast as a spell but missing from the spells list (priced as a skill: 3 points at level 2)
    is refused, and the command it gives lists it (2 points)."""
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "r", "Sally", "--trait", "master=3", "--trait", "soul-blast=2", "--trait", "mirage=1",
           "--trait", "spells=mirage")
    assert budget_of(dealer, "r", "Sally")["spent"] == 3 + 1 + 6  # soul blast as a skill, mirage as a spell
    refused = dealer("hex", "soul blast", "--caster", "Sally", "--table", "r", "--seed", "1")
    assert_clean_error(refused)
    hint = 'dealer table set r Sally --trait "spells=mirage, soul blast"'
    assert refused.err.rstrip().endswith(hint), refused
    assert dealer(*shlex.split(hint)[1:]).code == 0
    assert budget_of(dealer, "r", "Sally")["spent"] == 2 + 1 + 6
    cast = dealer("hex", "soul blast", "--caster", "Sally", "--table", "r", "--seed", "1", "--json")
    assert cast.code == 0 and cast.json()["result"]["draw"]["skill"] == 2, cast
    assert dealer("hex", "mirage", "--caster", "Sally", "--table", "r", "--seed", "2").code == 0


# -- 19. cards typed, Bert=2, a combat out of cards -------------------------------------------------

def test_cards_typed_are_checked_against_the_count_the_draw_allows(dealer):
    """A shaken person at skill 1 draws five ("shaken and at -1 card"): six typed are refused, five
    or fewer stand; a winded caster likewise; a called shot's penalty counts too."""
    dealer("table", "new", "g", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "g", "Sam", "--trait", "master=1", "--trait", "pistol=1")
    dealer("conflict", "Sam=:RJ 2d 5h 7s 9c", "--fear", "1", "--table", "g")  # a bust: fleeing
    six = dealer("conflict", "Sam=pistol:2c 3d 4h 5s 6c 8d", "--table", "g")
    assert_clean_error(six)
    assert six.err == ("dealer: Sam draws 5 cards (skill 1, -1 fleeing), not the 6 typed: type 5, or give the draw "
                       "as it was asked (the skill, --mod)\n"), six
    assert dealer("conflict", "Sam=pistol:2c 3d 4h 5s 6c", "--table", "g").code == 0
    assert dealer("conflict", "Sam=pistol:2c 3d 4h", "--table", "g").code == 0  # fewer stand, played as they are
    dealer("conflict", "clear", "Sam", "--table", "g")
    dealer("hex", "--skill", "1", "--caster", "Sam", "--table", "g", "--seed", "1")  # one cast: winded
    winded = dealer("hex", "--skill", "1", "--caster", "Sam", "--cards", "2c 3d 4h 5s 6c 8d", "--table", "g")
    assert "Sam draws 5 cards (skill 1, -1 winded), not the 6 typed" in winded.err, winded
    called = dealer("conflict", "Sam=3:2c 3d 4h 5s 6c 8d 9h 10s", "--called", "--table", "g")
    assert "Sam draws 6 cards (skill 3, -1 called shot, -1 winded), not the 8 typed" in called.err, called


def test_a_typed_turn_order_hand_counts_the_skill_and_advantages(dealer):
    dealer("table", "new", "r", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "r", "Zed", "--trait", "combat=1", "--trait", "advantages=quick:3")
    eight = dealer("action", "Zed=:2c,3d,4h,5s,6c,8d,9h,10s", "--table", "r")
    assert "Zed draws 7 cards (skill 1, +1 quick), not the 8 typed" in eight.err, eight
    assert dealer("action", "Zed=:2c,3d,4h,5s,6c,8d,9h", "--table", "r").code == 0


@pytest.mark.parametrize("spec, cards", [("2", 7), ("+2", 7), ("0", 5), ("-1", 4), ("7", 7)])
def test_name_equals_a_number_is_the_same_skill_in_a_combat_a_contest_and_a_spell(dealer, spec, cards):
    """`Bert=2` is skill 2 everywhere: seven cards to a turn-order hand, a contest and a spell (7 is
    skill 7: twelve asked, so seven cards and a wild pick, everywhere alike)."""
    poker = ("-r", "poker-hands")
    combat = dealer(*poker, "action", f"Bert={spec}", "--seed", "1", "--json").json()["result"]
    contest = dealer(*poker, "conflict", f"Bert={spec}", "--seed", "1", "--json").json()["result"]
    spell = dealer(*poker, "hex", "--skill", spec, "--seed", "1", "--json").json()["result"]
    sizes = [(draw["skill"], draw["cards_allowed"], draw["wild_picks"]) for draw in
             (combat["participants"][0]["draw"], contest["participants"][0]["draw"], spell["draw"])]
    assert sizes == [(int(spec), cards, 1 if spec == "7" else 0)] * 3


def test_a_combat_that_runs_out_of_cards_says_so(dealer):
    """Six people at ten cards need sixty: the 54-card deck runs out, and the hands dealt short say so."""
    run = dealer("-r", "poker-hands", "action", *[f"P{i}=5" for i in range(1, 7)], "--seed", "1", "--json")
    rows = run.json()["result"]["participants"]
    assert sum(len(row["cards"]) for row in rows) == 54
    short = {row["name"]: row["notes"] for row in rows if len(row["cards"]) < 10}
    assert short == {"P6": ["the combat deck ran out: 4 of 10 cards"]}, short
    text = dealer("-r", "poker-hands", "action", *[f"P{i}=5" for i in range(1, 8)], "--seed", "1").out
    assert "  P6: 5c 2c 4d 6s  (skill 5; the combat deck ran out: 4 of 10 cards)" in text, text
    assert "  P7: no cards  (skill 5; no cards; the combat deck ran out: 0 of 10 cards)" in text, text


# -- 18. hand-to-hand: the blocking is automatic; a dodge ends early -------------------------------

@pytest.fixture
def gulch(dealer):
    dealer("table", "new", "g", "-r", "poker-hands", "--seed", "3")
    dealer("table", "add", "g", "Bert", "--trait", "brawling=2")
    dealer("table", "add", "g", "Sam", "--side", "marshal", "--trait", "brawling=3")
    dealer("table", "add", "g", "Cy", "--side", "marshal", "--trait", "brawling=1")
    return dealer


def test_in_hand_to_hand_the_defenders_last_hand_blocks(gulch):
    """Seed 003: "In hand-to-hand fighting, the blocking is automatic and not a separate action -
    you're protecting yourself and attacking with the same value, and that value lasts until you
    take another action": Bert's last hand (an attack at a target) blocks Sam's blow."""
    gulch("conflict", "Bert=brawling:Qc Qd 4h 6s 8d 2c 3c", "--target", "two pair", "--table", "g")
    attack = gulch("conflict", "Sam=brawling:Kc Kd 2h 3s 5d 7c 9h 10s", "--against", "Bert", "--melee", "--table", "g",
                   "--json").json()["result"]
    assert attack["defence"]["defender"] == "Bert" and attack["defence"]["automatic"] is True
    assert attack["defence"]["hand"]["rank"] == "pair" and attack["winner"] == "Sam" and attack["blocks"] == "Sam"
    shown = gulch("table", "show", "g", "--json").json()["result"]["conditions"]
    assert shown["Bert"]["defence"]["how"] == "block" and shown["Bert"]["defence"]["attacked"] is True
    assert shown["Sam"]["defence"]["rank"] == "pair"  # Sam's attack hand stands as his block
    # Cy joins the melee against Bert: the same block stands; Bert's next action ends it
    cy = gulch("conflict", "Cy=brawling:2c 2d 9h Jc Ks 4s", "--against", "Bert", "--melee", "--table", "g", "--json")
    assert cy.json()["result"]["defence"]["automatic"] is False and cy.json()["result"]["winner"] == "Bert"
    back = gulch("conflict", "Bert=brawling:Ac Ad Ah 3s 5d 7c 9h", "--against", "Sam", "--melee", "--table", "g")
    assert "Bert attacks Sam's block" in back.out and "winner: Bert" in back.out, back
    assert gulch("table", "show", "g", "--json").json()["result"]["conditions"]["Bert"]["defence"]["rank"] == \
        "three-of-a-kind"


def test_an_attack_nothing_blocks_is_a_contest_against_the_target(gulch):
    """"Hitting people is a simple contest (GM assigned difficulty) unless they're ... blocking":
    in hand-to-hand a defender with no hand yet blocks nothing."""
    run = gulch("conflict", "Sam=brawling:Kc Kd 2h 3s 5d 7c 9h 10s", "--against", "Bert", "--melee",
                "--target", "two pair", "--table", "g")
    assert run.out.startswith("Sam attacks Bert, who has no hand to block with: a contest against two pair\n")
    assert "    failure\n" in run.out and "Sam's hand stands as their block until their next action" in run.out
    ranged = gulch("conflict", "Cy=1", "--against", "Bert", "--table", "g")  # not hand-to-hand: refused, as ever
    assert_clean_error(ranged)
    assert "in hand-to-hand their last hand blocks (--melee)" in ranged.err


def test_defend_block_combines_with_against_and_a_dodge_does_not(gulch):
    gulch("conflict", "Bert=brawling:Qc Qd 4h 6s 8d 2c 3c", "--defend", "block", "--table", "g")
    both = gulch("conflict", "Sam=brawling:Kc Kd 2h 3s 5d 7c 9h 10s", "--against", "Bert", "--defend", "block",
                 "--table", "g", "--json").json()["result"]
    assert both["defence"]["defender"] == "Bert" and both["blocks"] == "Sam" and both["winner"] == "Sam"
    dodge = gulch("conflict", "Cy=1", "--against", "Bert", "--defend", "dodge", "--table", "g")
    assert_clean_error(dodge, code=2)
    assert "--defend block; a dodge is an action of its own" in dodge.err
    alone = gulch("conflict", "Cy=1", "--melee", "--table", "g")
    assert_clean_error(alone, code=2)
    assert "--melee is an attack in hand-to-hand: name the one attacked with --against NAME" in alone.err
    scores = gulch("-r", "dust-devils", "conflict", "Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,eye",
                   "--melee")
    assert "--melee is for poker-hands contests" in scores.err, scores


def test_a_chip_after_a_melee_attack_changes_the_block_it_left(gulch):
    gulch("chips", "give", "Bert", "red", "--table", "g")
    gulch("conflict", "Bert=brawling:9c 2d 4h 6s 8d Jc Kh", "--against", "Sam", "--melee", "--table", "g")
    spent = gulch("chips", "spend", "Bert", "red", "--table", "g", "--json")
    assert spent.code == 0, spent
    block = gulch("table", "show", "g", "--json").json()["result"]["conditions"]["Bert"]["defence"]
    assert block["how"] == "block" and block["rank"] == "pair"  # the wild pick made the pair: the block is it


def test_a_dodge_ends_early_when_the_dodger_must_stand_still(gulch):
    """"Dodging will be interrupted by actions that require you to specifically stand still":
    `conflict clear NAME --defence` ends it; an attack then meets no dodge."""
    gulch("conflict", "Bert=brawling:Qc Qd 4h 6s 8d 2c 3c", "--defend", "dodge", "--table", "g")
    ended = gulch("conflict", "clear", "Bert", "--defence", "--table", "g")
    assert ended.out == "Bert's dodge ends: the hand no longer stands\n", ended
    assert "defence" not in gulch("table", "show", "g", "--json").json()["result"]["conditions"].get("Bert", {})
    assert_clean_error(gulch("conflict", "Sam=1", "--against", "Bert", "--table", "g"))
    again = gulch("conflict", "clear", "Bert", "--defence", "--table", "g")
    assert_clean_error(again)
    assert "Bert has no standing block or dodge" in again.err
    assert_clean_error(gulch("conflict", "Sam=1", "--defence", "--table", "g"), code=2)
    assert gulch("table", "undo", "g").code == 0  # the clear undone: the dodge is back
    assert gulch("table", "show", "g", "--json").json()["result"]["conditions"]["Bert"]["defence"]["how"] == "dodge"
