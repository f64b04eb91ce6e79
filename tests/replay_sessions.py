"""Long mixed sessions on a table, one per shipped game, for the replay tests (dealer verify,
dealer table fork): action rounds walked down, sleeves, holds, hexes and spells, chips drawn,
given, spent and returned, contests and conflicts, gadgets, undo, reset, shuffle, cards typed
by hand. ``{drawn}`` is the first card of the session's last draw (a card to discard).

Each command that deals or shuffles has a seed, so that a session plays the same wherever it
runs (a command on cards typed by hand still shuffles a deck it makes); the two Dust Devils
conflicts on typed cards go without, as a table usually has them: their seeds come from the
operating system, and a replay uses the seed they recorded."""

from __future__ import annotations

import json

T = "--table"

DEADLANDS = ("fri", [
    ("table", "new", "fri", "--seed", "1"),
    ("table", "add", "fri", "Sarah", "--trait", "quickness=3d6", "--trait", "cognition=2d6", "--trait", "hexslinging=4",
     "--trait", "smarts=3d8"),
    ("table", "add", "fri", "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=5"),
    ("table", "add", "fri", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8"),
    ("chips", "session", T, "fri", "--seed", "2"),
    ("action", T, "fri", "--seed", "2"),
    ("action", "sleeve", "Sarah", T, "fri"),
    ("action", "next", T, "fri"),
    ("action", "join", "Doc", "16", T, "fri", "--seed", "4"),
    ("action", "next", T, "fri"),
    ("action", "out", "Bad Bob", T, "fri"),
    ("action", "next", T, "fri"),
    ("action", "out", "Bad Bob", "--back", T, "fri"),
    ("action", T, "fri", "--seed", "3"),
    ("action", "begin", "Velvet", "3", "--what", "mirage", T, "fri"),
    ("action", "play", "Sarah", T, "fri"),
    ("action", T, "fri", "--seed", "5"),
    ("hex", "hunch", "--caster", "Sarah", "--level", "2", T, "fri"),
    ("action", "show", T, "fri"),
    ("action", "next", T, "fri"),
    ("action", "next", T, "fri"),
    ("action", T, "fri", "--seed", "21"),
    ("action", "next", T, "fri"),
    ("hex", "hunch", "--caster", "Sarah", "--roll", "3d8", T, "fri", "--seed", "22"),
    ("action", "Sarah=16:Qh,8d,4c", T, "fri", "--seed", "20"),
    ("hex", "soul blast", "--caster", "Velvet", "--roll", "5d10", "--level", "3", T, "fri", "--seed", "6"),
    ("hex", "soul blast", "--caster", "Sarah", "--total", "18", "--level", "4", "--cards", "8s 8h 8d Kc 5d 3s RJ",
     T, "fri"),
    ("chips", "draw", "Sarah", "2", T, "fri", "--seed", "7"),
    ("chips", "give", "Velvet", "red", T, "fri"),
    ("chips", "spend", "Velvet", "red", "--for", "fate", "--note", "I duck", T, "fri"),
    ("chips", "return", "Sarah", "white", T, "fri"),
    ("draw", "5", T, "fri", "--seed", "8"),
    ("table", "discard", "fri", "{drawn}"),
    ("table", "shuffle", "fri", "--seed", "9"),
    ("table", "undo", "fri"),
    ("table", "undo", "fri"),
    ("action", "new", T, "fri", "--seed", "10"),
    ("action", T, "fri", "--seed", "11"),
    ("action", "sleeve", "Sarah", T, "fri"),
    ("action", "interrupt", "Sarah", "--against", "Bad Bob", "--roll", "Sarah=3d6", "--roll", "Bad Bob=2d8", T, "fri",
     "--seed", "12"),
    ("action", "--surprised", "Sarah=2d6", "--guts", "Velvet=3d8", "--max-cards", "6", T, "fri", "--seed", "16"),
    ("table", "set", "fri", "Velvet", "--side", "marshal"),
    ("roll", "3d6", "--as", "Sarah", T, "fri", "--seed", "13"),
    ("table", "set", "fri", "Sarah", "--trait", "quickness=4d6"),
    ("table", "rest", "fri"),
    ("table", "remove", "fri", "Velvet"),
    ("table", "reset", "fri", "--seed", "14"),
    ("action", T, "fri", "--seed", "15"),
])

SAVAGE_WORLDS = ("tomb", [
    ("table", "new", "tomb", "-r", "savage-worlds", "--seed", "1"),
    ("table", "add", "tomb", "Sarah", "--trait", "edges=level headed", "--trait", "athletics=d8"),
    ("table", "add", "tomb", "Velvet", "--trait", "edges=quick", "--trait", "athletics=d6"),
    ("table", "add", "tomb", "Doc", "--trait", "hindrances=hesitant", "--trait", "athletics=d6"),
    ("table", "add", "tomb", "Bad Bob", "--side", "gm", "--trait", "athletics=d8"),
    ("table", "add", "tomb", "Cultists", "--side", "gm", "--trait", "extra=yes", "--trait", "athletics=d6"),
    ("chips", "session", T, "tomb", "--seed", "2"),
    ("action", T, "tomb", "--seed", "50"),
    ("roll", "d6", "--as", "Doc", T, "tomb", "--seed", "3"),
    ("action", "hold", "Sarah", T, "tomb"),
    ("action", "next", T, "tomb"),
    ("action", T, "tomb", "--seed", "1"),
    ("chips", "spend", "Doc", "--for", "card", T, "tomb"),
    ("action", "interrupt", "Sarah", "--against", "Bad Bob", T, "tomb", "--seed", "5"),
    ("roll", "d8", "--as", "Velvet", T, "tomb", "--seed", "8"),
    ("chips", "spend", "Velvet", "--for", "reroll", T, "tomb", "--seed", "9"),
    ("roll", "2d6+d8", "--damage", "--raise", "--vs", "7", "--as", "Velvet", T, "tomb", "--seed", "10"),
    ("chips", "spend", "Velvet", "--for", "reroll", T, "tomb", "--seed", "11"),
    ("action", "next", T, "tomb"),
    ("action", "next", T, "tomb"),
    ("action", T, "tomb", "--seed", "6"),
    ("action", "hold", "Velvet", T, "tomb"),
    ("action", "act", "Velvet", T, "tomb"),
    ("chips", "give", "Sarah", T, "tomb"),
    ("chips", "return", "Sarah", T, "tomb"),
    ("table", "undo", "tomb"),
    ("table", "shuffle", "tomb", "--seed", "12"),
    ("action", "new", T, "tomb", "--seed", "13"),
    ("action", "Sarah=level-headed", "Velvet=quick", "-m", "Cultists", "--ambush", "Cultists", "--surprised",
     "Sarah=d6", T, "tomb", "--seed", "14"),
    ("table", "reset", "tomb", "--seed", "15"),
])

POKER_HANDS = ("sal", [
    ("table", "new", "sal", "-r", "poker-hands", "--seed", "1"),
    ("table", "add", "sal", "Sally", "--trait", "master=2"),
    ("table", "add", "sal", "Three Eagles", "--trait", "guardian-spirit=4", "--trait", "rituals=paint:2,tobacco:3"),
    ("table", "add", "sal", "Ada", "--trait", "mad-science=3"),
    ("table", "add", "sal", "Bert", "--trait", "brawling=2", "--trait", "courage=1"),
    ("table", "add", "sal", "Sam", "--side", "marshal", "--trait", "brawling=3"),
    ("chips", "session", T, "sal", "--seed", "7"),
    ("hex", "--skill", "0", "--caster", "Sally", "--cards", "2c 4d 6h 8s Jc", T, "sal", "--seed", "31"),
    ("chips", "give", "Sally", "red", T, "sal"),
    ("chips", "spend", "Sally", "red", T, "sal"),
    ("chips", "ritual", "Three Eagles", "paint", "--cards", "9c 9d 2h 5s Kd", T, "sal", "--seed", "32"),
    ("hex", "--skill", "2", "--caster", "Sally", T, "sal", "--seed", "3"),
    ("gadget", "design", "jetski", "--tier", "straight", "--by", "Ada", "--cards", "5h 6c 7d 8s 9h Kc Kd 2s", T, "sal",
     "--seed", "33"),
    ("gadget", "build", "jetski", "--by", "Ada", "--cards", "Jh 10c 9d 8s 7h 2c 3d 4s", T, "sal", "--seed", "34"),
    ("gadget", "use", "jetski-1", T, "sal", "--seed", "3"),
    ("gadget", "use", "jetski-1", T, "sal", "--seed", "4"),
    ("gadget", "design", "jetpack", "--tier", "full house", "--by", "Ada", "--cards", "Qs Qh 9c 9d 4s 7h 2c 3d",
     T, "sal", "--seed", "35"),
    ("chips", "give", "Ada", "red", T, "sal"),
    ("chips", "spend", "Ada", "red", T, "sal"),
    ("gadget", "build", "jetpack", "--by", "Ada", T, "sal", "--seed", "6"),
    ("conflict", "Bert=:Qc,Qd,4h,6s,8d", "--defend", "block", T, "sal", "--seed", "36"),
    ("conflict", "Sam=:Kc,Kd,2h,3s,5d", "--against", "Bert", T, "sal", "--seed", "37"),
    ("conflict", "Bert=courage", "--fear-hand", "two pair", "--fear", "1", T, "sal", "--seed", "4"),
    ("conflict", "clear", "Bert", T, "sal"),
    ("conflict", "Sam=2", "Bert=1", "--helper", "Bob=1", "--called", T, "sal", "--seed", "6"),
    ("action", T, "sal", "--seed", "8"),
    ("action", "next", T, "sal"),
    ("action", "next", T, "sal"),
    ("chips", "wound", "Bert", T, "sal"),
    ("chips", "draw", "Bert", "2", T, "sal", "--seed", "9"),
    ("table", "rest", "sal", "Sally"),
    ("table", "undo", "sal"),
    ("draw", "4", T, "sal", "--seed", "10"),
    ("table", "shuffle", "sal", "--seed", "11"),
    ("gadget", "list", T, "sal"),
    ("gadget", "design", "ray", "--tier", "pair", "--by", "Ada", "--cards", "2c 2d 5h 7s 9c 3d 4h 6c", T, "sal",
     "--seed", "38"),
    ("gadget", "build", "ray", "--by", "Ada", "--cards", "2h 2s 5c 7d 9h 3c 4d 8s", T, "sal", "--seed", "39"),
    ("gadget", "use", "ray-1", T, "sal", "--seed", "3"),
    ("gadget", "use", "ray-1", "--cards", "RJ 2c 3c 4c 5c 6c 7c 8c", T, "sal", "--seed", "40"),
    ("gadget", "repair", "ray-1", "--by", "Ada", T, "sal", "--seed", "4"),
    ("gadget", "use", "ray-1", "--cards", "BJ 2h 3h 4h 5h 6h 7h 8h", T, "sal", "--seed", "41"),
    ("gadget", "repair", "ray-1", "--fixed", T, "sal"),
    ("chips", "session", T, "sal", "--seed", "13"),
    ("chips", "ritual", "Three Eagles", "tobacco", "--spend-on", "Turtle's Shell", "--way", T, "sal", "--seed", "14"),
    ("conflict", "Bert=brawling", "--chip", "Bert=white", T, "sal", "--seed", "15"),
    ("hex", "--skill", "1", "--caster", "Sally", "--chip", "white", T, "sal", "--seed", "16"),
    ("action", "new", T, "sal", "--seed", "17"),
    ("action", T, "sal", "--seed", "18"),
    ("chips", "spend", "Bert", "white", T, "sal"),
    ("conflict", "show", T, "sal"),
    ("table", "remove", "sal", "Sam"),
    ("table", "reset", "sal", "--seed", "12"),
])

WEIRD_DUST_DEVILS = ("dd", [
    ("table", "new", "dd", "-r", "weird-dust-devils", "--seed", "1"),
    ("table", "add", "dd", "Doc", "--trait", "hand=3", "--trait", "eye=2", "--trait", "power=1", "--trait", "heart=2",
     "--trait", "guts=2", "--trait", "weird=Aztec Mummy"),
    ("table", "add", "dd", "Kid", "--side", "marshal", "--trait", "hand=2", "--trait", "eye=2", "--trait", "heart=2",
     "--trait", "guts=3"),
    ("conflict", "Doc", "Kid", "--scores", "hand,eye", "--power", "Doc", T, "dd", "--seed", "7"),
    ("conflict", "harm", "Kid", "Hand=1", T, "dd"),
    ("conflict", "Doc", "Kid", "--scores", "heart,guts", T, "dd", "--seed", "8"),
    ("conflict", "Doc=:T10,KSw,KCu,2Co,5Wa", "Kid=:9Cu,9Co,3Sw,4Sw,PCo", T, "dd"),
    ("draw", "6", T, "dd", "--seed", "9"),
    ("table", "discard", "dd", "{drawn}"),
    ("table", "undo", "dd"),
    ("table", "shuffle", "dd", "--seed", "10"),
    ("conflict", "Doc", "Kid", "--scores", "hand,eye", "--extra", "Kid=+1", T, "dd", "--seed", "11"),
    ("table", "reset", "dd", "--seed", "12"),
    ("conflict", "Doc", "Kid", "--scores", "guts,eye", T, "dd", "--seed", "13"),
])

DUST_DEVILS = ("dust", [
    ("table", "new", "dust", "-r", "dust-devils", "--seed", "1"),
    ("table", "add", "dust", "Doc", "--trait", "hand=3", "--trait", "eye=2", "--trait", "heart=2", "--trait", "guts=2"),
    ("table", "add", "dust", "Kid", "--trait", "hand=2", "--trait", "eye=3", "--trait", "heart=1", "--trait", "guts=3"),
    ("conflict", "Doc", "Kid", "--scores", "hand,eye", T, "dust", "--seed", "3"),
    ("conflict", "harm", "Kid", "Hand=1", T, "dust"),
    ("conflict", "Doc=:As,Ks,Qs,Js,10s", "Kid=:2c,3d,4h,5s,7c", T, "dust"),
    ("draw", "3", T, "dust", "--seed", "4"),
    ("table", "discard", "dust", "{drawn}"),
    ("table", "undo", "dust"),
    ("conflict", "Doc", "Kid", "--scores", "heart,guts", T, "dust", "--seed", "5"),
    ("table", "shuffle", "dust", "--seed", "6"),
    ("table", "reset", "dust", "--seed", "7"),
    ("conflict", "Doc", "Kid", "--scores", "eye,guts", "--extra", "Doc=-1", T, "dust", "--seed", "8"),
])

GAMES = {"deadlands": DEADLANDS, "savage-worlds": SAVAGE_WORLDS, "poker-hands": POKER_HANDS,
         "weird-dust-devils": WEIRD_DUST_DEVILS, "dust-devils": DUST_DEVILS}


def play(run, commands, after=None, reseed=None):
    """Run each command (``run(*argv)`` returns a Run), asserting it worked, then ``after(argv)``
    when given; ``reseed(argv)``, when given, changes a command's words first. A draw is run with
    --json so that ``{drawn}`` can name a card it dealt. The number of commands run."""
    drawn = None
    for argv in commands:
        argv = tuple(drawn if word == "{drawn}" else word for word in argv)
        argv = reseed(argv) if reseed is not None else argv
        done = run(*argv, "--json") if argv[0] == "draw" else run(*argv)
        assert done.code == 0, (argv, done.err)
        if argv[0] == "draw":
            drawn = json.loads(done.out)["result"]["cards"][0]
        if after is not None:
            after(argv)
    return len(commands)


def export(run, table):
    """``table export TABLE``'s result."""
    done = run("table", "export", table)
    assert done.code == 0, done.err
    return json.loads(done.out)["result"]
