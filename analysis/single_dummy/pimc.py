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
(:mod:`analysis.solver.kernels`: :func:`~analysis.solver.kernels.apply_move`,
:func:`~analysis.solver.kernels.search`) with the J objective (mode 1),
sharing the process's transposition tables (:data:`~analysis.solver.kernels.STATE`).
"""

from __future__ import annotations

import numpy as np

from ..solver.kernels import BIG, DECLARE, STATE, apply_move, kernel_args, legal_moves, rule_flags, search

__all__ = ["best_option", "best_options", "BoundaryWorlds", "MoveWorlds"]

_BIG = int(BIG)
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
        self._build([kernel_args(pos, rules)[0] for pos in positions], rules, stats)

    @classmethod
    def from_layouts(cls, position, layouts, rules, stats=None):
        """The same for one public state in several layouts.

        Parameters
        ----------
        position : Position
            The decision's position in the first world (checked).
        layouts : ndarray of shape (worlds, 3), int64
            Each world's hands, seats 0-2 (its first row ``position``'s).
        rules : Rules
        stats : ndarray of int64, optional
        """
        args = kernel_args(position, rules)[0]
        self = cls.__new__(cls)
        self._build([(int(a), int(b), int(c), *args[3:]) for a, b, c in layouts.tolist()], rules, stats)
        return self

    def _build(self, nodes, rules, stats):
        # the moves and what each adds depend on the public state only, the
        # same in every world: only the hands differ from world to world
        self.rf = rule_flags(rules)
        self.stats = stats
        h0, h1, h2, leader, ply, c0, c1, t, owner, first, bits, decl = nodes[0]
        out = np.zeros(24, dtype=np.int64)
        h = (h0, h1, h2)[(leader + ply) % 3]
        n = legal_moves(h, ply, leader, c0, t, owner, first, self.rf, out)
        codes = [int(x) for x in out[:n]]
        self.moves = [(c & 31, bool(c & DECLARE)) for c in codes]
        rest = []
        for c in codes:
            add, _, _, _, *tail = apply_move(c, *nodes[0], _J, self.rf)
            rest.append((int(add), ~(1 << (c & 31)), tuple(int(x) for x in tail)))
        self.children = [
            [(add, (int(a[0]) & keep, int(a[1]) & keep, int(a[2]) & keep, *tail)) for add, keep, tail in rest]
            for a in nodes
        ]
        self.decl = int(decl)

    def value(self, i, w, alpha=-_BIG, beta=_BIG):
        add, node = self.children[w][i]
        return add + _run(node, alpha - add, beta - add, self.decl, self.rf, self.stats)


def best_option(worlds, n, w, *, maximise=True, first=0, known=None, order=None, weights=None):
    """Index of the option with the best mean J over ``w`` worlds.

    Parameters
    ----------
    worlds : BoundaryWorlds or MoveWorlds
        ``worlds.value(i, k, alpha, beta)``: J of option ``i`` in world
        ``k`` (exact inside the window, a bound outside, as alpha-beta).
    n, w : int
        Options and (distinct) worlds.
    maximise : bool
        The declarer maximises J, a defender minimises it.
    first : int
        The option tried first as the reference (a good guess saves work;
        the answer does not depend on it).
    known : dict, optional
        ``{(i, k): J}`` exact values already solved.
    order : sequence of int, optional
        The order in which the other options are tested (likeliest best
        first saves work; the answer does not depend on it); default by
        index.
    weights : sequence of int, optional
        How many of the drawn worlds world ``k`` stands for (equal layouts
        drawn twice are solved once); default 1 each.  The mean is
        weighted by them, so the answer is that of solving every draw.

    Returns
    -------
    best : int
        The option with the highest (lowest when not ``maximise``) mean J,
        the lowest index among ties: the same as solving everything.
    exact : int
        Options solved exactly in every world (the rest were dropped by
        threshold searches).
    """
    top, exact, _ = best_options(
        worlds, n, w, keep=1, maximise=maximise, first=first, known=known, order=order, weights=weights
    )
    return top[0], exact


def best_options(worlds, n, w, *, keep=1, maximise=True, first=0, known=None, order=None, weights=None):
    """The ``keep`` options with the best mean J over ``w`` worlds, best first.

    As :func:`best_option` (same parameters), the threshold searches asked
    against the ``keep``-th best option solved so far instead of the best:
    an option is dropped once its bounds show it cannot enter the first
    ``keep``.  ``keep=1`` is :func:`best_option` itself.

    Parameters
    ----------
    keep : int
        How many options to return (at least 1; all when ``n`` is smaller).

    Returns
    -------
    top : list of int
        The ``min(keep, n)`` options with the highest (lowest when not
        ``maximise``) weighted sums of J, best first, the lower index first
        among equal sums: the first ``keep`` of the order that solving every
        option in every world gives.
    exact : int
        Options solved exactly in every world.
    values : dict
        ``{(i, k): J}`` for every option of ``top`` and world ``k`` (and
        whatever else was solved exactly): reusable as ``known``.
    """
    sign = 1 if maximise else -1
    wt = [1] * w if weights is None else [int(x) for x in weights]
    cache = dict(known or {})
    below = {}  # (i, k) -> u is at most this (a failed test's bound)
    above = {}  # (i, k) -> u is at least this (a passed test's bound)

    def exact(i, k):
        # exact J inside the bounds the tests left (a narrower window)
        if (i, k) not in cache:
            lo = above.get((i, k), -_BIG + 1) - 1
            hi = below.get((i, k), _BIG - 1) + 1
            if maximise:
                cache[(i, k)] = worlds.value(i, k, lo, hi)
            else:
                cache[(i, k)] = worlds.value(i, k, -hi, -lo)
        return sign * cache[(i, k)]

    def test(i, k, thr):
        # does u = sign * J reach thr?  Records the bound either answer gives
        if (i, k) in cache:
            return sign * cache[(i, k)] >= thr
        if below.get((i, k), thr) < thr:
            return False
        if above.get((i, k), thr - 1) >= thr:
            return True
        if maximise:
            u = worlds.value(i, k, thr - 1, thr)
        else:
            u = -worlds.value(i, k, -thr, -thr + 1)
        if u >= thr:
            above[(i, k)] = u
            return True
        below[(i, k)] = u
        return False

    def hi(i, k):
        return sign * cache[(i, k)] if (i, k) in cache else below[(i, k)]

    def total(u):
        return sum(x * v for x, v in zip(wt, u))

    keep = max(1, int(keep))
    # solved options as (weighted sum, index, values), best first: higher
    # sum, then lower index; the last is the reference r once keep are in
    top = []

    def enter(i):
        ui = [exact(i, k) for k in range(w)]
        top.append((total(ui), i, ui))
        top.sort(key=lambda t: (-t[0], t[1]))
        del top[keep:]

    enter(first)
    seen, solved = {first}, 1
    rest = range(n) if order is None else order
    for i in rest:
        if i in seen:
            continue
        seen.add(i)
        if len(top) < keep:
            enter(i)
            solved += 1
            continue
        sr, r, ur = top[-1]
        # option i cannot beat r when its weighted sum is at most ``target``
        target = sr - (1 if i < r else 0)
        # each world: is i strictly better than r there?  Mostly not, and
        # the failed test bounds it from above
        up = [k for k in range(w) if (i, k) not in cache and test(i, k, ur[k] + 1)]
        # where it is better, ask for an upper bound that keeps the sum
        # within the target: the room the other worlds leave, shared
        while up:
            fixed = sum(wt[k] * hi(i, k) for k in range(w) if k not in up)
            room = target - fixed - sum(wt[k] * above[(i, k)] for k in up)
            if room < 0:
                break
            share = room // sum(wt[k] for k in up)
            up = [k for k in up if test(i, k, above[(i, k)] + share + 1)]
        for k in up:
            exact(i, k)
        ub = sum(wt[k] * hi(i, k) for k in range(w))
        # tighten: one threshold search per world asks whether that world
        # alone brings the bound down to the target (fail-soft results may
        # cut more); then exact values world by world
        for k in range(w):
            if ub <= target:
                break
            if (i, k) in cache:
                continue
            b = below[(i, k)]
            if not test(i, k, b - (ub - target + wt[k] - 1) // wt[k] + 1):
                ub -= wt[k] * (b - below[(i, k)])
        for k in range(w):
            if ub <= target:
                break
            if (i, k) not in cache:
                b = below[(i, k)]
                ub += wt[k] * (exact(i, k) - b)
        if ub <= target:
            continue
        enter(i)
        solved += 1
    return [t[1] for t in top], solved, cache
