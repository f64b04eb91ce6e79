"""A ruleset: a validated document turned into a deck, contexts, hand ranks and sections.

``build_ruleset(document)`` is pure: the document is a plain dict (parsed TOML with
``extends`` already merged). Every problem is collected with its key path, so a user sees
them all at once; the loader in ``dealer.store.rulesets`` adds the file name and line.

>>> problems = []
>>> doc = {"deck": {"suits": [{"code": "s", "name": "spades"}], "ranks": [{"code": "A", "name": "ace"}]},
...        "hands": {"ranks": [{"name": "Pair", "pattern": {"groups": [2], "sequnce": 5}}]}}
>>> build_ruleset(doc, "house")
Traceback (most recent call last):
...
dealer.errors.RulesetError: hands.ranks[0].pattern.sequnce: unknown key 'sequnce' (did you mean 'sequence'?)
>>> del doc["hands"]["ranks"][0]["pattern"]["sequnce"]
>>> build_ruleset(doc, "house")
Traceback (most recent call last):
...
dealer.errors.RulesetError: hands.ranks[0]: the weakest hand rank must accept any cards (an empty pattern with rest = "any"), so that every hand has a rank
"""

from __future__ import annotations

from functools import cached_property

from dealer.core.cards import MAX_DECK, Deck, Rank, Suit
from dealer.core.ranks import NO_WILDS, Context, HandRank, Pattern, parse_threshold, slug
from dealer.errors import CardError, HandError, RulesetError

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from dealer.core.hands import Ranking

FORMAT_VERSION = 1


class Ruleset:
    """Everything rule-specific, read by the mechanics; never tested by name.

    ``document`` is the resolved, validated ruleset (what a table pins); the mechanic
    sections (``dice``, ``action``, ``hex``, ``conflict``, ``gadget``, ``chips``) are its
    tables with every default filled in.
    """

    def __init__(self, *, document: dict, deck: Deck, contexts: dict[str, Context],
                 hand_ranks: tuple[HandRank, ...], by_id: dict[str, HandRank], thresholds: dict[str, str],
                 origin: str = ""):
        self.document = document
        self.name = document["name"]
        self.title = document["title"]
        self.source = document["source"]
        self.notes = document["notes"]
        self.deck = deck
        self.contexts = contexts
        self.hand_ranks = hand_ranks
        self.by_id = by_id
        self.thresholds = thresholds
        self.hand_context = document["hands"]["context"]
        self.dice = document["dice"]
        self.action = document["action"]
        self.draws = document["draws"]
        self.hex = document["hex"]
        self.conflict = document["conflict"]
        self.gadget = document["gadget"]
        self.chips = document["chips"]
        self.people = document["people"]
        self.origin = origin

    def __repr__(self):
        return f"Ruleset({self.name})"

    @cached_property
    def ranking(self) -> Ranking:
        """The compiled hand ranking; built on first use, so commands without hands skip it."""
        from dealer.core.hands import Ranking

        return Ranking(self.hand_ranks, self.deck)

    def context(self, name: str | None = None) -> Context:
        """A wild-card context by name; ``None`` is the ruleset's default for ``dealer hand``."""
        name = self.hand_context if name is None else name
        if not name:
            return NO_WILDS
        try:
            return self.contexts[name]
        except KeyError:
            known = ", ".join(sorted(self.contexts)) or "none"
            raise HandError(f"ruleset '{self.name}' has no context '{name}' (it has: {known})") from None

    def require(self, mechanic: str) -> None:
        """Refuse a command whose mechanic this ruleset does not play (no ``[action]`` in a tarot game)."""
        if mechanic not in self.document["mechanics"]:
            plays = ", ".join(self.document["mechanics"]) or "none"
            raise RulesetError([f"ruleset '{self.name}' does not play {mechanic} (it plays: {plays}); choose "
                                f"another with -r, or add a [{mechanic}] section to a house ruleset"])

    def threshold(self, text: str) -> tuple[HandRank, int]:
        """``--min`` text parsed against this ruleset's hand ranks and threshold names."""
        return parse_threshold(text, self.by_id, self.deck, self.thresholds)


def _deck(doc, problems):
    suits, ranks, specials = [], [], []
    count = len(doc["suits"])
    for i, item in enumerate(doc["suits"]):
        suit = Suit(item["code"], item["name"], item["glyph"] or item["code"], item["color"], count - i)
        suits.append((suit, [item["code"], suit.glyph, *item["aliases"]]))
    for i, item in enumerate(doc["ranks"]):
        plural = item["plural"] or item["name"] + "s"
        ranks.append((Rank(item["code"], item["name"], plural, i + 2), [item["code"], *item["aliases"]]))
    for item in doc["specials"]:
        specials.append({**item, "glyph": item["glyph"] or item["code"]})
    if not suits:
        problems.append("deck.suits: a deck needs at least one suit")
    if not ranks:
        problems.append("deck.ranks: a deck needs at least one rank")
    for what, items in (("suits", doc["suits"]), ("ranks", doc["ranks"])):
        seen = set()
        for i, item in enumerate(items):
            code = item["code"].lower()
            if code in seen:
                problems.append(f"deck.{what}[{i}].code: '{item['code']}' is used twice")
            seen.add(code)
    trumps = doc["trumps"]
    if trumps["names"] and len(trumps["names"]) != trumps["count"]:
        problems.append(f"deck.trumps.names: {len(trumps['names'])} names for {trumps['count']} trumps")
    size = len(suits) * len(ranks) + trumps["count"] + len(specials)
    if size > MAX_DECK:  # before making a single card
        problems.append(f"deck: {len(suits)} suits of {len(ranks)} ranks, {trumps['count']} trumps and "
                        f"{len(specials)} specials make {size:,} cards; a deck holds at most {MAX_DECK:,}")
        raise RulesetError(problems)
    deck = Deck(suits, ranks, ace_low=doc["ace_low"], trump_count=trumps["count"],
                trump_prefix=trumps["prefix"], trump_names=trumps["names"], trump_color=trumps["color"],
                run_min=trumps["run_min"], specials=specials)
    for form, first, second in deck.collisions:
        problems.append(f"deck: the code '{form}' would mean both {first.code} and {second.code}")
    return deck


def _card(deck, code, path, problems):
    try:
        return deck.parse(code)
    except CardError:
        problems.append(f"{path}: '{code}' is not a card of this deck")
        return None


def _contexts(doc, deck, problems):
    contexts = {}
    for name, item in doc.items():
        path = f"contexts.{name}"
        wild = {}
        for code, kind in item["wild"].items():
            if _card(deck, code, f"{path}.wild.{code}", problems) is not None:
                wild[code] = kind
        order = []
        for code in item["wild_order"]:
            if code not in wild:
                problems.append(f"{path}.wild_order: '{code}' is not wild in this context")
            else:
                order.append(code)
        contexts[name] = Context.build(name, deck, wild, item["natural_beats_wild"], order)
    return contexts


_PLAIN_PARTS = ("groups", "sequence", "flush", "distinct_suits")
_STEP_NEEDS = {"groups": "groups", "group": "groups", "group_cards": "groups", "group_card": "groups",
               "sequence": "sequence", "run": "trump_run"}


def _hand_ranks(items, deck, problems):
    ranks = []
    seen = {}
    for i, item in enumerate(items):
        path = f"hands.ranks[{i}]"
        p = item["pattern"]
        used = [part for part in _PLAIN_PARTS if p[part]]
        if len(used) > 1:
            problems.append(f"{path}.pattern: {' and '.join(used)} cannot be combined "
                            "(write a suited sequence as sequence + suited)")
        if p["trump_run"] and p["trumps"]:
            problems.append(f"{path}.pattern: trump_run and trumps cannot be combined")
        if p["suited"] and not p["sequence"]:
            problems.append(f"{path}.pattern.suited: needs a sequence (for cards of one suit, use flush)")
        top = 0
        if p["top"]:
            if not p["sequence"]:
                problems.append(f"{path}.pattern.top: needs a sequence")
            matches = [r for r in deck.ranks if r.code.lower() == p["top"].lower()]
            if matches:
                top = matches[0].value
            else:
                problems.append(f"{path}.pattern.top: '{p['top']}' is not a rank code of this deck")
        if p["no_run"] and not p["trumps"]:
            problems.append(f"{path}.pattern.no_run: needs trumps")
        if (p["trump_run"] or p["trumps"]) and not deck.trump_count:
            problems.append(f"{path}.pattern: needs trumps, but the deck has none")
        if p["distinct_suits"] > len(deck.suits):
            problems.append(f"{path}.pattern.distinct_suits: needs {p['distinct_suits']} suits, "
                            f"but the deck has {len(deck.suits)}")
        if any(g < 1 for g in p["groups"]):
            problems.append(f"{path}.pattern.groups: every group needs at least one card")
        pattern = Pattern(tuple(sorted(p["groups"], reverse=True)), p["sequence"], p["suited"], top, p["flush"],
                          p["trump_run"], p["trumps"], p["no_run"], p["rest"], p["distinct_suits"])
        if pattern.core_size > 5:
            problems.append(f"{path}.pattern: needs {pattern.core_size} cards; a hand has five")
        for step in item["tiebreak"]:
            needs = _STEP_NEEDS.get(step)
            if needs and not p[needs]:
                problems.append(f"{path}.tiebreak: '{step}' needs a pattern with {needs}")
        rank_id = slug(item["id"] or item["name"])
        if rank_id in seen:
            problems.append(f"{path}.id: '{rank_id}' is already the id of hands.ranks[{seen[rank_id]}]")
        seen[rank_id] = i
        ranks.append(HandRank(rank_id, item["name"], pattern, tuple(item["tiebreak"]), len(items) - i,
                              tuple(item["aliases"]), item["harm"], item["effect"], item["kind"]))
    if not ranks:
        problems.append("hands.ranks: a ruleset needs at least one hand rank")
    elif ranks[-1].pattern.core_size or ranks[-1].pattern.rest != "any":
        problems.append(f"hands.ranks[{len(ranks) - 1}]: the weakest hand rank must accept any cards "
                        "(an empty pattern with rest = \"any\"), so that every hand has a rank")
    return tuple(ranks)


def _by_id(ranks):
    by_id = {}
    for rank in ranks:
        for name in (rank.id, rank.name, *rank.aliases):
            by_id.setdefault(slug(name), rank)
    return by_id


def _check_references(doc, ruleset_parts, problems):
    """Cross-section references: contexts, cards and hand names that must exist."""
    deck, contexts, by_id, thresholds = ruleset_parts

    def hand(text: str, path: str) -> None:
        if not by_id:
            return
        try:
            parse_threshold(text, by_id, deck, thresholds)
        except HandError as error:
            problems.append(f"{path}: {error}")

    def context(name: str, path: str) -> None:
        if name and name not in contexts:
            problems.append(f"{path}: no context '{name}' (defined: {', '.join(sorted(contexts)) or 'none'})")

    def cards(codes: Iterable[str], path: str) -> None:
        for code in codes:
            _card(deck, code, path, problems)

    context(doc["hands"]["context"], "hands.context")
    for name, text in doc["hands"]["thresholds"].items():
        hand(text, f"hands.thresholds.{name}")
    action, hex_, conflict = doc["action"], doc["hex"], doc["conflict"]
    context(action["context"], "action.context")
    hand(action["min_rank"], "action.min_rank")
    if not action["sides"]:
        problems.append("action.sides: at least one side is needed")
    if len({side.lower() for side in action["sides"]}) < len(action["sides"]):
        problems.append("action.sides: a side is named twice")
    cards(action["specials"], "action.specials")
    problems.extend(_draw_edge_problems(action, deck))
    problems.extend(_people_problems(doc["people"], doc["dice"]))
    if any(char.isspace() or char == "," for char in action["deck"]) or len(action["deck"]) > 16:
        problems.append("action.deck: a deck name is one word of at most 16 characters, without commas")
    chips = doc["chips"]
    if chips["unlimited"] and len(chips["pot"]) != 1:
        problems.append(f"chips.unlimited: an unlimited pot holds chips of one colour; the pot has "
                        f"{len(chips['pot'])}")
    for side in chips["session_sides"]:
        if side not in action["sides"]:
            problems.append(f"chips.session_sides.{side}: not a side of action.sides "
                            f"({', '.join(action['sides'])})")
    for rank_id, others in action["sub_hands_except"].items():
        for i, name in enumerate([rank_id, *others]):
            if by_id and slug(name) not in by_id:
                where = f"action.sub_hands_except.{rank_id}" + (f"[{i - 1}]" if i else "")
                problems.append(f"{where}: no hand rank '{name}'")
    problems.extend(_chips_problems(doc["chips"], {rank.id for rank in by_id.values()}))
    context(hex_["context"], "hex.context")
    cards(hex_["backlash_always"], "hex.backlash_always")
    cards(hex_["backlash_below_level"], "hex.backlash_below_level")
    cards(hex_["faithful_jokers"], "hex.faithful_jokers")
    for code, entry in hex_["faithful_jokers"].items() if "chips" in doc["mechanics"] else ():
        if entry["effect"] == "chip" and not doc["chips"]["uses"].get(entry["use"], {}).get("colours"):
            problems.append(f"hex.faithful_jokers.{code}.use: no chip use '{entry['use']}' in chips.uses that "
                            "takes a chip")
    draws = doc["draws"]
    context(draws["context"], "draws.context")
    hand(draws["target"], "draws.target")
    cards(draws["chip_cards"], "draws.chip_cards")
    cards(draws["bust_cards"], "draws.bust_cards")
    for i, entry in enumerate(hex_["catalogue"]):
        hand(entry["minimum"], f"hex.catalogue[{i}].minimum")
    context(conflict["context"], "conflict.context")
    if "conflict" in doc["mechanics"]:  # defaults of a mechanic the ruleset does not play go unread
        hand(conflict["target"], "conflict.target")
    for i, row in enumerate(conflict["called"]):
        hand(row["min"], f"conflict.called[{i}].min")
    for rank_id in conflict["helpers"]:
        if by_id and slug(rank_id) not in by_id:
            problems.append(f"conflict.helpers.{rank_id}: no hand rank '{rank_id}' "
                            f"(ranks: {', '.join(r.id for r in {id(r): r for r in by_id.values()}.values())})")
    suit_codes = {suit.code.lower() for suit in deck.suits}
    for code in conflict["scores"]:
        if code.lower() not in suit_codes:
            problems.append(f"conflict.scores.{code}: not a suit code of this deck")
    for i, tier in enumerate(doc["gadget"]["tiers"]):
        hand(tier["rank"], f"gadget.tiers[{i}].rank")
    if any(side < 2 for side in doc["dice"]["sides"]) or not doc["dice"]["sides"]:
        problems.append("dice.sides: list die types with at least two sides each")
    for key in ("wild_die", "raise_damage_die"):
        if doc["dice"][key] == 1:
            problems.append(f"dice.{key}: a die of at least two sides, or 0 for none")


def _draw_edge_problems(action: dict, deck: Deck) -> list[str]:
    """Cross-references of ``action.draw_edges``: what an entry replaces is an entry, a redraw's rank a rank."""
    problems = []
    edges = action["draw_edges"]
    ranks = {rank.code.lower() for rank in deck.ranks}
    for name, edge in edges.items():
        for i, other in enumerate(edge["replaces"]):
            if other not in edges:
                problems.append(f"action.draw_edges.{name}.replaces[{i}]: no entry '{other}' in action.draw_edges")
        if edge["redraw_at_most"] and edge["redraw_at_most"].lower() not in ranks:
            problems.append(f"action.draw_edges.{name}.redraw_at_most: '{edge['redraw_at_most']}' is not a rank "
                            "code of this deck")
    return problems


def _people_problems(people: dict, dice: dict) -> list[str]:
    """Cross-references of ``[people]``: Edges and Hindrances named as slugs (and replacing one of theirs),
    a roll names a purpose and a trait, Toughness's attribute is an attribute, the unskilled roll
    is dice of this game."""
    from dealer.core.schema import OWN_ROLLS

    problems = []
    traits = set(people["attributes"]) | set(people["skills"])
    for kind in ("edges", "hindrances"):
        for name, effect in people[kind].items():
            if slug(name) != name:
                problems.append(f"people.{kind}.{name}: write the name as a lower-case slug ('{slug(name)}')")
            for i, other in enumerate(effect["replaces"]):
                if other not in people[kind]:
                    problems.append(f"people.{kind}.{name}.replaces[{i}]: no entry '{other}' in people.{kind}")
    for purpose, trait in people["rolls"].items():
        if purpose not in OWN_ROLLS:
            problems.append(f"people.rolls.{purpose}: not a roll of a person's own ({', '.join(OWN_ROLLS)})")
        if trait not in traits:
            problems.append(f"people.rolls.{purpose}: '{trait}' is not in people.attributes or people.skills")
    if people["toughness_from"] and people["toughness_from"] not in people["attributes"]:
        problems.append(f"people.toughness_from: '{people['toughness_from']}' is not in people.attributes")
    if people["unskilled"]:
        from dealer.core.dice import parse_dice
        from dealer.errors import DiceError

        try:
            parse_dice(people["unskilled"], dice["sides"], one_die=True)
        except DiceError as error:
            problems.append(f"people.unskilled: {error}")
    if people["wild_card_wounds"] and not dice["damage_step"]:
        problems.append("people.wild_card_wounds: damage to a person needs dice.damage_step (the points per wound)")
    return problems


def _chips_problems(chips: dict, rank_ids: set[str]) -> list[str]:
    """Cross-references of a validated ``[chips]`` section: every colour named must be a colour
    of the pot, every ritual row a hand rank id.

    >>> _chips_problems({"pot": {"white": 1}, "knack_as": "red", "uses": {}, "rituals": {"pair": {"chip": "white"}}},
    ...                  {"pair"})
    ["chips.knack_as: 'red' is not a colour of chips.pot (white)"]
    """
    colours = list(chips["pot"])
    problems = []

    def colour(name: str, path: str) -> None:
        if name and name not in colours:
            problems.append(f"{path}: '{name}' is not a colour of chips.pot ({', '.join(colours) or 'none'})")

    colour(chips["knack_as"], "chips.knack_as")
    for use_name, use in chips["uses"].items():
        for name in use["colours"]:
            colour(name, f"chips.uses.{use_name}.colours")
    for rank_id, row in chips["rituals"].items():
        if rank_ids and rank_id not in rank_ids:
            problems.append(f"chips.rituals.{rank_id}: no hand rank '{rank_id}'")
        colour(row["chip"], f"chips.rituals.{rank_id}.chip")
    return problems


MECHANICS = ("action", "hex", "conflict", "gadget", "chips")


def _remove_cards(doc, problems):
    """Take ``remove_cards`` out of the deck's specials, and out of every key and list entry that
    names a card (the schema's ``cards`` fields); return the document without them."""
    specials = doc["deck"]["specials"]
    gone = set()
    for i, code in enumerate(doc["remove_cards"]):
        found = [item for item in specials
                 if code.lower() in {form.lower() for form in (item["code"], *item["aliases"])}]
        if not found:
            known = ", ".join(item["code"] for item in specials) or "none"
            problems.append(f"remove_cards[{i}]: '{code}' is not a special card of this deck (its specials: "
                            f"{known}); only specials can be removed: for suits or ranks, list deck.suits "
                            "or deck.ranks")
            continue
        specials = [item for item in specials if item is not found[0]]
        gone.update(form.lower() for form in (found[0]["code"], *found[0]["aliases"]))
    if not gone:
        return doc
    from dealer.core.schema import RULESET

    doc = _without_cards(RULESET, doc, gone)
    doc["deck"]["specials"] = specials
    doc["remove_cards"] = []  # done: the result (which a table pins) holds no trace of them
    return doc


def _without_cards(fields, data, gone):
    out = {}
    for key, value in data.items():
        field = fields[key]
        if field.cards and field.kind == "list[str]":
            value = [code for code in value if code.lower() not in gone]
        elif field.cards and field.kind == "map":
            value = {code: item for code, item in value.items() if code.lower() not in gone}
        if field.kind == "table":
            value = _without_cards(field.fields, value, gone)
        elif field.kind == "array":
            value = [_without_cards(field.fields, item, gone) for item in value]
        elif field.kind == "map" and field.value.kind == "table":
            value = {name: _without_cards(field.value.fields, item, gone) for name, item in value.items()}
        out[key] = value
    return out


# Keys that the first rulesets kept under [hex] (for spells) and that now serve every skill draw.
MOVED_TO_DRAWS = ("max_cards", "wild_pick_at", "target", "chip_cards", "bust_cards")


def skill_draw_keys_moved(document: Any) -> Any:
    """An older document (a house file, a table's pinned ruleset) with its skill-draw keys under
    ``[hex]`` read as if they were under ``[draws]``, where they now live; a key given in both
    places keeps the ``[draws]`` one.

    >>> skill_draw_keys_moved({"hex": {"style": "spell", "max_cards": 9}})
    {'hex': {'style': 'spell'}, 'draws': {'max_cards': 9}}
    """
    hex_ = document.get("hex") if isinstance(document, dict) else None
    if not isinstance(hex_, dict) or not any(key in hex_ for key in MOVED_TO_DRAWS + ("base_cards",)):
        return document
    draws = document.get("draws", {})
    if not isinstance(draws, dict):
        return document
    keys = MOVED_TO_DRAWS + (("base_cards", "context") if hex_.get("style") == "spell" else ())
    moved = {key: value for key, value in hex_.items() if key in keys}
    return {**document, "hex": {key: value for key, value in hex_.items() if key not in keys},
            "draws": {**moved, **draws}}


def build_ruleset(document: Any, origin: str = "", checked: bool = False) -> Ruleset:
    """Validate ``document`` and build the Ruleset; raise RulesetError listing every problem.

    ``checked``: the document is already a validated one (``Ruleset.document``, as the
    shipped rulesets are stored in ``dealer.store.shipped``), so only the objects are built:
    start-up does not pay for the schema.
    """
    problems = []
    doc = document if checked else _validated(document, problems)
    if problems:  # the shape is wrong: report it before reading meaning into it
        raise RulesetError(problems)
    if doc["schema"] > FORMAT_VERSION:
        problems.append(f"schema: this ruleset is format {doc['schema']}; this dealer reads format "
                        f"{FORMAT_VERSION}: upgrade dealer")
    deck = _deck(doc["deck"], problems)
    contexts = _contexts(doc["contexts"], deck, problems)
    ranks = _hand_ranks(doc["hands"]["ranks"], deck, problems)
    by_id = _by_id(ranks)
    thresholds = {slug(name): text for name, text in doc["hands"]["thresholds"].items()}
    if not checked:
        _check_references(doc, (deck, contexts, by_id, thresholds), problems)
    if problems:
        raise RulesetError(problems)
    return Ruleset(document=doc, deck=deck, contexts=contexts, hand_ranks=ranks, by_id=by_id,
                   thresholds=thresholds, origin=origin)


def _validated(document, problems):
    """The document with every default filled in and ``remove_cards`` applied, or problems."""
    from dealer.core import schema

    if isinstance(document, dict) and "mechanics" not in document:
        document = {**document, "mechanics": [name for name in MECHANICS if name in document]}
    document = skill_draw_keys_moved(document)
    doc = schema.validate(document, problems)
    if not problems:
        doc = _remove_cards(doc, problems)
    return doc
