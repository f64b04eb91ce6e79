"""Conflicts, contests and conflict harm as text (from the data of ``result.to_data()``)."""

from __future__ import annotations

from dealer.render.hands import bonus_text, hand_line


def _deal_words(person: dict) -> str:
    if person["typed"]:
        return f"{len(person['cards'])} cards dealt by hand"
    parts = [f"{name} {count:+d}" if name == "extra" else f"{name} {count}" for name, count in person["deal"]]
    return f"dealt {person['dealt']} ({' + '.join(parts)})"


def scores_text(data: dict, cards) -> list[str]:
    chosen = data["scores"]
    lines = [f"conflict: {' + '.join(chosen)}" if chosen else "conflict: cards dealt by hand"]
    for person in data["participants"]:
        power = ", using Power" if person["power"] else ""
        lines.append(f"  {person['name']}{power}: {_deal_words(person)}: {cards.many(person['cards'])}")
        lines.append(f"    {hand_line(person['hand'], cards)}")
        if person["lost_by_rule"]:
            lines.append("    loses by rule: used Power without an Arcane hand")
    if data["winner"]:
        winner = next(p for p in data["participants"] if p["name"] == data["winner"])
        lines.append(f"winner: {data['winner']} with {winner['hand']['name']}")
        lines.append(_harm_line(data["harm"]))
    else:
        lines.append(f"a tie: {', '.join(data['tie'])} (no harm until the Dealer settles it)")
    twist = data["twist"]
    choices = ", ".join(cards.one(c["code"]) + ("" if c["kind"] == "plain" or c["name"].endswith(c["code"])
                                                else f" {c['name']}") for c in twist["choices"])
    lines.append(f"twist: {_who(twist)} played the lowest card ({_card(twist, cards)}) and may choose one: {choices}")
    lines.append(f"narrator: {_who(data['narrator'])} (played the highest card, {_card(data['narrator'], cards)})")
    for item in data["weirds"]:
        weird = f": {item['weird']}" if item["weird"] else ""
        lines.append(f"weird: {item['person']} used Power; the Narrator must use {item['person']}'s Weird{weird}")
    return lines


def _card(item: dict, cards) -> str:
    """The card a person played, with what a wild stood for (``Fool=2Co``)."""
    return cards.one(item["card"]) + (f"={cards.one(item['as'])}" if item["as"] != item["card"] else "")


def _who(item: dict) -> str:
    return " and ".join([item["person"]] + item["tied"])


def _harm_line(harm: dict) -> str:
    takers = ", ".join(harm["takers"])
    if harm["arcane"]:
        return f"harm: {harm['amount']} to {takers}; arcane: spread as each likes over {', '.join(harm['allowed'])}"
    return f"harm: {harm['amount']} to {takers}; mundane: on {' or '.join(harm['allowed'])} (the winning suits)"


def harm_text(data: dict, cards) -> list[str]:
    placed = ", ".join(f"{score} {n}" for score, n in data["placed"].items())
    total = ", ".join(f"{score} {n}" for score, n in data["harm"].items())
    return [f"{data['person']} takes harm: {placed} (harm taken: {total})"]


def clear_text(data: dict, cards) -> list[str]:
    if data.get("defence"):
        return [f"{data['person']}'s {data['was']} ends: the hand no longer stands"]
    return [f"{data['person']} steadies: no longer {data['was']}"]


def show_text(data: dict, cards) -> list[str]:
    lines = [f"table {data['table']}: harm by Score"]
    for person, taken in sorted(data["harm"].items()):
        lines.append(f"  {person}: " + ", ".join(f"{score} {taken[score]}" for score in data["scores"] if score in taken))
    for person, owed in sorted(data["pending"].items()):
        lines.append(f"  {person}: {owed['harm']} harm to place on {', '.join(owed['allowed'])}")
    if not data["harm"] and not data["pending"]:
        lines.append("  nobody has taken harm")
    for fear in ("shaken", "fleeing"):
        people = [name for name, held in data["fear"].items() if held == fear]
        if people:
            lines.append(f"{fear}: {', '.join(people)}")
    return lines


def _drawer_lines(person: dict, cards, title: str) -> list[str]:
    from dealer.render.draws import draw_lines, size_text

    draw = person["draw"]
    return [f"  {title}{person['name']}: {size_text(draw)}"] + draw_lines(draw, cards, "    ")


FEAR_WORDS = {"stalwart": "stalwart", "shaken": "shaken: -1 card until cleared",
              "fleeing": "fleeing: running like a jackrabbit (-1 card until cleared)"}


def contest_text(data: dict, cards) -> list[str]:
    fear, defence = data["fear"], data["defence"]
    defending = bool(defence) and defence["defender"] == data["participants"][0]["name"]
    head = f"contest against {data['target']['text']}"
    if defence:
        head = (f"{defence['defender']} {defence['how']}s" if defending
                else f"{data['participants'][0]['name']} attacks {defence['defender']}'s {defence['how']}")
    elif data.get("against"):
        head = (f"{data['participants'][0]['name']} attacks {data['against']}, who has no hand to block with: "
                f"a contest against {data['target']['text']}")
    if fear:
        raised = f" ({fear['base']} raised by fear level {fear['level']})" if fear["level"] else ""
        head = f"fear check against {data['target']['text']}{raised}"
    lines = [head]
    if fear and fear["event"]:
        lines.append(f"  the event draws {cards.many(fear['event']['cards'])}: {hand_line(fear['event']['hand'], cards)}")
    for helper in data["helpers"]:
        lines += _drawer_lines(helper, cards, "helper ")
        lines.append(f"    helps with {bonus_text(helper['bonus'])}")
    for i, person in enumerate(data["participants"]):
        lines += _drawer_lines(person, cards, "")
        value = person["draw"]["value"]
        if i == 0 and data["bonus"] and data["bonus"]["value"] and value:
            lines.append(f"    raised by the helpers to {value['text']}")
        if "outcome" in person:
            lines.append("    " + FEAR_WORDS[person["outcome"]])
        elif len(data["participants"]) == 1 and not defence:  # a lone draw, or an attack nothing blocks
            lines.append("    success" if person["success"] else "    failure")
    if defending:
        until = "their next action" if defence["how"] == "block" else "their first action of the next round"
        lines.append(f"  the hand stands until {until}")
    elif defence:
        hand = hand_line(defence["hand"], cards) if defence["hand"] else "no cards"
        automatic = " (their last hand: in hand-to-hand the blocking is automatic)" if defence.get("automatic") else ""
        lines.insert(1, f"  {defence['defender']}'s {defence['how']}{automatic}: {hand}")
    if data.get("blocks"):
        lines.append(f"  {data['blocks']}'s hand stands as their block until their next action")
    if data["winner"]:
        lines.append(f"winner: {data['winner']}")
    elif data["tie"]:
        lines.append(f"a tie: {', '.join(data['tie'])}")
    if data["called"]:
        called = data["called"]
        lines.append(f"called shot (-{called['penalty']} card{'s' if called['penalty'] != 1 else ''}): "
                     f"{called['by']}: {called['reading']}")
    return lines
