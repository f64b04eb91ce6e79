"""Random draws, gives, spends, returns, rituals and sessions on a real table file.

After every step the table is read back from SQLite: pot + players + favor chips equal the
starting pot + chips created, no player holds more than the cap, no shaman more favor chips
than their guardian spirit, and a refused step changed nothing.
"""

import os
import random
import tempfile

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from dealer.core.mechanics import chips as m
from dealer.core.mechanics.chips import pot, spending
from dealer.core.mechanics import rituals as r
from dealer.core.mechanics.last_hand import DrawRecord, KeptSpell, LastHands, ModifierRecord
from dealer.errors import DealerError
from dealer.store import rulesets
from dealer.store.sqlite import SQLiteStore as Store

PEOPLE = ["Bert", "Sally", "Three Eagles"]
COLOURS = ["white", "red", "blue"]
GUARDIAN = 3
USES = ["hand", "second-wind", "avoid-wound", "heal-wound", "death-wound", "stunt", "luck", "spell", "favor"]


class ChipsMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32), small=st.booleans())
    def make(self, seed, small):
        directory = tempfile.mkdtemp()
        self.store = Store(directory)
        if small:  # a pot that runs dry: empty-pot draws and the straight flush's new blue chip
            house = os.path.join(directory, "small-pot.toml")
            with open(house, "w") as handle:
                handle.write('extends = "poker-hands"\n[chips]\npot = { white = 6, red = 3, blue = 1 }\n')
            self.ruleset = rulesets.load(house)
        else:
            self.ruleset = rulesets.load("poker-hands")
        self.rng = random.Random(seed)
        with self.store.transaction() as tx:
            table = tx.create("t", self.ruleset, self.rng, "test")
            for person in PEOPLE:
                table.roster[person] = {"side": "posse", "traits": {"guardian-spirit": GUARDIAN, "master": 1,
                                                                   "knacks": "roping"}}
            tx.save(table, "test", seed)
        self.refused = 0

    def snapshot(self):
        with self.store.transaction() as tx:
            table = tx.load("t")
            return (table.chips.pot, table.chips.players, table.state(m.ChipsState).to_data(),
                    len(tx.history("t")))

    def step(self, resolve, request):
        """One command in one transaction; a refused one must leave the file as it was."""
        before = self.snapshot()
        try:
            with self.store.transaction() as tx:
                table = tx.load("t")
                resolve(self.ruleset, request, table, self.rng)
                tx.save(table, "test", 0)
        except DealerError:
            self.refused += 1
            assert self.snapshot() == before

    @rule(person=st.sampled_from(PEOPLE), count=st.integers(1, 7))
    def draw(self, person, count):
        self.step(pot.resolve_draw, pot.DrawRequest(person, count))

    @rule(person=st.sampled_from(PEOPLE), colour=st.sampled_from(COLOURS), back=st.booleans())
    def give_or_return(self, person, colour, back):
        self.step(pot.resolve_move, pot.MoveRequest(person, colour, back))

    @rule()
    def session(self):
        self.step(pot.resolve_session, pot.SessionRequest())

    @rule(person=st.sampled_from(PEOPLE), count=st.integers(1, 2))
    def wound(self, person, count):
        self.step(spending.resolve_wound, spending.WoundRequest(person, count))

    @rule(person=st.sampled_from(PEOPLE), colour=st.sampled_from(COLOURS), use=st.sampled_from(USES),
          knack=st.booleans())
    def spend(self, person, colour, use, knack):
        self.step(spending.resolve_spend, spending.SpendRequest(person, colour, use, "roping" if knack else "", "words"))

    @rule(person=st.sampled_from(PEOPLE), size=st.integers(2, 9))
    def hand(self, person, size):
        """A hand drawn from the person's own deck, as a spell or contest would remember it."""
        def draw(ruleset, request, table, rng):
            deck = f"spell:{person}"
            piles = table.deck(deck, rng)
            cards = piles.draw(size, person, rng).cards
            piles.discard(cards)
            drawn = DrawRecord(purpose="spell", person=person, deck=deck, cards=cards,
                               modifiers=[ModifierRecord(why="size", cards=size - 5)])
            table.state(LastHands).keep(KeptSpell(mechanic="spell", draws=[drawn], target="pair"))
        self.step(draw, None)

    @rule(person=st.sampled_from(PEOPLE), name=st.sampled_from(["paint", "tobacco"]), skill=st.integers(0, 6),
          fixed=st.sampled_from([None, "5h 6h 7h 8h 9h", "9c 9d 9h RJ 2d", "2c 5d 8h BJ Kd"]))
    def ritual(self, person, name, skill, fixed):
        cards = tuple(fixed.split()) if fixed else None
        self.step(r.resolve_ritual, r.RitualRequest(person, name, skill, cards=cards))

    @invariant()
    def conserved_and_capped(self):
        with self.store.transaction() as tx:
            table = tx.load("t")
            sums = m.conservation(table)
            assert sums["conserved"], sums
            assert all(sum(held.values()) <= self.ruleset.chips["cap"] for held in table.chips.players.values())
            favor = table.state(m.ChipsState).favor
            assert all(sum(held.values()) <= GUARDIAN for held in favor.values())
            assert all(count >= 0 for held in [table.chips.pot, *table.chips.players.values(), *favor.values()]
                       for count in held.values())


class LongChipsMachine(ChipsMachine):
    """The same machine at length, for the slow run (CI)."""


# The default run walks a few programs; `-m slow` walks many (the suite's time, issue 23).
ChipsMachine.TestCase.settings = settings(max_examples=6, stateful_step_count=30, deadline=None)
TestChipsOnATable = ChipsMachine.TestCase
LongChipsMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
TestChipsOnATableAtLength = pytest.mark.slow(LongChipsMachine.TestCase)
