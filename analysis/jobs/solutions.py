"""The ``solutions`` dataset job (DESIGN.md, contract 4; ``thousand solve``).

Chunk ``c`` solves deals ``c * chunk_size ...`` of a deals dataset for every
requested seat as declarer.  The parameters record the deals' identity, the
rules, the solver version and the fingerprint of the solver conventions
(play conventions plus the bolt definition), so a folder of solutions made
under other conventions, for other deals or by another solver version is
refused rather than mixed.
"""

from __future__ import annotations

import pyarrow as pa

from .. import dataset
from ..rules import Rules
from ..solver import SOLVER_VERSION, solve_deals, solver_fingerprint
from .deals_source import check_deals_source, check_out, chunk_deals
from .runner import n_chunks, run_job

__all__ = [
    "DEFAULT_CHUNK",
    "SOLUTION_COLUMNS",
    "solutions_schema",
    "solve_params",
    "solve_chunk",
    "run_solve",
]

DEFAULT_CHUNK = 1_000

#: Columns and Arrow types of the solutions dataset (docs/DATA.md).
SOLUTION_COLUMNS = {
    "deal_id": pa.int64(),
    "seat": pa.int8(),
    "value": pa.int16(),
    "give_left": pa.int8(),
    "give_right": pa.int8(),
    "marriage_cap": pa.int16(),
    "declarer_tricks": pa.int8(),
    "left_points": pa.int16(),
    "left_tricks": pa.int8(),
    "right_points": pa.int16(),
    "right_tricks": pa.int8(),
    "redeal_after_gift": pa.bool_(),
}


def solutions_schema() -> pa.Schema:
    """Arrow schema of the solutions dataset."""
    return pa.schema(list(SOLUTION_COLUMNS.items()))


def solve_params(
    deals_path,
    rules: Rules | None = None,
    *,
    n: int | None = None,
    seats=(0, 1, 2),
    chunk_size: int = DEFAULT_CHUNK,
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

    Raises
    ------
    analysis.dataset.DatasetError
        If ``deals_path`` is not a complete deals dataset.
    ValueError
        On bad ``n``, seats or chunk size.
    """
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
    """Solve and write chunk ``chunk``; return its content hash."""
    rules = Rules.from_stored(params["rules"])
    sol = solve_deals(chunk_deals(params, chunk), seats=tuple(params["seats"]), rules=rules, lines=True)
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
    chunk_size: int = DEFAULT_CHUNK,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
) -> dict:
    """Write (or finish) the solutions of a deals dataset; return the manifest."""
    params = solve_params(deals_path, rules, n=n, seats=seats, chunk_size=chunk_size)
    check_out(out, params)
    return run_job(
        out,
        params,
        solve_chunk,
        solutions_schema(),
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="solve",
    )
