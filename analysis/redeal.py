"""Vectorized redeal predicates (RULES.md, "Redeals").

Three stages, each read from the profile's ``Rules`` fields:

before bidding (:func:`redeal_before_bidding`)
    a hand with four 9s (``redeal_four_nines``: club, book, wiki); a hand
    under ``redeal_hand_under`` card points (club 14, wiki 14; 0 = off).
when the widow is shown (:func:`redeal_widow`)
    the widow under ``redeal_widow_under`` card points (club 5, book 5,
    wiki 3; 0 = off); at least two 9s in the widow
    (``redeal_widow_two_nines``, wiki).  The seed (004) says "в прикупе две
    девятки"; a widow with three 9s also holds two, so the toolkit reads it
    as "two or more" (a choice).
after the exchange (:func:`redeal_after_exchange`, on 8-card hands)
    an 8-card hand with four 9s (``redeal_after_four_nines``: club, book †,
    wiki); an 8-card hand with four jacks (``redeal_after_four_jacks``:
    wiki «после раздачи или сноса», by agreement); an 8-card hand under
    ``redeal_after_hand_under`` card points, counting the card received
    (book 15; 0 = off).

Whether a condition forces the redeal or lets a player claim it is the
profile's ``redeal_claim`` ('forced' in club, 'claimable' in book and wiki);
the flags say whether the condition holds in a deal, and
:func:`redeal_flags` reports the forced and claimable cases in separate
columns.  Who claims (wiki: the declarer for a poor widow, anyone for two
9s) is the simulator's policy, not decided here.

Every function takes a ``Rules`` object (club's by default) and does not
resolve names: an entry point such as :func:`analysis.odds.hand_odds` has
done it once (:func:`analysis.rules.as_rules`).
"""

from __future__ import annotations

import numba
import numpy as np

from . import cards
from .deal import check_deals
from .deal_kernels import _pop
from .errors import BadArgument
from .rules import PROFILES, entry_point, takes_rules
from .rules.redeal_conditions import meets, reasons, stage_limits

__all__ = [
    "features",
    "flags_from_features",
    "redeal_before_bidding",
    "redeal_widow",
    "redeal_after_exchange",
    "redeal_flags",
    "hand_bidding_reasons",
    "redeal_after_many",
    "redeal_after",
    "derived_columns",
    "FLAG_COLUMNS",
]

#: Columns of :func:`redeal_flags`, in order, with their dtypes.
FLAG_COLUMNS = {
    "four_nines_any": "bool",
    "hand_under_any": "bool",
    "redeal_bidding": "bool",
    "redeal_bidding_seats": "int8",
    "widow_under": "bool",
    "widow_two_nines": "bool",
    "redeal_widow": "bool",
    "redeal_forced": "bool",
    "redeal_claimable": "bool",
}

_POINTS8 = np.zeros((3, 256), dtype=np.int64)
for _b in range(3):
    for _v in range(256):
        _POINTS8[_b, _v] = sum(int(cards.CARD_POINTS[8 * _b + _i]) for _i in range(8) if _v >> _i & 1)
_NINES = sum(1 << (6 * s) for s in range(4))
_JACKS = _NINES << 1


@numba.njit(cache=True)
def _features_kernel(masks, tab, pts, mar, nin, jac):
    n, k = masks.shape
    for i in range(n):
        for s in range(k):
            m = np.int64(masks[i, s])
            pts[s, i] = tab[0, m & 255] + tab[1, (m >> 8) & 255] + tab[2, (m >> 16) & 255]
            km = (m >> 2) & (m >> 3)
            mar[s, i] = (km & 1) | ((km >> 5) & 2) | ((km >> 10) & 4) | ((km >> 15) & 8)
            nin[s, i] = _pop(m & 0x041041)
            jac[s, i] = _pop(m & 0x082082)


def features(masks) -> dict:
    """Per-mask card features used by the redeal predicates and datasets.

    Parameters
    ----------
    masks : ndarray of shape (n, k), uint32 masks
        E.g. a deals array (k = 4: hand0, hand1, hand2, widow) or 8-card
        hands (k = 3).  Not validated here.

    Returns
    -------
    dict of str -> ndarray of shape (n, k)
        ``points`` int16 (card points, 0–120), ``marriages`` int8 (4-bit
        mask of suits with K and Q, ♠ bit 0 … ♥ bit 3), ``nines`` int8 and
        ``jacks`` int8 (counts, 0–4).  Transposed views of (k, n) arrays,
        so that every column ``[:, s]`` is contiguous.
    """
    m = np.ascontiguousarray(masks, dtype=np.uint32)
    if m.ndim != 2:
        raise BadArgument(f"masks must be two-dimensional, got shape {m.shape}")
    shape = m.shape[::-1]  # column-major storage: each seat's column is contiguous
    pts = np.empty(shape, dtype=np.int16)
    mar = np.empty(shape, dtype=np.int8)
    nin = np.empty(shape, dtype=np.int8)
    jac = np.empty(shape, dtype=np.int8)
    _features_kernel(m, _POINTS8, pts, mar, nin, jac)
    return {"points": pts.T, "marriages": mar.T, "nines": nin.T, "jacks": jac.T}


@takes_rules
def flags_from_features(feats: dict, rules) -> dict:
    """Redeal flags of a profile from the :func:`features` of deals.

    Parameters
    ----------
    feats : dict
        :func:`features` of an (n, 4) deals array.
    rules : Rules
        Not resolved here: an entry point resolves a name once
        (:func:`analysis.rules.as_rules`) and passes the object.

    Returns
    -------
    dict of str -> ndarray of shape (n,)
        The columns of :func:`redeal_flags`.
    """
    pts, nin, jac = feats["points"], feats["nines"], feats["jacks"]
    n = pts.shape[0]
    out = {k: np.empty(n, dtype=np.dtype(v)) for k, v in FLAG_COLUMNS.items()}
    bid_nines, bid_points, bid_jacks = stage_limits(rules, "bidding")
    widow_nines, widow_points, _ = stage_limits(rules, "widow")
    _flags_kernel(
        pts,
        nin,
        jac,
        bid_nines,
        bid_points,
        bid_jacks,
        widow_points,
        widow_nines,
        out["four_nines_any"],
        out["hand_under_any"],
        out["redeal_bidding"],
        out["redeal_bidding_seats"],
        out["widow_under"],
        out["widow_two_nines"],
        out["redeal_widow"],
    )
    any_stage = out["redeal_bidding"] | out["redeal_widow"]
    forced = rules.redeal_claim == "forced"
    out["redeal_forced"] = any_stage & forced
    out["redeal_claimable"] = any_stage & (not forced)
    return out


@numba.njit(cache=True)
def _flags_kernel(
    pts,
    nin,
    jac,
    hand_nines,
    hand_under,
    hand_jacks,
    widow_under,
    widow_nines,
    four_any,
    under_any,
    bidding,
    seats,
    w_under,
    w_nines,
    widow,
):
    # the limits of analysis.rules.redeal_conditions.stage_limits: a condition
    # holds at nines (jacks) >= its count or points < its threshold
    for i in range(pts.shape[0]):
        f = False
        u = False
        j = False
        sb = 0
        for s in range(3):
            fs = nin[i, s] >= hand_nines
            us = pts[i, s] < hand_under
            js = jac[i, s] >= hand_jacks
            f |= fs
            u |= us
            j |= js
            if fs or us or js:
                sb |= 1 << s
        four_any[i] = f
        under_any[i] = u
        bidding[i] = f or u or j
        seats[i] = sb
        wu = pts[i, 3] < widow_under
        wn = nin[i, 3] >= widow_nines
        w_under[i] = wu
        w_nines[i] = wn
        widow[i] = wu or wn


@takes_rules
def redeal_flags(deals, rules=PROFILES["club"]) -> dict:
    """Redeal columns of the ``deals`` dataset for one profile.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
        hand0, hand1, hand2, widow.
    rules : Rules
        Default: the club profile.  Not resolved here: an entry point resolves
        a name once (:func:`analysis.rules.as_rules`) and passes the object.
        Profile name or ``Rules`` (RULES.md, "Redeals").

    Returns
    -------
    dict of str -> ndarray of shape (n,)
        Each flag is False where the profile lacks the condition.

        - ``four_nines_any`` bool: a hand holds four 9s (``redeal_four_nines``).
        - ``hand_under_any`` bool: a hand has fewer than
          ``redeal_hand_under`` card points.
        - ``redeal_bidding`` bool: either of the two, or a hand with four
          jacks (``redeal_four_jacks``, ua, wiki; no column of its own), the
          before-bidding stage.
        - ``redeal_bidding_seats`` int8: bit ``s`` set when hand ``s``
          holds a before-bidding reason (who may claim it).
        - ``widow_under`` bool: the widow has fewer than
          ``redeal_widow_under`` card points.
        - ``widow_two_nines`` bool: two or more 9s in the widow
          (``redeal_widow_two_nines``).
        - ``redeal_widow`` bool: either of the two, the widow stage (set
          whatever happened before bidding; the widow is shown only if no
          before-bidding redeal is made).
        - ``redeal_forced`` bool: ``redeal_bidding | redeal_widow`` when
          the profile's ``redeal_claim`` is 'forced', else False.
        - ``redeal_claimable`` bool: the same when it is 'claimable'.

    Raises
    ------
    ValueError
        If ``deals`` is not an array of 7-7-7-3 partitions.
    """
    return flags_from_features(features(check_deals(deals)), rules)


@takes_rules
def hand_bidding_reasons(hand: int, rules=PROFILES["club"]) -> list[str]:
    """The before-bidding redeal conditions one 7-card hand meets on its own.

    The same two predicates as :func:`redeal_flags` (``four_nines_any``,
    ``hand_under_any``), read for one hand, worded for messages.

    Parameters
    ----------
    hand : int
        A 7-card mask.
    rules : Rules
        Default: the club profile.  Not resolved here: an entry point resolves
        a name once (:func:`analysis.rules.as_rules`) and passes the object.

    Returns
    -------
    list of str
        E.g. ``["the hand holds four 9s"]``; empty when the hand alone
        forces nothing (RULES.md, "Redeals", before bidding).
    """
    f = features(np.array([[hand]], dtype=np.uint32))
    pts, nines, jacks = int(f["points"][0, 0]), int(f["nines"][0, 0]), int(f["jacks"][0, 0])
    return reasons(rules, "bidding", nines, pts, jacks)


@takes_rules
def redeal_before_bidding(deals, rules=PROFILES["club"]) -> np.ndarray:
    """Deals with a before-bidding redeal condition.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
    rules : Rules
        Default: the club profile.  Not resolved here: an entry point resolves
        a name once (:func:`analysis.rules.as_rules`) and passes the object.

    Returns
    -------
    ndarray of shape (n,), bool
        A hand with four 9s (if ``redeal_four_nines``) or under
        ``redeal_hand_under`` card points (RULES.md, "Redeals", club
        "a hand with four 9s; a hand under 14 card points").

    Raises
    ------
    ValueError
        On bad deals.
    """
    return redeal_flags(deals, rules)["redeal_bidding"]


@takes_rules
def redeal_widow(deals, rules=PROFILES["club"]) -> np.ndarray:
    """Deals with a widow-stage redeal condition.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
    rules : Rules
        Default: the club profile.  Not resolved here: an entry point resolves
        a name once (:func:`analysis.rules.as_rules`) and passes the object.

    Returns
    -------
    ndarray of shape (n,), bool
        Widow under ``redeal_widow_under`` card points, or two or more 9s in
        it (if ``redeal_widow_two_nines``); RULES.md, "Redeals", "when the
        widow is shown".

    Raises
    ------
    ValueError
        On bad deals.
    """
    return redeal_flags(deals, rules)["redeal_widow"]


@takes_rules
def redeal_after_exchange(hands8, rules=PROFILES["club"], *, by_seat: bool = False) -> np.ndarray:
    """After-exchange redeal condition on the three 8-card hands.

    Parameters
    ----------
    hands8 : ndarray of shape (n, 3), uint32 masks
        The 8-card hands after the exchange (declarer with the widow minus
        the two gifts, each defender with the card received); disjoint.
    rules : Rules
        Default: the club profile.  Not resolved here: an entry point resolves
        a name once (:func:`analysis.rules.as_rules`) and passes the object.
    by_seat : bool
        Return the condition per hand instead of per deal.

    Returns
    -------
    ndarray of shape (n,) or (n, 3), bool
        A hand with four 9s (if ``redeal_after_four_nines``), four jacks
        (if ``redeal_after_four_jacks``, wiki) or under
        ``redeal_after_hand_under`` card points counting the card received
        (book 15, seed 002); RULES.md, "Redeals", "after the exchange".

    Raises
    ------
    ValueError
        If ``hands8`` is not (n, 3) disjoint 8-card masks.
    """
    h = np.asarray(hands8)
    if h.ndim != 2 or h.shape[1] != 3 or not np.issubdtype(h.dtype, np.integer):
        raise BadArgument(f"hands8 must be an integer array of shape (n, 3), got {h.dtype} {h.shape}")
    if h.size and (h.min() < 0 or h.max() > cards.FULL_DECK):
        raise BadArgument("hands8 hold bits outside the 24 cards")
    h = h.astype(np.uint32)
    bad = (cards.popcount(h) != 8).any(axis=1)
    bad |= cards.popcount(h[:, 0] | h[:, 1] | h[:, 2]) != 24
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise BadArgument(f"row {i} of hands8 is not three disjoint 8-card hands")
    f = features(h)
    cond = meets(rules, "exchange", f["nines"], f["points"], f["jacks"])
    return cond if by_seat else cond.any(axis=1)


@takes_rules
def redeal_after_many(hands8, rules) -> np.ndarray:
    """After-exchange redeal condition of many deals' three 8-card hands.

    Parameters
    ----------
    hands8 : ndarray of shape (n, 3), integer masks
        The 8-card hands after the gift (declarer, left, right).
    rules : Rules
        (not resolved: callers below an entry point pass the object).

    Returns
    -------
    ndarray of shape (n,), bool
        ``rules.redeal_after_four_nines`` and a hand holds four 9s,
        ``rules.redeal_after_four_jacks`` and a hand holds four jacks, or
        ``rules.redeal_after_hand_under`` > 0 and a hand has fewer card
        points (RULES.md, redeals, "after the exchange" column).
    """
    arr = np.asarray(hands8, dtype=np.uint32)
    out = np.zeros(arr.shape[0], dtype=bool)
    if rules.redeal_after_four_nines:
        out |= (cards.count_rank(arr, 0) == 4).any(axis=1)
    if rules.redeal_after_four_jacks:
        out |= (cards.count_rank(arr, 1) == 4).any(axis=1)
    if rules.redeal_after_hand_under:
        out |= (cards.card_points(arr) < rules.redeal_after_hand_under).any(axis=1)
    return out


@takes_rules
def redeal_after(hands8, rules) -> bool:
    """After-exchange redeal condition of one deal's three 8-card hands
    (:func:`redeal_after_many` of one row)."""
    return bool(redeal_after_many(np.asarray(hands8).reshape(1, 3), rules)[0])


@entry_point
def derived_columns(deals, rules="club") -> dict:
    """Cheap derived columns of the ``deals`` dataset.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
        hand0, hand1, hand2, widow.
    rules : str or Rules
        Profile for the redeal flags (see :func:`redeal_flags`).

    Returns
    -------
    dict of str -> ndarray of shape (n,)
        ``points0 points1 points2 points_widow`` int16: card points (0–120;
        RULES.md, common core);
        ``marriages0 marriages1 marriages2`` int8: 4-bit mask of the suits
        in which the hand holds K and Q (♠ bit 0, ♣ bit 1, ♦ bit 2, ♥ bit 3);
        ``nines0..2``, ``jacks0..2`` int8: number of 9s and of Js (0–4);
        then the redeal flags of :func:`redeal_flags`.

    Raises
    ------
    ValueError
        If ``deals`` is not an array of 7-7-7-3 partitions, or on bad rules.
    """
    d = check_deals(deals)
    feats = features(d)
    out = {}
    for s in range(3):
        out[f"points{s}"] = feats["points"][:, s]
    out["points_widow"] = feats["points"][:, 3]
    for s in range(3):
        out[f"marriages{s}"] = feats["marriages"][:, s]
    for s in range(3):
        out[f"nines{s}"] = feats["nines"][:, s]
    for s in range(3):
        out[f"jacks{s}"] = feats["jacks"][:, s]
    out.update(flags_from_features(feats, rules))
    return out
