"""Thousand (Тысяча) analysis toolkit: deal, solve, simulate, report.

The core (cards, rules, dealer, solver, scoring) takes and returns numpy
arrays; I/O, the command line and the notebooks sit at the edges.
"""

# numba's cache of the jitted modules, keyed by their sources: installed
# when the first of them is imported (nothing is read or imported here).
from ._jitcache import install_hook as _install_jit_hook
from .version import __version__

_install_jit_hook()

__all__ = ["__version__"]
