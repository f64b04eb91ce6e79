"""A click group that runs a default subcommand when the first argument is not one of its own.

``dealer action Sarah=16`` deals a round; ``dealer action sleeve Sarah`` puts a card up a
sleeve. A participant who happens to be called like a subcommand is written with ``=``
(``play=3d6``) or after ``--`` (``dealer action -- play Sally``).
"""

from __future__ import annotations

import click


class DefaultGroup(click.Group):
    """``default`` runs when the first argument names no subcommand (or follows ``--``)."""

    def __init__(self, *args, default: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.default = default

    def parse_args(self, ctx, args):
        if args[:1] == ["--"]:
            ctx.meta["dealer.default_only"] = True
            args = args[1:]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        if args and args[0] in self.commands and not ctx.meta.get("dealer.default_only"):
            return super().resolve_command(ctx, args)
        return self.default, self.commands[self.default], args
