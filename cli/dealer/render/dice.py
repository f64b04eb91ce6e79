"""Trait and damage rolls and their exact odds as data and text."""

from __future__ import annotations

from typing import Any

from dealer.render import plural, possessive


def roll_json(roll):
    """``roll_data(roll)`` as compact JSON (``json.dumps(..., separators=(",", ":"))``), made
    without the dict: bulk rolls print 100,000 a second. A test checks it byte for byte."""
    head = _JSON_HEADS.get((roll.count, roll.sides, roll.modifier, roll.tn))
    if head is None:
        head = _JSON_HEADS[roll.count, roll.sides, roll.modifier, roll.tn] = (
            f'{{"kind":"roll","dice":"{roll.notation}","count":{roll.count},"sides":{roll.sides},'
            f'"modifier":{roll.modifier},"tn":{roll.tn},"rolls":')
    dice = roll.dice
    rolls = str([die.chain for die in dice]).replace(" ", "")
    tail = ',"capped":true}' if roll.capped else "}"
    return (f'{head}{rolls},"kept":{roll.kept},"total":{roll.total},"bust":{_BOOL[roll.bust]},'
            f'"success":{_BOOL[roll.success]},"raises":{roll.raises},"by_hand":false{tail}')


_JSON_HEADS = {}
_BOOL = {True: "true", False: "false"}


def roll_verdict(data):
    if data["bust"]:
        return "bust"
    if not data["success"]:
        return "failure"
    return f"success, {data['raises']} raise{'' if data['raises'] == 1 else 's'}"


def roll_line(data: dict, bust_name: str = "bust", judged: bool = True) -> str:
    """``5d10 vs TN 5: 3 7 10+6 10+8 4 -> 18, success, 2 raises``; a roll with a Wild Die
    (or an Extra's in such a game) names each die and the kept one; a damage roll adds.
    ``judged``: with the verdict (without it, the caller says what the roll did)."""
    if data.get("kind") == "damage":
        return damage_line(data)
    if "wild" in data:
        return _wild_line(data, bust_name, judged)
    faces = " ".join("+".join(map(str, chain)) for chain in data["rolls"])
    kept = data["total"] - data["modifier"]
    total = f"{kept}{data['modifier']:+d} = {data['total']}" if data["modifier"] else str(data["total"])
    line = f"{data['dice']} vs TN {data['tn']}: {faces} -> {total}, {roll_verdict(data)}"
    if data.get("capped"):
        line += " (a die aced 100 times in a row: the chain was capped)"
    return line


def as_line(data: dict, bust_name: str = "bust") -> str:
    """``Sarah: 1d8+2 vs TN 4, Joker +2: ...``: a person's roll on a table, with the card that gave a bonus
    and the trait rolled by name (``Quinn: Vigor 1d8 ...``)."""
    card = f" (holds {data['card']})" if data.get("card") else ""
    trait = f"{data['trait'].replace('-', ' ').capitalize()} " if data.get("trait") else ""
    if "target" in data:
        line = target_line(data)
    else:
        line = roll_line(data, bust_name)
    return f"{data['person']}{card}: {trait}{line}" if data.get("person") else line


def as_lines(data: dict, bust_name: str = "bust") -> list[str]:
    """A roll on a table (``as_line``), and what a damage roll aimed at a person did to them."""
    lines = [as_line(data, bust_name)]
    target = data.get("target")
    if target and target.get("incapacitation"):
        lines.append("  " + incapacitation_line(target["name"], target["incapacitation"]))
    return lines


def incapacitation_line(name: str, rolled: dict) -> str:
    """``Quinn is Incapacitated: Vigor 1d6-3 vs TN 4: ... -> 2: Bleeding Out, and a permanent Injury``."""
    return outcome_line(name, "is Incapacitated", rolled["roll"], rolled["words"])


def outcome_line(name: str, what: str, roll: dict, words: str) -> str:
    """A person's roll that decides a condition, and what it did: ``Quinn is Shaken: Spirit 1d8 vs TN 4: d8 5,
    Wild Die 3 -> d8 5: no longer Shaken: acts normally``."""
    trait = roll["trait"].replace("-", " ").capitalize() + " " if roll.get("trait") else ""
    return f"{name} {what}: {trait}{roll_line(roll, judged=False)}: {words}"


RECOVERING = {"shaken": "is Shaken", "stunned": "is Stunned", "bleeding out": "is Bleeding Out"}


def recovery_line(entry: dict) -> str:
    """A recovery roll as a turn starts (or Bleeding Out as a round is dealt), and what it did; a Shaken member
    of a group of Extras is ``one of Cultists``."""
    who = f"one of {entry['person']}" if entry.get("member") else entry["person"]
    return outcome_line(who, RECOVERING[entry["condition"]], entry["roll"], entry["words"])


def target_line(data: dict) -> str:
    """``2d6+1d8 damage: 5 3 7 -> 15 vs Quinn's Toughness 8 (2): Shaken, 2 wounds``: damage aimed at a person,
    and what it did."""
    target = data["target"]
    armor = f" ({target['armor']})" if target["armor"] else ""
    head = damage_line({**data, "tn": None})
    return f"{head} vs {possessive(target['name'])} Toughness {target['toughness']}{armor}: {hit_words(target)}"


def hit_words(target: dict) -> str:
    """What damage did to a person, in SWADE's words, and where it leaves them."""
    from dealer.render.people import harm_words  # only a roll aimed at a person: not on every roll's path

    if "members" in target:
        return _extras_hit(target)
    if target.get("already"):
        return f"no further effect ({target['name']} is {harm_words(target['after'])} already)"
    if not target["reached"]:
        return "no effect"
    if target["shaken_again"]:
        done = "Shaken again: a wound"
    elif target["raises"]:
        done = f"Shaken, {plural(target['raises'], 'wound')}"
    else:
        done = "Shaken"
    return f"{done}; {target['name']} is now {harm_words(target['after'])}"


def _extras_hit(target: dict) -> str:
    after, members = target["after"], target["members"]
    one = "" if members == 1 else "one of "
    if not target["reached"]:
        return "no effect"
    standing = members - after.get("down", 0)
    if target["wounds"]:
        done = f"{one}{target['name']} is out" + (" (Shaken again)" if target["shaken_again"] else "")
        return done + (f"; {standing} of {members} left" if members > 1 else "")
    shaken = after.get("shaken_members", 0)
    return f"{one}{target['name']} is Shaken" + (f"; {shaken} of {standing} Shaken" if members > 1 else "")


def _chain(chain):
    return "+".join(map(str, chain))


def _with_modifier(kept, data):
    return f"{kept}{data['modifier']:+d} = {data['total']}" if data["modifier"] else str(data["total"])


def _wild_line(data, bust_name, judged=True):
    """``1d8 vs TN 4: d8 8+3, Wild Die 2 -> d8 11, success, 1 raise``; an Extra's roll, with the
    check die rolled on a 1: ``1d8 vs TN 4, an Extra: d8 1, check die 1 -> d8 1, Critical Failure``."""
    names = ["Wild Die" if i == data["wild"] else f"d{sides}" for i, sides in enumerate(data["die_sides"])]
    dice = ", ".join(f"{name} {_chain(chain)}" for name, chain in zip(names, data["rolls"]))
    if data["check"] is not None:
        dice += f", check die {data['check']}"
    kept = data["kept"]
    total = f"{names[kept]} {_with_modifier(sum(data['rolls'][kept]), data)}"
    who = [", an Extra"] if data["extra"] else []
    if data["joker"]:
        who.append(f", Joker {data['joker']:+d}")
    who.extend(f", {modifier['why']} {modifier['value']:+d}" for modifier in data.get("modifiers", ()))
    verdict = f", {bust_name if data['bust'] else roll_verdict(data)}" if judged else ""
    line = f"{data['dice']} vs TN {data['tn']}{''.join(who)}: {dice} -> {total}{verdict}"
    if data.get("capped"):
        line += " (a die aced to the ruleset's cap: the chain was capped)"
    return line


def damage_line(data: dict) -> str:
    """``2d6+1d8+1 damage: 6+3 2 5 -> 16+1 = 17 vs 7: Shaken, 2 wounds``."""
    faces = " ".join(_chain(chain) for chain in data["rolls"])
    added = [f"raise +1d{data['die_sides'][data['raise_die']]}"] if data["raise_die"] is not None else []
    if data["joker"]:
        added.append(f"Joker {data['joker']:+d}")
    head = f"{data['dice']} damage" + (f" ({', '.join(added)})" if added else "")
    line = f"{head}: {faces} -> {_with_modifier(data['total'] - data['modifier'], data)}"
    if data["tn"] is not None:
        line += f" vs {data['tn']}: {damage_verdict(data['success'], data['raises'])}"
    if data.get("capped"):
        line += " (a die aced to the ruleset's cap: the chain was capped)"
    return line


def damage_verdict(reached: bool | None, raises: int | None) -> str:
    """Counted raises (``dice.damage_step``): Shaken, then a wound per raise; else reached or not."""
    if raises is None:
        return "reached" if reached else "not reached"
    if not reached:
        return "no effect"
    return "Shaken" if not raises else f"Shaken, {raises} wound{'' if raises == 1 else 's'}"


def odds_data(odds: Any) -> dict:
    if getattr(odds, "spec", None) is not None:
        return _damage_odds_data(odds)
    data = _trait_odds_data(odds)
    if odds.wild_die or odds.extra:
        data.update(wild_die=odds.wild_die or None, check_die=odds.check_die or None, extra=odds.extra,
                    joker=odds.joker)
    return data


def _damage_odds_data(odds):
    """``--damage --odds``: the keys of trait-roll odds where they mean the same."""
    return {
        "kind": "damage-odds",
        "dice": odds.spec.notation,
        "tn": odds.tn,
        "raise_step": odds.step or None,
        "failure": odds.failure,
        "success": odds.success,
        "raises": odds.raises,
        "totals": [[total, p] for total, p in odds.totals],
        "cut": odds.cut,
        "mean": odds.mean,
        "die_sides": odds.spec.die_sides,
        "raise_die": odds.raise_die,
        "joker": odds.joker,
    }


def _trait_odds_data(odds):
    return {
        "kind": "roll-odds",
        "dice": f"{odds.count}d{odds.sides}" + (f"{odds.modifier:+d}" if odds.modifier else ""),
        "tn": odds.tn,
        "raise_step": odds.raise_step,
        "bust_rule": odds.rule,
        "bust": odds.bust,
        "failure": odds.failure,
        "success": sum(odds.raises),
        "raises": odds.raises,
        "totals": [[total, p] for total, p in odds.totals],
        "cut": odds.cut,
    }


def _bar(p, width=40):
    cells = p * width
    full = int(cells)
    bar = "█" * full
    part = cells - full
    if part > 0 and full < width:
        bar += " ▏▎▍▌▋▊▉"[int(part * 8)].strip()
    return bar


def _critical_words(data, bust_name):
    """How a roll with a Wild Die (or an Extra's) busts, for the odds header."""
    if data["bust_rule"] == "never":
        return f"no {bust_name}"
    if data["wild_die"]:
        return f"{bust_name}: the trait die and the Wild Die both show 1"
    if data["check_die"]:
        return f"{bust_name}: the trait die shows 1, and so does a d{data['check_die']} rolled to check"
    return f"{bust_name}: the trait die shows 1"


def odds_text(data: dict, bust_name: str = "bust") -> list[str]:
    """A small table: bust, failure, success with each number of raises, each with a bar."""
    if data.get("kind") == "damage-odds":
        return damage_odds_text(data)
    rule = "more than half" if data["bust_rule"] == "majority" else "half or more"
    if "wild_die" in data:
        who = f", Wild Die d{data['wild_die']}" if data["wild_die"] else ", an Extra"
        joker = f", Joker {data['joker']:+d}" if data["joker"] else ""
        lines = [f"{data['dice']} vs TN {data['tn']}{who}{joker} ({_critical_words(data, bust_name)})"]
    else:
        lines = [f"{data['dice']} vs TN {data['tn']} ({bust_name}: {rule} of the dice show 1)"]
    rows = [(bust_name, data["bust"]), ("failure", data["failure"])]
    left = data["success"]
    for k, p in enumerate(data["raises"]):
        if left < 0.0005 and k > 0:  # fold the long tail of rare raises into one line
            rows.append((f"{k}+ raises", left))
            break
        rows.append((f"{k} raise{'' if k == 1 else 's'}", p))
        left -= p
    width = max(11, *(len(label) for label, _ in rows))
    lines.extend(f"  {label:<{width}} {p * 100:7.3f}%  {_bar(p)}" for label, p in rows)
    lines.append(f"  {'success':<{width}} {data['success'] * 100:7.3f}%  (any raises)")
    if data["cut"]:
        lines.append(f"  (left out: {data['cut']:.1e} of probability beyond the last total)")
    return lines


FOLD = 0.0005  # rows of rare outcomes past the point where less than this is left are folded into one
TOTALS_FOLD = 0.01  # the same for the totals of a damage roll (a long, thin tail)


def damage_odds_text(data: dict) -> list[str]:
    """Each total (exactly it, and at least it), the tail folded; then against ``--vs``."""
    added = [f"raise +1d{data['die_sides'][data['raise_die']]}"] if data["raise_die"] is not None else []
    if data["joker"]:
        added.append(f"Joker {data['joker']:+d}")
    head = f"{data['dice']} damage" + (f" ({', '.join(added)})" if added else "")
    lines = [f"{head}: every die aces, all are added; exact odds", f"  {'total':>6} {'exactly':>9} {'at least':>9}"]
    totals = data["totals"]
    peak = max((p for _, p in totals), default=1.0) or 1.0
    left = 1.0 - data["cut"]
    for total, p in totals:
        if left < TOTALS_FOLD:
            lines.append(f"  {str(total) + '+':>6} {left * 100:8.3f}% {left * 100:8.3f}%")
            break
        lines.append(f"  {total:>6} {p * 100:8.3f}% {left * 100:8.3f}%  {_bar(p / peak, 30)}")
        left -= p
    lines.append(f"  mean {data['mean']:.3f}")
    if data.get("target"):
        lines += _target_odds_lines(data["target"])
    elif data["tn"] is not None:
        lines.append(f"against {data['tn']}:")
        if data["raises"] is None:
            rows = [("not reached", data["failure"]), ("reached", data["success"])]
        else:
            rows = [("no effect", data["failure"])]
            rest = data["success"]
            for k, p in enumerate(data["raises"]):
                if rest < TOTALS_FOLD / 2 and k > 0:
                    rows.append((f"Shaken, {k}+ wounds", rest))
                    break
                rows.append((damage_verdict(True, k), p))
                rest -= p
        width = max(len(label) for label, _ in rows)
        lines.extend(f"  {label:<{width}} {p * 100:7.3f}%  {_bar(p)}" for label, p in rows)
    if data["cut"]:
        lines.append(f"  (left out: {data['cut']:.1e} of probability beyond the last total)")
    return lines


def _target_odds_lines(target: dict) -> list[str]:
    """What the damage would do to a person as they stand, and the odds of their Soak."""
    from dealer.render.people import harm_words

    armor = f" ({target['armor']})" if target["armor"] else ""
    lines = [f"against {possessive(target['name'])} Toughness {target['toughness']}{armor}, "
             f"{harm_words(target['harm'])} now:"]
    width = max(len(row["effect"]) for row in target["effects"])
    lines += [f"  {row['effect']:<{width}} {row['chance'] * 100:7.3f}%  {_bar(row['chance'])}"
              for row in target["effects"]]
    soak = target.get("soak")
    if soak:
        joker = [f"Joker {soak['joker']:+d}"] if soak["joker"] else []
        mods = ", ".join(joker + [f"{m['why']} {m['value']:+d}" for m in soak["modifiers"]])
        lines.append(f"a Soak ({soak['dice']}{': ' + mods if mods else ''}) removes:")
        labels = ["no wound", "1 wound", "2 wounds", "3+ wounds"]
        lines += [f"  {label:<9} {p * 100:7.3f}%  {_bar(p)}" for label, p in zip(labels, soak["removes"])]
    return lines


def roll_text(data, cards=None):
    """A trait roll's one line, as every renderer is called (by the result's ``kind``)."""
    return [roll_line(data)]


def roll_odds_text(data, cards=None):
    return odds_text(data)
