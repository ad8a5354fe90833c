"""Double-dummy solver for Thousand (DESIGN.md, contract 3).

Public API:

- :func:`play_value`, :func:`play_objective`, :func:`makes` – value, J and threshold query of a
  position at a trick boundary;
- :func:`exchange_value`, :func:`exchange_makes` – best gift of two cards
  after taking the widow, with the tie-broken line;
- :class:`Position`, :func:`card_values` – value of every legal move, also in
  the middle of a trick;
- :func:`analyse_deal`, :func:`format_line` – best gift and optimal line,
  trick by trick;
- :func:`solve_deals` – batch front writing the ``solutions`` columns;
  :func:`solve_exchanges` – :func:`exchange_value` over arrays of deals;
- :data:`SOLVER_VERSION`, :data:`SOLVER_FIELDS`, :func:`solver_fingerprint`;
- :func:`line_from`, :func:`replay`, :func:`to_real_seats` – an optimal line
  from a position, and a stored line replayed trick by trick;
- :func:`baseline_value` – the plain alpha-beta search the fast one is
  checked against (and measured beside);
- :func:`check_deals`, :func:`deal_masks`, :data:`STATE` (the search's
  tables), :data:`SOLVED_FIELDS`, :data:`EXCHANGE_FIELDS`,
  :data:`SOLUTION_DTYPES` – for the fronts built on the solver;
- :mod:`.kernels` – the numba kernels' door, for single-dummy play.
"""

from .analyse import DealAnalysis, analyse_deal, format_line
from .api import (
    SOLVER_FIELDS,
    SOLVER_VERSION,
    ExchangeResult,
    exchange_makes,
    exchange_value,
    play_value,
    solver_fingerprint,
)
from .baseline import baseline_value
from .batch import EXCHANGE_FIELDS, SOLUTION_DTYPES, SOLVED_FIELDS, check_deals, solve_deals, solve_exchanges
from .line import play_line, replay, to_real_seats
from .position import Position, card_values, line_from
from .queries import makes, play_objective
from .search import STATE, deal_masks

__all__ = [
    "play_value",
    "play_objective",
    "makes",
    "exchange_value",
    "exchange_makes",
    "ExchangeResult",
    "analyse_deal",
    "format_line",
    "SOLVER_VERSION",
    "SOLVER_FIELDS",
    "solver_fingerprint",
    "Position",
    "card_values",
    "line_from",
    "solve_deals",
    "solve_exchanges",
    "SOLUTION_DTYPES",
    "EXCHANGE_FIELDS",
    "STATE",
    "baseline_value",
    "SOLVED_FIELDS",
    "check_deals",
    "play_line",
    "replay",
    "to_real_seats",
    "deal_masks",
    "kernels",
    "DealAnalysis",
]
