"""The score changes of a dark deal (RULES.md, "Dark play"; ``Rules.dark_play``).

:func:`analysis.scoring.apply_deal` calls :func:`dark_points` for a played
dark deal (``DealOutcome.dark``) and :func:`dark_write_off` for a dark
write-off, in place of the ordinary contract and defence points; the rest
of the deal's scoring (bolts, the win, the barrel, the 555 reset) is the
ordinary one, with a bolt counted twice under ``rules.dark_bolts_doubled``
(:func:`dark_bolt_weight`).

book (seed 002)
    the dark player must take 120 († the seed names only the 240 he
    orders) and scores +240 or −240 («записывает на свой счет только 240
    очков ... а если неудачно, то 240 очков списывается»); the defenders
    score as in any deal († the seed is silent about them).
wiki (seed 004, «Подсчёт очков»)
    a failed dark costs 240 («из его счёта автоматически списывается 240
    очков»); made, he scores under ``rules.dark_scoring``: ``double_all``
    twice his points (cards and marriages), ``flat_240`` 240 however many
    he took, ``marriages_plain`` twice his card points plus his marriages
    once; the defenders get twice their points (``marriages_plain``: twice
    their card points, marriages once), rounded as usual after doubling.
    A dark write-off costs 240 and pays 120 to each opponent («с его счёта
    автоматически списывается 240 очков, а другим игрокам начисляется по
    120»), in both versions († book is silent).
"""

from __future__ import annotations

from .points import declarer_points, round_defender_points

__all__ = ["DARK_CONTRACT", "DARK_STAKE", "dark_points", "dark_write_off", "dark_bolt_weight"]

#: Points the dark player must take (wiki «не менее 120»; book † 120, the
#: most a hand without a marriage may bid).
DARK_CONTRACT = 120
#: What a dark deal scores or costs its declarer: book's «240», wiki's
#: «списывается 240 очков».
DARK_STAKE = 240
#: What each opponent is written when the dark player writes off (wiki «по 120»).
DARK_WRITE_OFF_PAYMENT = 120


def _doubled(rules, raw: int, marriages: int) -> int:
    """A player's points of a dark deal before rounding: twice his points, or
    under ``marriages_plain`` twice his card points and his marriages once."""
    if rules.dark_play == "wiki" and rules.dark_scoring == "marriages_plain":
        return 2 * (raw - marriages) + marriages
    return 2 * raw


def dark_points(rules, outcome, sitting, scores: list) -> bool:
    """Add a played dark deal's score changes to ``scores`` (in place).

    Parameters
    ----------
    rules : Rules
        ``rules.dark_play`` is 'book' or 'wiki'.
    outcome : DealOutcome
        The dark deal (``outcome.dark``): ``raw`` the points each player
        took (cards plus his declared marriages), ``marriages`` the
        marriage points within them.
    sitting : sequence of 3 bool
        Who sits on the barrel (a sitter scores no defence points unless
        ``rules.barrel_defence_points``, as in any deal).
    scores : list of 3 float
        The scores before the deal, changed in place.

    Returns
    -------
    bool
        Whether the dark contract was made (the declarer's points, as
        :func:`~analysis.scoring.declarer_points` checks them, reach
        :data:`DARK_CONTRACT`).

    Examples
    --------
    book: the dark player took 131 (made) and the defenders 0 and 9 (seed 002).

    >>> from analysis.rules import PROFILES
    >>> from analysis.scoring import DealOutcome
    >>> s = [0.0, 0.0, 0.0]
    >>> out = DealOutcome(declarer=0, contract=120, raw=(131, 0, 9), tricks=(7, 0, 1), dark=True)
    >>> dark_points(PROFILES["book"], out, (False,) * 3, s), s
    (True, [240.0, 0.0, 10.0])
    """
    d, raw = outcome.declarer, outcome.raw
    made = declarer_points(rules, raw[d]) >= DARK_CONTRACT
    wiki = rules.dark_play == "wiki"
    if not made:
        scores[d] -= DARK_STAKE
    elif wiki and rules.dark_scoring != "flat_240":
        scores[d] += _doubled(rules, raw[d], outcome.marriages[d])
    else:
        scores[d] += DARK_STAKE
    for p in range(len(scores)):
        if p != d and (not sitting[p] or rules.barrel_defence_points):
            pts = _doubled(rules, raw[p], outcome.marriages[p]) if wiki else raw[p]
            scores[p] += round_defender_points(rules, pts)
    return made


def dark_write_off(outcome, sitting, scores: list) -> None:
    """A dark write-off (wiki «расписывает»): −240 to the declarer, 120 to
    each opponent not sitting on the barrel (in place).

    Examples
    --------
    >>> from analysis.scoring import DealOutcome
    >>> s = [300.0, 100.0, 50.0]
    >>> dark_write_off(DealOutcome(declarer=0, contract=120, written_off=True, dark=True), (False,) * 3, s)
    >>> s
    [60.0, 220.0, 170.0]
    """
    d = outcome.declarer
    scores[d] -= DARK_STAKE
    for p in range(len(scores)):
        if p != d and not sitting[p]:
            scores[p] += DARK_WRITE_OFF_PAYMENT


def dark_bolt_weight(rules, outcome) -> int:
    """How many bolts one bolt of this deal counts for: 2 in a dark deal
    under wiki's ``dark_bolts_doubled`` («полученные при «тёмной» «болты»
    удваиваются»), else 1."""
    dark = getattr(outcome, "dark", False)
    return 2 if dark and rules.dark_play == "wiki" and rules.dark_bolts_doubled else 1
