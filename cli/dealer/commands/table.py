"""``dealer table``: persistent tables: make, list, show, reset, delete, shuffle, log, roster."""

from __future__ import annotations

import re
import sys

import click

from dealer import render
from dealer.errors import TableError
from dealer.core.numbers import INT64
from dealer.options import Int, SuggestingGroup, completes, global_options
from dealer.session import Session


def table_argument(required=True):
    return click.argument("name", required=required, shell_complete=completes("tables"))


def parse_traits(items):
    """``KEY=VALUE`` pairs; numbers become integers, ``KEY=`` (empty) removes the trait.

    Keys are slugged as the mechanics look them up: ``"Soul Blast=4"`` is ``soul-blast``.
    """
    from dealer.core.ranks import slug

    traits = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = slug(key)
        if not sep or not re.fullmatch(r"[a-z][a-z0-9_'-]*", key):
            raise click.BadParameter(f"'{item}': write KEY=VALUE, e.g. quickness=3d6 or hexslinging=5",
                                     param_hint="--trait")
        value = value.strip()
        traits[key] = int(value) if re.fullmatch(r"-?\d{1,18}", value) else (value or None)
    return traits


@click.group(cls=SuggestingGroup)
@global_options(seed=False, table=False, store=True)
def table():
    """Persistent tables: decks, discards, sleeves, roster, chips and history.

    \b
    Examples:
      dealer table new friday -r deadlands
      dealer table add friday Sarah --trait quickness=3d6
      dealer draw 5 --table friday
      dealer table discard friday "As Kd"
      dealer table log friday --jsonl
      dealer table undo friday
      dealer table export friday > friday.json
    """


def _made(session, name):
    from dealer.store import rulesets
    from dealer.store.tables import check_name

    check_name(name)
    ruleset = rulesets.load(session.settings.ruleset)  # -r (or the default), never another table's
    session.__dict__["ruleset"] = ruleset
    with session.transaction() as tx:
        session.dealt_seed = tx.new_table_seed(session.settings.seed)  # a shared table deals from its secret
        made = tx.create(name, ruleset, session.rng(), session.command)
        tx.save(made, session.command, session.seed)
    return made


@table.command("new")
@click.argument("name")
@global_options(table=False, store=True)
@click.pass_context
def new(ctx, name):
    """Make a table NAME for the chosen ruleset (-r); its ruleset is pinned to the table.

    \b
    Example:
      dealer table new friday -r deadlands
    """
    session = Session(ctx, "table new")
    made = _made(session, name)
    result = {"kind": "table", "action": "new", "table": made.name, "ruleset": made.ruleset_name,
              "decks": ["main"], "cards": len(session.ruleset.deck), "pot": dict(made.chips.pot),
              "unlimited": session.ruleset.chips["unlimited"]}
    notes = []
    if made.commitment:  # a shared table: its seeds come from a secret the group can check later
        result["commitment"] = made.commitment
        notes.append(f"table {made.name} deals from a secret; its commitment: {made.commitment} (keep it: dealer "
                     f"table reveal {made.name} discloses the secret, and dealer verify checks every card and die)")
    session.show(result, seed=session.seed, notes=notes)


@table.command("list")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def list_command(ctx):
    """The tables, with their rulesets.

    \b
    Example:
      dealer table list
    """
    session = Session(ctx, "table list")
    store = session.store()
    with store.transaction(create=False, readonly=True) as tx:
        summaries = tx.summaries() if tx else []
    session.show({"kind": "tables", "store": store.describe(), "tables": summaries}, ruleset=None)


def table_data(table):
    decks = {}
    for name, piles in table.decks.items():
        decks[name] = {**piles.counts(), "in_play": {holder or "table": list(cards) for holder, cards in piles.play.items()},
                       "sleeves": dict(piles.sleeves)}
    chips = {"pot": table.chips.pot, "players": table.chips.players}
    if "chips" in table.ruleset.document["mechanics"]:
        from dealer.core.mechanics.chips import conservation, in_roster_order

        colours = list(table.ruleset.chips["pot"])  # the pot's order (white, red, blue), players in roster order

        def ordered(counts):
            return {colour: counts[colour] for colour in [*colours, *counts] if colour in counts}

        chips = {"pot": ordered(table.chips.pot),
                 "players": {name: ordered(held) for name, held in in_roster_order(table, table.chips.players).items()},
                 "conservation": conservation(table)}
    from dealer.core.mechanics.long_actions import under_way_data
    from dealer.core.mechanics.people import shown_conditions

    data = {"kind": "table-show", "table": table.name, "ruleset": table.ruleset_name, "created": table.created,
            "decks": decks, "roster": table.roster, "chips": chips,
            "conditions": shown_conditions(table.ruleset, table), "under_way": under_way_data(table)}
    mechanics = table.ruleset.document["mechanics"]
    if "action" in mechanics:
        from dealer.core.mechanics.action.common import on_hold
        from dealer.core.mechanics.action.turns import round_summary

        data.update(turns=round_summary(table.ruleset, table), hold=on_hold(table))
    if "gadget" in mechanics:
        from dealer.core.mechanics.gadget.invention import ListRequest, resolve_list

        data["devices"] = resolve_list(table.ruleset, ListRequest(), table).devices
    return {**data, "state": table.states_data()}


@table.command("show")
@table_argument(required=False)
@global_options(seed=False)
@click.pass_context
def show(ctx, name):
    """Show a table (default: --table): decks, roster, chips.

    \b
    Example:
      dealer table show friday
    """
    session = Session(ctx, "table show")
    loaded, problems = session.read_table(name, problems=True)
    result = table_data(loaded)
    notes = []
    if problems:  # shown all the same: a reading command keeps working
        result["damaged"] = problems
        notes = [f"table '{loaded.name}' is damaged: {problems[0]}"
                 + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
                 + f"; dealer table check {loaded.name} lists what is wrong"]
    session.show(result, notes=notes)


@table.command("reset")
@table_argument()
@global_options(table=False, store=True)
@click.pass_context
def reset(ctx, name):
    """Every card back in its deck and shuffled, sleeves cleared, chips back in the pot.

    The roster and the history stay.

    \b
    Example:
      dealer table reset friday
    """
    from dealer.core.roster import reset_table

    Session(ctx, "table reset").run(reset_table, None, table="required", name=name)


@table.command("delete")
@table_argument()
@click.option("--yes", is_flag=True, help="Do not ask.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def delete(ctx, name, yes):
    """Delete a table and its history (asks first unless --yes).

    \b
    Example:
      dealer table delete friday --yes
    """
    from dealer.store.tables import check_name

    session = Session(ctx, "table delete")
    check_name(name)
    if not yes:
        with session.transaction(create=False, readonly=True) as tx:  # a seat is refused before it is asked
            session.check_seat(tx)
        if not (sys.stdin and sys.stdin.isatty()):
            raise TableError(f"deleting table '{name}' loses its history: add --yes to confirm")
        click.confirm(f"Delete table '{name}' and all its history?", abort=True, err=True)
    with session.transaction() as tx:
        session.check_seat(tx)
        tx.delete(name)
    session.show({"kind": "table", "action": "delete", "table": name}, ruleset=None)


@table.command("shuffle")
@table_argument()
@click.argument("deck", required=False)
@global_options(table=False, store=True)
@click.pass_context
def shuffle(ctx, name, deck):
    """Shuffle a deck's discards back in (default: every deck); cards held stay held.

    \b
    Example:
      dealer table shuffle friday hex:Velvet
    """
    session = Session(ctx, "table shuffle")
    with session.table(name) as loaded:
        names = [deck] if deck else sorted(loaded.decks)
        rng = session.rng()
        counts = {}
        for deck_name in names:
            if deck_name not in loaded.decks:
                raise TableError(f"table '{name}' has no deck '{deck_name}' (it has: {', '.join(sorted(loaded.decks))})")
            counts[deck_name] = loaded.decks[deck_name].shuffle(rng)
            loaded.touch(deck_name)
            loaded.log("shuffle", deck=deck_name, data={"cards": counts[deck_name]})
    session.show({"kind": "table", "action": "shuffle", "table": name, "shuffled": counts}, seed=session.seed)


@table.command("discard")
@table_argument()
@click.argument("cards", nargs=-1, required=True, shell_complete=completes("held_cards"))
@click.option("--deck", "deck_name", metavar="NAME", help="The deck the cards belong to [default: the one that "
              "holds them out].")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def discard(ctx, name, cards, deck_name):
    """Return cards in play (or up a sleeve) to their deck's discard pile.

    Each card is found in the deck that has it out (an action deck, a caster's, the
    main deck); a card out in two decks needs --deck.

    \b
    Examples:
      dealer table discard friday "As Kd"
      dealer table discard friday Qs --deck marshal
    """
    session = Session(ctx, "table discard")
    if any(not text.strip() for text in cards):
        raise click.BadParameter("an empty argument names no card: give codes such as \"As Kd\"", ctx,
                                 param_hint="CARDS")
    from dealer.core.roster import discard_held

    with session.table(name) as loaded:
        codes = [card.code for card in loaded.ruleset.deck.parse_many(cards)]
        deck_name = discard_held(loaded, codes, deck_name)
    session.show({"kind": "table", "action": "discard", "table": name, "deck": deck_name, "cards": codes})


@table.command("log")
@table_argument()
@click.option("--since", type=Int(0, INT64), default=0, help="Only events after this number.")
@click.option("--last", type=Int(0, INT64), default=None, metavar="N", help="Only the last N events.")
@click.option("--seed", "seed_filter", type=Int(0, INT64), default=None, metavar="N",
              help="A filter: only the events of the command run with seed N (each event shows its seed).")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def log(ctx, name, since, last, seed_filter):
    """The table's history, one event per line (--jsonl for JSON Lines).

    Printed as it is read, so a long history starts at once; --last N shows the end.

    \b
    Examples:
      dealer table log friday
      dealer table log friday --last 20
      dealer table log friday --jsonl --since 10
      dealer table log friday --seed 1234
    """
    from dealer.render.stream import document_lines, write_lines
    from dealer.render.tables import log_lines
    from dealer.store.tables import check_name

    session = Session(ctx, "table log")
    check_name(name)
    with session.transaction(create=False, readonly=True) as tx:
        if tx is None:
            raise TableError(f"no table '{name}': there are no tables yet; make one with: dealer table new {name}")
        widths = tx.history_widths(name, since, last)
        events = tx.events(name, since, last)
        if seed_filter is not None:
            events = [event for event in events if event.get("seed") == seed_filter]
            widths = widths if events else None
        if session.settings.jsonl:
            import json

            write_lines(json.dumps({"schema": render.SCHEMA, "table": name, **event}, ensure_ascii=False,
                                   separators=(",", ":"))
                        for event in events)
        elif session.settings.json:
            write_lines(document_lines(session.envelope(None, ruleset=None), "events", events, kind="table-log",
                                       table=name))
        elif widths is None:
            click.echo("no events" + (f" with seed {seed_filter}" if seed_filter is not None else ""))
        else:
            write_lines(log_lines(events, widths))


@table.command("watch")
@table_argument()
@click.option("--since", type=Int(0, INT64), default=None, metavar="N",
              help="First print the events after event N (default: only what lands from now on).")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def watch(ctx, name, since):
    """Print each new event of the table as it lands, written by any process on any machine,
    until interrupted (Ctrl-C); --jsonl prints the lines `table log --jsonl` prints.

    PostgreSQL tells dealer of each new event (LISTEN/NOTIFY); on the SQLite file dealer looks
    at the file's data version ten times a second.

    \b
    Examples:
      dealer table watch friday
      dealer table watch friday --jsonl --since 0 | my-logger
    """
    from dealer.render.tables import log_lines
    from dealer.store.tables import check_name

    session = Session(ctx, "table watch")
    check_name(name)
    if session.settings.json:
        raise click.UsageError("a watch never ends, so it is not one JSON object: use --jsonl", ctx)
    store = session.store()
    if since is None:
        with store.transaction(create=False, readonly=True) as tx:
            if tx is None:
                raise TableError(f"no table '{name}': there are no tables yet; make one with: dealer table new {name}")
            since = tx.last_seq(name)
    if session.settings.jsonl:
        import json

        def line(event):
            return json.dumps({"schema": render.SCHEMA, "table": name, **event}, ensure_ascii=False,
                              separators=(",", ":"))
    else:
        def line(event):
            return next(log_lines([event], WATCH_WIDTHS))
    try:
        for event in store.watch(name, since):
            click.echo(line(event))
    except KeyboardInterrupt:  # how a watch ends: quietly
        return


WATCH_WIDTHS = (4, 20, 12, 15, 12, 6)  # a watch's text columns: the log's, as wide as a usual event's


@table.command("seat")
@table_argument()
@click.argument("seat", required=False)
@click.option("--role", type=click.Choice(["gm", "player", "watcher"]), help="What the seat may do.")
@click.option("--for", "people", multiple=True, metavar="PERSON", shell_complete=completes("table_roster"),
              help="A roster person a player's seat acts for (repeat for more).")
@click.option("--list", "listing", is_flag=True, help="The table's seats.")
@click.option("--revoke", metavar="SEAT", help="Take a seat away: its role can no longer connect.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def seat(ctx, name, seat, role, people, listing, revoke):
    """Make a seat at a shared table (PostgreSQL): a database role of its own with a new password,
    for a GM, a player bound to roster people, or a watcher. The store URL it prints (once) is
    what that player sets as DEALER_STORE; the database itself keeps the seat to what it may
    see and do (dealer help shared-tables).

    \b
    Examples:
      dealer table seat friday marshal --role gm
      dealer table seat friday sarah --role player --for Sarah
      dealer table seat friday --list
      dealer table seat friday --revoke sarah
    """
    session = Session(ctx, "table seat")
    if sum(map(bool, (seat, listing, revoke))) != 1:
        raise click.UsageError("give a SEAT to make (with --role), or --list, or --revoke SEAT", ctx)
    with session.transaction(create=False) as tx:
        if tx is None:
            raise TableError(f"no table '{name}': there are no tables yet")
        loaded = tx.load(name)
        if not listing:
            session.check_seat(tx)
        if listing:
            result = {"kind": "table-seat", "action": "list", "table": loaded.name, "seats": tx.seats(loaded)}
        elif revoke:
            result = {"kind": "table-seat", "action": "revoke", "table": loaded.name,
                      "seat": tx.revoke_seat(loaded, revoke)}
        else:
            made = tx.make_seat(loaded, _seat_name(seat), *_seat_role(ctx, loaded, role, people))
            result = {"kind": "table-seat", "action": "new", "table": loaded.name, "seat": made,
                      "store": made["store"]}
        if not listing:
            tx.save(loaded, session.command)
    session.show(result, ruleset=loaded.ruleset_name)


def _seat_name(seat):
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}", seat):
        raise click.BadParameter(f"'{seat}': a seat is named with up to 32 letters, digits, '_' or '-'",
                                 param_hint="SEAT")
    return seat


def _seat_role(ctx, table, role, people):
    """The seat's role and people, checked: a player acts for roster people; a GM and a watcher for none."""
    if role is None:
        raise click.UsageError("which role? --role gm, --role player --for PERSON, or --role watcher", ctx)
    if role == "player" and not people:
        raise click.UsageError("a player's seat acts for roster people: add --for PERSON", ctx)
    if role != "player" and people:
        raise click.UsageError(f"a {role}'s seat acts for nobody in particular: drop --for", ctx)
    for person in people:
        table.person(person)  # on the roster, or a did-you-mean
    return role, list(dict.fromkeys(people))  # a person named twice is one


@table.command("reveal")
@table_argument()
@global_options(seed=False, table=False, store=True)
@click.pass_context
def reveal(ctx, name):
    """Disclose a shared table's secret, which dealt every seed since it was made (or last
    revealed), and start a fresh one: anyone can then check every card and die of the log with
    dealer verify. Run by the GM, at the end of a session.

    \b
    Example:
      dealer table reveal friday
    """
    session = Session(ctx, "table reveal")
    with session.transaction(create=False) as tx:
        if tx is None:
            raise TableError(f"no table '{name}': there are no tables yet")
        loaded = tx.load(name)
        session.check_seat(tx)
        revealed = tx.reveal(loaded)
        tx.save(loaded, session.command)
    session.show({"kind": "table-reveal", "table": loaded.name, "revealed": revealed}, ruleset=loaded.ruleset_name)


@table.command("add")
@table_argument()
@click.argument("person", required=False)
@click.option("--side", default=None, shell_complete=completes("sides"),
              help="posse or marshal (the ruleset's sides; default the first).")
@click.option("--trait", "traits", multiple=True, metavar="KEY=VALUE",
              help="A trait the mechanics read: quickness=3d6, spirit=3d10, hexslinging=5, master=3.")
@click.option("--trait-free", is_flag=True, help="Also keep traits no mechanic reads (house traits).")
@click.option("--sheet", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="A character sheet: skills, spells, advantages, knacks, stunts, favors, disadvantages, "
                   "miracles, Weird, traits (dealer help poker-hands; samples: dealer help --path).")
@click.option("--strict", is_flag=True, help="Refuse a character over the ruleset's budget (or missing a Weird); "
              "without it, a warning.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def add(ctx, name, person, side, traits, trait_free, sheet, strict):
    """Add PERSON to the table's roster (or the person a --sheet describes).

    A character over the ruleset's creation budget (poker-hands: 30 points; Weird Dust
    Devils: 16 points of Scores, and a Weird for a Power) gets a warning on stderr, or with
    --strict is refused.

    \b
    Examples:
      dealer table add friday Velvet --side posse --trait quickness=2d8 --trait hexslinging=5
      dealer table add saloon --sheet bert.toml --strict
    """
    from dealer.core.roster import RosterRequest, add_person

    values, given = parse_traits(traits), None
    if sheet:
        given = _sheet(ctx, sheet)
        person, side, values = person or given["name"], side or given["side"], {**given["traits"], **values}
    if not person:
        raise click.UsageError("who joins? dealer table add NAME PERSON (or a --sheet with a name)", ctx)
    session = Session(ctx, "table add")
    with session.table(name) as loaded:
        request = RosterRequest(person, side, values, trait_free, strict, sheet=given)
        result = add_person(loaded.ruleset, request, loaded).to_data()
    session.show(result, notes=result["warnings"])


def _sheet(ctx, path):
    """What a character sheet gives: a name, a side and traits (the command line's win over them).
    The history records it, and a replay (dealer verify) takes it from there, never from a file.
    The file is read as a ruleset file is (never blocking, bounded in size, depth and memory)."""
    from dealer.core.characters import sheet_traits
    from dealer.errors import RulesetError, shown
    from dealer.store.replay import SHEETS_KEY
    from dealer.store.rulesets import read_toml

    replayed = ctx.find_root().meta.get(SHEETS_KEY)
    if replayed is not None and path in replayed:
        return replayed[path]
    try:
        sheet = read_toml(path, "character sheet")
    except RulesetError as error:
        problem = error.problems[0].split(": ", 1)[-1]
        raise click.BadParameter(f"{shown(path)} is not a TOML character sheet: {problem}", ctx,
                                 param_hint="--sheet") from None
    named, sided, traits = sheet_traits(sheet)
    return {"name": named, "side": sided, "traits": traits}


@table.command("set")
@table_argument()
@click.argument("person", shell_complete=completes("table_roster"))
@click.option("--side", default=None, shell_complete=completes("sides"), help="Move them to this side.")
@click.option("--trait", "traits", multiple=True, metavar="KEY=VALUE", help="Set a trait; KEY= removes it.")
@click.option("--trait-free", is_flag=True, help="Also keep traits no mechanic reads (house traits).")
@click.option("--strict", is_flag=True, help="Refuse a change that puts the character over the ruleset's budget.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def set_command(ctx, name, person, side, traits, trait_free, strict):
    """Change PERSON's side or traits.

    \b
    Example:
      dealer table set friday Velvet --trait spirit=3d10
    """
    from dealer.core.roster import RosterRequest, change_person

    request = RosterRequest(person, side, parse_traits(traits), trait_free, strict)
    session = Session(ctx, "table set")
    with session.table(name) as loaded:
        result = change_person(loaded.ruleset, request, loaded).to_data()
    session.show(result, notes=result["warnings"])


@table.command("remove")
@table_argument()
@click.argument("person", shell_complete=completes("table_roster"))
@global_options(seed=False, table=False, store=True)
@click.pass_context
def remove(ctx, name, person):
    """Take PERSON off the roster (their cards in play go to the discards).

    \b
    Example:
      dealer table remove friday Velvet
    """
    from dealer.core.roster import RosterRequest, remove_person

    Session(ctx, "table remove").run(remove_person, RosterRequest(person), table="required", name=name,
                                     randomness=False)


@table.command("rest")
@table_argument()
@click.argument("person", required=False, default="", shell_complete=completes("table_roster"))
@global_options(seed=False, table=False, store=True)
@click.pass_context
def rest(ctx, name, person):
    """PERSON (default: everyone) rests a few hours: no longer winded, rituals free again.

    No session chips are dealt (that is dealer chips session).

    \b
    Example:
      dealer table rest friday Sally
    """
    from dealer.core.roster import RosterRequest, rest_person

    Session(ctx, "table rest").run(rest_person, RosterRequest(person), table="required", name=name,
                                   randomness=False)


@table.command("condition")
@table_argument()
@click.argument("person", shell_complete=completes("table_roster"))
@click.argument("words", nargs=-1, required=True, metavar="CONDITION...")
@click.option("--clear", is_flag=True, help="Clear the conditions named instead of setting them.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def condition(ctx, name, person, words, clear):
    """PERSON's conditions set by hand (savage-worlds): shaken, stunned, distracted, vulnerable,
    fatigued, exhausted, incapacitated, bleeding-out, dead; wounds=N, fatigue=N (a group of
    Extras: shaken=N, down=N). Distracted and Vulnerable last to the end of PERSON's next turn.

    \b
    Examples:
      dealer table condition tombstone Quinn stunned
      dealer table condition tombstone Quinn wounds=1 fatigued
      dealer table condition tombstone Quinn incapacitated --clear
    """
    from dealer.core.mechanics.statuses import ConditionRequest, resolve_condition

    Session(ctx, "table condition").run(resolve_condition, ConditionRequest(person, tuple(words), clear),
                                        table="required", name=name, randomness=False)


@table.command("undo")
@table_argument()
@global_options(seed=False, table=False, store=True)
@click.pass_context
def undo(ctx, name):
    """Put the table back as it was before its last command that changed it.

    Cards, chips, roster and state go back in one step; the history keeps every event and
    records the undo. Run it again to walk further back (up to 100 commands).

    \b
    Example:
      dealer table undo friday
    """
    session = Session(ctx, "table undo")
    with session.transaction(create=False) as tx:
        if tx is None:
            raise TableError(f"no table '{name}': there are no tables yet")
        loaded = tx.load(name)
        session.check_seat(tx)
        undone = tx.undo(loaded)
        if undone is None:
            raise TableError(f"table '{loaded.name}': nothing to undo (a new or imported table starts with "
                             "nothing to undo)")
        left = tx.undo_depth(loaded)
    first, last = undone["events"]
    events = "no events" if last < first else f"event {first}" if first == last else f"events {first} to {last}"
    session.show({"kind": "table-undo", "table": loaded.name, "undid": undone, "left": left, "events": events},
                 ruleset=loaded.ruleset_name)


@table.command("export")
@table_argument()
@global_options(seed=False, table=False, store=True)
@click.pass_context
def export(ctx, name):
    """Print the whole table, history included, as one JSON document (for `table import`).

    Only reads: works on a read-only state file (backups). A damaged table (see `table
    check`) is refused, naming what is wrong, rather than exported as if it were whole.

    \b
    Example:
      dealer table export friday > friday.json
    """
    from dealer.store.tables import check_name
    from dealer.store.transfer import checked_export

    session = Session(ctx, "table export")
    with session.transaction(create=False, readonly=True) as tx:
        if tx is None:
            raise TableError(f"no table '{check_name(name)}': there are no tables yet")
        session.check_seat(tx)
        loaded = tx.load(name)
        result, problems = checked_export(tx.db, loaded.name)
    if problems:
        raise TableError(f"table '{loaded.name}' is damaged, so it is not exported: {problems[0]}"
                         + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
                         + f"; dealer table check {loaded.name} lists what is wrong")
    settings = session.settings
    if not (settings.json or settings.jsonl):  # the document is JSON whatever the options say
        settings.json = True
    session.emit([session.envelope(result, ruleset=loaded.ruleset_name)], [])


@table.command("import")
@click.argument("file", metavar="FILE")
@click.option("--as", "as_name", metavar="NAME", help="Import under this name (default: the exported name).")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def import_command(ctx, file, as_name):
    """Make a table from a `dealer table export` document (FILE, or - for stdin).

    The document is checked in full (format, ruleset, every card once per deck, roster,
    each mechanic's state, chips conserved, history) and refused without writing anything
    if any check fails. FILE is a regular file of at most 50,000,000 bytes.

    \b
    Examples:
      dealer table import friday.json
      dealer table import friday.json --as saturday
    """
    from dealer.store.transfer import check, import_table, read_document, read_file

    session = Session(ctx, "table import")
    data, where = read_file(file)
    result = read_document(data, where)
    name = as_name or result.get("table")
    if not isinstance(name, str):
        raise TableError(f"cannot import {where}: no table name; give one with --as NAME")
    rows = check(result, where, name)  # before the state file is opened (or made)
    with session.transaction() as tx:
        session.check_seat(tx)
        import_table(tx, result, name, where, rows)
        loaded = tx.load(name)
        summary = {"kind": "table-import", "table": loaded.name, "ruleset": loaded.ruleset_name,
                   "from": result.get("table"), "file": where, "decks": sorted(loaded.decks),
                   "roster": len(loaded.roster), "events": len(result["events"]) + 1}
    session.show(summary, ruleset=loaded.ruleset_name)


@table.command("fork")
@table_argument()
@click.option("--at", type=Int(1, INT64), required=True, metavar="N", help="The last event of NAME the fork keeps.")
@click.option("--as", "as_name", required=True, metavar="NEW", help="The new table's name.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def fork(ctx, name, at, as_name):
    """A new table NEW holding NAME as it was right after event N, to play out what else could
    have happened. NEW is rebuilt by replaying NAME's history up to N (each command again with
    its seed, checked against the log, as dealer verify does); its history is those events and
    a fork event. NAME is untouched. N must end a command: the refusal names the nearest that do.

    \b
    Example:
      dealer table fork friday --at 40 --as friday-held
    """
    from dealer.store.fork import fork_source, replay_until
    from dealer.store.replay import write_fork
    from dealer.store.tables import check_name

    session = Session(ctx, "table fork")
    if session.settings.ruleset_given:
        raise click.UsageError("-r means nothing here: a fork plays the table's pinned ruleset; drop it", ctx)
    check_name(as_name)
    with session.transaction(create=False, readonly=True) as tx:
        session.check_seat(tx)
        source = fork_source(tx, name, as_name)
        secret = tx.replay_secret(source["table"])  # a table with seats is dealt from it
    replayed, summary = replay_until(source, at, secret)
    with session.transaction() as tx:
        write_fork(tx, replayed, as_name, source["table"], at)
    session.show({"kind": "table-fork", "table": as_name, **summary}, ruleset=source["ruleset"])


@table.command("stats")
@table_argument()
@click.option("--person", metavar="NAME", shell_complete=completes("table_roster"),
              help="Only NAME's rows (a name on the roster, or one the history names).")
@click.option("--since", type=Int(0, INT64), default=None, metavar="N", help="Only the events after event N.")
@click.option("--session", "session_only", is_flag=True,
              help="Only this session: from the start of the last 'chips session' on.")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def stats(ctx, name, person, since, session_only):
    """The luck ledger: for each person, what their rolls and draws came to (busts, successes,
    raises, action cards and Jokers, hexes, spells, breakdowns, contests, chips by colour) against
    what the exact odds expected for exactly those rolls and draws, and how unusual each count is:
    the exact chance of a count at least that far from the expected one, either way.

    \b
    Examples:
      dealer table stats friday
      dealer table stats friday --person Sarah --session
      dealer table stats friday --since 120 --json
    """
    from dealer.core.ledger.rows import table_stats

    session = Session(ctx, "table stats")
    if since is not None and session_only:
        raise click.UsageError("--since N and --session both say where to start: give one", ctx)
    with session.transaction(create=False, readonly=True) as tx:
        if tx is None:
            raise TableError(f"no table '{name}': there are no tables yet; make one with: dealer table new {name}")
        loaded = tx.load(name)  # says there is none, with the name it may have meant
        history = tx.history(loaded.name)
    result = table_stats(loaded.ruleset, loaded.name, list(loaded.roster), history, person=person, since=since,
                         session=session_only)
    session.show(result, ruleset=loaded.ruleset_name)


def _budgets(loaded):
    from dealer.core.roster import budgets

    return budgets(loaded.ruleset, loaded)


@table.command("check")
@table_argument(required=False)
@global_options
@click.pass_context
def check_command(ctx, name):
    """Check a table is whole (default: --table): every card of each deck exactly once across
    its piles, chips conserved (favor chips counted), each mechanic's state, the roster and
    the history. Exit 1, listing what is wrong, when it is not. Then every character's points
    against the ruleset's creation budget.

    \b
    Example:
      dealer table check friday
    """
    from dealer.store.tables import check_name
    from dealer.store.transfer import table_problems

    session = Session(ctx, "table check")
    name = name or session.settings.table
    if not name:
        raise TableError("which table? dealer table check NAME (or --table NAME, or set DEALER_TABLE)")
    with session.transaction(create=False, readonly=True) as tx:
        if tx is None:
            raise TableError(f"no table '{check_name(name)}': there are no tables yet")
        if not tx.exists(name):
            tx.load(name)  # says there is none, with the name it may have meant
        session.check_seat(tx)
        problems = table_problems(tx.db, name)  # reads the rows, not a loaded table: damage is listed
        budgets = {} if problems else _budgets(tx.load(name))
    session.show({"kind": "table-check", "table": name, "whole": not problems, "problems": problems,
                  "budgets": budgets}, ruleset=None)
    if problems:
        raise TableError(f"table '{name}' is damaged ({render.plural(len(problems), 'problem')}); "
                         "restore it from an export (dealer table import), or delete it")
