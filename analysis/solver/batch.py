"""Batch front: solve many deals for every declarer seat (issue 3, part 6).

:func:`solve_deals` returns the ``solutions`` columns of DESIGN.md
contract 4, one row per (deal, seat); the dataset writer calls it per chunk.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .api import exchange_value, resolve_rules

__all__ = ["solve_deals", "SOLUTION_DTYPES"]

#: Column names and dtypes of the frame returned by :func:`solve_deals`.
SOLUTION_DTYPES = {
    "deal_id": "int64", "seat": "int8", "value": "int16", "give_left": "int8",
    "give_right": "int8", "marriage_cap": "int16", "declarer_tricks": "int8",
    "left_points": "int16", "left_tricks": "int8", "right_points": "int16",
    "right_tricks": "int8", "redeal_after_gift": "bool",
}
_FIELDS = ("value", "give_left", "give_right", "marriage_cap", "declarer_tricks",
           "left_points", "left_tricks", "right_points", "right_tricks",
           "redeal_after_gift")


def _column(deals, name):
    try:
        col = deals[name]
    except (KeyError, IndexError, TypeError):
        raise ValueError(f"deals lack the column {name!r}") from None
    return np.asarray(col)


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
        On a missing column, a bad seat, invalid hands or unknown rules.
    """
    rules = resolve_rules(rules)
    ids = _column(deals, "deal_id")
    hands = [_column(deals, f"hand{i}") for i in range(3)]
    widow = _column(deals, "widow")
    seats = tuple(seats)
    for s in seats:
        if s not in (0, 1, 2):
            raise ValueError(f"seats must be 0, 1 or 2, got {s!r}")
    n = len(ids)
    if any(len(h) != n for h in hands) or len(widow) != n:
        raise ValueError("deal columns have different lengths")
    rows = n * len(seats)
    out = {k: np.empty(rows, dtype=v) for k, v in SOLUTION_DTYPES.items()}
    r = 0
    for i in range(n):
        hs = [int(h[i]) for h in hands]
        w = int(widow[i])
        for s in seats:
            res = exchange_value(hs[s], w, hs[(s + 1) % 3], hs[(s + 2) % 3],
                                 rules=rules, line=lines)
            out["deal_id"][r] = ids[i]
            out["seat"][r] = s
            for f in _FIELDS:
                out[f][r] = getattr(res, f)
            r += 1
    return pd.DataFrame(out)
