"""Run a chunked dataset job through an executor, resumably."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from pathlib import Path

import pyarrow as pa

from .. import dataset
from ..errors import BadArgument, ChunkFailed
from ..parallel import check_workers, default_workers, executor, run_chunks

__all__ = ["run_job"]


def n_chunks(n: int, chunk_size: int) -> int:
    """Number of chunks for ``n`` rows of ``chunk_size`` (the last may be short).

    Raises
    ------
    ValueError
        If ``n`` or ``chunk_size`` is below 1.
    """
    if n < 1:
        raise BadArgument(
            f"n (the number of rows to write) must be at least 1, got {n}",
            parameter="n",
            expected="at least 1",
            got=n,
        )
    if chunk_size < 1:
        raise BadArgument(
            f"chunk_size must be at least 1, got {chunk_size}",
            parameter="chunk_size",
            expected="at least 1",
            got=chunk_size,
        )
    return math.ceil(n / chunk_size)


def run_job(
    out: str | Path,
    params: dict,
    chunk_fn: Callable,
    schema: pa.Schema,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
    desc: str = "chunks",
) -> dict:
    """Write every missing chunk of a dataset, then its manifest.

    Parameters
    ----------
    out : path
        Dataset folder.  Chunks already there from an interrupted run of
        the same job are kept; a folder made by another job is refused.
    params : dict
        JSON-ready parameters with ``kind``, ``n_chunks`` and whatever the
        chunk function reads; recorded in the dataset.
    chunk_fn : callable
        ``chunk_fn(out, chunk, params) -> content hash``; module-level so
        process pools and Dask can pickle it.

    Returns
    -------
    dict
        The manifest (see :func:`analysis.dataset.finalize`), plus
        ``chunks_written`` (how many this call wrote).

    Raises
    ------
    ValueError
        If ``workers`` is below 1, or several processes would write into
        ``memory://`` (before anything is written).
    DatasetError
        If ``out`` cannot be created or holds another job's dataset.
    """
    check_workers(workers)  # before the output folder exists: a refusal leaves nothing
    if str(out).startswith("memory://") and (scheduler or workers != 1):
        # fsspec's memory filesystem lives in one process: chunks written by
        # other processes would be missing here, and a rerun could not help
        raise BadArgument(
            f"{out} is in this process's memory, which worker processes "
            "cannot write into: use workers=1, or a folder",
            parameter="workers",
            path=out,
            expected=1,
            got=workers,
        )
    done = dataset.open_output(out, params)
    already = len(done)
    for attempt in range(2):
        todo = [c for c in range(params["n_chunks"]) if c not in done]
        if not todo:
            break
        try:
            # no more local processes than chunks left: each one costs a
            # Python with numba's code loaded, started before any chunk runs
            n = min(workers or default_workers(), len(todo))
            with executor(n, scheduler) as ex:
                run_chunks(
                    ex,
                    chunk_fn,
                    [(str(out), c, params) for c in todo],
                    desc=desc if not already else f"{desc} ({already} chunks written before)",
                    progress=progress,
                    describe=_describe,
                )
            break
        except BrokenExecutor as exc:
            # A worker process died (killed, out of memory): finished chunks are
            # on disk; reopen the pool once for the rest.
            if attempt:
                raise ChunkFailed(
                    f"worker processes died twice while writing {out}: {exc}; rerun the command to resume"
                ) from None
            done = dataset.open_output(out, params)
    manifest = dataset.finalize(out, schema)
    manifest["chunks_written"] = params["n_chunks"] - already
    return manifest


def _describe(args: tuple) -> str:
    return f"chunk {args[1]} (seed {args[2].get('seed')})"
