"""The declarer's score change relative to his opponents, per contract.

Payments come from :mod:`analysis.scoring` (RULES.md, "Deal score",
"failed contract", "defenders' points rounded", "write-off").  The change
counted is the deal's own: bolt penalties and the barrel depend on the table
state and are left out.
"""

from __future__ import annotations

import numpy as np

from ..rules import takes_rules
from ..scoring import round_defender_points, write_off_payment

__all__ = ["delta_range", "relative_delta"]


@takes_rules
def relative_delta(
    rules,
    contracts,
    values,
    left_points=None,
    right_points=None,
    *,
    first_hand: bool = True,
    write_off: bool = True,
):
    """Declarer's change minus the mean of his opponents', per contract and deal.

    Parameters
    ----------
    rules : Rules
        Not resolved here (an entry point has done it once).
    contracts : ndarray of shape (k,), int
        Final contracts, points (multiples of 5, 100..400).
    values : ndarray of shape (n,), int
        Declarer's raw points on the deal (cards plus own marriages).
    left_points, right_points : ndarray of shape (n,), int, optional
        Defenders' raw points on the played line; None counts only the
        declarer's own change (opponents 0 when he plays).
    first_hand : bool
        The declarer is the first hand (book's double penalty otherwise).
    write_off : bool
        Let the declarer write off a failing contract when that leaves him
        better placed (strictly; ties: play).

    Returns
    -------
    delta : ndarray of shape (k, n), float64
        Points.
    wrote_off : ndarray of shape (k, n), bool
        Where writing off was chosen.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> d, w = relative_delta(PROFILES["club"], np.array([120]), np.array([130, 90]),
    ...                       np.array([0, 13]), np.array([0, 17]))
    >>> d.tolist(), w.tolist()
    ([[120.0, -135.0]], [[False, False]])
    """
    c = np.asarray(contracts, dtype=np.int64)[:, None]
    v = np.asarray(values, dtype=np.int64)[None, :]
    made = v >= c
    fail = -2 * c if (rules.double_penalty_off_first_hand and not first_hand) else -c
    own = np.where(made, c, fail).astype(np.float64)
    if left_points is None:
        theirs = np.zeros(v.shape)
    else:
        lp = round_defender_points(rules, np.asarray(left_points, dtype=np.int64))
        rp = round_defender_points(rules, np.asarray(right_points, dtype=np.int64))
        theirs = ((lp + rp) / 2.0)[None, :]
    play = own - theirs
    if not write_off:
        return play, np.zeros(play.shape, dtype=bool)
    pay = np.array([write_off_payment(rules, int(x)) for x in c[:, 0]])[:, None]
    wo = (-c - pay).astype(np.float64)
    choose = ~made & (wo > play)
    return np.where(choose, wo, play), choose


@takes_rules
def delta_range(rules, contracts):
    """The least and the most :func:`relative_delta` can be, per contract, with the write-off allowed.

    The most is the contract itself (made, the opponents scoring nothing);
    the least is the write-off (minus the contract, and each opponent's
    payment counted against him): a contract that fails in play is written
    off where that leaves the declarer better placed, and one made costs him
    at most the mean of his opponents' points (half of 360 and a rounding),
    less than the write-off of a contract of 100 or more.

    Parameters
    ----------
    rules : Rules
    contracts : ndarray of shape (k,), int
        Contracts, points (multiples of 5, 100..400).

    Returns
    -------
    least, most : ndarray of shape (k,), float64
        Points.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> least, most = delta_range(PROFILES["club"], np.array([100, 125]))
    >>> least.tolist(), most.tolist()
    ([-150.0, -187.5], [100.0, 125.0])
    """
    c = np.asarray(contracts, dtype=np.int64)
    pay = np.array([write_off_payment(rules, int(x)) for x in c], dtype=np.float64)
    return -c - pay, c.astype(np.float64)
