"""What is in a dataset folder: one inspection, typed findings.

A dataset folder holds its parameters (``_params.json``), its chunks
(``part-NNNNNN.parquet``), and files whose names start with "." or "_"
(which pyarrow's readers skip).  :func:`inspect` looks at every name in a
folder once and reports, as :class:`Finding` values, whatever is not the
dataset's own: a foreign file, a chunk beyond the dataset, a chunk of
another dataset or of another origin, a chunk made with other parameters,
a damaged chunk, and, for solutions, deals found at another place.  Writers
and readers then decide what each finding means for them (refuse, redo the
chunk, record the new place).
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq
from fsspec.implementations.local import LocalFileSystem

from ..errors import DatasetError
from ..version import __version__
from ._files import (
    META_KEY,
    PARAMS_FILE,
    SCHEMA_VERSIONS,
    VOLATILE,
    arrow_fs,
    basename,
    chunk_files,
    chunk_index,
    content_hash,
    footer_meta,
    fs_of,
    join,
    readable_version,
)

__all__ = [
    "inspect",
    "FOREIGN_FILE",
    "NOT_A_FILE",
    "BEYOND",
    "FOREIGN_CHUNK",
    "OTHER_SCHEMA",
    "OTHER_PARAMETERS",
    "DAMAGED",
    "MOVED_DEALS",
    "enclosing_dataset",
    "check_outside_datasets",
    "comparable",
    "list_differences",
]

#: A name that is neither a chunk nor skipped by readers ("." or "_" first).
FOREIGN_FILE = "foreign file"
#: A chunk's name on something that is not a file (a folder).
NOT_A_FILE = "not a file"
#: A chunk file whose index is not below the dataset's chunk count.
BEYOND = "beyond the dataset"
#: A chunk file not written by thousand, or holding another chunk's rows.
FOREIGN_CHUNK = "foreign chunk"
#: A chunk file of another schema version.
OTHER_SCHEMA = "other schema version"
#: A chunk file written by a job with other parameters.
OTHER_PARAMETERS = "other parameters"
#: A chunk file that cannot be read, or whose rows no longer hash to its record.
DAMAGED = "damaged"
#: The deals a solutions dataset solved, asked for at another place than recorded.
MOVED_DEALS = "moved deals"


class Finding(NamedTuple):
    """One thing in a dataset folder that is not as the dataset recorded.

    Attributes
    ----------
    kind : str
        One of the module's constants (``FOREIGN_FILE``, ``DAMAGED``, ...).
    path : str
        The file concerned (the parameters file for ``MOVED_DEALS``).
    why : str
        What is wrong, worded for a message (names the file).
    """

    kind: str
    path: str
    why: str


_CHUNK_NAME = re.compile(r"part-\d{6}\.parquet$")
#: Prefixes of the names pyarrow's dataset readers skip.
SKIPPED = (".", "_")
_CHUNK_ONLY = {"chunk", "content_hash"}  # chunk metadata beyond the job's parameters


#: What names rules rather than identifies them: a dataset's ``rules_name``
#: and, inside its ``rules``, the label, the profile they start from and the
#: ``name`` that datasets made before labels recorded there.
_RULES_NAMING = ("name", "label", "base")


def comparable(params: dict) -> dict:
    """The parameters that must match to resume.

    Rules are compared by their conventions (what their fingerprint hashes),
    not by their names.  A solutions dataset's deals are identified by
    ``deals_hash``, so where their folder is now (``deals_path``) does not
    count (data moved or copied together).
    """
    skip = VOLATILE | {"rules_name"} | ({"deals_path"} if params.get("deals_hash") else set())
    out = {k: v for k, v in params.items() if k not in skip}
    if isinstance(out.get("rules"), dict):
        out["rules"] = {k: v for k, v in out["rules"].items() if k not in _RULES_NAMING}
    return out


def foreign_names(fs, root: str) -> list[str]:
    """Names in a dataset folder that are not its own: a dataset folder holds
    only its chunks and files whose names start with "." or "_" (pyarrow's
    readers skip those); anything else would be read as part of it
    (``pandas.read_parquet`` on the folder fails)."""
    return sorted(
        n
        for n in (basename(p) for p in fs.ls(root, detail=False))
        if not n.startswith(SKIPPED) and not _CHUNK_NAME.match(n)
    )


def inspect(
    path, params: dict, *, asked: dict | None = None, rehash: bool = False, footers: dict | None = None
) -> list[Finding]:
    """Inspect a dataset folder once against its recorded parameters.

    Parameters
    ----------
    path : path or fsspec URL
        The dataset folder.
    params : dict
        Its recorded parameters (``_params.json``): ``kind``, ``n_chunks``
        and the job's parameters.
    asked : dict, optional
        The parameters a job asks for: a ``deals_path`` other than the
        recorded one is reported as ``MOVED_DEALS``.
    rehash : bool
        Re-hash each chunk's rows against the content hash its footer
        recorded (reads every chunk whole); without it, only the footers
        are read.
    footers : dict, optional
        Chunk path -> its footer's schema (or the exception reading it
        raised), when a reader has them already: they are not read again.

    Returns
    -------
    list of Finding
        Foreign files first, then chunk by chunk in chunk order (at most one
        finding per chunk file), then moved deals; empty for a sound folder.
    """
    fs, root = fs_of(path)
    found = [Finding(FOREIGN_FILE, join(root, n), n) for n in foreign_names(fs, root)]
    for p in chunk_files(fs, root):
        finding = _chunk_finding(fs, p, params, rehash, footers)
        if finding is not None:
            found.append(finding)
    if asked is not None and "deals_path" in asked and params.get("deals_path") != asked["deals_path"]:
        found.append(
            Finding(MOVED_DEALS, join(root, PARAMS_FILE), f"the deals are now at {asked['deals_path']}")
        )
    return found


def _chunk_finding(fs, p: str, params: dict, rehash: bool, footers: dict | None = None) -> Finding | None:
    """Why chunk file ``p`` is not a sound chunk of the dataset with
    parameters ``params``; None when it is.

    A chunk belongs to its folder's job when its footer records the same
    job parameters (:func:`comparable`) and its own index; a file copied in
    from another dataset, or two chunk files swapped, would otherwise be
    read, and hashed, as this dataset's rows.
    """
    name, index = basename(p), chunk_index(p)
    if index >= params["n_chunks"]:
        return Finding(BEYOND, p, f"{name} is beyond the dataset's {params['n_chunks']} chunks")
    if footers is None and not fs.isfile(p):
        return Finding(NOT_A_FILE, p, f"{p} is not a file")
    try:
        footer = footers.get(p) if footers is not None else None
        if isinstance(footer, Exception):
            raise footer
        if footer is None:
            footer = pq.read_metadata(p, filesystem=arrow_fs(fs))
        meta = footer_meta(footer)
    except (OSError, pa.ArrowException) as exc:
        return Finding(DAMAGED, p, f"{name} cannot be read ({' '.join(str(exc).split())})")
    if not meta:
        return Finding(
            FOREIGN_CHUNK, p, f"{name} was not written by thousand (no {META_KEY.decode()!r} metadata)"
        )
    if not readable_version(meta.get("kind"), meta.get("schema_version")):
        return Finding(OTHER_SCHEMA, p, version_mismatch(p, meta))
    if meta.get("chunk") != index:
        return Finding(
            FOREIGN_CHUNK, p, f"{name} holds chunk {meta.get('chunk')} of its dataset, not chunk {index}"
        )
    job = {k: v for k, v in meta.items() if k not in _CHUNK_ONLY}
    if comparable(job) != comparable(params):
        return Finding(
            OTHER_PARAMETERS,
            p,
            f"{name} belongs to a dataset made with other parameters "
            f"({list_differences(job, params, labels=('in it', 'in the folder'))})",
        )
    if rehash and not _intact(fs, p, meta):
        return Finding(
            DAMAGED,
            p,
            f"{name}'s rows do not hash to the content hash its footer recorded (damaged or edited)",
        )
    return None


def version_mismatch(path, params: dict) -> str:
    """The message for a dataset or chunk of another schema version."""
    want = SCHEMA_VERSIONS.get(params.get("kind"))
    return (
        f"{path} was written with {params.get('kind')} schema version "
        f"{params.get('schema_version')}; this version of thousand-analysis "
        f"({__version__}) reads version {want}. Regenerate it with this version."
    )


def _intact(fs, path: str, meta: dict) -> bool:
    """Whether a chunk's rows still hash to the content hash its footer
    recorded when it was written (a chunk of an older version without one
    counts as intact).  A file whose footer survived but whose data pages
    were damaged, or whose values were edited, is not."""
    want = meta.get("content_hash")
    if want is None:
        return True
    try:
        return content_hash(pq.read_table(path, filesystem=arrow_fs(fs))) == want
    except (OSError, pa.ArrowException):
        return False


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
    fs, root = fs_of(path)
    up = os.path.realpath(root) if isinstance(fs, LocalFileSystem) else posixpath.normpath(root)
    while "/" in up.strip("/"):
        up = up.rsplit("/", 1)[0]
        if fs.exists(join(up, PARAMS_FILE)):
            return up
    return None


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
    if inside is not None and not Path(path).name.startswith(SKIPPED):
        raise DatasetError(
            f"{what}: inside the dataset folder {inside}, whose Parquet "
            "readers would trip over it; save it next to the folder",
            path=path,
        )


def names(found: list[str]) -> str:
    """Up to three names quoted, then how many more."""
    more = f" and {len(found) - 3} more" if len(found) > 3 else ""
    return f"{', '.join(map(repr, found[:3]))}{more}"


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


def differences(old: dict, new: dict, labels=("there", "asked")) -> list[str]:
    """``key: a there, b asked`` for each differing parameter, ``kind``
    first; rules field by field."""
    out = []
    old, new = comparable(old) | _kept(old), comparable(new) | _kept(new)
    for k in sorted(set(old) | set(new), key=lambda k: (k != "kind", k)):
        a, b = old.get(k), new.get(k)
        if (
            k in VOLATILE
            or a == b
            or (
                k == "deals_path" and old.get("deals_hash") and old.get("deals_hash") == new.get("deals_hash")
            )
        ):
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            out += [
                f"{k}.{f}: {_show(a.get(f), b.get(f), labels)}"
                for f in sorted(set(a) | set(b))
                if a.get(f) != b.get(f)
            ]
        else:
            out.append(f"{k}: {_show(a, b, labels)}")
    return out


def _kept(params: dict) -> dict:
    """The parameters :func:`comparable` leaves out that a message still shows."""
    return {k: params[k] for k in ("deals_path",) if k in params}


def list_differences(old: dict, new: dict, most: int = 6, labels=("there", "asked")) -> str:
    """:func:`differences` joined, at most ``most`` of them."""
    d = differences(old, new, labels)
    more = f"; and {len(d) - most} more" if len(d) > most else ""
    return "; ".join(d[:most]) + more
