"""The resting dealer at a table of four: who rests, what he scores, what a write-off pays.

RULES.md, "Four players": with ``rules.players`` 4 the dealer deals himself
no hand and sits on the widow; the three others bid and play the deal as
three players do, seated from the first hand (the player after the dealer).
:func:`rest_points` is what the widow is worth to him, per the rules'
``rest_*`` fields (:mod:`analysis.rules.fields.table`); the resting player
is :attr:`analysis.scoring.TableState.resting`.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, MARRIAGE_VALUES
from ..rules import takes_rules

__all__ = ["active_players", "rest_points", "write_off_share"]

_PTS = [int(p) for p in CARD_POINTS]
_KING, _QUEEN = 3, 2


def active_players(state) -> tuple:
    """The three players of the deal, by seat: seat 0 the first hand (after
    the dealer), seat 2 the last to bid (the dealer at three; at four the
    player before the resting dealer).  DESIGN.md, contract 2."""
    n = len(state.scores)
    return tuple((state.dealer + 1 + s) % n for s in range(3))


@takes_rules
def rest_points(rules, widow: int) -> float:
    """Points the resting dealer scores for the widow (RULES.md, "Four players").

    Parameters
    ----------
    rules : Rules
        ``rest_score``: 'widow' scores the widow's card points, rounded to 5
        as the defenders' are under ``rest_round`` (wiki), plus under
        ``rest_marriage`` 'whole' the value of a marriage lying in it (wiki)
        and under 'half' also half a marriage for a lone K or Q (wiki's
        agreement); 'fixed' scores ``rest_fixed`` whatever the widow.
    widow : int
        The widow's three cards, a bit mask.

    Returns
    -------
    float
        Points, 0..125 (A, 10 and a K-Q pair of hearts: 28 card points + 100).

    Examples
    --------
    book's worked example: a widow of A, 10 and K scores 25 (seed 002
    «Сдающий записывает на свой счет очки, которые дают карты, вскрытые в
    прикупе»); wiki rounds the card points (7 to 5) and adds a marriage
    lying in it (♥ 100).

    >>> from analysis.cards import parse
    >>> from analysis.rules import PROFILES
    >>> rest_points(PROFILES["book"], parse("A♠ 10♣ K♦"))
    25.0
    >>> rest_points(PROFILES["wiki"], parse("K♥ Q♥ 9♠"))
    105.0
    """
    if rules.rest_score == "fixed":
        return float(rules.rest_fixed)
    cards = sum(_PTS[c] for c in range(24) if widow >> c & 1)
    if rules.rest_round:
        cards = 5 * ((cards + 2) // 5)
    bonus = 0.0
    if rules.rest_marriage != "none":
        for suit in range(4):
            k, q = widow >> (6 * suit + _KING) & 1, widow >> (6 * suit + _QUEEN) & 1
            if k and q:
                bonus += int(MARRIAGE_VALUES[suit])
            elif (k or q) and rules.rest_marriage == "half":
                bonus += int(MARRIAGE_VALUES[suit]) / 2
    return float(cards + bonus)


def write_off_share(rules, pay: float) -> float:
    """Each other player's payment for a write-off at a table of four:
    ``rules.write_off_fixed_four`` in place of a fixed payment where set
    (book 30, «если играют четверо, то по 30 очков (120 : 4 = 30)»), else
    ``pay``, what it would be at three."""
    if rules.write_off_payment == "fixed" and rules.write_off_fixed_four:
        return float(rules.write_off_fixed_four)
    return pay
