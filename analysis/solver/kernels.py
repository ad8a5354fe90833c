"""The solver's node functions, for players that drive the search themselves.

Single-dummy play (:mod:`analysis.single_dummy.pimc`) solves many related
positions, world by world, and walks the move tree itself instead of asking
:func:`analysis.solver.play_value` one position at a time.  This module is
the public name of what it needs from the numba kernels (DESIGN.md,
contract 3; docs/SOLVER.md):

- :func:`search` – alpha-beta value of a node (fail-soft), in the units of
  ``mode`` (0: the declarer's card points, 1: the objective J);
- :func:`legal_moves` – the mover's legal moves in canonical order, written
  into an ``int64`` buffer of 24, returning the count; a move code is the
  card id (0..23) or'ed with :data:`DECLARE` for a declared marriage lead;
- :func:`apply_move` – the child node after a move and what the move adds
  to the objective;
- :func:`rule_flags` – the play conventions of a ``Rules`` packed into the
  kernels' ``rf`` argument;
- :func:`kernel_args` – a checked :class:`~analysis.solver.Position` as the
  kernels' node arguments;
- :data:`STATE` – the process's transposition tables and search buffers;
- :data:`BIG` – a bound larger than any value (the full window is
  ``(-BIG, BIG)``).

These are the jitted functions themselves (no wrapper, no copy): calling
them costs what calling the kernels costs.
"""

from ._bits import rule_flags
from ._drivers import BIG, apply_move
from ._drivers import _moves as legal_moves
from ._kernel import DECLARE, search
from .position import kernel_args
from .search import STATE

__all__ = ["search", "legal_moves", "apply_move", "rule_flags", "kernel_args", "STATE", "BIG", "DECLARE"]
