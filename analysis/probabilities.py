"""Exact probabilities of hands, widows and redeals, as ``fractions.Fraction``.

Everything here is counted, not sampled, so notebooks and tests can print a
Monte Carlo estimate beside the true value.  A deal is a uniformly random
partition 7-7-7-3 of the 24 cards (RULES.md, common core), a "k-card hand" a
uniformly random k-subset of the deck.  (An 8- or 10-card hand of the
declarer after the exchange is *not* uniform, his choices shape it; the
k-card functions describe a random k-card hand, e.g. 7 cards plus a random
widow gives the 10-card distribution.)

Methods
-------
Single hands: generating functions.  The number of k-subsets with ``p`` card
points is the coefficient of ``x^k y^p`` in ``prod over cards (1 + x y^pts)``
(an exact integer dynamic programme over the 24 cards); dividing by
``C(24, k)`` gives :func:`hand_points_distribution`.  Marriages depend only on
the 8 kings and queens: summing over the ``2^8`` subsets ``S`` of them, with
``C(16, k - |S|)`` ways to fill the hand, gives
:func:`marriage_sum_distribution`.

Whole deals: enumeration of rank-count tables.  Points and 9s depend only on
how many cards of each rank every seat holds, a 6×4 table ``n[rank, seat]``
with row sums 4 (the four suits) and column sums 7, 7, 7, 3.  There are few
such tables (:func:`deal_rank_counts`), and a table arises from
``prod over ranks 4! / prod over seats n[rank, seat]!`` deals; the weights
sum to ``N = 807,723,671,040``.  Any event on points and rank counts of the
three hands and the widow (a union over hands included) is the sum of the
weights of its tables divided by N — exact, no independence assumed
(:func:`deal_event_probability`, :func:`redeal_probabilities`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from math import comb, factorial

import numba
import numpy as np

from . import cards
from .deal import N_DEALS
from .errors import BadArgument
from .rules import as_rules
from .rules.redeal_conditions import stage_limits

__all__ = [
    "hand_points_distribution",
    "p_hand_points_under",
    "marriage_sum_distribution",
    "p_four_nines",
    "p_widow_points_under",
    "p_widow_two_nines",
    "p_any_four_nines",
    "p_any_four_jacks",
    "p_four_aces",
    "p_ace_marriage_possible",
    "deal_rank_counts",
    "deal_event_probability",
    "redeal_probabilities",
]

_N_DEALS = N_DEALS
_RANK_POINTS = [int(v) for v in cards.RANK_POINTS]


def _check_k(k) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= 24:
        raise BadArgument(f"hand size must be an integer 0..24, got {k!r}")
    return int(k)


@cache
def _points_counts(k: int) -> tuple:
    # ways[size][points] over the cards processed so far.
    ways = [[0] * 121 for _ in range(k + 1)]
    ways[0][0] = 1
    for c in range(24):
        pts = int(cards.CARD_POINTS[c])
        for size in range(min(k, c + 1), 0, -1):
            row, prev = ways[size], ways[size - 1]
            for p in range(120, pts - 1, -1):
                if prev[p - pts]:
                    row[p] += prev[p - pts]
    return tuple(ways[k])


def hand_points_distribution(k: int = 7) -> dict:
    """Distribution of the card points of a random k-card hand.

    Parameters
    ----------
    k : int
        Hand size, 0..24 (7: a dealt hand; 3: the widow; 8 and 10: random
        hands of those sizes).

    Returns
    -------
    dict of int -> Fraction
        ``P(points = p)`` for every reachable ``p`` (card points, 0–120;
        9=0, J=2, Q=3, K=4, 10=10, A=11), summing to 1.

    Raises
    ------
    ValueError
        If k is not an integer 0..24.

    Examples
    --------
    >>> hand_points_distribution(1)[11]
    Fraction(1, 6)
    """
    k = _check_k(k)
    total = comb(24, k)
    return {p: Fraction(w, total) for p, w in enumerate(_points_counts(k)) if w}


def p_hand_points_under(t: int, k: int = 7) -> Fraction:
    """``P(points < t)`` for a random k-card hand (RULES.md, "Redeals").

    Parameters
    ----------
    t : int
        Threshold in card points (club's pre-bidding redeal: 14).
    k : int
        Hand size 0..24.

    Returns
    -------
    Fraction

    Raises
    ------
    ValueError
        If k is not an integer 0..24 or t is not an integer.
    """
    if isinstance(t, bool) or not isinstance(t, (int, np.integer)):
        raise BadArgument(f"threshold must be an integer, got {t!r}")
    return sum((v for p, v in hand_points_distribution(k).items() if p < t), Fraction(0))


def marriage_sum_distribution(k: int = 7) -> dict:
    """Distribution of the total marriage value held in a random k-card hand.

    Parameters
    ----------
    k : int
        Hand size 0..24.

    Returns
    -------
    dict of int -> Fraction
        ``P(sum = v)`` where ``v`` sums 40 (♠), 60 (♣), 80 (♦), 100 (♥) over
        the suits whose K and Q are both in the hand (0–280; RULES.md,
        common core); sums to 1.

    Raises
    ------
    ValueError
        If k is not an integer 0..24.

    Examples
    --------
    >>> marriage_sum_distribution(2)[100] == Fraction(1, 276)
    True
    """
    k = _check_k(k)
    counts: dict[int, int] = {}
    for sub in range(256):  # bit 2s: Q of suit s, bit 2s+1: K of suit s
        size = bin(sub).count("1")
        if size > k:
            continue
        value = sum(int(cards.MARRIAGE_VALUES[s]) for s in range(4) if (sub >> (2 * s)) & 3 == 3)
        counts[value] = counts.get(value, 0) + comb(16, k - size)
    total = comb(24, k)
    return {v: Fraction(w, total) for v, w in sorted(counts.items()) if w}


def p_four_nines(k: int = 7) -> Fraction:
    """``P(a given random k-card hand holds all four 9s) = C(20, k-4) / C(24, k)``.

    Raises
    ------
    ValueError
        If k is not an integer 0..24.
    """
    k = _check_k(k)
    return Fraction(comb(20, k - 4) if k >= 4 else 0, comb(24, k))


def p_widow_points_under(t: int) -> Fraction:
    """``P(widow card points < t)`` (club and book redeal at t = 5, wiki 3)."""
    return p_hand_points_under(t, 3)


def p_widow_two_nines() -> Fraction:
    """``P(two or more 9s in the widow) = (C(4,2) C(20,1) + C(4,3)) / C(24,3)`` (wiki)."""
    return Fraction(comb(4, 2) * 20 + comb(4, 3), comb(24, 3))


# --- whole deals: rank-count tables ---------------------------------------


@numba.njit(cache=True)
def _enumerate_tables(comps, cweights, caps, out_counts, out_weights, fill):
    """Depth-first over rows (ranks); the last row is forced by the caps."""
    n_comp = comps.shape[0]
    lookup = np.zeros((5, 5, 5), dtype=np.int64)
    for j in range(n_comp):
        lookup[comps[j, 0], comps[j, 1], comps[j, 2]] = j
    found = 0
    idx = np.zeros(6, dtype=np.int64)
    col = np.zeros((7, 4), dtype=np.int64)  # column sums after each row
    level = 0
    idx[0] = -1
    while level >= 0:
        idx[level] += 1
        if idx[level] >= n_comp:
            level -= 1
            continue
        ok = True
        for s in range(4):
            col[level + 1, s] = col[level, s] + comps[idx[level], s]
            rest = caps[s] - col[level + 1, s]
            if rest < 0 or rest > 4 * (5 - level):
                ok = False
        if not ok:
            continue
        if level < 4:
            level += 1
            idx[level] = -1
            continue
        # level 4: the sixth row is caps - col, a composition of 4.
        last = lookup[caps[0] - col[5, 0], caps[1] - col[5, 1], caps[2] - col[5, 2]]
        if fill:
            w = cweights[last]
            for r in range(5):
                w *= cweights[idx[r]]
                for s in range(4):
                    out_counts[found, r, s] = comps[idx[r], s]
            for s in range(4):
                out_counts[found, 5, s] = comps[last, s]
            out_weights[found] = w
        found += 1
    return found


@lru_cache(maxsize=4)
def _rank_tables(caps: tuple) -> tuple:
    """Rank-count tables for seats of sizes ``caps`` (summing to 24)."""
    if len(caps) != 4 or sum(caps) != 24 or min(caps) < 0:
        raise BadArgument(f"seat sizes must be four counts summing to 24, got {caps}")
    comps = np.array(
        [(a, b, c, 4 - a - b - c) for a in range(5) for b in range(5 - a) for c in range(5 - a - b)],
        dtype=np.int64,
    )
    cw = np.array(
        [factorial(4) // np.prod([factorial(int(x)) for x in row]) for row in comps], dtype=np.int64
    )
    caps_a = np.array(caps, dtype=np.int64)
    dummy_c = np.zeros((1, 6, 4), dtype=np.int8)
    dummy_w = np.zeros(1, dtype=np.int64)
    m = _enumerate_tables(comps, cw, caps_a, dummy_c, dummy_w, False)
    counts = np.zeros((m, 6, 4), dtype=np.int8)
    weights = np.zeros(m, dtype=np.int64)
    _enumerate_tables(comps, cw, caps_a, counts, weights, True)
    points = np.zeros((m, 4), dtype=np.int16)
    for r in range(6):
        points += counts[:, r, :].astype(np.int16) * np.int16(_RANK_POINTS[r])
    for a in (counts, weights, points):
        a.flags.writeable = False
    return counts, weights, points


def deal_rank_counts() -> tuple:
    """All rank-count tables of a deal with the number of deals of each.

    Returns
    -------
    counts : ndarray of shape (m, 6, 4), int8
        ``counts[i, rank, seat]``: cards of rank 9, J, Q, K, 10, A (0..5)
        held by hand0, hand1, hand2, widow; rows sum to 4, columns to
        7, 7, 7, 3.
    weights : ndarray of shape (m,), int64
        Number of deals with that table, ``prod_rank 4! / prod_seat n!``;
        they sum to 807,723,671,040.
    points : ndarray of shape (m, 4), int16
        Card points of hand0, hand1, hand2, widow (0–120).

    Notes
    -----
    m = 3,818,220; the arrays (about 130 MB) are computed once (about 2 s)
    and cached.
    """
    counts, weights, points = _rank_tables((7, 7, 7, 3))
    if int(weights.sum()) != _N_DEALS:  # pragma: no cover - internal invariant
        raise RuntimeError("rank-count tables do not cover the deals")
    return counts, weights, points


def deal_event_probability(event) -> Fraction:
    """Exact probability of an event that depends on rank counts only.

    Parameters
    ----------
    event : callable
        ``event(counts, points) -> ndarray of shape (m,), bool`` where
        ``counts`` is the (m, 6, 4) int8 array of :func:`deal_rank_counts`
        and ``points`` the (m, 4) int16 card points of hand0, hand1, hand2
        and the widow.

    Returns
    -------
    Fraction
        Sum of the weights of the tables where the event holds, divided by
        807,723,671,040.

    Raises
    ------
    ValueError
        If ``event`` does not return one bool per table.

    Examples
    --------
    >>> from math import comb
    >>> deal_event_probability(lambda n, p: (n[:, 0, :3] == 4).any(axis=1)) \\
    ...     == Fraction(3 * comb(20, 3), comb(24, 7))
    True
    """
    counts, weights, points = deal_rank_counts()
    hit = np.asarray(event(counts, points))
    if hit.shape != weights.shape or hit.dtype != np.bool_:
        raise BadArgument(
            f"event must return a bool array of shape {weights.shape}, got {hit.dtype} {hit.shape}"
        )
    return Fraction(int(weights[hit].sum()), _N_DEALS)


def p_any_four_nines() -> Fraction:
    """``P(some hand holds all four 9s)`` = 3 C(20,3) / C(24,7) (disjoint events)."""
    return deal_event_probability(lambda n, p: (n[:, 0, :3] == 4).any(axis=1))


def p_any_four_jacks() -> Fraction:
    """``P(some hand holds all four jacks)`` = 3 C(20,3) / C(24,7) (disjoint
    events), the four-jacks redeal's rate (``redeal_four_jacks``: ua, wiki).

    Examples
    --------
    >>> p_any_four_jacks() == p_any_four_nines()
    True
    """
    return deal_event_probability(lambda n, p: (n[:, 1, :3] == 4).any(axis=1))


def p_four_aces(k: int = 7) -> Fraction:
    """``P(a given random k-card hand holds all four aces) = C(20, k-4) / C(24, k)``
    (RULES.md, "Ace marriage"): 1140 / 346104 ≈ 0.33 % for a 7-card hand,
    38760 / 1961256 ≈ 1.98 % for the declarer's 10 cards (hand and widow).

    Raises
    ------
    ValueError
        If k is not an integer 0..24.
    """
    return p_four_nines(k)  # any four named cards: the same count as the four 9s


def p_ace_marriage_possible() -> Fraction:
    """``P(after the widow some player holds the four aces)``, for a given
    declarer seat (RULES.md, "Ace marriage"): his 10 cards hold them, or one
    defender's 7 do (disjoint events), ``C(20,6)/C(24,10) + 2 C(20,3)/C(24,7)``
    ≈ 2.63 %.  Only then can the ace marriage be declared (the declarer may
    keep the four aces in his 8 cards; a defender's four stay in his hand)."""
    return p_four_aces(10) + 2 * p_four_aces(7)


def redeal_probabilities(rules="club") -> dict:
    """Exact probabilities of a profile's deal-only redeal conditions.

    Parameters
    ----------
    rules : str or Rules
        Profile name or ``Rules`` (RULES.md, "Redeals": before bidding and
        when the widow is shown; the after-exchange stage depends on play
        choices and is not a property of the deal).

    Returns
    -------
    dict of str -> Fraction
        Keys as the columns of :func:`analysis.redeal.redeal_flags` (the
        probability that the flag is set in a random deal):
        ``four_nines_any``, ``hand_under_any``, ``four_jacks_any`` (a hand
        with four jacks, ``redeal_four_jacks``, ua, wiki: 3 C(20,3)/C(24,7)
        when on, else 0; no column of the deals), ``redeal_bidding`` (their
        union over the three hands, exact), ``widow_under``,
        ``widow_two_nines``, ``redeal_widow``; plus ``redeal_before_play``
        (bidding or widow stage) and ``widow_given_no_bidding``
        (``P(widow stage | no before-bidding redeal)``, the rate at which a
        shown widow is redealt).

    Raises
    ------
    ValueError
        On unknown rules.

    Examples
    --------
    >>> redeal_probabilities("classic")["redeal_before_play"]
    Fraction(0, 1)
    """
    rules = as_rules(rules)
    counts, weights, points = deal_rank_counts()
    hand_nines, hand_under, hand_jacks = stage_limits(rules, "bidding")
    widow_nines, widow_under, _ = stage_limits(rules, "widow")
    four = (counts[:, 0, :3] >= hand_nines).any(axis=1)
    jacks = (counts[:, 1, :3] >= hand_jacks).any(axis=1)
    under = (points[:, :3] < hand_under).any(axis=1)
    w_under = points[:, 3] < widow_under
    w_nines = counts[:, 0, 3] >= widow_nines
    bidding = four | under | jacks
    widow = w_under | w_nines

    def prob(hit):
        return Fraction(int(weights[hit].sum()), _N_DEALS)

    out = {
        "four_nines_any": prob(four),
        "hand_under_any": prob(under),
        "four_jacks_any": prob(jacks),
        "redeal_bidding": prob(bidding),
        "widow_under": prob(w_under),
        "widow_two_nines": prob(w_nines),
        "redeal_widow": prob(widow),
        "redeal_before_play": prob(bidding | widow),
    }
    no_bid = 1 - out["redeal_bidding"]
    out["widow_given_no_bidding"] = prob(widow & ~bidding) / no_bid if no_bid else Fraction(0)
    return out
