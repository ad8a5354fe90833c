"""Legal bids and final contracts under a rules profile.

RULES.md, common core ("Bidding", "Exchange") and the bidding rows of
"Conventions that differ": the opening bid of the first hand
(``opening_bid_exact``), the raise size (``raise_exact``), no jump over 120
(``no_jump_over_120``, bidding only, not the final contract †) and the bid
cap of 120 plus the marriages held (``bid_cap``; the final contract is capped
on the 8-card hand after the exchange).

Bids are points, multiples of 5.  Passing is always legal and is not listed.
Every function takes a ``Rules`` object; names are resolved once by the
entry point above (:func:`analysis.rules.as_rules`).
"""

from __future__ import annotations

import numpy as np

from .cards import KQ_MASKS, MARRIAGE_VALUES, marriage_points, popcount
from .errors import BadArgument
from .rules import Rules, takes_rules

__all__ = [
    "OPENING_BID",
    "BID_STEP",
    "NO_CAP",
    "JUMP_LINE",
    "bid_cap",
    "hand_cap",
    "next_bids",
    "final_contracts",
    "final_contract_ok",
]

#: The opening bid, and the lowest contract (RULES.md: "100, or more").
OPENING_BID = 100
#: Bids and contracts are multiples of this.
BID_STEP = 5
#: The cap before marriages: the 120 card points of the deck (RULES.md, "bid cap").
BASE_CAP = 120
#: Cap used when ``rules.bid_cap`` is off: 120 card points plus all four
#: marriages, the most a deal can yield.
NO_CAP = 400
#: The level a raise may not jump over under ``rules.no_jump_over_120`` (club).
JUMP_LINE = 120


@takes_rules
def bid_cap(rules, hand_mask):
    """Highest bid (or final contract) a hand allows.

    Parameters
    ----------
    rules : Rules
    hand_mask : int or ndarray of uint32 masks, any shape
        The 7-card hand while bidding, or the 8-card hand after the
        exchange for the final contract.

    Returns
    -------
    int or ndarray of the same shape, int64
        With ``rules.bid_cap``: 120 plus the value of every marriage held
        (♠ 40, ♣ 60, ♦ 80, ♥ 100; book seed 002: ♥ → 220, ♥ + ♣ → 280),
        points, 120..400; otherwise ``NO_CAP`` (400).

    Examples
    --------
    >>> from analysis.cards import parse
    >>> from analysis.rules import PROFILES
    >>> bid_cap(PROFILES["book"], parse("K♥ Q♥ K♣ Q♣ A♠ 10♠ 9♦"))
    280
    """
    m = np.asarray(hand_mask)
    if np.any(m < 0) or np.any(m >= 1 << 24):
        raise BadArgument(f"hand mask must be a 24-bit card mask, got {hand_mask!r}")
    if rules.bid_cap:
        out = np.asarray(BASE_CAP + marriage_points(m), dtype=np.int64)
    else:
        out = np.full(m.shape, NO_CAP, dtype=np.int64)
    return int(out) if out.ndim == 0 else out


#: Each suit's king and queen as a mask, with the marriage's value.
_MARRIAGES = tuple((KQ_MASKS[s], int(MARRIAGE_VALUES[s])) for s in range(4))


@takes_rules
def hand_cap(rules: Rules, mask: int) -> int:
    """:func:`bid_cap` of one hand, without its array overhead (the simulator's loop).

    Parameters
    ----------
    rules : Rules
    mask : int
        Card mask (7 cards while bidding, 8 after the exchange).

    Returns
    -------
    int
        Points, 120..400 (RULES.md, "bid cap"; book worked example 5:
        ♥ + ♣ → 280); ``NO_CAP`` without ``rules.bid_cap``.
    """
    if not rules.bid_cap:
        return NO_CAP
    cap = BASE_CAP
    for km, v in _MARRIAGES:
        if mask & km == km:
            cap += v
    return cap


@takes_rules
def next_bids(rules, current_bid, cap: int, is_opening: bool = False) -> np.ndarray:
    """The legal bids after ``current_bid``, lowest first.

    Parameters
    ----------
    rules : Rules
    current_bid : int or None
        The standing bid, a multiple of 5 at least 100; ignored when
        ``is_opening``.
    cap : int
        The bidder's cap (:func:`bid_cap` of his hand), points.
    is_opening : bool
        The first hand's opening call: exactly 100 under
        ``rules.opening_bid_exact`` (club, ua), otherwise 100 or more.

    Returns
    -------
    ndarray of shape (k,), int64
        Bids in points.  A raise is at least ``rules.raise_step`` (5; ua 10
        by agreement): exactly that under ``rules.raise_exact`` (book †,
        wiki), else any larger multiple of 5.  Under
        ``rules.no_jump_over_120`` (club) a bid may not go from below 120
        to above 120; an opening bid counts as coming from below 120
        (choice: the seed says only "при повышении нельзя перепрыгнуть через
        120").  Nothing above ``cap``; empty when no raise is legal.

    Raises
    ------
    ValueError
        If ``current_bid`` or ``cap`` is not a multiple of 5 of at least 100.

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> next_bids(PROFILES["club"], 110, 160).tolist()      # no jump over 120
    [115, 120]
    >>> next_bids(PROFILES["wiki"], 110, 160).tolist()      # raises of exactly 5
    [115]
    >>> next_bids(PROFILES["club"], None, 160, is_opening=True).tolist()
    [100]
    >>> next_bids(PROFILES["ua"].with_changes(raise_step=10), 110, 140).tolist()
    [120, 125, 130, 135, 140]
    """
    if cap % BID_STEP or cap < OPENING_BID:
        raise BadArgument(f"cap must be a multiple of 5 of at least 100, got {cap!r}")
    if is_opening:
        if rules.opening_bid_exact:
            return np.array([OPENING_BID], dtype=np.int64)
        lo, below = OPENING_BID, True
    else:
        if current_bid is None or current_bid % BID_STEP or current_bid < OPENING_BID:
            raise BadArgument(f"current bid must be a multiple of 5 of at least 100, got {current_bid!r}")
        lo, below = current_bid + rules.raise_step, current_bid < JUMP_LINE
    hi = lo if (rules.raise_exact and not is_opening) else cap
    hi = min(hi, cap)
    if rules.no_jump_over_120 and below:
        hi = min(hi, JUMP_LINE)
    if hi < lo:
        return np.zeros(0, dtype=np.int64)
    return np.arange(lo, hi + 1, BID_STEP, dtype=np.int64)


def _check_hand8(hand8) -> np.ndarray:
    m = np.asarray(hand8)
    if np.any(m < 0) or np.any(m >= 1 << 24):
        raise BadArgument(f"hand mask must be a 24-bit card mask, got {hand8!r}")
    n = np.asarray(popcount(m.astype(np.uint32)))
    if np.any(n != 8):
        raise BadArgument(f"the final contract is named on an 8-card hand, got {n} cards")
    return m


@takes_rules
def final_contracts(rules, bid: int, hand8: int) -> np.ndarray:
    """Every legal final contract after winning the bidding at ``bid``.

    Parameters
    ----------
    rules : Rules
    bid : int
        The winning bid, a multiple of 5 of at least 100.
    hand8 : int
        The declarer's 8-card hand after the exchange, uint32 mask.

    Returns
    -------
    ndarray of shape (k,), int64
        ``bid, bid + 5, …`` up to the cap of the 8-card hand (RULES.md,
        "Exchange"; no jump rule here †).  Empty if the bid already exceeds
        that cap (he gave a marriage card away).

    Raises
    ------
    ValueError
        On a bid that is not a multiple of 5 of at least 100, or a hand that
        does not hold 8 cards.
    """
    if bid % BID_STEP or bid < OPENING_BID:
        raise BadArgument(f"bid must be a multiple of 5 of at least 100, got {bid!r}")
    _check_hand8(hand8)
    cap = bid_cap(rules, hand8)
    return np.arange(bid, cap + 1, BID_STEP, dtype=np.int64)


@takes_rules
def final_contract_ok(rules, bid, contract, hand8):
    """Whether ``contract`` is a legal final contract.

    Parameters
    ----------
    rules : Rules
    bid : int or ndarray of int
        The winning bid, points.
    contract : int or ndarray of int
        The proposed final contract, points.
    hand8 : int or ndarray of uint32 masks
        The declarer's 8-card hand after the exchange.

    Returns
    -------
    bool or ndarray of bool (broadcast shape)
        A multiple of 5, not below the bid, within :func:`bid_cap` of the
        8-card hand (ua seed 003: a bid of 125 refuses a contract of 120).

    Raises
    ------
    ValueError
        If a hand does not hold exactly 8 cards.

    Examples
    --------
    >>> from analysis.cards import parse
    >>> hand8 = parse("K♥ Q♥ A♥ 10♥ A♠ 10♠ 9♣ J♦")
    >>> from analysis.rules import PROFILES
    >>> ua = PROFILES["ua"]
    >>> final_contract_ok(ua, 125, 120, hand8), final_contract_ok(ua, 125, 220, hand8)
    (False, True)
    """
    m = _check_hand8(hand8)
    c = np.asarray(contract, dtype=np.int64)
    b = np.asarray(bid, dtype=np.int64)
    ok = (c % BID_STEP == 0) & (c >= b) & (c >= OPENING_BID) & (c <= bid_cap(rules, m))
    return bool(ok) if np.ndim(ok) == 0 else ok
