"""Keep numba's on-disk cache consistent with the package's sources.

numba invalidates a cached function only when *its own* source file
changes: a cached caller keeps running an old compiled copy of a callee
edited in another file (``_drivers.exchange_best`` calling
``_kernel.search``, for instance).  That bites every editable install after
a ``git pull`` that touches only the callee's file.

:func:`refresh` (run when :mod:`analysis` is imported) hashes every source
file of the package and, when the hash differs from the one recorded at the
last refresh, deletes all numba cache files (``*.nbi``, ``*.nbc``) in the
package's ``__pycache__`` folders, so everything is compiled afresh once.
Caches kept elsewhere (``NUMBA_CACHE_DIR``) are not touched.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = ["refresh", "source_digest"]

_STAMP = "numba-sources.sha256"


def source_digest(package_dir: Path) -> str:
    """SHA-256 hex digest of the names and bytes of every ``*.py`` file under
    ``package_dir`` (sorted by relative path)."""
    h = hashlib.sha256()
    for f in sorted(package_dir.rglob("*.py")):
        h.update(str(f.relative_to(package_dir)).encode())
        h.update(b"\0")
        h.update(f.read_bytes())
    return h.hexdigest()


def refresh(package_dir: Path | None = None) -> bool:
    """Drop stale numba cache files of the package.

    Parameters
    ----------
    package_dir : Path, optional
        Root of the package (default: the installed ``analysis`` folder).

    Returns
    -------
    bool
        True when the sources changed since the last refresh and the cache
        files were deleted.  A read-only install is left as it is (numba
        then caches nothing there anyway).
    """
    root = Path(__file__).resolve().parent if package_dir is None else Path(package_dir)
    digest = source_digest(root)
    stamp = root / "__pycache__" / _STAMP
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    for f in list(root.rglob("__pycache__/*.nbi")) + list(root.rglob("__pycache__/*.nbc")):
        try:
            f.unlink()
        except OSError:
            pass
    try:
        stamp.parent.mkdir(exist_ok=True)
        tmp = stamp.with_name(f"{_STAMP}.{os.getpid()}.tmp")
        tmp.write_text(digest)
        os.replace(tmp, stamp)
    except OSError:
        pass
    return True
