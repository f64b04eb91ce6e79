"""What a seat at a shared table may do, said by dealer before the database says it again.

A GM does everything; a watcher only reads; a player acts for its own people only: rolls
their traits, plays and sleeves their cards, casts their hexes and spells, spends, gives and
returns their own chips, builds and uses their devices, takes part in a contest. It never
deals a round, walks the countdown, undoes, resets or deletes, gives a chip from the pot, or
touches another person's chips, cards or the Marshal's side. The database enforces the same
(``dealer.store.postgres_grants``); this says it in one line naming the seat.
"""

from __future__ import annotations

from dealer.errors import TableError

# A player's commands, and which of the command's parameters name the people it acts for.
PLAYER_COMMANDS = {
    "roll": ("person",),
    "hex": ("caster",),
    "chips spend": ("person",),
    "chips return": ("person",),
    "action sleeve": ("name",),
    "action play": ("name",),
    "action interrupt": ("name",),
    "action hold": ("name",),
    "action act": ("name",),
    "action begin": ("name",),
    "gadget design": ("person",),
    "gadget build": ("person",),
    "gadget use": ("person",),
    "gadget repair": ("person",),
    "conflict": ("participants",),
}


# What only looks (though it runs in a command's transaction): any seat may.
READ_COMMANDS = {"action show", "chips", "gadget list", "table show", "table log", "table check"}

# What only the table's owner does (with the owner's own store URL): seats are database roles.
OWNER_COMMANDS = {"table seat", "table delete", "table import"}


def who(seat: dict) -> str:
    people = f" for {', '.join(seat['people'])}" if seat["people"] else ""
    return f"seat {seat['seat']} ({seat['kind']}{people})"


def check(seat: dict | None, command: str, params: dict) -> None:
    """Refuse, in one line naming the seat, what ``seat`` may not do by running ``command``."""
    if seat is None or command in READ_COMMANDS or (command == "conflict" and params.get("participants")
                                                      and params["participants"][0] == "show"):
        return
    if command in OWNER_COMMANDS:
        raise TableError(f"{who(seat)} may not run `dealer {command}`: that is the table's owner's (the store URL "
                         "the table was made with)")
    if seat["kind"] == "gm":
        return
    if seat["kind"] == "watcher":
        raise TableError(f"{who(seat)} only watches: `dealer {command}` changes the table; ask the GM")
    if params.get("secret"):
        raise TableError(f"{who(seat)}: a secret roll is the GM's; roll in the open")
    acts_for = PLAYER_COMMANDS.get(command)
    if acts_for is None:
        raise TableError(f"{who(seat)} may not run `dealer {command}`: that is the GM's at a shared table")
    named = [name for key in acts_for for name in _people(params.get(key))]
    if not named:
        raise TableError(f"{who(seat)}: say who acts (one of {', '.join(seat['people'])}) for `dealer {command}`")
    strangers = [name for name in named if name not in seat["people"]]
    if strangers:
        raise TableError(f"{who(seat)} acts for {', '.join(seat['people'])}, not for {', '.join(strangers)}")


def _people(value) -> list[str]:
    """The names a parameter gives: a name, or contest participants (``Bert=brawling``)."""
    if not value:
        return []
    if isinstance(value, str):
        return [value]
    names = [item.partition("=")[0] for item in value if item not in ("harm", "clear", "show")]
    return [name for name in names if name]
