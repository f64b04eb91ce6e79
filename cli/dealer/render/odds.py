"""Odds as data and text: exact fractions beside floats, bars, "1 in X", standard errors.

>>> fraction(78, 3162510), one_in(78, 3162510)
('1/40545', 40545.0)
>>> bar(0.5, width=10, ascii=True), bar(0.26, width=10)
('#####', '██▌')
"""

from __future__ import annotations

import math


def fraction(count: int, total: int) -> str:
    """``count/total`` in lowest terms, as a string ("1/27"); "0" and "1" when exact."""
    if total <= 0:
        return "0"
    divisor = math.gcd(count, total)
    top, bottom = count // divisor, total // divisor
    return str(top) if bottom == 1 else f"{top}/{bottom}"


def one_in(count: float, total: float):
    """``total / count``: "1 in X" (None when it never happens)."""
    return None if not count else round(total / count, 2)


def bar(p: float, width: int = 30, ascii: bool = False) -> str:
    cells = max(0.0, min(1.0, p)) * width
    full = int(cells)
    if ascii:
        return "#" * full
    text = "█" * full
    part = cells - full
    if part > 0 and full < width:
        text += " ▏▎▍▌▋▊▉"[int(part * 8)].strip()
    return text


def figure(count, total, *, exact: bool, samples: int = 0) -> dict:
    """One probability as data: count, exact fraction (when exact), float, 1 in X, error."""
    p = count / total if total else 0.0
    out = {"count": count, "probability": p, "one_in": one_in(count, total)}
    if exact:
        out["fraction"] = fraction(count, total)
    else:
        out["stderr"] = math.sqrt(p * (1 - p) / samples) if samples else 0.0
    return out


def percent(p: float) -> str:
    if p and p < 0.00001:
        return f"{p * 100:.2e}%"
    return f"{p * 100:.3f}%"


def one_in_text(value) -> str:
    if value is None:
        return "never"
    return f"1 in {value:,.2f}" if value < 100 else f"1 in {value:,.0f}"


# -- hands -----------------------------------------------------------------------------------


def hand_odds_data(odds, ruleset, seed=None) -> dict:
    exact = odds.exact
    data = {
        "kind": "odds-hand",
        "cards": odds.n,
        "context": odds.context.name,
        "wild": {card.code: kind for card, kind in odds.context.wild.items()},
        "deck": len(ruleset.deck),
        "held": [card.code for card in odds.held],
        "pool": odds.pool,
        "method": odds.method,
        "total": odds.total,
        "ranks": [],
    }
    if not exact:
        data["samples"] = odds.samples
        data["seed"] = seed
    for rank, count in odds.rows:
        row = {"id": rank.id, "name": rank.name}
        row.update(figure(count, odds.total, exact=exact, samples=odds.samples))
        data["ranks"].append(row)
    if odds.threshold is not None:
        text, (rank, least) = odds.threshold
        met_exact = odds.met_method != "simulated"
        data["min"] = {"threshold": text, "rank": rank.id, "least": least, "method": odds.met_method}
        data["min"].update(figure(odds.met, odds.met_total, exact=met_exact,
                                  samples=0 if met_exact else odds.met_total))
        if not met_exact and seed is not None:
            data["min"]["seed"] = seed
    return data


def _method_text(method, samples=0, seed=None):
    """How the figures were found (the time taken goes to stderr: a seeded run prints the same bytes)."""
    if method == "simulated":
        return f"simulated: {samples:,} deals (seed {seed})"
    return f"{method} exactly"


def _error_text(row):
    return f" ±{percent(row['stderr'])}" if "stderr" in row else ""


def hand_odds_text(data, cards) -> list[str]:
    ascii = cards.ascii
    wild = ", ".join(f"{code} {kind}" for code, kind in data["wild"].items()) or "no wild cards"
    held = f", holding {' '.join(data['held'])}" if data["held"] else ""
    lines = [f"best hand of {data['cards']} cards from {data['pool']} ({data['context']}: {wild}{held}): "
             + _method_text(data["method"], data.get("samples", 0), data.get("seed"))]
    width = max(len(row["name"]) for row in data["ranks"])
    count_width = max(len(f"{row['count']:,}") for row in data["ranks"])
    for row in data["ranks"]:
        lines.append(f"  {row['name']:<{width}}  {row['count']:>{count_width},}  {percent(row['probability']):>10}"
                     f"{_error_text(row)}  {one_in_text(row['one_in']):>16}  {bar(row['probability'], ascii=ascii)}")
    noun = "samples" if data["method"] == "simulated" else "hands"
    lines.append(f"  {'total':<{width}}  {data['total']:>{count_width},}  {noun}")
    if "min" in data:
        m = data["min"]
        exact = f" = {m['fraction']}" if "fraction" in m else ""
        how = "" if m["method"] == data["method"] else f"  ({m['method']})"
        lines.append(f"at least {m['threshold']}: {percent(m['probability'])}{_error_text(m)}{exact}  "
                     f"({one_in_text(m['one_in'])}){how}")
    return lines


# -- hexes and spells ------------------------------------------------------------------------


def _dice_text(roll):
    return f"{roll.count}d{roll.sides}" + (f"{roll.modifier:+d}" if roll.modifier else "")


def cast_odds_data(cast: dict) -> dict:
    """``casting.cast_odds`` as data: a huckster's hex or a spell."""
    if cast["style"] == "huckster":
        return {"kind": "odds-hex", **huckster_odds_data(cast["result"], cast["name"], cast["dice"], cast["roll"])}
    return {"kind": "odds-hex", **spell_odds_data(cast["result"], cast["skill"])}


def huckster_odds_data(result, name, dice, roll) -> dict:
    """A huckster's hex odds as data (floats: the dice odds are floating point)."""
    return {
        "style": "huckster",
        "hex": name,
        "dice": _dice_text(roll),
        "tn": roll.tn,
        "level": result["level"],
        "minimum": result["minimum"],
        "method": result["method"],
        "works": result["works"],
        "fizzles": result["fizzles"],
        "failure": result["failure"],
        "bust": result["bust"],
        "backlash": result["backlash"],
        "backlash_cards": result["backlash_by_card"],
        "both_jokers": result["both_jokers"],
        "severity": result["severity"],
        "active_backlash_cards": result["active"],
        "cards": [[n, p] for n, p in result["cards"]],
        "unresolved": result["unresolved"],
        "counted_up_to": result["counted_up_to"],
        "cut": result["cut"],
        "samples_per_size": result["samples_per_size"],
        "stderr": result["stderr"],  # of works and of fizzles, where hands were sampled (else 0)
    }


def spell_odds_data(result, skill) -> dict:
    exact = result["method"] != "simulated"
    total = result.get("total", 1)
    out = {"style": "spell", "skill": skill, "cards": result["cards"], "wild_pick": result["wild_pick"],
           "target": result["target"], "method": result["method"]}
    if "success_count" not in result:  # no cards at all
        out.update(success=figure(0, 1, exact=True), bust=figure(0, 1, exact=True), joker=figure(0, 1, exact=True),
                   effects={})
        return out
    samples = result.get("samples", 0)
    out["success"] = figure(result["success_count"], total, exact=exact, samples=samples)
    out["bust"] = figure(result["bust_count"], total, exact=exact, samples=samples)
    out["joker"] = figure(result["joker_count"], total, exact=exact, samples=samples)
    out["effects"] = {name: figure(count, total, exact=exact, samples=samples)
                      for name, count in result["effect_counts"].items()}
    if not exact:
        out["samples"] = samples
    return out


def _line(label, p, width, ascii, extra=""):
    return f"  {label:<{width}} {percent(p):>10}{extra}  {bar(p, ascii=ascii)}"


def hex_odds_text(data, cards) -> list[str]:
    ascii = cards.ascii
    if data["style"] == "spell":
        pick = " with a wild pick" if data["wild_pick"] else ""
        how = (f"simulated: {data['samples']:,} casts (seed {data['seed']})" if data["method"] == "simulated"
               else f"{data['method']} exactly")
        lines = [f"spell at skill {data['skill']}: {data['cards']} cards{pick}, target {data['target']} ({how})"]
        rows = [("success", data["success"])] + [(f"  {name}", fig) for name, fig in data["effects"].items()] \
            + [("bust", data["bust"]), ("a Joker drawn", data["joker"])]
        width = max(len(label) for label, _ in rows)
        for label, fig in rows:
            extra = _error_text(fig) + (f"  = {fig['fraction']}" if "fraction" in fig else "")
            lines.append(_line(label, fig["probability"], width, ascii, extra))
        return lines
    title = f"'{data['hex']}'" if data["hex"] else "a hex"
    how = data["method"] + (" exactly" if data["method"] != "simulated" else
                            f" ({data['samples_per_size']:,} deals per hand size, seed {data['seed']})")
    lines = [f"{title} with {data['dice']} vs TN {data['tn']}, level {data['level']}, minimum {data['minimum']} "
             f"(cards {how})"]
    width = 24
    error = f" ±{percent(data['stderr'])}" if data["stderr"] else ""
    lines.append(_line("works", data["works"], width, ascii, error))
    lines.append(_line("fizzles", data["fizzles"], width, ascii, error))
    lines.append(_line("roll fails", data["failure"], width, ascii))
    lines.append(_line("bust", data["bust"], width, ascii))
    lines.append("backlash:")
    lines.append(_line("any backlash", data["backlash"], width, ascii))
    for code, p in data["backlash_cards"].items():
        if code in data["active_backlash_cards"]:
            lines.append(_line(f"{code} drawn", p, width, ascii))
        else:
            lines.append(f"  {code + ' drawn':<{width}} {'-':>10}  (no backlash at level {data['level']})")
    lines.append(_line("both Jokers drawn", data["both_jokers"], width, ascii))
    lines.append(_line("bust", data["bust"], width, ascii))
    lines.append("severity: " + ", ".join(f"{name} {percent(p)}" for name, p in data["severity"].items()))
    if data["counted_up_to"]:
        lines.append(f"  (raises dealing more than {data['counted_up_to']} cards: {data['unresolved']:.1e} of "
                     "probability is 'works' or 'fizzles', bounded, not counted: counting them passes the work "
                     "allowed)")
    elif data["unresolved"] > 1e-12:
        lines.append(f"  (long-tail raises: {data['unresolved']:.1e} of probability is 'works' or 'fizzles', "
                     "bounded, not counted)")
    return lines


# -- action cards and gadgets ----------------------------------------------------------------


def action_odds_data(result, dice, roll) -> dict:
    return {"kind": "odds-action", "dice": _dice_text(roll), "tn": roll.tn, "max_cards": result["max_cards"],
            "cards": [{"cards": n, "probability": p} for n, p in result["cards"].items()],
            "mean": result["mean"], "cut": result["cut"], "method": "counted"}


def action_odds_text(data, cards) -> list[str]:
    ascii = cards.ascii
    lines = [f"action cards from a Quickness roll of {data['dice']} vs TN {data['tn']} "
             f"(at most {data['max_cards']}): exact"]
    for row in data["cards"]:
        label = f"{row['cards']} card{'' if row['cards'] == 1 else 's'}"
        lines.append(_line(label, row["probability"], 8, ascii))
    lines.append(f"  mean {data['mean']:.3f} cards")
    return lines


def card_odds_data(result) -> dict:
    """One action card a round: the chance to act before each card, by Edge (exact fractions)."""
    rows = [{"against": row["against"], "any_suit": row.get("any_suit", False),
             "chances": [{"fraction": f"{f.numerator}/{f.denominator}", "probability": float(f)}
                         for f in row["fractions"]]} for row in result["rows"]]
    return {"kind": "odds-action-card", "deck": result["deck"], "columns": result["columns"], "rows": rows,
            "method": "counted"}


def card_odds_text(data, cards) -> list[str]:
    from dealer.render import cell, table_text

    lines = [f"the chance to act before a card: one card each from {data['deck']}, exact (counted)"]
    head = [cell("their card")] + [cell(column["name"]) for column in data["columns"]]
    rows = [head]
    for row in data["rows"]:
        label = f"{row['against']} (any suit)" if row["any_suit"] else cards.one(row["against"])
        width = len(f"{row['against']} (any suit)") if row["any_suit"] else cards.width(row["against"])
        rows.append([(label, width)] + [cell(percent(chance["probability"])) for chance in row["chances"]])
    lines.extend("  " + line for line in table_text(rows))
    lines.append("  a Joker acts whenever its holder likes: it counts as acting first")
    return lines


def gadget_odds_data(result) -> dict:
    data = {"kind": "odds-gadget", "reliability": result["reliability"], "deck": result["deck"],
            "jokers": result["jokers"], "method": "counted"}
    data["breakdown"] = figure(result["breakdown_count"], result["draws"], exact=True)
    if "fail_hand" in result:
        hand = result["fail_hand"]
        data["fail_hand"] = {"cards": hand["cards"], "hands": hand["hands"], "ranks": []}
        for rank, count in hand["ranks"]:
            row = {"id": rank.id, "name": rank.name}
            row.update(figure(count, hand["hands"], exact=True))
            data["fail_hand"]["ranks"].append(row)
    return data


def gadget_odds_text(data, cards) -> list[str]:
    ascii = cards.ascii
    b = data["breakdown"]
    lines = [f"reliability {data['reliability']}: {data['reliability']} card{'' if data['reliability'] == 1 else 's'} from {data['deck']}; "
             f"{' or '.join(data['jokers'])} breaks the device",
             f"  breakdown {percent(b['probability']):>10} = {b['fraction']}  ({one_in_text(b['one_in'])})  "
             f"{bar(b['probability'], ascii=ascii)}"]
    if "fail_hand" in data:
        hand = data["fail_hand"]
        lines.append(f"fail hand of {hand['cards']} cards (from the cards that are not Jokers):")
        width = max(len(row["name"]) for row in hand["ranks"])
        for row in hand["ranks"]:
            lines.append(_line(row["name"], row["probability"], width, ascii))
    return lines


def conflict_odds_data(result, seed) -> dict:
    return {"kind": "odds-conflict", **result, "seed": seed}


def conflict_odds_text(data, cards) -> list[str]:
    """Each participant's chance to win (or meet the target): counted, or with its standard error."""
    ascii = cards.ascii
    what = "meets the target" if data["alone"] else "wins"
    counted = data["method"] == "counted"
    if counted:
        how = "counted exactly, " + ("one possible deal" if data["hands"] == 1 else f"{data['hands']:,} hands")
    else:
        how = f"simulated, {data['samples']:,} deals (seed {data['seed']})"
    lines = [f"who {what}: {how}"]
    rows = list(data["participants"].items()) + ([] if data["alone"] else [("(a tie)", data["tie"])])
    width = max(len(name) for name, _ in rows)
    for name, item in rows:
        error = "" if counted else f" ± {100 * item['stderr']:.2f}"
        lines.append(f"  {name:<{width}}  {percent(item['probability']):>8}{error}  "
                     f"{bar(item['probability'], ascii=ascii)}")
    return lines
