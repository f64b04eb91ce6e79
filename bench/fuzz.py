"""A fuzz run over every command: random command lines, each a result or a clean error.

    .venv/bin/python bench/fuzz.py [--lines 8000] [--seed N] [--limit 10]

Each line is a command (every command and subcommand of ``dealer``) followed by a few tokens
drawn from valid and hostile values (huge numbers, control characters, special files, long
text, real cards, names and options), run in-process through click's CliRunner against a
state folder holding a few real tables (remade every 200 lines, as lines delete and reset
them). Reported: lines run, the seed, exit codes, internal errors (a traceback, "internal
error", an exit code other than 0, 1, 2 or 130, stderr with no message on failure), hangs
(a line still running after --limit seconds, stopped by an alarm: by default past the two
minutes of work ``dealer odds`` accepts), memory blow-ups (a line that raises the process's peak
memory by more than --growth-mb; the run is held to --memory-mb of address space, so a worse
one is a MemoryError, an internal error, not a machine out of memory), the lines over 10 s of
CPU (a simulation of a million deals takes that long, with its progress bar on a terminal) and
the slowest lines, by the CPU each burnt (on a shared machine a line's wall time is mostly the
others' work). Hostile files stand in for some tokens: a FIFO, exports, and TOML files with a
40,000-part dotted key, nesting 5,000 deep and an extends chain of 12 (as rulesets and as
character sheets). Exits 1 when it finds an internal error, a hang or a blow-up. The same seed
replays the same lines.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter

COMMANDS = [
    ["draw"], ["hand"], ["roll"], ["rulesets", "list"], ["rulesets", "show"], ["rulesets", "validate"],
    ["rulesets", "new"], ["rulesets", "diff"], ["table", "new"], ["table", "list"], ["table", "show"], ["table", "log"],
    ["table", "add"], ["table", "set"], ["table", "remove"], ["table", "rest"], ["table", "condition"], ["table", "discard"],
    ["table", "shuffle"], ["table", "reset"], ["table", "delete"], ["table", "undo"], ["table", "export"],
    ["table", "import"], ["table", "check"], ["table", "fork"], ["table", "stats"], ["verify"], ["action"], ["action", "deal"], ["action", "new"],
    ["action", "sleeve"], ["action", "play"], ["action", "interrupt"], ["action", "begin"],
    ["action", "hold"], ["action", "act"], ["action", "next"], ["action", "show"], ["action", "join"],
    ["action", "out"],
    ["hex"], ["conflict"], ["conflict", "harm"], ["conflict", "clear"], ["conflict", "show"], ["chips"],
    ["chips", "draw"], ["chips", "give"], ["chips", "spend"], ["chips", "return"], ["chips", "session"],
    ["chips", "ritual"], ["chips", "wound"], ["gadget", "design"], ["gadget", "build"], ["gadget", "use"],
    ["gadget", "repair"], ["gadget", "list"],
    ["odds", "hand"], ["odds", "hex"], ["odds", "action"], ["odds", "gadget"], ["odds", "conflict"],
    ["odds", "roll"], ["store", "show"], ["store", "init"], ["table", "seat"], ["table", "reveal"], ["help"], ["nonsense"], [],
]
# Commands that run until interrupted, by design: the fuzz checks them elsewhere
# (tests/store/test_watch.py), never as a line that would be called a hang.
NEVER_ENDING = [["table", "watch"]]
HUGE = "9" * 5000
TOKENS = [
    # options
    "--json", "--jsonl", "--ascii", "--no-color", "--seed", "-r", "--table", "--count", "--min", "--vs", "--tn",
    "--odds", "--context", "--from", "--name", "--deck", "--yes", "--side", "--trait", "--trait-free", "-m",
    "--roll", "--total", "--bust", "--level", "--cards", "--caster", "--list", "--skill", "--mod", "--wild-pick",
    "--target", "--reshuffle", "--since", "--last", "--session", "--person", "--help", "--max-cards", "--surprised",
    "--against", "--scores",
    "--power", "--extra", "--weird", "--helper", "--fear", "--called", "--chip", "--knack", "--for", "--note",
    "--tier", "--by", "--rush", "--reliability", "--fail-hand", "--build-joker", "--samples", "--holding",
    "--deck-left", "--dice", "--allow-short", "--as", "--simulate", "--guardian", "--assist-skill", "--action-card",
    "--huckster", "--faithful", "--master", "--card", "--device", "--complexity", "--fixed", "--defend",
    "--fear-hand", "--fear-draw", "--spend-on", "--way", "--edges", "--damage", "--raise", "--back", "--clear",
    "soak", "unshake", "shaken", "stunned", "wounds=2", "vigor", "next", "join", "out", "--bad-cause", "--assist-by", "--assist-cards", "block", "dodge", "--all", "--path", "tables", "json", "tabels",
    # rulesets, tables, people
    "deadlands", "weird-dust-devils", "dust-devils", "poker-hands", "savage-worlds", "nope", "./missing.toml",
    "t", "p", "w", "x", "Sarah", "Bob", "Sam", "TE", "Bert", "Doc", "Kid", "Velvet", "posse", "marshal",
    # values
    "hand,eye", "Doc=hand=3,eye=2,power=1", "Kid=:T10,KSw", "Sam=3", "Bob=2", "Sam=+1", "white", "red", "blue",
    "gold", "paint", "jetski", "straight", "pair", "hand", "jacks", "pair of jacks", "ace", "two pair",
    "royal flush", "soul blast", "Sarah=16", "Sarah=3d6", "Bo=bust", "Cy=16:Qh,8d,4c", "quickness=3d6",
    "guardian-spirit=4", "rituals=paint:2", "mad-science=3", "pistol=3", "combat=1", "hexslinging=5",
    "harm", "clear", "show", "deal", "use", "list", "Doc=2", "Kid=1", "card", "reroll", "benny", "notice=d6",
    "As", "10h", "Th", "RJ", "BJ", "T10", "Fool", "KSw", "Xz", "As As", "8s 8h 8d Kc 5d 3s RJ",
    "9c 9d 2h 5s Kd", "As Ad 5c 7d 9h", "Ks Kd Kc 7d 9h", "main", "posse", "hex:Velvet",
    "5d10", "3d8+2", "1d6-4", "0d6", "3d7", "d", "3d6++", "100d20", "1", "2", "3", "5", "7", "12", "54", "55",
    "78", "0", "-1", "-3", "1000000", "20000", "1e9", "x=", "=", "", " ", "-", "--",
    # hostile
    HUGE, "-" + HUGE, "1" + "0" * 19, "99999999999999999999", "18446744073709551616", "-9223372036854775809",
    "Sam=" + HUGE, "Doc=" + HUGE, "hand=" + HUGE, "quickness=" + HUGE, "rituals=paint:" + HUGE, "Sam=99999999999999",
    "\udcff", "caf\udce9", "\x1b]0;owned\x07", "X\x1b[31mY", "a\nb", "\t", "\u202e", "ünï", "x" * 3000,
    "/dev/zero", "/dev/urandom", "/dev/null", "/", ".", "..", "../../etc", "a/b", "FIFO", "EXPORT", "BADEXPORT",
    "DEEPKEY", "DEEPNEST", "CHAIN", "--verbose", "--sheet", "16", "17", "20", "30", "T3 Fool",
]
SETUP = [
    ["table", "new", "t", "--seed", "1"],
    ["table", "add", "t", "Sarah", "--trait", "quickness=3d6"],
    ["table", "add", "t", "Bob", "--side", "marshal", "--trait", "quickness=2d8"],
    ["action", "--table", "t", "--seed", "2"],
    ["-r", "poker-hands", "table", "new", "p", "--seed", "1"],
    ["table", "add", "p", "TE", "--trait", "guardian-spirit=4", "--trait", "rituals=paint:2"],
    ["table", "add", "p", "Bert", "--trait", "mad-science=3"],
    ["chips", "ritual", "TE", "paint", "--cards", "9c 9d 2h 5s Kd", "--table", "p"],
    ["-r", "weird-dust-devils", "table", "new", "w", "--seed", "1"],
    ["-r", "savage-worlds", "table", "new", "s", "--seed", "1"],
    ["table", "add", "s", "Sam", "--trait", "notice=d6", "--trait", "vigor=d6", "--trait", "spirit=d6"],
    ["table", "add", "s", "Cy", "--side", "gm"],
    ["chips", "session", "--table", "s", "--seed", "1"],
    ["action", "--table", "s", "--seed", "3"],
]


# A working line for each command (on the tables SETUP makes): mutated, they reach past the
# option parser into the commands, mechanics and store.
EXAMPLES = [
    ["chips", "spend", "Sam", "--for", "card", "--table", "s"], ["chips", "spend", "Sam", "--for", "reroll", "--table", "s"],
    ["roll", "2d6+d8", "--damage", "--raise", "--as", "Sam", "--table", "s"],
    ["roll", "2d6+d8", "--damage", "--vs", "Sam", "--as", "Cy", "--table", "s"], ["roll", "vigor", "--as", "Sam", "--table", "s"],
    ["chips", "spend", "Sam", "--for", "soak", "--table", "s"], ["chips", "spend", "Sam", "--for", "unshake", "--table", "s"],
    ["table", "condition", "s", "Sam", "shaken", "stunned"], ["odds", "roll", "2d6", "--damage", "--vs", "Sam", "--table", "s"],
    ["action", "--table", "s", "--ambush", "Cy", "--surprised", "Sam"],
    ["gadget", "design", "jet", "--tier", "pair", "--by", "Bert", "--table", "p"],
    ["chips", "give", "Bert", "red", "--table", "p"], ["chips", "spend", "Bert", "red", "--table", "p"],
    ["draw", "5", "--seed", "7"], ["draw", "3", "--table", "t"], ["draw", "2", "--table", "p", "--count", "3"],
    ["hand", "8s 8h 8d Kc 5d 3s RJ", "--min", "ace"], ["hand", "As Kd", "--vs", "2c 2d"],
    ["-r", "weird-dust-devils", "hand", "T10 KSw KCu KWa 2Co"], ["roll", "5d10", "--tn", "5"],
    ["roll", "3d6", "--odds"], ["roll", "3d8+2", "--count", "3"], ["rulesets", "list"],
    ["rulesets", "show", "poker-hands"], ["rulesets", "validate", "deadlands"], ["rulesets", "new", "--from", "deadlands"],
    ["rulesets", "diff", "savage-worlds", "dust-devils"],
    ["table", "new", "x"], ["table", "list"], ["table", "show", "t"], ["table", "log", "p", "--last", "3"],
    ["table", "add", "t", "Velvet", "--trait", "quickness=2d8"], ["table", "set", "t", "Sarah", "--trait", "guts=2d6"],
    ["table", "remove", "t", "Bob"], ["table", "rest", "p", "TE"], ["table", "discard", "t", "As"],
    ["table", "shuffle", "t"], ["table", "reset", "p"], ["table", "delete", "w", "--yes"], ["table", "undo", "p"],
    ["table", "export", "p"], ["table", "import", "EXPORT", "--as", "q"], ["table", "check", "p"],
    ["verify", "EXPORT"], ["table", "fork", "p", "--at", "2", "--as", "f"],
    ["table", "stats", "t", "--person", "Sarah"], ["table", "stats", "p", "--since", "3"],
    ["table", "stats", "s", "--session"],
    ["action", "Sarah=16", "Velvet=3d6", "-m", "Bad Bob=2d8"], ["action", "--table", "t"],
    ["action", "new", "--table", "t"], ["action", "sleeve", "Sarah", "--table", "t"],
    ["action", "play", "Sarah", "--table", "t"], ["action", "interrupt", "Sarah", "--against", "Bob", "--table", "t"],
    ["action", "begin", "Sarah", "2", "--what", "mirage", "--table", "t"],
    ["-r", "poker-hands", "action", "Bert", "Sally=+2", "-m", "Cultist"],
    ["hex", "soul blast", "--total", "18", "--level", "4"], ["hex", "soul blast", "--roll", "5d10", "--level", "2"],
    ["-r", "poker-hands", "hex", "--skill", "5", "--wild-pick"], ["hex", "--skill", "3", "--table", "p", "--caster", "TE"],
    ["-r", "dust-devils", "conflict", "Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,eye"],
    ["-r", "weird-dust-devils", "conflict", "Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2", "--scores", "hand,eye",
     "--power", "Doc"],
    ["-r", "poker-hands", "conflict", "Sam=3", "Bob=2", "--helper", "Al=2", "--mod", "Sam=+1"],
    ["-r", "poker-hands", "conflict", "Sam=2", "--fear", "3"], ["conflict", "harm", "Doc", "hand=2", "--table", "w"],
    ["conflict", "show", "--table", "w"], ["conflict", "clear", "Doc", "--table", "p"],
    ["chips", "--table", "p"], ["chips", "draw", "Bert", "2", "--table", "p"], ["chips", "give", "TE", "red", "--table", "p"],
    ["chips", "spend", "TE", "white", "--table", "p"], ["chips", "return", "Bert", "white", "--table", "p"],
    ["chips", "session", "--table", "p"], ["chips", "ritual", "TE", "paint", "--table", "p"],
    ["chips", "ritual", "TE", "paint", "--skill", "3", "--guardian", "2", "--table", "p"],
    ["chips", "wound", "TE", "1", "--table", "p"],
    ["gadget", "design", "jetski", "--tier", "1", "--by", "Bert", "--table", "p"],
    ["gadget", "build", "jetski", "--by", "Bert", "--table", "p"], ["gadget", "use", "jetski-1", "--table", "p"],
    ["-r", "poker-hands", "gadget", "use", "--reliability", "5"], ["-r", "poker-hands", "gadget", "design", "x",
                                                                     "--tier", "pair", "--skill", "3"],
    ["odds", "hand", "5", "--min", "pair of jacks"], ["odds", "hand", "7", "--simulate", "--samples", "2000"],
    ["odds", "hand", "5", "--holding", "As Ah"], ["-r", "poker-hands", "odds", "hex", "--skill", "3"],
    ["odds", "hex", "soul blast", "--dice", "5d10", "--level", "4"], ["odds", "action", "3d6"],
    ["-r", "poker-hands", "odds", "gadget", "--reliability", "5", "--fail-hand", "5"],
    ["-r", "poker-hands", "odds", "conflict", "Sam=3", "Bob=2", "--samples", "200"],
    ["-r", "savage-worlds", "odds", "roll", "d8", "--tn", "6"], ["-r", "savage-worlds", "odds", "action", "Kh"],
    ["action", "hold", "Sarah", "--table", "t"], ["action", "act", "Sarah", "--table", "t"],
    ["action", "next", "--table", "t"], ["action", "show", "--table", "t"], ["action", "join", "Doc", "3d6", "--table", "t"],
    ["action", "out", "Sarah", "--table", "t"], ["action", "out", "Sarah", "--back", "--table", "t"],
    # issue 36: counts past the work allowed, a hex whose raises pass it, hostile TOML files
    ["odds", "hand", "20"], ["-r", "weird-dust-devils", "odds", "hand", "30", "--holding", "T3 Fool"],
    ["odds", "hand", "16", "--min", "pair of jacks", "--verbose"], ["odds", "hand", "3", "--simulate"],
    ["odds", "hex", "--min", "royal flush", "--roll", "30d12", "--level", "1"],
    ["-r", "weird-dust-devils", "odds", "conflict", "Doc=hand=4,eye=4,power=2", "Kid=hand=2,eye=2", "--scores",
     "hand,eye", "--power", "Doc", "--samples", "500"],
    ["rulesets", "validate", "DEEPKEY"], ["-r", "CHAIN", "draw"], ["table", "add", "t", "--sheet", "DEEPKEY"],
    ["table", "add", "p", "--sheet", "DEEPNEST"],
]


class Hang(Exception):
    """A line still running when the alarm went off."""


def _alarm(signum, frame):
    raise Hang()


_OPTIONS = {}


def own_options(words):
    """The options of the command that ``words`` start with (its own, then the global ones)."""
    import click

    from dealer.cli import cli

    path = tuple(word for word in words[:3] if not word.startswith("-"))[:2]
    if path not in _OPTIONS:
        ctx, command = click.Context(cli), cli
        for word in path:
            found = command.get_command(ctx, word) if isinstance(command, click.Group) else None
            if found is None:
                break
            command = found
        _OPTIONS[path] = [opt for param in command.params if isinstance(param, click.Option) for opt in param.opts]
    return _OPTIONS[path] or ["--json"]


def _token(rng, line):
    """A token: one of the command's own options (half the time, with a value after it), or any."""
    if rng.random() < 0.5:
        return [rng.choice(own_options(line))] + ([rng.choice(TOKENS)] if rng.random() < 0.7 else [])
    return [rng.choice(TOKENS)]


def make_line(rng, files):
    """Half the lines: a command and random tokens; half: a working example, mutated."""
    if rng.random() < 0.5:
        line = list(rng.choice(COMMANDS))
        for _ in range(rng.randint(0, 6)):
            line += _token(rng, line)
    else:
        line = list(rng.choice(EXAMPLES))
        for _ in range(rng.randint(0, 3)):
            where = rng.randrange(len(line) + 1)
            kind = rng.randrange(4)
            if kind == 0 and where < len(line):
                line[where] = rng.choice(TOKENS)
            elif kind == 1:
                line[where:where] = _token(rng, line)
            elif kind == 2 and where < len(line) and len(line) > 1:
                del line[where]
            else:
                line += _token(rng, line)
    if rng.random() < 0.2:
        line.append("".join(rng.choice("aZ9=:,+- .\\x\u00e9\u2660") for _ in range(rng.randint(0, 8))))
    return [files.get(token, token) for token in line]


def peak_mb() -> float:
    """The process's peak resident memory so far, in megabytes."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def hostile_files(work: str) -> dict:
    """Token -> path of a hostile file: a FIFO, a good and a broken export (written later and
    here), TOML with a 40,000-part dotted key, nesting 5,000 deep, an extends chain of 12."""
    os.mkfifo(os.path.join(work, "pipe"))
    files = {"FIFO": os.path.join(work, "pipe"), "EXPORT": os.path.join(work, "export.json"),
             "BADEXPORT": os.path.join(work, "bad.json"), "DEEPKEY": os.path.join(work, "deep-key.toml"),
             "DEEPNEST": os.path.join(work, "deep-nest.toml"), "CHAIN": os.path.join(work, "c0.toml")}
    with open(files["BADEXPORT"], "w") as handle:
        handle.write('{"command": "table export", "result": {"format": 1, "decks": ' + "[" * 5000 + "}}")
    with open(files["DEEPKEY"], "w") as handle:
        handle.write('extends = "deadlands"\n' + ".".join(["a"] * 40_000) + " = 1\n")
    with open(files["DEEPNEST"], "w") as handle:
        handle.write("x = " + "[" * 5000 + "]" * 5000 + "\n")
    for i in range(12):
        with open(os.path.join(work, f"c{i}.toml"), "w") as handle:
            handle.write(f'extends = "c{i + 1}.toml"\n' if i < 11 else 'extends = "deadlands"\n')
    return files


def run_line(runner, cli, line, limit):
    """(exit code, stdout, stderr, CPU seconds, hung) of one command line (the CPU it burnt: on a
    shared machine its wall time is mostly the others')."""
    started = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        result = runner.invoke(cli, line, prog_name="dealer", catch_exceptions=True)
        hung = isinstance(result.exception, Hang)
    except Hang:
        result, hung = None, True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.process_time() - started
    if result is None:
        return None, "", "", seconds, True
    return result.exit_code, result.stdout, result.stderr, seconds, hung


def problem(code, out, err):
    """Why a line's outcome is an internal error, or None."""
    if code not in (0, 1, 2, 130):
        return f"exit code {code}"
    if "Traceback" in out + err or "internal error" in err:
        return (err.strip().splitlines() or ["traceback"])[-2 if "This is a bug" in err else -1][:160]
    if code and not err.strip():
        return "failed without a message"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--limit", type=float, default=180.0, help="seconds before a line counts as a hang")
    parser.add_argument("--growth-mb", type=float, default=300.0,
                        help="a line raising the peak memory by more than this is a blow-up")
    parser.add_argument("--memory-mb", type=int, default=3000, help="address space the run is held to")
    args = parser.parse_args()
    import resource

    limit = args.memory_mb << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    from click.testing import CliRunner

    from dealer.cli import cli

    work = tempfile.mkdtemp(prefix="dealer-fuzz-")
    here = os.getcwd()
    os.chdir(work)  # a line may name a file anywhere (--store 0 makes a store called 0): never the checkout
    home = os.path.join(work, "state")
    os.environ["DEALER_HOME"] = home
    for name in ("DEALER_RULESET", "DEALER_TABLE", "DEALER_DEBUG"):
        os.environ.pop(name, None)
    files = hostile_files(work)
    signal.signal(signal.SIGALRM, _alarm)
    runner = CliRunner()
    rng = random.Random(seed)
    codes, errors, hangs, slow, blowups = Counter(), Counter(), [], [], []
    started = time.perf_counter()
    try:
        for i in range(args.lines):
            if i % 200 == 0:
                shutil.rmtree(home, ignore_errors=True)
                for line in SETUP:
                    runner.invoke(cli, line, prog_name="dealer")
                export = runner.invoke(cli, ["table", "export", "p"], prog_name="dealer")
                with open(files["EXPORT"], "w") as handle:
                    handle.write(export.stdout)
            line = make_line(rng, files)
            before = peak_mb()
            code, out, err, seconds, hung = run_line(runner, cli, line, args.limit)
            grown = peak_mb() - before
            codes[code] += 1
            shown = " ".join(token if len(token) < 40 else token[:12] + f"...({len(token)} chars)" for token in line)
            if grown > args.growth_mb:
                blowups.append((grown, shown))
            if hung:
                hangs.append(shown)
                continue
            why = problem(code, out, err)
            if why:
                errors[(why, shown)] += 1
            slow.append((seconds, shown))
    finally:
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - started
    slow.sort(reverse=True)
    print(f"fuzz: {args.lines:,} command lines, seed {seed}, {elapsed:.0f} s "
          f"({elapsed / max(args.lines, 1) * 1000:.0f} ms a line)")
    print("exit codes: " + ", ".join(f"{code}: {count:,}" for code, count in sorted(codes.items(), key=str)))
    print(f"internal errors: {sum(errors.values())} ({len(errors)} distinct)")
    for (why, shown), count in errors.most_common(20):
        print(f"  {count} x {why}\n      dealer {shown[:200]}")
    print(f"hangs (over {args.limit:g} s): {len(hangs)}; lines over 10 s of CPU: {sum(s > 10 for s, _ in slow)}")
    for shown in hangs[:20]:
        print(f"  dealer {shown[:200]}")
    print(f"memory blow-ups (peak raised over {args.growth_mb:g} MB by a line): {len(blowups)}; "
          f"peak {peak_mb():.0f} MB")
    for grown, shown in blowups[:20]:
        print(f"  +{grown:.0f} MB dealer {shown[:200]}")
    print("slowest lines (CPU): " + "; ".join(f"{seconds:.1f} s dealer {shown[:80]}" for seconds, shown in slow[:3]))
    return 1 if errors or hangs or blowups else 0


if __name__ == "__main__":
    sys.exit(main())
