"""Randomized sessions at a table verify: whatever plausible commands a table sees, in any order,
``dealer table export`` then ``dealer verify`` replays the history to the table as exported.

Each shipped game has a roster to start from and a list of command templates, the commands its
sessions use (tests/replay_sessions.py, the docs): rounds dealt and walked, sleeves, holds and
interrupts, hexes and spells, chips drawn, given, spent and returned, contests and conflicts,
gadgets, conditions, draws and discards, shuffles, rests, undo, reset, people added, changed
and removed, the table exported and imported or forked under a new name. Hypothesis picks a
sequence of them, each with its own --seed (so a failure replays exactly). A command the rules
refuse (exit 1, or 2 where an option the situation needs is missing: a one-line error) is part
of the game and changes nothing; a traceback, an "internal error" or a usage error with its "Try
--help" line (a template that no longer parses) fails. After the session the export must
verify, and (``each_logged``, the slow variant) every command that changed the table's decks,
roster, chips or state must have logged an event.

The default run plays 5 sessions of each game (a second or two in all); ``-m slow`` plays 40
longer ones, each command checked. To hunt for bugs, raise the count:
``DEALER_VERIFY_SESSIONS=500 pytest -m slow -n 0 tests/cli/test_verify_sessions.py``, and add
``DEALER_VERIFY_UNSEEDED=1`` to leave half the seeds to the table (not reproducible).
"""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.replay_sessions import export

T = "--table"
SHEETS = Path(__file__).resolve().parent.parent.parent / "docs" / "sheets"
_tables = itertools.count()


def seed(rng):
    return str(rng.randrange(10**6))


def pick(rng, *choices):
    return rng.choice(choices)


# -- the games: a table's start, the people its commands name, and the commands ----------------
#
# A template is ``lambda r, s: argv``: ``r`` a random.Random for this step, ``s`` the session
# (s.people: names the commands pick from, on the roster or not; s.drawn: the cards of the last
# draw, for a discard). ``{T}`` is the table's name, filled in when the command runs.

def common(people):
    """The table commands every game has."""
    return [
        lambda r, s: ("draw", str(r.randint(1, 6)), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "discard", "{T}", " ".join(r.sample(s.drawn, r.randint(1, len(s.drawn))))
                      if s.drawn else "As"),
        lambda r, s: ("table", "shuffle", "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "undo", "{T}"),
        lambda r, s: ("table", "undo", "{T}"),
        lambda r, s: ("table", "reset", "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "rest", "{T}", *((r.choice(s.people),) if r.random() < 0.5 else ())),
        lambda r, s: ("table", "remove", "{T}", r.choice(s.people)),
        # the table moves on under a new name: exported and imported, or forked at an event
        lambda r, s: ("import",),
        lambda r, s: ("fork", r.random()),
    ]


DEADLANDS_PEOPLE = ["Sarah", "Velvet", "Bad Bob", "Sarah", "Velvet", "Doc", "Marshal"]
DEADLANDS = {
    "setup": [
        ("table", "add", "{T}", "Sarah", "--trait", "quickness=3d6", "--trait", "cognition=2d6",
         "--trait", "hexslinging=4", "--trait", "smarts=3d8", "--trait", "spirit=3d10"),
        ("table", "add", "{T}", "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=5",
         "--trait", "soul-blast=3"),
        ("table", "add", "{T}", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8"),
    ],
    "templates": common(DEADLANDS_PEOPLE) + [
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "next", T, "{T}"),
        lambda r, s: ("action", "next", T, "{T}"),
        lambda r, s: ("action", "next", T, "{T}"),
        lambda r, s: ("action", "new", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "show", T, "{T}"),
        lambda r, s: ("action", "join", r.choice(s.people), pick(r, "2d6", "16", "=12", "bust"),
                      *(("-m",) if r.random() < 0.3 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "out", r.choice(s.people), *(("--back",) if r.random() < 0.5 else ()), T, "{T}"),
        lambda r, s: ("action", "sleeve", r.choice(s.people), T, "{T}"),
        lambda r, s: ("action", "play", r.choice(s.people), T, "{T}"),
        lambda r, s: ("action", "begin", r.choice(s.people), str(r.randint(1, 3)), "--what", "mirage", T, "{T}"),
        lambda r, s: ("action", "interrupt", r.choice(s.people), "--against", r.choice(s.people), T, "{T}",
                      "--seed", seed(r)),
        lambda r, s: ("action", "--surprised", f"{r.choice(s.people)}=2d6", "--guts", f"{r.choice(s.people)}=3d8",
                      "--max-cards", "6", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", f"{r.choice(s.people)}=16:Qh,8d,4c", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "soul blast", "--caster", r.choice(s.people), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "hunch", "--caster", r.choice(s.people), "--level", "2", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "hunch", "--caster", r.choice(s.people), "--roll", "3d8", "--level", "1", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "soul blast", "--caster", r.choice(s.people), "--total", str(r.randint(3, 25)),
                      "--level", "4", "--cards", "8s 8h 8d Kc 5d 3s RJ", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "session", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "draw", r.choice(s.people), str(r.randint(1, 3)), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "give", r.choice(s.people), pick(r, "white", "red", "blue"), T, "{T}"),
        lambda r, s: ("chips", "spend", r.choice(s.people), pick(r, "white", "red", "blue"), "--for", "fate",
                      "--note", "I duck", T, "{T}"),
        lambda r, s: ("chips", "return", r.choice(s.people), pick(r, "white", "red", "blue"), T, "{T}"),
        lambda r, s: ("roll", pick(r, "3d6", "2d8", "4d10"), "--as", r.choice(s.people), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--side", pick(r, "marshal", "posse")),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", f"quickness={r.randint(1, 5)}d6"),
        lambda r, s: ("table", "add", "{T}", r.choice(s.people), "--trait", "quickness=2d6",
                      *(("--side", "marshal") if r.random() < 0.5 else ())),
        lambda r, s: ("action", "sleeve", r.choice(s.people), *(r.sample(s.drawn, 1) if s.drawn else ()), T, "{T}"),
        lambda r, s: ("action", "begin", r.choice(s.people), "2", "--card", r.choice(s.drawn or ["Qh"]), T, "{T}"),
        lambda r, s: ("action", "interrupt", r.choice(s.people), "--against", r.choice(s.people), "--roll",
                      f"{r.choice(s.people)}=3d6", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", pick(r, "soul blast", "hunch", "mirage"), "--caster", r.choice(s.people),
                      "--level", str(r.randint(1, 4)), *(("--reshuffle", pick(r, "after-hex", "when-low", "manual"))
                                                         if r.random() < 0.4 else ()),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "soul blast", "--caster", r.choice(s.people), "--bust", "--level", "2",
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("draw", str(r.randint(1, 3)), "--deck", pick(r, "posse", "marshal", "main", "hex:Sarah"),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "shuffle", "{T}", pick(r, "main", "hex:Sarah", "hex:Velvet", "posse", "marshal"),
                      "--seed", seed(r)),
        lambda r, s: ("roll", "3d8", "--as", r.choice(s.people), "--faces", "3 7 8 8 2", T, "{T}"),
        lambda r, s: ("action", "--surprised", f"{r.choice(s.people)}:11=2d6", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", f"{r.choice(s.people)}=3d6", "-m", f"{r.choice(s.people)}=2d8", T, "{T}",
                      "--seed", seed(r)),
        lambda r, s: ("hex", "soul blast", "--caster", r.choice(s.people), "--level", "3", "--action-card",
                      r.choice(s.drawn or ["Qh"]), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "discard", "{T}", r.choice(s.drawn or ["As"]), "--deck",
                      pick(r, "main", "posse", "marshal", "hex:Sarah")),
        lambda r, s: ("chips", "spend", r.choice(s.people), pick(r, "white", "red", "blue"), T, "{T}"),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", pick(r, "hexslinging=", "quickness=",
                                                                                "hexslinging=3")),
    ],
    "people": DEADLANDS_PEOPLE,
}

SAVAGE_PEOPLE = ["Sarah", "Quinn", "Bad Bob", "Cultists", "Doc", "Velvet"]
SAVAGE_WORLDS = {
    "setup": [
        ("table", "add", "{T}", "Sarah", "--trait", "edges=level headed, combat reflexes", "--trait", "spirit=d8",
         "--trait", "vigor=d6", "--trait", "shooting=d8", "--trait", "athletics=d6"),
        ("table", "add", "{T}", "Quinn", "--trait", "edges=iron jaw", "--trait", "spirit=d6", "--trait", "vigor=d8",
         "--trait", "armor=1", "--trait", "fighting=d8", "--trait", "athletics=d6"),
        ("table", "add", "{T}", "Bad Bob", "--side", "gm", "--trait", "spirit=d8", "--trait", "vigor=d8",
         "--trait", "shooting=d8", "--trait", "athletics=d8"),
        ("table", "add", "{T}", "Cultists", "--side", "gm", "--trait", "extra=yes", "--trait", "count=3",
         "--trait", "spirit=d4", "--trait", "vigor=d6", "--trait", "fighting=d6"),
        ("table", "add", "{T}", "Doc", "--trait", "hindrances=hesitant", "--trait", "athletics=d6"),
    ],
    "templates": common(SAVAGE_PEOPLE) + [
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "next", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "next", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "next", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "new", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "show", T, "{T}"),
        lambda r, s: ("action", "hold", r.choice(s.people), T, "{T}"),
        lambda r, s: ("action", "act", r.choice(s.people), T, "{T}"),
        lambda r, s: ("action", "interrupt", r.choice(s.people), "--against", r.choice(s.people), T, "{T}",
                      "--seed", seed(r)),
        lambda r, s: ("action", "join", r.choice(s.people), *((pick(r, "quick", "level-headed"),)
                                                              if r.random() < 0.5 else ()),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "out", r.choice(s.people), *(("--back",) if r.random() < 0.5 else ()), T, "{T}"),
        lambda r, s: ("action", "Sarah=level-headed", "Quinn", "-m", "Cultists", "--ambush", r.choice(s.people),
                      "--surprised", f"{r.choice(s.people)}=d6", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("roll", pick(r, "shooting", "fighting", "athletics", "d8"), "--as", r.choice(s.people),
                      *(("--vs", r.choice(s.people)) if r.random() < 0.7 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("roll", pick(r, "2d6", "2d6+d8", "d8+d6"), "--damage",
                      *(("--raise",) if r.random() < 0.4 else ()), "--as", r.choice(s.people),
                      "--vs", r.choice(s.people), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("roll", "2d6+1", "--damage", "--vs", r.choice(s.people), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("roll", "d6", "--as", r.choice(s.people), "--secret", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "session", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "spend", r.choice(s.people), "--for", pick(r, "reroll", "card", "soak", "unshake"),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "spend", r.choice(s.people), "--for", "reroll", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "give", r.choice(s.people), T, "{T}"),
        lambda r, s: ("chips", "return", r.choice(s.people), T, "{T}"),
        lambda r, s: ("chips", "draw", r.choice(s.people), "1", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "condition", "{T}", r.choice(s.people),
                      pick(r, "shaken", "stunned", "distracted", "vulnerable", "wounds=1", "wounds=3", "fatigued",
                           "incapacitated", "shaken=1", "down=1"),
                      *(("--clear",) if r.random() < 0.3 else ())),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", pick(r, "athletics=d10", "edges=quick",
                                                                                "edges=level headed", "vigor=d4")),
        lambda r, s: ("table", "add", "{T}", r.choice(s.people), "--trait", "athletics=d6",
                      *(("--side", "gm") if r.random() < 0.5 else ())),
        lambda r, s: ("roll", pick(r, "d8", "shooting", "fighting"), "--as", r.choice(s.people),
                      *(pick(r, ("--joker",), ("--extra",), ("--tn", "6"), ())), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("roll", "d8", "--as", r.choice(s.people), "--faces", pick(r, "8 3 4", "1 1", "6 2"), T, "{T}"),
        lambda r, s: ("action", "interrupt", r.choice(s.people), "--against", r.choice(s.people), "--roll",
                      f"{r.choice(s.people)}=d8", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("table", "condition", "{T}", r.choice(s.people), "wounds=2", "fatigue=1", "shaken"),
        lambda r, s: ("table", "condition", "{T}", "Cultists", f"shaken={r.randint(0, 3)}", f"down={r.randint(0, 3)}",
                      *(("--clear",) if r.random() < 0.3 else ())),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", pick(r, "extra=yes", "extra=", "count=2")),
        lambda r, s: ("table", "condition", "{T}", r.choice(s.people), pick(r, "bleeding-out", "dead", "exhausted")),
        lambda r, s: ("table", "rest", "{T}"),
    ],
    "people": SAVAGE_PEOPLE,
}

POKER_PEOPLE = ["Sally", "Three Eagles", "Ada", "Bert", "Sam", "Sally Swift", "Bert Muskie"]
GADGETS = ["jetski", "ray"]
POKER_HANDS = {
    "setup": [
        ("table", "add", "{T}", "Sally", "--trait", "master=2"),
        ("table", "add", "{T}", "Three Eagles", "--trait", "guardian-spirit=4", "--trait",
         "rituals=paint:2,tobacco:3"),
        ("table", "add", "{T}", "Ada", "--trait", "mad-science=3"),
        ("table", "add", "{T}", "Bert", "--trait", "brawling=2", "--trait", "courage=1"),
        ("table", "add", "{T}", "Sam", "--side", "marshal", "--trait", "brawling=3"),
    ],
    "templates": common(POKER_PEOPLE) + [
        lambda r, s: ("hex", "--skill", str(r.randint(0, 3)), "--caster", r.choice(s.people),
                      *(("--chip", pick(r, "white", "red", "blue")) if r.random() < 0.3 else ()),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("hex", "--skill", "0", "--caster", r.choice(s.people), "--cards", "2c 4d 6h 8s Jc",
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "session", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "give", r.choice(s.people), pick(r, "white", "red", "blue"), T, "{T}"),
        lambda r, s: ("chips", "spend", r.choice(s.people), pick(r, "white", "red", "blue"),
                      *(("--for", pick(r, "second-wind", "avoid-wound", "heal-wound", "stunt", "luck", "hand"))
                        if r.random() < 0.6 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "draw", r.choice(s.people), str(r.randint(1, 2)), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "return", r.choice(s.people), pick(r, "white", "red", "blue"), T, "{T}"),
        lambda r, s: ("chips", "wound", r.choice(s.people), *((str(r.randint(1, 2)),) if r.random() < 0.5 else ()),
                      T, "{T}"),
        lambda r, s: ("chips", "ritual", r.choice(s.people), pick(r, "paint", "tobacco"), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "ritual", "Three Eagles", pick(r, "paint", "tobacco"), "--spend-on", "Turtle's Shell",
                      *(("--way",) if r.random() < 0.5 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "design", r.choice(GADGETS), "--tier", pick(r, "pair", "two pair", "straight"),
                      "--by", r.choice(s.people), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "build", r.choice(GADGETS), "--by", r.choice(s.people),
                      *(("--rush", "1") if r.random() < 0.3 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "use", f"{r.choice(GADGETS)}-1", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "use", f"{r.choice(GADGETS)}-1", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "repair", f"{r.choice(GADGETS)}-1", "--by", r.choice(s.people), T, "{T}",
                      "--seed", seed(r)),
        lambda r, s: ("gadget", "repair", f"{r.choice(GADGETS)}-1", "--fixed", T, "{T}"),
        lambda r, s: ("gadget", "list", T, "{T}"),
        lambda r, s: ("conflict", f"{r.choice(s.people)}={pick(r, 'brawling', '1', '2', 'courage')}",
                      *(("--chip", f"{r.choice(s.people)}=white") if r.random() < 0.2 else ()),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", f"{r.choice(s.people)}={r.randint(0, 3)}", "--defend", pick(r, "block", "dodge"),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", f"{r.choice(s.people)}={pick(r, 'brawling', '2')}", "--against",
                      r.choice(s.people), *(("--melee",) if r.random() < 0.5 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", f"{r.choice(s.people)}=courage", "--fear-hand", "two pair", "--fear", "1",
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", "clear", r.choice(s.people), *(("--defence",) if r.random() < 0.5 else ()),
                      T, "{T}"),
        lambda r, s: ("conflict", "Sam=2", "Bert=1", "--helper", "Bob=1", "--called", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", "show", T, "{T}"),
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "next", T, "{T}"),
        lambda r, s: ("action", "next", T, "{T}"),
        lambda r, s: ("action", "new", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "join", r.choice(s.people), pick(r, "+1", "5", "4"), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "out", r.choice(s.people), *(("--back",) if r.random() < 0.5 else ()), T, "{T}"),
        lambda r, s: ("action", "show", T, "{T}"),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", pick(r, "brawling=1", "master=3",
                                                                                "mad-science=4")),
        lambda r, s: ("table", "add", "{T}", r.choice(s.people), "--trait", "brawling=1",
                      *(("--side", "marshal") if r.random() < 0.5 else ())),
        lambda r, s: ("table", "add", "{T}", "--sheet", str(SHEETS / pick(r, "sally-swift.toml", "bert-muskie.toml",
                                                                         "three-eagles.toml"))),
        lambda r, s: ("hex", "--skill", str(r.randint(1, 5)), "--caster", r.choice(s.people),
                      *pick(r, ("--huckster",), ("--faithful",), ("--faithful", "--bad-cause"), ("--wild-pick",),
                            ("--mod", "+1"), ("--master", "2"), ("--knack", "luck")),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", f"{r.choice(s.people)}={pick(r, 'pistol', 'brawling', '2', '5')}",
                      *pick(r, ("--target", "pair of jacks"), ("--fear", "2"), ("--fear-draw", "5", "--fear", "1"),
                            ("--mod", "Bert=+1"), ("--helper", f"{r.choice(s.people)}=1")),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "design", r.choice(GADGETS), "--tier", pick(r, "pair", "straight"),
                      "--by", r.choice(s.people), "--assist-skill", "2", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "build", r.choice(GADGETS), "--by", r.choice(s.people), "--as", f"{r.choice(GADGETS)}-1",
                      *(("--chip", pick(r, "white", "red")) if r.random() < 0.5 else ()), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("gadget", "use", f"{r.choice(GADGETS)}-1", "--cards", pick(r, "RJ 2c 3c 4c 5c 6c 7c 8c",
                                                                           "9c 9d 2h 5s Kd 3c 4c 5c"),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "spend", r.choice(s.people), pick(r, "white", "red", "blue"), "--knack",
                      "trick shooting", T, "{T}"),
        lambda r, s: ("conflict", f"{r.choice(s.people)}=5", "--wild-pick", "Bert", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("action", "Bert=+1", "Sally", "-m", "Sam=2", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("chips", "spend", r.choice(s.people), pick(r, "white", "red", "blue"), "--for", "favor",
                      *(("--way",) if r.random() < 0.5 else ()), T, "{T}"),
    ],
    "people": POKER_PEOPLE,
}


def dust(people, weird):
    scores = ["hand,eye", "heart,guts", "eye,guts", "hand,heart"]
    return common(people) + [
        lambda r, s: ("conflict", *r.sample(s.people, 2), "--scores", r.choice(scores),
                      *(("--power", r.choice(s.people)) if weird and r.random() < 0.4 else ()),
                      *(("--extra", f"{r.choice(s.people)}={pick(r, '+1', '-1')}") if r.random() < 0.3 else ()),
                      T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", *r.sample(s.people, 2), "--scores", r.choice(scores), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", *r.sample(s.people, 3), "--scores", r.choice(scores), T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", "harm", r.choice(s.people), f"{pick(r, 'Hand', 'Eye', 'Heart', 'Guts')}=1",
                      T, "{T}"),
        lambda r, s: ("conflict", "show", T, "{T}"),
        (lambda r, s: ("conflict", "Doc=:T10,KSw,KCu,2Co,5Wa", "Kid=:9Cu,9Co,3Sw,4Sw,PCo", T, "{T}",
                       "--seed", seed(r))) if weird else
        (lambda r, s: ("conflict", "Doc=:As,Ks,Qs,Js,10s", "Kid=:2c,3d,4h,5s,7c", T, "{T}", "--seed", seed(r))),
        lambda r, s: ("table", "set", "{T}", r.choice(s.people), "--trait", f"hand={r.randint(1, 4)}"),
        lambda r, s: ("conflict", *r.sample(s.people, 2), "--scores", r.choice(scores),
                      *(("--weird", f"{r.choice(s.people)}=Voodoo Houngan") if weird else ()),
                      "--extra", f"{r.choice(s.people)}=+2", T, "{T}", "--seed", seed(r)),
        lambda r, s: ("conflict", "harm", r.choice(s.people), "Hand=1", "Eye=1", T, "{T}"),
        lambda r, s: ("conflict", "harm", r.choice(s.people), f"{pick(r, 'Heart', 'Guts', 'Power')}=2", T, "{T}"),
        lambda r, s: ("draw", str(r.randint(1, 4)), "--deck", pick(r, "main", "dealer", "Doc"), T, "{T}",
                      "--seed", seed(r)),
        lambda r, s: ("table", "add", "{T}", r.choice(s.people), "--trait", "hand=2", "--trait", "eye=2",
                      "--trait", "heart=2", "--trait", "guts=2"),
    ]


DUST_PEOPLE = ["Doc", "Kid", "Ma"]
WEIRD_DUST_DEVILS = {
    "setup": [
        ("table", "add", "{T}", "Doc", "--trait", "hand=3", "--trait", "eye=2", "--trait", "power=1",
         "--trait", "heart=2", "--trait", "guts=2", "--trait", "weird=Aztec Mummy"),
        ("table", "add", "{T}", "Kid", "--side", "marshal", "--trait", "hand=2", "--trait", "eye=2",
         "--trait", "heart=2", "--trait", "guts=3"),
        ("table", "add", "{T}", "Ma", "--trait", "hand=2", "--trait", "eye=3", "--trait", "heart=2",
         "--trait", "guts=2"),
    ],
    "templates": dust(DUST_PEOPLE, weird=True),
    "people": DUST_PEOPLE,
}
DUST_DEVILS = {
    "setup": [
        ("table", "add", "{T}", "Doc", "--trait", "hand=3", "--trait", "eye=2", "--trait", "heart=2",
         "--trait", "guts=2"),
        ("table", "add", "{T}", "Kid", "--trait", "hand=2", "--trait", "eye=3", "--trait", "heart=1",
         "--trait", "guts=3"),
        ("table", "add", "{T}", "Ma", "--trait", "hand=2", "--trait", "eye=2", "--trait", "heart=3",
         "--trait", "guts=2"),
    ],
    "templates": dust(DUST_PEOPLE, weird=False),
    "people": DUST_PEOPLE,
}

GAMES = {"deadlands": DEADLANDS, "savage-worlds": SAVAGE_WORLDS, "poker-hands": POKER_HANDS,
         "weird-dust-devils": WEIRD_DUST_DEVILS, "dust-devils": DUST_DEVILS}


def test_every_shipped_ruleset_has_a_game(dealer):
    run = dealer("rulesets", "list", "--json")
    assert run.code == 0, run
    assert {entry["name"] for entry in run.json()["result"]["rulesets"]} == set(GAMES)


# -- a session -------------------------------------------------------------------------------

# A hunt for bugs (never the default): half the commands without --seed, as a table usually has
# them (the seed comes from the operating system and the history records it); not reproducible.
UNSEEDED = bool(os.environ.get("DEALER_VERIFY_UNSEEDED"))

class Session:
    def __init__(self, people):
        self.people = list(people)
        self.drawn = []


def steps(game, most=25):
    """A session's steps: (template, a seed for the template's choices), 5 to ``most`` of them."""
    count = len(GAMES[game]["templates"])
    return st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, 2**20)), min_size=5, max_size=most)


def shown(argv):
    """A command line as a shell would take it."""
    import shlex

    return "dealer " + " ".join(shlex.quote(word) for word in argv)


def play_session(dealer, tmp_path, game, table_seed, plan, each_logged=False):
    """Play ``plan`` at a new table of ``game``; export it and verify it. Returns the commands run
    (as shell lines) and how many the rules refused."""
    spec = GAMES[game]
    table = f"t{next(_tables)}"
    session = Session(spec["people"])
    lines = []

    def run(argv, expect_ok=False):
        argv = tuple(table if word == "{T}" else word for word in argv)  # the table the session is at now
        if UNSEEDED and "--seed" in argv and argv[:2] != ("table", "new") and random.random() < 0.5:
            at = argv.index("--seed")  # the table's own seed then: the history records it
            argv = argv[:at] + argv[at + 2:]
        lines.append(shown(argv))
        done = dealer(*argv, "--json") if argv[0] == "draw" else dealer(*argv)
        where = "\n".join(lines)
        assert "Traceback" not in done.out + done.err and "internal error" not in done.err, f"{where}\n{done.err}"
        assert done.code in (0, 1, 2), f"{where}\n{done}"
        if done.code:  # refused: one line (a usage error's "Try --help" is a template that does not parse)
            assert len(done.err.strip().splitlines()) == 1, f"{where}\n{done.err}"
            lines[-1] += f"   # refused: {done.err.strip()}"
        assert not expect_ok or done.code == 0, f"{where}\n{done.err}"
        if argv[0] == "draw" and done.code == 0:
            session.drawn = json.loads(done.out)["result"]["cards"]
        return done

    run(("table", "new", "{T}", "-r", game, "--seed", str(table_seed)), expect_ok=True)
    for argv in spec["setup"]:
        run(argv, expect_ok=True)
    refused = 0
    before = export(dealer, table) if each_logged else None
    for index, choice in plan:
        argv = spec["templates"][index](random.Random(choice), session)
        if argv[0] in ("import", "fork"):  # the session goes on at a new table, made from this one
            table, old = f"t{next(_tables)}", table
            if argv[0] == "import":
                path = tmp_path / f"{old}.json"
                path.write_text(dealer("table", "export", old).out, encoding="utf-8")
                argv = ("table", "import", str(path), "--as", table)
            else:
                last = len(export(dealer, old)["events"])
                argv = ("table", "fork", old, "--at", str(max(1, last - int(argv[1] * 6))), "--as", table)  # near the end
            if run(argv).code:
                table = old
                refused += 1
            before = export(dealer, table) if each_logged else None
            continue
        refused += bool(run(argv).code)
        if each_logged:
            now = export(dealer, table)
            parts = ("decks", "roster", "chips", "state")
            if any(now[part] != before[part] for part in parts):
                changed = [part for part in parts if now[part] != before[part]]
                assert len(now["events"]) > len(before["events"]), (
                    "\n".join(lines) + f"\nthe last command changed {', '.join(changed)} but logged nothing")
            before = now
    result = export(dealer, table)
    path = tmp_path / f"{table}.json"
    path.write_text(json.dumps({"schema": 3, "command": "table export", "ruleset": result["ruleset"], "seed": None,
                                "result": result}), encoding="utf-8")
    done = dealer("verify", path, "--json")
    assert done.code in (0, 1) and done.out, "\n".join(lines) + f"\n{done}"
    report = done.json()["result"]
    assert report["verified"], "\n".join(lines) + f"\ndealer verify: {json.dumps(report['difference'], indent=1)}"
    assert report["matched"] == len(result["events"])
    return lines, refused


def examples(default):
    """How many sessions a test plays: DEALER_VERIFY_SESSIONS when set (a long hunt), else ``default``."""
    return int(os.environ.get("DEALER_VERIFY_SESSIONS") or default)


# The same sessions every run (CI lands what it tested), unless a long hunt asks for new ones.
HUNT = bool(os.environ.get("DEALER_VERIFY_SESSIONS"))
FAST = settings(max_examples=examples(5), deadline=None, database=None, derandomize=not HUNT,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SLOW = settings(max_examples=examples(40), deadline=None, database=None, derandomize=not HUNT,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.mark.parametrize("game", sorted(GAMES))
@FAST
@given(data=st.data(), table_seed=st.integers(0, 2**31))
def test_a_random_session_verifies(game, dealer, tmp_path, data, table_seed):
    play_session(dealer, tmp_path, game, table_seed, data.draw(steps(game), label="plan"))


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
@SLOW
@given(data=st.data(), table_seed=st.integers(0, 2**31))
def test_many_random_sessions_verify_and_every_change_is_logged(game, dealer, tmp_path, data, table_seed):
    play_session(dealer, tmp_path, game, table_seed, data.draw(steps(game, most=50), label="plan"), each_logged=True)
