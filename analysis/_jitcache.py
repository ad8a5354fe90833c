"""Keep numba's on-disk cache valid while the jitted sources are unchanged.

numba invalidates a cached function only when *its own* source file
changes: a cached caller keeps running an old compiled copy of a callee
edited in another file (``_drivers.exchange_best`` calling
``_kernel.search``, for instance).  That bites every editable install after
a ``git pull`` that touches only the callee's file.

The remedy here is a *cache key* over the sources of the jitted modules
only (:mod:`analysis._jitsources`, :data:`JIT_SOURCES`: the files that define numba functions; every
callee and every global constant a jitted function reads lives in one of
them, which ``tests/package/test_jitcache.py`` checks).  The key joins numba's own
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

import importlib.abc
import os
import sys

from ._jitsources import PACKAGE_DIR, is_jit_module, jit_files, sources_key  # noqa: F401

__all__ = [
    "PACKAGE_DIR",
    "is_jit_module",
    "jit_files",
    "sources_key",
    "install_hook",
    "install_now",
]


class _BeforeJitModules(importlib.abc.MetaPathFinder):
    """Installs :mod:`analysis._jitnumba` just before the first jitted module
    of the package is imported (finds nothing itself)."""

    def find_spec(self, name, path=None, target=None):
        if is_jit_module(name):
            remove_hook()
            try:
                # numba is heavy: imported only now, just before the first jitted module
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
        from . import _jitnumba  # numba is heavy: imported only when a jitted module is

        _jitnumba.install()
        return
    sys.meta_path.insert(0, _BeforeJitModules())


def install_now() -> None:
    """Import numba and install :mod:`analysis._jitnumba` at once (before
    any jitted module is imported; for the warm-up and the tests)."""
    remove_hook()
    from . import _jitnumba  # numba is heavy: imported only when asked

    _jitnumba.install()


def remove_hook() -> None:
    """Take the finder of :func:`install_hook` off :data:`sys.meta_path`."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _BeforeJitModules)]
