"""The reverse barrel, «обратная бочка» (wiki), one step of :func:`apply_deal`.

wiki, seed 004, «Мелкие договорённости»: "«Обратная бочка», то есть игрок,
набравший − 880 очков и за 3 раздачи не набравший −1000 (−1001), слетает с
«обратной бочки» (по договорённости либо на −760, либо на −500 очков)".
``rules.reverse_barrel`` (0 = off, every profile) is the score he falls to.
The seed leaves the rest to the table; the choices made here (†, also in the
field's documentation):

- he sits on it when a completed deal leaves him at or below
  ``-rules.barrel_threshold`` (the seed's −880 mirrors the barrel);
- every later completed deal uses one of ``rules.barrel_attempts`` (redeals
  do not, as on the barrel);
- at or below ``-rules.target`` after one of them he loses: the game ends,
  won by the highest score, ties to the next player in play order after
  the loser (the seed says only that he must not reach it);
- a deal that takes him back above ``-rules.barrel_threshold`` ends his
  stay (event ``reverse_exit``); when the attempts run out he falls to
  ``rules.reverse_barrel`` (event ``reverse_fall``);
- his score is not capped while he sits there (the seed names no cap).

Events: ``reverse_enter:p``, ``reverse_exit:p``, ``reverse_fall:p``,
``reverse_loss:p`` (none of them holds the barrel's event names).
"""

from __future__ import annotations

__all__ = ["reverse_barrel_step"]


def reverse_barrel_step(rules, sitting: tuple, scores: list, events: list) -> tuple[tuple, int]:
    """The reverse barrel after a completed deal: who sits, falls or loses.

    Parameters
    ----------
    rules : Rules
        ``rules.reverse_barrel`` (0: the step does nothing),
        ``barrel_threshold``, ``target``, ``barrel_attempts``.
    sitting : tuple of 3 int
        Attempts used on the reverse barrel before the deal, −1 for a player
        not on it (``TableState.reverse_barrel``).
    scores : list of 3 float
        The scores after the deal's other steps, points; a fall is written
        into it in place.
    events : list of str
        The deal's events; this step's are appended.

    Returns
    -------
    (reverse, winner) : tuple of 3 int, int
        The attempts after the deal (−1 off) and the winner when a sitter
        reached ``-rules.target`` (the game ends), else −1.

    Examples
    --------
    wiki with the fall to −760: a player at −900 who takes −120 in his
    second deal on the reverse barrel reaches −1020 and loses; the highest
    score wins.

    >>> from analysis.rules import PROFILES
    >>> r = PROFILES["wiki"].with_changes(reverse_barrel=-760)
    >>> ev = []
    >>> reverse_barrel_step(r, (-1, 0, -1), [300.0, -1020.0, 450.0], ev), ev
    (((-1, 1, -1), 2), ['reverse_loss:1'])

    His third deal there ends above −1001: he falls to −760.

    >>> s, ev = [300.0, -950.0, 450.0], []
    >>> reverse_barrel_step(r, (-1, 2, -1), s, ev), s, ev
    (((-1, -1, -1), -1), [300.0, -760.0, 450.0], ['reverse_fall:1'])
    """
    if not rules.reverse_barrel:
        return sitting, -1
    low, goal = -rules.barrel_threshold, -rules.target
    rev = list(sitting)
    losers = []
    n = len(rev)
    for p in range(n):
        if rev[p] < 0:
            if scores[p] <= low:  # arrives: the deals on it start with the next one
                rev[p] = 0
                events.append(f"reverse_enter:{p}")
            continue
        rev[p] += 1
        if scores[p] <= goal:
            losers.append(p)
        elif scores[p] > low:
            rev[p] = -1
            events.append(f"reverse_exit:{p}")
        elif rev[p] >= rules.barrel_attempts:
            scores[p] = float(rules.reverse_barrel)
            rev[p] = -1
            events.append(f"reverse_fall:{p}")
    if not losers:
        return tuple(rev), -1
    loser = min(losers, key=lambda p: (scores[p], p))
    events.append(f"reverse_loss:{loser}")
    # the highest score wins; ties to the next player in play order after the loser
    winner = max((p for p in range(n) if p != loser), key=lambda p: (scores[p], -((p - loser) % n)))
    return tuple(rev), winner
