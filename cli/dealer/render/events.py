"""Events as text: a chip moved (one shape wherever a chip moves), a deck reshuffled or discarded."""

from __future__ import annotations

from dealer.render import plural


def event_line(event: dict) -> str:
    """One chip event (``kind`` ``chip``, its ``move``), or a ritual performed, in words."""
    who, colour, move = event["player"], event.get("colour"), event.get("move")
    favor = " favor" if event.get("pool") == "favor" else ""
    if event["kind"] == "ritual":
        return f"{who} performs the {event['ritual']} ritual"
    if colour is None:
        return f"{who}: no{favor} chip ({event.get('note') or event['why']})"
    if move == "draw":
        return f"{who} draws a {colour}{favor} chip ({event['why']})"
    if move == "give":
        return f"{who} takes a {colour}{favor} chip from the pot ({event['why']})"
    if move == "return":
        return f"{who} throws a {colour}{favor} chip back to the pot ({event['why']})"
    if move == "create":
        return f"a new {colour} chip is made for {who} ({event['why']})"
    acts = f", acting as {event['acts_as']}" if event.get("acts_as") else ""
    note = f": \"{event['note']}\"" if event.get("note") else ""
    return f"{who} spends a {colour}{favor} chip for {event['use']}{acts}{note}"


def event_text(event, cards_fmt):
    """A deck event (a reshuffle, a discard) or a chip event, in words."""
    kind = event["kind"]
    if kind == "chip":
        return event_line(event)
    if kind == "reshuffle":
        return f"{event['deck']} deck reshuffled ({event['why']}; {plural(event['count'], 'card')})"
    if kind == "reshuffle owed":
        return f"{event['deck']} deck: {event['why']}"
    if kind == "discard":
        return f"{event['why']}: {cards_fmt.many(event['cards'])} discarded"
    if kind == "bleeding out":
        from dealer.render.dice import recovery_line

        return recovery_line(event)
    from dealer.render import value_text

    return f"{kind}: " + ", ".join(f"{key}={value_text(value)}" for key, value in event.items()
                                   if key != "kind" and not isinstance(value, (dict, list)))
