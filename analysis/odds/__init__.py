"""Bidding odds: how likely a hand is to make each contract.

- :class:`BidModel` – P(value ≥ X | visible 7-card hand, seat), fitted on a
  solutions sample, fast and vectorized (for the game simulator);
- :func:`hand_odds` – Monte Carlo odds of one 7-card hand before the widow;
- :func:`widow_odds` – after the widow: the best gift and final contract;
- :func:`dataset_odds` – success rates by visible hand features over a
  deals + solutions dataset;
- :func:`calibration` – a model's reliability, Brier score and log loss on
  the held-out deals of a reference pool;
- :func:`model_file`, :data:`MODEL_FILES`, :data:`DEFAULT_MODEL_FILE`,
  :func:`pool_name_for` – the shipped models and the pool that serves rules;
- :func:`fit_frame`, :func:`held_out_deals`, :func:`replay_written_off`, :data:`SPLIT` – fitting a model
  on a pool's training deals; :func:`solve_values`, :func:`solutions_long` –
  a sample's double-dummy values, one row per (hand, seat);
- :func:`relative_delta` – the declarer's score change minus his opponents'
  mean, per contract and deal, with the profile's payments;
  :func:`delta_range` – the least and the most it can be for a contract.

The odds are double-dummy: the declarer is assumed to see every card when he
chooses his gift and his play, so they are optimistic for him.
``hand_odds(..., play="pimc")`` also plays the same deals single-dummy
(:func:`analysis.odds.hand.play_sample`, docs/SINGLE_DUMMY.md) and reports both, with
their paired difference; :func:`dark_sd_odds` does the same for dark play
(a blind gift, then single-dummy play), computed on demand and cached.
"""

from .delta import delta_range, relative_delta
from .model import DEFAULT_MODEL_FILE, MODEL_FILES, BidModel, model_file, pool_name_for

__all__ = [
    "BidModel",
    "model_file",
    "MODEL_FILES",
    "DEFAULT_MODEL_FILE",
    "pool_name_for",
    "relative_delta",
    "delta_range",
    "hand_odds",
    "widow_odds",
    "dataset_odds",
    "calibration",
    "fit_frame",
    "held_out_deals",
    "replay_written_off",
    "SPLIT",
    "solutions_long",
    "solve_values",
    "dark_odds",
    "blind_gift",
    "blind_play",
    "DARK_KEYS",
    "dark_sd_odds",
    "DARK_SD_KEYS",
]


def __getattr__(name):
    # numba: these names' modules import the solver; they load on first use,
    # so that ``from analysis.odds import BidModel`` stays light
    from .build import SPLIT, fit_frame, held_out_deals, replay_written_off
    from .dark import DARK_KEYS, blind_gift, blind_play, dark_odds
    from .dark_sd import DARK_SD_KEYS, dark_sd_odds
    from .dataset import dataset_odds
    from .hand import hand_odds
    from .reliability import calibration
    from .sample import solutions_long, solve_values
    from .widow import widow_odds

    lazy = {
        "hand_odds": hand_odds,
        "widow_odds": widow_odds,
        "dataset_odds": dataset_odds,
        "calibration": calibration,
        "fit_frame": fit_frame,
        "held_out_deals": held_out_deals,
        "replay_written_off": replay_written_off,
        "SPLIT": SPLIT,
        "solutions_long": solutions_long,
        "solve_values": solve_values,
        "dark_odds": dark_odds,
        "blind_gift": blind_gift,
        "blind_play": blind_play,
        "DARK_KEYS": DARK_KEYS,
        "dark_sd_odds": dark_sd_odds,
        "DARK_SD_KEYS": DARK_SD_KEYS,
    }
    if name in lazy:
        return lazy[name]
    raise AttributeError(f"module 'analysis.odds' has no attribute {name!r}")
