"""A click group that runs a default subcommand when the first argument is not one of its own.

``dealer action Sarah=16`` deals a round; ``dealer action sleeve Sarah`` puts a card up a
sleeve. A participant who happens to be called like a subcommand is written with ``=``
(``play=3d6``) or after ``--`` (``dealer action -- play Sally``).

Built on click's own hooks for custom groups (``resolve_command``, ``format_usage``,
``format_options``) rather than the ``click-default-group`` package: that package picks the
default the same way but neither lists the default's options in the group's help nor keeps
its hidden name out of errors, which is what a user sees; a runtime dependency for less than
this file does is not worth its install and import. The default command is run as the group
itself: its errors and usage read ``dealer action``, not ``dealer action deal``, and
``dealer action --help`` lists its options beside the subcommands.
"""

from __future__ import annotations

import click


class DefaultContext(click.Context):
    """The context of a default command run without its name: its path is the group's."""

    @property
    def command_path(self) -> str:
        return super().command_path.rstrip()


class DefaultGroup(click.Group):
    """``default`` runs when the first argument names no subcommand (or follows ``--``)."""

    def __init__(self, *args, default: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.default = default

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args[:1] == ["--"]:
            ctx.meta["dealer.default_only"] = True
            args = args[1:]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        if args and args[0] in self.commands and not ctx.meta.get("dealer.default_only"):
            return super().resolve_command(ctx, args)
        command = self.commands[self.default]
        command.context_class = DefaultContext
        return "", command, args  # no name of its own: it is run as the group

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        default = self.commands[self.default]
        pieces = [piece for param in default.get_params(ctx) if isinstance(param, click.Argument)
                  for piece in param.get_usage_pieces(ctx)]
        formatter.write_usage(ctx.command_path, " ".join(["[OPTIONS]", *pieces]))
        formatter.write_usage(ctx.command_path, "COMMAND [ARGS]...", prefix=" " * len("Usage: "))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The default command's own options first, then the group's (the global ones), then the
        subcommands: every option ``dealer action`` takes is on its help page."""
        default = self.commands[self.default]
        own = {param.name for param in self.get_params(ctx)}
        records = [param.get_help_record(ctx) for param in default.get_params(ctx)
                   if isinstance(param, click.Option) and param.name not in own and not param.hidden]
        records += [param.get_help_record(ctx) for param in self.get_params(ctx)
                    if isinstance(param, click.Option) and not param.hidden]
        with formatter.section("Options"):
            formatter.write_dl([record for record in records if record])
        self.format_commands(ctx, formatter)
