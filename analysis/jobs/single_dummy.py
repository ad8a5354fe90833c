"""The ``sd`` dataset job: single-dummy play of a deals dataset
(``thousand solve --play pimc``; docs/SINGLE_DUMMY.md, docs/DATA.md).

Chunk ``c`` plays deals ``c * chunk_size ...`` of a deals dataset for every
requested seat as declarer with :func:`analysis.single_dummy.play_deals`.
The parameters record the deals' identity, the rules, ``worlds``, ``bid``,
``seed``, the single-dummy version and fingerprint (solver conventions plus
what players see) and the solver's, so a folder made under other parameters
is refused rather than mixed.  Every row draws from its own seed, so the
content does not depend on the chunk size, the workers or the backend.
"""

from __future__ import annotations

import pyarrow as pa

from .. import dataset
from ..errors import BadArgument
from ..rules import Rules
from .deals_source import check_deals_source, check_out, chunk_deals
from .runner import n_chunks, run_job

__all__ = ["DEFAULT_CHUNK", "DEFAULT_WORLDS", "sd_params", "sd_chunk", "run_sd"]

#: Deals per chunk by default: 60 rows of 0.6-2 s each at 16 worlds, about
#: a minute of single-dummy play, lost at most on an interruption.
DEFAULT_CHUNK = 20
#: Layouts drawn per decision by default.
DEFAULT_WORLDS = 16


def _int(x, what: str, low: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low:
        raise BadArgument(f"{what} must be an integer of at least {low}, got {x!r}", parameter=what, got=x)
    return x


def _bid(bid) -> int:
    if _int(bid, "bid", 100) % 5:
        raise BadArgument(f"bid must be a multiple of 5, at least 100, got {bid!r}", parameter="bid", got=bid)
    return bid


def sd_params(
    deals_path,
    rules: Rules | None = None,
    *,
    n: int | None = None,
    seats=(0, 1, 2),
    worlds: int = DEFAULT_WORLDS,
    bid: int = 100,
    seed: int = 0,
    chunk_size: int = DEFAULT_CHUNK,
) -> dict:
    """The recorded parameters of a single-dummy job.

    Parameters
    ----------
    deals_path, rules, seats
        As in :func:`analysis.jobs.solutions.solve_params`: a complete
        deals dataset, its recorded profile by default, declarer seats.
    n : int, optional
        Play only the first ``n`` deals (default: all); an ``int``.
    worlds, bid, seed : int
        As in :func:`analysis.single_dummy.play_deals`.
    chunk_size : int
        Deals per chunk.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``deals_path`` is not a complete deals dataset.
    ValueError
        On bad ``n``, seats, ``worlds``, ``bid``, ``seed`` or chunk size.
    """
    from ..single_dummy import SD_VERSION, sd_fingerprint
    from ..solver import SOLVER_VERSION, solver_fingerprint

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


def sd_chunk(out: str, chunk: int, params: dict) -> str:
    """Play and write chunk ``chunk``; return its content hash."""
    from ..single_dummy.batch import SD_COLUMNS, play_deals, sd_schema

    rules = Rules.from_stored(params["rules"])
    rows = play_deals(
        chunk_deals(params, chunk),
        seats=tuple(params["seats"]),
        rules=rules,
        worlds=params["worlds"],
        seed=params["seed"],
        bid=params["bid"],
    )
    table = pa.Table.from_pandas(rows[list(SD_COLUMNS)], schema=sd_schema(), preserve_index=False)
    return dataset.write_chunk(out, chunk, table, params)


def run_sd(
    deals_path,
    out,
    rules: Rules | None = None,
    *,
    n: int | None = None,
    seats=(0, 1, 2),
    worlds: int = DEFAULT_WORLDS,
    bid: int = 100,
    seed: int = 0,
    chunk_size: int = DEFAULT_CHUNK,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
) -> dict:
    """Write (or finish) the single-dummy dataset of a deals dataset.

    Parameters are those of :func:`sd_params` plus the output folder and
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
        On bad parameters (:func:`sd_params`) or workers.
    """
    params = sd_params(
        deals_path, rules, n=n, seats=seats, worlds=worlds, bid=bid, seed=seed, chunk_size=chunk_size
    )
    check_out(out, params)
    from ..single_dummy.batch import sd_schema

    return run_job(
        out,
        params,
        sd_chunk,
        sd_schema(),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="single-dummy",
    )
