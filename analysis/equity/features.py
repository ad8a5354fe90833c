"""Per-player features of a table state, as the equity model reads them.

The model (:mod:`analysis.equity.model`) gives each player a utility that
is a linear function of *his* features and turns the three utilities into
chances with a softmax.  Every feature of player ``i`` is defined relative
to him (his score, his barrel stay, his seat relative to the dealer, the
best score among his two opponents), so relabelling the players permutes
the chances and nothing else.

The score enters through smooth steps ``sigmoid((s - knot) / WIDTH)``
(0 well below the knot, 1 well above) plus a linear term: the fitted
utility is smooth in the score, and with non-negative coefficients on the
own-score columns and non-positive ones on the opponents'-score columns
(:func:`sign_bounds`) a player's chance rises with his own score, the
others fixed (the softmax's derivative, see ``docs/EQUITY.md``), except
where the rules make it fall: the 555 reset, whose bumps are left free.
"""

from __future__ import annotations

import numpy as np

__all__ = ["feature_names", "features", "sign_bounds", "state_arrays"]

#: Width of the score steps, points (a step rises from 12 % to 88 % over
#: four widths).
WIDTH = 40.0

#: Own-score knots below the threshold, points relative to it (threshold − k).
_OWN_KNOTS = (1280, 1120, 960, 800, 640, 520, 400, 300, 220, 160, 100, 60)
#: Opponents' best score: knots relative to the threshold.
_OPP_KNOTS = (480, 280, 140, 60)


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def _resets(rules) -> tuple:
    """Scores the rules reset to 0 (RULES.md, reset at exactly 555)."""
    return {"none": (), "positive": (555,), "both": (555, -555)}[rules.reset_555]


def feature_names(rules, scores_only: bool = False) -> tuple:
    """Names of the columns :func:`features` returns for ``rules``.

    Parameters
    ----------
    rules : Rules
    scores_only : bool
        The baseline's columns: the own and opponents' score terms only (and
        the 555 bumps where the rules reset), no barrel, bolt, failed-stay
        or seat state.

    Returns
    -------
    tuple of str
    """
    names = [f"own_step_{k}" for k in _OWN_KNOTS] + ["own_linear"]
    names += [f"opp_best_step_{k}" for k in _OPP_KNOTS]
    names += [f"reset_bump_{r}" for r in _resets(rules)]
    if scores_only:
        return tuple(names)
    names += [
        "sitting",
        "attempts_used",
        "last_attempt",
        "first_hand",
        "second_hand",
        "sitting_first_hand",
        "sitting_second_hand",
        "opp_sitting",
        "bolts",
        "bolt_penalty_next",
        "failed_stays",
        "two_failed_stays",
    ]
    return tuple(names)


def sign_bounds(names) -> list:
    """Bounds of each coefficient for the fit: (0, None) on the own-score
    columns, (None, 0) on the opponents'-score columns, free otherwise."""
    out = []
    for n in names:
        if n.startswith("own_"):
            out.append((0.0, None))
        elif n.startswith("opp_best_step"):
            out.append((None, 0.0))
        else:
            out.append((None, None))
    return out


def state_arrays(states) -> dict:
    """Stack :class:`~analysis.scoring.TableState` objects into arrays.

    Parameters
    ----------
    states : sequence of TableState

    Returns
    -------
    dict
        ``scores`` (n, 3) float64 points; ``barrel``, ``bolts``,
        ``failed_stays`` (n, 3) int64; ``dealer`` (n,) int64.
    """
    return {
        "scores": np.array([s.scores for s in states], dtype=np.float64).reshape(-1, 3),
        "barrel": np.array([s.barrel for s in states], dtype=np.int64).reshape(-1, 3),
        "bolts": np.array([s.bolts for s in states], dtype=np.int64).reshape(-1, 3),
        "failed_stays": np.array([s.failed_stays for s in states], dtype=np.int64).reshape(-1, 3),
        "dealer": np.array([s.dealer for s in states], dtype=np.int64).reshape(-1),
    }


def features(rules, arrays: dict, scores_only: bool = False) -> np.ndarray:
    """The feature tensor of many table states.

    Parameters
    ----------
    rules : Rules
        Read for the barrel threshold, attempts, bolt count and 555 reset.
    arrays : dict
        As :func:`state_arrays` returns: ``scores`` (n, 3) points,
        ``barrel`` (n, 3) attempts used or −1, ``bolts`` (n, 3),
        ``failed_stays`` (n, 3), ``dealer`` (n,).
    scores_only : bool
        The baseline's columns only (:func:`feature_names`).

    Returns
    -------
    ndarray of shape (n, 3, len(feature_names(rules, scores_only))), float64
        Row ``[r, i]`` describes player ``i`` in state ``r``.
    """
    s = np.asarray(arrays["scores"], dtype=np.float64)
    t = float(rules.barrel_threshold)
    cols = [_sigmoid((s - (t - k)) / WIDTH) for k in _OWN_KNOTS]
    cols.append(s / t)
    # each player's best opponent: the others are (i + 1) % 3 and (i + 2) % 3
    best = np.maximum(np.roll(s, -1, axis=1), np.roll(s, -2, axis=1))
    cols += [_sigmoid((best - (t - k)) / WIDTH) for k in _OPP_KNOTS]
    cols += [np.exp(-(((s - r) / 25.0) ** 2)) for r in _resets(rules)]
    if not scores_only:
        barrel = np.asarray(arrays["barrel"])
        sit = (barrel >= 0).astype(np.float64)
        used = np.where(barrel >= 0, barrel, 0).astype(np.float64)
        last = (barrel == rules.barrel_attempts - 1).astype(np.float64)
        dealer = np.asarray(arrays["dealer"]).reshape(-1, 1)
        players = np.arange(3).reshape(1, 3)
        first = (players == (dealer + 1) % 3).astype(np.float64)
        second = (players == (dealer + 2) % 3).astype(np.float64)
        opp_sit = np.roll(sit, -1, axis=1) + np.roll(sit, -2, axis=1)
        bolts = np.asarray(arrays["bolts"]).astype(np.float64)
        count = max(int(rules.bolt_count), 1)
        failed = np.asarray(arrays["failed_stays"]).astype(np.float64)
        cols += [
            sit,
            used / max(rules.barrel_attempts, 1),
            last * sit,
            first,
            second,
            sit * first,
            sit * second,
            opp_sit,
            bolts / count,
            (bolts == count - 1).astype(np.float64) * float(rules.has_bolts),
            np.minimum(failed, 3.0) / 3.0,
            (failed == 2).astype(np.float64),
        ]
    return np.stack(cols, axis=-1)
