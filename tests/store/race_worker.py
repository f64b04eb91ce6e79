"""A worker process of the race tests: it plays many commands on one table, each its own run
of the command line (its own transaction, its own connection), in one interpreter, so eight
workers race eight connections at the store without paying an interpreter start per command.

``python -m tests.store.race_worker cards ROUNDS`` or ``... chips PERSON ROUNDS`` (the store
from DEALER_STORE); prints one JSON object: what it moved and the errors it met.
"""

import json
import sys

from click.testing import CliRunner

from dealer.cli import cli


def run(*args):
    result = CliRunner().invoke(cli, [*args, "--table", "t"], prog_name="dealer")
    return result.exit_code, result.stdout, result.stderr


def cards(rounds):
    """Draw six, discard them: every card dealt once until a reshuffle."""
    draws, errors = 0, []
    for _ in range(rounds):
        code, out, err = run("draw", "6", "--json")
        notes = [line for line in err.splitlines() if "reshuffled in" not in line]
        if code or notes:
            errors.append(err)
            continue
        dealt = json.loads(out)["result"]["cards"]
        draws += len(dealt)
        if dealt:
            result = CliRunner().invoke(cli, ["table", "discard", "t", " ".join(dealt)], prog_name="dealer")
            if result.exit_code or result.stderr:
                errors.append(result.stderr)
    return {"draws": draws, "errors": errors}


def chips(person, rounds):
    """Draw two, spend one, return one: chips conserved whoever moves at the same time."""
    moved, errors = {}, []
    for round_number in range(rounds):
        code, out, err = run("chips", "draw", person, "2", "--json")
        if code or err:
            errors.append(err)
            continue
        colours = [event["colour"] for event in json.loads(out)["result"]["events"]]
        for colour in colours:
            moved[colour] = moved.get(colour, 0) + 1
        if colours:
            code, _, err = run("chips", "spend", person, colours[0], "--for", "luck", "--note", f"round {round_number}")
            errors += [err] if code or err else []
            moved[colours[0]] -= 1
        if len(colours) > 1:
            code, _, err = run("chips", "return", person, colours[1])
            errors += [err] if code or err else []
            moved[colours[1]] -= 1
    return {"person": person, "moved": moved, "errors": errors}


if __name__ == "__main__":
    kind, *rest = sys.argv[1:]
    result = cards(int(rest[0])) if kind == "cards" else chips(rest[0], int(rest[1]))
    print(json.dumps(result))
