"""The ``thousand`` command line: a thin layer over the library.

Each sub-command lives in its own module of :mod:`analysis.commands` with
``register(subparsers)``; this module only assembles them and turns errors
into clear messages and exit codes.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
import traceback
import warnings
from contextlib import contextmanager

from .errors import NoEffectWarning, ThousandError
from .version import __version__

__all__ = ["main"]

#: Sub-command modules, in the order ``thousand --help`` lists them.
COMMANDS = (
    "run",
    "deal",
    "solve",
    "simulate",
    "compare",
    "odds",
    "analyse",
    "rules",
    "report",
    "reference",
    "equity",
    "equity_fit",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command."""
    parser = argparse.ArgumentParser(
        prog="thousand", description="Deal, solve, simulate and analyse the card game Thousand (Тысяча)."
    )
    parser.add_argument("--version", action="version", version=f"thousand-analysis {__version__}")
    parser.add_argument("--debug", action="store_true", help="show the full traceback of any error")
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


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread like Ctrl-C so that the
    same clean-up runs (worker processes stopped, finished chunks kept)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_terminated(signum, frame):
    raise Terminated(signum)


@contextmanager
def _stop_signals_as_interrupts():
    """Turn SIGTERM and SIGHUP into :class:`Terminated` while a command runs.

    Their default action ended the driver at once and left its worker
    processes running every queued chunk and then idling.  Signals that are
    ignored (``nohup``) or already handled stay so; outside the main thread
    nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {}
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
            old[sig] = signal.signal(sig, _raise_terminated)
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


#: Commands that write a dataset chunk by chunk and resume when rerun.
RESUMABLE = ("deal", "solve", "simulate", "compare", "run", "reference")


#: Operating-system errors a user can act on (a missing file, no permission,
#: an unreachable server): printed as one line like a :class:`ThousandError`.
USER_OS_ERRORS = (
    FileNotFoundError,
    IsADirectoryError,
    NotADirectoryError,
    PermissionError,
    ConnectionError,
    TimeoutError,
)


def option(parameter: str) -> str:
    """The command-line option of a library parameter: ``chunk_size`` -> ``--chunk-size``."""
    return "--" + parameter.replace("_", "-")


def advice(exc: BaseException) -> str:
    """The one line printed for a user's error.

    A :class:`~analysis.errors.ThousandError` naming its ``parameter`` at the
    start of its message is worded with the option that sets it
    (``workers must be at least 1`` -> ``--workers must be at least 1``).
    """
    text = str(exc)
    param = getattr(exc, "parameter", None)
    if param and text.startswith(param + " "):
        text = option(param) + text[len(param) :]
    return text


@contextmanager
def _notes_as_lines(command: str):
    """Print each :class:`~analysis.errors.NoEffectWarning` as one line of
    advice (``thousand rules: note: reset_at=600 has no effect: ...``)."""
    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, NoEffectWarning):
            print(f"thousand {command}: note: {message}", file=sys.stderr)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = shown


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``thousand`` console script; returns the exit code.

    Exit status: 0 on success, 2 on an error the user can act on (one line
    on stderr; with ``--debug`` the traceback too), 130 (or 128 + the
    signal) when interrupted, 1 on any other exception, which is a bug and
    is shown with its traceback.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with _stop_signals_as_interrupts(), _notes_as_lines(args.command):
            return int(args.func(args) or 0)
    except BrokenPipeError:  # output piped into head and the like
        return 0
    except KeyboardInterrupt as exc:
        if args.command == "report":
            print(
                "\nthousand report: interrupted; the datasets made so far are kept, "
                "rerun the same command to continue",
                file=sys.stderr,
            )
        elif args.command in RESUMABLE:
            print(
                "\nthousand: interrupted; finished chunks are kept, rerun the same command to resume",
                file=sys.stderr,
            )
        else:
            print(f"\nthousand {args.command}: interrupted; nothing was written", file=sys.stderr)
        return 128 + exc.signum if isinstance(exc, Terminated) else 130
    except (ThousandError, *USER_OS_ERRORS) as exc:
        if args.debug:
            traceback.print_exc()
        print(f"thousand {args.command}: error: {advice(exc)}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug: shown in full
        traceback.print_exc()
        print(
            f"thousand {args.command}: internal error ({type(exc).__name__}); this is a "
            "bug in thousand-analysis: please report it with the traceback above",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
