"""A player's move at a shared table that would change what is not theirs, refused in the player's
words: one line naming the seat, what it would change (another person's wounds and Shaken, whose turn
is under way), whose it is, and the command to ask the GM for, which the GM's seat then runs. On
PostgreSQL, with seats, as a Savage Worlds table plays it."""

from __future__ import annotations

import shlex

import pytest

from tests.conftest import assert_clean_error

pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")

QUINN = "dealer: seat quinn (player for Quinn): this would change "


@pytest.fixture
def table(dealer_on, postgres_url):
    """A savage-worlds table on PostgreSQL: Quinn (a hero, with a player's seat), the GM's Wild Card Bad Bob and
    a group of Extras; the GM's runner and Quinn's."""
    owner = dealer_on(postgres_url)
    for argv in (("table", "new", "s", "-r", "savage-worlds"),
                 ("table", "add", "s", "Quinn", "--trait", "vigor=d8", "--trait", "spirit=d6", "--trait", "athletics=d6"),
                 ("table", "add", "s", "Bad Bob", "--side", "gm", "--trait", "vigor=d8", "--trait", "athletics=d8"),
                 ("table", "add", "s", "Goon", "--side", "gm", "--trait", "extra=yes", "--trait", "count=3",
                  "--trait", "vigor=d6", "--trait", "athletics=d6")):
        assert owner(*argv).code == 0, argv
    seats = {}
    for name, args in (("gm", ("--role", "gm")), ("quinn", ("--role", "player", "--for", "Quinn"))):
        made = owner("table", "seat", "s", name, *args, "--json")
        assert made.code == 0, made
        seats[name] = dealer_on(made.json()["result"]["store"])
    return seats["gm"], seats["quinn"]


def refused(run, *argv):
    """The one line a refused move prints (exit 1, no traceback)."""
    done = run(*argv)
    assert_clean_error(done, code=1)
    lines = done.err.strip().splitlines()
    assert len(lines) == 1, done.err
    return lines[0]


def state(gm):
    shown = gm("table", "show", "s", "--json")
    assert shown.code == 0, shown
    result = shown.json()["result"]
    return result["conditions"], result["state"]


def asked(line):
    """The command the refusal asks the GM for, as words."""
    return shlex.split(line.partition(": dealer ")[2])


@pytest.mark.parametrize("target, whose", [("Goon", "Goon"), ("Bad Bob", "Bad Bob")])
def test_damage_aimed_at_someone_else_names_their_wounds_and_the_command_for_the_gm(table, target, whose):
    gm, quinn = table
    before = state(gm)
    line = refused(quinn, "roll", "3d6", "--damage", "--as", "Quinn", "--vs", target, "--table", "s")
    told = line.partition(": dealer ")[0]
    assert told == f"{QUINN}{whose}'s wounds and Shaken: {whose} is not Quinn's; ask the GM to apply the damage"
    assert asked(line) == ["roll", "3d6", "--damage", "--as", "Quinn", "--vs", target, "--table", "s"]  # as a shell reads it
    assert state(gm) == before  # nothing was kept
    done = gm(*asked(line), "--json")  # the GM's seat runs what the player was told to ask for
    assert done.code == 0, done
    assert done.json()["result"]["target"]["name"] == target


def test_a_benny_rerolling_damage_on_someone_else_that_stands_is_the_gms_to_spend(table):
    """The GM rolls Quinn's damage at Bad Bob; Quinn's Benny rerolls it: a reroll that does not stand changes
    nothing of Bad Bob's, and goes through; one that stands would apply the damage again, and is refused."""
    gm, quinn = table
    for _ in range(40):  # the table's own seeds: a reroll of 1d4 stands about two times in five
        assert gm("roll", "1d4", "--damage", "--as", "Quinn", "--vs", "Bad Bob", "--table", "s").code == 0
        assert gm("chips", "give", "Quinn", "--table", "s").code == 0
        before = state(gm)
        done = quinn("chips", "spend", "Quinn", "--for", "reroll", "--table", "s")
        if done.code == 0:
            assert state(gm)[0] == before[0]
            continue
        assert_clean_error(done, code=1)
        assert done.err.strip() == (f"{QUINN}Bad Bob's wounds and Shaken: Bad Bob is not Quinn's; ask the GM to run it: "
                                    "dealer chips spend Quinn --for reroll --table s")
        assert state(gm) == before
        return
    pytest.fail("no reroll of forty stood")


@pytest.mark.parametrize("move", [("action", "act", "Quinn"), ("action", "interrupt", "Quinn", "--against", "Goon")])
def test_acting_from_hold_starts_a_turn_in_the_countdown_which_is_the_gms(table, move):
    """At a table that keeps SWADE's people, a turn started from Hold is kept in whose turns are under way
    (what "until the end of their next turn" counts): the GM's, at a shared table."""
    gm, quinn = table
    assert gm("action", "--table", "s").code == 0
    assert quinn("action", "hold", "Quinn", "--table", "s").code == 0
    before = state(gm)
    line = refused(quinn, *move, "--table", "s")
    assert line == (f"{QUINN}whose turn is under way in the countdown: that is the GM's at a shared table; ask the GM "
                    f"to run it: dealer {shlex.join(move)} --table s")
    assert state(gm) == before
    assert gm(*asked(line)).code == 0


def test_a_conflict_between_a_seats_own_people_owes_harm_which_the_gm_keeps(dealer_on, postgres_url):
    """Weird Dust Devils: the loser of a conflict owes harm to place, which the database keeps of a GM's save
    only: a player's conflict, even between its own two people, is refused in words, and the GM runs it."""
    owner = dealer_on(postgres_url)
    for argv in (("table", "new", "dust", "-r", "dust-devils"),
                 ("table", "add", "dust", "Doc", "--trait", "hand=3", "--trait", "eye=2"),
                 ("table", "add", "dust", "Kid", "--trait", "hand=2", "--trait", "eye=3")):
        assert owner(*argv).code == 0, argv
    seats = {}
    for name, args in (("gm", ("--role", "gm")), ("pk", ("--role", "player", "--for", "Kid", "--for", "Doc"))):
        made = owner("table", "seat", "dust", name, *args, "--json")
        assert made.code == 0, made
        seats[name] = dealer_on(made.json()["result"]["store"])
    conflict = ("conflict", "Doc", "Kid", "--scores", "hand,eye", "--table", "dust")
    for _ in range(5):  # an exact tie (the table's own seeds) has no loser, and goes through
        done = seats["pk"](*conflict)
        if done.code:
            break
    assert_clean_error(done, code=1)
    line = done.err.strip()
    told = line.partition(": dealer ")[0]
    assert told in [f"dealer: seat pk (player for Kid, Doc): this would change {loser}'s harm to place: that is the GM's "
                    "at a shared table; ask the GM to run it" for loser in ("Doc", "Kid")], line
    assert asked(line) == ["conflict", "Doc", "Kid", "--scores", "hand,eye", "--table", "dust"]
    assert seats["gm"](*asked(line)).code == 0
