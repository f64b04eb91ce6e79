"""Errors that reach the user as one or two lines on stderr, never as a traceback.

Every error raised on purpose by dealer derives from ``DealerError``. The command line
prints its message and exits 1; usage mistakes caught by click exit 2.
"""


class DealerError(Exception):
    """A problem the user can fix; the message says what to do."""

    exit_code = 1


class CardError(DealerError):
    """A card code that the ruleset's deck does not know, or a card given twice."""


class RulesetError(DealerError):
    """A ruleset file that cannot be read, parsed or validated.

    ``problems`` holds every problem found, each as one line
    ``file: key.path: message`` so that a user can fix them all in one pass.
    """

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class DiceError(DealerError):
    """Dice notation that does not parse, or dice the rules do not allow."""


class HandError(DealerError):
    """A hand threshold or comparison that does not make sense for the ruleset."""


class TableError(DealerError):
    """A persistent table that is missing, corrupt, busy or from a newer dealer."""
