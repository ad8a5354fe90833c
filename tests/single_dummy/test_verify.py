"""Volume checks of single-dummy play (``make verify``): the sampler's
uniformity on a full-size information set, the exactness of the pruned
gift choice on many hands, and equal results in a process pool."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from scipy.stats import chisquare

from analysis.cards import parse
from analysis.rules import load_rules
from analysis.single_dummy.decide import _gifts, _solve, choose_gift
from analysis.single_dummy.knowledge import defender_knowledge
from analysis.single_dummy.sampler import count_layouts, sample_layouts

pytestmark = pytest.mark.verify


def test_defender_view_marginals_are_exact():
    """A defender after face-down gifts from a shown widow: 16 unseen cards,
    8 to each of the others, the other defender holding at most one of the
    two widow cards this one did not receive.  Exact marginals by counting:
    a widow card is with the other defender in C(14, 7) of the
    C(14, 8) + 2 C(14, 7) layouts; any other card in the matching share."""
    widow = parse("A♥ K♥ Q♥")
    own = parse("9♠ J♠ Q♠ K♠ 10♠ A♠ 9♣ A♥")
    k = defender_knowledge(1, own, widow, None)
    total = comb(14, 8) + 2 * comb(14, 7)
    assert count_layouts(k) == total
    n = 200_000
    lay = sample_layouts(k, n, np.random.default_rng(1))
    w = parse("K♥ Q♥")
    holds = [(lay[:, 2] >> c & 1) for c in range(24)]
    for c in range(24):
        if not (k.may[0] | k.may[2]) >> c & 1:
            continue
        if w >> c & 1:
            p = comb(14, 7) / total
        else:
            # seat 2 with no widow card: 8 of the 14 others; with one: 7 of 14
            p = (comb(13, 7) + 2 * comb(13, 6)) / total
        got = holds[c].mean()
        se = np.sqrt(p * (1 - p) / n)
        assert abs(got - p) < 5 * se, (c, got, p)
    # the joint law of seat 2's widow cards: none, K♥ only, Q♥ only
    kinds = lay[:, 2] & w
    freq = [int((kinds == x).sum()) for x in (0, parse("K♥"), parse("Q♥"))]
    assert sum(freq) == n
    exp = np.array([comb(14, 8), comb(14, 7), comb(14, 7)]) / total * n
    assert chisquare(freq, exp).pvalue > 1e-4


@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_gift_pruning_is_exact_on_many_hands(profile):
    rules = load_rules(profile)
    rng = np.random.default_rng(31)
    for _ in range(6):
        ten = sum(1 << int(c) for c in rng.permutation(24)[:10])
        seed = int(rng.integers(10_000))
        a, b, lay, _ = choose_gift(ten, 16, np.random.default_rng(seed), rules)
        gifts = _gifts(ten)
        vals = np.zeros((len(gifts), 16), dtype=np.int64)
        _solve(gifts, ten, lay, range(16), rules, vals, None)
        s = vals.sum(axis=1)
        assert gifts[int(np.flatnonzero(s == s.max())[0])] == (a, b)


def test_pool_results_equal_in_process():
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    from analysis.single_dummy import play_deal

    rng = np.random.default_rng(5)
    jobs = []
    for i in range(6):
        p = rng.permutation(24)
        hs = [sum(1 << int(c) for c in p[7 * k : 7 * k + 7]) for k in range(3)]
        jobs.append((hs[0], sum(1 << int(c) for c in p[21:]), hs[1], hs[2], i))

    def run(j):
        return play_deal(j[0], j[1], j[2], j[3], worlds=8, seed=j[4])

    here = [run(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=2, mp_context=mp.get_context("spawn")) as ex:
        there = list(ex.map(_pool_run, jobs))
    assert here == there
    assert len(set(itertools.chain.from_iterable(r.estimates for r in here))) > 5


def _pool_run(j):
    from analysis.single_dummy import play_deal

    return play_deal(j[0], j[1], j[2], j[3], worlds=8, seed=j[4])
