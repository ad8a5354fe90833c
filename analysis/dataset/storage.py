"""Writing a dataset: prepare its folder, write chunks, finalise; read its
parameters back.

:func:`open_output` is the one place that decides what a folder's
:func:`~analysis.dataset.integrity.inspect` findings mean to a job: a
damaged chunk of the same job is redone, deals found at a new place are
recorded, anything else that is not the job's own is refused and nothing in
the folder is touched.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import DamagedDataset, DatasetError
from ..version import __version__
from . import _files
from . import integrity as it
from ._files import (
    MANIFEST_FILE,
    META_KEY,
    PARAMS_FILE,
    SCHEMA_VERSIONS,
    arrow_fs,
    chunk_files,
    chunk_index,
    chunk_path,
    content_hash,
    footer_meta,
    fs_of,
    join,
)

__all__ = ["open_output", "write_chunk", "finalize", "read_params", "describe"]


def open_output(out: str | Path, params: dict) -> set[int]:
    """Prepare folder ``out`` for a dataset job; return the chunks already done.

    Parameters
    ----------
    out : path or fsspec URL
        Dataset folder; created if missing.
    params : dict
        JSON-ready generating parameters; must contain ``kind`` (one of
        ``deals solutions games``) and ``n_chunks``.  The schema and package
        versions are added.

    Returns
    -------
    set of int
        Chunk indices whose files are complete (a previous run of the same
        job wrote them); left-over temporary files are removed.

    Raises
    ------
    DatasetError
        If ``out`` holds a dataset made with other parameters, another kind
        or another schema version (nothing in it is touched), or cannot be
        created (a file in its path, no permission).
    """
    if not str(out).strip():
        raise DatasetError("the output folder's name is empty", path=out)
    fs, root = fs_of(out)
    kind = params["kind"]
    params = dict(params, schema_version=SCHEMA_VERSIONS[kind], package_version=__version__)
    if fs.exists(root) and not fs.isdir(root):
        raise DatasetError(f"{out} exists and is not a folder", path=out)
    # nor inside another dataset: reading that one would read this one too
    up = it.enclosing_dataset(out)
    if up is not None:
        raise DatasetError(f"{out} is inside the dataset folder {up}; choose a folder outside it", path=out)
    try:
        fs.makedirs(root, exist_ok=True)
    except OSError as exc:
        raise DatasetError(
            f"cannot create the output folder {out}: {exc.strerror or exc}", path=out
        ) from None
    try:
        return _prepare_output(out, fs, root, kind, params)
    except OSError as exc:
        raise DatasetError(
            f"cannot write in the output folder {out}: {exc.strerror or exc}", path=out
        ) from None


#: Findings that refuse a folder as the output of a job.
_REFUSED = {it.NOT_A_FILE, it.BEYOND, it.FOREIGN_CHUNK, it.OTHER_SCHEMA, it.OTHER_PARAMETERS}


def _prepare_output(out, fs, root: str, kind: str, params: dict) -> set[int]:
    """:func:`open_output` once the folder exists (its OSErrors are named there)."""
    pfile = join(root, PARAMS_FILE)
    files = chunk_files(fs, root)
    if fs.exists(pfile) and files:
        old = read_params(out)
        if old.get("kind") != kind:
            raise DatasetError(
                f"{out} holds a {old.get('kind')} dataset, not {kind}; choose another output folder",
                path=out,
                expected=kind,
                got=old.get("kind"),
            )
        if it.comparable(old) != it.comparable(params):
            raise DatasetError(
                f"{out} holds a {old.get('kind')} dataset made with other parameters "
                f"({it.list_differences(old, params)}); "
                "choose another output folder or delete it",
                path=out,
            )
        found = it.inspect(out, old, asked=params, rehash=True)
    else:
        # a new folder, or one whose earlier job stopped before any chunk was
        # written (nothing to keep): record this job's parameters
        if files:
            raise DatasetError(
                f"{out} holds Parquet files but no {PARAMS_FILE}; choose an empty or new folder", path=out
            )
        foreign = it.foreign_names(fs, root)
        if foreign:
            raise DatasetError(
                f"{out} is not empty and holds no dataset "
                f"({it.names(foreign)}); choose an empty or new folder",
                path=out,
            )
        _files.write_json(fs, pfile, params)
        found = []
    foreign = [f.why for f in found if f.kind == it.FOREIGN_FILE]
    if foreign:
        raise DatasetError(
            f"{out} holds files that are not part of its dataset "
            f"({it.names(foreign)}); readers of the folder would read them "
            "too: move them away and rerun",
            path=out,
        )
    for f in found:
        if f.kind == it.NOT_A_FILE:
            raise DatasetError(f"{f.why}; move it away and rerun", path=f.path)
        if f.kind in _REFUSED:
            raise DatasetError(
                f"{out}: {f.why}; it is not part of this dataset: move it "
                "away and rerun (the command redoes missing chunks)",
                path=f.path,
            )
    for f in found:
        if f.kind == it.MOVED_DEALS:
            # the same deals (same deals_hash) found elsewhere: record where
            # they are now, so that reading the solutions finds them
            _files.write_json(fs, pfile, dict(read_params(out), deals_path=params["deals_path"]))
        elif f.kind == it.DAMAGED:
            fs.rm(f.path)  # this job's chunk, damaged or edited inside: redo it
    for tmp in fs.glob(join(root, ".*.tmp")):
        fs.rm(tmp)
    damaged = {f.path for f in found if f.kind == it.DAMAGED}
    return {chunk_index(p) for p in files if p not in damaged}


def write_chunk(out: str | Path, chunk: int, table: pa.Table, params: dict) -> str:
    """Write one chunk atomically; return its content hash.

    The table's schema metadata gets the parameters under ``thousand`` plus
    the chunk index and its content hash (so :func:`finalize` reads only the
    footers).  Mask columns (uint32) are written without dictionary encoding.
    """
    fs, root = fs_of(out)
    kind = params["kind"]
    digest = content_hash(table)
    meta = dict(
        params,
        schema_version=SCHEMA_VERSIONS[kind],
        package_version=__version__,
        chunk=chunk,
        content_hash=digest,
    )
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta, sort_keys=True)})
    use_dict = [f.name for f in table.schema if f.type != pa.uint32()]
    _files.atomic_write(
        fs,
        chunk_path(root, chunk),
        lambda fh: pq.write_table(table, fh, compression="zstd", use_dictionary=use_dict or False),
    )
    return digest


def finalize(out: str | Path, schema: pa.Schema, extra: dict | None = None) -> dict:
    """Write ``_common_metadata`` and ``_manifest.json`` once every chunk exists.

    Returns
    -------
    dict
        The manifest: parameters, rows and content hash per chunk, total rows,
        and a hash over the chunk hashes (equal for equal content).

    Raises
    ------
    DatasetError
        If a chunk file is missing.
    """
    fs, root = fs_of(out)
    params = read_params(out)
    hashes, rows = [], []
    for c in range(params["n_chunks"]):
        p = chunk_path(root, c)
        if not fs.exists(p):
            raise DatasetError(f"{out}: chunk {c} is missing; rerun the command to finish it", path=p)
        footer = pq.read_metadata(p, filesystem=arrow_fs(fs))
        digest = footer_meta(footer).get("content_hash")
        if digest is None:  # a chunk written before hashes were stored: read it whole
            digest = content_hash(pq.read_table(p, filesystem=arrow_fs(fs)))
        hashes.append(digest)
        rows.append(footer.num_rows)
    manifest = dict(
        params=params,
        chunk_rows=rows,
        chunk_hashes=hashes,
        rows=int(sum(rows)),
        content_hash=hashlib.sha256("".join(hashes).encode()).hexdigest()[:16],
        **(extra or {}),
    )
    text = json.dumps(manifest, indent=1, sort_keys=True).encode()
    mfile, cfile = join(root, MANIFEST_FILE), join(root, "_common_metadata")
    if fs.exists(cfile) and fs.exists(mfile) and fs.cat_file(mfile) == text:
        return manifest  # finished before: nothing to write (a read-only copy reruns too)
    meta_schema = schema.with_metadata({META_KEY: json.dumps(params, sort_keys=True)})
    try:
        _files.atomic_write(fs, cfile, lambda fh: pq.write_metadata(meta_schema, fh))
        _files.atomic_write_bytes(fs, mfile, text)
    except OSError as exc:
        raise DatasetError(f"cannot write the manifest of {out}: {exc.strerror or exc}", path=out) from None
    return manifest


def read_params(path: str | Path) -> dict:
    """The generating parameters of a dataset folder.

    Raises
    ------
    DatasetError
        If the folder is missing or not a dataset of this toolkit.
    DamagedDataset
        A DatasetError: its ``_params.json`` cannot be read.
    """
    if not str(path).strip():
        raise DatasetError("the dataset folder's name is empty", path=path)
    fs, root = fs_of(path)
    pfile = join(root, PARAMS_FILE)
    if not fs.isdir(root):
        raise DatasetError(f"no dataset folder at {path}", path=path)
    if not fs.exists(pfile):
        raise DatasetError(f"{path} is not a thousand dataset (no {PARAMS_FILE})", path=path)
    try:
        params = json.loads(fs.cat_file(pfile).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DamagedDataset(
            f"{pfile} is damaged ({exc}); every chunk file holds the "
            "parameters too: rerun the command that made the dataset into a "
            "new folder, or restore the file",
            path=pfile,
        ) from None
    if not isinstance(params, dict) or "kind" not in params:
        raise DamagedDataset(f"{pfile} is damaged (not the parameters of a thousand dataset)", path=pfile)
    return params


def describe(path: str | Path) -> dict[str, Any]:
    """Parameters plus, when finished, the manifest of a dataset folder."""
    fs, root = fs_of(path)
    info = {"params": read_params(path)}
    m = join(root, MANIFEST_FILE)
    if fs.exists(m):
        info["manifest"] = json.loads(fs.cat_file(m).decode("utf-8"))
    return info
