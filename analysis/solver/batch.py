"""Batch front: solve many deals for every declarer seat (DESIGN.md, contract 3).

:func:`solve_deals` returns the ``solutions`` columns of DESIGN.md
contract 4, one row per (deal, seat); the dataset writer calls it per chunk.
:func:`solve_exchanges` is :func:`.api.exchange_value` over arrays, solved
by numba in blocks of deals (:func:`._drivers.exchange_batch`) instead of a
Python call per deal; the bidding odds use it too.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..cards import FULL_DECK, check_parts, marriage_points, popcount
from ..errors import BadArgument
from ..redeal import redeal_after_many
from ..rules import entry_point
from . import _drivers
from ._bits import rule_flags
from .search import STATE, check_flag, check_seat

__all__ = [
    "solve_deals",
    "solve_exchanges",
    "check_deals",
    "SOLUTION_DTYPES",
    "SOLVED_FIELDS",
    "EXCHANGE_FIELDS",
]

#: Column names and dtypes of the frame returned by :func:`solve_deals`.
SOLUTION_DTYPES = {
    "deal_id": "int64",
    "seat": "int8",
    "value": "int16",
    "give_left": "int8",
    "give_right": "int8",
    "marriage_cap": "int16",
    "declarer_tricks": "int8",
    "left_points": "int16",
    "left_tricks": "int8",
    "right_points": "int16",
    "right_tricks": "int8",
    "redeal_after_gift": "bool",
}
#: Columns of one solved exchange (a ``solutions`` row but its keys and line).
SOLVED_FIELDS = (
    "value",
    "give_left",
    "give_right",
    "marriage_cap",
    "declarer_tricks",
    "left_points",
    "left_tricks",
    "right_points",
    "right_tricks",
    "redeal_after_gift",
)


#: Keys of :func:`solve_exchanges`' result (the fields of
#: :class:`.api.ExchangeResult` but the line's moves).
EXCHANGE_FIELDS = SOLVED_FIELDS + ("objective",)
_BLOCK = 16  # deals per numba call of solve_exchanges


def _masks(x, what: str, n: int | None) -> np.ndarray:
    a = np.asarray(x)
    if a.ndim != 1 or not (np.issubdtype(a.dtype, np.integer) or a.size == 0):
        raise BadArgument(
            f"{what} must be a 1-d integer array of card masks, got {a.dtype} of shape {a.shape}"
        )
    if n is not None and a.shape[0] != n:
        raise BadArgument(f"{what} has {a.shape[0]} rows, hand has {n}")
    if a.size and (a.min() < 0 or a.max() > FULL_DECK):
        i = int(np.flatnonzero((a < 0) | (a > FULL_DECK))[0])
        raise BadArgument(f"row {i}: {what} is not a 24-card bit mask: {int(a[i])}")
    return a.astype(np.int64)


@entry_point
def solve_exchanges(hand, widow, left, right, *, rules="club", line=True, stats=None) -> dict:
    """Best exchange (and tie-broken line) of many deals, in numba.

    The same answers as :func:`.api.exchange_value` called deal by deal
    (tested), without its Python overhead per deal.

    Parameters
    ----------
    hand, widow, left, right : array-like of shape (n,), integer card masks
        Per deal: the declarer's 7 cards, the 3-card widow, his left and
        right opponents' 7 cards; disjoint.
    rules : str or Rules
    line : bool
        Also compute the tie-broken line; without it the line fields hold
        -1 and the gift is the first found reaching the value.
    stats : ndarray of int64, optional
        ``stats[0]`` is incremented by the nodes searched.

    Returns
    -------
    dict of str -> ndarray of shape (n,)
        The keys :data:`EXCHANGE_FIELDS`: ``value``, ``give_left``,
        ``give_right``, ``marriage_cap``, the line's ``declarer_tricks``,
        ``left_points``, ``left_tricks``, ``right_points``, ``right_tricks``
        (int64; points are raw: cards plus own declared marriages),
        ``redeal_after_gift`` (bool) and ``objective`` (J, int64).

    Raises
    ------
    ValueError
        On arrays of other shapes or lengths, or a deal with wrong sizes or
        overlapping cards (the message names the row), unknown rules, or a
        ``line`` that is not True or False.
    RuntimeError
        If a line disagrees with the value (a solver inconsistency).
    """
    line = check_flag(line, "line")
    h = _masks(hand, "hand", None)
    n = h.shape[0]
    w = _masks(widow, "widow", n)
    lm = _masks(left, "left", n)
    rm = _masks(right, "right", n)
    _check_rows([("hand", h, 7), ("widow", w, 3), ("left", lm, 7), ("right", rm, 7)], lambda i: f"row {i}")
    if stats is not None and (
        not isinstance(stats, np.ndarray) or stats.dtype != np.int64 or stats.ndim != 1 or stats.size < 1
    ):
        raise BadArgument("stats must be a 1-d int64 array with at least one element")
    ten = h | w
    vt, jt, (mbuf, sbuf, sk, st) = STATE.tables()
    rf = rule_flags(rules)
    out = np.empty((n, _drivers.N_BATCH), dtype=np.int64)
    # blocks of deals per numba call, so that Ctrl-C (handled between
    # calls) stops the work within a fraction of a second
    for lo in range(0, n, _BLOCK):
        st[0] = 0
        _drivers.exchange_batch(
            ten[lo : lo + _BLOCK],
            lm[lo : lo + _BLOCK],
            rm[lo : lo + _BLOCK],
            rf,
            line,
            vt,
            jt,
            mbuf,
            sbuf,
            sk,
            st,
            out[lo : lo + _BLOCK],
        )
        if stats is not None:
            stats[0] += st[0]
    st[0] = 0
    if (out[:, _drivers.B_STATUS] != 0).any():
        i = int(np.flatnonzero(out[:, _drivers.B_STATUS])[0])
        raise RuntimeError(f"row {i}: solver line disagrees with the value")
    a = out[:, _drivers.B_LEFT]
    b = out[:, _drivers.B_RIGHT]
    d = ten & ~(1 << a) & ~(1 << b)
    return {
        "value": out[:, _drivers.B_VALUE],
        "give_left": a,
        "give_right": b,
        "marriage_cap": 120 + marriage_points(d),
        "declarer_tricks": out[:, _drivers.B_DTRICKS],
        "left_points": out[:, _drivers.B_LPOINTS],
        "left_tricks": out[:, _drivers.B_LTRICKS],
        "right_points": out[:, _drivers.B_RPOINTS],
        "right_tricks": out[:, _drivers.B_RTRICKS],
        "redeal_after_gift": redeal_after_many(np.stack([d, lm | (1 << a), rm | (1 << b)], axis=1), rules),
        "objective": out[:, _drivers.B_OBJ],
    }


def _check_rows(parts, where) -> None:
    """Check that every row of the masks is a whole deal of disjoint parts.

    ``parts`` is ``[(name, int64 array, cards), ...]`` covering the 24
    cards; on the first bad row ``i``, raise the ValueError of
    :func:`analysis.cards.check_parts` for it, prefixed by ``where(i)``.
    """
    union = np.zeros_like(parts[0][1])
    bad = np.zeros(union.shape, dtype=bool)
    for _, a, k in parts:
        bad |= popcount(a) != k
        union |= a
    bad |= popcount(union) != 24
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        try:
            check_parts([(name, int(a[i]), k) for name, a, k in parts])
        except ValueError as exc:
            raise BadArgument(f"{where(i)}: {exc}") from None


def check_deals(ids, hands, widow) -> None:
    """Check the cards of many deals at once.

    Parameters
    ----------
    ids : array of int
        ``deal_id`` of each deal, for the message.
    hands : sequence of 3 arrays of uint32
        7-card masks of seats 0, 1, 2.
    widow : array of uint32
        3-card masks.

    Raises
    ------
    BadArgument
        Naming the first bad deal by its ``deal_id`` and column (wrong
        sizes, overlapping cards).
    """
    _check_rows(
        [(f"hand{k}", _masks(x, f"hand{k}", None), 7) for k, x in enumerate(hands)]
        + [("widow", _masks(widow, "widow", None), 3)],
        lambda i: f"deal_id {ids[i]}",
    )


def _column(deals, name):
    try:
        col = deals[name]
    except (KeyError, IndexError, TypeError):
        raise BadArgument(f"deals lack the column {name!r}") from None
    return np.asarray(col)


@entry_point
def solve_deals(deals, seats=(0, 1, 2), rules="club", lines=True) -> pd.DataFrame:
    """Best exchange, value and tie-broken line of each deal for each seat.

    Parameters
    ----------
    deals : pandas.DataFrame or dict of arrays
        Columns ``deal_id`` (int), ``hand0 hand1 hand2`` (7-card uint32
        masks of seats 0, 1, 2, seat 0 the first hand) and ``widow``
        (3-card uint32 mask), DESIGN.md contract 4.
    seats : sequence of int
        Declarer seats to solve (relative to the dealer, DESIGN.md
        contract 2); the left of seat ``s`` is ``(s + 1) % 3``.
    rules : str or Rules
    lines : bool
        Also compute the tie-broken line; without it the line columns
        (``declarer_tricks`` … ``right_tricks``) hold -1 and the gift is the
        first found that reaches the value.

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), deals in input order, seats in the given
        order; columns and dtypes :data:`SOLUTION_DTYPES` (points are raw:
        card points plus own declared marriages).

    Raises
    ------
    ValueError
        On a missing column, a bad or repeated seat, invalid hands, unknown
        rules, or ``lines`` not True or False.
    """
    ids = _column(deals, "deal_id")
    hands = [_column(deals, f"hand{i}") for i in range(3)]
    widow = _column(deals, "widow")
    lines = check_flag(lines, "lines")
    seats = tuple(check_seat(s, "seats") for s in seats)
    if len(set(seats)) != len(seats):
        raise BadArgument(f"seats repeat a seat: {seats}; (deal_id, seat) is the key of the solutions")
    n = len(ids)
    if any(len(h) != n for h in hands) or len(widow) != n:
        raise BadArgument("deal columns have different lengths")
    check_deals(ids, hands, widow)
    rows = n * len(seats)
    out = {k: np.empty(rows, dtype=v) for k, v in SOLUTION_DTYPES.items()}
    for j, s in enumerate(seats):
        res = solve_exchanges.given_rules(
            hands[s], widow, hands[(s + 1) % 3], hands[(s + 2) % 3], rules=rules, line=lines
        )
        out["deal_id"][j :: len(seats)] = ids
        out["seat"][j :: len(seats)] = s
        for f in SOLVED_FIELDS:
            out[f][j :: len(seats)] = res[f]
    return pd.DataFrame(out)
