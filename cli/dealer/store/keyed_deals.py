"""The database's deals, in Python: a replay (``dealer verify``, ``dealer table fork``) deals a
table with seats as PostgreSQL dealt it, from the secret, never from the cards the log shows.

From a table's first seat on, the database deals its decks (``dealer.store.postgres_grants``):
it orders every deck it shuffles by HMAC-SHA256(secret, "SEQ:K:DECK:CARD")
(``shared_decks.keyed_order``), deals from the lowest position of the draw pile, puts the
discards under its highest, and after the GM's undo deals every deck the undo changed in a
fresh order. ``KeyedTransaction`` does each of those to the card rows of the replay's SQLite
store, statement for statement as ``seat_draw``, ``seat_gather``, ``seat_new_deck``,
``seat_take`` and ``seat_undo`` do them, with the secret that dealt the command: the one a
``table reveal`` of the log disclosed, or the one ``dealer verify --secret`` was given.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import TYPE_CHECKING

from dealer.errors import TableError
from dealer.store.shared_decks import Dealing, keyed_chip, keyed_order
from dealer.store.sqlite import SQLiteStore
from dealer.store.tables import StoredTable, Transaction
from dealer.store.undo import capture, depth, label, remember, undo

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


class KeyedStore(SQLiteStore):
    """A replay's store: an SQLite file in its folder whose table, while it has seats, is dealt as
    the database deals. ``secret_of(seq)``: the secret that dealt event ``seq`` (None: unknown)."""

    def __init__(self, directory: str, secret_of: Callable[[int], bytes | None]):
        super().__init__(directory, warn=False)
        self.secret_of = secret_of
        self.seats: dict[str, tuple[str, list[str]]] = {}  # the replayed table's seats: kind, people
        self.deals: dict[int, int] = {}  # the database's ``deals``: shuffles keyed so far, by first event
        self.chips_drawn: dict[int, dict[str, int]] = {}  # its ``owed.colours``: chips drawn, by first event

    @contextmanager
    def transaction(self, create: bool = True, readonly: bool = False, args: list[str] | None = None
                    ) -> Iterator[KeyedTransaction | None]:
        with super().transaction(create, readonly, args) as tx:
            yield None if tx is None else KeyedTransaction(tx, self)

    def unseated(self) -> None:
        """The table moved (imported, forked): the table it became has no seats."""
        self.seats.clear()


class KeyedTransaction(Dealing, Transaction):
    """The replay's transaction: the owner's, dealing a table with seats as the database does."""

    def __init__(self, tx: Transaction, store: KeyedStore):
        super().__init__(tx.db, lock=tx.lock, integrity=tx.integrity, args=tx.args, readonly=tx.readonly)
        self.store = store

    def load(self, name: str) -> StoredTable:
        if not self.store.seats:
            return super().load(name)
        return self.load_dealt(self.table_id(name))

    # -- seats: the replay keeps them in the store (they are the database's roles) ---------------

    def make_seat(self, table: StoredTable, seat: str, kind: str, people: list[str]) -> dict:
        if seat in self.store.seats:
            raise TableError(f"table '{table.name}' has a seat '{seat}' already")
        first = not self.store.seats
        self.store.seats[seat] = (kind, people)
        self.seated(table, seat, kind, people, first)
        return {"seat": seat, "role": kind, "for": people, "user": seat, "store": "(replayed)"}

    def seats(self, table: StoredTable) -> list[dict]:
        return [{"seat": seat, "role": kind, "for": people, "user": seat, "made": ""}
                for seat, (kind, people) in sorted(self.store.seats.items())]

    def revoke_seat(self, table: StoredTable, seat: str) -> dict:
        if seat not in self.store.seats:
            raise TableError(f"table '{table.name}' has no seat '{seat}'")
        kind, people = self.store.seats.pop(seat)
        self.unseated(table, seat, kind, people)
        return {"seat": seat, "role": kind, "for": people, "user": seat}

    # -- the database's deals ---------------------------------------------------------------

    def _keyed(self, deck: str, codes: list[str]) -> list[str]:
        """The database's ``keyed_order``: SEQ the command's first event, K the shuffles it made so far."""
        seq = self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                              (self._dealing,)).fetchone()[0] + 1
        shuffle = self.store.deals.get(seq, 0)
        self.store.deals[seq] = shuffle + 1
        return keyed_order(self._secret(seq), seq, shuffle, deck, codes)

    def _secret(self, seq: int) -> bytes:
        secret = self.store.secret_of(seq)
        if secret is None:
            raise TableError(f"event {seq} deals from the table's secret, which neither a table reveal of the log "
                             "nor --secret gives")
        return secret

    def _cards(self, deck: str, places: tuple[str, ...], order: str = "position") -> list[str]:
        marks = ", ".join("?" for _ in places)
        return [row[0] for row in self.db.execute(
            f"SELECT card FROM cards WHERE table_id = ? AND deck = ? AND place IN ({marks}) ORDER BY {order}",
            (self._dealing, deck, *places))]

    def _next_position(self, deck: str, holder: str) -> int:
        """Where a card dealt to ``holder`` goes: after the last they hold (a card discarded from
        the middle of a hand leaves a gap, never a position two cards share)."""
        return self.db.execute("SELECT coalesce(max(position) + 1, 0) FROM cards WHERE table_id = ? AND deck = ? "
                               "AND place = 'play' AND holder IS ?", (self._dealing, deck, holder)).fetchone()[0]

    def _put_under(self, deck: str, codes: list[str]) -> int:
        """``put_under``: cards at the bottom of the draw pile, in the keyed order."""
        ordered = self._keyed(deck, codes)
        base = self.db.execute("SELECT coalesce(max(position) + 1, 0) FROM cards WHERE table_id = ? AND deck = ? "
                               "AND place = 'deck'", (self._dealing, deck)).fetchone()[0]
        self.db.executemany("UPDATE cards SET place = 'deck', holder = NULL, position = ? WHERE table_id = ? "
                            "AND deck = ? AND card = ?",
                            [(base + i, self._dealing, deck, code) for i, code in enumerate(ordered)])
        return len(ordered)

    def new_deck(self, deck: str) -> int:
        """``seat_new_deck``: a copy of the main deck's cards, in the keyed order."""
        codes = self._cards("main", ("deck", "discard", "play", "sleeve"), order="card")
        if not codes or self._cards(deck, ("deck", "discard", "play", "sleeve")):
            raise TableError(f"deck {deck} cannot be made: the table has no main deck, or has that deck")
        self.db.executemany("INSERT INTO cards VALUES (?, ?, ?, 'deck', NULL, ?)",
                            [(self._dealing, deck, code, i) for i, code in enumerate(self._keyed(deck, codes))])
        return len(codes)

    def deal(self, deck: str, count: int, holder: str, reshuffle: bool, avoid: list[str] | None = None) -> dict:
        """``seat_draw``: from the top of the draw pile, none in ``avoid``; the discards but ``avoid``
        under it, once, when it has none."""
        avoid = set(avoid or ())
        drawn, reshuffled = [], 0
        while len(drawn) < count:
            code = next((card for card in self._cards(deck, ("deck",)) if card not in avoid), None)
            if code is None:
                waiting = [card for card in self._cards(deck, ("discard",)) if card not in avoid]
                if not reshuffle or reshuffled > 0 or not waiting:
                    break
                reshuffled = self._put_under(deck, waiting)
                continue
            self.db.execute("UPDATE cards SET place = 'play', holder = ?, position = ? WHERE table_id = ? AND deck = ? "
                            "AND card = ?", (holder, self._next_position(deck, holder), self._dealing, deck, code))
            drawn.append(code)
        return {"cards": drawn, "reshuffled": reshuffled, "short": len(drawn) < count,
                "chips": self._chips_for(drawn, holder)}

    def _chips_for(self, drawn: list[str], holder: str) -> list[str]:
        """``keyed_chip``: the chip the table draws for each chip card dealt to a player's person."""
        if not any(holder in people for kind, people in self.store.seats.values() if kind == "player"):
            return []
        document = json.loads(self.db.execute("SELECT document FROM tables WHERE id = ?",
                                              (self._dealing,)).fetchone()[0])
        chip_cards = set(document.get("draws", {}).get("chip_cards", []))
        seq = self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                              (self._dealing,)).fetchone()[0] + 1
        taken = self.store.chips_drawn.setdefault(seq, {})
        colours = []
        for _ in (code for code in drawn if code in chip_cards):
            pot = {colour: count - taken.get(colour, 0) for colour, count in self.db.execute(
                "SELECT colour, count FROM chips WHERE table_id = ? AND holder = ''", (self._dealing,))}
            colour = keyed_chip(self._secret(seq), seq, sum(taken.values()), holder, pot)
            if colour is not None:
                taken[colour] = taken.get(colour, 0) + 1
                colours.append(colour)
        return colours

    def gather(self, deck: str, what: str) -> int:
        """``seat_gather``: the discards under the draw pile, or the places ``what`` names in a new order."""
        if what == "reshuffle":
            return self._put_under(deck, self._cards(deck, ("discard",)))
        places = {"order": ("deck",), "shuffle": ("deck", "discard")}.get(what, ("deck", "discard", "play", "sleeve"))
        ordered = self._keyed(deck, self._cards(deck, places))
        self.db.executemany("UPDATE cards SET place = 'deck', holder = NULL, position = ? WHERE table_id = ? "
                            "AND deck = ? AND card = ?",
                            [(i, self._dealing, deck, code) for i, code in enumerate(ordered)])
        return len(ordered)

    def take(self, deck: str, cards: list[str], holder: str) -> None:
        """``seat_take``: cards typed in, out of the draw pile or the discards."""
        base = self._next_position(deck, holder)
        for i, code in enumerate(cards):
            moved = self.db.execute("UPDATE cards SET place = 'play', holder = ?, position = ? WHERE table_id = ? "
                                    "AND deck = ? AND card = ? AND place IN ('deck', 'discard')",
                                    (holder, base + i, self._dealing, deck, code))
            if moved.rowcount != 1:
                raise TableError(f"a card typed in is neither in the draw pile nor in the discards of deck {deck}")

    # -- undo, as seat_remember, seat_label and seat_undo keep it ------------------------------

    def _remember_dealt(self, table_id: int) -> None:
        remember(self.db, table_id, "", 0)

    def _label_dealt(self, table_id: int, command: str, events: int) -> None:
        label(self.db, table_id, command, events)

    def _undo_dealt(self, table_id: int) -> dict | None:
        before = json.loads(capture(self.db, table_id))["cards"]
        undone = undo(self.db, table_id)
        if undone is not None:
            after = json.loads(capture(self.db, table_id))["cards"]
            self._dealing = table_id
            for deck in sorted({row[0] for row in after}):
                if {tuple(row) for row in before if row[0] == deck} != {tuple(row) for row in after if row[0] == deck}:
                    self.gather(deck, "order")
        return undone

    def _undo_depth_dealt(self, table_id: int) -> int:
        return depth(self.db, table_id)
