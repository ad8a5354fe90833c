"""The auction of one deal under :class:`~analysis.game.policy.ThresholdPolicy`.

RULES.md, common core ("Bidding starts with the first hand's opening bid
... each later call raises in multiples of 5 or passes for good. The last
player not passed is the declarer") and the bidding rows of the conventions
table, read from the rules: the opening (``opening_bid_exact``), the raise
(``raise_step``, ``raise_exact``), no jump over 120 (``no_jump_over_120``),
the cap (``bid_cap``, through the seats' caps), bidding in the minus
(``minus_bidding``) and on the barrel (``barrel_bidding``).  The legal
calls are those of :func:`analysis.bids.next_bids`.  The policy's decisions
are reduced to integer limits per seat
(:func:`analysis.game.policy.bid_limits`), so the auction itself is a short
loop over integers.
"""

from __future__ import annotations

from ..bids import BID_STEP, JUMP_LINE, OPENING_BID, hand_cap

__all__ = ["hand_cap", "auction", "nobody_bids"]


def nobody_bids(rules, scores) -> bool:
    """Whether bidding in the minus silences this auction.

    wiki, «Торговля в минусе» (``rules.minus_bidding``, e.g. −120): while
    some but not all players are at or below that score, the others always
    pass and those in the pit may not bid, so the first hand plays his
    opening 100 (†: the seed does not say who plays).

    Parameters
    ----------
    rules : Rules
    scores : sequence of 3 float
        The players' scores (any order).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> pit = PROFILES["wiki"].with_changes(minus_bidding=-120)
    >>> nobody_bids(pit, (-120, 300, 40)), nobody_bids(pit, (-125, -130, -200))
    (True, False)
    """
    if not rules.minus_bidding:
        return False
    low = sum(s <= rules.minus_bidding for s in scores)
    return 0 < low < 3


def _highest(lo: int, hi: int, step: int) -> int:
    """The highest bid ``lo + k * step`` not above ``hi`` (``lo`` when none is)."""
    return lo + max(0, (hi - lo) // step) * step


def auction(
    limits, caps, sitting, min_barrel: int, rules=None, *, jumps: bool = False, scores=None, opening=None
):
    """Play the auction; return the declarer's seat and the winning bid.

    Parameters
    ----------
    limits : array of shape (3, 3), int
        Per seat (0 first hand, 1, 2 dealer): the highest level the
        player's estimate supports at the policy's ``risk``,
        ``barrel_risk`` and ``block_risk`` (points; 95 = not even 100).
    caps : sequence of 3 int
        Each seat's 7-card bid cap (points).
    sitting : sequence of 3 bool
        Whether the player at each seat sits on the barrel.
    min_barrel : int
        ``rules.barrel_min_contract``: the contract a sitter needs to win.
    rules : Rules or None
        The bidding conventions; None plays club's opening and raises by 5
        without the jump line (the calls the default policy makes under
        every profile).
    jumps : bool
        The policy's ``jump_bids``: a player bids straight to the highest
        legal level his willingness supports (and the first hand opens
        there where ``rules.opening_bid_exact`` is off) instead of the
        smallest raise.
    scores : sequence of 3 float or None
        The players' scores by seat, for ``rules.minus_bidding``.
    opening : (seat, bid) or None
        The bid standing when the auction starts in place of the first
        hand's 100: a dark player outbid at 125 (:mod:`analysis.game.dark`);
        the next seat calls first.

    Returns
    -------
    (seat, bid) : tuple of int
        The declarer's seat (relative to the dealer) and the winning bid
        (points, a multiple of 5, at least 100).

    Notes
    -----
    A player's *willingness* is:

    - for a sitter: his ``barrel_risk`` limit, if that limit reaches
      ``min_barrel`` (otherwise he passes);
    - for anybody else: his ``risk`` limit, or his ``block_risk`` limit if
      higher while a sitter other than him has not passed;

    always within his cap.  The first hand opens with 100 (obligatory, and
    the smallest opening where more is allowed; with ``jumps`` and a free
    opening, his willingness).  In turn, a player raises when the smallest
    legal raise (``raise_step`` above the standing bid, not over 120 from
    below under ``no_jump_over_120``) is at most his willingness: by that
    step, or with ``jumps`` (and ``raise_exact`` off) to the highest legal
    bid within it.  If both others pass, the first hand plays his opening.
    Under ``barrel_bidding='yield'`` a sitter willing to bid the contract
    his target needs gets the widow at that level without bidding (the
    first such sitter in play order †); under ``minus_bidding``
    (:func:`nobody_bids`) the first hand plays 100.
    """
    step = rules.raise_step if rules is not None else BID_STEP
    exact_open = rules.opening_bid_exact if rules is not None else True
    exact_raise = rules.raise_exact if rules is not None else False
    no_jump = rules.no_jump_over_120 if rules is not None else False
    if rules is not None and scores is not None and nobody_bids(rules, scores):
        return 0, OPENING_BID
    will = [0, 0, 0]
    block = [0, 0, 0]
    for s in range(3):
        lim = limits[s]
        if sitting[s]:
            b = int(lim[1])
            will[s] = min(b, caps[s]) if b >= min_barrel else 0
        else:
            will[s] = min(int(lim[0]), caps[s])
            block[s] = min(int(lim[2]), caps[s])
    if rules is not None and rules.barrel_bidding == "yield":
        for s in range(3):
            if sitting[s] and will[s] >= min_barrel:
                return s, max(OPENING_BID, min_barrel)
    any_sitter = sitting[0] or sitting[1] or sitting[2]
    current = OPENING_BID
    if jumps and not exact_open and will[0] > OPENING_BID:
        hi = min(will[0], JUMP_LINE) if no_jump else will[0]
        current = _highest(OPENING_BID, hi, BID_STEP)
    holder = 0
    active = [True, True, True]
    n_active = 3
    s = 1
    if opening is not None:  # the dark outbid (RULES.md, "Dark play")
        holder, current = opening
        s = (holder + 1) % 3
    while n_active > 1:
        if active[s] and s != holder:
            lo = current + step
            w = will[s]
            if any_sitter and not sitting[s]:
                for o in range(3):
                    if o != s and active[o] and sitting[o]:
                        w = max(w, block[s])
                        break
            hi = min(w, JUMP_LINE) if no_jump and current < JUMP_LINE else w
            if lo <= hi:
                current = _highest(lo, hi, BID_STEP) if jumps and not exact_raise else lo
                holder = s
            else:
                active[s] = False
                n_active -= 1
        s = (s + 1) % 3
    return holder, current
