"""Shell completion: what completes where, and bash's quoting of names with spaces.

Completions answer click's ``_DEALER_COMPLETE`` protocol (the scripts in ``completions/``
call it). Rulesets complete as shipped names and as file paths; tables, roster names
(``--caster``, ``action sleeve NAME``), hex names and sides complete from the state file
and the ruleset in use. A completion never fails loudly: any problem completes nothing.
Nothing here is imported by a command that runs; only by completion.
"""

from __future__ import annotations

import os


def register():
    """Use the quoting bash completion below (called only when completing)."""
    from click.shell_completion import BashComplete, add_completion_class

    class QuotingBashComplete(BashComplete):
        """Bash inserts a completion as it is: a name with a space comes back double-quoted
        (``"Doc Holliday"``), so that it stays one word."""

        def format_completion(self, item):
            value = item.value
            if item.type == "plain" and any(c in value for c in " \t'\"\\$`!&;|<>()*?[]{}#~"):
                escaped = "".join("\\" + c if c in '"\\$`' else c for c in value)
                value = f'"{escaped}"'
            return f"{item.type},{value}"

    add_completion_class(QuotingBashComplete, "bash")


def _given(ctx, name):
    from dealer import OPTIONS_KEY

    return ctx.find_root().meta.get(OPTIONS_KEY, {}).get(name)


def _match(names, incomplete):
    text = incomplete.lower()
    return [name for name in names if name.lower().startswith(text)]


def _quietly(function):
    def complete(ctx, param, incomplete):
        try:
            return function(ctx, param, incomplete)
        except Exception:  # completion must never fail loudly
            return []

    complete.__name__ = function.__name__
    complete.__doc__ = function.__doc__
    return complete


def _load_table(name):
    from dealer.store import open_store

    if not name:
        return None
    store = open_store(warn=False)
    if not store.exists():
        return None
    with store.transaction(create=False, readonly=True) as tx:
        return tx.load(name) if tx is not None and tx.exists(name) else None


def _ruleset(ctx, table_name=None):
    """The ruleset a command would use: -r, else the table's, else DEALER_RULESET or the default."""
    from dealer.store import rulesets

    given = _given(ctx, "ruleset")
    if not given:
        table = _load_table(table_name or _given(ctx, "table") or os.environ.get("DEALER_TABLE"))
        if table is not None:
            return table.ruleset
    return rulesets.load(given or os.environ.get("DEALER_RULESET") or rulesets.DEFAULT)


@_quietly
def rulesets(ctx, param, incomplete):
    """Shipped ruleset names, and file paths (``-r ./house.toml``)."""
    from click.shell_completion import CompletionItem

    from dealer.store.rulesets import builtin_names

    # The file item comes first: bash falls back to file names only when no name matches.
    return [CompletionItem(incomplete, type="file")] + [CompletionItem(name) for name in
                                                         _match(builtin_names(), incomplete)]


@_quietly
def ruleset_files(ctx, param, incomplete):
    """File paths, and shipped names (``rulesets validate``)."""
    return rulesets(ctx, param, incomplete)


@_quietly
def tables(ctx, param, incomplete):
    from dealer.store import table_names

    return [name for name in table_names() if name.startswith(incomplete)]


@_quietly
def roster(ctx, param, incomplete):
    """People on the roster of the table given with --table (or DEALER_TABLE)."""
    table = _load_table(_given(ctx, "table") or os.environ.get("DEALER_TABLE"))
    return _match(list(table.roster), incomplete) if table is not None else []


@_quietly
def table_roster(ctx, param, incomplete):
    """People on the roster of the table named by the command's NAME argument."""
    table = _load_table(ctx.params.get("name"))
    return _match(list(table.roster), incomplete) if table is not None else []


@_quietly
def hexes(ctx, param, incomplete):
    """Hex (or spell) names from the ruleset's catalogue."""
    catalogue = _ruleset(ctx).hex.get("catalogue") or []
    return _match([entry["name"] for entry in catalogue], incomplete)


@_quietly
def sides(ctx, param, incomplete):
    """The ruleset's sides (posse, marshal)."""
    return _match(list(_ruleset(ctx, ctx.params.get("name")).action["sides"]), incomplete)


@_quietly
def colours(ctx, param, incomplete):
    """The ruleset's chip colours (the pot's)."""
    return _match(list(_ruleset(ctx).chips["pot"]), incomplete)


@_quietly
def rituals(ctx, param, incomplete):
    """The rituals on the roster of the person named before (``chips ritual NAME RITUAL``)."""
    table = _load_table(_given(ctx, "table") or os.environ.get("DEALER_TABLE"))
    text = str(table.trait(ctx.params.get("person"), "rituals") or "") if table is not None else ""
    return _match([part.split(":")[0].strip() for part in text.split(",") if part.strip()], incomplete)


def _gadget_names(ctx, key):
    from dealer.core.mechanics.gadget import GadgetState

    table = _load_table(_given(ctx, "table") or os.environ.get("DEALER_TABLE"))
    return list(getattr(table.state(GadgetState), key)) if table is not None else []


@_quietly
def designs(ctx, param, incomplete):
    """Designs stored on the --table (``gadget build NAME``)."""
    return _match(_gadget_names(ctx, "designs"), incomplete)


@_quietly
def devices(ctx, param, incomplete):
    """Devices stored on the --table (``gadget use DEVICE``)."""
    return _match(_gadget_names(ctx, "devices"), incomplete)


def _last_piece(incomplete: str, separators: str = " ,") -> tuple[str, str]:
    """``"8s 8h K"`` as ``("8s 8h ", "K")``: the words already typed, and the one being typed."""
    cut = max(incomplete.rfind(sep) for sep in separators) + 1
    return incomplete[:cut], incomplete[cut:]


def _pieces(incomplete: str, choices, separators: str = " ,") -> list[str]:
    """Complete the last word of a list typed as one argument (cards, ``hand,eye``)."""
    head, piece = _last_piece(incomplete, separators)
    return [head + choice for choice in _match(choices, piece)]


@_quietly
def cards(ctx, param, incomplete):
    """Card codes of the ruleset's deck (``hand A<TAB>``; inside a quoted hand too)."""
    return _pieces(incomplete, [card.code for card in _ruleset(ctx).deck])


@_quietly
def held_cards(ctx, param, incomplete):
    """The cards a table's decks have out, in play or up a sleeve (``table discard T <TAB>``): every
    deck's, or the ``--deck``'s."""
    table = _load_table(ctx.params.get("name"))
    if table is None:
        return []
    chosen = ctx.params.get("deck_name")
    decks = [piles for name, piles in sorted(table.decks.items()) if chosen in (None, name)]
    out = [code for piles in decks for code in [*(card for held in piles.play.values() for card in held),
                                                 *piles.sleeves.values()]]
    return _pieces(incomplete, list(dict.fromkeys(out)))


@_quietly
def participants(ctx, param, incomplete):
    """``conflict`` words: harm, clear, show first, then roster names (``Bert=`` for a skill)."""
    table = _load_table(_given(ctx, "table") or os.environ.get("DEALER_TABLE"))
    names = list(table.roster) if table is not None else []
    words = [] if ctx.params.get("participants") else ["harm", "clear", "show"]
    name, sep, spec = incomplete.partition("=")
    if sep and table is not None and name in table.roster:  # Bert=<TAB>: Bert's skills on the roster
        traits = table.roster[name]["traits"]
        return [f"{name}={key}" for key, value in traits.items()
                if isinstance(value, int) and not isinstance(value, bool) and key.startswith(spec)]
    return _match(words + names, incomplete)


@_quietly
def uses(ctx, param, incomplete):
    """What a chip may be spent for: the ruleset's ``[chips.uses]``."""
    return _match(list(_ruleset(ctx).chips["uses"]), incomplete)


@_quietly
def tiers(ctx, param, incomplete):
    """Gadget tiers: hand ranks and tier names."""
    gadget = _ruleset(ctx).document["gadget"]
    return _match(list(dict.fromkeys([tier["rank"] for tier in gadget["tiers"]] +
                                     [tier["name"] for tier in gadget["tiers"]])), incomplete)


@_quietly
def contexts(ctx, param, incomplete):
    """The ruleset's wild-card contexts, and none."""
    return _match([*sorted(_ruleset(ctx).contexts), "none"], incomplete)


@_quietly
def scores(ctx, param, incomplete):
    """Dust Devils Scores, two joined by a comma (``hand,eye``): a Score typed already is not
    offered again (``hand,<TAB>`` offers ``hand,eye``, never ``hand,hand``)."""
    names = [name.lower() for name in _ruleset(ctx).conflict["scores"].values()]
    typed = {word.strip().lower() for word in _last_piece(incomplete, ",")[0].split(",")}
    return _pieces(incomplete, [name for name in names if name not in typed], ",")


@_quietly
def person_chips(ctx, param, incomplete):
    """``NAME=COLOUR`` (conflict --chip): roster names, then the ruleset's colours after ``=``."""
    name, sep, colour = incomplete.partition("=")
    if sep:
        return [f"{name}={known}" for known in _match(list(_ruleset(ctx).chips["pot"]), colour)]
    table = _load_table(_given(ctx, "table") or os.environ.get("DEALER_TABLE"))
    return [f"{known}=" for known in _match(list(table.roster), incomplete)] if table is not None else []
