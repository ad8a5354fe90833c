"""Tests of analysis.deal: partitions, bijection, reproducibility, uniformity."""

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from analysis import cards
from analysis import deal as D
from analysis import deal_kernels as U
from analysis.redeal import derived_columns

FULL = cards.FULL_DECK


def _assert_partitions(d):
    assert d.dtype == np.uint32 and d.shape[1] == 4
    assert (cards.popcount(d) == np.array([7, 7, 7, 3])).all()
    assert ((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3]) == FULL).all()
    assert (cards.popcount(d).sum(axis=1) == 24).all()  # so also disjoint


def test_number_of_deals():
    assert D.N_DEALS == 807_723_671_040 == comb(24, 7) * comb(17, 7) * comb(10, 7)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), chunk=st.integers(0, 10**6), n=st.integers(0, 300))
def test_every_deal_is_a_partition(seed, chunk, n):
    d = D.deal(D.chunk_rng(seed, chunk), n)
    assert d.shape == (n, 4)
    _assert_partitions(d)


@pytest.mark.parametrize("n,k", [(24, 7), (17, 7), (10, 7), (10, 3), (5, 0), (6, 6)])
def test_subset_table_is_sorted_k_subsets(n, k):
    t = D.subset_table(n, k)
    assert t.shape == (comb(n, k),)
    assert (np.diff(t) > 0).all()
    assert (cards.popcount(t.astype(np.uint32)) == k).all()
    assert t.max() < 1 << n


def test_unrank_zero_and_last():
    d = D.deal_unrank([0, D.N_DEALS - 1])
    # colex order: rank 0 takes the lowest cards seat by seat, the last rank the highest.
    assert d[0].tolist() == [0x7F, 0x7F << 7, 0x7F << 14, 0x7 << 21]
    assert d[1].tolist() == [0x7F << 17, 0x7F << 10, 0x7F << 3, 0x7]
    assert D.deal_rank(d).tolist() == [0, D.N_DEALS - 1]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, D.N_DEALS - 1), min_size=1, max_size=50))
def test_rank_unrank_bijection(ranks):
    r = np.array(ranks, dtype=np.int64)
    d = D.deal_unrank(r)
    _assert_partitions(d)
    assert (D.deal_rank(d) == r).all()


def test_unrank_rank_on_random_deals():
    d = D.deal(D.chunk_rng(3, 1), 20_000)
    assert (D.deal_unrank(D.deal_rank(d)) == d).all()


def test_deal_equals_unrank_of_drawn_integers():
    # deal() is exactly "one bounded integer per deal, unranked".
    r = D.chunk_rng(11, 2).integers(0, D.N_DEALS, 5000, dtype=np.uint64)
    assert (D.deal(D.chunk_rng(11, 2), 5000) == D.deal_unrank(r)).all()


@pytest.mark.skipif(not D.hardware_pdep(), reason="no fast hardware pdep here")
def test_hardware_and_portable_kernels_agree():
    r = D.chunk_rng(5, 0).integers(0, D.N_DEALS, 100_000, dtype=np.uint64)
    a = np.empty((r.size, 4), np.uint32)
    b = np.empty((r.size, 4), np.uint32)
    U._deal_kernel_hw(r, *U._fast_tables(), a)
    U._deal_kernel(r, *U._fast_tables(), U._PDEP8, U._POP8, b)
    assert (a == b).all()


def test_same_seed_same_deals_and_chunks_differ():
    a = D.deal(D.chunk_rng(7, 0), 1000)
    b = D.deal(D.chunk_rng(7, 0), 1000)
    c = D.deal(D.chunk_rng(7, 1), 1000)
    assert (a == b).all()
    assert (a != c).any()
    ref = np.random.default_rng(np.random.SeedSequence(7, spawn_key=(1,)))
    assert (D.deal(ref, 1000) == c).all()


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_chunk_rng_rejects_bad_input(bad):
    with pytest.raises(ValueError, match="non-negative integer"):
        D.chunk_rng(bad, 0)
    with pytest.raises(ValueError, match="chunk"):
        D.chunk_rng(0, bad)


def test_deal_rejects_bad_n():
    with pytest.raises(ValueError, match="n must be"):
        D.deal(D.chunk_rng(0, 0), -3)


def test_card_positions_are_uniform():
    d = D.deal(D.chunk_rng(2024, 0), 1_000_000)
    bits = np.stack([((d >> np.uint32(c)) & 1).sum(axis=0) for c in range(24)], axis=1)
    expected = np.array([7, 7, 7, 3])[:, None] / 24 * len(d)
    chi2 = ((bits - expected) ** 2 / expected).sum()
    # each card: 4 cells, 3 degrees of freedom
    assert stats.chi2.sf(chi2, 24 * 3) > 1e-6


def test_ranks_are_uniform():
    d = D.deal(D.chunk_rng(99, 0), 400_000)
    bins = np.bincount((D.deal_rank(d) // -(-D.N_DEALS // 200)).astype(np.int64), minlength=200)
    assert stats.chisquare(bins).pvalue > 1e-6


# --- constrained dealing -------------------------------------------------

HAND = cards.parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠")


def test_constrained_respects_fixed_cards_and_is_uniform():
    d = D.deal_constrained(D.chunk_rng(1, 0), 300_000, {0: HAND})
    _assert_partitions(d)
    assert (d[:, 0] == HAND).all()
    free = [c for c in range(24) if not HAND >> c & 1]
    bits = ((d[:, 1:, None] >> np.array(free, dtype=np.uint32)) & 1).sum(axis=0)  # (3, 17)
    expected = np.array([7, 7, 3])[:, None] / 17 * len(d)
    chi2 = ((bits - expected) ** 2 / expected).sum()
    assert stats.chi2.sf(chi2, 17 * 2) > 1e-6


def test_constrained_is_exactly_uniform_on_a_small_case():
    # Fix all but 6 cards: hand2 needs 3 of them, the widow the other 3: C(6,3) = 20.
    d0 = D.deal_unrank([123_456_789])[0]
    h2 = [c for c in range(24) if d0[2] >> c & 1]
    w = [c for c in range(24) if d0[3] >> c & 1]
    fixed = {0: int(d0[0]), 1: int(d0[1]), 2: sum(1 << c for c in h2[:4])}
    d = D.deal_constrained(D.chunk_rng(4, 0), 100_000, fixed)
    _assert_partitions(d)
    seen, counts = np.unique(d[:, 3], return_counts=True)
    assert len(seen) == comb(6, 3)
    free = set(h2[4:] + w)
    assert all(cards.popcount(int(m)) == 3 and {c for c in range(24) if m >> c & 1} <= free for m in seen)
    assert stats.chisquare(counts).pvalue > 1e-6


def test_constrained_array_form_and_widow_key():
    arr = np.full(24, -1, dtype=np.int8)
    arr[[0, 6]] = 3  # 9♠ 9♣ in the widow
    arr[23] = 2  # A♥ to the dealer
    d = D.deal_constrained(D.chunk_rng(0, 0), 1000, arr)
    assert ((d[:, 3] & 0b1000001) == 0b1000001).all()
    assert (d[:, 2] >> 23 & 1).all()
    e = D.deal_constrained(D.chunk_rng(0, 0), 1000, {"widow": "9♠ 9♣", 2: "A♥"})
    assert (d == e).all()


def test_constrained_with_nothing_fixed_is_a_deal():
    d = D.deal_constrained(D.chunk_rng(8, 0), 1000, {})
    _assert_partitions(d)


@pytest.mark.parametrize(
    "fixed,msg",
    [
        ({0: HAND, 1: cards.parse("A♥")}, "fixed to two seats"),
        ({"widow": cards.parse("A♥ K♥ Q♥ J♥")}, "4 cards fixed to widow, which holds 3"),
        ({0: FULL}, "which holds 7"),
        ({4: 1}, "bad seat"),
        ({"north": 1}, "bad seat"),
        ({0: 1 << 24}, "not a card mask"),
        ({0: -1}, "not a card mask"),
        ({0: 1.0}, "must be an int"),
        (np.full(24, 4, dtype=np.int8), "bad seat 4"),
        (np.full(23, -1, dtype=np.int8), "shape"),
        (np.zeros(24, dtype=np.int8), "24 cards fixed to hand0"),
    ],
)
def test_constrained_errors(fixed, msg):
    with pytest.raises(ValueError, match=msg):
        D.deal_constrained(D.chunk_rng(0, 0), 10, fixed)


def test_check_deals_errors():
    good = D.deal(D.chunk_rng(0, 0), 3)
    with pytest.raises(ValueError, match="shape"):
        D.check_deals(good[:, :3])
    bad = good.copy()
    bad[1, 1] |= bad[1, 0] & (~bad[1, 0] + np.uint32(1))  # hand0's lowest card, twice
    with pytest.raises(ValueError, match="deal 1 is not"):
        D.check_deals(bad)
    with pytest.raises(ValueError, match="outside"):
        D.check_deals(good.astype(np.int64) + (1 << 24))
    with pytest.raises(ValueError, match="integer"):
        D.check_deals(good.astype(float))


# --- derived columns -------------------------------------------------------


def test_derived_columns_match_card_functions():
    d = D.deal(D.chunk_rng(5, 5), 20_000)
    cols = derived_columns(d, "club")
    for s in range(3):
        assert cols[f"points{s}"].dtype == np.int16
        assert (cols[f"points{s}"] == cards.card_points(d[:, s])).all()
        assert cols[f"marriages{s}"].dtype == np.int8
        assert (cols[f"marriages{s}"] == cards.marriage_suits(d[:, s])).all()
        assert (cols[f"nines{s}"] == cards.count_rank(d[:, s], 0)).all()
        assert (cols[f"jacks{s}"] == cards.count_rank(d[:, s], 1)).all()
    assert (cols["points_widow"] == cards.card_points(d[:, 3])).all()
    total = sum(cols[f"points{s}"].astype(int) for s in range(3)) + cols["points_widow"]
    assert (total == 120).all()
    assert cols["redeal_bidding"].dtype == np.bool_
    assert all(v.shape == (len(d),) for v in cols.values())


def test_derived_columns_worked_example():
    d = np.array(
        [
            [
                cards.parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"),
                cards.parse("9♥ 9♣ 9♦ K♠ Q♠ K♦ Q♦"),
                cards.parse("10♥ J♥ 10♣ K♣ Q♣ J♣ A♦"),
                cards.parse("J♠ A♠ 10♦"),
            ]
        ],
        dtype=np.uint32,
    )
    d[0, 3] = FULL ^ d[0, 0] ^ d[0, 1] ^ d[0, 2]
    c = derived_columns(d)
    assert [int(c[f"points{s}"][0]) for s in range(3)] == [
        11 + 4 + 3 + 10 + 11 + 2,
        4 + 3 + 4 + 3,
        10 + 2 + 10 + 4 + 3 + 2 + 11,
    ]
    assert [int(c[f"marriages{s}"][0]) for s in range(3)] == [0b1000, 0b0101, 0b0010]
    assert [int(c[f"nines{s}"][0]) for s in range(3)] == [1, 3, 0]
    assert [int(c[f"jacks{s}"][0]) for s in range(3)] == [1, 0, 2]
    assert int(c["points_widow"][0]) == 2 + 11 + 10


@st.composite
def fixed_specs(draw):
    """A random valid assignment: each card free (-1) or fixed to a seat with room."""
    order = draw(st.permutations(range(24)))
    room = [7, 7, 7, 3]
    arr = np.full(24, -1, dtype=np.int8)
    for c in order:
        s = draw(st.integers(-1, 3))
        if s >= 0 and room[s] > 0:
            arr[c] = s
            room[s] -= 1
    return arr


@settings(max_examples=60, deadline=None)
@given(spec=fixed_specs(), seed=st.integers(0, 2**32))
def test_constrained_property(spec, seed):
    d = D.deal_constrained(D.chunk_rng(seed, 0), 50, spec)
    _assert_partitions(d)
    for s in range(4):
        mask = sum(1 << c for c in range(24) if spec[c] == s)
        assert ((d[:, s] & mask) == mask).all()
    as_dict = {s: sum(1 << c for c in range(24) if spec[c] == s) for s in range(3)}
    as_dict["widow"] = sum(1 << c for c in range(24) if spec[c] == 3)
    assert (D.deal_constrained(D.chunk_rng(seed, 0), 50, as_dict) == d).all()


def test_constrained_fully_fixed():
    d0 = D.deal_unrank([42])[0]
    d = D.deal_constrained(D.chunk_rng(0, 0), 5, {s: int(d0[s]) for s in range(3)})
    assert (d == d0).all()
