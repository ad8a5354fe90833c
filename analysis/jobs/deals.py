"""The ``deals`` dataset job (DESIGN.md, contract 4; ``thousand deal``).

Chunk ``c`` holds deals ``c * chunk_size ...`` drawn from its own stream
``SeedSequence(seed, spawn_key=(c,))``, so the content depends only on the
seed, ``n`` and the chunk size, never on the workers or the backend.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from .. import dataset
from ..dataset.schema import deals_schema
from ..deal import chunk_rng, deal
from ..errors import BadArgument
from ..redeal import derived_columns
from ..rules import Rules
from .runner import n_chunks, run_job

__all__ = ["DEFAULT_CHUNK", "deal_params", "deals_table", "deal_chunk", "run_deal"]

DEFAULT_CHUNK = 500_000


def deal_params(n: int, seed: int, rules: Rules, chunk_size: int = DEFAULT_CHUNK) -> dict:
    """The recorded parameters of a deals job.

    Raises
    ------
    ValueError
        If ``n``, ``chunk_size`` or ``seed`` is out of range.
    """
    if seed < 0:
        raise BadArgument(
            f"seed must be a non-negative integer, got {seed}",
            parameter="seed",
            expected="a non-negative integer",
            got=seed,
        )
    return {
        "kind": "deals",
        "n": int(n),
        "seed": int(seed),
        "chunk_size": int(chunk_size),
        "n_chunks": n_chunks(n, chunk_size),
        "rules_name": rules.name,
        "rules": rules.to_dict(),
        "rules_fingerprint": rules.fingerprint(),
    }


def deals_table(deal_ids: np.ndarray, deals: np.ndarray, rules: Rules) -> pa.Table:
    """The deals columns for an array of deals.

    Parameters
    ----------
    deal_ids : ndarray of shape (n,), int64
    deals : ndarray of shape (n, 4), uint32 masks (hand0, hand1, hand2, widow)
    rules : Rules
        Decides the redeal flags (RULES.md, "Redeals").

    Returns
    -------
    pyarrow.Table
        Columns as in ``docs/DATA.md`` (deals).
    """
    cols = {"deal_id": np.asarray(deal_ids, dtype=np.int64)}
    for j, name in enumerate(("hand0", "hand1", "hand2", "widow")):
        cols[name] = np.ascontiguousarray(deals[:, j], dtype=np.uint32)
    cols.update(derived_columns(deals, rules))
    return pa.table(cols)


def deal_chunk(out: str, chunk: int, params: dict) -> str:
    """Deal and write chunk ``chunk``; return its content hash."""
    rules = Rules.from_stored(params["rules"])
    cs = params["chunk_size"]
    start = chunk * cs
    rows = min(cs, params["n"] - start)
    deals = deal(chunk_rng(params["seed"], chunk), rows)
    ids = np.arange(start, start + rows, dtype=np.int64)
    return dataset.write_chunk(out, chunk, deals_table(ids, deals, rules), params)


def run_deal(
    out,
    n: int,
    seed: int,
    rules: Rules,
    *,
    chunk_size: int = DEFAULT_CHUNK,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
) -> dict:
    """Write (or finish) a deals dataset; return its manifest.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``out`` holds a dataset made with other parameters.
    """
    params = deal_params(n, seed, rules, chunk_size)
    return run_job(
        out,
        params,
        deal_chunk,
        deals_schema(),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="deal",
    )
