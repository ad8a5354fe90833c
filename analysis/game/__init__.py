"""Whole-game simulation of Thousand (DESIGN.md, contract 4, games).

- :func:`simulate` plays whole games deal after deal under a rules profile
  and returns the ``games`` rows;
- :class:`ThresholdPolicy` is the documented default policy; its
  probabilities come from an :class:`Estimator` (``analysis.odds.BidModel``
  by default);
- :class:`SolverSource` / :class:`PoolSource` give the deals and their
  double-dummy outcomes (solved on the fly, or drawn from a solved pool);
  :class:`SDSolverSource` / :class:`SDPoolSource` single-dummy ones
  (``simulate(..., outcomes="pimc")``, the declarer's decisions in
  :mod:`analysis.game.sd_flow`);
- :func:`summarize` / :func:`format_summary` give the table the command
  line prints.
"""

from .estimators import OracleEstimator, load_estimator
from .policy import LEVELS, Estimator, ThresholdPolicy, bid_limits
from .sd_source import SDPoolSource, SDSolverSource
from .simulate import GAME_COLUMNS, MAX_DEALS, simulate
from .sources import BLOCK, PoolSource, SolverSource, game_rng
from .summary import format_summary, summarize

__all__ = [
    "simulate",
    "GAME_COLUMNS",
    "MAX_DEALS",
    "ThresholdPolicy",
    "Estimator",
    "bid_limits",
    "LEVELS",
    "OracleEstimator",
    "load_estimator",
    "PoolSource",
    "SolverSource",
    "SDPoolSource",
    "SDSolverSource",
    "BLOCK",
    "game_rng",
    "summarize",
    "format_summary",
]
