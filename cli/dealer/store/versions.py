"""Which dealer wrote an event: every event of a history records the version of the dealer that
logged it (``dealer.__version__``; none before 0.2.0, the first that recorded it). A replay
(``dealer verify``, ``table fork``) plays a log with the rules of the dealer that runs it, so
where an event differs and another version logged it, the difference says so, and a log that a
newer dealer wrote is refused: its rules are not this dealer's to know.
"""

from __future__ import annotations

import re

from dealer import __version__

PACKAGE = "weird-west-dealer"  # the name pip installs dealer by
FIRST_RECORDED = "0.2.0"  # the first dealer that recorded its version with every event
# A release's version as dealer writes them (PEP 440's public versions, without epochs); docs/schema.json
# says the same (dealer-version).
VERSION = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,9}){0,4})(?:(a|b|rc)([0-9]{1,9}))?"
                     r"(?:\.post([0-9]{1,9}))?(?:\.dev([0-9]{1,9}))?")
MOST_CHARACTERS = 64


def version_problem(value: object) -> str | None:
    """What is wrong with an event's ``version`` (None: nothing): a version as dealer writes one, or null."""
    if value is None or isinstance(value, str) and len(value) <= MOST_CHARACTERS and VERSION.fullmatch(value):
        return None
    from dealer.errors import shown

    return f"'version' {shown(repr(value), 40)} is not a version of dealer (such as {__version__}) or null"


def version_key(version: str) -> tuple:
    """A version as PEP 440 orders them: 0.2 and 0.2.0 alike, 0.3.0.dev1 < 0.3.0a1 < 0.3.0rc1 < 0.3.0 < 0.3.0.post1.

    >>> sorted(["0.3.0", "0.3.0.post1", "0.10", "0.3.0rc1", "0.3.0.dev1", "0.3"], key=version_key)
    ['0.3.0.dev1', '0.3.0rc1', '0.3.0', '0.3', '0.3.0.post1', '0.10']
    """
    release, phase, number, post, dev = VERSION.fullmatch(version).groups()
    parts = [int(part) for part in release.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    if phase:
        pre = (0, ("a", "b", "rc").index(phase), int(number))
    else:
        pre = (-1,) if dev and not post else (1,)  # 0.3.0.dev1 comes before 0.3.0a1
    return (tuple(parts), pre, -1 if post is None else int(post), (1,) if dev is None else (0, int(dev)))


def same_as_this(version: str | None) -> bool:
    """Whether ``version`` (an event's) is this dealer's."""
    return version is not None and version_key(version) == version_key(__version__)


def newer_refusal(events: list[dict], to: str) -> str | None:
    """Why a log cannot be replayed ``to`` verify or fork it: its first event that a dealer newer
    than this one wrote (None: there is none). Its rules are not this dealer's to know."""
    this = version_key(__version__)
    newer = next((event for event in events if event.get("version") and version_key(event["version"]) > this), None)
    if newer is None:
        return None
    return (f"event {newer['seq']} was written by dealer {newer['version']}; this is {__version__}: upgrade dealer "
            f"to {to} it (pip install --upgrade '{PACKAGE}')")


def rules_note(logged_by: str | None) -> str:
    """What a difference adds when another dealer logged the event (nothing when this one's version
    did): the two versions, and how to check the event with the one that logged it."""
    if same_as_this(logged_by):
        return ""
    if logged_by is None:
        return (f"; it was logged by a dealer before {FIRST_RECORDED} and this is dealer {__version__}, whose rules "
                f"may differ: check it with that version (pip install '{PACKAGE}<{FIRST_RECORDED}')")
    return (f"; it was logged by dealer {logged_by} and this is dealer {__version__}, whose rules may differ: check "
            f"it with that version (pip install '{PACKAGE}=={logged_by}')")
