"""A shared table played by a GM and three players, each a separate process with its own seat
URL: a Deadlands round and a poker-hands contest. Each sees its own view; every move it may not
make is refused by dealer in one line, and again by PostgreSQL when tried as plain SQL; what a
player's role can read holds none of the next cards to be drawn; the GM reveals the table's
secret and a player's dealer verifies the whole log, every card dealt again from the secret."""

from __future__ import annotations

import copy
import json
import re
import os
import subprocess

import pytest

from tests.conftest import installed_dealer
from tests.store.test_seats import as_seat, changes_nothing, refused

psycopg = pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")


class Seat:
    """One player's machine: the installed dealer, run as a process with that seat's DEALER_STORE."""

    def __init__(self, exe, url, home):
        self.exe, self.url = exe, url
        self.env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEALER_")},
                    "DEALER_STORE": url, "DEALER_HOME": str(home)}

    def __call__(self, *args, ok=True):
        proc = subprocess.run([self.exe, *args], env=self.env, capture_output=True, text=True, timeout=120)
        if ok:
            assert proc.returncode == 0, (args, proc.stderr)
        return proc

    def json(self, *args):
        return json.loads(self(*args, "--json").stdout)["result"]

    def refused(self, *args, words=""):
        proc = self(*args, ok=False)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 1 and len(lines) == 1 and "Traceback" not in proc.stderr, (args, proc.stderr)
        assert words in proc.stderr, (args, proc.stderr)
        return proc.stderr


def make_table(owner, name, ruleset, people, seats):
    owner("table", "new", name, "-r", ruleset)
    for person, *traits in people:
        owner("table", "add", name, person, *traits)
    return {seat: owner.json("table", "seat", name, seat, *args)["store"] for seat, args in seats.items()}


def next_cards(owner_url, table, deck, count):
    """The next cards of a deck's draw pile, read with the owner's rights (the test's oracle)."""
    with as_seat(owner_url) as sql:
        return [row[0] for row in sql.execute(
            "SELECT c.card FROM cards c JOIN tables t ON t.id = c.table_id WHERE t.name = %s AND c.deck = %s "
            "AND c.place = 'deck' ORDER BY c.position LIMIT %s", (table, deck, count))]


def others_hold(owner_url, table, person):
    """The decks of which someone on the roster other than ``person`` holds a card in play or up a sleeve."""
    with as_seat(owner_url) as sql:
        return [row[0] for row in sql.execute(
            "SELECT DISTINCT c.deck FROM cards c JOIN tables t ON t.id = c.table_id JOIN roster r "
            "ON r.table_id = t.id AND r.name = c.holder WHERE t.name = %s AND c.place IN ('play', 'sleeve') "
            "AND c.holder <> %s ORDER BY 1", (table, person))]


def everything_readable(url, table_id):
    """Every row a seat's role can read, and what each of its functions gives it."""
    with as_seat(url) as sql:
        dump = {}
        for name in ("meta", "seats", "roster", "chips", "cards"):
            dump[name] = sql.execute(f"SELECT * FROM {name}").fetchall()
        dump["tables"] = sql.execute("SELECT id, name, ruleset, created FROM tables").fetchall()
        for function in ("seat_state(%s)", "seat_events(%s, 0)", "deck_counts(%s)"):
            dump[function] = sql.execute(f"SELECT * FROM {function}", (table_id,)).fetchall()
    return dump


def seen_of_deck(dump, deck):
    """What the dump tells of one deck's cards (card codes repeat from deck to deck): its card
    rows, its events, and for the action decks the state's countdown and combat hands."""
    seen = [row[2] for row in dump["cards"] if row[1] == deck]
    seen += [card for row in dump["seat_events(%s, 0)"] if row[4] == deck for card in json.loads(row[5])]
    if deck in ("posse", "marshal", "combat"):
        # Deadlands deals each side from its own deck: a posse card in the countdown says nothing
        # of the Marshal's deck, even where its code is the same.
        state = json.loads(dump["seat_state(%s)"][0][0])
        for turn in state.get("turns", {}).get("order", []):
            if deck == "combat" or turn.get("side", deck) == deck:
                seen += [turn.get("card", ""), *turn.get("cards", [])]
        for hand in state.get("action", {}).get("hands", []):
            if deck == "combat" or hand.get("side", deck) == deck:
                seen += hand.get("cards", [])
    return set(seen)


def revealed_log_verifies(gm, owner, player, table, tmp_path):
    """The GM reveals the secret; the owner's export of the whole log verifies on a player's
    machine (no store needed); the same export with a card the database dealt changed fails at
    that event. Returns the export."""
    revealed = gm.json("table", "reveal", table)["revealed"]
    assert revealed["reordered"]  # every draw pile in the fresh secret's order: the revealed one told it
    document = json.loads(owner("table", "export", table).stdout)
    result = document["result"]
    path = tmp_path / f"{table}.json"
    path.write_text(json.dumps(document))
    report = json.loads(player("verify", str(path), "--json").stdout)["result"]
    assert report["verified"] and report["matched"] == len(result["events"]), report
    seated = next(event["seq"] for event in result["events"] if event["kind"] == "seat")
    dealt = next(event for event in result["events"] if event["seq"] > seated and event["cards"]
                 and event["deck"] in result["decks"])  # the first cards the database dealt
    changed = copy.deepcopy(result)
    other = next(card for card in result["decks"][dealt["deck"]]["deck"] if card not in dealt["cards"])
    changed["events"][dealt["seq"] - 1]["cards"][0] = other
    path.write_text(json.dumps({**document, "result": changed}))
    failed = player("verify", str(path), ok=False)
    assert failed.returncode == 1 and f"event {dealt['seq']} (command {dealt['command']}) differs in cards" in \
        failed.stderr, failed.stderr
    return result


def test_a_deadlands_round_at_a_shared_table(tmp_path, postgres_url):
    exe = installed_dealer()
    owner = Seat(exe, postgres_url, tmp_path / "owner")
    urls = make_table(owner, "friday", "deadlands",
                      [("Sarah", "--trait", "quickness=3d6", "--trait", "hexslinging=4", "--trait", "spirit=4d10"),
                       ("Velvet", "--trait", "quickness=5d12"), ("Doc", "--trait", "quickness=5d12"),
                       ("Bad Bob", "--side", "marshal", "--trait", "quickness=5d12")],
                      {"marshal": ["--role", "gm"], "sarah": ["--role", "player", "--for", "Sarah"],
                       "velvet": ["--role", "player", "--for", "Velvet"], "doc": ["--role", "player", "--for", "Doc"]})
    gm = Seat(exe, urls["marshal"], tmp_path / "gm")
    sarah, velvet, doc = (Seat(exe, urls[name], tmp_path / name) for name in ("sarah", "velvet", "doc"))

    gm("chips", "session", "--table", "friday")
    # Velvet's Quickness rolled at the table (16: three cards), so that another person than Sarah
    # always holds posse cards when Sarah tries to gather that deck below.
    round_ = gm.json("action", "--table", "friday", "Velvet=16")
    dealt = {p["name"]: p["cards"] for p in round_["participants"]}
    # what each was dealt, a Black Joker too (discarded at once, face up: seed 000)
    drawn = {p["name"]: p["cards"] + p.get("discarded", []) for p in round_["participants"]}
    assert any(dealt.values())

    # Each player's view of the countdown: its own cards face up, the others' face down.
    for seat, person in ((sarah, "Sarah"), (velvet, "Velvet"), (doc, "Doc")):
        text = seat("action", "show", "--table", "friday").stdout
        for card in dealt[person]:
            assert card in text, (person, text)
        for line in text.splitlines():  # a line of the countdown: [next] [CARD] NAME SIDE [face down]
            columns = re.split(r"\s{2,}", line.strip())
            others = [other for other in dealt if other != person and other in columns]
            # another's card is face down (a code alone would not tell: each side's deck has a 10s)
            assert not others or (columns[-1] == "face down" and not set(columns) & set(dealt[others[0]])), (
                person, line, text)
        assert ("face down" in text) == any(cards for other, cards in dealt.items() if other != person)
    gm_view = gm("action", "show", "--table", "friday").stdout
    assert all(card in gm_view for cards in dealt.values() for card in cards)

    # What a player may not do is refused by dealer, naming the seat ...
    sarah.refused("action", "--table", "friday", words="seat sarah (player for Sarah)")
    sarah.refused("action", "next", "--table", "friday", words="the GM's")
    sarah.refused("action", "sleeve", "Velvet", "--table", "friday", words="not for Velvet")
    sarah.refused("chips", "give", "Sarah", "blue", "--table", "friday", words="the GM's")
    sarah.refused("table", "undo", "friday", words="seat sarah")
    sarah.refused("table", "reset", "friday", words="seat sarah")
    sarah.refused("table", "delete", "friday", "--yes", words="table's owner")
    sarah.refused("roll", "3d6", "--as", "Bad Bob", "--table", "friday", words="not for Bad Bob")
    sarah.refused("draw", "1", "--table", "friday", "--seed", "4", words="seat sarah")
    # ... and what it may, it does: its own sleeve, its own roll, its own hex.
    if dealt["Sarah"]:
        assert "up the sleeve" in sarah("action", "sleeve", "Sarah", "--table", "friday").stdout
    assert "Sarah" in sarah("roll", "3d6", "--as", "Sarah", "--table", "friday").stdout
    sarah("hex", "soul blast", "--caster", "Sarah", "--level", "4", "--table", "friday")

    # The GM walks the countdown; a card called is face up for everyone.
    called = gm.json("action", "next", "--table", "friday")
    gm_next = json.dumps(called)
    log_for_doc = [json.loads(line) for line in doc("table", "log", "friday", "--jsonl").stdout.splitlines()]
    face_up = set(called.get("now", {}).get("cards", []) if isinstance(called.get("now"), dict) else []) | {
        card for event in log_for_doc if event["kind"] == "next" for card in event["cards"]}
    for event in log_for_doc:
        if event["kind"] == "deal":
            person = event["data"]["person"]
            if person == "Doc" or set(dealt[person]) <= face_up:
                assert set(event["cards"]) == set(drawn[person]), event
            else:
                assert event["cards"] == [] and event["data"].get("face_down"), (event, face_up, gm_next)

    # The same refusals from PostgreSQL, with Sarah's own credentials and plain SQL.
    with as_seat(urls["sarah"]) as sql:
        for statement in ("UPDATE chips SET count = count + 5", "DELETE FROM events", "UPDATE events SET kind = 'x'",
                          "SELECT * FROM secrets", "SELECT * FROM snapshots", "SELECT state FROM tables"):
            assert "permission denied" in refused(sql, statement), statement
        for statement in ("UPDATE cards SET holder = 'Sarah' WHERE holder = 'Velvet'",
                          "UPDATE roster SET side = 'marshal'", "DELETE FROM roster"):
            assert changes_nothing(sql, statement), statement
        table_id = sql.execute("SELECT id FROM tables").fetchone()[0]
        # A player shuffles a deck only while none of its cards is in another person's hands (its
        # own hex deck, a gadget deck for a check): a deck someone else holds a card of is the GM's.
        held = others_hold(postgres_url, "friday", "Sarah")
        assert held, "with quickness 5d12 at least one of Velvet, Doc and Bad Bob holds a card after one turn"
        for call, words in ((f"seat_gather(%s, '{held[0]}', 'collect')", "only the GM"),
                            ("seat_move_chips(%s, '{\"Velvet\": {\"white\": -1}, \"Sarah\": {\"white\": 1}}')",
                             "another person"),
                            ("seat_move_chips(%s, '{\"\": {\"blue\": -1}, \"Velvet\": {\"blue\": 1}}')", "only"),
                            ("seat_move_chips(%s, '{\"Sarah\": {\"blue\": 3}}')", "conserved"),
                            ("seat_draw(%s, 'posse', 1, 'Velvet', true, '{}')", "own people"),
                            ("seat_take(%s, 'posse', '{As}', 'Sarah')", "only the GM")):
            assert words in refused(sql, f"SELECT {call}", (table_id,)), call
        view = json.loads(sql.execute("SELECT seat_state(%s)", (table_id,)).fetchone()[0])  # what Sarah sees
        view.setdefault("conditions", {}).setdefault("people", {})["Velvet"] = {"wounds": 3}
        sql.execute("SELECT seat_save_state(%s, %s)", (table_id, json.dumps(view)))
    state = owner.json("table", "show", "friday")
    assert "wounds" not in json.dumps(state.get("conditions", {}).get("Velvet", {}))

    # Everything Sarah's role can read holds none of the next cards of any deck.
    dump = everything_readable(urls["sarah"], table_id)
    assert not [row for row in dump["cards"] if row[3] == "deck"]  # no draw pile row at all
    for deck in ("posse", "marshal", "main", "hex:Sarah"):
        upcoming = next_cards(postgres_url, "friday", deck, 5)
        assert len(upcoming) == 5
        assert not set(upcoming) & seen_of_deck(dump, deck), deck

    # The GM undoes a draw (a player may not): the cards go back, the draw pile in a new order.
    drawn = gm.json("draw", "3", "--table", "friday")["cards"]
    sarah.refused("table", "undo", "friday", words="seat sarah (player for Sarah) may not run `dealer table undo`")
    assert gm.json("table", "undo", "friday")["undid"]["command"] == "draw"
    in_play = owner.json("table", "show", "friday")["decks"]["main"]["in_play"]
    assert not set(drawn) & {card for cards in in_play.values() for card in cards}
    revealed_log_verifies(gm, owner, doc, "friday", tmp_path)


@pytest.mark.slow  # the Deadlands round is the default run's shared table of processes
def test_a_poker_hands_contest_at_a_shared_table(tmp_path, postgres_url):
    exe = installed_dealer()
    owner = Seat(exe, postgres_url, tmp_path / "owner")
    urls = make_table(owner, "gulch", "poker-hands",
                      [("Bert", "--trait", "brawling=2", "--trait", "courage=1"), ("Sally", "--trait", "master=2"),
                       ("Ada", "--trait", "mad-science=3"), ("Sam", "--side", "marshal", "--trait", "brawling=3")],
                      {"gm": ["--role", "gm"], "bert": ["--role", "player", "--for", "Bert"],
                       "sally": ["--role", "player", "--for", "Sally"], "ada": ["--role", "player", "--for", "Ada"]})
    gm, bert, sally, ada = (Seat(exe, urls[name], tmp_path / name) for name in ("gm", "bert", "sally", "ada"))
    gm("chips", "session", "--table", "gulch")
    block = gm.json("conflict", "Sam=brawling", "--defend", "block", "--table", "gulch")
    assert block["kind"] == "contest"
    attack = bert.json("conflict", "Bert=brawling", "--against", "Sam", "--table", "gulch")
    assert attack["kind"] == "contest" and attack.get("winner") in ("Bert", "Sam", None)
    bert.refused("conflict", "Sally=brawling", "--table", "gulch", words="not for Sally")
    sally.refused("conflict", "Bert=brawling", "--table", "gulch", words="not for Bert")
    sally("hex", "--skill", "2", "--caster", "Sally", "--table", "gulch")
    ada("gadget", "design", "jetski", "--tier", "pair", "--by", "Ada", "--table", "gulch")
    # Bert's hand is seen by every seat once judged: the contest's cards are in play, face up.
    for seat in (sally, ada, gm):
        shown = seat("table", "show", "gulch").stdout
        assert "Bert" in shown
    revealed_log_verifies(gm, owner, ada, "gulch", tmp_path)
