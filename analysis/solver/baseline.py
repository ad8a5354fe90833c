"""A plain alpha-beta baseline: no transposition table, no card merging.

Written separately from :mod:`._kernel` (recursive, a simple static move
order, no bounds, no table, no merging) so that it serves both as the speed baseline
of ``benchmarks/bench_solver.py`` and as an independent check of the fast
solver on full deals (``tests/solver/test_properties.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rules import entry_point
from ._bits import (
    MVAL,
    POINTS,
    RF_FIRST_MARRIAGE,
    RF_Q_ONLY,
    beats,
    follow_mask,
    lead_mask,
    lowbit,
    rule_flags,
    trick_winner,
)
from .search import check_position

__all__ = ["baseline_value"]


# One recursive call site only: with several, numba's type inference took
# ~50 s and reloading the cached function segfaulted (numba issue #6061).
@njit(cache=True)
def _plain(hands, leader, ply, c0, c1, trump, towner, first, alpha, beta, decl, rf, depth, mbuf, stats):
    stats[0] += 1
    mover = (leader + ply) % 3
    h = hands[mover]
    if ply == 0 and h == 0:
        return 0
    maxi = mover == decl
    # move list: code = card + 32 * declared; simple static order (leads:
    # high cards first; follows: cards that leave the trick with the mover's
    # side first, points high when it does, low when it does not)
    mv = mbuf[depth]
    n = 0
    if ply == 0:
        legal = lead_mask(h, leader, trump, towner, rf)
        may_declare = first == 0 or (rf & RF_FIRST_MARRIAGE) != 0
        m = legal
        while m:
            c = lowbit(m)
            m &= m - 1
            mv[n] = c
            n += 1
            r = c % 6
            if may_declare and (r == 2 or (r == 3 and not (rf & RF_Q_ONLY))):
                if (h >> (6 * (c // 6) + 5 - r)) & 1:
                    mv[n] = c + 32
                    n += 1
        for i in range(n):  # declarations, then high ranks first
            j = i
            for k in range(i + 1, n):
                if (mv[k] // 32) * 8 + mv[k] % 6 > (mv[j] // 32) * 8 + mv[j] % 6:
                    j = k
            t = mv[i]
            mv[i] = mv[j]
            mv[j] = t
    else:
        legal = follow_mask(h, c0 // 6, trump)
        w = c0
        ws = leader
        if ply == 2 and beats(c1, c0, trump):
            w = c1
            ws = (leader + 1) % 3
        m = legal
        while m:
            c = lowbit(m)
            m &= m - 1
            mv[n] = c
            n += 1
        # two passes: moves keeping the trick on the mover's side, high
        # points first; then the others, low points first
        for i in range(n):
            j = i
            for k in range(i + 1, n):
                ck = mv[k]
                cj = mv[j]
                mk = beats(ck, w, trump) or ((ws == decl) == maxi)
                mj = beats(cj, w, trump) or ((ws == decl) == maxi)
                sk = (1000 + POINTS[ck]) if mk else -POINTS[ck]
                sj = (1000 + POINTS[cj]) if mj else -POINTS[cj]
                if sk > sj:
                    j = k
            t = mv[i]
            mv[i] = mv[j]
            mv[j] = t
    best = -(1 << 30) if maxi else (1 << 30)
    for i in range(n):
        c = mv[i] & 31
        add = 0
        t2 = trump
        o2 = towner
        if mv[i] >= 32:
            t2 = c // 6
            o2 = leader
            if leader == decl:
                add = MVAL[c // 6]
        hands[mover] = h & ~(1 << c)
        nl = leader
        nply = ply + 1
        nc0 = c0
        nc1 = c1
        nfirst = first
        if ply == 0:
            nc0 = c
        elif ply == 1:
            nc1 = c
            t2 = trump
            o2 = towner
        else:
            t2 = trump
            o2 = towner
            ws = trick_winner(c0, c1, c, leader, trump)
            if ws == decl:
                add = POINTS[c0] + POINTS[c1] + POINTS[c]
            nl = ws
            nply = 0
            nc0 = -1
            nc1 = -1
            nfirst = 0
        v = add + _plain(
            hands,
            nl,
            nply,
            nc0,
            nc1,
            t2,
            o2,
            nfirst,
            alpha - add,
            beta - add,
            decl,
            rf,
            depth + 1,
            mbuf,
            stats,
        )
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


@entry_point
def baseline_value(
    hands,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    stats=None,
) -> int:
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
    h, leader, trump, towner, first, rules = check_position(
        hands, declarer, leader, trump, trump_owner, first_trick, rules
    )
    if stats is None:
        stats = np.zeros(1, dtype=np.int64)
    arr = np.array(h, dtype=np.int64)
    mbuf = np.zeros((26, 24), dtype=np.int64)
    return int(
        _plain(
            arr,
            leader,
            0,
            -1,
            -1,
            trump,
            towner,
            first,
            -1,
            1 << 20,
            declarer,
            rule_flags(rules),
            0,
            mbuf,
            stats,
        )
    )
