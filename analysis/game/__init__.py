"""Whole-game simulation of Thousand (DESIGN.md, contract 4, games).

- :func:`simulate` plays whole games deal after deal under a rules profile
  and returns the ``games`` rows;
- :class:`ThresholdPolicy` is the documented default policy; its
  probabilities come from an :class:`~analysis.game.policy.Estimator` (``analysis.odds.BidModel``
  by default); :class:`EquityPolicy` (its limits on :data:`GRID`) is its
  counterpart for players who read the score (``docs/EQUITY.md``);
- :class:`SolverSource` / :class:`PoolSource` give the deals and their
  double-dummy outcomes (solved on the fly, or drawn from a solved pool);
  :class:`SDSolverSource` / :class:`SDPoolSource` single-dummy ones
  (``simulate(..., outcomes="pimc")``): one source interface
  (:mod:`analysis.game.sources`), two kinds of outcome
  (:mod:`analysis.game.outcomes`, :func:`from_result` for a played deal),
  each deciding the declarer's contract in its own way
  (:mod:`analysis.game.declare`, public: the criterion it calls);
- :func:`resolve_outcomes` is the one place every command and front
  settles the outcomes a game plays: own information from the
  single-dummy reference pool that serves the rules by default
  (:func:`default_play`), double-dummy (with a note; a ``UserWarning``
  from Python) where none does (:mod:`analysis.game.outcome_choice`);
- :func:`repeat_counts` is the one count of pool draws that repeat a
  deal drawn before (every page, dataset and model file says it);
- :func:`summarize` / :func:`format_summary` give the table the command
  line prints.
"""

from .equity_policy import GRID, EquityPolicy
from .estimators import OracleEstimator, estimator_digest, load_estimator
from .outcome_choice import check_outcomes, default_play, resolve_outcomes, unserved_reason
from .outcomes import from_result
from .policy import ThresholdPolicy, bid_limits
from .pools import PoolSource, SDPoolSource, load_pool_frame
from .simulate import GAME_COLUMNS, MAX_DEALS, simulate
from .sources import BLOCK, SDSolverSource, SolverSource, game_rng, repeat_counts
from .summary import format_summary, players_in, summarize

__all__ = [
    "simulate",
    "GAME_COLUMNS",
    "MAX_DEALS",
    "ThresholdPolicy",
    "EquityPolicy",
    "GRID",
    "from_result",
    "declare",
    "bid_limits",
    "OracleEstimator",
    "load_estimator",
    "PoolSource",
    "SolverSource",
    "SDPoolSource",
    "SDSolverSource",
    "BLOCK",
    "game_rng",
    "repeat_counts",
    "summarize",
    "format_summary",
    "players_in",
    "estimator_digest",
    "load_pool_frame",
    "resolve_outcomes",
    "default_play",
    "check_outcomes",
    "unserved_reason",
]
