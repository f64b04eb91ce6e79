"""What every command needs: its settings, its ruleset, seeds, and where output goes.

A command is parse, load, compute, save, render; this keeps the load and render steps to
a line each.
"""

from __future__ import annotations

import os
import random
from functools import cached_property

from dealer import render
from dealer.options import settings


def new_seed():
    """A seed from the operating system, short enough to type back with ``--seed``."""
    return int.from_bytes(os.urandom(4), "big")


class Session:
    def __init__(self, ctx, command):
        self.ctx = ctx
        self.command = command
        self.settings = settings(ctx)

    @cached_property
    def ruleset(self):
        from dealer.store import rulesets

        return rulesets.load(self.settings.ruleset)

    @cached_property
    def seed(self):
        """The seed of this run: ``--seed`` or a fresh one; recorded in every result."""
        return self.settings.seed if self.settings.seed is not None else new_seed()

    def rng(self, offset=0):
        """The Random for the ``offset``-th repetition: seed + offset replays it alone."""
        return random.Random(self.seed + offset)

    @cached_property
    def cards(self):
        return render.Cards(self.ruleset.deck, self.settings.fancy)

    def envelope(self, result, seed=None, ruleset=None):
        return render.envelope(self.command, ruleset or self.ruleset.name, seed, result)

    def emit(self, envelopes, text_lines):
        render.emit(self.settings, envelopes, text_lines)
