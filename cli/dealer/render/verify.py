"""A replayed history as text: ``dealer verify`` and ``dealer table fork``."""

from __future__ import annotations

from dealer.render import plural


def verify_text(result, cards_fmt):
    """``N events verified`` and what was replayed; or how far it went and where it parted (the
    command itself tells that as its error)."""
    if result["verified"]:
        seeds = "every seed from the secret" if result["secret"] else "with their seeds"
        return [f"{plural(result['matched'], 'event')} verified: table {result['table']} ({result['ruleset']}), "
                f"{plural(result['commands'], 'command')} replayed {seeds}; they make the table as exported"]
    return [f"{result['matched']} of {plural(result['events'], 'event')} verified: {result['difference']['message']}"]


def fork_text(result, cards_fmt):
    return [f"table {result['table']}: {result['from']} as it was after event {result['at']} (of {result['of']}), "
            f"{plural(result['commands'], 'command')} replayed; its event {result['at'] + 1} is the fork"]
