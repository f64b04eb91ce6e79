"""``dealer verify EXPORT``: replay a table's exported history and check every event of it."""

from __future__ import annotations

import click

from dealer.options import global_options
from dealer.session import Session


def _secret(ctx, param, value):
    if value is None:
        return None
    from dealer.core.seeds import SecretError, parse_secret

    try:
        return parse_secret(value)
    except SecretError as error:
        raise click.BadParameter(f"{error}, as the table's revealed secret is printed", ctx, param) from None


@click.command("verify")
@click.argument("export", metavar="EXPORT")
@click.option("--secret", metavar="S", callback=_secret,
              help="The table's revealed secret (hex): each seed must be HMAC-SHA256(S, the number of its command's "
                   "first event), cut to 63 bits.")
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
