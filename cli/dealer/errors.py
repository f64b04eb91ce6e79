"""Errors that reach the user as one or two lines on stderr, never as a traceback.

Every error raised on purpose by dealer derives from ``DealerError``. The command line
prints its message and exits 1; usage mistakes caught by click exit 2.
"""


class DealerError(Exception):
    """A problem the user can fix; the message says what to do."""

    exit_code = 1


def usage(error: DealerError) -> DealerError:
    """``error`` as a usage error: a required argument or option the mechanics found missing (or
    two that cannot go together) exits 2, as click's own usage errors do."""
    error.exit_code = 2
    return error


class CardError(DealerError):
    """A card code that the ruleset's deck does not know, or a card given twice."""


class RulesetError(DealerError):
    """A ruleset file that cannot be read, parsed or validated.

    ``problems`` holds every problem found, each as one line
    ``file: key.path: message`` so that a user can fix them all in one pass.
    """

    SHOWN = 50  # problems listed one by one; the rest are counted

    def __init__(self, problems, hidden=0):
        problems = list(problems)
        self.problems = problems[:self.SHOWN]
        self.hidden = hidden + len(problems) - len(self.problems)
        super().__init__("\n".join(self.lines))

    @property
    def lines(self):
        """The problems to print: the first 50, then how many more there are."""
        more = [f"... and {self.hidden} more problems (fix these first)"] if self.hidden else []
        return self.problems + more


class DiceError(DealerError):
    """Dice notation that does not parse, or dice the rules do not allow."""


class HandError(DealerError):
    """A hand threshold or comparison that does not make sense for the ruleset."""


class TableError(DealerError):
    """A persistent table that is missing, corrupt, busy or from a newer dealer."""


class StoreConflict(TableError):
    """The database gave up this command's transaction for another's (a deadlock or a
    serialization failure): nothing of it landed, and the whole command may run again."""



def did_you_mean(name: str, names) -> str:
    """``did you mean 'Velvet'?`` for a name close to one of ``names`` (a roster, a person's
    traits), or an empty string: a typo is answered with the name meant.

    >>> did_you_mean("Velvt", ["Sarah", "Velvet"]), did_you_mean("Zed", ["Sarah"]), did_you_mean("Zed", ["Zed"])
    ("did you mean 'Velvet'?", '', '')
    """
    import difflib

    names = [str(known) for known in names if str(known) != str(name)]
    folded = {known.lower(): known for known in names}
    close = [folded[match] for match in difflib.get_close_matches(str(name).lower(), list(folded), n=2, cutoff=0.6)]
    return f"did you mean {' or '.join(repr(known) for known in close)}?" if close else ""


def shell_word(text: object) -> str:
    """``text`` as one word of a command a person may copy from a hint into a shell: as it is when
    the shell takes it so (``Velvet``, ``hat-gun-1``), in double quotes when it has spaces or other
    words' separators (``"Bert Muskie"``), in single quotes when it holds what double quotes still
    expand (``$``, a backquote, ``\\``, ``"``, ``!``).

    >>> shell_word("Velvet"), shell_word("Bert Muskie"), shell_word("hat gun-1") + "=pistol"
    ('Velvet', '"Bert Muskie"', '"hat gun-1"=pistol')
    >>> shell_word("Bob's"), shell_word('say "hi"'), shell_word("")
    ('"Bob\\'s"', '\\'say "hi"\\'', '""')
    """
    import re
    import shlex

    text = str(text)
    if re.fullmatch(r"[\w@%+=:,./-]+", text):
        return text
    if re.search(r'[$`\\"!]', text):
        return shlex.quote(text)
    return f'"{text}"'


QUOTE_LIMIT = 80  # characters of user input an error message quotes


def printable(text):
    """``text`` with control characters escaped (``\\n``, ``\\x1b``...), so it stays one line
    and cannot move the cursor or retitle the terminal. Also for text from rulesets."""
    text = str(text)
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable() or char == " ":
            out.append(char)
        elif "\ud800" <= char <= "\udfff":  # a byte that was not UTF-8, as Python keeps it
            out.append(f"\\x{ord(char) & 0xFF:02x}")
        else:
            out.append(char.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def shown(value, limit=QUOTE_LIMIT):
    """User input for an error message: one line, escaped, at most about ``limit`` characters."""
    text = printable(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def clip_line(line: str, limit: int = QUOTE_LIMIT) -> str:
    """A last line of defence for a message: one line, escaped, quoted spans cut to ``limit``.

    >>> clip_line("give the hexslingin' roll: --roll NdX (or roster traits hexslinging=LEVEL and the hex's Trait)")
    "give the hexslingin' roll: --roll NdX (or roster traits hexslinging=LEVEL and the hex's Trait)"
    >>> clip_line("no hex '" + "x" * 100 + "'") == "no hex '" + "x" * 77 + "...'"
    True
    """
    import re

    # A quote opens after a space or bracket and closes before one: hexslingin' and Velvet's are
    # apostrophes, not quotes, and the words between them are never cut.
    line = re.sub(r"(?<![\w'])'([^']*)'(?![\w'])", lambda m: m.group(0) if len(m.group(1)) <= limit
                  else "'" + m.group(1)[:limit - 3] + "...'", line)
    line = re.sub(r"[^\s']{%d,}" % (limit + 21), lambda m: m.group(0)[:limit - 3] + "...", line)
    line = printable(line)
    return line if len(line) <= 4 * limit else line[:4 * limit - 3] + "..."
