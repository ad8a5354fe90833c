"""One deal of a game, from the cards to the table's new state.

RULES.md, common core, in order: redeal conditions before bidding, the
auction, the widow shown (its redeal conditions), the exchange and the final
contract, the optional write-off, the after-exchange redeal conditions,
play, scoring (:func:`analysis.scoring.apply_deal`).

:func:`play_deal` runs the deal up to the widow (redeals before bidding,
the auction, the widow, book's four marriages †: a declarer whose 10 cards
hold every king and queen keeps them and wins at once), then asks the
game's source for the declarer's outcome at the winning bid and leaves the
rest to the outcome itself: a double-dummy :class:`~analysis.game.outcomes.Solved`
or a single-dummy :class:`~analysis.game.outcomes.SDPlayed` decides the
gift, the final contract, the write-off and the gift redeal as
:mod:`analysis.game.declare` describes, from the deal's value or from the
declarer's own worlds.  The flow is the same for both.

Dark play (:mod:`analysis.game.dark`, RULES.md "Dark play"): the first
hand's declaration comes before the cards are seen; unless a marriage
holder outbids him at 125 (the auction then starts from that bid), the
deal is played after his blind gift and scored as a dark deal.

Claimable redeals follow the policy
(:func:`analysis.game.policy.claims_redeal`; default: the holder claims);
forced ones always happen.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ALL_MARRIAGES, CARD_POINTS
from ..rules.redeal_conditions import has_conditions, meets
from ..scoring import DARK_CONTRACT, DealOutcome, active_players, apply_deal
from .auction import auction, hand_cap
from .dark import DARK_OUTBID, dark_deal, goes_dark, outbidder
from .policy import claims_redeal

__all__ = [
    "DealPlay",
    "AtWidow",
    "play_deal",
    "redeal",
    "after_exchange_condition",
    "gift_redeal_possible",
    "gift_redeal_known",
    "gift_condition_unavoidable",
]

_NINES = sum(1 << (6 * s) for s in range(4))
_JACKS = _NINES << 1
_KQ = ALL_MARRIAGES
_PTS = [int(p) for p in CARD_POINTS]


def _points(mask: int) -> int:
    t = 0
    while mask:
        low = mask & -mask
        t += _PTS[low.bit_length() - 1]
        mask ^= low
    return t


def _nines(mask: int) -> int:
    return (mask & _NINES).bit_count()


class DealPlay(NamedTuple):
    """What :func:`play_deal` returns: the scoring result and the row extras."""

    result: object  #: analysis.scoring.DealResult
    redeal_reason: str  #: '', 'bidding', 'widow', 'exchange' or 'gift'
    declarer: int  #: player 0..2, −1 on a redeal before the auction ends
    bid: int  #: winning bid, −1 on a before-bidding redeal
    contract: int  #: final contract, −1 on a redeal
    written_off: bool
    raw: tuple  #: raw points per player (cards + own marriages)
    tricks: tuple  #: tricks per player
    value: int  #: declarer's double-dummy value, −1 if not solved
    gift_condition: bool  #: see :mod:`analysis.game.declare`


class AtWidow(NamedTuple):
    """The deal once the widow is shown: what the declarer's decisions need."""

    rules: object  #: analysis.rules.Rules
    policy: object  #: ThresholdPolicy
    state: object  #: analysis.scoring.TableState, the table before the deal
    ds: int  #: the declarer's seat, relative to the dealer
    bid: int  #: the winning bid, points
    hands: tuple  #: the 7-card hands by seat, masks
    widow: int  #: mask
    player: tuple  #: the player at each seat
    sitting: tuple  #: barrel sitters by seat
    claim: bool  #: a claimable redeal is claimed (forced ones always are)

    @property
    def ten(self) -> int:
        """The declarer's 10 cards (hand and widow), mask."""
        return self.hands[self.ds] | self.widow


def redeal(rules, state, reason: str, decl: int = -1, bid: int = -1, value: int = -1) -> DealPlay:
    """The :class:`DealPlay` of a redeal for ``reason`` (nothing scored)."""
    res = apply_deal(rules, state, DealOutcome(redeal=True))
    zero = (0,) * len(state.scores)
    return DealPlay(res, reason, decl, bid, -1, False, zero, zero, value, False)


def _card_points_list(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(_PTS[low.bit_length() - 1])
        mask ^= low
    return out


def gift_redeal_possible(rules, ten: int, left: int, right: int) -> bool:
    """Whether some gift of two of the declarer's 10 cards creates an
    after-exchange redeal condition (RULES.md, "Redeals", after the exchange:
    four 9s in a hand, club/book †/wiki; four jacks, wiki by agreement; an
    8-card hand under ``redeal_after_hand_under`` card points, book 15).

    Parameters
    ----------
    rules : Rules
    ten : int
        The declarer's 10 cards (hand + widow), mask.
    left, right : int
        The 7-card masks of his left and right opponents.

    Returns
    -------
    bool
        Closed form: four 9s (or four jacks) arise when the declarer holds
        all four (he gives two other cards) or a defender holds three and
        the declarer the fourth (or a defender already holds four); a hand under ``x``
        points arises when a defender's points plus the declarer's cheapest card stay under ``x``, or the
        declarer's points minus his two dearest cards do.  (A test checks
        it against trying all 90 gifts.)
    """
    for on, rank in ((rules.redeal_after_four_nines, _NINES), (rules.redeal_after_four_jacks, _JACKS)):
        if on:
            nt, nl, nr = ((h & rank).bit_count() for h in (ten, left, right))
            if nt == 4 or nl == 4 or nr == 4 or (nt and (nl == 3 or nr == 3)):
                return True
    x = rules.redeal_after_hand_under
    if x:
        pts = sorted(_card_points_list(ten))
        if _points(left) + pts[0] < x or _points(right) + pts[0] < x:
            return True
        if sum(pts[:-2]) < x:
            return True
    return False


def gift_redeal_known(rules, ten: int) -> bool:
    """Whether some gift leaves the declarer's own 8 cards an after-exchange
    redeal condition: what he knows from his 10 cards alone.

    Parameters
    ----------
    rules : Rules
    ten : int
        The declarer's 10 cards (hand + widow), mask.

    Returns
    -------
    bool
        He holds the four 9s (``redeal_after_four_nines``: he keeps them)
        or the four jacks (``redeal_after_four_jacks``), or his 10 cards'
        points without the two dearest stay under
        ``rules.redeal_after_hand_under`` (RULES.md, "Redeals", after the
        exchange).  The declarer-side half of :func:`gift_redeal_possible`.
    """
    if rules.redeal_after_four_nines and _nines(ten) == 4:
        return True
    if rules.redeal_after_four_jacks and (ten & _JACKS).bit_count() == 4:
        return True
    x = rules.redeal_after_hand_under
    return bool(x) and sum(sorted(_card_points_list(ten))[:-2]) < x


def after_exchange_condition(rules, h0: int, h1: int, h2: int) -> bool:
    """Whether one of the three 8-card hands after the exchange (masks) meets an
    after-exchange redeal condition of ``rules`` (RULES.md, "Redeals")."""
    return any(
        meets(rules, "exchange", _nines(h), _points(h), (h & _JACKS).bit_count()) for h in (h0, h1, h2)
    )


def gift_condition_unavoidable(rules, ten: int, left: int, right: int) -> bool:
    """Whether *every* gift leaves an after-exchange redeal condition.

    Parameters
    ----------
    rules : Rules
    ten, left, right : int
        The declarer's 10 cards and his opponents' 7-card hands, masks.

    Returns
    -------
    bool
        True when all 90 ordered gifts leave a hand with four 9s (or four
        jacks, ``redeal_after_four_jacks``) or an 8-card hand under
        ``rules.redeal_after_hand_under`` points (book: a
        defender so weak that even the declarer's best card leaves him
        under 15).  Tries the gifts; the simulator asks only when the
        solver's gift met a condition.
    """
    cards = [1 << c for c in range(24) if ten >> c & 1]
    for a in cards:
        for b in cards:
            if a != b and not after_exchange_condition(rules, ten & ~a & ~b, left | a, right | b):
                return False
    return True


def play_deal(rules, policy, state, masks, limits, outcome) -> DealPlay:
    """Play one deal on the table ``state``.

    Parameters
    ----------
    rules : Rules
    policy : ThresholdPolicy
    state : analysis.scoring.TableState
        The table before the deal.
    masks : sequence of 4 int
        hand0, hand1, hand2 (seats relative to the dealer: 0 first hand)
        and widow, uint32 masks.  At a table of four the dealer rests and
        the three hands go to the three others from the first hand on
        (:func:`analysis.scoring.active_players`).
    limits : array of shape (3, 3), int
        The policy's limits per seat (:meth:`ThresholdPolicy.limits`).
    outcome : callable
        ``outcome(seat, bid, replay=False)``: the outcome of the deal for a
        declarer seat at the winning bid, a
        :class:`~analysis.game.outcomes.Solved` or an
        :class:`~analysis.game.outcomes.SDPlayed` (the game source's
        :meth:`outcome`); ``replay=True`` asks a single-dummy source for the
        play of a row written off where it was stored.

    Returns
    -------
    DealPlay
    """
    player = list(active_players(state))  # at four the dealer rests
    hands = [int(masks[0]), int(masks[1]), int(masks[2])]
    widow = int(masks[3])
    claim = claims_redeal(rules, policy, limits)

    dark = goes_dark(rules, policy, state)  # declared before the cards are seen
    # before bidding
    if claim and has_conditions(rules, "bidding"):
        for h in hands:
            if meets(rules, "bidding", _nines(h), _points(h), (h & _JACKS).bit_count()):
                return redeal(rules, state, "bidding")
    sitting = [state.barrel[player[s]] >= 0 for s in range(3)]
    caps = [hand_cap(rules, h) for h in hands]
    opening = None
    if dark:  # RULES.md, "Dark play"
        o = outbidder(limits, caps, hands, sitting, rules.barrel_min_contract)
        if o < 0:
            out, value, cond = dark_deal(rules, hands, widow, player)
            if claim and cond:
                return redeal(rules, state, "exchange", player[0], DARK_CONTRACT, value)
            res = apply_deal(rules, state, out)
            c = DARK_CONTRACT
            return DealPlay(res, "", player[0], c, c, False, out.raw, out.tricks, value, False)
        opening = (o, DARK_OUTBID)
    ds, bid = auction(
        limits,
        caps,
        sitting,
        rules.barrel_min_contract,
        rules,
        jumps=policy.jump_bids,
        scores=[state.scores[p] for p in player],
        opening=opening,
    )
    d = player[ds]
    # widow shown
    if claim and meets(rules, "widow", _nines(widow), _points(widow)):
        return redeal(rules, state, "widow", d, bid)
    ten = hands[ds] | widow
    if rules.four_marriages_win and ten & _KQ == _KQ:
        zero = (0,) * len(state.scores)
        tricks = tuple(8 if p == d else 0 for p in range(len(zero)))
        out = DealOutcome(declarer=d, contract=bid, bid=bid, raw=zero, tricks=tricks, four_marriages=d)
        return DealPlay(apply_deal(rules, state, out), "", d, bid, bid, False, zero, zero, -1, False)
    at = AtWidow(rules, policy, state, ds, bid, tuple(hands), widow, tuple(player), tuple(sitting), claim)
    return outcome(ds, bid).declare(at, lambda: outcome(ds, bid, replay=True))
