"""Random draws, discards, sleeves, shuffles, reshuffles and chip moves on a real table file.

After every step the table is read back from SQLite and checked: every card of every deck
is in exactly one place, and the chips add up to the pot the ruleset started with.
"""

import random
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dealer.core.piles import PileError
from dealer.store import rulesets
from dealer.store.sqlite import SQLiteStore as Store

PEOPLE = ["Sarah", "Velvet", "Marshal"]
DECKS = ["main", "posse", "hex:Velvet"]


class TableMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32))
    def make(self, seed):
        import tempfile

        self.directory = tempfile.mkdtemp()
        self.store = Store(self.directory)
        self.ruleset = rulesets.load("deadlands")
        self.rng = random.Random(seed)
        with self.store.transaction() as tx:
            table = tx.create("t", self.ruleset, self.rng, "test")
            for person in PEOPLE[:2]:  # on the roster, as the people a table deals to are (Marshal: the GM)
                table.roster[person] = {"side": "posse", "traits": {}}
                table.log("roster add", data={"person": person, "side": "posse", "traits": {}})
            tx.save(table, "test", seed)
        self.expected_chips = dict(self.ruleset.chips["pot"])

    def step(self, action):
        """One command: load, change, save, all in one transaction (as every command does)."""
        with self.store.transaction() as tx:
            table = tx.load("t")
            action(table)
            tx.save(table, "test", 0)

    @rule(deck=st.sampled_from(DECKS), count=st.integers(1, 12), holder=st.sampled_from(PEOPLE + [""]))
    def draw(self, deck, count, holder):
        def act(table):
            piles = table.deck(deck, self.rng)
            drawn = piles.draw(count, holder, self.rng)
            table.log("draw", deck=deck, cards=drawn.cards)
        self.step(act)

    @rule(data=st.data())
    def discard_something(self, data):
        def act(table):
            held = [(deck, card) for deck, piles in table.decks.items()
                    for cards in list(piles.play.values()) + [list(piles.sleeves.values())] for card in cards]
            if held:
                deck, card = data.draw(st.sampled_from(held))
                table.decks[deck].discard([card])
                table.touch(deck)
        self.step(act)

    @rule(data=st.data())
    def sleeve(self, data):
        def act(table):
            options = [(deck, holder, card) for deck, piles in table.decks.items()
                       for holder, cards in piles.play.items() if holder for card in cards]
            if options:
                deck, holder, card = data.draw(st.sampled_from(options))
                try:
                    table.decks[deck].to_sleeve(holder, card)
                except PileError:
                    pass  # one card up a sleeve at a time: refused, nothing moves
                table.touch(deck)
        self.step(act)

    @rule(deck=st.sampled_from(DECKS), whole=st.booleans())
    def shuffle(self, deck, whole):
        def act(table):
            piles = table.deck(deck, self.rng)
            if whole:
                piles.collect(self.rng)
            else:
                piles.shuffle(self.rng)
        self.step(act)

    @rule(deck=st.sampled_from(DECKS))
    def end_round(self, deck):
        def act(table):
            table.deck(deck, self.rng).discard_all_in_play()
        self.step(act)

    @rule(player=st.sampled_from(PEOPLE), cap=st.sampled_from([0, 5]))
    def draw_chip(self, player, cap):
        self.step(lambda table: table.chips.draw(player, self.rng, cap))

    @rule(giver=st.sampled_from(PEOPLE), colour=st.sampled_from(["white", "red", "blue"]))
    def spend_chip(self, giver, colour):
        def act(table):
            try:
                table.chips.move(giver, None, colour)
            except PileError:
                pass
        self.step(act)

    @precondition(lambda self: hasattr(self, "store"))
    @invariant()
    def every_card_in_exactly_one_place_and_chips_conserved(self):
        with self.store.transaction() as tx:
            table = tx.load("t")
            history = tx.history("t")
        full = Counter(card.code for card in self.ruleset.deck)
        for name, piles in table.decks.items():
            assert Counter(piles.all_cards()) == full, name
            assert all(len(cards) > 0 for cards in piles.play.values())
        assert table.chips.total() == self.expected_chips
        assert [event["seq"] for event in history] == list(range(1, len(history) + 1))


class LongTableMachine(TableMachine):
    """The same machine at length, for the slow run (CI)."""


# The default run walks a few programs; `-m slow` walks many (the suite's time, issue 23).
TableMachine.TestCase.settings = settings(max_examples=6, stateful_step_count=25, deadline=None)
test_table_state_machine = TableMachine.TestCase
LongTableMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=25, deadline=None)
test_table_state_machine_at_length = pytest.mark.slow(LongTableMachine.TestCase)
