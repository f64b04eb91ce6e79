"""``dealer hex``: cast a hex (Deadlands huckster) or a spell (poker-hands) by poker hand."""

from __future__ import annotations

import click

from dealer.render.hex import catalogue_text, hex_text, huckster_data, spell_data
from dealer.core.mechanics import hex as mechanics
from dealer.core.ranks import slug
from dealer import completion
from dealer.options import global_options
from dealer.session import Session


@click.command("hex")
@click.argument("name", required=False, metavar="[HEX]", shell_complete=completion.hexes)
@click.option("--roll", "dice", metavar="NdX", help="Roll the hexslingin' dice (hexslingin' level dice of the Trait's type).")
@click.option("--total", type=int, help="A hexslingin' total already rolled with physical dice.")
@click.option("--bust", "went_bust", is_flag=True, help="The hexslingin' roll went bust.")
@click.option("--level", type=click.IntRange(min=0), help="The caster's level in this hex.")
@click.option("--min", "minimum", metavar="HAND", help="The least hand that works (default: the catalogue's).")
@click.option("--tn", type=click.IntRange(min=1), help="TN of the hexslingin' roll [default: the ruleset's, 5].")
@click.option("--cards", "given", metavar="CARDS", help="Cards drawn by hand instead of from a deck.")
@click.option("--caster", metavar="NAME", shell_complete=completion.roster, help="Who casts: their own deck and traits on a table.")
@click.option("--reshuffle", type=click.Choice(["after-hex", "when-low", "manual"]),
              help="When the caster's deck on a table is reshuffled [default: the ruleset's].")
@click.option("--list", "list_only", is_flag=True, help="Show the ruleset's hex catalogue.")
@click.option("--skill", type=int, help="poker-hands: the spell's skill level (cards = 5 + skill).")
@click.option("--mod", "mods", multiple=True, type=int, metavar="+1|-1", help="poker-hands: a card modifier.")
@click.option("--wild-pick", is_flag=True, help="poker-hands: at ten or more cards, five fewer and a wild pick.")
@click.option("--target", metavar="HAND", help="poker-hands: the hand the GM sets (default a pair).")
@click.option("--huckster", is_flag=True, help="poker-hands: the caster is a huckster (any Joker backlashes).")
@click.option("--master", type=click.IntRange(min=1), help="poker-hands, on a table: casts before winded.")
@global_options
@click.pass_context
def hex_command(ctx, name, dice, total, went_bust, level, minimum, tn, given, caster, reshuffle, list_only, skill,
                mods, wild_pick, target, huckster, master):
    """Cast HEX: the roll, the cards, the best hand, the verdict and any backlash.

    \b
    Examples:
      dealer hex "soul blast" --roll 5d10 --level 4
      dealer hex "soul blast" --total 18 --level 4 --cards "8s 8h 8d Kc 5d 3s RJ"
      dealer hex --min jacks --bust --level 2
      dealer hex "soul blast" --caster Velvet --table friday
      dealer hex --list
      dealer -r poker-hands hex --skill 2 --mod +1
      dealer -r poker-hands hex --skill 5 --wild-pick --huckster
    """
    session = Session(ctx, "hex")
    ruleset = session.ruleset
    if list_only:
        catalogue = ruleset.hex["catalogue"]
        session.emit([session.envelope({"catalogue": catalogue})], catalogue_text(catalogue))
        return
    entry = _entry(ruleset, name)
    options = dict(dice=dice, total=total, went_bust=went_bust, level=level, minimum=minimum, tn=tn, given=given,
                   caster=caster, reshuffle=reshuffle, skill=skill, mods=mods, wild_pick=wild_pick, target=target,
                   huckster=huckster, master=master)
    cast = _huckster if ruleset.hex["style"] == "huckster" else _spell
    if session.settings.table:
        with session.table() as table:
            result = cast(session, table, entry, **options)
        result["table"] = table.name
    else:
        result = cast(session, None, entry, **options)
    session.emit([session.envelope(result, seed=session.seed)], hex_text(result, session.cards))


def _entry(ruleset, name):
    if not name:
        return None
    for entry in ruleset.hex["catalogue"]:
        if slug(entry["name"]) == slug(name):
            return entry
    names = ", ".join(entry["name"] for entry in ruleset.hex["catalogue"]) or "none"
    raise mechanics.HexError(f"no hex '{name}' in the {ruleset.name} catalogue ({names}); "
                             "or cast without a name and give --min HAND")


def _trait(table, caster, key):
    if table is None or not caster or caster not in table.roster:
        return None
    return table.roster[caster]["traits"].get(key)


def _roll(session, table, entry, dice, total, went_bust, tn, caster):
    """The hexslingin' roll: rolled, given, or from the caster's roster traits."""
    from dealer.core.dice import given_roll, parse_dice, trait_roll

    ruleset = session.ruleset
    rules, dice_rules = ruleset.hex, ruleset.dice
    tn = rules["tn"] if tn is None else tn
    if sum(x is not None and x is not False for x in (dice, total, went_bust or None)) > 1:
        raise mechanics.HexError("give one of --roll, --total and --bust")
    if went_bust:
        return given_roll(0, tn=tn, raise_step=dice_rules["raise_step"], bust=True)
    if total is not None:
        return given_roll(total, tn=tn, raise_step=dice_rules["raise_step"])
    if dice is None:
        dice = _roster_dice(table, entry, caster)
    count, sides, modifier = parse_dice(dice, dice_rules["sides"])
    return trait_roll(count, sides, session.rng(), modifier=modifier, tn=tn, raise_step=dice_rules["raise_step"],
                      bust=dice_rules["bust"], max_chain=dice_rules["max_chain"])


def _roster_dice(table, entry, caster):
    """hexslingin' level dice of the hex's Trait's type, from the caster's roster traits."""
    from dealer.core.dice import parse_dice

    level = _trait(table, caster, "hexslinging")
    trait = _trait(table, caster, entry["trait"].lower()) if entry and entry["trait"] else None
    if level is None or trait is None:
        raise mechanics.HexError("give the hexslingin' roll: --roll NdX, --total N or --bust (or, on a table, "
                                 "roster traits hexslinging=LEVEL and the hex's Trait, e.g. spirit=3d10)")
    _, sides, _ = parse_dice(str(trait))
    return f"{level}d{sides}"


class CasterDeck:
    """The caster's deck for one cast: a table's (kept, reshuffled by policy) or a fresh one."""

    def __init__(self, session, table, name, policy):
        from dealer.core.piles import Piles

        self.table, self.name, self.policy = table, name, policy
        self.rng = session.rng()
        self.events = []
        ruleset = session.ruleset
        self.piles = (table.deck(name, self.rng) if table is not None
                      else Piles.fresh([card.code for card in ruleset.deck], self.rng))

    def before(self, need):
        """With ``when-low``, shuffle the discards back in when this draw could run short."""
        piles = self.piles
        if self.table is not None and self.policy == "when-low" and len(piles.draw_pile) < need and piles.discards:
            count = piles.shuffle(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": count,
                                "why": f"fewer cards left than this draw could need ({need})"})

    def take(self, cards):
        """Cards drawn by hand: out of the deck (or its discards) and into play."""
        self.piles.take([card.code for card in cards], "")

    def after(self, cards, reshuffled, kind, data):
        """The cards go to the discards, the history records the cast, ``after-hex`` reshuffles."""
        if reshuffled:
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": reshuffled,
                                "why": "the deck ran out mid-draw"})
        if self.table is None:
            return
        codes = [card.code for card in cards]
        if codes:
            self.piles.discard(codes)
        self.table.log(kind, deck=self.name, cards=codes, data=data)
        if self.policy == "after-hex":
            self.piles.collect(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": len(self.piles.draw_pile),
                                "why": "the table reshuffles after every cast"})
        for event in self.events:
            self.table.log(event["kind"], deck=self.name, data={"count": event["count"], "why": event["why"]})

    @property
    def automatic(self):
        """Whether a draw may reshuffle the discards when the deck runs out (not with ``manual``)."""
        return self.table is None or self.policy != "manual"

    @property
    def left(self):
        return len(self.piles.draw_pile) if self.table is not None else None


def _huckster(session, table, entry, *, dice, total, went_bust, level, minimum, tn, given, caster, reshuffle, **_):
    ruleset = session.ruleset
    rules = ruleset.hex
    minimum = minimum or (entry["minimum"] if entry else None)
    if not minimum:
        raise mechanics.HexError("which hand does it need? name a hex from the catalogue (dealer hex --list) "
                                 "or give --min HAND")
    ruleset.threshold(minimum)  # a bad --min is reported before anything is rolled
    if level is None and entry is not None:
        level = _trait(table, caster, slug(entry["name"]))
    if level is None:
        raise mechanics.HexError("give --level L: the hex's level decides whether the Red Joker backlashes")
    roll = _roll(session, table, entry, dice, total, went_bust, tn, caster)
    policy = reshuffle or rules["reshuffle"]
    deck = CasterDeck(session, table, f"hex:{caster}" if caster else "hex", policy)
    cards = ruleset.deck.parse_many(given) if given else None
    if cards is not None:
        deck.take(cards)
    elif roll.success:
        deck.before(rules["base_cards"] + roll.raises * rules["cards_per_raise"])
    cast = mechanics.huckster_cast(ruleset, roll, level=level, minimum=minimum, piles=deck.piles, rng=deck.rng,
                                   cards=cards, holder=caster or "", reshuffle=deck.automatic)
    deck.after(cast["cards"], cast["reshuffled"], "hex",
               {"caster": caster, "hex": entry and entry["name"], "works": cast["works"],
                "backlash": cast["backlash"]["severity"]})
    return huckster_data(cast, entry, caster, policy if table is not None else None, deck.events, deck.left,
                                ruleset)


def _spell(session, table, entry, *, skill, mods, wild_pick, target, given, caster, huckster, master, reshuffle,
           **_):
    from dealer.core.piles import chip_event

    ruleset = session.ruleset
    rules = ruleset.hex
    if skill is None:
        skill = _trait(table, caster, slug(entry["name"])) if entry else None
        if skill is None:
            raise mechanics.HexError("give --skill N: the spell's level adds to the five cards")
    target = target or rules["target"]
    ruleset.threshold(target)
    huckster = huckster or bool(_trait(table, caster, "huckster"))
    master = master or _trait(table, caster, "master")
    casts = table.state.setdefault("casts", {}) if table is not None and caster else {}
    winded = bool(master) and casts.get(caster, 0) >= int(master)
    count, pick = mechanics.spell_cards(ruleset, int(skill), mods, wild_pick, winded)
    policy = reshuffle or rules["reshuffle"]
    deck = CasterDeck(session, table, f"spell:{caster}" if caster else "spell", policy)
    reshuffled = 0
    if given:
        cards = ruleset.deck.parse_many(given)
        deck.take(cards)
    else:
        deck.before(count)
        drawn = deck.piles.draw(count, caster or "", deck.rng, deck.automatic)
        cards = [ruleset.deck.parse(code) for code in drawn.cards]
        reshuffled = drawn.reshuffled
    cast = mechanics.spell_cast(ruleset, cards, target=target, wild_pick=pick, huckster=huckster)
    chips = table.chips if table is not None else None
    events = [chip_event(chips, ruleset.chips, caster or "the caster", deck.rng, f"drew the {card.name}")
              for card in cast["chip_cards"]]
    if table is not None:
        if caster:
            casts[caster] = casts.get(caster, 0) + 1
        for event in events:
            table.log("chip", data={k: v for k, v in event.items() if k != "kind"})
    deck.after(cards, reshuffled, "spell", {"caster": caster, "spell": entry and entry["name"],
                                            "success": cast["success"], "bust": cast["bust"]})
    result = spell_data(cast, entry, caster, count, target, events + deck.events, ruleset)
    result["winded"] = winded
    if master and caster:
        result["casts"] = casts.get(caster, 0)
        result["master"] = int(master)
    return result
