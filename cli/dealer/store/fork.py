"""``dealer table fork T --at N --as NEW``: table T as it was right after its event N, rebuilt
by replaying its history (``dealer.store.replay``) and written as a new table whose history is
those events and a ``fork`` event (``replay.write_fork``). T itself is only read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.errors import TableError
from dealer.store.replay import Replay

if TYPE_CHECKING:
    from dealer.store.tables import Transaction


def fork_source(tx: Transaction | None, name: str, new: str) -> dict:
    """Table ``name`` exported, to fork as ``new``: refused when it is damaged, or ``new`` exists."""
    from dealer.store.transfer import checked_export

    if tx is None:
        raise TableError(f"no table '{name}': there are no tables yet")
    loaded = tx.load(name)  # says there is none, with the name it may have meant
    if tx.exists(new):
        raise TableError(f"table '{new}' already exists: fork under another name with --as NAME")
    result, problems = checked_export(tx.db, loaded.name)
    if problems:
        raise TableError(f"table '{loaded.name}' is damaged, so it is not forked: {problems[0]}; "
                         f"dealer table check {loaded.name} lists what is wrong")
    return result


def replay_until(result: dict, at: int, secret: bytes | None = None) -> tuple[dict, dict]:
    """Table ``result`` (an export's result) replayed up to its event ``at``: the replayed table's
    export, and what was done. Refused unless ``at`` ends a command of the log and every event up
    to it replays as logged (none written by a newer dealer). ``secret``: the one the table deals
    from now (a table with seats is dealt by it since its last reveal), which only deals: the seeds
    a table's owner gave are kept."""
    from dealer.store.versions import newer_refusal

    table, last = result["table"], len(result["events"])
    if at > last:
        raise TableError(f"table '{table}' has {_events(last)}: --at {at} is past its end")
    newer = newer_refusal(result["events"][:at], "fork")
    if newer is not None:
        raise TableError(f"table '{table}' is not forked: {newer}")
    with Replay(result, secret, check_seeds=False) as replay:
        difference = replay.run(at)
        if difference is not None:
            raise TableError(f"table '{table}' does not replay, so it is not forked: {difference.message}")
        if replay.position > at:
            first, end, command = replay.span
            sides = " or ".join(str(n) for n in (first - 1, end) if n >= 2) if first > 1 else str(end)
            raise TableError(f"event {at} of table '{table}' is in the middle of {command} (events {first} to {end}): "
                             f"fork at {sides}, where a command ends")
        return replay.export(), {"from": table, "at": at, "of": last, "commands": replay.commands}


def _events(count):
    return f"{count} event" if count == 1 else f"{count} events"
