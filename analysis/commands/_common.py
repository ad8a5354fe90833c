"""Options shared by several sub-commands."""

from __future__ import annotations

import argparse
import math

from ..rules import Rules, load_rules


def add_rules_options(p: argparse.ArgumentParser, default: str | None = "club") -> None:
    """Add ``--rules NAME_OR_FILE.json`` and repeatable ``--set field=value``."""
    p.add_argument(
        "--rules",
        default=default,
        metavar="NAME_OR_FILE",
        help="rules profile (club classic book ua wiki) or a JSON file "
        f"(default: {default or 'the one recorded in the input dataset'})",
    )
    p.add_argument(
        "--set",
        dest="sets",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="change one rules field (repeatable)",
    )


def rules_from_args(args: argparse.Namespace, fallback: str | Rules | None = None) -> Rules:
    """Resolve ``--rules`` and ``--set`` (``fallback`` when ``--rules`` is absent)."""
    spec = args.rules if args.rules is not None else fallback
    return load_rules(spec, args.sets)


def add_parallel_options(p: argparse.ArgumentParser, workers: int | None = None, why: str = "") -> None:
    """Add ``--workers K`` (default ``workers``; None: all cores; ``why``
    explains a default other than all cores), ``--scheduler ADDR`` and
    ``--no-progress``."""
    default = "all cores" if workers is None else str(workers)
    p.add_argument(
        "--workers",
        type=int,
        default=workers,
        metavar="K",
        help=f"local worker processes (1 = in this process; default: {default}){why}",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDR",
        help="Dask scheduler address tcp://HOST:8786, or 'local' for a LocalCluster",
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def progress_flag(args: argparse.Namespace) -> bool | None:
    """None (auto: on a terminal) unless ``--no-progress`` was given."""
    return False if getattr(args, "no_progress", False) else None


def chunks(n: int) -> str:
    """``"1 chunk"``, ``"3 chunks"``: a count of chunks for a message."""
    return f"{n} chunk{'' if n == 1 else 's'}"


def json_value(x):
    """``x`` as JSON writes it: NaN as None, tuples as lists, numpy scalars as Python's."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, tuple):
        return [json_value(y) for y in x]
    return x.item() if hasattr(x, "item") else x
