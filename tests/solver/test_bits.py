"""The kernels' bit helpers (LLVM ``ctpop``/``cttz``/``ctlz``) against Python's
own integer operations, over the whole range the kernels use and beyond."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.solver._bits import highbit, lowbit, popcount

MASKS = st.one_of(st.integers(0, (1 << 24) - 1), st.integers(0, (1 << 62) - 1))


@settings(deadline=None)  # the first call compiles
@given(MASKS)
def test_popcount(x):
    assert popcount(x) == bin(x).count("1")


@settings(deadline=None)  # the first call compiles
@given(MASKS)
def test_lowbit(x):
    assert lowbit(x) == ((x & -x).bit_length() - 1 if x else 0)


@settings(deadline=None)  # the first call compiles
@given(MASKS)
def test_highbit(x):
    assert highbit(x) == x.bit_length() - 1


def test_edges():
    assert (popcount(0), lowbit(0), highbit(0)) == (0, 0, -1)
    for i in range(63):
        assert (popcount(1 << i), lowbit(1 << i), highbit(1 << i)) == (1, i, i)
    assert popcount((1 << 24) - 1) == 24
