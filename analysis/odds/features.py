"""Visible features of a 7-card hand (what a bidder sees), vectorized.

The columns feed :class:`analysis.odds.BidModel` and the groupings of
:func:`analysis.odds.dataset_odds`.  Suits ♠ ♣ ♦ ♥ are 0..3 and a card is
``6 * suit + rank`` with ranks 9 J Q K 10 A = 0..5 (DESIGN.md, contract 1).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .. import cards
from ..errors import BadArgument

__all__ = ["FEATURES", "hand_features", "check_hands"]

#: Feature names of :func:`hand_features`, in column order.
FEATURES = (
    "points",
    "aces",
    "tens",
    "kings",
    "queens",
    "longest",
    "voids",
    "marriage_s",
    "marriage_c",
    "marriage_d",
    "marriage_h",
    "marriage_points",
    "half_marriage_points",
    "ace_ten_suits",
    "seat1",
    "seat2",
)

_FULL = (1 << 24) - 1


# Per-suit sums of the features over the 64 holdings of a suit; the columns
# are the summed features (points .. ace_ten_suits, then the suit length).
_SUMMED = (
    "points",
    "aces",
    "tens",
    "kings",
    "queens",
    "marriage_s",
    "marriage_c",
    "marriage_d",
    "marriage_h",
    "marriage_points",
    "half_marriage_points",
    "ace_ten_suits",
)
_N_SUM = len(_SUMMED)
_LEN = _N_SUM  # column of the suit length in the tables
_ORDER = np.array([(_SUMMED + ("longest", "voids", "seat1", "seat2")).index(f) for f in FEATURES])


@cache
def _suit_tables():
    """Feature sums of each 6-bit holding, per suit: 4 arrays of shape (64, 13)."""
    pts = np.asarray(cards.CARD_POINTS[:6], dtype=np.float64)
    out = []
    for su in range(4):
        t = np.zeros((64, _N_SUM + 1))
        for b in range(64):
            has = [(b >> r) & 1 for r in range(6)]
            t[b, 0] = sum(pts[r] for r in range(6) if has[r])
            t[b, 1], t[b, 2], t[b, 3], t[b, 4] = has[5], has[4], has[3], has[2]
            mar = has[3] and has[2]
            t[b, 5 + su] = mar
            t[b, 9] = mar * cards.MARRIAGE_VALUES[su]
            t[b, 10] = (has[3] ^ has[2]) * cards.MARRIAGE_VALUES[su]
            t[b, 11] = has[5] and has[4]
            t[b, _LEN] = sum(has)
        out.append(t)
    return tuple(out)


def check_hands(hands, n_cards: int = 7, what: str = "hands") -> np.ndarray:
    """Validate card masks of ``n_cards`` cards each.

    Parameters
    ----------
    hands : int or array_like of int, shape (n,)
        Bit masks (DESIGN.md, contract 1).
    n_cards : int
        Cards each mask must hold.

    Returns
    -------
    ndarray of shape (n,), uint32

    Raises
    ------
    ValueError
        Naming the first mask with bits outside the 24 cards or the wrong count.
    """
    h = np.atleast_1d(np.asarray(hands))
    if h.ndim != 1 or not np.issubdtype(h.dtype, np.integer):
        raise BadArgument(
            f"{what} must be a 1-d array of integer card masks, got {h.dtype} of shape {h.shape}"
        )
    if h.size and (h.min() < 0 or h.max() > _FULL):
        raise BadArgument(f"{what} hold bits outside the 24 cards")
    h = h.astype(np.uint32)
    bad = cards.popcount(h) != n_cards
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise BadArgument(f"{what}[{i}] holds {int(cards.popcount(h[i]))} cards, not {n_cards}")
    return h


def _check_seats(seats, n: int) -> np.ndarray:
    s = np.broadcast_to(np.asarray(seats), (n,))
    if not np.issubdtype(s.dtype, np.integer) or (s.size and (s.min() < 0 or s.max() > 2)):
        raise BadArgument("seats must be integers 0 (first hand), 1 or 2 (dealer)")
    return s.astype(np.int64)


def hand_features(hands7, seats=0) -> np.ndarray:
    """The visible features of 7-card hands.

    Parameters
    ----------
    hands7 : ndarray of shape (n,), uint32 masks
        7-card hands.
    seats : int or ndarray of shape (n,), int
        Seats relative to the dealer (0 first hand, 2 dealer; DESIGN.md,
        contract 2).

    Returns
    -------
    ndarray of shape (n, len(FEATURES)), float64
        In the order of :data:`FEATURES`: card points (0–120), number of
        aces, tens, kings, queens (0–4), longest suit (cards), void suits,
        one indicator per marriage suit held (K and Q of ♠ ♣ ♦ ♥), marriage
        points held (0–280), marriage points of the suits where exactly one
        of K, Q is held (the widow may complete them), suits holding both A
        and 10, and indicators of seat 1 and seat 2.

    Raises
    ------
    ValueError
        On masks that are not 7-card hands, or seats outside 0..2.

    Examples
    --------
    >>> from analysis.cards import parse
    >>> f = hand_features(np.array([parse("A♥ 10♥ K♥ Q♥ 9♠ 9♣ 9♦")], np.uint32))
    >>> int(f[0, FEATURES.index("marriage_points")])
    100
    """
    h = check_hands(hands7)
    s = _check_seats(seats, h.shape[0])
    tab = _suit_tables()
    per = [tab[su][(h >> np.uint32(6 * su)) & np.uint32(0x3F)] for su in range(4)]
    out = np.empty((h.shape[0], len(FEATURES)), dtype=np.float64)
    out[:, :_N_SUM] = (per[0] + per[1] + per[2] + per[3])[:, :_N_SUM]
    lens = np.stack([p[:, _LEN] for p in per], axis=1)
    out[:, _N_SUM] = lens.max(axis=1)
    out[:, _N_SUM + 1] = (lens == 0).sum(axis=1)
    out[:, -2] = s == 1
    out[:, -1] = s == 2
    return out[:, _ORDER]
