"""Exactly uniform vectorized dealing (RULES.md, common core: the deal).

A deal is a row of four ``uint32`` card masks ``hand0 hand1 hand2 widow``
(seats relative to the dealer, DESIGN.md contract 2: 0 is the first hand,
2 the dealer): three hands of 7 cards and a widow of 3.

Method
------
There are ``N = C(24,7) * C(17,7) * C(10,7) = 807,723,671,040`` partitions
7-7-7-3.  :func:`deal` draws **one** bounded integer per deal with
``rng.integers(0, N, dtype=np.uint64)`` (numpy's bounded integers use
Lemire's rejection method and are unbiased) and *unranks* it, which is a
bijection ``[0, N) -> partitions``, so every partition has probability
exactly ``1/N``: no modulo bias, no floating point sort ties.

Unranking is a mixed radix split ``r = (a * C(17,7) + b) * C(10,7) + c``
followed by three subset lookups: ``a`` indexes the sorted table of 24-bit
masks with 7 bits set (ascending masks are the colexicographic order of the
combinatorial number system), ``b`` a 17-bit pattern of 7 bits placed on the
17 cards left (``pdep``: the BMI2 instruction where it is fast, see
:func:`hardware_pdep`, else a portable version through byte tables), ``c``
likewise on the last 10 cards; the remaining 3 cards are the widow.  :func:`deal_rank`
is the inverse.

Constrained dealing (:func:`deal_constrained`) is the same with fewer free
cards: the free cards are split ``need0, need1, need2, need_widow`` by one
integer in ``[0, multinomial)``, hence exactly uniform over completions.

Reproducibility: :func:`chunk_rng` gives chunk ``k`` of a dataset its own
stream ``SeedSequence(seed, spawn_key=(k,))``, so the deals do not depend on
the number of workers.
"""

from __future__ import annotations

from math import comb

import numpy as np

from . import cards
from .deal_kernels import (
    _PDEP8,
    _POP8,
    _deal_kernel,
    _deal_kernel_hw,
    _fast_tables,
    _first_bad_deal,
    _rank_kernel,
    _tables,
    _unrank_kernel,
    hardware_pdep,
    subset_table,
)
from .errors import BadArgument

__all__ = [
    "N_DEALS",
    "chunk_rng",
    "deal",
    "deal_unrank",
    "deal_rank",
    "deal_constrained",
    "check_deals",
    "subset_table",
    "hardware_pdep",
]

#: Cards per seat: hand0, hand1, hand2, widow.
SEAT_SIZES = (7, 7, 7, 3)
#: Number of distinct deals (partitions 7-7-7-3 of the 24 cards).
N_DEALS = comb(24, 7) * comb(17, 7) * comb(10, 7)
_FULL = cards.FULL_DECK


# --- public API -----------------------------------------------------------


def chunk_rng(seed: int, chunk: int) -> np.random.Generator:
    """The random stream of one dataset chunk.

    Parameters
    ----------
    seed : int
        Root seed of the dataset (non-negative).
    chunk : int
        Chunk index (non-negative).

    Returns
    -------
    numpy.random.Generator
        ``default_rng(SeedSequence(seed, spawn_key=(chunk,)))``: the same
        (seed, chunk) gives the same stream whatever the number of workers.

    Raises
    ------
    ValueError
        If seed or chunk is negative or not an integer.
    """
    for name, v in (("seed", seed), ("chunk", chunk)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise BadArgument(f"{name} must be a non-negative integer, got {v!r}")
    return np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(int(chunk),)))


def _check_n(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise BadArgument(f"n must be a non-negative integer, got {n!r}")
    return int(n)


def deal_unrank(ranks) -> np.ndarray:
    """The deals with the given ranks (inverse of :func:`deal_rank`).

    Parameters
    ----------
    ranks : array_like of int, shape (n,)
        Integers in ``[0, N_DEALS)``.

    Returns
    -------
    ndarray of shape (n, 4), uint32
        Masks hand0, hand1, hand2, widow.

    Raises
    ------
    ValueError
        If a rank is outside ``[0, N_DEALS)``.
    """
    r = np.asarray(ranks)
    if r.ndim != 1:
        raise BadArgument(f"ranks must be one-dimensional, got shape {r.shape}")
    if r.size and (r.min() < 0 or r.max() >= N_DEALS):
        raise BadArgument(f"ranks must lie in [0, {N_DEALS})")
    r = r.astype(np.uint64)
    out = np.empty((r.shape[0], 4), dtype=np.uint32)
    _unrank_kernel(r, np.zeros(4, np.int64), np.int64(_FULL), *_tables((7, 7, 7), 24), _PDEP8, _POP8, out)
    return out


def deal_rank(deals) -> np.ndarray:
    """Rank of each deal in ``[0, N_DEALS)`` (inverse of :func:`deal_unrank`).

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks

    Returns
    -------
    ndarray of shape (n,), int64

    Raises
    ------
    ValueError
        If a row is not a 7-7-7-3 partition of the deck.
    """
    d = check_deals(deals)
    out = np.empty(d.shape[0], dtype=np.int64)
    _rank_kernel(d, *_tables((7, 7, 7), 24), out)
    return out


def deal(rng: np.random.Generator, n: int) -> np.ndarray:
    """Draw ``n`` exactly uniform random deals.

    Parameters
    ----------
    rng : numpy.random.Generator
        The stream (see :func:`chunk_rng`); consumes one bounded uint64 per
        deal.
    n : int
        Number of deals.

    Returns
    -------
    ndarray of shape (n, 4), uint32
        Masks hand0, hand1, hand2 (7 cards each, seats relative to the
        dealer) and widow (3 cards); each of the 807,723,671,040 partitions
        has probability exactly 1/N.

    Raises
    ------
    ValueError
        If n is not a non-negative integer.

    Examples
    --------
    >>> d = deal(chunk_rng(7, 0), 2)
    >>> d.shape, d.dtype.name
    ((2, 4), 'uint32')
    >>> bool((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3] == 0xFFFFFF).all())
    True
    """
    n = _check_n(n)
    r = rng.integers(0, N_DEALS, n, dtype=np.uint64)
    out = np.empty((n, 4), dtype=np.uint32)
    if hardware_pdep():
        _deal_kernel_hw(r, *_fast_tables(), out)
    else:
        _deal_kernel(r, *_fast_tables(), _PDEP8, _POP8, out)
    return out


_SEAT_KEYS = {0: 0, 1: 1, 2: 2, 3: 3, "widow": 3, "hand0": 0, "hand1": 1, "hand2": 2}


def parse_fixed(fixed) -> np.ndarray:
    """Normalise a fixed-card specification to four seat masks.

    Parameters
    ----------
    fixed : dict or array_like
        Either a dict ``{seat: mask}`` with seats 0, 1, 2 (hands relative to
        the dealer; also ``'hand0'`` … ``'hand2'``), 3 or ``'widow'`` and
        masks as int or card strings
        (``"A♥ K♥"``), or an int8 array of shape (24,) giving each card's
        seat (0..3, 3 = widow) or -1 for a free card.

    Returns
    -------
    ndarray of shape (4,), int64
        The fixed masks of hand0, hand1, hand2, widow.

    Raises
    ------
    ValueError
        On a bad seat, a mask outside the 24 cards, a card fixed twice, or
        more cards than a seat holds (7, 7, 7, 3).
    """
    base = np.zeros(4, dtype=np.int64)
    if isinstance(fixed, dict):
        for key, mask in fixed.items():
            if isinstance(key, (bool, np.bool_)) or key not in _SEAT_KEYS:
                raise BadArgument(f"bad seat {key!r}: use 0, 1, 2 or 'widow'")
            s = _SEAT_KEYS[key]
            if isinstance(mask, str):
                mask = cards.parse(mask)
            if isinstance(mask, (bool, np.bool_)) or not isinstance(mask, (int, np.integer)):
                raise BadArgument(f"mask for seat {key!r} must be an int, got {mask!r}")
            mask = int(mask)
            if mask < 0 or mask >> 24:
                raise BadArgument(f"mask for seat {key!r} is not a card mask: {mask:#x}")
            taken = int(np.bitwise_or.reduce(base))
            if mask & taken:
                raise BadArgument(f"cards {cards.format(mask & taken)} are fixed to two seats")
            base[s] |= mask
    else:
        arr = np.asarray(fixed)
        if arr.shape != (24,) or not np.issubdtype(arr.dtype, np.integer):
            raise BadArgument(
                f"fixed must be a dict or an integer array of shape (24,), "
                f"got {arr.dtype} array of shape {arr.shape}"
            )
        bad = (arr < -1) | (arr > 3)
        if bad.any():
            c = int(np.flatnonzero(bad)[0])
            raise BadArgument(
                f"bad seat {int(arr[c])} for card {cards.card_name(c)}: use -1 (free) or 0..3 (3 = widow)"
            )
        for c in range(24):
            if arr[c] >= 0:
                base[arr[c]] |= 1 << c
    for s in range(4):
        k = cards.popcount(int(base[s]))
        if k > SEAT_SIZES[s]:
            name = "widow" if s == 3 else f"hand{s}"
            raise BadArgument(f"{k} cards fixed to {name}, which holds {SEAT_SIZES[s]}")
    return base


def deal_constrained(rng: np.random.Generator, n: int, fixed) -> np.ndarray:
    """Deal ``n`` deals with some cards fixed to seats, the rest uniformly.

    Parameters
    ----------
    rng : numpy.random.Generator
        The stream; consumes one bounded uint64 per deal.
    n : int
        Number of deals.
    fixed : dict or array_like
        See :func:`parse_fixed`, e.g. ``{0: parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠")}``
        for the odds of a first hand.

    Returns
    -------
    ndarray of shape (n, 4), uint32
        Masks hand0, hand1, hand2, widow, each deal containing the fixed
        cards at their seats; exactly uniform over the completions (one
        integer in ``[0, multinomial(free; needs))`` unranked).

    Raises
    ------
    ValueError
        As :func:`parse_fixed`, or if n is not a non-negative integer.

    Examples
    --------
    >>> d = deal_constrained(chunk_rng(1, 0), 3, {"widow": cards.parse("A♥ A♠")})
    >>> bool(((d[:, 3] & cards.parse("A♥ A♠")) == cards.parse("A♥ A♠")).all())
    True
    """
    n = _check_n(n)
    base = parse_fixed(fixed)
    taken = int(np.bitwise_or.reduce(base))
    free = _FULL ^ taken
    needs = [SEAT_SIZES[s] - cards.popcount(int(base[s])) for s in range(4)]
    n_free = cards.popcount(free)
    t0, t1, t2 = _tables(needs, n_free)
    total = t0.shape[0] * t1.shape[0] * t2.shape[0]
    r = rng.integers(0, total, n, dtype=np.uint64)
    out = np.empty((n, 4), dtype=np.uint32)
    _unrank_kernel(r, base, np.int64(free), t0, t1, t2, _PDEP8, _POP8, out)
    return out


def check_deals(deals) -> np.ndarray:
    """Validate a deals array and return it as uint32.

    Parameters
    ----------
    deals : array_like of shape (n, 4)
        Masks hand0, hand1, hand2, widow.

    Returns
    -------
    ndarray of shape (n, 4), uint32

    Raises
    ------
    ValueError
        Naming the first bad row: wrong shape, bits outside the 24 cards,
        overlapping masks, or a seat without 7 (widow 3) cards.
    """
    d = np.asarray(deals)
    if d.ndim != 2 or d.shape[1] != 4:
        raise BadArgument(f"deals must have shape (n, 4), got {d.shape}")
    if not np.issubdtype(d.dtype, np.integer):
        raise BadArgument(f"deals must hold integer masks, got dtype {d.dtype}")
    if d.size and (d.min() < 0 or d.max() > _FULL):
        raise BadArgument("deals hold bits outside the 24 cards")
    d = np.ascontiguousarray(d, dtype=np.uint32)
    i = _first_bad_deal(d)
    if i >= 0:
        raise BadArgument(
            f"deal {i} is not a 7-7-7-3 partition of the deck: card counts {cards.popcount(d[i]).tolist()}"
        )
    return d
