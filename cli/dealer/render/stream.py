"""Bulk output (``--count N``) written as it is made: the first line at once, memory flat.

``emit_many`` prints the same bytes ``render.emit`` would for the whole list, without
holding the list: JSON Lines and text line by line, and ``--json``'s one object with its
list spliced in item by item (a test compares the two byte for byte).
"""

from __future__ import annotations

import json

import click

CHUNK = 512  # lines per write: few system calls, and the first write comes at once


def write_lines(lines):
    """Print lines in chunks; return how many."""
    count = 0
    chunk = []
    for line in lines:
        chunk.append(line)
        count += 1
        if len(chunk) == CHUNK or count == 1:
            click.echo("\n".join(chunk))
            chunk = []
    if chunk:
        click.echo("\n".join(chunk))
    return count


def json_lines(head, items):
    """``head`` is an envelope without ``result``; one JSON line per ``(seed, result)``."""
    prefix = json.dumps({key: value for key, value in head.items() if key not in ("seed", "result")},
                        ensure_ascii=False, separators=(",", ":"))[:-1]
    for seed, result in items:  # seeds are ints
        yield f'{prefix},"seed":{seed},"result":{result_json(result)}}}'


def result_json(result):
    if isinstance(result, str):  # already encoded (a fast encoder for one command)
        return result
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def emit_many(settings, head, items, text, key):
    """Print ``items`` (``(seed, result)`` pairs, made lazily) as JSON Lines, one JSON object
    holding them under ``result[key]`` (each with its seed), or text lines (``text(result)``)."""
    if settings.jsonl:
        return write_lines(json_lines(head, items))
    if settings.json:
        return write_lines(document_lines(head, key, ({**result, "seed": seed} for seed, result in items)))
    seeds = []

    def lines():
        for seed, result in items:
            if not seeds:
                seeds.append(seed)
            seeds[1:] = [seed]
            yield text(result)

    write_lines(lines())
    if seeds:  # the seed line, as render.emit gives a single result
        from dealer.render import seed_line, show_seed

        show_seed(settings, seed_line([{"seed": seeds[0]}, {"seed": seeds[-1]}]))


def document_lines(head, key, items, **result):
    """The lines of ``json.dumps(envelope, indent=2)`` whose ``result`` is ``result`` plus ``key``
    holding ``items``, made as the items come."""
    text = json.dumps({**head, "result": {**result, key: []}}, ensure_ascii=False, indent=2)
    marker = f'"{key}": []'
    before, after = text.split(marker, 1)
    line_start = before.rfind("\n") + 1
    indent = " " * (len(before[line_start:]) - len(before[line_start:].lstrip(" ")))
    inner = indent + "  "
    previous = None
    for item in items:
        body = inner + json.dumps(item, ensure_ascii=False, indent=2).replace("\n", "\n" + inner)
        yield before + f'"{key}": [' if previous is None else previous + ","
        previous = body
    if previous is None:
        yield before + marker + after
        return
    yield previous
    yield indent + "]" + after
