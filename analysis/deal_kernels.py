"""Kernels of the dealer: subset tables, ``pdep``, unranking and ranking.

The combinatorial number system: the k-subsets of n positions, as bit masks
in ascending numeric order, are in colexicographic order, so index ``i`` of
:func:`subset_table` is the rank of the subset.  A deal's rank
``r = (a * C(17,7) + b) * C(10,7) + c`` (see :mod:`analysis.deal`) is
unranked by looking ``a``, ``b``, ``c`` up and *depositing* the 17- and
10-position patterns on the cards still free (``pdep``).  ``pdep`` is the
BMI2 instruction where it is fast (:func:`hardware_pdep`) and a portable
byte-table version elsewhere; both give the same deals (tested).

Everything here is internal to :mod:`analysis.deal` except
:func:`subset_table` and :func:`hardware_pdep`.
"""

from __future__ import annotations

import os
import platform
from functools import cache
from math import comb

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .errors import BadArgument

__all__ = ["subset_table", "hardware_pdep"]


@numba.njit(cache=True)
def _gosper_table(n, k, out):
    """All n-bit masks with k bits set, ascending (Gosper's hack)."""
    if k == 0:
        out[0] = 0
        return
    x = (1 << k) - 1
    i = 0
    limit = 1 << n
    while x < limit:
        out[i] = x
        i += 1
        c = x & -x
        r = x + c
        x = (((r ^ x) >> 2) // c) | r


@cache
def subset_table(n: int, k: int) -> np.ndarray:
    """Sorted masks of the ``k``-subsets of ``n`` positions.

    Parameters
    ----------
    n : int
        Number of positions, 0..24.
    k : int
        Subset size, 0..n.

    Returns
    -------
    ndarray of shape (C(n, k),), int64
        Ascending masks; index ``i`` is the colexicographic rank of the
        subset (combinatorial number system).  Read-only, cached.

    Raises
    ------
    ValueError
        If not ``0 <= k <= n <= 24``.
    """
    if not 0 <= k <= n <= 24:
        raise BadArgument(f"no subset table for n={n}, k={k}")
    out = np.empty(comb(n, k), dtype=np.int64)
    _gosper_table(n, k, out)
    out.flags.writeable = False
    return out


def _pdep_tables():
    pd = np.zeros((256, 256), dtype=np.uint8)
    for m in range(256):
        pos = [i for i in range(8) if m >> i & 1]
        for p in range(1 << len(pos)):
            pd[m, p] = sum(1 << pos[j] for j in range(len(pos)) if p >> j & 1)
    pc = np.array([bin(m).count("1") for m in range(256)], dtype=np.int64)
    return pd, pc


_PDEP8, _POP8 = _pdep_tables()


@numba.njit(cache=True, inline="always")
def _pdep(p, m, pd, pc):
    """Deposit the low bits of ``p`` on the set bits of 24-bit ``m``."""
    out = 0
    for j in range(3):
        mb = (m >> (8 * j)) & 255
        c = pc[mb]
        out |= np.int64(pd[mb, p & ((1 << c) - 1)]) << (8 * j)
        p >>= c
    return out


@numba.njit(cache=True, inline="always")
def _pext(x, m):
    """Gather the bits of ``x`` at the set bits of ``m`` into low bits."""
    out = 0
    j = 0
    for i in range(24):
        if (m >> i) & 1:
            out |= ((x >> i) & 1) << j
            j += 1
    return out


@numba.njit(cache=True)
def _unrank_kernel(ranks, base, free, t0, t1, t2, pd, pc, out):
    r1 = np.int64(t1.shape[0]) * np.int64(t2.shape[0])
    r2 = np.int64(t2.shape[0])
    for i in range(ranks.shape[0]):
        x = np.int64(ranks[i])
        a = x // r1
        x -= a * r1
        b = x // r2
        c = x - b * r2
        f = free
        h0 = _pdep(t0[a], f, pd, pc)
        f ^= h0
        h1 = _pdep(t1[b], f, pd, pc)
        f ^= h1
        h2 = _pdep(t2[c], f, pd, pc)
        f ^= h2
        out[i, 0] = base[0] | h0
        out[i, 1] = base[1] | h1
        out[i, 2] = base[2] | h2
        out[i, 3] = base[3] | f


_R1 = comb(17, 7) * comb(10, 7)
_R2 = comb(10, 7)


@numba.njit(cache=True)
def _deal_kernel(ranks, t0, t1, t2, pd, pc, out):
    """Unconstrained unranking; constant divisors become multiplications."""
    for i in range(ranks.shape[0]):
        x = np.int64(ranks[i])
        a = x // _R1
        x -= a * _R1
        b = x // _R2
        c = x - b * _R2
        h0 = np.int64(t0[a])
        f = 0xFFFFFF ^ h0
        h1 = _pdep(np.int64(t1[b]), f, pd, pc)
        f ^= h1
        h2 = _pdep(np.int64(t2[c]), f, pd, pc)
        out[i, 0] = h0
        out[i, 1] = h1
        out[i, 2] = h2
        out[i, 3] = f ^ h2


@intrinsic
def _hw_pdep(typingctx, src, mask):
    """BMI2 ``pdep`` (compiled only where :func:`hardware_pdep` allows it)."""
    sig = types.int64(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return sig, codegen


@numba.njit(cache=True)
def _deal_kernel_hw(ranks, t0, t1, t2, out):
    """As :func:`_deal_kernel` with the hardware ``pdep`` instruction."""
    for i in range(ranks.shape[0]):
        x = np.int64(ranks[i])
        a = x // _R1
        x -= a * _R1
        b = x // _R2
        c = x - b * _R2
        h0 = np.int64(t0[a])
        f = 0xFFFFFF ^ h0
        h1 = _hw_pdep(np.int64(t1[b]), f)
        f ^= h1
        h2 = _hw_pdep(np.int64(t2[c]), f)
        out[i, 0] = h0
        out[i, 1] = h1
        out[i, 2] = h2
        out[i, 3] = f ^ h2


# LLVM names of x86 CPUs whose pdep is microcoded (hundreds of cycles).
_SLOW_PDEP = ("znver1", "znver2", "bdver", "btver", "k8", "amdfam10")


@cache
def hardware_pdep() -> bool:
    """Whether :func:`deal` uses the BMI2 ``pdep`` instruction.

    True on x86-64 CPUs with BMI2 and a fast ``pdep`` (Intel Haswell and
    later, AMD Zen 3 and later) unless the environment variable
    ``THOUSAND_NO_PDEP`` is set; otherwise the portable byte-table path is
    used.  Both give identical deals (tested).
    """
    if os.environ.get("THOUSAND_NO_PDEP"):
        return False
    try:
        # numba's llvmlite: loaded only to read the CPU's features
        import llvmlite.binding as llb

        feats = llb.get_host_cpu_features()
        name = llb.get_host_cpu_name()
    except Exception:  # pragma: no cover - exotic llvmlite builds
        return False
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    if not feats.get("bmi2", False):
        return False
    return not name.startswith(_SLOW_PDEP)


@numba.njit(cache=True)
def _rank_kernel(deals, t0, t1, t2, out):
    r1 = np.int64(t1.shape[0]) * np.int64(t2.shape[0])
    r2 = np.int64(t2.shape[0])
    for i in range(deals.shape[0]):
        h0 = np.int64(deals[i, 0])
        h1 = np.int64(deals[i, 1])
        h2 = np.int64(deals[i, 2])
        f = 0xFFFFFF ^ h0
        a = np.searchsorted(t0, h0)
        b = np.searchsorted(t1, _pext(h1, f))
        f ^= h1
        c = np.searchsorted(t2, _pext(h2, f))
        out[i] = (a * r1) + b * r2 + c


@numba.njit(cache=True, inline="always")
def _pop(x):
    """Population count of a 24-bit value (SWAR)."""
    x = x - ((x >> 1) & 0x555555)
    x = (x & 0x333333) + ((x >> 2) & 0x333333)
    x = (x + (x >> 4)) & 0x0F0F0F
    return (x * 0x010101 >> 16) & 0xFF


@numba.njit(cache=True)
def _first_bad_deal(d):
    """Index of the first row that is not a 7-7-7-3 partition, or -1."""
    for i in range(d.shape[0]):
        a = np.int64(d[i, 0])
        b = np.int64(d[i, 1])
        c = np.int64(d[i, 2])
        w = np.int64(d[i, 3])
        if (a | b | c | w) != 0xFFFFFF or _pop(a) != 7 or _pop(b) != 7 or _pop(c) != 7:
            return i
        if _pop(w) != 3:  # with the union full and 21 + 3 cards, also disjoint
            return i
    return -1


def _tables(needs, n_free):
    t0 = subset_table(n_free, needs[0])
    t1 = subset_table(n_free - needs[0], needs[1])
    t2 = subset_table(n_free - needs[0] - needs[1], needs[2])
    return t0, t1, t2


@cache
def _fast_tables():
    """Subset tables for the unconstrained deal as uint32 (half the cache)."""
    return tuple(t.astype(np.uint32) for t in _tables((7, 7, 7), 24))
