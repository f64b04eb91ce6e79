"""Poker-hands spells (seed 003): the one skill draw, then what the caster's Jokers mean.

Cards = 5 + skill + modifiers, at most ten, the caster's conditions (winded), chips played
first (``skill_draw``, purpose ``spell``); Jokers are dead, the Red Joker's holder draws a
chip, a Joker with less than a pair is a bust. At least a pair (or the target) succeeds. A
huckster's Joker backlashes; the faithful's Red Joker is a surge of power and their Black
Joker asks for a chip. On a table each cast counts towards winded (``conditions``) and the
hand is remembered so a chip can change it later.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger import situations
from dealer.core.mechanics import conditions, draws
from dealer.core.mechanics.conditions import Modifier
from dealer.core.mechanics.hex.common import HexError, backlash, caster_deck, catalogue_entry
from dealer.core.mechanics.skill_draw import Draw, DrawRequest, skill_draw
from dealer.core.ranks import slug
from dealer.core.results import effect_label
from dealer.core.table import Table
from dealer.errors import shell_word, usage

if TYPE_CHECKING:
    from dealer.core.cards import Card
    from dealer.core.mechanics.last_hand import KeptSpell
    from dealer.core.rules import Ruleset


class SpellRequest(NamedTuple):
    """A poker-hands spell (seed 003): which, who casts, the skill, card modifiers, a wild pick at
    ten, the GM's target, huckster or faithful, the master skill, a chip played first (with a
    knack), cards typed in, the deck's reshuffle policy."""

    name: str | None = None
    caster: str | None = None
    skill: int | None = None
    mods: tuple[int, ...] = ()
    wild_pick: bool = False
    target: str | None = None
    huckster: bool = False
    faithful: bool = False
    master: int | None = None
    chip: str | None = None
    knack: str | None = None
    cards: str | None = None
    reshuffle: str | None = None
    bad_cause: bool = False


class SpellResult(NamedTuple):
    """A poker-hands spell: the one skill draw, success against the target and its label, and what
    the caster's Jokers mean (backlash, a blessing); on a table the casts towards winded."""

    ruleset: Ruleset
    entry: dict | None
    caster: str | None
    draw: Draw
    target: str
    success: bool
    verdict: str
    backlash: dict | None
    blessing: list | None
    events: tuple
    casts: int | None
    master: int | None
    deck: dict

    def to_data(self) -> dict:
        data = {"kind": "spell", "spell": self.entry, "caster": self.caster, "draw": self.draw.to_data(),
                "target": self.target, "success": self.success, "verdict": self.verdict,
                "events": list(self.events)}
        for key in ("backlash", "blessing", "casts", "master"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        data.update({key: value for key, value in self.deck.items() if key == "table"})
        return data


def _blue_chip(ruleset: Ruleset, request: SpellRequest, table: Table, rng: random.Random) -> tuple[int | None, list]:
    """Seed 003: "a blue chip may be used by a magic using type for one-time access to a spell they
    don't actually have... drawn for at the maximum level": the caster's master skill."""
    master = conditions.master_of(table, request.caster, request.master)
    if not master:
        raise HexError(f"a blue chip casts a spell at {request.caster}'s master level: give --master N "
                       "or a master trait on the roster")
    from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend

    spent = resolve_spend(ruleset, SpendRequest(request.caster, "blue", use="spell"), table, rng)
    return master, list(spent.events)


def spell_entry(ruleset: Ruleset, name: str | None) -> dict | None:
    """The spell of that name: the catalogue's entry, or (spells are bought as skills, seed 003) a
    spell known by its name alone, whose level is the caster's roster trait of that name."""
    try:
        return catalogue_entry(ruleset, name)
    except HexError:
        return {"name": name, "trait": "", "minimum": None, "speed": 1, "note": ""}


def known_miracles(ruleset: Ruleset, table: Table, caster: str | None) -> list[str]:
    """Seed 003: the faithful "automatically know a number of miracles equal to the level of their
    faith skill, and the miracle protection as a bonus. Unfortunately, they can't have any more":
    the roster's ``miracles`` and the ruleset's bonus ones (``hex.faithful_bonus``)."""
    listed = [item.strip() for item in str(table.trait(caster, "miracles") or "").split(",") if item.strip()]
    return listed + [name for name in ruleset.hex["faithful_bonus"] if slug(name) not in map(slug, listed)]


def _level(ruleset: Ruleset, request: SpellRequest, table: Table, entry: dict | None, faithful: bool,
           master: int | None, unknown_allowed: bool) -> int:
    """The spell's level: given, the roster's (a trait under the spell's name), or for a miracle the
    faith (master) skill; never above the master skill, and a faithful caster's miracle must be
    one they know (a blue chip lends one they do not)."""
    caster = request.caster
    if faithful and entry is not None and caster and not unknown_allowed:
        known = known_miracles(ruleset, table, caster)
        if slug(entry["name"]) not in map(slug, known):
            raise HexError(f"{caster} does not know the miracle '{entry['name']}' (knows: {', '.join(known)}): the "
                           "faithful have their faith's worth of miracles and protection (roster trait "
                           "miracles=\"...\"); a blue chip gives one-time access (--chip blue)")
    level = request.skill
    if level is None and entry is not None:
        level = table.trait(caster, slug(entry["name"]))
        if level is not None:
            _check_listed(ruleset, table, caster, entry["name"])
    if level is None and faithful and entry is not None:
        level = master
    if level is None and entry is not None and caster and table.persistent:
        raise usage(HexError(f"{caster} has no spell '{entry['name']}' on the roster (a trait "
                             f"{slug(entry['name'])}=N): give --skill N, or a blue chip (--chip blue) for "
                             "one-time access at the master level"))
    if level is None:
        raise usage(HexError("give --skill N: the spell's level adds to the five cards"))
    if master is not None and int(level) > master and caster:
        spell = f"'{entry['name']}'" if entry else "spell"
        raise HexError(f"{caster}'s {spell} at level {level} is above {caster}'s master skill, {master}: a spell "
                       "can be no higher (seed 003); a blue chip casts a spell at the master level")
    return int(level)


def _check_listed(ruleset: Ruleset, table: Table, caster: str, name: str) -> None:
    """Seed 003: spells are "bought as skills as well, but at a reduced cost: 1 point per level". A
    spell cast from a roster trait must be listed among the caster's ``spells``, or the budget prices
    it as a skill: refused, with the command that lists it (where the ruleset prices characters)."""
    from dealer.core.characters import names

    listed = names(table.trait(caster, "spells"))
    if not ruleset.document["characters"]["points"] or slug(name) in map(slug, listed):
        return
    spells = shell_word("spells=" + ", ".join([*listed, name]))
    raise HexError(f"{caster}'s {slug(name)} is on the roster as a skill, not a spell (priced "
                   f"{ruleset.document['characters']['spell_cost']} a level as a spell): list it with "
                   f"dealer table set {table.name} {shell_word(caster)} --trait {spells}")


def resolve_spell(ruleset: Ruleset, request: SpellRequest, table: Table, rng: random.Random) -> SpellResult:
    """The skill draw from the caster's deck, success against the target, the Jokers' meaning."""
    entry = spell_entry(ruleset, request.name)
    caster = request.caster
    chips, skill, spent = (), None, []
    if request.chip:
        if not caster:
            raise usage(HexError("--chip needs --caster NAME: whose chip is it?"))
        if request.chip.lower() == "blue" and not request.knack and "spell" in ruleset.chips["uses"]:
            skill, spent = _blue_chip(ruleset, request, table, rng)
        else:
            chips = (request.chip,)
    target = request.target or ruleset.draws["target"]
    ruleset.threshold(target)  # an unknown target is refused before the draw
    huckster = request.huckster or bool(table.trait(caster, "huckster"))
    faithful = request.faithful or conditions.is_faithful(table, caster)
    master = conditions.master_of(table, caster, request.master)
    if skill is None:
        skill = _level(ruleset, request, table, entry, faithful, master, unknown_allowed=False)
    deck = caster_deck(ruleset, request, table, rng, "spell")
    drawn = skill_draw(ruleset, table, DrawRequest(
        "spell", caster or "", int(skill), tuple(Modifier("mod", n) for n in request.mods),
        wild_pick=request.wild_pick, chips=chips, knack=request.knack or "",
        cards=tuple(request.cards.replace(",", " ").split()) if request.cards else None, master=master), deck, rng)
    judged = judge_spell(ruleset, drawn, target, huckster, faithful, table.name)
    casts = None
    if caster and table.persistent:
        if not faithful or request.bad_cause:  # "they don't get winded ... for a good cause"
            conditions.count_cast(table, caster)
        from dealer.core.mechanics.last_hand import DrawRecord, KeptSpell, LastHands  # only a stored table keeps it

        table.state(LastHands).keep(KeptSpell(mechanic="spell", draws=[DrawRecord.of(drawn, deck.name)], target=target,
                                              spell=entry and entry["name"], huckster=huckster, faithful=faithful))
        casts = conditions.conditions_of(table, caster).casts
    codes = [card.code for card in drawn.cards]
    deck.finish(codes, "spell", {"caster": caster, "spell": entry and entry["name"], "success": judged.success,
                                 **draws.bust_data(drawn.bust, drawn.cards),
                                 situations.KEY: {**situations.draw_seen(drawn), "target": target,
                                                  "huckster": huckster}})
    return SpellResult(ruleset, entry, caster, drawn, target, *judged, tuple(spent + deck.events),
                       casts if master else None, master if caster else None, deck.where())


class SpellJudgement(NamedTuple):
    """What a spell's hand makes: success against the target and its label, a huckster's
    backlash, a faithful caster's blessings (None where they do not apply)."""

    success: bool
    verdict: str
    backlash: dict | None
    blessing: list | None


def judge_spell(ruleset: Ruleset, drawn: Draw, target: str, huckster: bool, faithful: bool,
                table: str | None) -> SpellJudgement:
    """A spell's hand judged: the cast, and a chip after it, judge so."""
    success = drawn.meets(ruleset.threshold(target))
    jokers = [card for card in drawn.cards if card.code in ruleset.draws["bust_cards"]]
    blessed = [card for card in drawn.cards if card.code in ruleset.hex["faithful_jokers"]]
    return SpellJudgement(success, _spell_verdict(ruleset, drawn, target, success),
                          _spell_backlash(ruleset, drawn, success) if huckster and jokers else None,
                          [_blessing(ruleset, card, drawn.person, table) for card in blessed] if faithful and blessed
                          else None)


def _spell_verdict(ruleset: Ruleset, drawn: Draw, target: str, success: bool) -> str:
    if drawn.bust:
        return "bust"
    if success:
        return effect_label(ruleset, drawn.hand.rank) or f"at least {target}"
    return f"less than {target}"


def _spell_backlash(ruleset: Ruleset, drawn: Draw, success: bool) -> dict:
    """Seed 003: "Hucksters who pull a joker suffer some sort of backlash... If they actually went
    bust, the backlash will be quite bad. If they made the hand, the spell will work, but may
    have somewhat twisted effects." """
    data = backlash(ruleset, list(drawn.cards), 0, drawn.bust, any_joker=True)
    if data["severity"] < 3 and (drawn.bust or success):
        data["words"] = ("quite bad backlash: a Joker and a bust" if drawn.bust
                         else "backlash: the spell works, with twisted effects")
    return data


def _blessing(ruleset: Ruleset, card: Card, caster: str | None, table: str | None) -> dict:
    """What a faithful caster's Joker means (``hex.faithful_jokers``; seed 003: a Red Joker is "a
    surge in power", a Black Joker means they "have to throw in a chip to make the blessing
    work"): a chip's words give the exact command."""
    entry = ruleset.hex["faithful_jokers"][card.code]
    if entry["effect"] != "chip":
        return {"card": card.code, "effect": entry["effect"], "words": entry["words"]}
    colour = next(iter(ruleset.chips["uses"].get(entry["use"], {}).get("colours", ())), "white")
    command = f"dealer chips spend {shell_word(caster or 'NAME')} {colour} --for {entry['use']}" + (
        f" --table {table}" if table else "")
    return {"card": card.code, "effect": "chip", "command": command, "words": entry["words"].replace("{command}", command)}


# -- a chip after the draw --------------------------------------------------------------------


def check_change(ruleset: Ruleset, table: Table, kept: KeptSpell, person: str) -> None:
    """A spell's hand may always change; its target must still read (checked before the chip moves)."""
    ruleset.threshold(kept.target)


def hand_changed(ruleset: Ruleset, table: Table, kept: KeptSpell, person: str, before: Draw,
                 after: Draw) -> tuple[dict, dict]:
    """The spell judged again (``judge_spell``), before and after the chip."""
    def data(drawn: Draw) -> dict:
        judged = judge_spell(ruleset, drawn, kept.target, kept.huckster, kept.faithful, table.name)
        found = {key: value for key, value in judged._asdict().items() if value is not None}
        return {"kind": "spell", "person": person, "spell": kept.spell, "target": kept.target, **found}

    return data(before), data(after)
