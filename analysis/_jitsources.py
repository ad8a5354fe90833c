"""The jitted sources of the package and their key (read by :mod:`analysis._jitcache`
and :mod:`analysis._jitnumba`).

:data:`JIT_SOURCES` names the files that define numba functions; every
callee and every global constant a jitted function reads lives in one of
them (``tests/package/test_jitcache.py`` checks).  :func:`sources_key` hashes their
names and bytes: the part of numba's cache stamp that makes an edit of any
jitted file invalidate every cached function of the package.  A leaf module:
no numba, nothing of the package imported.
"""

from __future__ import annotations

import fnmatch
import hashlib
from pathlib import Path

__all__ = ["PACKAGE_DIR", "is_jit_module", "jit_files", "sources_key"]

#: Root folder of the package.
PACKAGE_DIR = Path(__file__).resolve().parent

#: Glob patterns (relative to the package folder, ``/``-separated) of the
#: modules that define numba functions: the cache key covers these files.
JIT_SOURCES = ("deal_kernels.py", "redeal.py", "probabilities.py", "solver/_*.py", "solver/baseline.py")

# the same patterns as module names, matched without touching the disk
_MODULE_PATTERNS = tuple("analysis." + p[:-3].replace("/", ".") for p in JIT_SOURCES)

# (path, mtime_ns, size) -> sha256 of the file's bytes, for this process
_FILE_HASHES: dict[tuple[str, int, int], bytes] = {}


def is_jit_module(name: str) -> bool:
    """True when the module ``name`` (dotted) matches :data:`JIT_SOURCES`."""
    return any(fnmatch.fnmatchcase(name, p) for p in _MODULE_PATTERNS)


def jit_files(package_dir: Path | None = None) -> list[Path]:
    """The files :data:`JIT_SOURCES` names under ``package_dir`` (default:
    the installed package), sorted by relative path."""
    root = PACKAGE_DIR if package_dir is None else Path(package_dir)
    found = {f for pat in JIT_SOURCES for f in root.glob(pat) if f.is_file()}
    return sorted(found, key=lambda f: f.relative_to(root).as_posix())


def _file_hash(f: Path) -> bytes:
    st = f.stat()
    key = (str(f), st.st_mtime_ns, st.st_size)
    h = _FILE_HASHES.get(key)
    if h is None:
        h = hashlib.sha256(f.read_bytes()).digest()
        _FILE_HASHES[key] = h
    return h


def sources_key(package_dir: Path | None = None) -> str:
    """SHA-256 hex digest of the names and bytes of the jitted modules.

    Parameters
    ----------
    package_dir : Path, optional
        Root of the package (default: the installed ``analysis`` folder).

    Returns
    -------
    str
        64 hex digits; changes with the content, name, addition or removal
        of a file matching :data:`JIT_SOURCES`, and with nothing else.  A
        file whose modification time and size are unchanged since it was
        last hashed in this process is not read again.
    """
    root = PACKAGE_DIR if package_dir is None else Path(package_dir)
    h = hashlib.sha256()
    for f in jit_files(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(_file_hash(f))
    return h.hexdigest()
