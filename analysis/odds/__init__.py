"""Bidding odds: how likely a hand is to make each contract.

- :class:`BidModel` – P(value ≥ X | visible 7-card hand, seat), fitted on a
  solutions sample, fast and vectorized (for the game simulator);
- :func:`hand_odds` – Monte Carlo odds of one 7-card hand before the widow;
- :func:`widow_odds` – after the widow: the best gift and final contract;
- :func:`dataset_odds` – success rates by visible hand features over a
  deals + solutions dataset;
- :func:`hand_features` – the visible features;
- :func:`calibration` – a model's reliability, Brier score and log loss on
  the held-out deals of a reference pool.

The odds are double-dummy: the declarer is assumed to see every card when he
chooses his gift and his play, so they are optimistic for him.
``hand_odds(..., play="pimc")`` also plays the same deals single-dummy
(:func:`analysis.odds.hand.play_sample`, docs/SINGLE_DUMMY.md) and reports both, with
their paired difference.
"""

from .features import FEATURES, hand_features
from .model import DEFAULT_FEATURES, BidModel

__all__ = [
    "BidModel",
    "FEATURES",
    "DEFAULT_FEATURES",
    "hand_features",
    "hand_odds",
    "widow_odds",
    "dataset_odds",
    "calibration",
]


def __getattr__(name):
    # The Monte Carlo functions import the solver (numba); load them on first use
    # so that ``from analysis.odds import BidModel`` stays light.
    if name == "hand_odds":
        # numba: the Monte Carlo fronts load the solver on first use
        from .hand import hand_odds

        return hand_odds
    if name == "widow_odds":
        # numba: the Monte Carlo fronts load the solver on first use
        from .widow import widow_odds

        return widow_odds
    if name == "dataset_odds":
        # numba: the Monte Carlo fronts load the solver on first use
        from .dataset import dataset_odds

        return dataset_odds
    if name == "calibration":
        # numba: the Monte Carlo fronts load the solver on first use
        from .reliability import calibration

        return calibration
    raise AttributeError(f"module 'analysis.odds' has no attribute {name!r}")
