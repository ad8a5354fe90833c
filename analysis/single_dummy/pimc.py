"""The best option by mean J over worlds, with exact pruning.

A PIMC decision takes, among ``n`` options (gifts, or the legal moves of a
card decision), the one with the best mean objective over ``W`` worlds,
the first in order among ties.  Solving every option exactly in every world
costs ``n * W`` full-window searches.  :func:`best_option` gets the same
answer with far fewer: it keeps a reference option ``r`` with exact values
in every world and, for each other option ``i``, asks the solver first a
threshold question per world ("does ``i`` reach ``J(r, w)``?", one
null-window search, about 30 times cheaper than an exact one at the deal's
start).  Where it does not, the search's fail-soft result bounds ``J(i, w)``
from above; where it does, ``J(i, w)`` is solved (in a half-open window).
If the sum of these bounds cannot beat ``r``'s sum, ``i`` is dropped; else
it is solved in every world and replaces ``r`` when its mean is better
(docs/SINGLE_DUMMY.md, section 3).  The answer is the one of solving
everything.

The solves run on the solver's kernels through its node functions
(:func:`analysis.solver._drivers.apply_move`,
:func:`analysis.solver._kernel.search`) with the J objective (mode 1),
sharing the process's transposition tables (:data:`analysis.solver.api.STATE`).
"""

from __future__ import annotations

import numpy as np

from ..solver import _drivers
from ..solver._bits import rule_flags
from ..solver._kernel import search
from ..solver.api import STATE
from ..solver.position import kernel_args

__all__ = ["best_option", "BoundaryWorlds", "MoveWorlds"]

_BIG = int(_drivers.BIG)
_J = 1  # the kernels' mode for the J objective


def _run(node, alpha, beta, decl, rf, stats):
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    v = search(*node, alpha, beta, decl, _J, rf, jt, vt, mbuf, sbuf, sk, st)
    if stats is not None:
        stats[0] += st[0]
    st[0] = 0
    return int(v)


class BoundaryWorlds:
    """Options that are positions at a trick boundary (the gifts): option
    ``i`` in world ``w`` is ``hands(i, w)``, the declarer (seat 0) to lead
    the deal's first trick, no trump, nothing taken yet."""

    def __init__(self, hands, rules, stats=None):
        self.hands = hands
        self.rf = rule_flags(rules)
        self.stats = stats

    def value(self, i, w, alpha=-_BIG, beta=_BIG):
        h = self.hands(i, w)
        node = (int(h[0]), int(h[1]), int(h[2]), 0, 0, -1, -1, -1, 0, 1, 0)
        return _run(node, alpha, beta, 0, self.rf, self.stats)


class MoveWorlds:
    """Options that are the legal moves of one decision, in each world.

    Parameters
    ----------
    positions : list of Position
        The decision's position in each world (same mover, table and legal
        moves; the hidden hands differ).
    rules : Rules
    stats : ndarray of int64, optional

    Attributes
    ----------
    moves : list of (int, bool)
        The legal moves (card, declared) in the solver's order.
    """

    def __init__(self, positions, rules, stats=None):
        self.rf = rule_flags(rules)
        self.stats = stats
        self.children = []
        self.moves = None
        for pos in positions:
            args, _ = kernel_args(pos, rules)
            h0, h1, h2, leader, ply, c0, c1, t, owner, first, bits, decl = args
            out = np.zeros(24, dtype=np.int64)
            h = (h0, h1, h2)[(leader + ply) % 3]
            n = _drivers._moves(h, ply, leader, c0, t, owner, first, self.rf, out)
            codes = [int(x) for x in out[:n]]
            if self.moves is None:
                self.moves = [(c & 31, bool(c & _drivers.DECLARE)) for c in codes]
            kids = []
            for c in codes:
                add, *node = _drivers.apply_move(c, *args, _J, self.rf)
                kids.append((int(add), tuple(int(x) for x in node)))
            self.children.append(kids)
        self.decl = positions[0].declarer

    def value(self, i, w, alpha=-_BIG, beta=_BIG):
        add, node = self.children[w][i]
        return add + _run(node, alpha - add, beta - add, self.decl, self.rf, self.stats)


def best_option(worlds, n, w, *, maximise=True, first=0, known=None):
    """Index of the option with the best mean J over ``w`` worlds.

    Parameters
    ----------
    worlds : BoundaryWorlds or MoveWorlds
        ``worlds.value(i, k, alpha, beta)``: J of option ``i`` in world
        ``k`` (exact inside the window, a bound outside, as alpha-beta).
    n, w : int
        Options and worlds.
    maximise : bool
        The declarer maximises J, a defender minimises it.
    first : int
        The option tried first as the reference (a good guess saves work;
        the answer does not depend on it).
    known : dict, optional
        ``{(i, k): J}`` exact values already solved.

    Returns
    -------
    best : int
        The option with the highest (lowest when not ``maximise``) mean J,
        the lowest index among ties: the same as solving everything.
    exact : int
        Options solved exactly in every world (the rest were dropped by
        threshold searches).
    """
    sign = 1 if maximise else -1
    cache = dict(known or {})

    below = {}  # (i, k) -> u known to be at most this (from a failed test)

    def exact(i, k, thr=None):
        # exact J; with ``thr`` (u units) the value is known to reach it, with
        # a bound from a failed test known not to exceed it: a half-open
        # window suffices
        if (i, k) not in cache:
            lo = -_BIG if thr is None else thr - 1
            hi = below.get((i, k), _BIG - 1) + 1
            if maximise:
                cache[(i, k)] = worlds.value(i, k, lo, hi)
            else:
                cache[(i, k)] = worlds.value(i, k, -hi, -lo)
        return cache[(i, k)]

    def test(i, k, thr):
        # (reaches, bound) in u = sign * J units: reaches thr, else u <= bound
        if (i, k) in cache:
            u = sign * cache[(i, k)]
            return u >= thr, u
        if maximise:
            u = worlds.value(i, k, thr - 1, thr)
        else:
            u = -worlds.value(i, k, -thr, -thr + 1)
        return u >= thr, u

    r = first
    ur = [sign * exact(r, k) for k in range(w)]
    done = {r}
    for i in range(n):
        if i in done:
            continue
        before = i < r
        # an upper bound on option i's sum: exact where it reaches r's value
        # (plus one when it must beat r strictly), the search's bound elsewhere
        ub = 0
        for k in range(w):
            thr = ur[k] + (0 if before else 1)
            hit, u = test(i, k, thr)
            if hit:
                # it reaches r's value here; often no more (equal values)
                hit, u = test(i, k, thr + 1)
                thr += 1
            if not hit:
                below[(i, k)] = u
            ub += sign * exact(i, k, thr) if hit else u
        # option i cannot beat r when its sum is at most ``target``
        target = sum(ur) - (1 if before else 0)
        # tighten: one threshold search per world asks whether that world
        # alone brings the bound down to the target (fail-soft results may
        # cut more); then exact values world by world
        for k in range(w):
            if ub <= target:
                break
            if (i, k) in cache:
                continue
            b = below[(i, k)]
            hit, u = test(i, k, b - (ub - target) + 1)
            if not hit:
                below[(i, k)] = u
                ub -= b - u
        for k in range(w):
            if ub <= target:
                break
            if (i, k) not in cache:
                ub += sign * exact(i, k) - below[(i, k)]
        if ub <= target:
            continue
        ui = [sign * exact(i, k) for k in range(w)]
        done.add(i)
        si, sr = sum(ui), sum(ur)
        if si > sr or (si == sr and before):
            r, ur = i, ui
    return r, len(done)
