"""Reading a dataset folder: one Arrow table, a pandas frame, or a
``pyarrow.dataset`` for filtered reads, after checking that every chunk is
the folder's own."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as pads

from ..errors import DamagedDataset, DatasetError
from . import integrity as it
from ._files import SCHEMA_VERSIONS, arrow_fs, basename, chunk_files, fs_of, readable_version
from .storage import read_params

__all__ = ["read_table", "read_frame", "open_dataset"]


def check_version(path, params: dict, kind: str | None) -> None:
    """Refuse a dataset of another kind than ``kind`` or of another schema version.

    Raises
    ------
    DatasetError
        Naming the kind or the schema versions.
    """
    if kind is not None and params.get("kind") != kind:
        raise DatasetError(
            f"{path} is a {params.get('kind')} dataset, not {kind}",
            path=path,
            expected=kind,
            got=params.get("kind"),
        )
    if not readable_version(params.get("kind"), params.get("schema_version")):
        raise DatasetError(
            it.version_mismatch(path, params),
            path=path,
            expected=SCHEMA_VERSIONS.get(params.get("kind")),
            got=params.get("schema_version"),
        )


def read_table(
    path: str | Path,
    kind: str | None = None,
    *,
    require_complete: bool = True,
    columns: list[str] | None = None,
) -> pa.Table:
    """Read a dataset folder into one Arrow table, rows in chunk order.

    Raises
    ------
    DatasetError
        On another kind or schema version (checked in ``_params.json`` and
        in every file's metadata), a chunk file that is not the folder's
        own, or, with ``require_complete``, if chunks are missing.
    DamagedDataset
        A DatasetError: a chunk file cannot be read (named).
    """
    fs, root = fs_of(path)
    params = read_params(path)
    check_version(path, params, kind)
    files = chunk_files(fs, root)
    ds = _dataset(path, fs, files) if files else None
    footers = _footers(ds) if ds is not None else {}
    found = [f for f in it.inspect(path, params, footers=footers) if f.kind != it.FOREIGN_FILE]
    beyond = [f for f in found if f.kind == it.BEYOND]
    if beyond:
        raise DatasetError(f"{path}: {beyond[0].why}; move it away", path=beyond[0].path)
    if require_complete and len(files) != params["n_chunks"]:
        raise DatasetError(
            f"{path} is incomplete: {len(files)} of {params['n_chunks']} "
            "chunks; rerun the command that made it to finish",
            path=path,
        )
    if not files:
        raise DatasetError(f"{path} holds no chunks", path=path)
    for f in found:
        if f.kind == it.DAMAGED:
            raise DamagedDataset(
                f"{path}: chunk file {f.why}; rerun the command that made "
                "the dataset: it redoes damaged chunks",
                path=f.path,
            )
        if f.kind == it.OTHER_SCHEMA:
            raise DatasetError(f.why, path=f.path)
        raise DatasetError(
            f"{path}: {f.why}; move it away and rerun the command "
            "that made the dataset, which redoes missing chunks",
            path=f.path,
        )
    try:
        return ds.to_table(columns=columns)
    except (OSError, pa.ArrowException) as exc:
        raise _damaged(path, exc, _unreadable(ds, columns)) from None


def _footers(ds) -> dict:
    """Chunk path -> footer schema (or the exception reading it raised), read
    once through the dataset's fragments, which scanning reuses."""
    out = {}
    for frag in ds.get_fragments():
        try:
            out[frag.path] = frag.physical_schema
        except (OSError, pa.ArrowException) as exc:
            out[frag.path] = exc
    return out


def _unreadable(ds, columns) -> str | None:
    """The first fragment of ``ds`` whose rows cannot be read, if one is."""
    for frag in ds.get_fragments():
        try:
            frag.to_table(columns=columns)
        except (OSError, pa.ArrowException):
            return frag.path
    return None


def _damaged(path, exc, file: str | None = None) -> DamagedDataset:
    which = f"{basename(file)} " if file else ""
    why = " ".join(str(exc).split())  # Arrow's messages span lines
    return DamagedDataset(
        f"{path}: chunk file {which}cannot be read ({why}); rerun the "
        "command that made the dataset: it redoes damaged chunks",
        path=file or path,
    )


def _dataset(path, fs, files) -> pads.Dataset:
    try:
        return pads.dataset(files, format="parquet", filesystem=arrow_fs(fs))
    except (OSError, pa.ArrowException) as exc:
        raise _damaged(path, exc) from None


def open_dataset(path: str | Path, kind: str | None = None) -> pads.Dataset:
    """A ``pyarrow.dataset.Dataset`` over a dataset folder's chunks (for filtered reads).

    Raises
    ------
    DatasetError
        On another kind or schema version, or a folder without chunks.
    """
    fs, root = fs_of(path)
    check_version(path, read_params(path), kind)
    files = chunk_files(fs, root)
    if not files:
        raise DatasetError(f"{path} holds no chunks", path=path)
    return _dataset(path, fs, files)


def read_frame(path: str | Path, kind: str | None = None, **kw):
    """Like :func:`read_table`, as a pandas DataFrame."""
    return read_table(path, kind, **kw).to_pandas()
