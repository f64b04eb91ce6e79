"""``dealer verify EXPORT``: replay a table's exported history and check every event of it."""

from __future__ import annotations

import click

from dealer.options import global_options
from dealer.session import Session


def _secret(ctx, param, value):
    """The secret's bytes from its hexadecimal digits, as `table reveal` prints it (spaces and a
    leading 0x allowed)."""
    if value is None:
        return None
    digits = "".join(value.split())
    digits = digits[2:] if digits[:2].lower() == "0x" else digits
    try:
        secret = bytes.fromhex(digits)
    except ValueError:
        secret = b""
    if not secret:
        raise click.BadParameter("write the secret in hexadecimal digits (0-9, a-f), two per byte, as dealer table "
                                 "reveal prints it", ctx, param)
    return secret


@click.command("verify")
@click.argument("export", metavar="EXPORT")
@click.option("--secret", metavar="S", callback=_secret,
              help="The table's revealed secret (hex, as table reveal prints it): each seed must be the one it "
                   "gives the command's first event (dealer.store.secrets.seed_for).")
@global_options(seed=False, table=False)
@click.pass_context
def verify(ctx, export, secret):
    """Replay the history of a `dealer table export` document (EXPORT, or - for stdin) and
    compare every event the replay makes with the logged one, then the table it makes with the
    table exported. Each logged command runs again with its recorded seed, on the table's
    pinned ruleset, in a throwaway store. Exit 0 when every event verifies; exit 1 naming the
    first event that differs and how (with --json, after the report).

    \b
    Examples:
      dealer table export friday > friday.json
      dealer verify friday.json
      dealer verify friday.json --secret 9f86d081884c7d65
    """
    from dealer.errors import DealerError
    from dealer.store.verify import read_export, verify_export

    session = Session(ctx, "verify")
    if session.settings.ruleset_given:
        raise click.UsageError("-r means nothing here: a replay plays the export's pinned ruleset; drop it", ctx)
    result, where = read_export(export)
    report = verify_export(result, where, secret)
    if report["verified"] or session.settings.json or session.settings.jsonl:  # a text failure is its error
        session.show(report, ruleset=report["ruleset"])
    if not report["verified"]:
        raise DealerError(f"{where} does not verify: {report['difference']['message']}")
