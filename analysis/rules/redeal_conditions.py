"""The redeal conditions of RULES.md ("Redeals") as one table.

Every redeal condition is a test of one hand (or the widow) at one stage:
"at least ``k`` nines" (or jacks) or "fewer than ``t`` card points",
switched on or sized by one ``Rules`` field.  :data:`CONDITIONS` lists them; the vectorized
predicates of :mod:`analysis.redeal` (and their numba kernel), the
simulator's scalar checks (:mod:`analysis.game.deal_flow`) and the exact
probabilities (:mod:`analysis.probabilities`) all read their limits from
:func:`stage_limits`, so a condition is written once.

Examples
--------
>>> from analysis.rules import PROFILES
>>> stage_limits(PROFILES["club"], "bidding")
Limits(nines=4, points=14, jacks=99)
>>> stage_limits(PROFILES["wiki"], "widow")
Limits(nines=2, points=3, jacks=99)
>>> stage_limits(PROFILES["classic"], "widow")   # no widow conditions
Limits(nines=99, points=0, jacks=99)
>>> reasons(PROFILES["club"], "bidding", nines=4, points=20)
['the hand holds four 9s']
"""

from __future__ import annotations

from typing import NamedTuple

from .resolve import takes_rules

__all__ = [
    "stage_limits",
    "has_conditions",
    "meets",
    "reasons",
]

#: The stages, in the order of play: each of the three 7-card hands before
#: bidding, the 3-card widow when it is shown, each 8-card hand after the
#: exchange (counting the card received).
STAGES = ("bidding", "widow", "exchange")
#: A nines count no hand reaches: the limit of a condition that is off.
NEVER = 99


class Condition(NamedTuple):
    """One redeal condition.

    Attributes
    ----------
    stage : str
        One of :data:`STAGES`.
    flag : str
        Its column of :func:`analysis.redeal.redeal_flags` ('' for the
        after-exchange stage, which is not a column of the deals).
    feature : str
        ``"nines"`` or ``"jacks"`` (held when the count is at least
        ``at_least``, and the boolean ``field`` is on) or ``"points"`` (held when the card points
        are under the integer ``field``; 0 = off).
    field : str
        The ``Rules`` field that switches or sizes it.
    at_least : int
        For ``"nines"``: how many 9s; 0 for ``"points"``.
    words : str
        The reason for messages; ``{points}`` and ``{limit}`` are filled in.
    """

    stage: str
    flag: str
    feature: str
    field: str
    at_least: int
    words: str


CONDITIONS = (
    Condition("bidding", "four_nines_any", "nines", "redeal_four_nines", 4, "the hand holds four 9s"),
    # ua, wiki: four jacks (no column of its own: it joins redeal_bidding)
    Condition("bidding", "", "jacks", "redeal_four_jacks", 4, "the hand holds four jacks"),
    Condition(
        "bidding",
        "hand_under_any",
        "points",
        "redeal_hand_under",
        0,
        "the hand has {points} card points, under {limit}",
    ),
    Condition(
        "widow",
        "widow_under",
        "points",
        "redeal_widow_under",
        0,
        "the widow has {points} card points, under {limit}",
    ),
    # seed 004 "в прикупе две девятки": a widow with three 9s holds two (a choice)
    Condition("widow", "widow_two_nines", "nines", "redeal_widow_two_nines", 2, "the widow holds two 9s"),
    Condition("exchange", "", "nines", "redeal_after_four_nines", 4, "the hand holds four 9s"),
    # wiki «после раздачи или сноса карт ... четыре валета»: the after-exchange half
    Condition("exchange", "", "jacks", "redeal_after_four_jacks", 4, "the hand holds four jacks"),
    Condition(
        "exchange",
        "",
        "points",
        "redeal_after_hand_under",
        0,
        "the 8-card hand has {points} card points, under {limit}",
    ),
)


def _limit(rules, c: Condition) -> int:
    v = getattr(rules, c.field)
    if c.feature in ("nines", "jacks"):
        return c.at_least if v else NEVER
    return int(v)


class Limits(NamedTuple):
    """The limits of one stage: a hand (or the widow) meets a condition when
    it holds at least ``nines`` 9s or ``jacks`` jacks, or fewer than
    ``points`` card points (:data:`NEVER`, :data:`NEVER` and 0 when the rules
    lack the condition)."""

    nines: int
    points: int
    jacks: int


@takes_rules
def stage_limits(rules, stage: str) -> Limits:
    """The limits of every condition of ``stage``, read from :data:`CONDITIONS`.

    Returns
    -------
    Limits
        ``(nines, points, jacks)``.

    Raises
    ------
    KeyError
        If ``stage`` is not one of :data:`STAGES`.
    """
    if stage not in STAGES:
        raise KeyError(stage)
    found = {"nines": NEVER, "points": 0, "jacks": NEVER}
    for c in CONDITIONS:
        if c.stage == stage:
            found[c.feature] = _limit(rules, c)
    return Limits(**found)


@takes_rules
def has_conditions(rules, stage: str) -> bool:
    """Whether the rules have any redeal condition at ``stage``."""
    return stage_limits(rules, stage) != (NEVER, 0, NEVER)


@takes_rules
def meets(rules, stage: str, nines, points, jacks=0):
    """Whether hands with these 9s, card points (and jacks) meet a condition of ``stage``.

    ``nines``, ``points`` and ``jacks`` may be ints or arrays of one shape
    (the result is then a bool array).
    """
    n_min, p_under, j_min = stage_limits(rules, stage)
    return (nines >= n_min) | (points < p_under) | (jacks >= j_min)


@takes_rules
def reasons(rules, stage: str, nines: int, points: int, jacks: int = 0) -> list[str]:
    """The conditions of ``stage`` that one hand meets, worded for messages."""
    out = []
    count = {"nines": nines, "jacks": jacks}
    for c in CONDITIONS:
        if c.stage != stage:
            continue
        limit = _limit(rules, c)
        held = count[c.feature] >= limit if c.feature in count else points < limit
        if held:
            out.append(c.words.format(points=points, limit=limit))
    return out
