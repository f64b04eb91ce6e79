"""The ruleset schema: every key a ruleset may hold, its type, default and meaning.

One declaration drives three things: validation of a parsed TOML document (every problem,
each with its key path and a suggestion for a misspelt key), the defaults filled into the
validated document, and the key-by-key reference in ``docs/rulesets.md``
(``dealer.core.schemadoc``: ``python -m dealer.core.schemadoc`` prints it; a test keeps the
file in step).

>>> problems = []
>>> doc = validate({"deck": {"suits": [], "ranks": [], "ace_lo": True}}, problems)
>>> problems[0]
"deck.ace_lo: unknown key 'ace_lo' (did you mean 'ace_low'?)"
"""

from __future__ import annotations

from dealer.core.cards import MAX_DECK
from dealer.core.characters import PRICED_LISTS, REFUNDS
from dealer.core.numbers import MAX_LEVEL
from dealer.errors import printable

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from typing import Any

REQUIRED = object()


# Bounds, so that a small file cannot ask for a huge deck, pot or loop. A field may set its own.
MAX_INT = 1_000_000  # any integer
MAX_ITEMS = 1000  # entries of any list, array or table of names
MAX_TEXT = 10_000  # characters of any string
MAX_CODE = 16  # characters of a card, suit or rank code
MAX_TN = 10_000  # a target number (dealer.core.dice.MAX_TN)
MAX_PROBLEMS = 50  # problems reported one by one; the rest are counted

# C0 and C1 controls (a newline or tab only where text runs over lines) and the bidirectional
# overrides: text from a ruleset reaches the terminal, and must not move the cursor or retitle it.
_UNSAFE = {*range(0x00, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_UNSAFE_TEXT = frozenset(map(chr, _UNSAFE))
_UNSAFE_LINE = frozenset(_UNSAFE_TEXT - {"\n", "\t"})


class Field:
    """One key: ``kind`` is str, int, bool, list[str], list[int], table, map or array.

    ``code``: a code players type (a string of 1 to 16 characters, no spaces or commas).
    ``cards``: the strings (or, for a map, its keys) name cards; ``remove_cards`` drops them.
    """

    def __init__(self, kind, doc, default=REQUIRED, *, choices=None, fields=None, value=None,
                 minimum=None, maximum=None, max_items=MAX_ITEMS, code=False, cards=False, lines=False):
        self.kind = kind
        self.doc = doc
        self.default = default
        self.choices = choices
        self.fields = fields  # table / array items: name -> Field
        self.value = value  # map: the Field of each value
        self.minimum = minimum
        self.maximum = MAX_INT if maximum is None and kind in ("int", "list[int]") else maximum
        self.max_items = max_items
        self.code = code
        self.cards = cards
        self.lines = lines  # text that may run over several lines (notes)


def table(doc: str, fields: dict[str, Field], default: object = None) -> Field:
    return Field("table", doc, {} if default is None else default, fields=fields)


def array(doc: str, fields: dict[str, Field], default: object = REQUIRED, max_items: int = MAX_ITEMS) -> Field:
    return Field("array", doc, default, fields=fields, max_items=max_items)


CARD_COLORS = ["red", "black", "none"]

SUIT = {
    "code": Field("str", "What players type for the suit, after the rank (`s` in `As`).", code=True),
    "name": Field("str", "The suit's name (`spades`)."),
    "glyph": Field("str", "What a terminal shows after the rank (`♠`); also accepted as input.", ""),
    "color": Field("str", "The suit's colour: red suits print red; counts for 'how black is your hand'.",
                   "none", choices=CARD_COLORS),
    "aliases": Field("list[str]", "Other accepted suit codes (e.g. `Cl` for Wands).", [], code=True),
}

RANK = {
    "code": Field("str", "What players type for the rank, before the suit (`A`, `10`, `N`).", code=True),
    "name": Field("str", "The rank's name (`ace`)."),
    "plural": Field("str", "Plural used in thresholds such as `pair of jacks`; default name + s.", ""),
    "aliases": Field("list[str]", "Other accepted rank codes (`T` for 10).", [], code=True),
}

TRUMPS = {
    "count": Field("int", "Number of trumps, numbered 1 up to count; 0 for a deck without trumps.", 0,
                   minimum=0, maximum=MAX_DECK),
    "prefix": Field("str", "Code prefix: trump 10 of prefix `T` is typed `T10`.", "T", code=True),
    "names": Field("list[str]", "Names of trumps 1, 2, ... in order.", []),
    "color": Field("str", "Colour of the trumps.", "none", choices=CARD_COLORS),
    "run_min": Field("int", "Fewest trumps in numerical order that form a run (two in order are not).", 3,
                     minimum=2, maximum=MAX_DECK),
}

SPECIAL = {
    "code": Field("str", "What players type (`RJ`, `Fool`).", code=True),
    "name": Field("str", "The card's name (`Red Joker`)."),
    "color": Field("str", "The card's colour.", "none", choices=CARD_COLORS),
    "glyph": Field("str", "What a terminal shows; default the code.", ""),
    "aliases": Field("list[str]", "Other accepted codes (`T0` for the Fool).", [], code=True),
}

DECK = {
    "ace_low": Field("bool", "The highest rank also plays below the lowest in a sequence (A-2-3-4-5).",
                     True),
    "suits": array("Suits, strongest first: the order that breaks ties where the rules say so.", SUIT),
    "ranks": array("Ranks of the plain cards, lowest first (a standard deck: 2 ... 10, J, Q, K, A).", RANK),
    "trumps": table("Numbered trumps (the tarot's Major Arcana); all trumps outrank all plain cards.",
                    TRUMPS),
    "specials": array("Cards outside suits and trumps (Jokers, the Fool); what they do is per context.",
                      SPECIAL, []),
}

CONTEXT = {
    "description": Field("str", "When this context applies (shown by `rulesets show`).", ""),
    "wild": Field("map", "Wild cards: card code -> `any` (stands for any card, also a copy of one held, "
                  "so five of a kind exists) or `trump` (stands for any trump only). Specials not "
                  "listed here are dead: they count for nothing.", {},
                  value=Field("str", "", choices=["any", "trump"]), cards=True),
    "natural_beats_wild": Field("bool", "Of two otherwise identical hands, the one without wild cards wins.",
                                False),
    "wild_order": Field("list[str]", "Of two otherwise identical wild hands, the one whose wild card comes "
                        "earlier in this list wins (the Wheel before the Fool).", [], cards=True),
}

PATTERN = {
    "groups": Field("list[int]", "Groups of plain cards of equal rank, one rank per group "
                    "(`[2]` a pair, `[3, 2]` a full house, `[5]` five of a kind).", [], max_items=5),
    "sequence": Field("int", "This many plain cards of consecutive rank (a straight).", 0, minimum=0),
    "suited": Field("bool", "The sequence is all one suit (a straight flush).", False),
    "top": Field("str", "The sequence must end on this rank code (`A` for a royal flush).", ""),
    "flush": Field("int", "This many plain cards of one suit.", 0, minimum=0),
    "distinct_suits": Field("int", "This many plain cards, each of a different suit (`5`: a rainbow).", 0,
                            minimum=0),
    "trump_run": Field("int", "This many trumps in numerical order (an ordered hand).", 0, minimum=0),
    "trumps": Field("int", "This many trumps (with `no_run`, a chaotic hand).", 0, minimum=0),
    "no_run": Field("bool", "The trumps counted by `trumps` form no run.", False),
    "rest": Field("str", "What the other cards of the five may be: `any`, `plain` (no trumps) or `trump`.",
                  "any", choices=["any", "plain", "trump"]),
}

TIEBREAKS = ["groups", "group", "group_cards", "group_card", "sequence", "run", "trump", "high", "cards", "kickers",
             "suit"]

HAND_RANK = {
    "name": Field("str", "The hand's name (`Full House`)."),
    "id": Field("str", "Short name for `--min` and JSON; default the name in lower case with hyphens.", ""),
    "aliases": Field("list[str]", "Other names accepted by `--min` (`trips`).", []),
    "pattern": table("What the five cards must hold: composable constraints, see 'Hand patterns'.", PATTERN),
    "tiebreak": Field("list[str]", "How two hands of this rank compare, step by step: "
                      + ", ".join(f"`{t}`" for t in TIEBREAKS) + " (see 'Tie-breaks').", ["cards"],
                      choices=TIEBREAKS),
    "harm": Field("int", "Harm the winning hand deals (conflicts).", 0, minimum=0),
    "effect": Field("str", "The rank's game effect, printed with the hand.", ""),
    "kind": Field("str", "`arcane` (always holds trumps), `mundane` (never) or `either`.", "either",
                  choices=["arcane", "mundane", "either"]),
}

HANDS = {
    "context": Field("str", "The context `dealer hand` uses unless `--context` says otherwise.", ""),
    "ranks": array("The hand ranks, strongest first: the order in the file is the strength order.",
                   HAND_RANK, max_items=100),
    "thresholds": Field("map", "Names for `--min` beyond the rank names: name -> threshold "
                        "(`jacks = \"pair of jacks\"`, `ace = \"ace high\"`).", {}, value=Field("str", "")),
}

DICE = {
    "tn": Field("int", "Default target number.", 5, minimum=1, maximum=MAX_TN),
    "raise_step": Field("int", "Points over the TN per raise.", 5, minimum=1, maximum=MAX_TN),
    "bust": Field("str", "`majority`: bust when more than half the dice show 1 on their first roll; "
                  "`half`: half or more.", "majority", choices=["majority", "half"]),
    "max_chain": Field("int", "Most rolls in one ace chain (a die that keeps showing its maximum).", 100,
                       minimum=1, maximum=1000),
    "sides": Field("list[int]", "Die types allowed.", [4, 6, 8, 10, 12, 20], minimum=2, maximum=1000,
                   max_items=100),
    "bust_name": Field("str", "What the rules call a bust, in text (`Critical Failure`).", "bust"),
    "wild_die": Field("int", "Sides of the Wild Die a Wild Card rolls beside the trait die (both ace, the higher "
                      "counts); 0: none. With a Wild Die a trait roll is one trait die (`d8`), and a bust needs "
                      "the Wild Die's first roll to show 1 as well as the trait die's.", 0, minimum=0, maximum=1000),
    "extra_critical": Field("str", "With a Wild Die: when an Extra's roll (`--extra`, no Wild Die) is a bust. "
                            "`check`: its trait die shows 1 and a die of the Wild Die's sides, rolled then, "
                            "shows 1 too; `one`: its trait die shows 1; `never`.", "check",
                            choices=["check", "one", "never"]),
    "joker_bonus": Field("int", "Added to a trait or damage roll by `--joker` (the holder of a Joker action card); "
                         "0: `--joker` is refused.", 0, minimum=0, maximum=MAX_TN),
    "raise_damage_die": Field("int", "Sides of the bonus die a damage roll adds for a raise on the attack "
                              "(`--raise`); 0: `--raise` is refused.", 0, minimum=0, maximum=1000),
    "damage_step": Field("int", "A damage roll against a number (`--vs`, a Toughness): reaching it shakes, and "
                         "each full step over it is a wound; 0: the total is only compared with the number.", 0,
                         minimum=0, maximum=MAX_TN),
}

ACTION_SPECIAL = {
    "any_time": Field("bool", "The holder may act at any time this round.", False),
    "sleeve": Field("bool", "The card may go up a sleeve.", False),
    "chip": Field("str", "Who draws a chip from the pot: `holder`, `marshal` (the GM, `chips.gm`), `side` (every "
                  "Wild Card on the holder's side, one each: a person marked `extra` draws none; SWADE's "
                  "Jokers Wild) or `none`.", "none", choices=["holder", "marshal", "side", "none"]),
    "gm_chip": Field("bool", "With `chip = \"side\"`: dealt to the GM's side (the last of `action.sides`), the GM "
                     "(`chips.gm`) draws one too (SWADE's Jokers Wild: \"the GM and her Wild Cards\").", False),
    "discard_sleeve": Field("bool", "The holder's sleeve card is discarded with it.", False),
    "reshuffle": Field("bool", "The holder's deck is reshuffled at the end of the round.", False),
    "bonus": Field("bool", "The holder adds `dice.joker_bonus` to trait and damage rolls this round (`roll --as "
                   "NAME --table T` reads it); the card stays in play all round: an interrupt does not spend it.",
                   False),
}

DRAW_EDGE = {
    "trait": Field("str", "The roster trait that lists it (`edges`, `hindrances`): a comma-separated list of "
                   "names, written as here or with spaces for hyphens (`level headed`).", "edges"),
    "cards": Field("int", "Cards drawn beyond the one (Level Headed: 1).", 0, minimum=0, maximum=10),
    "keep": Field("str", "Of the cards drawn, the one the character acts on: `best` or `lowest`. Cards kept "
                  "`best` and `lowest` cancel one for one (see the ruleset's notes).", "best",
                  choices=["best", "lowest"]),
    "any_time_kept": Field("bool", "With `keep = \"lowest\"`: a card that acts any time (a Joker) among them is "
                           "kept instead.", True),
    "replaces": Field("list[str]", "Other entries it stands in for (Improved Level Headed for Level Headed): "
                      "a character with both counts only this one.", []),
    "redraw_at_most": Field("str", "A rank code: a kept card of this rank or lower is discarded and another "
                            "drawn, until one is higher (Quick: `5`); empty: none.", ""),
}

ACTION = {
    "style": Field("str", "`countdown`: action cards counted down Ace to Deuce; `hands`: each draws a hand "
                   "once per combat and acts at every hand rank it can form.", "countdown",
                   choices=["countdown", "hands"]),
    "sides": Field("list[str]", "The sides, each with its own action deck (unless `deck` names one for all); the "
                   "first is the players'.", ["posse", "marshal"], code=True, max_items=20),
    "deal": Field("str", "Style `countdown`: how many cards a character is dealt a round. `quickness`: by a "
                  "Quickness roll (`cards_on_success` and the rest; seed 000); `one`: one card each, no roll, "
                  "changed by the roster's `draw_edges` (SWADE).", "quickness", choices=["quickness", "one"]),
    "deck": Field("str", "One action deck shared by every side, by this name (SWADE); empty: a deck per side.",
                  ""),
    "draw_edges": Field("map", "Style `countdown`: Edges and Hindrances that change a character's draw, by name "
                        "(`level-headed`): which roster trait lists them and what each does.", {},
                        value=table("", DRAW_EDGE)),
    "hold": Field("bool", "A character may go on Hold (`dealer action hold`): kept across rounds until used "
                  "(`action act`, `action interrupt`), and dealt no card while on Hold.", False),
    "sleeve": Field("bool", "A character may keep a card up the sleeve (`dealer action sleeve`).", True),
    "interrupt_trait": Field("str", "The roster trait both characters roll to settle an interrupt (`quickness`; "
                             "SWADE: `athletics`).", "quickness"),
    "interrupt_by": Field("str", "How an interrupt is settled. `raise`: both roll at `interrupt_tn`; the "
                          "interrupter must succeed and beat the other (a raise over: first; else "
                          "simultaneous; else not, and keeps the card: seed 000). `higher`: the higher total acts "
                          "first, a tie simultaneously, a Critical Failure lowest; the interrupter acts either "
                          "way and the Hold is used (SWADE).", "raise", choices=["raise", "higher"]),
    "tn": Field("int", "TN of the Quickness roll.", 5, minimum=1, maximum=MAX_TN),
    "cards_on_success": Field("int", "Cards for a success.", 1, minimum=0, maximum=MAX_DECK),
    "cards_per_raise": Field("int", "Extra cards per raise.", 1, minimum=0, maximum=MAX_DECK),
    "cards_on_failure": Field("int", "Cards for a failed roll that is not a bust.", 0, minimum=0, maximum=MAX_DECK),
    "cards_on_bust": Field("int", "Cards for a bust.", 0, minimum=0, maximum=MAX_DECK),
    "max_cards": Field("int", "Most cards without supernatural aid (`--max-cards` lifts it).", 5, minimum=1,
                       maximum=MAX_DECK),
    "specials": Field("map", "What a special card does when dealt as an action card.", {},
                      value=table("", ACTION_SPECIAL), cards=True),
    "interrupt_tn": Field("int", "TN of both opposed Quickness rolls to interrupt with a sleeve card.", 5,
                          minimum=1, maximum=MAX_TN),
    "surprise_trait": Field("str", "The roster trait a surprised character rolls (`--surprised`): Deadlands "
                            "`cognition`, SWADE `notice`; a failure deals no card that round.", "cognition"),
    "surprise_tn": Field("int", "TN of the surprise roll when surprised but expecting danger.", 5, minimum=1,
                         maximum=MAX_TN),
    "off_guard_tn": Field("int", "TN of the surprise roll when completely off guard (`--surprised NAME:TN`).", 11,
                          minimum=1, maximum=MAX_TN),
    "shock_tn": Field("int", "Guts TN to shake off the shock the round after a failed surprise roll (0: no "
                      "shock: the next round deals as usual).", 5, minimum=0, maximum=MAX_TN),
    "hand_size": Field("int", "Style `hands`: cards in a hand before modifiers.", 5, minimum=1, maximum=MAX_DECK),
    "min_rank": Field("str", "Style `hands`: the lowest hand rank that gives an entry in the countdown.",
                      "pair"),
    "context": Field("str", "Style `hands`: the wild-card context of the combat hand (empty: `hands.context`).",
                     ""),
    "sub_hands_except": Field("map", "Style `hands`: a character acts at every rank (from `min_rank` up) that "
                              "any subset of their cards forms, except these: best hand rank id -> rank ids it "
                              "does not also act at.", {}, value=Field("list[str]", "")),
    "turn_order_skill": Field("str", "Style `hands`: the roster skill whose level adds its cards to a person's "
                              "turn-order hand (5 + skill, as every draw: seed 003's \"5 cards modified by "
                              "skills\"); `NAME=N` on the command line gives it; empty: none.", "combat"),
    "turn_order_advantages": Field("list[str]", "Style `hands`: advantages (or skills) that each add "
                                   "`advantage_cards` to the turn-order hand of a person who has them (seed 003: "
                                   "\"advantages like 'quick draw' and 'cool headed'\"); a person's roster trait "
                                   "`turn-order` (a sheet's `turn_order`) marks more of their own.", []),
    "advantage_cards": Field("int", "Style `hands`: the cards each turn-order advantage adds (seed 003: \"an "
                             "advantage gives you +1 card to your hand whenever the GM thinks it applies\").", 1,
                             minimum=0, maximum=10),
}

HEX_ENTRY = {
    "name": Field("str", "The hex's name (`soul blast`)."),
    "trait": Field("str", "The Trait whose die type the hexslingin' roll uses.", ""),
    "minimum": Field("str", "The least hand that makes it work (`ace`, `pair`, `jacks`).", "pair"),
    "speed": Field("int", "Action cards it takes to cast.", 1, minimum=0, maximum=MAX_DECK),
    "note": Field("str", "One line on what it does.", ""),
}

FAITHFUL_JOKER = {
    "effect": Field("str", "`surge`: the caster's god backs them up; `chip`: their faith is tested, and a chip "
                    "thrown in (`use`) makes the blessing work.", choices=["surge", "chip"]),
    "words": Field("str", "What it means, in words; `{command}` stands for the command that throws the chip in.",
                   ""),
    "use": Field("str", "Effect `chip`: the chip use (`chips.uses`) whose spend throws the chip in.", "blessing"),
}

HEX = {
    "style": Field("str", "`huckster`: a hexslingin' roll, then cards by raises (seed 000); `spell`: cards "
                   "by skill, Jokers not wild (seed 003).", "huckster", choices=["huckster", "spell"]),
    "context": Field("str", "The wild-card context of the hex hand (empty: `hands.context`).", ""),
    "tn": Field("int", "TN of the hexslingin' roll.", 5, minimum=1, maximum=MAX_TN),
    "base_cards": Field("int", "Style `huckster`: cards drawn on a success (style `spell` draws by `[draws]`).", 5,
                        minimum=1, maximum=MAX_DECK),
    "cards_per_raise": Field("int", "Extra cards per raise.", 1, minimum=0, maximum=MAX_DECK),
    "backlash_always": Field("list[str]", "Cards that always cause backlash when drawn.", [], cards=True),
    "backlash_below_level": Field("map", "Cards that cause backlash when the hex's level is below this.",
                                  {}, value=Field("int", ""), cards=True),
    "reshuffle": Field("str", "When a caster's deck on a table is reshuffled: `after-hex`, `when-low` "
                       "(fewer cards left than the next draw could need) or `manual`.", "when-low",
                       choices=["after-hex", "when-low", "manual"]),
    "catalogue": array("The hexes `dealer hex NAME` knows.", HEX_ENTRY, []),
    "faithful_bonus": Field("list[str]", "Style `spell`: miracles every faithful caster knows beside their "
                            "roster's `miracles` (seed 003: protection).", []),
    "faithful_jokers": Field("map", "Style `spell`: card code in a faithful caster's hand -> what it means "
                             "(seed 003: the Red Joker a surge in power, the Black Joker a chip thrown in).", {},
                             value=table("", FAITHFUL_JOKER), cards=True),
}

# What a person's skill draw is for (seed 003): each kind can be named as an exception.
DRAW_PURPOSES = ["turn-order", "spell", "contest", "fear", "called-shot", "helper", "design", "build", "assist",
                 "ritual"]


def _condition(cards, doc):
    return table(doc, {
        "cards": Field("int", "Cards it adds to a draw (negative: fewer).", cards, minimum=-10, maximum=10),
        "except": Field("list[str]", "Draws it does not change.", [], choices=DRAW_PURPOSES),
    })


CONDITIONS = {
    "winded": _condition(-1, "A caster who has cast as many spells as their master skill (seed 003: \"-1 "
                         "card to everything\" until a rest or a second wind)."),
    "shaken": _condition(-1, "A person who failed a fear check (seed 003: \"shaken and at -1 card\")."),
    "fleeing": _condition(-1, "A person who failed a fear check badly (\"running like a jackrabbit\")."),
    "wounded": _condition(0, "A person with wounds (`dealer chips wound`); seed 003 leaves \"you're bleeding\" "
                          "to the GM's modifiers, so the shipped rulesets charge nothing."),
    "paralysed": _condition(-1, "A person whose turn-order hand in a hands combat has no pair, while the round "
                            "is under way (seed 003: \"acts at the end of the round and at -1 for combat "
                            "paralysis\")."),
}

DRAWS = {
    "base_cards": Field("int", "Cards before skill and modifiers (seed 003: five).", 5, minimum=0, maximum=MAX_DECK),
    "max_cards": Field("int", "Most cards drawn; above it the drawer takes (that number - base) cards and a wild "
                       "pick.", 10, minimum=1, maximum=MAX_DECK),
    "wild_pick_at": Field("int", "At this many cards the drawer may take a wild pick instead (five fewer "
                          "cards).", 10, minimum=1, maximum=MAX_DECK),
    "target": Field("str", "The least success: the hand needed unless the GM sets one; a bust card with less "
                    "is a bust.", "pair"),
    "context": Field("str", "The wild-card context of skill-draw hands (empty: `hands.context`).", ""),
    "chip_cards": Field("list[str]", "Cards whose holder draws a chip, in every skill draw.", [], cards=True),
    "chip_except": Field("list[str]", "Draws in which those cards pay no chip (a ruleset's named exception).",
                         [], choices=DRAW_PURPOSES),
    "bust_cards": Field("list[str]", "Cards that bust a hand below the least success.", [], cards=True),
    "conditions": table("What each of a person's conditions costs a draw, and where it does not apply.",
                        CONDITIONS),
}

HELPER_BONUS = {
    "cards": Field("int", "Extra cards for the leader's draw.", 0, minimum=0),
    "wild_picks": Field("int", "Wild picks for the leader (as though using a red chip).", 0, minimum=0),
    "value": Field("int", "Value steps added to the leader's hand (a pair of fives becomes tens at 5).", 0,
                   minimum=0),
    "note": Field("str", "What the GM decides, when the bonus is theirs to choose.", ""),
}

CALLED_SHOT = {
    "min": Field("str", "The least hand for this reading (`pair`, `three of a kind`)."),
    "reading": Field("str", "What the shot does (`hits where asked, but not well`)."),
}

CONFLICT = {
    "style": Field("str", "`scores`: dealt the sum of two Scores (Dust Devils); `contest`: hands against a "
                   "target or each other (seed 003).", "contest", choices=["scores", "contest"]),
    "context": Field("str", "The wild-card context of conflict hands (empty: `hands.context`).", ""),
    "scores": Field("map", "Suit code -> the Score that suit's harm falls on.", {}, value=Field("str", "")),
    "power": Field("str", "The Score a player may add for more cards, whose hand then needs a trump; "
                   "empty for none.", ""),
    "helpers": Field("map", "Style `contest`: what a helper's hand adds to the leader's draw, by hand rank id "
                     "(seed 003's 'Skills Enhancing Skills'); a rank not listed adds nothing.", {},
                     value=table("", HELPER_BONUS)),
    "target": Field("str", "Style `contest`: the hand to beat unless the GM sets one (`--target`).", "pair"),
    "fear_running": Field("str", "Style `contest`: which failed fear check sends a character running: "
                          "`bust` (a Joker and less than the least success) or `no-pair` (any hand below "
                          "the least success, `hex.target`).", "bust", choices=["bust", "no-pair"]),
    "called": array("Style `contest`: how a called shot's hand reads, strongest first: the first row "
                    "whose `min` the hand meets.", CALLED_SHOT, []),
    "called_miss": Field("str", "Style `contest`: a called shot whose hand meets no row of `called`.",
                         "a miss"),
}

GADGET_TIER = {
    "rank": Field("str", "The required hand (`pair`, `straight`); a rank between two tiers' ranks counts "
                  "as the lower tier (a flush is a straight's tier)."),
    "name": Field("str", "The tier (`simple application of existing tech`)."),
    "example": Field("str", "An example device.", ""),
    "design_time": Field("str", "How long a design of this tier takes to conceive (`a few days`).", ""),
    "complexity": Field("str", "The tier's construction complexity: a name from `complexities` (build time).",
                        ""),
}

GADGET_BUILD = {
    "margin": Field("int", "Steps above (positive) or below the required hand."),
    "high": Field("bool", "The row for a hit made with a high card rank (see `high_card`).", False),
    "reliability": Field("int", "Cards the GM draws when the device is used.", 0, minimum=0, maximum=MAX_DECK),
    "fail_hand": Field("int", "Cards in the breakdown hand.", 0, minimum=0, maximum=MAX_DECK),
}

GADGET_COMPLEXITY = {
    "name": Field("str", "The complexity (`simple`, `insane`)."),
    "build_time": Field("str", "How long construction takes at this complexity (`a week`).", ""),
}

GADGET_BUILD_JOKER = {
    "keep": Field("bool", "A breakdown's severity hand keeps every reliability card and adds `add` new cards.",
                  False),
    "add": Field("int", "With `keep`: new cards added to the reliability cards.", 0, minimum=0),
    "most": Field("int", "The severity hand has at most this many cards (0: no limit); a card with `keep` "
                  "trumps this.", 0, minimum=0),
    "note": Field("str", "What it means, in words.", ""),
}

GADGET = {
    "tiers": array("Design tiers, simplest first; a ruleset that plays `gadget` needs at least one.", GADGET_TIER,
                   []),
    "construction": array("Construction results by margin; a margin below every row does not work, one above "
                          "every row counts as the highest.", GADGET_BUILD, []),
    "high_card": Field("str", "Rank code from which a hit counts as a 'high required hand'.", "J"),
    "bonus_at": Field("int", "Beating the tier by this many steps gives the first bonus construction card.", 2,
                      minimum=1),
    "bonus_per_step": Field("int", "Bonus construction cards for each step beyond `bonus_at`.", 1, minimum=0),
    "others_design_cards": Field("int", "Cards fewer when building someone else's design, the first time each "
                                 "builder builds it.", 1, minimum=0),
    "rush_reliability": Field("int", "Reliability added for each complexity category the construction is "
                              "rushed (the build time drops one category per step).", 2, minimum=0),
    "fail_hand_base": Field("int", "A fail hand holds this many cards plus half the reliability (rounded down): "
                            "used when rushing changes the reliability and by `gadget use --reliability` "
                            "without `--fail-hand`.", 5, minimum=0),
    "complexities": array("Construction complexities, simplest first, each with its build time.",
                          GADGET_COMPLEXITY, []),
    "design_jokers": Field("map", "Card code in the design hand -> what it means for the design.", {},
                           value=Field("str", ""), cards=True),
    "build_jokers": Field("map", "Card code in the build hand -> how it changes a breakdown's severity hand.",
                          {}, value=table("", GADGET_BUILD_JOKER), cards=True),
    "breakdown_cards": Field("list[str]", "Cards that break the device down when the GM draws one in a use.",
                             [], cards=True),
    "deck": Field("str", "The table deck of the inventor's design and build checks (shuffled afresh for each "
                  "check).", "gadget"),
    "gm_deck": Field("str", "The table deck the GM draws reliability and severity cards from (reshuffled "
                     "when it holds fewer cards than a use may need).", "gm"),
}

CHIP_EFFECT = {
    "cards": Field("int", "Cards drawn into the hand.", 0, minimum=0),
    "wild_picks": Field("int", "Wild picks: held cards made wild (the best choice is taken).", 0, minimum=0),
}

CHIP_USES = ["hand", "second-wind", "avoid-wound", "heal-wound", "death-wound", "spell", "note", "record", "reroll",
             "action-card", "soak", "unshake"]

CHIP_USE = {
    "does": Field("str", "`hand`: changes a hand as `colours` says; `second-wind`: clears winded; `avoid-wound`: a "
                  "wound about to be taken is not; `heal-wound`: one wound taken is recovered; `death-wound`: a "
                  "death wound is avoided; `spell`: one-time access to a spell the caster lacks; `note`: a stunt, "
                  "luck or favor in the player's words (`--note`, required); `record`: the spend is recorded, "
                  "nothing else changes (a faithful's Black Joker: a chip thrown so the blessing works); `reroll`: the "
                  "person's last trait roll on the table (`dealer roll DICE --as NAME --table T`) is rolled again "
                  "and the better kept; a Critical Failure cannot be rerolled, and one rolled on a reroll ends the "
                  "attempt and stands; `action-card`: before anyone acts in the round, the person draws another "
                  "action card (no Edge applies) and acts on the better (SWADE); `soak`: a roll of `people.rolls.soak` "
                  "against the wounds of the person's last damage (`roll --damage --vs NAME`), each success and raise "
                  "soaking one; `unshake`: the person is no longer Shaken.", "note",
                  choices=CHIP_USES),
    "when": Field("str", "`after-draw`: on the person's last hand (`dealer chips spend`); `before-draw`: with a "
                  "draw (`dealer hex --chip`); `any-time`.", "any-time",
                  choices=["after-draw", "before-draw", "any-time"]),
    "colours": Field("map", "The colours this use takes (a colour not listed is refused), each with what it does "
                     "to a hand.", {}, value=table("", CHIP_EFFECT)),
    "favor": Field("bool", "A shaman's favor chips pay for it first (seed 003: ritual chips only power favors).",
                   False),
    "note": Field("str", "What the use is, in the seed's words.", ""),
}

RITUAL_ROW = {
    "chip": Field("str", "A chip of this colour from the pot; empty for none.", ""),
    "draws": Field("int", "Blind draws from the pot.", 0, minimum=0),
    "create": Field("bool", "When the pot has no `chip`, a new one is made (counted as created).", False),
}

CHIPS = {
    "pot": Field("map", "Chips in a new pot: colour -> count.", {},
                 value=Field("int", "", minimum=0, maximum=100_000), max_items=20),
    "cap": Field("int", "Most chips a player may hold before they may not draw; 0 for no cap.", 0,
                 minimum=0),
    "session": Field("int", "Chips each person on the roster draws at the start of a session "
                     "(`dealer chips session`); a person marked `extra` (a group of Extras) draws none.", 0,
                     minimum=0),
    "session_sides": Field("map", "Chips drawn at a session's start by each person on this side instead of "
                           "`session`: side -> count (SWADE: the GM's Wild Cards, 2).", {},
                           value=Field("int", "", minimum=0, maximum=1000)),
    "session_gm": Field("int", "Chips the GM (`gm`) draws at a session's start for each person on the first "
                        "side (SWADE: one per player character).", 0, minimum=0, maximum=1000),
    "session_returns": Field("bool", "At a session's start every chip goes back to the pot first (Bennies do "
                             "not carry over).", False),
    "gm": Field("str", "The name the GM's chips are kept under (`dealer chips spend GM ...`).", "Marshal"),
    "gm_keeps_side": Field("bool", "The GM keeps the chips of the GM's side (the last of `action.sides`): a chip "
                           "anyone on that side earns (a Joker in a draw or a round) is drawn by the GM, and "
                           "they draw none at a session's start; false: each holds their own (SWADE's Wild "
                           "Cards).", False),
    "unlimited": Field("bool", "The pot never runs out: when it has no chip to give it makes one, counted as "
                       "created, so pot + players = starting pot + created still holds. One colour only.",
                       False),
    "knack_as": Field("str", "With a knack on the roster (`--knack`), any chip acts as this colour for hand "
                      "manipulation; empty: no knacks.", ""),
    "uses": Field("map", "What a spent chip does, by use name (`dealer chips spend NAME COLOUR --for USE`).", {},
                  value=table("", CHIP_USE)),
    "rituals": Field("map", "Shamans' rituals (`dealer chips ritual`): favor chips earned by hand rank id; a "
                     "rank not listed earns what the next lower listed rank earns.", {},
                     value=table("", RITUAL_ROW)),
    "way_as": Field("str", "A shaman's white favor chip spent on a favor in their guardian spirit's medicine way "
                    "counts as this colour (`--way`); empty: no medicine ways.", ""),
    "ritual_throw": Field("int", "Chips a shaman throws back to the pot when the ritual hand holds a Joker "
                          "(`hex.bust_cards`).", 1, minimum=0),
    "note": Field("str", "Where the counts come from, and how the ruleset reads the chip rules.", "", lines=True),
}

# What a person's rolls are for (SWADE): each may be named for an Edge's bonus, or for rolls made without wound
# penalties.
OWN_ROLLS = ["soak", "recover-shaken", "recover-stunned", "incapacitation", "bleeding-out"]
ROLL_PURPOSES = ["trait", *OWN_ROLLS, "interrupt", "surprise"]

PERSON_EFFECT = {
    "toughness": Field("int", "Added to the person's Toughness (Brawny: 1).", 0, minimum=-100, maximum=100),
    "wounds": Field("int", "Wounds more a Wild Card takes before the next Incapacitates them (Tough as Nails: 1).",
                    0, minimum=0, maximum=10),
    "ignore_wounds": Field("int", "Points of wound penalty ignored on every Trait roll (Nerves of Steel: 1).", 0,
                           minimum=0, maximum=10),
    "bonus": Field("map", "Added to the person's rolls, by the trait rolled (`notice`) or the roll's purpose (`soak`, "
                   "`recover-shaken`, `recover-stunned`, `incapacitation`, `bleeding-out`, `interrupt`, `surprise`): "
                   "Iron Jaw's `soak = 2`.", {}, value=Field("int", "", minimum=-100, maximum=100)),
    "no_wound_penalty": Field("list[str]", "Rolls (by purpose) made without wound penalties (Hard to Kill: the "
                              "Vigor rolls against Bleeding Out).", [], choices=ROLL_PURPOSES),
    "replaces": Field("list[str]", "Entries it stands in for (Improved Nerves of Steel for Nerves of Steel): a person "
                      "with both counts only this one.", []),
}

PEOPLE = {
    "wild_card_wounds": Field("int", "Wounds a Wild Card takes and still acts; the next Incapacitates them (SWADE: 3). "
                              "An Extra (`extra=yes`) is out at its first wound. 0: the ruleset keeps no people this "
                              "way (`roll --damage --vs NAME` and a Soak are refused).", 0, minimum=0, maximum=100),
    "attributes": Field("list[str]", "Roster traits that are attribute dice (`vigor=d8`, `d12+1` above d12).", []),
    "skills": Field("list[str]", "Roster traits that are skill dice, rolled by name (`dealer roll fighting --as NAME "
                    "--table T`).", []),
    "unskilled": Field("str", "What a person rolls for a skill they lack (SWADE: `d4-2`); empty: the roll is "
                       "refused.", ""),
    "toughness_base": Field("int", "Toughness before the die: SWADE's 2 + half Vigor.", 2, minimum=0, maximum=1000),
    "toughness_from": Field("str", "The attribute whose half die (and half its bonus above d12, rounded down) adds to "
                            "Toughness, with the roster's `armor`; empty: Toughness must be on the roster "
                            "(`toughness=7`), as it may be anyway.", ""),
    "wound_penalty": Field("int", "Each wound's cost to the person's Trait rolls (SWADE: -1).", 0, minimum=-100,
                           maximum=0),
    "wounds_counted": Field("int", "At most this many wounds count toward the penalty (SWADE: 3, so at most -3).",
                            3, minimum=0, maximum=100),
    "fatigue": Field("list[str]", "The levels of Fatigue in order (SWADE: fatigued, exhausted); one more "
                     "Incapacitates.", [], max_items=10),
    "fatigue_penalty": Field("int", "Each level of Fatigue's cost to Trait rolls (SWADE: -1, so Exhausted is -2).",
                             0, minimum=-100, maximum=0),
    "distracted_penalty": Field("int", "A Distracted person's cost to their Trait rolls (SWADE: -2), until the end "
                                "of their next turn.", 0, minimum=-100, maximum=0),
    "vulnerable_bonus": Field("int", "Added to actions and attacks against a Vulnerable person (SWADE: +2; the "
                              "attacker's roll, `roll --as ATTACKER --vs NAME`), until the end of their next turn.",
                              0, minimum=0, maximum=100),
    "rolls": Field("map", "The trait each of the person's own rolls uses, by purpose: `soak`, `recover-shaken`, "
                   "`recover-stunned`, `incapacitation`, `bleeding-out` (SWADE: Vigor, and Spirit to recover "
                   "from Shaken).", {}, value=Field("str", "")),
    "soak_wounds": Field("str", "The wounds a Soak roll suffers: `before` the damage it soaks (SWADE: \"Don't count "
                         "the Wound modifiers he's about to suffer\") or `after` it.", "before",
                         choices=["before", "after"]),
    "incapacitated_card": Field("bool", "An Incapacitated person is dealt a card each round and rolls Bleeding Out "
                                "on it (SWADE's words); false: dealt none, passed over as out of the fight, and "
                                "Bleeding Out is rolled as each round is dealt.", False),
    "edges": Field("map", "Every Edge a roster's `edges` may list (besides those of `action.draw_edges`), by name as a "
                   "slug (`iron-jaw`), with what it does to the person's numbers (`{}`: nothing dealer counts). A name "
                   "not here is refused with the name meant (`--trait-free` keeps a house Edge).", {},
                   value=table("", PERSON_EFFECT)),
    "hindrances": Field("map", "Every Hindrance a roster's `hindrances` may list, likewise.", {},
                        value=table("", PERSON_EFFECT)),
}

PRICED_KINDS = PRICED_LISTS + REFUNDS

CHARACTERS = {
    "points": Field("int", "Points a new character spends (seed 003: 30); 0 for no points budget.", 0, minimum=0),
    "skill_costs": Field("list[int]", "What a skill costs at level 1, 2, 3, ... (seed 003: 1, 3, 6, 10, 15); past "
                         "the list each level costs its own number.", [1, 3, 6, 10, 15], minimum=0, max_items=20),
    "spell_cost": Field("int", "Points a spell costs for each level.", 1, minimum=0),
    "unpriced": Field("list[str]", "Whole-number roster traits that are not skills bought with points "
                      "(a house trait counted otherwise).", []),
    "price_ranges": table("The least and most points an item of each priced list may cost or give back, "
                          "`[LEAST, MOST]` (seed 003: knacks, stunts, favors and disadvantages 1 to 3, advantages "
                          "\"3 points in general, but may go lower\"): a price outside is reported; `[]`: any.",
                          {kind: Field("list[int]", f"Prices of {kind}.", [], minimum=0, max_items=2)
                           for kind in PRICED_KINDS}),
    "default_prices": table("What an item of each priced list costs when it is listed without a price (seed 003: "
                            "\"Knacks in general cost 1 point\"); 0: it needs a price.",
                            {kind: Field("int", f"A price for {kind} listed without one.", 0, minimum=0,
                                         maximum=MAX_LEVEL) for kind in PRICED_KINDS}),
    "score_points": Field("int", "A Dust Devils character's Scores add up to at most this (13; 16 in Weird Dust "
                          "Devils); 0 for none.", 0, minimum=0),
    "weird_for_power": Field("bool", "A character with a Power above zero must have a Weird.", True),
}

RULESET = {
    "schema": Field("int", "Ruleset format version; this dealer reads 1.", 1),
    "name": Field("str", "Short name; default the file name without `.toml`.", ""),
    "title": Field("str", "One-line title.", ""),
    "source": Field("str", "Where the rules come from.", ""),
    "notes": Field("str", "How this ruleset reads the rules where they are silent.", "", lines=True),
    "mechanics": Field("list[str]", "The mechanics this ruleset plays; a command whose mechanic is not listed "
                       "refuses to run. Default: the mechanic sections the file (or what it extends) holds.", [],
                       choices=["action", "hex", "conflict", "gadget", "chips"]),
    "extends": Field("str", "A shipped ruleset name (or a path relative to this file) whose keys this "
                     "file changes; tables merge, other values replace.", ""),
    "remove_cards": Field("list[str]", "Special cards (Jokers, the Fool) to take out of the deck, with every "
                          "key and list entry that names them (`contexts.huckster.wild.BJ`, "
                          "`action.specials.BJ`, `hex.backlash_always`): for a house ruleset that "
                          "`extends` one with them. Removals add up along an `extends` chain.", [],
                          code=True),
    "deck": table("The cards.", DECK, default=REQUIRED),
    "contexts": Field("map", "Wild-card behaviour per context (`huckster`, `action`, `conflict`, ...).", {},
                      value=table("", CONTEXT)),
    "hands": table("Hand ranks and thresholds.", HANDS, default=REQUIRED),
    "dice": table("Trait rolls.", DICE),
    "action": table("`dealer action`.", ACTION),
    "draws": table("Every skill draw of a person (seed 003): card count, wild picks, Jokers, conditions.",
                   DRAWS),
    "hex": table("`dealer hex`.", HEX),
    "conflict": table("`dealer conflict`.", CONFLICT),
    "gadget": table("`dealer gadget`.", GADGET),
    "chips": table("`dealer chips` and the chip draws of other mechanics.", CHIPS),
    "people": table("A person's traits, conditions and damage (SWADE): Toughness, wounds, Fatigue, Shaken, "
                    "Stunned, Soak, Incapacitation, and the Edges that change them.", PEOPLE),
    "characters": table("Creation budgets, reported by `dealer table add` and `dealer table check`.", CHARACTERS),
}

_TYPE_NAMES = {"str": "a string", "int": "an integer", "bool": "true or false", "list[str]": "a list of strings",
               "list[int]": "a list of integers", "table": "a table", "map": "a table", "array": "an array of tables"}


def _type_ok(kind, value):
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "list[str]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "list[int]":
        return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    if kind in ("table", "map"):
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    raise AssertionError(kind)


def _describe(value):
    if isinstance(value, (list, dict)):  # never the repr of a huge or deeply nested value
        return f"{'a list' if isinstance(value, list) else 'a table'} of {len(value)}"
    text = printable(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _copy_default(value):
    if isinstance(value, (list, dict)):
        return type(value)(value)
    return value


def _close(word, choices, problems):
    """A suggestion for a misspelt word. difflib is slow: short words only, and only while the
    problem is one of those that will be shown."""
    if not isinstance(word, str) or len(word) > 40 or len(problems) >= MAX_PROBLEMS:
        return ""
    import difflib  # only when a problem is reported: start-up does not pay for it

    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _text_problem(field, text):
    """What is wrong with a string of ``field``, or None."""
    if field.code:
        if not text:
            return "must not be empty"
        if len(text) > MAX_CODE:
            return f"a code of {len(text)} characters; at most {MAX_CODE}"
        if any(char.isspace() or char == "," for char in text):
            return f"'{printable(text)}' holds a space or comma; a code is typed as one word"
    elif len(text) > MAX_TEXT:
        return f"{len(text)} characters; at most {MAX_TEXT}"
    unsafe = (_UNSAFE_TEXT if field.code or not field.lines else _UNSAFE_LINE).intersection(text)
    if unsafe:
        return (f"holds the control character {printable(min(unsafe))}: text from a ruleset is printed, "
                "and must not drive the terminal")
    return None


def _check(field, value, path, problems):
    """Check one value against its field; return the value with defaults filled."""
    if not _type_ok(field.kind, value):
        problems.append(f"{path}: expected {_TYPE_NAMES[field.kind]}, got {_describe(value)}")
        return _copy_default(field.default) if field.default is not REQUIRED else None
    if field.kind in ("list[str]", "list[int]", "map", "array") and len(value) > field.max_items:
        problems.append(f"{path}: {len(value)} entries; at most {field.max_items}")
        return _copy_default(field.default) if field.default is not REQUIRED else None
    items = value if isinstance(value, list) else [value]
    if field.kind in ("str", "list[str]"):
        for item in items:
            problem = _text_problem(field, item)
            if problem:
                problems.append(f"{path}: {problem}")
                break
    if field.choices is not None:
        for item in items:
            if item not in field.choices:
                problems.append(f"{path}: '{printable(item)[:40]}' is not one of {', '.join(field.choices)}"
                                f"{_close(item, field.choices, problems)}")
    if field.kind in ("int", "list[int]"):
        for item in items:
            if field.minimum is not None and item < field.minimum:
                problems.append(f"{path}: {_number(item)} is below the least allowed, {field.minimum}")
            elif field.maximum is not None and item > field.maximum:
                problems.append(f"{path}: {_number(item)} is above the most allowed, {field.maximum:,}")
    if field.kind == "table":
        return _check_table(field.fields, value, path, problems)
    if field.kind == "array":
        return [_check_table(field.fields, item, f"{path}[{i}]", problems) for i, item in enumerate(value)]
    if field.kind == "map":
        out = {}
        for key, item in value.items():
            problem = _text_problem(Field("str", "", code=field.cards), key)
            if problem:
                problems.append(f"{path}: the key '{printable(key)[:40]}' {problem}")
            out[key] = _check(field.value, item, f"{path}.{key}", problems)
        return out
    return value


def _number(value):
    """An integer for a message; TOML allows any size, a message only a short one."""
    return str(value) if abs(value) < 10 ** 30 else f"a number of {value.bit_length()} bits"


def _check_table(fields, data, path, problems):
    out = {}
    prefix = f"{path}." if path else ""
    for key, value in data.items():
        field = fields.get(key)
        if field is None:
            name = printable(key)[:40]
            problems.append(f"{prefix}{name}: unknown key '{name}'{_close(key, fields, problems)}")
            continue
        out[key] = _check(field, value, prefix + key, problems)
    for key, field in fields.items():
        if key in out or key in data:
            continue
        if field.default is REQUIRED:
            problems.append(f"{prefix}{key}: missing: this key is required")
        elif field.kind == "table":
            out[key] = _check_table(field.fields, {}, prefix + key, problems)
        else:
            out[key] = _copy_default(field.default)
    return out


def validate(data: Any, problems: list[str]) -> dict:
    """Check a whole ruleset document, appending every problem; return it with defaults filled."""
    return _check_table(RULESET, data, "", problems)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)
