"""The ``dealer`` console script and ``python -m dealer``: start-up tuned for a short life.

A ``dealer`` process lives some 50 ms, and Python's cyclic garbage collector spent about a
sixth of it (``bench/startup.py``): it ran dozens of times while click and dealer were
imported, looking for cycles that a short run hardly makes, then walked every object again
at exit. So the collector waits for 20,000 new objects instead of 700 (a long simulation
still collects as it goes), and at exit the surviving objects are frozen out of its last
pass. Everything else about exit is as usual: flushes, atexit handlers, closed files.
"""

import atexit
import gc

YOUNG_OBJECTS_BEFORE_A_COLLECTION = 20_000


def main():
    """Console-script entry point: tune the collector, then import and run the command line."""
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_A_COLLECTION, *gc.get_threshold()[1:])
    atexit.register(gc.freeze)
    from dealer.cli import cli

    cli.main(prog_name="dealer")


if __name__ == "__main__":
    main()
