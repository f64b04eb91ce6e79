"""Cards on a terminal: glyphs, red suits in red; plain codes otherwise."""

from dealer import render


def test_fancy_cards_have_glyphs_and_red_in_red(load):
    cards = render.Cards(load("deadlands").deck, fancy=True, color=True)
    assert cards.one("As") == "A♠"
    assert cards.one("10h") == "\x1b[31m10♥\x1b[0m"
    assert cards.one("RJ") == "\x1b[31mRJ\x1b[0m"
    assert cards.width("10h") == 3


def test_plain_cards_are_codes(load):
    cards = render.Cards(load("deadlands").deck, fancy=False)
    assert cards.many(["As", "10h", "BJ"]) == "As 10h BJ"


def test_glyphs_without_colour_and_colour_without_glyphs(load):
    deck = load("deadlands").deck
    assert render.Cards(deck, fancy=True, color=False).many(["As", "10h"]) == "A♠ 10♥"
    assert render.Cards(deck, fancy=False, color=True).many(["As", "10h"]) == "As \x1b[31m10h\x1b[0m"


def test_settings_plain_unless_a_terminal(dealer):
    run = dealer("draw", 3, "--seed", 1)
    assert "♠" not in run.out and "\x1b" not in run.out
