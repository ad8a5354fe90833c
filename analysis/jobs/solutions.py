"""The outcome jobs of ``thousand solve``: every requested seat of a deals
dataset as declarer, double-dummy or single-dummy.

``play="dd"`` (the default) writes the ``solutions`` dataset (DESIGN.md,
contract 4): chunk ``c`` solves deals ``c * chunk_size ...`` with
:func:`analysis.solver.solve_deals`.  ``play="pimc"`` writes the ``sd``
dataset (``thousand solve --play pimc``; docs/SINGLE_DUMMY.md, docs/DATA.md):
the same deals played single-dummy with
:func:`analysis.single_dummy.play_deals`, each row drawing from its own seed,
so the content does not depend on the chunk size, the workers or the
backend.

The parameters record the deals' identity, the rules, the solver version
and the fingerprint of the solver conventions (play conventions plus the
bolt definition), and in the single-dummy mode ``worlds``, ``bid``,
``seed`` and the single-dummy version and fingerprint, so a folder made
under other conventions, for other deals or by another version is refused
rather than mixed.
"""

from __future__ import annotations

import pyarrow as pa

from .. import dataset
from ..dataset.schema import SD_COLUMNS, SOLUTION_COLUMNS, sd_schema, solutions_schema
from ..errors import BadArgument
from ..rules import Rules
from ..single_dummy import SD_VERSION, play_deals, sd_fingerprint
from ..solver import SOLVER_VERSION, solve_deals, solver_fingerprint
from .deals_source import check_deals_source, check_out, chunk_deals
from .runner import n_chunks, run_job

__all__ = [
    "DEFAULT_CHUNK",
    "SD_DEFAULT_CHUNK",
    "DEFAULT_WORLDS",
    "solve_params",
    "run_solve",
]

#: The kinds of outcome: double-dummy solves, or single-dummy (PIMC) play.
PLAYS = ("dd", "pimc")
#: Deals per chunk by default, double-dummy.
DEFAULT_CHUNK = 1_000
#: Deals per chunk by default, single-dummy: 60 rows of 0.6-2 s each at 16
#: worlds, about a minute of play, lost at most on an interruption.
SD_DEFAULT_CHUNK = 20
#: Layouts drawn per single-dummy decision by default.
DEFAULT_WORLDS = 16


def _int(x, what: str, low: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low:
        raise BadArgument(f"{what} must be an integer of at least {low}, got {x!r}", parameter=what, got=x)
    return x


def _bid(bid) -> int:
    if _int(bid, "bid", 100) % 5:
        raise BadArgument(f"bid must be a multiple of 5, at least 100, got {bid!r}", parameter="bid", got=bid)
    return bid


def solve_params(
    deals_path,
    rules: Rules | None = None,
    *,
    n: int | None = None,
    seats=(0, 1, 2),
    chunk_size: int | None = None,
    play: str = "dd",
    worlds: int = DEFAULT_WORLDS,
    bid: int = 100,
    seed: int = 0,
) -> dict:
    """The recorded parameters of a solve job.

    Parameters
    ----------
    deals_path : path
        A complete deals dataset.
    rules : Rules, optional
        Defaults to the profile recorded in the deals dataset.
    n : int, optional
        Solve only the first ``n`` deals (default: all).
    seats : sequence of int
        Declarer seats to solve (0 first hand, 1, 2 dealer).
    chunk_size : int, optional
        Deals per chunk (default :data:`DEFAULT_CHUNK`, or
        :data:`SD_DEFAULT_CHUNK` with ``play="pimc"``).
    play : {"dd", "pimc"}
        Double-dummy solutions, or single-dummy rows.
    worlds, bid, seed : int
        ``play="pimc"`` only: as in :func:`analysis.single_dummy.play_deals`.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``deals_path`` is not a complete deals dataset.
    ValueError
        On an unknown ``play``; bad ``n``, seats or chunk size; with
        ``play="pimc"``, bad ``worlds``, ``bid`` or ``seed``.
    """
    if play not in PLAYS:
        raise BadArgument(f"play must be 'dd' or 'pimc', got {play!r}", parameter="play", got=play)
    if play == "pimc":
        chunk_size = SD_DEFAULT_CHUNK if chunk_size is None else chunk_size
        rules, total, seats = check_deals_source(deals_path, rules, n, seats)
        return {
            "kind": "sd",
            "play": "pimc",
            "deals_path": dataset.absolute(deals_path),
            "deals_hash": dataset.deals_identity(deals_path),
            "n": total,
            "seats": list(seats),
            "worlds": _int(worlds, "worlds", 1),
            "bid": _bid(bid),
            "seed": _int(seed, "seed", 0),
            "chunk_size": _int(chunk_size, "chunk_size", 1),
            "n_chunks": n_chunks(total, chunk_size),
            "rules_name": rules.name,
            "rules": rules.to_dict(),
            "sd_fingerprint": sd_fingerprint(rules),
            "sd_version": SD_VERSION,
            "solver_fingerprint": solver_fingerprint(rules),
            "solver_version": SOLVER_VERSION,
        }
    chunk_size = DEFAULT_CHUNK if chunk_size is None else chunk_size
    rules, total, seats = check_deals_source(deals_path, rules, n, seats, int_n=True)
    return {
        "kind": "solutions",
        "deals_path": dataset.absolute(deals_path),
        "deals_hash": dataset.deals_identity(deals_path),
        "n": total,
        "seats": list(seats),
        "chunk_size": int(chunk_size),
        "n_chunks": n_chunks(total, chunk_size),
        "rules_name": rules.name,
        "rules": rules.to_dict(),
        "solver_fingerprint": solver_fingerprint(rules),
        "solver_version": SOLVER_VERSION,
    }


def solve_chunk(out: str, chunk: int, params: dict) -> str:
    """Solve (or play) and write chunk ``chunk``; return its content hash."""
    rules = Rules.from_stored(params["rules"])
    deals, seats = chunk_deals(params, chunk), tuple(params["seats"])
    if params["kind"] == "sd":
        rows = play_deals(
            deals, seats=seats, rules=rules, worlds=params["worlds"], seed=params["seed"], bid=params["bid"]
        )
        table = pa.Table.from_pandas(rows[list(SD_COLUMNS)], schema=sd_schema(), preserve_index=False)
        return dataset.write_chunk(out, chunk, table, params)
    sol = solve_deals(deals, seats=seats, rules=rules, lines=True)
    sol = sol.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)
    table = pa.Table.from_pandas(sol[list(SOLUTION_COLUMNS)], schema=solutions_schema(), preserve_index=False)
    return dataset.write_chunk(out, chunk, table, params)


def run_solve(
    deals_path,
    out,
    rules: Rules | None = None,
    *,
    n: int | None = None,
    seats=(0, 1, 2),
    chunk_size: int | None = None,
    play: str = "dd",
    worlds: int = DEFAULT_WORLDS,
    bid: int = 100,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
) -> dict:
    """Write (or finish) the solutions (or single-dummy rows) of a deals dataset.

    Parameters are those of :func:`solve_params` plus the output folder and
    the executor (``workers`` local processes, or a Dask ``scheduler``).

    Returns
    -------
    dict
        The manifest (:func:`analysis.dataset.finalize`) with
        ``chunks_written``.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``out`` is the deals folder or holds a dataset made under other
        parameters (another kind, rules, worlds, bid, seed, deals, chunk
        size, single-dummy or solver version); nothing in it is touched.
    ValueError
        On bad parameters (:func:`solve_params`) or workers.
    """
    params = solve_params(
        deals_path,
        rules,
        n=n,
        seats=seats,
        chunk_size=chunk_size,
        play=play,
        worlds=worlds,
        bid=bid,
        seed=seed,
    )
    check_out(out, params)
    sd = params["kind"] == "sd"
    return run_job(
        out,
        params,
        solve_chunk,
        sd_schema() if sd else solutions_schema(),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="single-dummy" if sd else "solve",
    )
