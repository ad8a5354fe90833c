"""The auction of one deal under :class:`~analysis.game.policy.ThresholdPolicy`.

RULES.md, common core ("Bidding starts with the first hand's opening bid
... each later call raises in multiples of 5 or passes for good. The last
player not passed is the declarer") and the bidding rows of the conventions
table.  The policy's decisions are reduced to integer limits per seat
(:func:`analysis.game.policy.bid_limits`), so the auction itself is a short
loop over integers.
"""

from __future__ import annotations

from ..bids import BID_STEP, OPENING_BID, hand_cap

__all__ = ["hand_cap", "auction"]


def auction(limits, caps, sitting, min_barrel: int) -> tuple[int, int]:
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

    Returns
    -------
    (seat, bid) : tuple of int
        The declarer's seat (relative to the dealer) and the winning bid
        (points, a multiple of 5, at least 100).

    Notes
    -----
    The first hand opens with 100 (obligatory, and the smallest opening
    where more is allowed); every raise is the smallest one, +5, which is
    legal under every profile (``raise_exact``; ``no_jump_over_120`` since
    +5 never jumps over 120).  A player raises when the next level is at
    most his willingness:

    - a sitter: his ``barrel_risk`` limit, if that limit reaches
      ``min_barrel`` (otherwise he passes);
    - anybody else: his ``risk`` limit, or his ``block_risk`` limit if
      higher while a sitter other than him has not passed;

    always within his cap.  If both others pass, the first hand plays his
    100.
    """
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
    any_sitter = sitting[0] or sitting[1] or sitting[2]
    current, holder = OPENING_BID, 0
    active = [True, True, True]
    n_active = 3
    s = 1
    while n_active > 1:
        if active[s] and s != holder:
            nxt = current + BID_STEP
            w = will[s]
            if any_sitter and not sitting[s]:
                for o in range(3):
                    if o != s and active[o] and sitting[o]:
                        w = max(w, block[s])
                        break
            if nxt <= w:
                current, holder = nxt, s
            else:
                active[s] = False
                n_active -= 1
        s = (s + 1) % 3
    return holder, current
