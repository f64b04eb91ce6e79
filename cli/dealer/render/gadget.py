"""``dealer gadget`` results as text: design, build and use, read from their JSON data."""

from __future__ import annotations

from dealer.render import plural
from dealer.render.hands import bonus_text, hand_line


def steps_text(steps: int) -> str:
    """``beat by 2 steps``, ``hit``, ``missed by 1 step``."""
    if steps > 0:
        return f"beat by {plural(steps, 'step')}"
    if steps < 0:
        return f"missed by {plural(-steps, 'step')}"
    return "hit"


def _tier_line(data: dict) -> str:
    tier = data["tier"]
    example = f"; e.g. {tier['example']}" if tier["example"] else ""
    return f"{tier['name']} ({tier['rank_name']} or better{example})"


def _check_lines(data: dict, cards) -> list[str]:
    from dealer.render.draws import draw_lines, size_text

    assist = data["assist"]
    lines = []
    if assist is not None:
        who = f" by {assist['person']}" if assist["person"] else ""
        if assist["draw"] is None:
            lines.append(f"  assist{who}: {assist['rank']} -> {bonus_text(assist['bonus'])}")
        else:
            lines.append(f"  assist{who}: {size_text(assist['draw'])}")
            lines += draw_lines(assist["draw"], cards, "    ")
            lines.append(f"    -> {bonus_text(assist['bonus'])}")
    draw = data["draw"]
    lines.append(f"  check: {size_text(draw)}")
    return lines + draw_lines(draw, cards, "    ")


def chance_text(chance: dict) -> str:
    """``85/477 = 17.82% (5 cards from 54 holding 2 Jokers)``."""
    return (f"{chance['fraction']} = {chance['percent']:.2f}% ({plural(chance['reliability'], 'card')} from "
            f"{chance['deck_cards']} holding {plural(chance['jokers'], 'Joker')})")


def design_text(data: dict, cards) -> list[str]:
    lines = [f"design {data['name']}: {_tier_line(data)}"] + _check_lines(data, cards)
    verdict = "the design works" if data["success"] else "no design"
    bonus = f", {plural(data['bonus_cards'], 'bonus construction card')}" if data["bonus_cards"] else ""
    lines.append(f"  {steps_text(data['steps'])}: {verdict}{bonus}")
    lines += [f"  {joker['name']}: {joker['note']}" for joker in data["jokers"]]
    lines.append(f"  design time: {data['time']}")
    if data["stored"]:
        lines.append(f"  stored on table {data['table']}")
    return lines


def build_text(data: dict, cards) -> list[str]:
    name = data["design"] or "a device"
    lines = [f"build {name}: {_tier_line(data)}"] + _check_lines(data, cards)
    verdict = steps_text(data["steps"]) + (" with a high hand" if data["high"] else "")
    if not data["success"]:
        lines.append(f"  {verdict}: it just won't work")
    else:
        rushed = f" (rushed {plural(data['rush'], 'category')})" if data["rush"] else ""
        lines.append(f"  {verdict}: reliability {data['reliability']}, fail hand {data['fail_hand']} cards{rushed}")
        lines.append(f"  breakdown chance per use: {chance_text(data['chance'])}")
    lines += [f"  {joker['name']} at build: {joker['note']}" for joker in data["build_jokers"]]
    lines.append(f"  build time: {data['time']}")
    if data["stored"]:
        lines.append(f"  device {data['device']} stored on table {data['table']}")
    return lines


def use_text(data: dict, cards) -> list[str]:
    jokers = f", build Jokers {' '.join(data['build_jokers'])}" if data["build_jokers"] else ""
    lines = [f"use {data['device'] or 'a device'}: reliability {data['reliability']}, "
             f"fail hand {data['fail_hand']} cards{jokers}"]
    lines.append(f"  GM draws: {cards.many(data['cards'])}")
    lines.append(f"  breakdown chance: {chance_text(data['chance'])}")
    if not data["breakdown"]:
        lines.append("  it works: no breakdown")
    else:
        lines.append(f"  breakdown! ({cards.many(data['breakdown_cards'])})")
        lines.append(f"  severity hand ({data['severity_rule']}): {cards.many(data['severity_cards'])}")
        lines.append(f"    {hand_line(data['severity_hand'], cards)}  (a better hand is a worse breakdown)")
    if data["record"]:
        lines.append(f"  record: {plural(data['record']['uses'], 'use')}, "
                     f"{plural(data['record']['breakdowns'], 'breakdown')}"
                     + ("; broken until repaired" if data["record"]["broken"] else ""))
    return lines


def repair_text(data: dict, cards) -> list[str]:
    lines = [f"repair {data['device']}: {data['how']}"]
    if data["check"] is not None:
        lines += _check_lines(data["check"], cards)
        lines.append(f"  {steps_text(data['check']['steps'])}: {data['verdict']}")
    else:
        lines.append(f"  {data['verdict']}")
    return lines


def devices_text(data: dict, cards) -> list[str]:
    """The designs and devices on a table, each device with its record and whether it is broken."""
    lines = [f"table {data['table']}: " + (f"{plural(len(data['designs']), 'design')}, "
                                           f"{plural(len(data['devices']), 'device')}")]
    for name, design in data["designs"].items():
        lines.append(f"  design {name}: {design['tier']} by {design['inventor'] or 'someone'}"
                     + (f", {plural(design['bonus_cards'], 'bonus card')}" if design["bonus_cards"] else ""))
    for name, device in data["devices"].items():
        state = "BROKEN" if device["broken"] else "works"
        lines.append(f"  device {name} ({device['design']}): reliability {device['reliability']}, fail hand "
                     f"{device['fail_hand']}; {plural(device['uses'], 'use')}, "
                     f"{plural(device['breakdowns'], 'breakdown')}; {state}")
    return lines
