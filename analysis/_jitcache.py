"""Keep numba's on-disk cache valid while the jitted sources are unchanged.

numba invalidates a cached function only when *its own* source file
changes: a cached caller keeps running an old compiled copy of a callee
edited in another file (``_drivers.exchange_best`` calling
``_kernel.search``, for instance).  That bites every editable install after
a ``git pull`` that touches only the callee's file.

The remedy here is a *cache key* over the sources of the jitted modules
only (:data:`JIT_SOURCES`: the files that define numba functions; every
callee and every global constant a jitted function reads lives in one of
them, which ``tests/test_jitcache.py`` checks).  The key joins numba's own
source stamp of each cached function of the package (see
:mod:`analysis._jitnumba`), so

- an edit of any jitted file makes every cached function of the package
  stale at once (compiled afresh on first use, or by
  ``python -m analysis.warmup``);
- an edit of any other file (the command line, the odds, the docs) keeps
  the cache;
- no file is deleted: numba overwrites a stale entry in place, in whatever
  folder it caches in (the package's ``__pycache__``, ``NUMBA_CACHE_DIR``,
  or its user-wide cache folder when site-packages is read-only).

Nothing is read at ``import analysis``: :func:`install_hook` only puts a
finder on :data:`sys.meta_path` that, when the first jitted module is about
to be imported, imports numba and installs the locator and the compile
note of :mod:`analysis._jitnumba` (the key is computed then, on the first
decorated function, by reading about 100 kB: under a millisecond).  Within a process the key is
remembered per file by ``(mtime, size)``.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.abc
import os
import sys
from pathlib import Path

__all__ = [
    "JIT_SOURCES",
    "PACKAGE_DIR",
    "is_jit_module",
    "jit_files",
    "sources_key",
    "install_hook",
    "install_now",
    "remove_hook",
]

#: Root folder of the package.
PACKAGE_DIR = Path(__file__).resolve().parent

#: Glob patterns (relative to the package folder, ``/``-separated) of the
#: modules that define numba functions: the cache key covers these files.
JIT_SOURCES = ("unrank.py", "redeal.py", "exact.py", "solver/_*.py", "solver/baseline.py")

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


class _BeforeJitModules(importlib.abc.MetaPathFinder):
    """Installs :mod:`analysis._jitnumba` just before the first jitted module
    of the package is imported (finds nothing itself)."""

    def find_spec(self, name, path=None, target=None):
        if is_jit_module(name):
            remove_hook()
            try:
                from . import _jitnumba

                _jitnumba.install()
            except ImportError:  # no numba: the module's own import says so
                pass
        return None


def install_hook() -> None:
    """Arrange for the cache key and the compile note to be installed when
    the first jitted module is imported (at once when numba is loaded and a
    jitted module already is).  Idempotent; ``THOUSAND_JIT_HOOK=0`` leaves
    numba's defaults alone."""
    if os.environ.get("THOUSAND_JIT_HOOK", "1") == "0":
        return
    if any(isinstance(f, _BeforeJitModules) for f in sys.meta_path):
        return
    if any(is_jit_module(m) for m in list(sys.modules)):
        from . import _jitnumba

        _jitnumba.install()
        return
    sys.meta_path.insert(0, _BeforeJitModules())


def install_now() -> None:
    """Import numba and install :mod:`analysis._jitnumba` at once (before
    any jitted module is imported; for the warm-up and the tests)."""
    remove_hook()
    from . import _jitnumba

    _jitnumba.install()


def remove_hook() -> None:
    """Take the finder of :func:`install_hook` off :data:`sys.meta_path`."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _BeforeJitModules)]
