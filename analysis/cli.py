"""The ``thousand`` command line: a thin layer over the library.

Each sub-command lives in its own module of :mod:`analysis.commands` with
``register(subparsers)``; this module only assembles them and turns errors
into clear messages and exit codes.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__

#: Sub-command modules, in the order ``thousand --help`` lists them.
COMMANDS = ("run", "deal", "solve", "simulate", "odds", "analyse", "rules", "report")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command."""
    parser = argparse.ArgumentParser(
        prog="thousand",
        description="Deal, solve, simulate and analyse the card game Thousand (Тысяча).")
    parser.add_argument("--version", action="version",
                        version=f"thousand-analysis {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            mod = importlib.import_module(f".commands.{name}", __package__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.endswith(f"commands.{name}"):
                continue  # this capability has not landed yet
            raise
        mod.register(sub)
    return parser


#: Commands that write a dataset chunk by chunk and resume when rerun.
RESUMABLE = ("deal", "solve", "simulate", "run")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``thousand`` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from .parallel import ChunkFailed  # light; analysis.dataset would load pyarrow (0.5 s)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # output piped into head and the like
        return 0
    except KeyboardInterrupt:
        if args.command == "report":
            print("\nthousand report: interrupted; the datasets made so far are kept, "
                  "rerun the same command to continue", file=sys.stderr)
        elif args.command in RESUMABLE:
            print("\nthousand: interrupted; finished chunks are kept, rerun the same "
                  "command to resume", file=sys.stderr)
        else:
            print(f"\nthousand {args.command}: interrupted; nothing was written",
                  file=sys.stderr)
        return 130
    except (ValueError, ChunkFailed, ConnectionError, FileNotFoundError) as exc:
        print(f"thousand {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
