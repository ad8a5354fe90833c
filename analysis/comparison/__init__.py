"""Comparing rule sets on paired games (DESIGN.md, contract 8).

``compare(["club", "club barrel_seats=1"], games=1000, seed=1)`` plays the
same games (the same game ids, dealers and deal streams) under every rule
set and returns a :class:`Comparison`: a table with each metric's value and
interval, the paired difference against the first rule set with its
interval, and the interval the same games would give unpaired.

- :mod:`~analysis.comparison.ruleset`: ``--vary`` sweeps and display names
  (a rule set is spelled as :func:`analysis.rules.as_rules` reads it:
  ``"club barrel_threshold=900 barrel_seats=1"``, ``club+barrel_seats=1``);
- :mod:`~analysis.comparison.arms`: which pool serves each rule set and how
  two rule sets are paired (same outcomes, or same deals only);
- :mod:`~analysis.comparison.games`: the games datasets (resumable);
- :mod:`~analysis.comparison.metrics` and :mod:`~analysis.comparison.table`:
  per-game figures, paired intervals, exact redeal rates, pool odds;
- :mod:`~analysis.comparison.result`: the :class:`Comparison` and its text,
  JSON and plot.
"""

from .arms import comparison_outcomes
from .front import compare, estimator_advice
from .metrics import GAME_METRICS
from .result import Comparison
from .ruleset import display_names, vary
from .table import COLUMNS, game_rows

__all__ = [
    "compare",
    "Comparison",
    "vary",
    "display_names",
    "estimator_advice",
    "comparison_outcomes",
    "COLUMNS",
    "game_rows",
    "GAME_METRICS",
]
