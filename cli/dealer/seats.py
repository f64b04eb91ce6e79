"""What a seat at a shared table may do, said by dealer before the database says it again.

A GM does everything; a watcher only reads; a player acts for its own people only: rolls
their traits, plays and sleeves their cards, casts their hexes and spells, spends, gives and
returns their own chips, builds and uses their devices, takes part in a contest. It never
deals a round, walks the countdown, undoes, resets or deletes, gives a chip from the pot, or
touches another person's chips, cards or the Marshal's side. The database enforces the same
(``dealer.store.postgres_grants``); this says it in one line naming the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dealer.errors import TableError

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset

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
READ_COMMANDS = {"action show", "chips", "conflict show", "gadget list", "table show", "table log"}

# What only the table's owner does (with the owner's own store URL): seats are database roles;
# an export (and a fork, made from one; and a check, which reads one) holds every card, the draw
# piles in order too.
OWNER_COMMANDS = {"table seat", "table delete", "table import", "table export", "table fork", "table check"}

# The parts of the state a player's seat writes for its own people, PART.KEY.PERSON. The
# database's ``seat_save_state`` keeps these (it is made from this list; favor chips only spent,
# never earned: that is a ritual, the GM's) and, besides them, only: the record each of its
# people's hands is kept in, the count of hands and rolls kept, its people on Hold, their designs
# and devices, their turns of the countdown taken, and an attack judged against anyone's standing
# defence.
PEOPLE_PARTS = (("conditions", "people"), ("hands", "people"), ("rolls", "people"), ("long_actions", "actions"),
                ("chips", "favor"), ("chips", "rituals"), ("conflict", "harm"))


def who(seat: dict) -> str:
    people = f" for {', '.join(seat['people'])}" if seat["people"] else ""
    return f"seat {seat['seat']} ({seat['kind']}{people})"


def check(seat: dict | None, command: str, params: dict, ruleset: Ruleset | None = None) -> None:
    """Refuse, in one line naming the seat, what ``seat`` may not do by running ``command`` (on a
    table of ``ruleset``)."""
    if seat is None or command in READ_COMMANDS:
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
    use = ruleset.chips.get("uses", {}).get(params.get("use") or "") if command == "chips spend" and ruleset else None
    if use and use.get("does") == "action-card":
        raise TableError(f"{who(seat)}: a new action card sorts the countdown again, whose other cards this seat "
                         f"sees face down: ask the GM to spend it (dealer chips spend {named[0]} --for {params['use']})")


def _people(value) -> list[str]:
    """The names a parameter gives: a name, or contest participants (``Bert=brawling``)."""
    if not value:
        return []
    if isinstance(value, str):
        return [value]
    names = [item.partition("=")[0] for item in value]
    return [name for name in names if name]


def check_state(seat: dict | None, before: dict, after: dict, words: list[str] | None = None,
                table: str | None = None) -> None:
    """Refuse, in one line naming the seat, a player's command that changed the table's state
    (``before``, as the seat saw it, and ``after``, both ``state_as_saved``) where the database
    keeps nothing of a player's save: there it would be lost, so it is the GM's to do. The line says
    what it would change in a player's words and the command (``words``, on ``table``) to ask the GM for."""
    if seat is None or seat["kind"] != "player":
        return
    people = set(seat["people"])
    refused = [path for path in changed_paths(before, after) if not _players(path, before, after, people)]
    if refused:
        raise TableError(refusal(seat, refused, words, table))


# A person's part of the state, in a player's words: PART.KEY.PERSON (``PEOPLE_PARTS``, and the harm a conflict's
# loser owes), and for their conditions each field (what damage changes is their wounds and Shaken).
PART_WORDS = {("hands", "people"): "hand", ("rolls", "people"): "last roll", ("long_actions", "actions"): "long action",
              ("chips", "favor"): "favor chips", ("chips", "rituals"): "rituals", ("conflict", "harm"): "harm",
              ("conflict", "pending"): "harm to place"}
CONDITION_WORDS = {"wounds": "wounds and Shaken", "fear": "wounds and Shaken", "incapacitated": "wounds and Shaken",
                   "down": "wounds and Shaken", "shaken_members": "wounds and Shaken", "damage": "wounds and Shaken",
                   "casts": "casts", "defence": "defence", "fatigue": "Fatigue", "stunned": "Stunned",
                   "distracted": "Distracted", "vulnerable": "Vulnerable"}
# What else a player's command may reach, and is the GM's: PART.KEY.
SHARED_WORDS = {("conditions", "acting"): "whose turn is under way in the countdown", ("hold", "people"): "who is on Hold",
                ("action",): "the round's countdown", ("turns",): "the round's countdown"}


def refusal(seat: dict, paths: list[tuple], words: list[str] | None, table: str | None) -> str:
    """A player's command refused for changing ``paths`` of the state: what it would change, as a player
    says it (whose wounds and Shaken, their hand, the countdown), why it is not theirs, and what to ask the GM.

    >>> seat = {"seat": "quinn", "kind": "player", "people": ["Quinn"]}
    >>> refusal(seat, [("conditions", "people", "Goon", "damage", "after", "down"), ("conditions", "people", "Goon",
    ...         "down")], ["roll", "3d6", "--damage", "--as", "Quinn", "--vs", "Goon"], "s")
    "seat quinn (player for Quinn): this would change Goon's wounds and Shaken: Goon is not Quinn's; ask the GM to apply the damage: dealer roll 3d6 --damage --as Quinn --vs Goon --table s"
    """
    mine = " or ".join(seat["people"])
    owned = [path for path in paths if len(path) > 2 and (path[:2] in PEOPLE_PARTS or path[:2] in PART_WORDS)]
    if owned:
        whose = owned[0][2]
        what = f"{whose}'s {' and '.join(dict.fromkeys(_part_words(path) for path in owned if path[2] == whose))}"
        why = f"{whose} is not {mine}'s" if whose not in seat["people"] else "that is the GM's at a shared table"
    else:
        first = paths[0]
        what = SHARED_WORDS.get(first[:2]) or SHARED_WORDS.get(first[:1]) or ".".join(map(str, first))
        why = "that is the GM's at a shared table"
    ask = "ask the GM"
    if words:
        from dealer.errors import shell_word

        deed = "apply the damage" if words[0] == "roll" and "--damage" in words else "run it"
        line = " ".join(map(shell_word, [*words, *(("--table", table) if table else ())]))
        ask = f"ask the GM to {deed}: dealer {line}"
    return f"{who(seat)}: this would change {what}: {why}; {ask}"


def _part_words(path: tuple) -> str:
    """A path of a person's part of the state (PART.KEY.PERSON...), in a player's words."""
    if path[:2] == ("conditions", "people"):
        return CONDITION_WORDS.get(path[3], "conditions") if len(path) > 3 else "conditions"
    return PART_WORDS.get(path[:2], "state")


def state_as_saved(states: dict) -> dict:
    """A table's state as a command saves it: each part read and written back by its own type
    (a value at its default left out), empty parts dropped; what two stores keep alike compares equal."""
    from dealer.core.table import STATE_TYPES, state_type

    saved = {}
    for key, data in states.items():
        part = state_type(key).from_data(data, key).to_data() if key in STATE_TYPES else data
        if part:
            saved[key] = part
    return saved


def changed_paths(before: Any, after: Any, path: tuple = ()) -> list[tuple]:
    """Where two states differ: into objects key by key, into the countdown turn by turn (when it
    keeps its length), any other list whole.

    >>> changed_paths({"a": {"b": 1, "c": [1]}}, {"a": {"b": 2, "c": [1]}, "d": 0, "e": {"f": 1}})
    [('a', 'b'), ('d',), ('e', 'f')]
    """
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict) or {type(before), type(after)} == {dict, type(None)}:
        before, after = before or {}, after or {}  # a part or an entry made, or gone: told key by key
        return [found for key in sorted(set(before) | set(after))
                for found in changed_paths(before.get(key), after.get(key), (*path, key))]
    if path == ("turns", "order") and isinstance(before, list) and isinstance(after, list) \
            and len(before) == len(after):
        return [found for i, (one, other) in enumerate(zip(before, after))
                for found in changed_paths(one, other, (*path, i))]
    return [path]


def _players(path: tuple, before: dict, after: dict, people: set) -> bool:
    """Whether a player acting for ``people`` may change the state at ``path`` (what
    ``seat_save_state`` keeps of a player's save)."""
    def at(state, *keys):
        for key in keys:
            state = state.get(key) if isinstance(state, dict) else None
        return state

    if path[:2] == ("conditions", "people") and path[3:] == ("defence", "attacked") and at(after, *path) is True:
        return True  # an attack its people made, judged against anyone's standing defence
    if path[:2] == ("chips", "favor"):  # earned in a ritual, the GM's: a player only spends them
        before_count, after_count = at(before, *path), at(after, *path)
        return len(path) == 4 and path[2] in people and isinstance(after_count or 0, int) \
            and (after_count or 0) <= (before_count or 0)
    if path[:2] in PEOPLE_PARTS:
        return len(path) > 2 and path[2] in people
    if path[:2] == ("hands", "kept"):
        kept = {str(at(state, "hands", "people", person)) for state in (before, after) for person in people}
        return len(path) > 2 and path[2] in kept
    if path in (("hands", "seq"), ("rolls", "seq")):
        return (at(after, *path) or 0) > (at(before, *path) or 0)
    if path == ("hold", "people"):
        return set(at(before, *path) or []) ^ set(at(after, *path) or []) <= people
    if path[:2] in (("gadget", "designs"), ("gadget", "devices")) and len(path) > 2:
        maker = "inventor" if path[1] == "designs" else "builder"
        return at(before, *path[:3], maker) in people or at(after, *path[:3], maker) in people
    if path[:2] == ("turns", "order") and path[3:] == ("acted",):  # one of its people's turns taken
        return before["turns"]["order"][path[2]].get("name") in people \
            and after["turns"]["order"][path[2]].get("acted") is True
    return False
