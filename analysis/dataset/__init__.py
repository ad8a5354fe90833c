"""Chunked Parquet datasets: ``deals``, ``solutions``, ``sd``, ``games`` (DESIGN.md, contract 4).

A dataset is a folder of ``part-NNNNNN.parquet`` files (zstd), one per
chunk, readable by ``pyarrow.dataset`` and ``pandas.read_parquet``.  The
generating parameters (package version, schema version, kind, seed, rules
profile and fields, chunk size, ...) are stored as JSON under the key
``thousand`` of every file's schema metadata, in ``_params.json`` (written
first, so a resumed run can check it is the same job) and, once all chunks
exist, in ``_common_metadata`` and ``_manifest.json`` (rows and a content
hash per chunk).

Every file is written to a temporary name and renamed when complete, so an
interrupted run leaves only whole chunks; rerunning the same command skips
them and redoes the rest.  Column names, dtypes and units: ``docs/DATA.md``.

Modules: :mod:`._files` (names, filesystems, atomic writes, the content
hash), :mod:`.storage` (prepare a folder, write, finalise, read the
parameters), :mod:`.integrity` (one inspection of a folder, typed
findings), :mod:`.read` (tables and frames), :mod:`.join` (deals with
their solutions or single-dummy rows) and :mod:`.schema` (the columns and
Arrow types of every kind).  Everything public is importable from here.
"""

from __future__ import annotations

from ..errors import DatasetError
from ._files import MANIFEST_FILE, PARAMS_FILE, absolute, chunk_path, content_hash
from .integrity import FOREIGN_FILE, check_outside_datasets, enclosing_dataset, inspect

# the message helpers under the names the tests of the former module use
from .integrity import differences as _differences  # noqa: F401
from .integrity import list_differences as _list_differences  # noqa: F401
from .join import deals_identity, load, load_sd, redeals_under, solved_deals
from .read import open_dataset, read_frame, read_table
from .schema import (
    GAME_COLUMNS,
    SD_COLUMNS,
    SD_WORLD_COLUMNS,
    SOLUTION_COLUMNS,
    deals_schema,
    game_columns,
    games_schema,
    sd_schema,
    solutions_schema,
)
from .storage import describe, finalize, open_output, read_params, write_chunk

__all__ = [
    "PARAMS_FILE",
    "MANIFEST_FILE",
    "DatasetError",
    "open_output",
    "chunk_path",
    "write_chunk",
    "finalize",
    "read_params",
    "read_table",
    "read_frame",
    "content_hash",
    "load",
    "load_sd",
    "redeals_under",
    "open_dataset",
    "describe",
    "deals_identity",
    "solved_deals",
    "absolute",
    "enclosing_dataset",
    "check_outside_datasets",
    "inspect",
    "FOREIGN_FILE",
    "SOLUTION_COLUMNS",
    "SD_COLUMNS",
    "SD_WORLD_COLUMNS",
    "GAME_COLUMNS",
    "game_columns",
    "deals_schema",
    "solutions_schema",
    "sd_schema",
    "games_schema",
]
