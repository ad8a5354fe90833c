"""Chunked Parquet datasets: ``deals``, ``solutions``, ``games`` (DESIGN.md, contract 4).

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
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import uuid
from pathlib import Path
from typing import Any

import fsspec
import pyarrow.fs as pafs
from fsspec.implementations.local import LocalFileSystem
import numpy as np
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq

from . import __version__
from .errors import DamagedDataset, DatasetError

__all__ = [
    "SCHEMA_VERSIONS", "META_KEY", "DatasetError", "open_output", "chunk_path",
    "write_chunk", "finalize", "read_params", "read_table", "read_frame",
    "content_hash", "load", "open_dataset", "describe", "deals_identity", "solved_deals",
]

#: Schema version per dataset kind; bump when columns change meaning or type.
SCHEMA_VERSIONS = {"deals": 1, "solutions": 1, "games": 1}
META_KEY = b"thousand"
PARAMS_FILE = "_params.json"
MANIFEST_FILE = "_manifest.json"
# Parameters that may differ between a run and its resumption.
_VOLATILE = {"package_version", "workers", "backend", "created_by"}




def _fs(path) -> tuple["fsspec.AbstractFileSystem", str]:
    """The fsspec filesystem and the path inside it, for a local path or a URL."""
    return fsspec.core.url_to_fs(str(path))


def _arrow_fs(fs):
    """pyarrow's own filesystem for local paths; fsspec wrapped for URLs.

    Arrow's scanner threads over a Python-implemented filesystem can outlive
    the interpreter and abort it at exit (apache/arrow#34314), so local
    folders — the common case — never go through the wrapper.
    """
    if isinstance(fs, LocalFileSystem):
        return pafs.LocalFileSystem()
    return pafs.PyFileSystem(pafs.FSSpecHandler(fs))


def _join(root: str, name: str) -> str:
    return root.rstrip("/") + "/" + name


def _atomic_write(fs, path: str, write) -> None:
    """Write through ``write(file)`` to a temporary name, then rename to ``path``."""
    parent, _, name = path.rpartition("/")
    tmp = _join(parent, f".{name}.{uuid.uuid4().hex}.tmp")
    try:
        with fs.open(tmp, "wb") as fh:
            write(fh)
        fs.mv(tmp, path)
    except BaseException:
        if fs.exists(tmp):
            fs.rm(tmp)
        raise


def _atomic_write_bytes(fs, path: str, data: bytes) -> None:
    _atomic_write(fs, path, lambda fh: fh.write(data))


def chunk_path(out: str | Path, chunk: int) -> str:
    """Path (or URL path) of chunk ``chunk``'s file inside dataset folder ``out``."""
    return _join(str(out), f"part-{chunk:06d}.parquet")


def _chunk_files(fs, root: str) -> list[str]:
    return sorted(fs.glob(_join(root, "part-*.parquet")))


def _comparable(params: dict) -> dict:
    """The parameters that must match to resume; a solutions dataset's deals
    are identified by ``deals_hash``, so where their folder is now
    (``deals_path``) does not count (data moved or copied together)."""
    skip = _VOLATILE | ({"deals_path"} if params.get("deals_hash") else set())
    return {k: v for k, v in params.items() if k not in skip}


_CHUNK_NAME = re.compile(r"part-\d{6}\.parquet$")
#: Prefixes of the names pyarrow's dataset readers skip.
_SKIPPED = (".", "_")


def _foreign(fs, root: str) -> list[str]:
    """Names in a dataset folder that are not its own: a dataset folder holds
    only its chunks and files whose names start with "." or "_" (pyarrow's
    readers skip those); anything else would be read as part of it
    (``pandas.read_parquet`` on the folder fails)."""
    return sorted(n for n in (_basename(p) for p in fs.ls(root, detail=False))
                  if not n.startswith(_SKIPPED) and not _CHUNK_NAME.match(n))


_CHUNK_ONLY = {"chunk", "content_hash"}     # chunk metadata beyond the job's parameters


def _chunk_index(path: str) -> int:
    return int(_basename(path)[5:11])


def _not_of(path: str, meta: dict, params: dict) -> str | None:
    """Why chunk file ``path``, whose footer metadata is ``meta`` (the dict
    under :data:`META_KEY`), is not a chunk of the dataset with parameters
    ``params``; None when it is.

    A chunk belongs to its folder's job when its footer records the same
    job parameters (:func:`_comparable`) and its own index; a file copied in
    from another dataset, or two chunk files swapped, would otherwise be
    read, and hashed, as this dataset's rows.
    """
    name = _basename(path)
    index = _chunk_index(path)
    if index >= params["n_chunks"]:
        return f"{name} is beyond the dataset's {params['n_chunks']} chunks"
    if not meta:
        return f"{name} was not written by thousand (no {META_KEY.decode()!r} metadata)"
    if meta.get("chunk") != index:
        return f"{name} holds chunk {meta.get('chunk')} of its dataset, not chunk {index}"
    job = {k: v for k, v in meta.items() if k not in _CHUNK_ONLY}
    if _comparable(job) != _comparable(params):
        return (f"{name} belongs to a dataset made with other parameters "
                f"({_list_differences(job, params, labels=('in it', 'in the folder'))})")
    return None


def _footer_meta(footer) -> dict:
    return json.loads((footer.metadata or {}).get(META_KEY, b"{}"))


def check_outside_datasets(path: str | Path, what: str) -> None:
    """Refuse to write a file ``path`` that readers of a dataset folder would
    read as part of it: one inside a dataset folder, unless its name starts
    with "." or "_".

    Raises
    ------
    DatasetError
        A ValueError whose message starts with ``what``.
    """
    inside = enclosing_dataset(path)
    if inside is not None and not Path(path).name.startswith(_SKIPPED):
        raise DatasetError(f"{what}: inside the dataset folder {inside}, whose Parquet "
                           "readers would trip over it; save it next to the folder")


def _names(names: list[str]) -> str:
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    return f"{', '.join(map(repr, names[:3]))}{more}"


def enclosing_dataset(path: str | Path) -> str | None:
    """The dataset folder that ``path`` (a file or folder) lies inside, if any.

    Parquet readers given a dataset folder read every file below it, so
    nothing else may be written there.  Folders above ``path`` are checked
    (``path`` itself is not), by their real path, so that ``d/.``,
    ``x/../d`` and links are seen for what they are.

    Returns
    -------
    str or None
        The nearest folder above ``path`` holding ``_params.json``.
    """
    fs, root = _fs(path)
    up = os.path.realpath(root) if isinstance(fs, LocalFileSystem) else posixpath.normpath(root)
    while "/" in up.strip("/"):
        up = up.rsplit("/", 1)[0]
        if fs.exists(_join(up, PARAMS_FILE)):
            return up
    return None


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
        raise DatasetError("the output folder's name is empty")
    fs, root = _fs(out)
    kind = params["kind"]
    params = dict(params, schema_version=SCHEMA_VERSIONS[kind],
                  package_version=__version__)
    if fs.exists(root) and not fs.isdir(root):
        raise DatasetError(f"{out} exists and is not a folder")
    # nor inside another dataset: reading that one would read this one too
    up = enclosing_dataset(out)
    if up is not None:
        raise DatasetError(f"{out} is inside the dataset folder {up}; "
                           "choose a folder outside it")
    try:
        fs.makedirs(root, exist_ok=True)
    except OSError as exc:
        raise DatasetError(f"cannot create the output folder {out}: "
                           f"{exc.strerror or exc}") from None
    try:
        return _prepare_output(out, fs, root, kind, params)
    except OSError as exc:
        raise DatasetError(f"cannot write in the output folder {out}: "
                           f"{exc.strerror or exc}") from None


def _prepare_output(out, fs, root: str, kind: str, params: dict) -> set[int]:
    """:func:`open_output` once the folder exists (its OSErrors are named there)."""
    pfile = _join(root, PARAMS_FILE)
    files = _chunk_files(fs, root)
    if fs.exists(pfile) and files:
        old = read_params(out)
        if old.get("kind") != kind:
            raise DatasetError(f"{out} holds a {old.get('kind')} dataset, not {kind}; "
                               "choose another output folder")
        if _comparable(old) != _comparable(params):
            raise DatasetError(
                f"{out} holds a {old.get('kind')} dataset made with other parameters "
                f"({_list_differences(old, params)}); "
                "choose another output folder or delete it")
        foreign = _foreign(fs, root)
        if foreign:
            raise DatasetError(f"{out} holds files that are not part of its dataset "
                               f"({_names(foreign)}); readers of the folder would read them "
                               "too: move them away and rerun")
        if "deals_path" in params and old.get("deals_path") != params["deals_path"]:
            # the same deals (same deals_hash) found elsewhere: record where
            # they are now, so that reading the solutions finds them
            _atomic_write_bytes(fs, pfile, json.dumps(dict(old, deals_path=params["deals_path"]),
                                                      indent=1, sort_keys=True).encode())
    else:
        # a new folder, or one whose earlier job stopped before any chunk was
        # written (nothing to keep): record this job's parameters
        if files:
            raise DatasetError(f"{out} holds Parquet files but no {PARAMS_FILE}; "
                               "choose an empty or new folder")
        foreign = _foreign(fs, root)
        if foreign:
            raise DatasetError(f"{out} is not empty and holds no dataset "
                               f"({_names(foreign)}); choose an empty or new folder")
        _atomic_write_bytes(fs, pfile, json.dumps(params, indent=1, sort_keys=True).encode())
    for tmp in fs.glob(_join(root, ".*.tmp")):
        fs.rm(tmp)
    done = set()
    for p in files:
        if not fs.isfile(p):
            raise DatasetError(f"{p} is not a file; move it away and rerun")
        try:
            footer = pq.read_metadata(p, filesystem=_arrow_fs(fs))
        except (OSError, pa.ArrowException):
            fs.rm(p)  # a damaged chunk of this job (it was renamed complete): redo it
            continue
        meta = _footer_meta(footer)
        why = _not_of(p, meta, params)
        if why is not None:
            raise DatasetError(f"{out}: {why}; it is not part of this dataset: move it "
                               "away and rerun (the command redoes missing chunks)")
        if not _intact(fs, p, meta):
            fs.rm(p)  # this job's chunk, damaged or edited inside: redo it
            continue
        done.add(_chunk_index(p))
    return done


def _intact(fs, path: str, meta: dict) -> bool:
    """Whether a chunk's rows still hash to the content hash its footer
    recorded when it was written (a chunk of an older version without one
    counts as intact).  A file whose footer survived but whose data pages
    were damaged, or whose values were edited, is not."""
    want = meta.get("content_hash")
    if want is None:
        return True
    try:
        return content_hash(pq.read_table(path, filesystem=_arrow_fs(fs))) == want
    except (OSError, pa.ArrowException):
        return False


def _basename(path: str) -> str:
    return str(path).rstrip("/").rsplit("/", 1)[-1]


def _show(a, b, labels=("there", "asked")) -> str:
    """``a there, b asked`` for a message (other ``labels`` may name the two
    sides): floats to 10 significant digits (0.55, not 0.5499999999999999)
    unless that would print them alike."""
    def short(x):
        return repr(float(f"{x:.10g}")) if isinstance(x, float) else repr(x)
    sa, sb = short(a), short(b)
    if sa == sb:
        sa, sb = repr(a), repr(b)
    return f"{sa} {labels[0]}, {sb} {labels[1]}"


def _differences(old: dict, new: dict, labels=("there", "asked")) -> list[str]:
    """``key: a there, b asked`` for each differing parameter, ``kind``
    first; rules field by field."""
    out = []
    for k in sorted(set(old) | set(new), key=lambda k: (k != "kind", k)):
        a, b = old.get(k), new.get(k)
        if k in _VOLATILE or a == b or (k == "deals_path" and old.get("deals_hash")
                                         and old.get("deals_hash") == new.get("deals_hash")):
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            out += [f"{k}.{f}: {_show(a.get(f), b.get(f), labels)}"
                    for f in sorted(set(a) | set(b)) if a.get(f) != b.get(f)]
        else:
            out.append(f"{k}: {_show(a, b, labels)}")
    return out


def _list_differences(old: dict, new: dict, most: int = 6,
                      labels=("there", "asked")) -> str:
    d = _differences(old, new, labels)
    more = f"; and {len(d) - most} more" if len(d) > most else ""
    return "; ".join(d[:most]) + more


def write_chunk(out: str | Path, chunk: int, table: pa.Table, params: dict) -> str:
    """Write one chunk atomically; return its content hash.

    The table's schema metadata gets the parameters under ``thousand`` plus
    the chunk index and its content hash (so :func:`finalize` reads only the
    footers).  Mask columns (uint32) are written without dictionary encoding.
    """
    fs, root = _fs(out)
    kind = params["kind"]
    digest = content_hash(table)
    meta = dict(params, schema_version=SCHEMA_VERSIONS[kind],
                package_version=__version__, chunk=chunk, content_hash=digest)
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta, sort_keys=True)})
    use_dict = [f.name for f in table.schema if f.type != pa.uint32()]
    _atomic_write(fs, chunk_path(root, chunk), lambda fh: pq.write_table(
        table, fh, compression="zstd", use_dictionary=use_dict or False))
    return digest


def content_hash(table: pa.Table) -> str:
    """SHA-256 (16 hex digits) of a table's column names, types and values.

    Independent of the Parquet encoding, file names and metadata, so two
    runs that produced the same rows compare equal.
    """
    h = hashlib.sha256()
    for name, col in zip(table.column_names, table.columns):
        h.update(name.encode())
        h.update(str(col.type).encode())
        arr = col.combine_chunks() if col.num_chunks != 1 else col.chunk(0)
        if pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
            h.update("\x00".join(arr.to_pylist()).encode())
        else:
            h.update(np.ascontiguousarray(arr.to_numpy(zero_copy_only=False)).tobytes())
    return h.hexdigest()[:16]


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
    fs, root = _fs(out)
    params = read_params(out)
    hashes, rows = [], []
    for c in range(params["n_chunks"]):
        p = chunk_path(root, c)
        if not fs.exists(p):
            raise DatasetError(f"{out}: chunk {c} is missing; rerun the command to finish it")
        footer = pq.read_metadata(p, filesystem=_arrow_fs(fs))
        digest = _footer_meta(footer).get("content_hash")
        if digest is None:  # a chunk written before hashes were stored: read it whole
            digest = content_hash(pq.read_table(p, filesystem=_arrow_fs(fs)))
        hashes.append(digest)
        rows.append(footer.num_rows)
    manifest = dict(params=params, chunk_rows=rows, chunk_hashes=hashes,
                    rows=int(sum(rows)),
                    content_hash=hashlib.sha256("".join(hashes).encode()).hexdigest()[:16],
                    **(extra or {}))
    text = json.dumps(manifest, indent=1, sort_keys=True).encode()
    mfile, cfile = _join(root, MANIFEST_FILE), _join(root, "_common_metadata")
    if fs.exists(cfile) and fs.exists(mfile) and fs.cat_file(mfile) == text:
        return manifest     # finished before: nothing to write (a read-only copy reruns too)
    meta_schema = schema.with_metadata({META_KEY: json.dumps(params, sort_keys=True)})
    try:
        _atomic_write(fs, cfile, lambda fh: pq.write_metadata(meta_schema, fh))
        _atomic_write_bytes(fs, mfile, text)
    except OSError as exc:
        raise DatasetError(f"cannot write the manifest of {out}: "
                           f"{exc.strerror or exc}") from None
    return manifest


def read_params(path: str | Path) -> dict:
    """The generating parameters of a dataset folder.

    Raises
    ------
    DatasetError
        If the folder is missing or not a dataset of this toolkit.
    """
    if not str(path).strip():
        raise DatasetError("the dataset folder's name is empty")
    fs, root = _fs(path)
    pfile = _join(root, PARAMS_FILE)
    if not fs.isdir(root):
        raise DatasetError(f"no dataset folder at {path}")
    if not fs.exists(pfile):
        raise DatasetError(f"{path} is not a thousand dataset (no {PARAMS_FILE})")
    try:
        params = json.loads(fs.cat_file(pfile).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DamagedDataset(f"{pfile} is damaged ({exc}); every chunk file holds the "
                             "parameters too: rerun the command that made the dataset into a "
                             "new folder, or restore the file", path=pfile) from None
    if not isinstance(params, dict) or "kind" not in params:
        raise DamagedDataset(f"{pfile} is damaged (not the parameters of a thousand dataset)",
                             path=pfile)
    return params


def _check_version(path, params: dict, kind: str | None) -> None:
    if kind is not None and params.get("kind") != kind:
        raise DatasetError(f"{path} is a {params.get('kind')} dataset, not {kind}")
    want = SCHEMA_VERSIONS.get(params.get("kind"))
    if params.get("schema_version") != want:
        raise DatasetError(
            f"{path} was written with {params.get('kind')} schema version "
            f"{params.get('schema_version')}; this version of thousand-analysis "
            f"({__version__}) reads version {want}. Regenerate it with this version.")


def read_table(path: str | Path, kind: str | None = None, *,
               require_complete: bool = True, columns: list[str] | None = None) -> pa.Table:
    """Read a dataset folder into one Arrow table, rows in chunk order.

    Raises
    ------
    DatasetError
        On another kind or schema version (checked in ``_params.json`` and
        in every file's metadata), or, with ``require_complete``, if chunks
        are missing.
    """
    fs, root = _fs(path)
    params = read_params(path)
    _check_version(path, params, kind)
    files = _chunk_files(fs, root)
    beyond = [p for p in files if _chunk_index(p) >= params["n_chunks"]]
    if beyond:
        raise DatasetError(f"{path}: {_not_of(beyond[0], {}, params)}; move it away")
    if require_complete and len(files) != params["n_chunks"]:
        raise DatasetError(f"{path} is incomplete: {len(files)} of {params['n_chunks']} "
                           "chunks; rerun the command that made it to finish")
    if not files:
        raise DatasetError(f"{path} holds no chunks")
    ds = _dataset(path, fs, files)
    try:
        for frag in ds.get_fragments():
            meta = json.loads((frag.physical_schema.metadata or {}).get(META_KEY, b"{}"))
            if meta:  # another schema version is named as such
                _check_version(frag.path, meta, kind)
            why = _not_of(frag.path, meta, params)
            if why is not None:
                raise DatasetError(f"{path}: {why}; move it away and rerun the command "
                                   "that made the dataset, which redoes missing chunks")
        return ds.to_table(columns=columns)
    except (OSError, pa.ArrowException) as exc:
        raise _damaged(path, exc, _unreadable(ds, columns)) from None


def _unreadable(ds, columns) -> str | None:
    """The first fragment of ``ds`` whose rows cannot be read, if one is."""
    for frag in ds.get_fragments():
        try:
            frag.to_table(columns=columns)
        except (OSError, pa.ArrowException):
            return frag.path
    return None


def _damaged(path, exc, file: str | None = None) -> DamagedDataset:
    which = f"{_basename(file)} " if file else ""
    why = " ".join(str(exc).split())        # Arrow's messages span lines
    return DamagedDataset(f"{path}: chunk file {which}cannot be read ({why}); rerun the "
                          "command that made the dataset: it redoes damaged chunks",
                          path=file or path)


def _dataset(path, fs, files) -> pads.Dataset:
    try:
        return pads.dataset(files, format="parquet", filesystem=_arrow_fs(fs))
    except (OSError, pa.ArrowException) as exc:
        raise _damaged(path, exc) from None


def open_dataset(path: str | Path, kind: str | None = None) -> pads.Dataset:
    """A ``pyarrow.dataset.Dataset`` over a dataset folder's chunks (for filtered reads).

    Raises
    ------
    DatasetError
        On another kind or schema version, or a folder without chunks.
    """
    fs, root = _fs(path)
    _check_version(path, read_params(path), kind)
    files = _chunk_files(fs, root)
    if not files:
        raise DatasetError(f"{path} holds no chunks")
    return _dataset(path, fs, files)


def read_frame(path: str | Path, kind: str | None = None, **kw):
    """Like :func:`read_table`, as a pandas DataFrame."""
    return read_table(path, kind, **kw).to_pandas()


def load(path: str | Path, solutions: str | Path | None = None):
    """Read deals joined with their solutions, as a pandas DataFrame.

    Parameters
    ----------
    path : path
        A ``deals`` dataset, a ``solutions`` dataset (whose parameters
        name the deals it solved), or a ``games`` dataset (returned alone).
    solutions : path, optional
        With a deals ``path``: the solutions dataset to join.  Without it a
        deals dataset is returned alone.

    Returns
    -------
    pandas.DataFrame
        One row per deal (deals alone), or per (deal, seat) with the deal's
        columns beside the solution's.  With solutions, ``attrs["solutions"]``
        records where they come from: ``path``, ``rules`` (the profile's
        name), ``solver_fingerprint`` and ``solver_version`` (fitting a
        :class:`analysis.odds.BidModel` on the frame records them).  When
        the solutions were made under other rules than the deals, the
        redeal columns (``redeal_forced`` and the rest) are recomputed under
        the solutions' rules, which decide how those deals are played, and
        ``attrs["solutions"]["redeal_columns"]`` says so.

    Raises
    ------
    DatasetError
        On a wrong kind, another schema version, or solutions of other deals.
    """
    params = read_params(path)
    if params.get("kind") != "deals" and solutions is not None:
        raise DatasetError(f"{path} holds a {params.get('kind')} dataset; solutions are joined "
                           "to a deals dataset: load(DEALS, SOLUTIONS), or load(SOLUTIONS) "
                           "alone")
    if params.get("kind") == "games":
        return read_frame(path, "games")
    if params.get("kind") == "solutions":
        # solved_deals checks that the deals it finds are the ones solved
        sp = params
        solutions, path = path, solved_deals(path, params)
    elif solutions is not None:
        sp = read_params(solutions)
        if sp.get("deals_hash") not in (None, _deals_identity(params)):
            raise DatasetError(f"{solutions} solves other deals than {path}: "
                               f"{_other_deals(path, params)}")
    deals = read_frame(path, "deals")
    if solutions is None:
        return deals
    sol = read_frame(solutions, "solutions")
    frame = sol.merge(deals, on="deal_id", how="left", validate="many_to_one")
    frame.attrs["solutions"] = {"path": str(solutions), "rules": sp.get("rules_name"),
                                "solver_fingerprint": sp.get("solver_fingerprint"),
                                "solver_version": sp.get("solver_version")}
    dealt = read_params(path).get("rules")
    if sp.get("rules") is not None and dealt is not None and sp["rules"] != dealt:
        _redeals_under(frame, sp["rules"])
        frame.attrs["solutions"]["redeal_columns"] = (
            f"recomputed under {sp.get('rules_name')}, the solutions' rules "
            f"(the deals were made under {dealt.get('name')})")
    return frame


def _redeals_under(frame, rules_fields: dict) -> None:
    """Replace a joined frame's redeal columns by those of the solutions' rules.

    The deals dataset's redeal columns follow the rules it was dealt under;
    solutions made under other rules say how those deals play under *their*
    rules, which also decide which deals are redealt before play (RULES.md,
    "Redeals").  Readers that leave redealt deals out (``redeal_forced``)
    would otherwise drop the wrong ones.
    """
    from .redeal import FLAG_COLUMNS, redeal_flags
    from .rules import Rules
    hands = frame[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)
    flags = redeal_flags(hands, Rules.from_dict(rules_fields))
    for name, dtype in FLAG_COLUMNS.items():
        if name in frame.columns:
            frame[name] = np.asarray(flags[name]).astype(dtype)


def solved_deals(solutions: str | Path, params: dict | None = None) -> str:
    """Where the deals solved by a solutions dataset are now.

    A solutions dataset records the absolute path of its deals
    (``deals_path`` in its parameters) and their identity (``deals_hash``).
    When the two folders were moved or copied together, that path is stale:
    a deals folder of the same name beside the solutions folder, holding
    the same deals, is taken instead.

    Parameters
    ----------
    solutions : path
        A ``solutions`` dataset folder.
    params : dict, optional
        Its parameters, when already read.

    Returns
    -------
    str
        The deals folder: the recorded path, or its namesake beside
        ``solutions``.

    Raises
    ------
    DatasetError
        If neither holds the deals the solutions were made from; the
        message names both places and how to pass the deals explicitly.
    """
    params = read_params(solutions) if params is None else params
    recorded = str(params["deals_path"])
    places = [recorded]
    if "://" not in recorded and "://" not in str(solutions):
        beside = str(Path(absolute(solutions)).parent / Path(recorded).name)
        if beside != recorded:
            places.append(beside)
    seen = []
    for place in places:
        try:
            dp = read_params(place)
        except DatasetError:
            seen.append(f"{place} is missing")
            continue
        if dp.get("kind") == "deals" and params.get("deals_hash") in (None, _deals_identity(dp)):
            return place
        seen.append(f"{place} holds other deals than those solved: {_other_deals(place, dp)}")
    raise DatasetError(
        f"{solutions} was solved from the deals at {recorded} (deals_path in its "
        f"{PARAMS_FILE}): {'; '.join(seen)}. Put the deals folder, under its name "
        f"{Path(recorded).name!r}, beside the solutions folder; or rerun "
        "`thousand solve --deals DEALS --out SOLUTIONS` with its other options as before, "
        "which records where the deals are now; or join them yourself: "
        "analysis.dataset.load(DEALS, SOLUTIONS)")


def _other_deals(path, params: dict) -> str:
    """Why a deals folder is not the one a solutions dataset solved: deals
    are told apart by the parameters that made them (:func:`_deals_identity`),
    not row by row, so a folder dealt with the same seed but another size
    or chunk size counts as other deals even where its first rows agree."""
    if params.get("kind") != "deals":
        return f"it is a {params.get('kind')} dataset"
    return (f"it was dealt with seed {params.get('seed')}, n {params.get('n')}, chunk size "
            f"{params.get('chunk_size')}, and solutions belong to the deals dataset made "
            "with the parameters they were solved from")


def _deals_identity(params: dict) -> str:
    keep = {k: params.get(k) for k in ("seed", "n", "chunk_size", "kind")}
    return hashlib.sha256(json.dumps(keep, sort_keys=True).encode()).hexdigest()[:16]


def deals_identity(path: str | Path) -> str:
    """Short hash that identifies which deals a deals dataset holds."""
    return _deals_identity(read_params(path))


def describe(path: str | Path) -> dict[str, Any]:
    """Parameters plus, when finished, the manifest of a dataset folder."""
    fs, root = _fs(path)
    info = {"params": read_params(path)}
    m = _join(root, MANIFEST_FILE)
    if fs.exists(m):
        info["manifest"] = json.loads(fs.cat_file(m).decode("utf-8"))
    return info


def absolute(path: str | Path) -> str:
    """An absolute local path, or the URL unchanged (recorded in parameters)."""
    s = str(path)
    return s if "://" in s else str(Path(s).resolve())
