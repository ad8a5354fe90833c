"""Exact probabilities of the after-exchange redeal conditions, gift by gift.

The after-exchange stage (RULES.md, "Redeals": four 9s, four jacks, an
8-card hand under some card points, counting the card received) depends on
the declarer's gift, so no single rate describes it.  Two are properties of
the cards alone, for a given declarer seat, once the widow is his:

*possible*
    some gift of two of his ten cards leaves a hand meeting a condition: he
    may cause it (a defender with three jacks is given the fourth; he keeps
    four jacks from hand and widow);
*unavoidable*
    every gift does: he cannot avoid it (a defender dealt four 9s keeps
    them whatever he receives).

Every condition depends on the rank counts of the hands only (suits never
matter), so both are exact sums over the rank-count tables of
:func:`analysis.probabilities.deal_rank_counts`: for each table, each of
the 36 ordered pairs of ranks the declarer can give (one to his left, one
to his right) gives the three 8-card hands' counts, read against the limits
of :func:`analysis.rules.redeal_conditions.stage_limits` (the same table the
simulator and the vectorized predicates read).  The seats are exchangeable,
so the figures hold for every declarer seat.

Examples
--------
>>> from math import comb
>>> from analysis.rules import PROFILES
>>> p = gift_redeal_probabilities(PROFILES["ua"].with_changes(redeal_after_four_jacks=True))
>>> p["unavoidable"] == 2 * Fraction(comb(20, 3), comb(24, 7))   # a defender was dealt four jacks
True
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from . import cards
from .deal import N_DEALS
from .probabilities import deal_rank_counts
from .rules import as_rules
from .rules.redeal_conditions import stage_limits

__all__ = ["gift_redeal_probabilities"]

_RANK_POINTS = np.array([int(v) for v in cards.RANK_POINTS], dtype=np.int16)


def _before_play(rules, counts, points) -> np.ndarray:
    """Tables with a redeal condition before bidding or when the widow is shown."""
    nines, under, jacks = stage_limits(rules, "bidding")
    w_nines, w_under, _ = stage_limits(rules, "widow")
    hit = (counts[:, 0, :3] >= nines).any(axis=1) | (counts[:, 1, :3] >= jacks).any(axis=1)
    hit |= (points[:, :3] < under).any(axis=1)
    return hit | (points[:, 3] < w_under) | (counts[:, 0, 3] >= w_nines)


def _gift_tables(rules, counts, points):
    """(possible, unavoidable) per table for declarer seat 0: bool arrays."""
    nines, under, jacks = stage_limits(rules, "exchange")
    ten = counts[:, :, 0].astype(np.int16) + counts[:, :, 3]  # (m, 6): hand0 and the widow
    ten_points = points[:, 0].astype(np.int16) + points[:, 3]
    m = len(points)
    possible = np.zeros(m, dtype=bool)
    unavoidable = np.ones(m, dtype=bool)
    for a in range(6):  # the rank given to his left
        for b in range(6):  # the rank given to his right
            can = (ten[:, a] >= 1) & (ten[:, b] >= (2 if a == b else 1))
            hit = ten_points - _RANK_POINTS[a] - _RANK_POINTS[b] < under
            for r, limit in ((0, nines), (1, jacks)):
                kept = ten[:, r] - (a == r) - (b == r)
                hit |= kept >= limit
                hit |= counts[:, r, 1] + (a == r) >= limit
                hit |= counts[:, r, 2] + (b == r) >= limit
            hit |= points[:, 1] + _RANK_POINTS[a] < under
            hit |= points[:, 2] + _RANK_POINTS[b] < under
            possible |= can & hit
            unavoidable &= ~can | hit
    return possible, unavoidable


def gift_redeal_probabilities(rules="club") -> dict:
    """Exact probabilities that the declarer's gift may cause, or cannot
    avoid, an after-exchange redeal condition.

    Parameters
    ----------
    rules : str or Rules
        Profile name or ``Rules``; its after-exchange conditions
        (``redeal_after_four_nines``, ``redeal_after_four_jacks``,
        ``redeal_after_hand_under``; RULES.md, "Redeals") and, for the
        ``_played`` keys, its conditions before bidding and at the widow.

    Returns
    -------
    dict of str -> Fraction
        For a given declarer seat in a uniformly random deal:

        - ``possible``: some gift of two of his ten cards leaves a hand
          meeting an after-exchange condition (he may cause the redeal);
        - ``unavoidable``: every gift does (the deal is redealt whatever he
          gives, where the condition is forced or claimed);
        - ``possible_played``, ``unavoidable_played``: the same given that
          no redeal condition arose before bidding or at the widow (the deals
          a table plays to the exchange when every condition is acted on).

        All 0 when the rules have no after-exchange condition.

    Raises
    ------
    ValueError
        On unknown rules.

    Notes
    -----
    Computed over the 3,818,220 rank-count tables (a few seconds the first
    time, with :func:`analysis.probabilities.deal_rank_counts` cached).
    """
    rules = as_rules(rules)
    counts, weights, points = deal_rank_counts()
    possible, unavoidable = _gift_tables(rules, counts, points)
    reached = ~_before_play(rules, counts, points)

    def prob(hit):
        return Fraction(int(weights[hit].sum()), N_DEALS)

    p_reached = prob(reached)
    out = {"possible": prob(possible), "unavoidable": prob(unavoidable)}
    for k in ("possible", "unavoidable"):
        hit = possible if k == "possible" else unavoidable
        out[f"{k}_played"] = prob(hit & reached) / p_reached if p_reached else Fraction(0)
    return out
