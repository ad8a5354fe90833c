"""Solver: the table hits between positions of equal relative ranks.

The kernel's table shares a row between positions of the same shape (who
holds each card by relative rank) and moves the stored bounds by the point
differences of the matched cards (``analysis/solver/_kernel.py``,
``_probe``).  ``RF_EXACT_KEYS`` switches those hits off; with and without
them every value, every tie-break objective and every line must be the
same.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.cards import parse
from analysis.deal import chunk_rng, deal
from analysis.rules import load_rules
from analysis.solver import _drivers
from analysis.solver._bits import RF_EXACT_KEYS, rule_flags
from analysis.solver._kernel import _same_rank, _shape, _shift, new_buffers, new_table, search
from analysis.testing.strategies import endgames

PROFILES = ("club", "book", "ua", "wiki")
BIG = 1 << 30


def _solve(pos, rf):
    """Value, J and the J line of a position on fresh tables."""
    vt = new_table(12)  # small tables: many rows shared, many shifted hits
    jt = new_table(12)
    mbuf, sbuf, sk, stats = new_buffers()
    h0, h1, h2 = pos.hands
    trump = -1 if pos.trump is None else pos.trump
    owner = 0 if pos.trump_owner is None else pos.trump_owner
    first = 1 if pos.first_trick else 0
    d = pos.declarer
    args = (h0, h1, h2, pos.leader, 0, -1, -1, trump, owner, first, 0)
    value = search(*args, -BIG, BIG, d, 0, rf, vt, vt, mbuf, sbuf, sk, stats)
    j = search(*args, -BIG, BIG, d, 1, rf, jt, vt, mbuf, sbuf, sk, stats)
    line = np.zeros(24, dtype=np.int64)
    n = _drivers.follow_line(*args, d, 1, rf, j, jt, vt, mbuf, sbuf, sk, stats, line)
    return int(value), int(j), tuple(int(m) for m in line[: max(n, 0)]), int(n)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_switching_the_shifted_hits_off_changes_nothing(profile, data):
    pos = data.draw(endgames(tricks=st.integers(3, 6), rules=profile))
    rf = rule_flags(load_rules(profile))
    on = _solve(pos, rf)
    off = _solve(pos, rf | RF_EXACT_KEYS)
    assert on == off
    assert on[3] == 3 * pos.hands[0].bit_count()  # the line plays every card


@pytest.mark.parametrize("profile", ("club", "wiki"))
def test_exchange_rows_are_the_same_with_the_hits_off(profile):
    d = deal(chunk_rng(31, PROFILES.index(profile)), 6).astype(np.int64)
    rf = rule_flags(load_rules(profile))
    rows = []
    for flags in (rf, rf | RF_EXACT_KEYS):
        out = np.zeros((len(d), _drivers.N_BATCH), dtype=np.int64)
        mbuf, sbuf, sk, stats = new_buffers()
        args = (d[:, 0] | d[:, 3], d[:, 1], d[:, 2], flags, True, new_table(14), new_table(13))
        _drivers.exchange_batch(*args, mbuf, sbuf, sk, stats, out)
        rows.append(out)
    assert (rows[0][:, _drivers.B_STATUS] == 0).all()
    np.testing.assert_array_equal(rows[0], rows[1])


def test_shape_is_the_holders_by_relative_rank():
    # spades: seat 0 holds A, seat 1 holds 9 and K, seat 2 holds 10; no other suit
    h0, h1, h2 = parse("A♠"), parse("9♠ K♠"), parse("10♠")
    # 4 cards; lowest first: 9 (seat 1), K (seat 1), 10 (seat 2), A (seat 0)
    assert _shape(h0, h1, h2) == 4 | (0b1000 << 3) | (0b0011 << 9)
    # J instead of 9 and Q instead of K: the same ranks among the cards held
    assert _shape(h0, parse("J♠ Q♠"), h2) == _shape(h0, h1, h2)
    # the 10 with seat 1 and the K with seat 2: another shape
    assert _shape(h0, parse("9♠ 10♠"), parse("K♠")) != _shape(h0, h1, h2)


def test_shift_sums_the_point_differences_rank_by_rank():
    old = parse("9♠ K♠ A♠ 10♥")
    new = parse("J♠ Q♠ A♠ A♥")  # 9->J +2, K->Q -1, A->A, 10->A +1
    assert tuple(_shift(old, new, 0, False)) == (True, -1, 3)
    assert tuple(_shift(new, old, 0, False)) == (True, -3, 1)
    # the 9 of spades against the J: refused where a 9 must stay a 9
    assert not _shift(old, new, 0, True)[0]
    # a marriage suit: K and Q must be matched with K and Q
    assert _shift(parse("9♠ Q♠ K♠"), parse("J♠ Q♠ K♠"), 1, False)[0]
    assert not _shift(parse("9♠ Q♠ K♠ A♠"), parse("Q♠ K♠ 10♠ A♠"), 1, False)[0]


def test_same_rank_maps_the_best_move():
    old = parse("9♠ K♠ A♠")
    new = parse("J♠ Q♠ A♠")
    k = parse("K♠").bit_length() - 1
    q = parse("Q♠").bit_length() - 1
    assert _same_rank(k, old, new) == q
    assert _same_rank(k | 32, old, new) == q | 32  # the declaration flag is kept
