"""Decks dealt by the table: at a shared table with seats, no process ever holds a draw pile.

The database keeps each deck's draw pile face down and deals from it (``seat_draw`` and the
other functions of ``dealer.store.postgres_grants``); a command's process holds only what it
may see (the discards, the cards in play it may see, its people's sleeves) and the number of
cards left. ``HiddenPiles`` is such a deck for the mechanics: the same moves as ``Piles``, the
ones that touch the draw pile asked of the database. A move that would look through the draw
pile is refused, in words.

The database orders a deck it shuffles by a key only it holds until the table's secret is
revealed: HMAC-SHA256(secret, "SEQ:K:DECK:CARD"), SEQ the number of the command's first event
and K its K-th shuffle (``keyed_order``, the same formula), so ``dealer verify --secret`` can
deal every card again (``dealer.store.keyed_deals`` deals as the database does).

``Dealing`` is what a store's transaction does with such a table whoever runs it: load it as a
``DealtTable`` (its draw piles counted, never read), save what the command changed row by row,
keep an undo snapshot the seats never read. The store says how its decks are dealt (``new_deck``,
``deal``, ``gather``, ``take``) and what a seat sees: PostgreSQL's functions
(``dealer.store.postgres_seats``), or a replay's Python (``dealer.store.keyed_deals``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import TYPE_CHECKING

from dealer import __version__
from dealer.core.piles import Chips, Drawn, Piles
from dealer.core.table import StateError
from dealer.errors import TableError, shown
from dealer.store.tables import DAMAGED, POT, StoredTable, deck_name_problem, now

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Sequence


def keyed_order(secret: bytes, seq: int, shuffle: int, deck: str, codes: Iterable[str]) -> list[str]:
    """The cards in the order the database shuffles them (its ``keyed_order``): by HMAC-SHA256(secret,
    "SEQ:K:DECK:CARD") ascending, SEQ the number of the command's first event, K its K-th shuffle
    (from 0), the message in UTF-8.

    >>> order = keyed_order(bytes(32), 5, 0, "main", ["As", "Kd", "Qh"])
    >>> order == keyed_order(bytes(32), 5, 0, "main", ["Qh", "As", "Kd"]), sorted(order)
    (True, ['As', 'Kd', 'Qh'])
    """
    def key(code: str) -> bytes:
        return hmac.new(secret, f"{seq}:{shuffle}:{deck}:{code}".encode(), hashlib.sha256).digest()

    return sorted(codes, key=key)


def keyed_chip(secret: bytes, seq: int, drawn: int, holder: str, pot: dict[str, int]) -> str | None:
    """The colour the database draws from ``pot`` for ``holder``'s chip card (its ``keyed_chip``): the
    chips in a row by colour, the one at HMAC-SHA256(secret, "SEQ:chip:N:HOLDER")'s first 8 bytes
    (63 bits) modulo their number, SEQ the command's first event, N the chips it drew before.

    >>> keyed_chip(bytes(32), 5, 0, "Sarah", {"white": 3, "red": 0}), keyed_chip(bytes(32), 5, 0, "Sarah", {})
    ('white', None)
    """
    counts = [(colour, count) for colour, count in sorted(pot.items()) if count > 0]
    total = sum(count for _, count in counts)
    if not total:
        return None
    digest = hmac.new(secret, f"{seq}:chip:{drawn}:{holder}".encode(), hashlib.sha256).digest()
    index = (int.from_bytes(digest[:8], "big") & (2**63 - 1)) % total
    for colour, count in counts:
        if index < count:
            return colour
        index -= count
    return None


def face_down(what: str = "this move") -> TableError:
    return TableError(f"{what} looks through the draw pile, which is face down at a shared table (nobody may "
                      "look at the top of the deck): the database deals from it; ask the GM if the rules need it")


class FaceDown:
    """A draw pile nobody at a shared table sees: how many cards it holds, and nothing else."""

    __slots__ = ("count",)

    def __init__(self, count: int):
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __contains__(self, card: object) -> bool:
        return False  # no card is known to be in it

    def __iter__(self):
        raise face_down()

    def __getitem__(self, index):
        raise face_down()

    def __add__(self, other):
        raise face_down()

    def _refused(self, *args, **kwargs):
        raise face_down()

    pop = append = extend = remove = insert = _refused


class HiddenPiles(Piles):
    """One deck of a shared table: its visible places, its face-down draw pile, and ``dealer`` (the
    store's transaction) to deal from it."""

    __slots__ = ("name", "dealer")

    def __init__(self, dealer, name: str, left: int, discards: Iterable[str] = (),
                 play: dict[str, list[str]] | None = None, sleeves: dict[str, str] | None = None):
        super().__init__([], discards, play, sleeves)
        self.draw_pile = FaceDown(left)
        self.dealer = dealer
        self.name = name

    def all_cards(self) -> list[str]:
        """The cards this seat sees (the draw pile's are face down)."""
        held = [card for cards in self.play.values() for card in cards]
        return self.discards + held + list(self.sleeves.values())

    def holds_any(self, wanted) -> bool:
        """A face-down draw pile may hold a wanted card (nobody may look): said so while it has any."""
        return bool(self.draw_pile) or any(wanted(code) for code in self.discards)

    def reshuffle_discards(self, rng: random.Random) -> int:
        self.dealer.settle(self.name, self)
        count = self.dealer.gather(self.name, "reshuffle")
        self.draw_pile.count += len(self.discards)
        self.discards = []
        return count

    def shuffle(self, rng: random.Random) -> int:
        self.dealer.settle(self.name, self)
        count = self.dealer.gather(self.name, "shuffle")
        self.draw_pile.count, self.discards = count, []
        return count

    def collect(self, rng: random.Random) -> None:
        self.draw_pile.count = self.dealer.gather(self.name, "collect")
        self.discards, self.play, self.sleeves = [], {}, {}

    def draw(self, count: int, holder: str, rng: random.Random, reshuffle: bool = True) -> Drawn:
        self.dealer.settle(self.name, self)
        dealt = self.dealer.deal(self.name, count, holder, reshuffle)
        self.dealer.chips_drawn(holder, dealt.get("chips", ()))
        if dealt["reshuffled"]:
            self.draw_pile.count += len(self.discards)
            self.discards = []
        cards = list(dealt["cards"])
        self.draw_pile.count -= len(cards)
        if cards:
            self.play.setdefault(holder, []).extend(cards)
        return Drawn(cards, dealt["reshuffled"], dealt["short"])

    def draw_fresh(self, count: int, holder: str, rng: random.Random, avoid: Iterable[str]) -> list[str]:
        self.dealer.settle(self.name, self)
        dealt = self.dealer.deal(self.name, count, holder, True, sorted(set(avoid)))
        self.dealer.chips_drawn(holder, dealt.get("chips", ()))
        if dealt["reshuffled"]:
            self.draw_pile.count += dealt["reshuffled"]
            self.discards = [code for code in self.discards if code in set(avoid)]
        cards = list(dealt["cards"])
        self.draw_pile.count -= len(cards)
        if cards:
            self.play.setdefault(holder, []).extend(cards)
        return cards

    def take(self, cards: Sequence[str], holder: str) -> None:
        cards = list(cards)
        for card in cards:  # one out already is refused here; the face-down draw pile is the store's to check
            if self.place_of(card) in ("play", "sleeve"):
                self.cannot_deal(card, holder)
        self.dealer.settle(self.name, self)
        self.dealer.take(self.name, cards, holder)
        for card in cards:
            if card in self.discards:
                self.discards.remove(card)
            else:
                self.draw_pile.count -= 1
        self.play.setdefault(holder, []).extend(cards)


class DealtTable(StoredTable):
    """A shared table with seats, as a command sees it: its decks dealt by the store (``dealer``)."""

    def __init__(self, *args, dealer: Dealing, **kwargs):
        super().__init__(*args, **kwargs)
        self.dealer = dealer

    def deck(self, name: str, rng: random.Random) -> HiddenPiles:
        if name not in self.decks:
            problem = deck_name_problem(name, self.ruleset)
            if problem:  # as on every table: a word (then :PERSON), or a deck the ruleset names
                raise TableError(problem)
            left = self.dealer.new_deck(name)
            self.decks[name] = HiddenPiles(self.dealer, name, left)
            self.log("new deck", deck=name, data={"cards": left})
        self.dirty_decks.add(name)
        return self.decks[name]

    def fresh_deck(self, name: str, rng: random.Random) -> HiddenPiles:
        """The deck gathered whole and dealt anew by the store (a conflict's or a contest's): no
        process holds its draw pile either."""
        piles = self.deck(name, rng)
        piles.collect(rng)
        return piles


def chip_moves(rows: list[tuple], chips: Chips) -> dict[str, dict[str, int]]:
    """What a command did to the chips (``rows``: as loaded), as {HOLDER: {COLOUR: CHANGE}} ("" the pot)."""
    before: dict[str, dict[str, int]] = {}
    for holder, colour, count in rows:
        before.setdefault(holder, {})[colour] = count
    after = {POT: dict(chips.pot), **{name: dict(held) for name, held in chips.players.items()}}
    moves = {}
    for holder in set(before) | set(after):
        for colour in set(before.get(holder, {})) | set(after.get(holder, {})):
            change = after.get(holder, {}).get(colour, 0) - before.get(holder, {}).get(colour, 0)
            if change:
                moves.setdefault(holder, {})[colour] = change
    return moves


class Dealing:
    """The part of a store's ``Transaction`` for tables dealt by the table: loaded as a
    ``DealtTable``, saved row by row. The owner's view is here; a store with seats narrows it
    (``_lock_dealt``, ``_dealt_state``, ``_save_state``, ``_move_chips``, ``_insert_events``), and
    deals (``new_deck``, ``deal``, ``gather``, ``take``) and keeps undo snapshots its own way
    (``_remember_dealt``, ``_label_dealt``, ``_undo_dealt``, ``_undo_depth_dealt``)."""

    _dealing: int | None = None  # the id of the dealt table this command loaded
    _chips: Chips | None = None  # and its chips

    def load_dealt(self, table_id: int) -> DealtTable:
        """The table as this command's seat sees it; in a writing command, locked and remembered
        for undo first (the deals change its rows before the command saves)."""
        db = self.db
        if not self.readonly:
            self._lock_dealt(table_id)
            self._remember_dealt(table_id)
        name, ruleset_name, document, created = db.execute(
            "SELECT name, ruleset, document, created FROM tables WHERE id = ?", (table_id,)).fetchone()
        state = self._dealt_state(table_id)
        try:
            table = DealtTable(table_id, name, ruleset_name, json.loads(document), json.loads(state), created,
                               dealer=self)
            table.decks = self._visible_decks(table_id)
            roster = db.execute("SELECT name, side, traits, position FROM roster WHERE table_id = ? ORDER BY position",
                                (table_id,)).fetchall()
            for person, side, traits, _ in roster:
                table.roster[person] = {"side": side, "traits": json.loads(traits)}
            chips = db.execute("SELECT holder, colour, count FROM chips WHERE table_id = ? ORDER BY holder, colour",
                               (table_id,)).fetchall()
            pot, players = {}, {}
            for holder, colour, count in chips:
                (pot if holder == POT else players.setdefault(holder, {}))[colour] = count
            order = list(table.document.get("chips", {}).get("pot", {}))
            table.chips = Chips(dict(sorted(pot.items(), key=lambda item: order.index(item[0])
                                            if item[0] in order else len(order))), players)
            table.loaded_rows = {"state": state, "roster": roster, "chips": chips}
        except StateError as error:
            raise TableError(str(error)) from None
        except (ValueError, TypeError) as error:
            raise TableError(f"table '{name}' is damaged ({shown(error)}); {DAMAGED.format(name=name)}") from None
        self._dealing, self._chips = table_id, table.chips
        return table

    def chips_drawn(self, holder: str, colours: Iterable[str]) -> None:
        """The chips the store drew for the chip cards it just dealt ``holder``: their blind draws."""
        if colours:
            self._chips.drawn_for.setdefault(holder, []).extend(colours)

    def _visible_decks(self, table_id: int) -> dict[str, HiddenPiles]:
        """Each deck as this seat sees it: the cards it may see by place, the draw pile's count."""
        decks = {}
        for deck, place, count in self._deck_counts(table_id):
            piles = decks.setdefault(deck, HiddenPiles(self, deck, 0))
            if place == "deck":
                piles.draw_pile.count = count
        for deck, card, place, holder in self._visible_rows(table_id):
            piles = decks.setdefault(deck, HiddenPiles(self, deck, 0))
            if place == "discard":
                piles.discards.append(card)
            elif place == "play":
                piles.play.setdefault(holder or "", []).append(card)
            elif place == "sleeve":
                piles.sleeves[holder] = card
        return decks

    def _visible_rows(self, table_id: int) -> list[tuple]:
        return self.db.execute("SELECT deck, card, place, holder FROM cards WHERE table_id = ? AND place <> 'deck' "
                               "ORDER BY deck, place, position, card", (table_id,)).fetchall()

    def _deck_counts(self, table_id: int) -> list[tuple]:
        return self.db.execute("SELECT deck, place, count(*) FROM cards WHERE table_id = ? GROUP BY deck, place "
                               "ORDER BY deck, place", (table_id,)).fetchall()

    def save(self, table: StoredTable, command: str, seed: int | None = None) -> None:
        if isinstance(table, DealtTable):
            return self.save_dealt(table, command, seed)
        return super().save(table, command, seed)

    def undo(self, table: StoredTable) -> dict | None:
        if isinstance(table, DealtTable):
            return self.undo_dealt(table)
        return super().undo(table)

    def undo_depth(self, table: StoredTable) -> int:
        if isinstance(table, DealtTable):
            return self._undo_depth_dealt(table.id)
        return super().undo_depth(table)

    def save_dealt(self, table: DealtTable, command: str, seed: int | None = None) -> None:
        """Write back what the command changed: the state, each card it moved itself (the deals are
        written already), the roster, the chips moved, then its events; label its undo snapshot."""
        db, loaded = self.db, table.loaded_rows
        state = json.dumps(table.states_data(), sort_keys=True)
        if state != loaded["state"]:
            self._save_state(table, state)
        self._save_cards(table)
        roster = [(person, entry["side"], json.dumps(entry["traits"], sort_keys=True), i)
                  for i, (person, entry) in enumerate(table.roster.items())]
        if roster != [tuple(row) for row in loaded["roster"]]:
            db.execute("DELETE FROM roster WHERE table_id = ?", (table.id,))
            db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table.id, *row) for row in roster])
        moves = chip_moves(loaded["chips"], table.chips)
        if moves:
            self._move_chips(table.id, moves)
        self._label_dealt(table.id, command, len(table.events))
        if table.events:
            self._insert_events(table.id, [(command, event["kind"], event["deck"], event["cards"], seed, event["data"])
                                           for event in table.events])
        table.events = []

    def _save_cards(self, table: DealtTable) -> None:
        """The moves this process made itself, in every deck the command touched."""
        for deck in sorted(table.dirty_decks):
            self.settle(deck, table.decks[deck])

    def settle(self, deck: str, piles: Piles) -> None:
        """Write the moves this process made itself in one deck (a discard, a sleeve, a card played)
        before the store deals from it, and at the save: each card whose place changed, one row at a
        time (a seat's row-level security checks each). A deal in the middle of a command (a round's
        cards discarded, then the next round's dealt) must find the discards where the command put them."""
        now_in_db = {card: (place, holder) for name, card, place, holder in self._visible_rows(self._dealing)
                     if name == deck}
        rows = [(card, "discard", None, i) for i, card in enumerate(piles.discards)]
        for holder, cards in piles.play.items():
            rows += [(card, "play", holder, i) for i, card in enumerate(cards)]
        rows += [(card, "sleeve", holder, 0) for holder, card in piles.sleeves.items()]
        for card, place, holder, position in rows:
            if now_in_db.get(card) != (place, holder):
                self.db.execute("UPDATE cards SET place = ?, holder = ?, position = ? WHERE table_id = ? "
                                "AND deck = ? AND card = ?", (place, holder, position, self._dealing, deck, card))

    def seated(self, table: StoredTable, seat: str, kind: str, people: list[str], first: bool) -> None:
        """Log a seat made; at a table's first seat, every deck's draw pile put in a keyed order
        nobody has seen (from then on the table deals, and no process holds a draw pile)."""
        data = {"seat": seat, "role": kind, "for": people}
        if first:
            data["reordered"] = self.reorder_decks(table.id)
        table.log("seat", data=data)

    def decks_of(self, table_id: int) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT DISTINCT deck FROM cards WHERE table_id = ? ORDER BY deck",
                                                  (table_id,))]

    def reorder_decks(self, table_id: int) -> list[str]:
        """Every deck's draw pile in a fresh keyed order, deck by deck by name (a first seat, a reveal)."""
        decks = self.decks_of(table_id)
        self._dealing = table_id
        for deck in decks:
            self.gather(deck, "order")
        return decks

    def unseated(self, table: StoredTable, seat: str, kind: str, people: list[str]) -> None:
        table.log("seat revoked", data={"seat": seat, "role": kind, "for": people})

    def undo_dealt(self, table: DealtTable) -> dict | None:
        """The table put back as it was before its last command that changed it, and the undo
        logged; None when there is nothing to undo."""
        undone = self._undo_dealt(table.id)
        if undone is not None:
            self._insert_events(table.id, [("table undo", "undo", None, [], None, undone)])
        return undone

    # -- the owner's view (a store with seats narrows it) ----------------------------------------

    def _lock_dealt(self, table_id: int) -> None:
        """The table's lock (SQLite: the whole file is the transaction's already)."""

    def _dealt_state(self, table_id: int) -> str:
        return self.db.execute("SELECT state FROM tables WHERE id = ?", (table_id,)).fetchone()[0]

    def _save_state(self, table: DealtTable, state: str) -> None:
        self.db.execute("UPDATE tables SET state = ? WHERE id = ?", (state, table.id))

    def _move_chips(self, table_id: int, moves: dict[str, dict[str, int]]) -> None:
        for holder, changes in sorted(moves.items()):
            for colour, change in sorted(changes.items()):
                moved = self.db.execute("UPDATE chips SET count = count + ? WHERE table_id = ? AND holder = ? "
                                        "AND colour = ?", (change, table_id, holder, colour))
                if moved.rowcount == 0:
                    self.db.execute("INSERT INTO chips VALUES (?, ?, ?, ?)", (table_id, holder, colour, change))
        self.db.execute("DELETE FROM chips WHERE table_id = ? AND holder <> '' AND count = 0", (table_id,))

    def _last_seq_of(self, table_id: int) -> int:
        return self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?", (table_id,)).fetchone()[0]

    def _actor(self) -> str | None:
        """The seat that writes this command's events, where the store records it."""
        return None

    def _insert_events(self, table_id: int, events: list[tuple]) -> None:
        """Events (command, kind, deck, cards, seed, data) appended to the history, numbered on."""
        seq, when, actor = self._last_seq_of(table_id), now(), self._actor()
        args = json.dumps(self.args, ensure_ascii=False) if self.args is not None else None
        self.db.executemany(
            "INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args, version"
            + (", actor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)" if actor
               else ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
            [(table_id, seq + i, when, command, kind, deck, json.dumps(list(cards)), seed,
              json.dumps(data, sort_keys=True), args, __version__, *((actor,) if actor else ()))
             for i, (command, kind, deck, cards, seed, data) in enumerate(events, start=1)])
