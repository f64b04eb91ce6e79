"""A person's conditions as text (SWADE's people, seed 003's casts and fear): ``table show``, ``action show``,
``table condition``, and what damage left."""

from __future__ import annotations

from dealer.render import plural


def conditions_text(held):
    """``winded (2 casts), shaken, 1 wound, blocking``: a person's conditions in words; SWADE's too (Fatigue,
    Stunned, Distracted, Vulnerable, Incapacitated, a group's members out and Shaken), and what they cost a
    Trait roll."""
    parts = []
    if held.get("casts"):
        parts.append(("winded" if held.get("winded") else "casting") + f" ({plural(held['casts'], 'cast')})")
    if held.get("incapacitated"):
        parts.append({"stable": "incapacitated", "bleeding out": "incapacitated, bleeding out",
                      "dead": "dead"}[held["incapacitated"]])
    if held.get("fear") and not held.get("incapacitated"):  # Incapacitation supersedes Shaken
        parts.append(held["fear"])
    if held.get("wounds"):
        parts.append(plural(held["wounds"], "wound"))
    if held.get("fatigue"):
        parts.append(held.get("fatigue_level") or f"fatigue {held['fatigue']}")
    parts += [word for word in ("stunned", "distracted", "vulnerable") if held.get(word)]
    if held.get("down"):
        parts.append(f"{held['down']} out")
    if held.get("shaken_members"):
        parts.append(f"{held['shaken_members']} shaken")
    if held.get("defence"):
        defence = held["defence"]
        parts.append(("blocking" if defence["how"] == "block" else "dodging") + f" with {' '.join(defence['cards'])}")
    if held.get("penalty"):
        parts.append(f"{held['penalty']:+d} to Trait rolls")
    return ", ".join(parts) or "no conditions"


def condition_text(result, cards_fmt=None):
    """``table condition``: what was set or cleared, and the person's conditions now."""
    done = "clears" if result["clear"] else "sets"
    out = "; out of the fight" if result["out"] else ""
    return [f"{result['person']}: {done} {', '.join(result['words'])}: now {conditions_text(result['now'])}{out}"]


def harm_words(harm: dict) -> str:
    """``Shaken, 2 wounds``, ``Incapacitated, bleeding out``, ``unhurt``: a person's harm (``conditions.Harm``)."""
    parts = []
    if harm.get("incapacitated"):
        parts.append({"stable": "Incapacitated", "bleeding out": "Incapacitated, Bleeding Out",
                      "dead": "dead"}[harm["incapacitated"]])
    elif harm.get("fear"):
        parts.append(harm["fear"].capitalize())
    if harm.get("wounds") and harm.get("incapacitated") != "dead":
        parts.append(plural(harm["wounds"], "wound"))
    return ", ".join(parts) or "unhurt"
