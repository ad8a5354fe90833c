"""numba's side of :mod:`analysis._jitcache`: the cache locator that adds
the jitted sources' key to every cached function of the package, and the
note printed when a function of the package compiles at run time.

Imported (with numba) only when the first jitted module is imported.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from numba.core import caching, event
from tqdm import tqdm

from ._jitsources import PACKAGE_DIR, sources_key

__all__ = ["install", "PackageLocator", "CompileNote", "NOTE"]

_IMPL = getattr(caching, "CacheImpl", None) or caching._CacheImpl
_TAG = "thousand-analysis jit sources"


def _inside_package(py_file: str) -> bool:
    try:
        Path(py_file).resolve().relative_to(PACKAGE_DIR)
    except (ValueError, OSError):
        return False
    return True


class PackageLocator(caching._CacheLocator):
    """numba's usual locator for a function of the package, with a source
    stamp that also holds :func:`analysis._jitcache.sources_key`.

    The cache folder is the one numba would choose (``NUMBA_CACHE_DIR``,
    else the module's ``__pycache__``, else the user-wide cache folder when
    that is not writable); only the freshness test changes: an index written
    under other jitted sources is stale, so numba compiles afresh and
    overwrites it.
    """

    def __init__(self, base, py_file):
        self._base = base
        self._py_file = py_file

    def ensure_cache_path(self):
        self._base.ensure_cache_path()

    def get_cache_path(self):
        return self._base.get_cache_path()

    def get_source_stamp(self):
        return (_TAG, sources_key(), self._base.get_source_stamp())

    def get_disambiguator(self):
        return self._base.get_disambiguator()

    @classmethod
    def from_function(cls, py_func, py_file):
        if not _inside_package(py_file):
            return None
        for other in _IMPL._locator_classes:
            if other is cls:
                continue
            base = other.from_function(py_func, py_file)
            if base is not None:
                return cls(base, py_file)
        return None


class CompileNote(event.Listener):
    """Prints one note on stderr when a function of the package compiles.

    Listens to numba's ``numba:compile`` event, which numba raises only
    when a dispatcher misses its cache and compiles.  On a terminal a tqdm
    line shows the functions compiled so far and the time spent while a
    compile runs (removed when it ends).  ``THOUSAND_COMPILE_NOTE=0`` in the
    environment silences the note (the report's notebook kernels: a page
    says its run time, and a compile note would print on it).
    """

    def __init__(self, stream=None):
        self.stream = stream
        self.quiet = os.environ.get("THOUSAND_COMPILE_NOTE", "1") == "0"
        self.depth = 0
        self.count = 0
        self.names: list[str] = []
        self.started = None
        self.seconds = 0.0
        self._bar = None
        self._stop = None

    @staticmethod
    def _ours(ev) -> bool:
        d = (ev.data or {}).get("dispatcher")
        mod = getattr(getattr(d, "py_func", None), "__module__", "") or ""
        return mod == "analysis" or mod.startswith("analysis.")

    def _file(self):
        return self.stream if self.stream is not None else sys.stderr

    def on_start(self, ev):
        if not self._ours(ev):
            return
        self.depth += 1
        name = ev.data["dispatcher"].py_func.__qualname__
        if self.depth == 1:
            self.started = time.perf_counter()
            if self.count == 0 and not self.quiet:
                self._note(name)
            self._open_bar()
        if self._bar is not None:
            self._bar.set_postfix_str(name, refresh=True)

    def on_end(self, ev):
        if not self._ours(ev):
            return
        self.depth -= 1
        self.count += 1
        self.names.append(ev.data["dispatcher"].py_func.__name__)
        if self._bar is not None:
            self._bar.update(1)
        if self.depth == 0:
            self.seconds += time.perf_counter() - self.started
            self._close_bar()

    def _note(self, name):
        tqdm.write(
            "thousand: numba is compiling the solver (first use after an install or "
            "an edit of a jitted module; about 20 s to 2 min per command, cached "
            "afterwards; `python -m analysis.warmup` compiles everything ahead) ...",
            file=self._file(),
        )

    def _open_bar(self):
        self._bar = tqdm(
            desc="compiling",
            unit=" functions",
            initial=self.count,
            file=self._file(),
            leave=False,
            disable=None,
            bar_format="{desc}: {n} functions [{elapsed}{postfix}]",
        )
        if self._bar.disable:
            self._bar = None
            return
        self._stop = threading.Event()
        threading.Thread(target=self._tick, args=(self._bar, self._stop), daemon=True).start()

    @staticmethod
    def _tick(bar, stop):
        while not stop.wait(1.0):
            try:
                bar.refresh()
            except Exception:  # the bar closed under us: nothing to show
                return

    def _close_bar(self):
        if self._stop is not None:
            self._stop.set()
            self._stop = None
        if self._bar is not None:
            self._bar.close()
            self._bar = None


#: The process's compile note (installed by :func:`install`).
NOTE = CompileNote()
_installed = False


def install() -> None:
    """Put :class:`PackageLocator` first in numba's locators and register
    :data:`NOTE` for numba's compile events.  Idempotent."""
    global _installed
    if _installed:
        return
    if PackageLocator not in _IMPL._locator_classes:
        _IMPL._locator_classes.insert(0, PackageLocator)
    event.register("numba:compile", NOTE)
    _installed = True
