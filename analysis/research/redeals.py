"""Redeal frequencies per profile and per threshold, beside the exact values.

The deal-only redeal stages of RULES.md ("Redeals": before bidding and when
the widow is shown) are properties of the deal, so one sample of deals
serves every profile and every threshold (common random numbers: the
differences between profiles are not blurred by different samples).  Each
Monte Carlo frequency carries a 95 % interval
(:func:`analysis.stats.proportion_ci`: Wilson, Clopper–Pearson near 0 or 1)
and sits beside its exact probability (:func:`analysis.probabilities.redeal_probabilities`).
The after-exchange stage depends on the declarer's gift, so no single rate
describes it: :func:`played_bounds` gives the exact deals dealt per deal
played between the gift that never causes it and the one that causes it
whenever it can (:func:`analysis.gift_redeals.gift_redeal_probabilities`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..gift_redeals import gift_redeal_probabilities
from ..probabilities import redeal_probabilities
from ..redeal import features, flags_from_features
from ..rules import as_rules
from ..stats import proportion_ci, z_score

__all__ = [
    "profile_redeals",
    "threshold_sweep",
    "deals_per_played",
    "played_bounds",
    "distinct_rows",
    "direction",
]

#: Events reported, with their stage and a reader's label (RULES.md, "Redeals").
EVENT_LABELS = {
    "four_nines_any": ("before bidding", "a hand with four 9s"),
    "hand_under_any": ("before bidding", "a hand under {hand} card points"),
    "redeal_bidding": ("before bidding", "any before-bidding condition"),
    "widow_under": ("widow shown", "widow under {widow} card points"),
    "widow_two_nines": ("widow shown", "two or more 9s in the widow"),
    "redeal_widow": ("widow shown", "any widow condition"),
    "redeal_before_play": ("either", "the deal is redealt (either stage)"),
}

#: Whether a profile has the condition; a stage's "any" row only where it
#: has two conditions (with one, it would repeat that condition's row).
_ON = {
    "four_nines_any": lambda r: r.redeal_four_nines,
    "hand_under_any": lambda r: r.redeal_hand_under > 0,
    "redeal_bidding": lambda r: r.redeal_four_nines and r.redeal_hand_under > 0,
    "widow_under": lambda r: r.redeal_widow_under > 0,
    "widow_two_nines": lambda r: r.redeal_widow_two_nines,
    "redeal_widow": lambda r: r.redeal_widow_under > 0 and r.redeal_widow_two_nines,
    "redeal_before_play": lambda r: True,
}


def _features(deals):
    if isinstance(deals, dict):
        return deals
    return features(np.asarray(deals, dtype=np.uint32))


def _counts(feats: dict, rules) -> dict:
    f = flags_from_features(feats, rules)
    out = {e: int(np.count_nonzero(f[e])) for e in EVENT_LABELS if e in f}
    out["redeal_before_play"] = int(np.count_nonzero(f["redeal_bidding"] | f["redeal_widow"]))
    return out


def _rows(counts: dict, n: int, exact: dict, events) -> dict:
    k = np.array([counts[e] for e in events], dtype=np.int64)
    lo, hi = proportion_ci(k, np.full(len(k), n))
    ex = np.array([float(exact[e]) for e in events])
    return {
        "count": k,
        "deals": n,
        "p": k / n,
        "ci_low": np.atleast_1d(lo),
        "ci_high": np.atleast_1d(hi),
        "exact": ex,
        "z": z_score(k, n, ex),
    }


def profile_redeals(
    deals, profiles=("club", "classic", "book", "ua", "wiki"), all_events: bool = False
) -> pd.DataFrame:
    """How often each redeal condition fires, per profile, on one sample.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks, or dict
        hand0, hand1, hand2, widow (or their :func:`analysis.redeal.features`).
    profiles : sequence of str or Rules
    all_events : bool
        Keep the rows of conditions a profile does not have (always 0).

    Returns
    -------
    pandas.DataFrame
        One row per (profile, event) with ``stage``, ``condition`` (label),
        ``claim`` ('forced' or 'claimable', the profile's ``redeal_claim``;
        '—' where the profile has no redeals), ``count``, ``deals``, ``p``,
        ``ci_low``, ``ci_high`` (95 %), ``exact`` (probability per deal
        dealt) and ``z`` (deviation in standard errors of the exact value).

    Raises
    ------
    ValueError
        On bad deals or an unknown profile.
    """
    feats = _features(deals)
    n = int(feats["points"].shape[0])
    if n == 0:
        raise ValueError("profile_redeals needs at least one deal")
    frames = []
    for prof in profiles:
        r = as_rules(prof)
        events = [e for e in EVENT_LABELS if all_events or _ON[e](r)]
        cols = _rows(_counts(feats, r), n, redeal_probabilities(r), events)
        # any one condition redeals (book: four 9s and a weak widow, each alone)
        atoms = ("four_nines_any", "hand_under_any", "widow_under", "widow_two_nines")
        any_redeal = any(_ON[e](r) for e in atoms)
        df = pd.DataFrame(
            {
                "profile": r.name,
                "event": events,
                "stage": [EVENT_LABELS[e][0] for e in events],
                "condition": [
                    EVENT_LABELS[e][1].format(hand=r.redeal_hand_under, widow=r.redeal_widow_under)
                    for e in events
                ],
                "claim": r.redeal_claim if any_redeal else "—",
                **cols,
            }
        )
        frames.append(df)
    return pd.concat(frames, ignore_index=True).set_index(["profile", "event"])


def threshold_sweep(deals, hand=(13, 14, 15), widow=(3, 5, 6, 8), base="club") -> pd.DataFrame:
    """Redeal frequency as the point thresholds change (house conventions).

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks, or dict of features
    hand : sequence of int
        Values of ``redeal_hand_under`` (a 7-card hand under this many card
        points is redealt before bidding; club 14, wiki 13–15 by agreement).
    widow : sequence of int
        Values of ``redeal_widow_under`` (club and book 5, wiki 3).
    base : str or Rules
        The other conventions (four 9s and so on) come from this profile.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``hand_under``, ``widow_under``) — every combination —
        with the columns of :func:`profile_redeals` for three events:
        ``p_hand``/``exact_hand`` (a hand under the threshold),
        ``p_widow``/``exact_widow`` (widow under the threshold) and
        ``count``, ``p``, ``ci_low``, ``ci_high``, ``exact``, ``z`` for the
        deal being redealt before play at all.

    Raises
    ------
    ValueError
        On thresholds outside 0..120 or an empty sample.
    """
    feats = _features(deals)
    n = int(feats["points"].shape[0])
    if n == 0:
        raise ValueError("threshold_sweep needs at least one deal")
    base = as_rules(base)
    rows = []
    for h in hand:
        for w in widow:
            r = base.with_changes(redeal_hand_under=int(h), redeal_widow_under=int(w))
            c = _counts(feats, r)
            ex = redeal_probabilities(r)
            rows.append(
                {
                    "hand_under": int(h),
                    "widow_under": int(w),
                    "count_hand": c["hand_under_any"],
                    "exact_hand": float(ex["hand_under_any"]),
                    "count_widow": c["widow_under"],
                    "exact_widow": float(ex["widow_under"]),
                    "count": c["redeal_before_play"],
                    "exact": float(ex["redeal_before_play"]),
                }
            )
    df = pd.DataFrame(rows).set_index(["hand_under", "widow_under"])
    df["deals"] = n
    for suffix in ("_hand", "_widow", ""):
        k = df[f"count{suffix}"].to_numpy()
        lo, hi = proportion_ci(k, np.full(len(k), n))
        df[f"p{suffix}"] = k / n
        df[f"ci_low{suffix}"] = lo
        df[f"ci_high{suffix}"] = hi
    df["z"] = z_score(df["count"].to_numpy(), n, df["exact"].to_numpy())
    return df


def deals_per_played(p, ci_low=None, ci_high=None):
    """Deals dealt per deal played when each deal is redealt with probability ``p``.

    Redeals are independent fresh deals, so the number dealt until one is
    played is geometric with mean ``1 / (1 - p)``.  The map is increasing,
    so the interval of ``p`` maps to an interval of the mean.

    Parameters
    ----------
    p, ci_low, ci_high : float or ndarray of float
        Redeal probability per deal dealt (0 ≤ p < 1) and its interval.

    Returns
    -------
    ndarray of float64, or a tuple of three when the interval is given
        Deals dealt per deal played (≥ 1).

    Raises
    ------
    ValueError
        If a probability is outside [0, 1).

    Examples
    --------
    >>> float(deals_per_played(0.2))
    1.25
    """
    out = []
    for v in (p, ci_low, ci_high):
        if v is None:
            continue
        a = np.asarray(v, dtype=np.float64)
        if np.any((a < 0) | (a >= 1)):
            raise ValueError("redeal probabilities must be in [0, 1)")
        out.append(1.0 / (1.0 - a))
    return out[0] if len(out) == 1 else tuple(out)


def played_bounds(rules) -> dict:
    """Exact deals dealt per deal played, the after-exchange redeals included, as bounds.

    A deal is played when no condition fires before bidding or at the
    widow (probability ``1 − p``) and then none after the exchange.  The
    after-exchange stage depends on the declarer's gift: given a deal that
    reached the exchange, it fires with a probability between ``q_low``
    (only where every gift causes it) and ``q_high`` (wherever some gift
    does), so the deals dealt per deal played lie between
    ``1 / ((1 − p)(1 − q_low))`` and ``1 / ((1 − p)(1 − q_high))``.  Every
    condition is counted as acted on (a claimable one as claimed).

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    dict of str -> float
        ``before_exchange`` (deals dealt per deal reaching the exchange,
        ``1 / (1 − p)``), ``q_low``, ``q_high`` (after-exchange redeal
        probability per deal reaching it, :func:`gift_redeal_probabilities`'
        ``unavoidable_played`` and ``possible_played``), ``low`` and
        ``high`` (deals dealt per deal played); ``after_exchange`` (bool:
        the rules have an after-exchange condition).

    Raises
    ------
    ValueError
        On unknown rules.

    Examples
    --------
    >>> played_bounds("classic")["high"]
    1.0
    """
    r = as_rules(rules)
    p = float(redeal_probabilities(r)["redeal_before_play"])
    g = gift_redeal_probabilities(r)
    q_low, q_high = float(g["unavoidable_played"]), float(g["possible_played"])
    before = 1.0 / (1.0 - p)
    return {
        "before_exchange": before,
        "q_low": q_low,
        "q_high": q_high,
        "low": before / (1.0 - q_low),
        "high": before / (1.0 - q_high),
        "after_exchange": bool(g["possible"] > 0),
    }


def distinct_rows(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of :func:`profile_redeals` that count distinct sets of deals.

    One condition appears under several profiles (club's and wiki's four
    9s), and a stage's "any" row may count exactly the deals of one of its
    conditions (wiki: a widow under 3 points always holds two 9s); rows
    with the same ``condition`` label and count, or the same count and the
    same exact probability, count the same deals on one sample.  Rows of
    conditions the rules never meet (exact 0) are left out.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`profile_redeals`.

    Returns
    -------
    pandas.DataFrame
        The first row of each distinct set, in the table's order.
    """
    t = table[table["exact"] > 0]
    keep = ~t.duplicated(["count", "exact"]) & ~t.duplicated(["condition", "count"])
    return t[keep.to_numpy()]


def direction(z) -> str | None:
    """Which way a set of deviations from the exact values runs.

    Parameters
    ----------
    z : array-like of float
        Deviations in standard errors (the ``z`` column of
        :func:`profile_redeals`): positive where the sample counts more
        deals than the exact probability expects.

    Returns
    -------
    str or None
        ``"high"`` when every one is positive, ``"low"`` when every one
        is negative, None when they go both ways, one is 0 or there is none.

    Examples
    --------
    >>> direction([0.3, 1.2]), direction([-0.29, -1.47, -0.89]), direction([0.5, -0.1])
    ('high', 'low', None)
    """
    z = np.asarray(z, float)
    if not z.size:
        return None
    if (z > 0).all():
        return "high"
    if (z < 0).all():
        return "low"
    return None
