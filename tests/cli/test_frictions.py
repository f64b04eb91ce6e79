"""Issue 35's table-side frictions (points 5 to 14), each from its one-line reproducer.

Each test runs the reproducer through the command line and fails if the friction comes back.
"""

from __future__ import annotations

import re
import shlex

import pytest

from tests.conftest import assert_clean_error


def _hinted(message: str, after: str) -> list[str]:
    """The words of the command a hint quotes after ``after`` (up to a closing bracket or the end),
    as a shell splits them."""
    tail = message.split(after, 1)[1]
    return shlex.split(re.split(r"[)\n]", tail, maxsplit=1)[0])


# -- 8. hints quote names with spaces -----------------------------------------------------------

def test_a_skill_hint_quotes_a_name_with_spaces_and_works_when_copied(dealer):
    """`say "Bert Muskie"=pistol`: the hint, split as a shell splits it, is one participant."""
    dealer("table", "new", "j", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "j", "Bert Muskie", "--trait", "pistol=2")
    asked = dealer("conflict", "Bert Muskie", "--table", "j", "--seed", "1")
    assert_clean_error(asked, code=2)
    assert 'say "Bert Muskie"=pistol' in asked.err, asked
    words = shlex.split(re.search(r"say (.+?) \(or ", asked.err).group(1))
    assert words == ["Bert Muskie=pistol"]
    copied = dealer("conflict", *words, "--table", "j", "--seed", "1", "--json")
    assert copied.code == 0, copied
    assert copied.json()["result"]["participants"][0]["draw"]["skill"] == 2


def test_a_repair_hint_quotes_a_device_with_spaces_and_works_when_copied(dealer):
    """`dealer gadget repair "hat gun-1" ...`: a broken device's hint, copied, repairs it."""
    dealer("table", "new", "lab", "-r", "poker-hands", "--seed", "2")
    dealer("table", "add", "lab", "Ada", "--trait", "mad-science=3")
    assert dealer("gadget", "design", "hat gun", "--tier", "pair", "--by", "Ada", "--cards", "5h 5c 7d 8s 9h",
                  "--table", "lab").code == 0
    assert dealer("gadget", "build", "hat gun", "--by", "Ada", "--cards", "Jh Jc 9d 8s 7h", "--table",
                  "lab").code == 0
    broke = dealer("gadget", "use", "hat gun-1", "--cards", "BJ 4c 9h 9s 2d Kc Qh 5s", "--table", "lab")
    assert broke.code == 0, broke
    refused = dealer("gadget", "use", "hat gun-1", "--table", "lab", "--seed", "1")
    assert_clean_error(refused)
    assert 'dealer gadget repair "hat gun-1" --table lab --by PERSON' in refused.err, refused
    words = _hinted(refused.err, "construction check (")
    assert words[:4] == ["dealer", "gadget", "repair", "hat gun-1"]
    fixed = dealer(*[word.replace("PERSON", "Ada") for word in words[1:]], "--cards", "Qs Qh 9c 9d 4s")
    assert fixed.code == 0, fixed
    assert dealer("gadget", "use", "hat gun-1", "--table", "lab", "--seed", "1").code == 0


@pytest.mark.parametrize("name, word", [("Velvet", "Velvet"), ("Bad Bob", '"Bad Bob"'),
                                         ("Bob's", '"Bob\'s"')])
def test_a_walk_hint_names_the_person_as_the_shell_reads_them(dealer, name, word):
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", name, "--trait", "quickness=3d6")
    dealer("action", "--table", "t", "--seed", "2")
    out = dealer("action", "out", name, "--table", "t")
    assert f"(dealer action out {word} --back --table t)" in out.out, out
    assert _hinted(out.out, "(")[3] == name


# -- 14. smaller ones ---------------------------------------------------------------------------

def complete(dealer, words):
    env = {"_DEALER_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": str(len(words) - 1)}
    return [line.split(",", 1)[1] for line in dealer(env=env).out.splitlines() if line.startswith("plain,")]


def test_a_table_named_in_a_message_is_quoted_once(dealer):
    """`table 'j''s roster` read as two quotes: the roster of table 'j'."""
    dealer("table", "new", "j", "--seed", "1")
    dealer("table", "add", "j", "Sarah", "--trait", "quickness=3d6")
    dealer("action", "--table", "j", "--seed", "1")
    run = dealer("action", "out", "Nobody", "--table", "j")
    assert_clean_error(run)
    assert "''" not in run.err and "neither on the roster of table 'j' nor in the round" in run.err, run


def test_scores_completion_never_offers_a_score_typed_already(dealer):
    words = ["dealer", "-r", "weird-dust-devils", "conflict", "Doc", "Kid", "--scores"]
    assert sorted(complete(dealer, [*words, ""])) == ["eye", "guts", "hand", "heart"]
    assert sorted(complete(dealer, [*words, "hand,"])) == ["hand,eye", "hand,guts", "hand,heart"]
    assert sorted(complete(dealer, [*words, "eye,h"])) == ["eye,hand", "eye,heart"]


@pytest.fixture
def corral(dealer):
    """Seed 000's Velvet on a table, a round dealt: Qs and 2d."""
    dealer("table", "new", "corral", "--seed", "1")
    dealer("table", "add", "corral", "Velvet", "--trait", "quickness=4d8")
    assert dealer("action", "--table", "corral", "--seed", "1").code == 0
    return dealer


def test_a_long_hex_whose_caster_cannot_roll_it_is_refused_at_the_start(corral):
    """Seed 000: "On the 8, she makes her hexslingin' roll": a caster with no hexslinging is told
    when the hex is begun, not rounds later when its last card comes up."""
    refused = corral("hex", "hunch", "--caster", "Velvet", "--level", "2", "--table", "corral")
    assert_clean_error(refused, code=2)
    assert "no hexslinging or smarts" in refused.err and "--trait hexslinging=LEVEL --trait smarts=DICE" in refused.err
    assert "long_actions" not in corral("table", "show", "corral", "--json").json()["result"]["state"]
    corral("table", "set", "corral", "Velvet", "--trait", "hexslinging=3")
    refused = corral("hex", "hunch", "--caster", "Velvet", "--level", "2", "--table", "corral")
    assert_clean_error(refused, code=2)
    assert "no smarts on table 'corral'" in refused.err, refused
    given = corral("hex", "hunch", "--caster", "Velvet", "--level", "2", "--total", "12", "--table", "corral")
    assert given.code == 0 and "takes 2 action cards" in given.out, given


def test_a_played_last_card_no_longer_says_it_resolves_now(corral):
    corral("action", "begin", "Velvet", "3", "--what", "mirage", "--table", "corral")
    dealt = corral("action", "--table", "corral", "--seed", "2")
    assert "3s  Velvet  posse  mirage 3/3: resolves now" in dealt.out, dealt
    called = corral("action", "next", "--table", "corral")
    assert "now  3s  Velvet  posse  mirage 3/3: resolves now" in called.out, called
    shown = corral("action", "show", "--table", "corral")
    assert "acted  3s  Velvet  posse  mirage 3/3\n" in shown.out and "resolves" not in shown.out, shown
    summary = corral("table", "show", "corral", "--json").json()["result"]["turns"]
    assert summary["acted"] == [{"name": "Velvet", "side": "posse", "card": "3s", "note": "mirage 3/3"}]


# -- 5. a hex begun on the card just called spends it -------------------------------------------

@pytest.fixture
def velvet(corral):
    corral("table", "set", "corral", "Velvet", "--trait", "hexslinging=3", "--trait", "smarts=3d8",
           "--trait", "hunch=3")
    return corral


def test_a_hex_begun_on_the_card_just_called_spends_that_card(velvet):
    """Seed 000: "She spends her Queen of Hearts this round and her 8 of Diamonds next round": after
    `action next` shows `now Qs Velvet`, the hex begun counts the Qs, and resolves on the 2d."""
    assert "now   Qs  Velvet" in velvet("action", "next", "--table", "corral").out
    begun = velvet("hex", "hunch", "--caster", "Velvet", "--table", "corral", "--json").json()["result"]
    assert begun["speed"]["spending"] == ["Qs", "2d"] and begun["speed"]["resolves_on"] == "2d", begun
    shown = velvet("action", "show", "--table", "corral").out
    assert "acted  Qs  Velvet  posse  hunch 1/2" in shown and "next   2d  Velvet  posse  hunch 2/2: resolves now" in shown
    velvet("action", "next", "--table", "corral")
    cast = velvet("hex", "hunch", "--caster", "Velvet", "--table", "corral", "--seed", "3", "--json")
    assert cast.json()["result"]["roll"] is not None, cast  # cast in the same round: not a round later
    assert velvet("table", "show", "corral", "--json").json()["result"]["under_way"] == []


def test_only_the_card_of_the_moment_called_is_spent(dealer):
    """Someone else's card called, or Velvet's called and the count moved on: the action begins on
    the next card Velvet holds; --card names the card just called too."""
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Velvet", "--trait", "quickness=16")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=16")
    order = dealer("action", "--table", "t", "--seed", "6", "--json").json()["result"]["countdown"]
    assert [(entry["card"], entry["name"]) for entry in order] == [
        ("Ac", "Sarah"), ("Kd", "Velvet"), ("Kc", "Sarah"), ("Qc", "Sarah"), ("10s", "Velvet"), ("2d", "Velvet")]

    def begin(*more):
        begun = dealer("action", "begin", "Velvet", "2", "--what", "rope", *more, "--table", "t", "--json")
        assert begun.code == 0, begun
        dealer("table", "undo", "t")
        return begun.json()["result"]["spending"]

    dealer("action", "next", "--table", "t")  # Ac Sarah
    assert begin() == ["Kd", "10s"]
    dealer("action", "next", "--table", "t")  # Kd Velvet: being called
    assert begin() == ["Kd", "10s"] and begin("--card", "Kd") == ["Kd", "10s"] and begin("--card", "10s") == ["10s", "2d"]
    dealer("action", "next", "--table", "t")  # Kc Sarah: the count has moved on
    assert begin() == ["10s", "2d"]
    assert_clean_error(dealer("action", "begin", "Velvet", "2", "--card", "Kd", "--table", "t"))


# -- 12. the card being called goes up the sleeve ------------------------------------------------

def test_the_card_being_called_goes_up_the_sleeve(dealer):
    """Seed 000: "When one of your cards is called, instead of taking your action, announce you're
    holding it up your sleeve": after `next` calls Sarah's 3s (her only card), `sleeve Sarah` holds it."""
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=4d6")
    dealt = dealer("action", "--table", "t", "--seed", "5", "--json").json()["result"]
    assert [entry["card"] for entry in dealt["countdown"]] == ["3s"]
    dealer("action", "next", "--table", "t")
    held = dealer("action", "sleeve", "Sarah", "--table", "t")
    assert held.out == "Sarah holds 3s up the sleeve instead of acting on it\n", held
    shown = dealer("action", "show", "--table", "t", "--json").json()["result"]
    assert shown["sleeves"] == [{"name": "Sarah", "side": "posse", "card": "3s"}]
    assert [turn["status"] for turn in shown["order"]] == ["held"]  # held, not acted on
    assert "  held  3s  Sarah  posse" in dealer("action", "show", "--table", "t").out
    deck = dealer("table", "show", "t", "--json").json()["result"]["decks"]["posse"]
    assert deck["discard"] == 0 and deck["sleeves"] == {"Sarah": "3s"}
    assert dealer("table", "check", "t").code == 0
    next_round = dealer("action", "--table", "t", "--seed", "6")
    assert "sleeve  3s  Sarah" in next_round.out, next_round  # kept across rounds
    assert dealer("action", "play", "Sarah", "--table", "t").out.startswith("Sarah plays 3s")


def test_the_card_called_is_held_before_the_cards_still_in_hand_and_only_while_called(dealer):
    """With more cards in hand, the card being called is the one held (not the lowest); once the
    count moves on, `sleeve` takes a card still in hand; a Joker being called never goes up."""
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Velvet", "--trait", "quickness=16")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=16")
    dealer("action", "--table", "t", "--seed", "6")  # Ac Sarah, Kd Velvet, Kc Sarah, Qc Sarah, 10s Velvet, 2d Velvet
    dealer("action", "next", "--table", "t")
    dealer("action", "next", "--table", "t")  # Kd Velvet is being called
    assert_clean_error(dealer("action", "sleeve", "Sarah", "Ac", "--table", "t"))  # Sarah's Ac was called before
    held = dealer("action", "sleeve", "Velvet", "--table", "t", "--json").json()["result"]
    assert held["card"] == "Kd" and held["called"] is True
    dealer("table", "undo", "t")
    assert dealer("action", "sleeve", "Velvet", "10s", "--table", "t", "--json").json()["result"] == {
        "kind": "sleeve", "table": "t", "name": "Velvet", "card": "10s", "called": False}
    again = dealer("action", "sleeve", "Velvet", "Kd", "--table", "t")
    assert_clean_error(again)
    assert "one card at a time" in again.err
    dealer("table", "undo", "t")
    dealer("action", "next", "--table", "t")  # Kc Sarah: Velvet's Kd is no longer being called
    assert dealer("action", "sleeve", "Sarah", "--table", "t", "--json").json()["result"]["card"] == "Kc"
    # Sarah held the card being called: Velvet's Kd, called before it, is still not the one being called
    assert dealer("action", "sleeve", "Velvet", "--table", "t", "--json").json()["result"]["card"] == "2d"
    shown = dealer("action", "show", "--table", "t", "--json").json()["result"]["order"]
    assert [turn["status"] for turn in shown][:4] == ["acted", "acted", "held", "next"]


def test_a_joker_being_called_never_goes_up_the_sleeve(dealer):
    """Seed 000: "You can never hold a Joker up your sleeve", not even the one being called."""
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=3d6")
    dealer("action", "Sarah=16:RJ,4c", "--table", "t", "--seed", "1")
    assert "now   RJ  Sarah" in dealer("action", "next", "--table", "t").out
    refused = dealer("action", "sleeve", "Sarah", "--table", "t")
    assert_clean_error(refused)
    assert "Red Joker can never be held up a sleeve" in refused.err
    assert dealer("action", "sleeve", "Sarah", "4c", "--table", "t").out == "Sarah holds 4c up the sleeve\n"


# -- 6. a latecomer not on the roster -----------------------------------------------------------

@pytest.fixture
def friday(dealer):
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=3d6")
    dealer("action", "--table", "t", "--seed", "1")
    return dealer


def test_a_latecomer_off_the_roster_is_told_this_round_only_and_how_to_keep_them(friday):
    joined = friday("action", "join", "Fay", "16", "--table", "t", "--seed", "2")
    assert "dealt in for this round only (each round deals the table's roster); to deal Fay in every round: " \
           "dealer table add t Fay --trait quickness=DICE" in joined.out, joined
    data = friday("action", "join", "Bo Ray", "2d8", "-m", "--table", "t", "--seed", "2", "--json").json()["result"]
    assert data["later"] is False and data["keep"] == 'dealer table add t "Bo Ray" --side marshal --trait quickness=2d8'
    later = friday("action", "--table", "t", "--seed", "3", "--json").json()["result"]
    assert [row["name"] for row in later["participants"]] == ["Sarah"]  # as told: this round only
    assert friday(*shlex.split(data["keep"])[1:]).code == 0  # the command told, copied, keeps him
    kept = friday("action", "--table", "t", "--seed", "4", "--json").json()["result"]
    assert [row["name"] for row in kept["participants"]] == ["Sarah", "Bo Ray"]


def test_a_latecomer_on_the_roster_or_in_a_hands_combat_plays_on(friday, dealer):
    friday("table", "add", "t", "Zed", "--trait", "guts=2d6")  # on the roster, but no Quickness to deal by
    zed = friday("action", "join", "Zed", "3d6", "--table", "t", "--seed", "2", "--json").json()["result"]
    assert zed["later"] is False and zed["keep"] == "dealer table set t Zed --trait quickness=3d6"
    friday("table", "set", "t", "Zed", "--trait", "quickness=3d6")
    friday("table", "add", "t", "Ann", "--trait", "quickness=2d6")
    ann = friday("action", "join", "Ann", "--table", "t", "--seed", "2", "--json").json()["result"]
    assert ann["later"] is True and ann["keep"] is None
    dealer("table", "new", "p", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "p", "Bert")
    dealer("action", "--table", "p", "--seed", "1")
    fay = dealer("action", "join", "Fay", "--table", "p", "--seed", "2")
    assert fay.code == 0 and "this round only" not in fay.out, fay
    again = dealer("action", "--table", "p", "--json").json()["result"]  # the combat's next round
    assert {row["name"] for row in again["participants"]} == {"Bert", "Fay"}


def test_out_finds_a_latecomer_dealt_no_card(friday):
    """A joiner whose Quickness earns no card has no turn, but is in the round: `out` finds them."""
    joined = friday("action", "join", "Gus", "2", "--table", "t", "--seed", "2")
    assert "joins round 1: no cards" in joined.out, joined
    out = friday("action", "out", "Gus", "--table", "t")
    assert out.code == 0 and out.out.startswith("Gus is out of the fight"), out
    assert_clean_error(friday("action", "join", "Gus", "2", "--table", "t"))  # in the round already
    assert friday("action", "out", "Gus", "--back", "--table", "t").code == 0


# -- 7. a caster's deck reshuffled is a note on stderr --------------------------------------------

def test_a_spell_casters_deck_reshuffle_is_told_on_stderr_and_kept_in_json(dealer):
    dealer("table", "new", "s", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "s", "Sally", "--trait", "master=2")
    cast = dealer("hex", "--skill", "0", "--caster", "Sally", "--cards", "2c 4d 6h 8s Jc", "--table", "s")
    assert cast.code == 0 and "reshuffled" not in cast.out, cast
    assert cast.err == "dealer: spell:Sally deck reshuffled (the table reshuffles after every cast; 54 cards)\n"
    data = dealer("hex", "--skill", "1", "--caster", "Sally", "--table", "s", "--seed", "2", "--json")
    assert [event["kind"] for event in data.json()["result"]["events"]] == ["reshuffle"]
    assert data.err.startswith("dealer: spell:Sally deck reshuffled"), data


def test_a_hucksters_deck_reshuffle_is_a_note_too(dealer):
    dealer("table", "new", "p", "--seed", "1")
    dealer("table", "add", "p", "Velvet", "--trait", "hexslinging=4", "--trait", "spirit=3d10",
           "--trait", "soul-blast=3")
    cast = dealer("hex", "soul blast", "--caster", "Velvet", "--reshuffle", "after-hex", "--table", "p", "--seed", "3")
    assert cast.code == 0 and "reshuffled" not in cast.out and "cards left in the caster's deck" in cast.out, cast
    assert cast.err.startswith("dealer: hex:Velvet deck reshuffled (the table reshuffles after every cast"), cast


# -- 9. table discard finds the deck that has the card out ---------------------------------------

@pytest.fixture
def two_sides(dealer):
    """A round dealt from both side decks (seed 000: "they use separate decks")."""
    dealer("table", "new", "t", "--seed", "1")
    dealer("table", "add", "t", "Sarah", "--trait", "quickness=16")
    dealer("table", "add", "t", "Bob", "--side", "marshal", "--trait", "quickness=16")
    dealt = dealer("action", "--table", "t", "--seed", "2", "--json").json()["result"]
    return dealer, {row["name"]: row["cards"] for row in dealt["participants"]}


def test_discard_finds_the_card_in_the_deck_that_has_it_out(two_sides):
    dealer, cards = two_sides
    run = dealer("table", "discard", "t", cards["Bob"][0], "--json")
    assert run.code == 0, run
    assert run.json()["result"]["deck"] == "marshal"
    text = dealer("table", "discard", "t", *cards["Sarah"][:2])
    assert text.out == f"discarded: {' '.join(cards['Sarah'][:2])} (deck posse)\n", text
    decks = dealer("table", "show", "t", "--json").json()["result"]["decks"]
    assert decks["marshal"]["discard"] == 1 and decks["posse"]["discard"] == 2
    assert dealer("table", "check", "t").code == 0


def test_discard_names_the_decks_when_it_cannot_choose(dealer):
    dealer("table", "new", "t", "--seed", "1")
    dealer("action", "Sarah=16:Qs,4c", "-m", "Bob=16:Qs,5d", "--table", "t", "--seed", "1")
    both = dealer("table", "discard", "t", "Qs")
    assert_clean_error(both)
    assert "Qs is out in decks marshal and posse: say which with --deck marshal or --deck posse" in both.err, both
    assert dealer("table", "discard", "t", "Qs", "--deck", "posse", "--json").json()["result"]["deck"] == "posse"
    mixed = dealer("table", "discard", "t", "4c", "5d")
    assert_clean_error(mixed)
    assert "decks marshal and posse" in mixed.err and "one deck's at a time" in mixed.err, mixed
    nowhere = dealer("table", "discard", "t", "Ah")
    assert_clean_error(nowhere)
    assert "cannot discard Ah: it is still in the deck (main, marshal, posse); out now: marshal: Qs 5d; posse: 4c" \
        in nowhere.err, nowhere
    dealer("table", "discard", "t", "4c")
    again = dealer("table", "discard", "t", "4c")
    assert "cannot discard 4c: it is still in the deck (main, marshal), already discarded (posse)" in again.err
    assert_clean_error(dealer("table", "discard", "t", "4c", "--deck", "nope"))


def test_discard_completion_offers_the_cards_out_in_every_deck(two_sides):
    dealer, cards = two_sides
    words = ["dealer", "table", "discard", "t"]
    assert sorted(complete(dealer, [*words, ""])) == sorted(set(cards["Sarah"] + cards["Bob"]))
    assert sorted(complete(dealer, [*words, "--deck", "marshal", ""])) == sorted(cards["Bob"])


# -- 10. did you mean ----------------------------------------------------------------------------

@pytest.mark.parametrize("typed, meant", [("too pair", "'two pair'"), ("flsh", "'flush'"),
                                          ("pair of jakcs", "'pair of jacks'"), ("piar of queens", "'pair of queens'"),
                                          ("jakcs", "'jacks'")])
def test_a_mistyped_hand_name_is_answered_with_the_one_meant(dealer, typed, meant):
    run = dealer("hand", "2c", "3d", "4h", "5s", "9c", "--min", typed)
    assert_clean_error(run, code=1)
    assert f"unknown hand '{typed}' (did you mean {meant}" in run.err, run


def test_a_hand_name_nothing_like_any_gets_the_list_only(dealer):
    run = dealer("hand", "2c", "--min", "zzz")
    assert "did you mean" not in run.err and "use a hand rank (" in run.err, run


def test_a_mistyped_hex_and_caster_are_answered_with_the_ones_meant(dealer):
    run = dealer("hex", "sole blast", "--total", "10", "--level", "3")
    assert_clean_error(run)
    assert "no hex 'sole blast' in the deadlands catalogue (did you mean 'soul blast'?" in run.err, run
    dealer("table", "new", "posse", "--seed", "1")
    dealer("table", "add", "posse", "Velvet", "--trait", "hexslinging=4", "--trait", "spirit=3d10",
           "--trait", "soul-blast=3")
    typo = dealer("hex", "soul blast", "--caster", "Velvt", "--table", "posse", "--seed", "3")
    assert_clean_error(typo)
    assert typo.err == "dealer: Velvt is not on the roster of table 'posse' (did you mean 'Velvet'?)\n", typo
    stranger = dealer("hex", "soul blast", "--caster", "Zed", "--total", "12", "--level", "2", "--table", "posse")
    assert stranger.code == 0, stranger  # a caster off the roster, nothing like anyone on it, still casts


def test_a_mistyped_dust_devils_participant_is_answered_with_the_one_meant(dealer):
    dealer("table", "new", "wdd", "-r", "weird-dust-devils", "--seed", "1")
    dealer("table", "add", "wdd", "Doc", "--trait", "hand=4", "--trait", "eye=3")
    dealer("table", "add", "wdd", "Kid", "--trait", "hand=2", "--trait", "eye=5")
    run = dealer("conflict", "Dco", "Kid", "--scores", "hand,eye", "--table", "wdd", "--seed", "1")
    assert_clean_error(run)
    assert run.err == "dealer: Dco is not on the roster of table 'wdd' (did you mean 'Doc'?)\n", run
    inline = dealer("conflict", "Dco=hand=3,eye=3", "Kid", "--scores", "hand,eye", "--table", "wdd", "--seed", "1")
    assert inline.code == 0, inline  # Scores typed: a stranger may join the conflict


@pytest.mark.parametrize("args, first", [(["draw", "2", "--tabel", "x"], "--table"),
                                         (["table", "show", "--tabel", "x"], "--table"),
                                         (["draw", "--sed", "3"], "--seed")])
def test_a_mistyped_option_suggests_the_closest_first(dealer, args, first):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert f"No such option '{args[-2]}' (did you mean '{first}'" in run.err, run


# -- 13. chips spend --help lists the ruleset's chip uses ------------------------------------------

@pytest.mark.parametrize("args, ruleset", [([], "deadlands"), (["-r", "poker-hands"], "poker-hands"),
                                           (["--help", "-r", "savage-worlds"], "savage-worlds")])
def test_chips_spend_help_lists_the_rulesets_chip_uses(dealer, load, args, ruleset):
    words = args if "--help" in args else [*args, "--help"]
    first = words[:2] if words[0] == "-r" else []
    run = dealer(*first, "chips", "spend", *words[len(first):])
    assert run.code == 0, run
    section = run.out.split(f"Chip uses in {ruleset} (--for USE; -r RULESET for another's):\n", 1)[1]
    uses = load(ruleset).chips["uses"]
    listed = [line.split()[0] for line in section.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    assert listed == list(uses), section
    assert all(use["note"].split()[0] in section for use in uses.values())


def test_chips_spend_help_reads_dealer_ruleset_and_survives_a_bad_name(dealer):
    run = dealer("chips", "spend", "--help", env={"DEALER_RULESET": "poker-hands"})
    assert "Chip uses in poker-hands" in run.out and "second-wind" in run.out
    bad = dealer("chips", "spend", "--help", "-r", "no-such-ruleset")
    assert bad.code == 0 and "Chip uses" not in bad.out and "Usage: dealer chips spend" in bad.out
