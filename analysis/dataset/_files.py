"""Where a dataset's files are and how they are written: names, filesystems,
atomic writes, the metadata key and the content hash.

Local folders and fsspec URLs alike; every file is written to a temporary
name and renamed when complete, so an interrupted run leaves only whole
files.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import fsspec
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.fs as pafs
from fsspec.implementations.local import LocalFileSystem

from ..atomic import replace_file

__all__ = [
    "SCHEMA_VERSIONS",
    "readable_version",
    "META_KEY",
    "PARAMS_FILE",
    "MANIFEST_FILE",
    "chunk_path",
    "content_hash",
    "absolute",
]

#: Schema version per dataset kind; bump when columns change meaning or type.
SCHEMA_VERSIONS = {"deals": 1, "solutions": 1, "games": 2, "sd": 2}
#: Older schema versions still read, per kind: their rows lack the columns
#: added since (sd 1: no per-world defenders' points and tricks; games 1:
#: three players only, the same columns as a three-player games 2).
OLDER_VERSIONS = {"sd": (1,), "games": (1,)}


def readable_version(kind, version) -> bool:
    """Whether a dataset or chunk of ``kind`` at schema ``version`` is read."""
    return version == SCHEMA_VERSIONS.get(kind) or version in OLDER_VERSIONS.get(kind, ())


#: The schema-metadata key under which every file records its parameters.
META_KEY = b"thousand"
PARAMS_FILE = "_params.json"
MANIFEST_FILE = "_manifest.json"
#: Parameters that may differ between a run and its resumption.
VOLATILE = {"package_version", "workers", "backend", "created_by"}


def fs_of(path) -> tuple[fsspec.AbstractFileSystem, str]:
    """The fsspec filesystem and the path inside it, for a local path or a URL."""
    return fsspec.core.url_to_fs(str(path))


def arrow_fs(fs):
    """pyarrow's own filesystem for local paths; fsspec wrapped for URLs.

    Arrow's scanner threads over a Python-implemented filesystem can outlive
    the interpreter and abort it at exit (apache/arrow#34314), so local
    folders — the common case — never go through the wrapper.
    """
    if isinstance(fs, LocalFileSystem):
        return pafs.LocalFileSystem()
    return pafs.PyFileSystem(pafs.FSSpecHandler(fs))


def join(root: str, name: str) -> str:
    """``root/name`` for a local path or a URL path."""
    return root.rstrip("/") + "/" + name


def basename(path: str) -> str:
    """The last component of a local path or a URL path."""
    return str(path).rstrip("/").rsplit("/", 1)[-1]


def atomic_write(fs, path: str, write) -> None:
    """Write through ``write(file)``, an open binary file on ``fs``, atomically
    (:func:`analysis.atomic.replace_file`)."""

    def through_handle(tmp: str) -> None:
        with fs.open(tmp, "wb") as fh:
            write(fh)

    replace_file(path, through_handle, fs=fs)


def atomic_write_bytes(fs, path: str, data: bytes) -> None:
    """:func:`atomic_write` of ``data``."""
    atomic_write(fs, path, lambda fh: fh.write(data))


def write_json(fs, path: str, data: dict) -> None:
    """Write ``data`` as indented JSON with sorted keys, atomically."""
    atomic_write_bytes(fs, path, json.dumps(data, indent=1, sort_keys=True).encode())


def chunk_path(out: str | Path, chunk: int) -> str:
    """Path (or URL path) of chunk ``chunk``'s file inside dataset folder ``out``."""
    return join(str(out), f"part-{chunk:06d}.parquet")


def chunk_files(fs, root: str) -> list[str]:
    """The chunk files of a dataset folder, in chunk order."""
    return sorted(fs.glob(join(root, "part-*.parquet")))


def chunk_index(path: str) -> int:
    """The chunk index a chunk file's name gives (``part-000007.parquet``: 7)."""
    return int(basename(path)[5:11])


def footer_meta(footer) -> dict:
    """The parameters a Parquet footer (or schema) records under :data:`META_KEY`."""
    return json.loads((footer.metadata or {}).get(META_KEY, b"{}"))


def content_hash(table: pa.Table) -> str:
    """SHA-256 (16 hex digits) of a table's column names, types and values.

    Independent of the Parquet encoding, file names and metadata, so two
    runs that produced the same rows compare equal.
    """
    h = hashlib.sha256()
    for name, col in zip(table.column_names, table.columns, strict=True):
        h.update(name.encode())
        # a list's item field is named "item" in memory, "element" once read
        # from Parquet: hash the item type alone
        kind = f"list<{col.type.value_type}>" if pa.types.is_list(col.type) else str(col.type)
        h.update(kind.encode())
        arr = col.combine_chunks() if col.num_chunks != 1 else col.chunk(0)
        if pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
            h.update("\x00".join(arr.to_pylist()).encode())
        elif pa.types.is_list(arr.type):
            # the lengths, then the values: the bytes of the cells, not the
            # addresses of the numpy arrays an object column would hold
            h.update(np.ascontiguousarray(pc.list_value_length(arr).to_numpy(), dtype=np.int64).tobytes())
            h.update(np.ascontiguousarray(arr.flatten().to_numpy(zero_copy_only=False)).tobytes())
        else:
            h.update(np.ascontiguousarray(arr.to_numpy(zero_copy_only=False)).tobytes())
    return h.hexdigest()[:16]


def absolute(path: str | Path) -> str:
    """An absolute local path, or the URL unchanged (recorded in parameters)."""
    s = str(path)
    return s if "://" in s else str(Path(s).resolve())
