"""A plain alpha-beta baseline: no transposition table, no card merging.

Written separately from :mod:`._kernel` (plain card order, no move
ordering heuristics, no bounds) so that it serves both as the speed baseline
of ``benchmarks/bench_solver.py`` and as an independent check of the fast
solver on full deals (``tests/test_solver_baseline.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._bits import (POINTS, MVAL, RF_Q_ONLY, RF_FIRST_MARRIAGE, popcount,
                    lowbit, beats, follow_mask, lead_mask, rule_flags)

__all__ = ["baseline_value"]


# Not cached: numba cannot reliably reload a cached recursive function
# (numba issue #6061); this baseline compiles in a few seconds.
@njit(cache=False)
def _plain(hands, leader, ply, c0, c1, trump, towner, first, alpha, beta,
           decl, rf, stats):
    stats[0] += 1
    mover = (leader + ply) % 3
    h = hands[mover]
    if ply == 0 and h == 0:
        return 0
    maxi = mover == decl
    best = -(1 << 30) if maxi else (1 << 30)
    if ply == 0:
        legal = lead_mask(h, leader, trump, towner, rf)
        may_declare = first == 0 or (rf & RF_FIRST_MARRIAGE) != 0
        n_variants = 2
    else:
        legal = follow_mask(h, c0 // 6, trump)
        may_declare = False
        n_variants = 1
    m = legal
    while m:
        c = lowbit(m)
        m &= m - 1
        for variant in range(n_variants):
            add = 0
            t2 = trump
            o2 = towner
            if variant == 1:
                s = c // 6
                r = c % 6
                if not may_declare or r < 2 or r > 3:
                    continue
                if r == 3 and (rf & RF_Q_ONLY):
                    continue
                partner = 6 * s + (5 - r)
                if not (h >> partner) & 1:
                    continue
                t2 = s
                o2 = leader
                if leader == decl:
                    add = MVAL[s]
            hands[mover] = h & ~(1 << c)
            if ply == 0:
                v = add + _plain(hands, leader, 1, c, -1, t2, o2, first,
                                 alpha - add, beta - add, decl, rf, stats)
            elif ply == 1:
                v = _plain(hands, leader, 2, c0, c, trump, towner, first,
                           alpha, beta, decl, rf, stats)
            else:
                w = c0
                ws = leader
                if beats(c1, w, trump):
                    w = c1
                    ws = (leader + 1) % 3
                if beats(c, w, trump):
                    ws = mover
                if ws == decl:
                    add = POINTS[c0] + POINTS[c1] + POINTS[c]
                v = add + _plain(hands, ws, 0, -1, -1, trump, towner, 0,
                                 alpha - add, beta - add, decl, rf, stats)
            hands[mover] = h
            if maxi:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                return best
    return best


def baseline_value(hands, *, declarer=0, leader=None, trump=None,
                   trump_owner=None, first_trick=None, rules="club",
                   stats=None) -> int:
    """Declarer's points from a trick-boundary position, by plain alpha-beta.

    Same contract as :func:`analysis.solver.play_value` (DESIGN.md,
    contract 3), but slow: use it for checks and benchmarks only.

    Parameters
    ----------
    hands : sequence of 3 int
        Bit masks of seats 0, 1, 2 (equal counts, disjoint).
    stats : ndarray of shape (>=1,), int64, optional
        ``stats[0]`` is incremented by the number of nodes visited.

    Returns
    -------
    int
        Card points of tricks the declarer wins plus his declared marriages.

    Raises
    ------
    ValueError
        On invalid input (see :func:`analysis.solver.play_value`).
    """
    from .api import _prepare
    h, leader, trump, towner, first, rules = _prepare(
        hands, declarer, leader, trump, trump_owner, first_trick, rules)
    if stats is None:
        stats = np.zeros(1, dtype=np.int64)
    arr = np.array(h, dtype=np.int64)
    return int(_plain(arr, leader, 0, -1, -1, trump, towner, first,
                      -1, 1 << 20, declarer, rule_flags(rules), stats))
