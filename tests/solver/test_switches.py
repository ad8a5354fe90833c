"""Solver: the prunings that must change no answer, each switched off.

Two of the kernel's prunings rest on a proof rather than on the rules
alone, and each has a switch (a test-only bit of the rule flags):

* ``RF_EXACT_KEYS`` switches off the table hits between positions of the
  same shape, whose stored bounds are moved by the point differences of
  the matched cards (``analysis/solver/_kernel.py``, ``_probe``);
* ``RF_NO_QUASI`` switches off quasi-equivalence, where a searched card's
  bound, moved by a point difference, settles a card of its group without
  a search (``_quasi_bound``).

With or without each, every value, every tie-break objective J and every
line (the first move in canonical order reaching the objective) must be
the same, on random endgames under four profiles and on whole exchanges.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.deal import chunk_rng, deal
from analysis.rules import load_rules
from analysis.solver import _drivers
from analysis.solver._bits import RF_EXACT_KEYS, RF_NO_QUASI, rule_flags
from analysis.solver._kernel import new_buffers, new_table, search
from analysis.testing import random_endgame
from analysis.testing.strategies import endgames

PROFILES = ("club", "book", "ua", "wiki")
SWITCHES = {"shifted hits": RF_EXACT_KEYS, "quasi-equivalence": RF_NO_QUASI}
BIG = 1 << 30


def _solve(pos, rf, stats=None):
    """Value, J, the J line of a position and its length, on fresh tables;
    ``stats`` (int64, shape (4,)) receives the kernel's counters."""
    vt = new_table(12)  # small tables: many rows shared, many shifted hits
    jt = new_table(12)
    mbuf, sbuf, sk, st_ = new_buffers()
    stats = st_ if stats is None else stats
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


@pytest.mark.parametrize("switch", SWITCHES.values(), ids=SWITCHES.keys())
@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_switching_a_pruning_off_changes_nothing(profile, switch, data):
    pos = data.draw(endgames(tricks=st.integers(3, 6), rules=profile))
    rf = rule_flags(load_rules(profile))
    on = _solve(pos, rf)
    off = _solve(pos, rf | switch)
    assert on == off
    assert on[3] == 3 * pos.hands[0].bit_count()  # the line plays every card


@pytest.mark.parametrize("switch", SWITCHES.values(), ids=SWITCHES.keys())
@pytest.mark.parametrize("profile", ("club", "wiki"))
def test_exchange_rows_are_the_same_with_a_pruning_off(profile, switch):
    d = deal(chunk_rng(31, PROFILES.index(profile)), 6).astype(np.int64)
    rf = rule_flags(load_rules(profile))
    rows = []
    for flags in (rf, rf | switch):
        out = np.zeros((len(d), _drivers.N_BATCH), dtype=np.int64)
        mbuf, sbuf, sk, stats = new_buffers()
        args = (d[:, 0] | d[:, 3], d[:, 1], d[:, 2], flags, True, new_table(14), new_table(13))
        _drivers.exchange_batch(*args, mbuf, sbuf, sk, stats, out)
        rows.append(out)
    assert (rows[0][:, _drivers.B_STATUS] == 0).all()
    np.testing.assert_array_equal(rows[0], rows[1])


@pytest.mark.parametrize("profile", PROFILES)
def test_quasi_equivalence_settles_moves_and_saves_nodes(profile):
    """The pruning acts (``stats[1]`` counts the moves it settles) and,
    summed over many endgames, searches fewer nodes; off, it settles none."""
    rng = np.random.default_rng(5)
    rf = rule_flags(load_rules(profile))
    on = np.zeros(4, dtype=np.int64)
    off = np.zeros(4, dtype=np.int64)
    for _ in range(40):
        pos = random_endgame(rng, 5, rules=profile)
        _solve(pos, rf, on)
        _solve(pos, rf | RF_NO_QUASI, off)
    assert on[1] > 0
    assert off[1] == 0
    assert on[0] < off[0]
