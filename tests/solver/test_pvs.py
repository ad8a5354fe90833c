"""Solver: principal variation search changes no value.

Where the window is wider than one point, the kernel searches the first
move with the whole window and every later move first with a null window
(``analysis/solver/_kernel.py``, ``F_SC``).  A search whose every window is
one point wide never does so: the value found by bisecting with null-window
searches is the value of the plain alpha-beta, which the whole-window
search must equal, for the declarer's points and for the tie-break
objective J alike.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.rules import load_rules
from analysis.solver._bits import rule_flags
from analysis.solver._kernel import new_buffers, new_table, search
from analysis.testing.strategies import endgames

BIG = 1 << 30


def _args(pos):
    h0, h1, h2 = pos.hands
    trump = -1 if pos.trump is None else pos.trump
    owner = 0 if pos.trump_owner is None else pos.trump_owner
    return (h0, h1, h2, pos.leader, 0, -1, -1, trump, owner, 1 if pos.first_trick else 0, 0)


def _whole_window(pos, rf, mode):
    vt, jt = new_table(12), new_table(12)
    mbuf, sbuf, sk, stats = new_buffers()
    tt = vt if mode == 0 else jt
    return int(search(*_args(pos), -BIG, BIG, pos.declarer, mode, rf, tt, vt, mbuf, sbuf, sk, stats))


def _bisected(pos, rf, mode):
    """The largest v with ``search(v - 1, v) >= v``: null windows only, each
    search on fresh tables (no bound carried from a wider search)."""
    lo, hi = (0, 400) if mode == 0 else (-400 - 300 * 3, 1000 * 400 + 300 * 3)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        vt, jt = new_table(12), new_table(12)
        mbuf, sbuf, sk, stats = new_buffers()
        tt = vt if mode == 0 else jt
        v = search(*_args(pos), mid - 1, mid, pos.declarer, mode, rf, tt, vt, mbuf, sbuf, sk, stats)
        if v >= mid:
            lo = mid
        else:
            hi = mid - 1
    return lo


@pytest.mark.parametrize("profile", ("club", "book", "ua", "wiki"))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_whole_window_equals_null_window_bisection(profile, data):
    pos = data.draw(endgames(tricks=st.integers(3, 6), rules=profile))
    rf = rule_flags(load_rules(profile))
    for mode in (0, 1):
        assert _whole_window(pos, rf, mode) == _bisected(pos, rf, mode)
