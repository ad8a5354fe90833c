"""The objective and threshold queries of a position at a trick boundary.

:func:`play_objective` (the tie-break objective J of DESIGN.md contract 3)
and :func:`makes` (one null-window search: does the declarer reach a
contract?), beside :func:`analysis.solver.play_value`; arguments are checked
by the same preamble (:func:`analysis.solver.search.position_search`),
the rules resolved once (:func:`analysis.rules.entry_point`).
"""

from __future__ import annotations

import numpy as np

from ..errors import BadArgument
from ..rules import entry_point
from . import _drivers
from .search import position_search

__all__ = ["play_objective", "makes"]


@entry_point
def play_objective(
    hands,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    stats=None,
) -> int:
    """Double-dummy tie-break objective J of a position at a trick boundary.

    Arguments as :func:`play_value`; nothing has been taken yet this deal
    (no seat has points or tricks: the bolt terms count from here).

    Returns
    -------
    int
        DESIGN.md contract 3's ``J = 1000 * declarer's total + 300 *
        (bolted defenders - bolted declarer) - defenders' marriage points``
        from the position on, the declarer maximising and both defenders
        minimising; the maximum over the leader's moves of
        ``card_values(..., objective="J")`` when the declarer leads.

    Raises
    ------
    ValueError
        As :func:`play_value`.

    Examples
    --------
    >>> from analysis.cards import parse
    >>> play_objective([parse("A♠"), parse("9♠"), parse("10♠")], rules="book")
    21000
    """
    search = position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules)
    big = int(_drivers.BIG)
    return search(-big, big, mode=1, stats=stats)


@entry_point
def makes(
    hands,
    contract,
    *,
    declarer=0,
    leader=None,
    trump=None,
    trump_owner=None,
    first_trick=None,
    rules="club",
    stats=None,
) -> bool:
    """Whether the declarer reaches ``contract`` points from the position.

    One null-window search; arguments as :func:`play_value`.

    Parameters
    ----------
    contract : int
        Points the declarer needs from here on (card points plus his
        marriages).

    Returns
    -------
    bool
        ``play_value(...) >= contract``.

    Raises
    ------
    ValueError
        As :func:`play_value`, or a non-integer contract.
    """
    if isinstance(contract, bool) or not isinstance(contract, (int, np.integer)):
        raise BadArgument(f"contract must be an integer, got {contract!r}")
    search = position_search(hands, declarer, leader, trump, trump_owner, first_trick, rules)
    c = int(contract)
    if c <= 0:
        return True
    return search(c - 1, c, stats=stats) >= c
