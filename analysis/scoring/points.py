"""Score arithmetic of one deal: the declarer's result, defenders' rounding,
write-off payments (RULES.md, "Deal score" and the conventions table)."""

from __future__ import annotations

import numpy as np

from ..rules import takes_rules
from .state import MAX_DEAL_POINTS

__all__ = ["round_defender_points", "write_off_payment", "declarer_delta", "declarer_points"]
__all__ = [
    "round_defender_points",
    "write_off_payment",
    "declarer_delta",
    "ACE_MARRIAGE_POINTS",
    "ACES",
    "declares_ace_marriage",
]

#: Points of the ace marriage, the four aces in one hand (ua, seed 003:
#: «комбінацію вартістю 200 очок»; wiki, seed 004: «приносит игроку
#: дополнительно 200 очков»), counted like a marriage in the raw points.
ACE_MARRIAGE_POINTS = 200
#: The four aces as a card mask (DESIGN.md, contract 1: rank 5 of each suit).
ACES = sum(1 << (6 * s + 5) for s in range(4))


@takes_rules
def declares_ace_marriage(rules, hand: int, card: int, *, lead: bool, first_trick: bool) -> bool:
    """Whether playing ``card`` from ``hand`` declares the ace marriage.

    RULES.md, "Ace marriage": with ``rules.ace_marriage``, a player holding
    the four aces who has won a trick declares them by leading an ace
    (wiki, seed 004: «Чтобы объявить тузовый марьяж игрок обязан взять любую
    взятку (даже в случае если он выиграл торги и за ним право первого
    хода)... После взятки осуществляется заход с туза»).  Leading on any
    trick but the first means he won the trick before.  The declaration
    costs its holder nothing (it sets no trump †), so such a lead always
    declares.

    Parameters
    ----------
    rules : Rules
    hand : int
        The player's cards before the play (bit mask).
    card : int
        Card id 0..23 played.
    lead : bool
        The card leads a trick.
    first_trick : bool
        The trick is the deal's first.

    Returns
    -------
    bool
        True when the play adds :data:`ACE_MARRIAGE_POINTS` to the player's points.

    Examples
    --------
    >>> from analysis.cards import parse
    >>> from analysis.rules import PROFILES
    >>> aces = parse("A♠ A♣ A♦ A♥ 10♠ 9♦")
    >>> on = PROFILES["club"].with_changes(ace_marriage=True)
    >>> ace_h = parse("A♥").bit_length() - 1
    >>> declares_ace_marriage(on, aces, ace_h, lead=True, first_trick=False)
    True
    >>> declares_ace_marriage(on, aces, ace_h, lead=True, first_trick=True)
    False
    >>> declares_ace_marriage(PROFILES["club"], aces, ace_h, lead=True, first_trick=False)
    False
    """
    return bool(
        rules.ace_marriage
        and lead
        and not first_trick
        and card % 6 == 5
        and hand >> card & 1
        and hand & ACES == ACES
    )


@takes_rules
def round_defender_points(rules, raw):
    """A defender's written points (RULES.md, "defenders' points rounded").

    Parameters
    ----------
    rules : Rules
    raw : int or ndarray of int, any shape
        Raw points (cards + own marriages, the ace marriage included), 0..500.

    Returns
    -------
    int or ndarray of the same shape, int64
        With ``rules.round_defenders``: the nearest multiple of 5, last
        digit 1, 2 down, 3, 4 up, 6, 7 down, 8, 9 up (12 → 10, 13 → 15);
        otherwise (ua) the raw points.

    Raises
    ------
    ValueError
        On negative points.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> round_defender_points(PROFILES["classic"], [12, 13, 17, 18]).tolist()
    [10, 15, 15, 20]
    >>> round_defender_points(PROFILES["ua"], 13)
    13
    """
    r = np.asarray(raw, dtype=np.int64)
    if r.size and r.min() < 0:
        raise ValueError(f"raw points must not be negative, got {raw!r}")
    out = 5 * ((r + 2) // 5) if rules.round_defenders else r
    return int(out) if out.ndim == 0 else out


@takes_rules
def write_off_payment(rules, contract: int) -> float:
    """Points each opponent is written when the declarer writes off.

    RULES.md, "write-off: each opponent": ``half`` contract/2 kept exact
    (club, 125 → 62.5); ``half_round5`` contract/2 rounded to a multiple of
    5, ties up (classic †, wiki †: 125 → 65, 130 → 65); ``fixed``
    ``rules.write_off_fixed`` (book 40, ua 60).

    Returns
    -------
    float
        Points each opponent not sitting on the barrel receives (a sitter gets none).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> [write_off_payment(PROFILES[p], 125) for p in ("club", "classic", "book", "ua")]
    [62.5, 65.0, 40.0, 60.0]

    Raises
    ------
    ValueError
        If the contract is not a multiple of 5 in 100..400.
    """
    if contract % 5 or not 100 <= contract <= MAX_DEAL_POINTS:
        raise ValueError(f"contract must be a multiple of 5 in 100..400, got {contract!r}")
    if rules.write_off_payment == "half":
        return contract / 2
    if rules.write_off_payment == "half_round5":
        return float(5 * -(-contract // 10))
    return float(rules.write_off_fixed)


@takes_rules
def declarer_points(rules, points: int) -> int:
    """The declarer's points as checked against his contract.

    His raw points, or under ``rules.round_declarer`` (wiki, «Мелкие
    договорённости»: "Округление очков у играющего заказ") rounded as the
    defenders' are (118 → 120, 117 → 115).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> wiki = PROFILES["wiki"]
    >>> declarer_points(wiki, 118), declarer_points(wiki.with_changes(round_declarer=True), 118)
    (118, 120)
    """
    p = int(points)
    return 5 * ((p + 2) // 5) if rules.round_declarer else p


@takes_rules
def declarer_delta(rules, contract: int, points: int, first_hand: bool) -> int:
    """The declarer's score change for a played contract.

    ``+contract`` if ``points`` (:func:`declarer_points`: raw, or rounded
    under ``rules.round_declarer``) reaches it (without rounding one point
    short fails), otherwise ``-contract``, doubled under
    ``rules.double_penalty_off_first_hand`` when the declarer is not the
    first hand (book, seed 002; RULES.md "failed contract").

    Parameters
    ----------
    contract : int
        Final contract, points.
    points : int
        Declarer's raw points (cards + own marriages).
    first_hand : bool
        The declarer sits left of the dealer.
    """
    if declarer_points(rules, points) >= contract:
        return int(contract)
    if rules.double_penalty_off_first_hand and not first_hand:
        return -2 * int(contract)
    return -int(contract)
