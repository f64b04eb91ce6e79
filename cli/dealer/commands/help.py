"""``dealer help``: the docs pages that ship with dealer, listed or printed, the way ``git help``
does: through a pager on a terminal, plain when piped.

The pages are ``docs/*.md`` of the checkout, installed as the package data ``dealer.docs``
(``package-dir`` in pyproject.toml), so a wheel, a plain and an editable install read the same
files. Only this command imports this module: the others pay nothing for it at start-up.
"""

from __future__ import annotations

import os

import click

from dealer.options import global_options
from dealer.session import Session

# Another name a reader may type for a page: the ruleset whose game it describes.
ALIASES = {"weird-dust-devils": "dust-devils"}


def docs_folder() -> str:
    """Where the installed pages are (the ``dealer.docs`` package's folder)."""
    import dealer.docs as package

    return next(iter(package.__path__))


def topics() -> dict[str, str]:
    """Every page's topic (its file name without ``.md``, or ``.json`` for the JSON Schema) and its
    file's path, sorted by topic."""
    folder = docs_folder()
    return {os.path.splitext(name)[0]: os.path.join(folder, name) for name in sorted(os.listdir(folder))
            if name.endswith((".md", ".json"))}


def title(path: str) -> str:
    """What a page is about: its first line, the ``# `` heading (a JSON Schema's ``title``)."""
    with open(path, encoding="utf-8") as page:
        if path.endswith(".json"):
            import json

            return json.load(page)["title"] + " (JSON)"
        return page.readline().lstrip("#").strip()


def _complete_topics(ctx, param, incomplete):
    return [name for name in [*topics(), *ALIASES] if name.startswith(incomplete)]


@click.command("help")
@click.argument("topic", required=False, shell_complete=_complete_topics)
@click.option("--path", "show_path", is_flag=True,
              help="Print where the page is installed (without TOPIC: the folder of the pages and the sample "
                   "character sheets).")
@global_options(seed=False, table=False)
@click.pass_context
def help_command(ctx, topic, show_path):
    """The docs: list the pages, or print the page on TOPIC (through a pager on a terminal).

    The pager is $DEALER_PAGER, else $PAGER, else less (an empty value or cat: none); piped,
    the page is printed plain. Each command's own options and examples: dealer COMMAND --help.

    \b
    Examples:
      dealer help
      dealer help deadlands
      dealer help rulesets | grep extends
      dealer table add saloon --sheet "$(dealer help --path)/sheets/sally-swift.toml"
    """
    session = Session(ctx, "help")
    pages = topics()
    path = _page_path(ctx, pages, topic) if topic else None
    if show_path:
        click.echo(path or docs_folder())
    elif session.settings.json or session.settings.jsonl:
        result = _page_data(topic, path) if path else _topics_data(pages)
        session.emit([session.envelope(result, ruleset=None)], [])
    elif path:
        with open(path, encoding="utf-8") as page:
            _show(page.read())
    else:
        click.echo("\n".join(_topics_lines(pages)))


def _page_path(ctx, pages, topic):
    """The file of ``topic`` (a page's name or an alias); an unknown one is a usage error that
    names the closest topics."""
    from dealer.errors import did_you_mean, shown

    name = ALIASES.get(topic.lower(), topic.lower())
    if name in pages:
        return pages[name]
    hint = did_you_mean(topic, [*pages, *ALIASES])
    raise click.UsageError(f"no help topic '{shown(topic)}'" + (f": {hint}" if hint else "")
                           + " (`dealer help` lists the topics)", ctx)


def _topics_lines(pages):
    width = max(map(len, pages))
    lines = ["dealer help TOPIC prints one of these pages (through a pager on a terminal):"]
    lines += [f"  {name:<{width}}  {title(path)}" for name, path in pages.items()]
    lines.append("Each command's own options and examples: dealer COMMAND --help.")
    return lines


def _topics_data(pages):
    return {"kind": "help-topics", "folder": docs_folder(),
            "topics": [{"topic": name, "title": title(path), "path": path} for name, path in pages.items()]}


def _page_data(topic, path):
    with open(path, encoding="utf-8") as page:
        text = page.read()
    name = os.path.splitext(os.path.basename(path))[0]
    return {"kind": "help", "topic": name, "title": title(path), "path": path, "text": text}


def _show(text):
    """The page through the pager when stdout is a terminal (as ``git help`` does), else plain."""
    import sys

    pager = _pager() if sys.stdout.isatty() else None
    if pager is None:
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        click.echo(text.encode(encoding, "replace"), nl=False)  # a page is never an encoding error
        return
    import subprocess

    env = dict(os.environ)
    env.setdefault("LESS", "FRX")  # as git sets it: leave a short page on screen, keep colours
    env.setdefault("LV", "-c")
    process = subprocess.Popen(pager, stdin=subprocess.PIPE, env=env)
    try:
        process.stdin.write(text.encode("utf-8", "replace"))
        process.stdin.close()
    except BrokenPipeError:  # the reader quit the pager before the end of the page
        pass
    while True:  # the pager owns the terminal until it exits; Ctrl-C is its to handle
        try:
            process.wait()
            break
        except KeyboardInterrupt:
            continue


def _pager():
    """The pager's command line: $DEALER_PAGER, else $PAGER, else less (else more); None for
    none (an empty value, cat, TERM=dumb, or a pager that is not installed)."""
    import shlex
    import shutil

    if os.environ.get("TERM") == "dumb":
        return None
    chosen = os.environ.get("DEALER_PAGER", os.environ.get("PAGER"))
    try:
        argv = shlex.split(chosen) if chosen is not None else None
    except ValueError:
        return None
    for candidate in ([argv] if argv is not None else [["less"], ["more"]]):
        if not candidate or candidate[0] == "cat":
            return None
        found = shutil.which(candidate[0])
        if found:
            return [found, *candidate[1:]]
    return None
