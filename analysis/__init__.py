"""Thousand (Тысяча) analysis toolkit: deal, solve, simulate, report.

The core (cards, rules, dealer, solver, scoring) takes and returns numpy
arrays; I/O, the command line and the notebooks sit at the edges.
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("thousand-analysis")
except PackageNotFoundError:  # running from a source tree without install
    __version__ = "0.1.0"

from ._jitcache import refresh as _refresh_jit_cache

_refresh_jit_cache()

__all__ = ["__version__"]
