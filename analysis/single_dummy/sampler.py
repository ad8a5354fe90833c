"""Layouts of the unseen cards, exactly uniform among those a player's
knowledge allows (docs/SINGLE_DUMMY.md, section 2).

For the deciding player the unseen cards sit with the two other seats ``a``
and ``b``.  A card one of them cannot hold is fixed to the other; the rest
are *free*.  Without a count constraint every consistent layout is one
subset of the free cards of size ``need_a`` given to ``a``, so a uniform
subset is a uniform layout.  With the constraint "seat ``c`` holds at most
``m`` of ``W``" the free cards split into those in ``W`` and the others; the
number ``j`` of free ``W`` cards ``c`` receives is drawn with weights
``C(|F_W|, j) * C(|F_O|, need_c - j)`` (the number of layouts with that
``j``), then a uniform subset of each part: exactly uniform again.

Subsets are drawn for all worlds at once by ranking uniform keys per row
(``argsort``), so ``worlds`` layouts cost a few numpy calls.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from ..errors import BadArgument
from .knowledge import Knowledge

__all__ = ["sample_layouts", "count_layouts", "enumerate_layouts", "distinct_layouts"]


def _ids(m: int) -> np.ndarray:
    return np.array([c for c in range(24) if m >> c & 1], dtype=np.int64)


def _pop(m: int) -> int:
    return bin(m).count("1")


def _split(k: Knowledge):
    """Fixed and free cards of the two unseen seats.

    Returns
    -------
    tuple
        ``(a, b, fixed_a, fixed_b, free, need_a)``; masks as ints.
    """
    a, b = k.others()
    fa = k.may[a] & ~k.may[b]
    fb = k.may[b] & ~k.may[a]
    free = k.may[a] & k.may[b]
    need_a = k.counts[a] - _pop(fa)
    if need_a < 0 or need_a > _pop(free):
        raise BadArgument(f"no layout gives seat {a} its {k.counts[a]} cards")
    if k.counts[b] - _pop(fb) != _pop(free) - need_a:
        raise BadArgument("the unseen cards do not match the other seats' counts")
    return a, b, fa, fb, free, need_a


def _limit_parts(k: Knowledge, a, fa, fb, free, need_a):
    """Pieces of the count constraint: seat c, its need, the free cards in
    and out of W, the bound on free W cards c may take, and the j range."""
    c, w, m = k.limit
    fc = fa if c == a else fb
    need_c = need_a if c == a else _pop(free) - need_a
    fw, fo = free & w, free & ~w
    bound = m - _pop(fc & w)
    if bound < 0:
        raise BadArgument(f"seat {c} already holds more than {m} of the constrained cards")
    js = [j for j in range(min(bound, _pop(fw), need_c) + 1) if need_c - j <= _pop(fo)]
    if not js:
        raise BadArgument("no layout meets the count constraint")
    return c, need_c, fw, fo, js


def count_layouts(k: Knowledge) -> int:
    """Number of layouts consistent with ``k`` (exact, for tests and checks)."""
    a, b, fa, fb, free, need_a = _split(k)
    if k.limit is None:
        return comb(_pop(free), need_a)
    c, need_c, fw, fo, js = _limit_parts(k, a, fa, fb, free, need_a)
    return sum(comb(_pop(fw), j) * comb(_pop(fo), need_c - j) for j in js)


def _first_of_rows(ids: np.ndarray, keys: np.ndarray, take: np.ndarray) -> np.ndarray:
    """Per row, the mask of the ``take[row]`` cards of ``ids`` with the
    smallest keys (a uniform subset of that size)."""
    n = keys.shape[0]
    if ids.size == 0:
        return np.zeros(n, dtype=np.int64)
    order = np.argsort(keys, axis=1, kind="stable")
    chosen = np.arange(ids.size)[None, :] < take[:, None]
    bits = np.left_shift(np.int64(1), ids[order])
    return np.where(chosen, bits, 0).sum(axis=1)


def sample_layouts(k: Knowledge, worlds: int, rng: np.random.Generator) -> np.ndarray:
    """Draw ``worlds`` layouts uniformly among those consistent with ``k``.

    Parameters
    ----------
    k : Knowledge
        The deciding player's knowledge.
    worlds : int
        Layouts to draw (at least 1).
    rng : numpy.random.Generator
        The decision's stream (docs/SINGLE_DUMMY.md, section 4).

    Returns
    -------
    ndarray of shape (worlds, 3), dtype int64
        Bit masks of the cards each seat holds now; the viewer's column is
        his own hand in every row.

    Raises
    ------
    ValueError
        If ``worlds`` is not a positive integer or no layout fits ``k``.
    """
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise BadArgument(f"worlds must be a positive integer, got {worlds!r}")
    a, b, fa, fb, free, need_a = _split(k)
    out = np.zeros((worlds, 3), dtype=np.int64)
    out[:, k.viewer] = k.may[k.viewer]
    if k.limit is None:
        ids = _ids(free)
        to_a = _first_of_rows(ids, rng.random((worlds, ids.size)), np.full(worlds, need_a))
    else:
        c, need_c, fw, fo, js = _limit_parts(k, a, fa, fb, free, need_a)
        nw, no = _pop(fw), _pop(fo)
        weights = np.array([comb(nw, j) * comb(no, need_c - j) for j in js], dtype=np.float64)
        j = np.asarray(js, dtype=np.int64)[rng.choice(len(js), size=worlds, p=weights / weights.sum())]
        wid, oid = _ids(fw), _ids(fo)
        to_c = _first_of_rows(wid, rng.random((worlds, wid.size)), j)
        to_c |= _first_of_rows(oid, rng.random((worlds, oid.size)), need_c - j)
        to_a = to_c if c == a else free & ~to_c
    out[:, a] = fa | to_a
    out[:, b] = fb | (free & ~to_a)
    return out


def enumerate_layouts(k: Knowledge) -> list:
    """Every layout consistent with ``k``, as ``(hand a, hand b)`` pairs of
    the two unseen seats (in seat order); for tests on small positions."""
    a, b, fa, fb, free, need_a = _split(k)
    ids = [int(x) for x in _ids(free)]
    out = []
    for sub in combinations(ids, need_a):
        ha = fa | sum(1 << x for x in sub)
        hb = fb | (free & ~ha)
        if k.limit is not None:
            c, w, m = k.limit
            if _pop((ha if c == a else hb) & w) > m:
                continue
        out.append((ha, hb))
    return out


def distinct_layouts(lay: np.ndarray):
    """The distinct rows of ``lay`` in the order they first appear, and how
    many times each was drawn.

    Late in the play a player's knowledge leaves few layouts, so draws
    repeat; a decision solves each distinct layout once and weighs it by
    its count, which gives the same means as solving every draw.

    Parameters
    ----------
    lay : ndarray of shape (worlds, 3), int64
        Layouts as :func:`sample_layouts` returns them.

    Returns
    -------
    rows : ndarray of shape (distinct, 3), int64
    counts : list of int
        Draws of each row; they sum to ``worlds``.
    """
    seen: dict = {}
    keep = []
    counts = []
    for i, row in enumerate(lay.tolist()):
        key = tuple(row)
        j = seen.get(key)
        if j is None:
            seen[key] = len(keep)
            keep.append(i)
            counts.append(1)
        else:
            counts[j] += 1
    return lay[keep], counts
