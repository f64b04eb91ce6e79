"""Guards against a hang or a blow-up that a loaded machine cannot trip (issue 36.20).

A test that asserted "this took under 2 s of wall time" failed when other work shared the
machine. Here a block is stopped only past a generous budget of this process's own CPU (user
and system: what a quadratic loop burns, whatever else runs), or, where a hang would wait
without burning any, past a generous wall time. Nothing is asserted about a normal run's time.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager


class OverBudget(BaseException):
    """A guarded block passed its budget. Not an ``Exception``: dealer's own "internal error"
    handler and click's runner let it through to the test."""


@contextmanager
def bounded(cpu: float | None = None, wall: float | None = None):
    """Run the block; raise ``OverBudget`` once it has used ``cpu`` seconds of CPU or waited
    ``wall`` seconds (each None: no such guard)."""
    timers = [(signal.ITIMER_PROF, signal.SIGPROF, cpu, "of CPU"), (signal.ITIMER_REAL, signal.SIGALRM, wall, "waited")]
    kept = []
    for timer, number, seconds, what in timers:
        if seconds is None:
            continue

        def over(signum, frame, seconds=seconds, what=what):
            raise OverBudget(f"over {seconds:g} s {what}: a hang or a blow-up")

        kept.append((timer, number, signal.signal(number, over)))
        signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        for timer, number, previous in kept:
            signal.setitimer(timer, 0)
            signal.signal(number, previous)
