"""One deal of a game, from the cards to the table's new state.

RULES.md, common core, in order: redeal conditions before bidding, the
auction, the widow shown (its redeal conditions), the exchange and the final
contract, the optional write-off, the after-exchange redeal conditions,
play, scoring (:func:`analysis.scoring.apply_deal`).

The declarer's decisions use the double-dummy value of his seat after the
best exchange (:class:`analysis.game.sources.Solved`), as DESIGN.md's
solver contract defines it:

- **final contract**: the highest contract he makes: the largest multiple
  of 5 not above his value and his 8-card cap, never below the winning bid
  (a made contract above the bid only adds points; for a sitter any made
  contract at or above the target's need wins).  A lost contract is named
  at the bid (the smallest loss).  If the gift of the solver's line gave a
  marriage card away so that the cap falls below the bid, the bid stands.
- **lost contract** (value below the bid): up to three options, compared by
  how they leave him against his opponents: his score change minus the mean
  of theirs, as :func:`analysis.scoring.apply_deal` computes it (barrel
  effects included).  Playing it out is the default; writing off
  (where the profile and the barrel allow, and ``policy.write_offs``)
  replaces it only when strictly better; a *gift redeal* (a gift creating
  an after-exchange redeal condition, e.g. a fourth 9 to a defender who
  holds three; ``policy.gift_redeals``; a redeal changes nothing, so its
  value is 0) replaces both only when strictly better than each.
- **solver gift meeting an after-exchange condition on a made contract**:
  if no gift avoids the condition (:func:`gift_condition_unavoidable`),
  the deal is redealt (reason ``exchange``); otherwise the declarer is
  assumed to avoid it with another gift that still makes his contract and
  the deal is played with the solver's value and line (an approximation:
  the other gift may lower the value or change the defenders' points; the
  row's ``gift_condition`` flag counts how often it was needed).
- **four marriages** (book †): a declarer whose 10 cards hold every king and
  queen keeps them and wins at once.

Claimable redeals follow ``policy.claim_redeals`` (default: the holder
claims); forced ones always happen.

With single-dummy outcomes (``--outcomes pimc``) the declarer decides after
the widow from his own worlds, not from the deal's value:
:mod:`analysis.game.sd_flow`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..bids import NO_CAP
from ..cards import ALL_MARRIAGES, CARD_POINTS
from ..rules.redeal_conditions import NEVER, meets, stage_limits
from ..scoring import DealOutcome, apply_deal
from .auction import auction, hand_cap

__all__ = ["DealPlay", "play_deal", "gift_redeal_possible", "gift_condition_unavoidable"]

_NINES = sum(1 << (6 * s) for s in range(4))
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
    gift_condition: bool  #: see the module docstring


def _claim(rules, policy) -> bool:
    return rules.redeal_claim == "forced" or policy.claim_redeals


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
    four 9s in a hand, club/book †/wiki; an 8-card hand under
    ``redeal_after_hand_under`` card points, book 15).

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
        Closed form: four 9s arise when the declarer holds all four (he
        gives two other cards) or a defender holds three and the declarer
        the fourth (or a defender already holds four); a hand under ``x``
        points arises when a defender's points plus the declarer's cheapest card stay under ``x``, or the
        declarer's points minus his two dearest cards do.  (A test checks
        it against trying all 90 gifts.)
    """
    if rules.redeal_after_four_nines:
        nt, nl, nr = _nines(ten), _nines(left), _nines(right)
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


def _after_condition(rules, h0: int, h1: int, h2: int) -> bool:
    return any(meets(rules, "exchange", _nines(h), _points(h)) for h in (h0, h1, h2))


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
        True when all 90 ordered gifts leave a hand with four 9s or an
        8-card hand under ``rules.redeal_after_hand_under`` points (book: a
        defender so weak that even the declarer's best card leaves him
        under 15).  Tries the gifts; the simulator asks only when the
        solver's gift met a condition.
    """
    cards = [1 << c for c in range(24) if ten >> c & 1]
    for a in cards:
        for b in cards:
            if a != b and not _after_condition(rules, ten & ~a & ~b, left | a, right | b):
                return False
    return True


def _metric(res, d: int) -> float:
    dl = res.deltas
    return float(dl[d] - (dl.sum() - dl[d]) / 2.0)


def play_deal(rules, policy, state, masks, limits, solve, *, single_dummy=None) -> DealPlay:
    """Play one deal on the table ``state``.

    Parameters
    ----------
    rules : Rules
    policy : ThresholdPolicy
    state : analysis.scoring.TableState
        The table before the deal.
    masks : sequence of 4 int
        hand0, hand1, hand2 (seats relative to the dealer: 0 first hand)
        and widow, uint32 masks.
    limits : array of shape (3, 3), int
        The policy's limits per seat (:meth:`ThresholdPolicy.limits`).
    solve : callable
        ``solve(seat) -> Solved``: the double-dummy outcome for a declarer
        seat.
    single_dummy : callable, optional
        ``single_dummy(seat, bid, replay=False) -> SDPlayed``: single-dummy
        outcomes instead (``solve`` is then not called); the declarer's
        decisions after the widow are those of
        :func:`analysis.game.sd_flow.declare`.

    Returns
    -------
    DealPlay
    """
    dealer = state.dealer
    player = [(dealer + 1 + s) % 3 for s in range(3)]
    hands = [int(masks[0]), int(masks[1]), int(masks[2])]
    widow = int(masks[3])
    claim = _claim(rules, policy)

    def redeal(reason, decl=-1, bid=-1, value=-1):
        res = apply_deal(rules, state, DealOutcome(redeal=True))
        return DealPlay(res, reason, decl, bid, -1, False, (0, 0, 0), (0, 0, 0), value, False)

    # before bidding
    if claim and stage_limits(rules, "bidding") != (NEVER, 0):
        for h in hands:
            if meets(rules, "bidding", _nines(h), _points(h)):
                return redeal("bidding")
    sitting = [state.barrel[player[s]] >= 0 for s in range(3)]
    caps = [hand_cap(rules, h) for h in hands]
    ds, bid = auction(limits, caps, sitting, rules.barrel_min_contract)
    d = player[ds]
    # widow shown
    if claim and meets(rules, "widow", _nines(widow), _points(widow)):
        return redeal("widow", d, bid)
    ten = hands[ds] | widow
    left_p, right_p = player[(ds + 1) % 3], player[(ds + 2) % 3]
    if rules.four_marriages_win and ten & _KQ == _KQ:
        out = DealOutcome(
            declarer=d,
            contract=bid,
            bid=bid,
            raw=(0, 0, 0),
            tricks=(8, 0, 0) if d == 0 else ((0, 8, 0) if d == 1 else (0, 0, 8)),
            four_marriages=d,
        )
        return DealPlay(
            apply_deal(rules, state, out), "", d, bid, bid, False, (0, 0, 0), (0, 0, 0), -1, False
        )
    if single_dummy is not None:
        from .sd_flow import declare

        def outcome(replay=False):
            return single_dummy(ds, bid, replay=replay)

        return declare(rules, policy, state, ds, bid, hands, widow, player, sitting, claim, outcome, redeal)
    sol = solve(ds)
    v = sol.value
    raw = [0, 0, 0]
    tricks = [0, 0, 0]
    raw[d], raw[left_p], raw[right_p] = v, sol.left_points, sol.right_points
    tricks[d], tricks[left_p], tricks[right_p] = (sol.declarer_tricks, sol.left_tricks, sol.right_tricks)
    raw, tricks = tuple(raw), tuple(tricks)
    fm = -1
    if rules.four_marriages_win:
        lh = hands[(ds + 1) % 3] | (1 << sol.give_left)
        rh = hands[(ds + 2) % 3] | (1 << sol.give_right)
        fm = left_p if lh & _KQ == _KQ else (right_p if rh & _KQ == _KQ else -1)
    if v >= bid:
        if (
            sol.redeal_after_gift
            and claim
            and gift_condition_unavoidable(rules, ten, hands[(ds + 1) % 3], hands[(ds + 2) % 3])
        ):
            return redeal("exchange", d, bid, v)
        cap8 = sol.marriage_cap if rules.bid_cap else NO_CAP
        contract = max(bid, min(cap8, 5 * (v // 5)))
        out = DealOutcome(declarer=d, contract=contract, bid=bid, raw=raw, tricks=tricks, four_marriages=fm)
        return DealPlay(
            apply_deal(rules, state, out),
            "",
            d,
            bid,
            contract,
            False,
            raw,
            tricks,
            v,
            bool(sol.redeal_after_gift and claim),
        )
    # lost contract: play it out, write off, or create a redeal
    played = apply_deal(
        rules,
        state,
        DealOutcome(declarer=d, contract=bid, bid=bid, raw=raw, tricks=tricks, four_marriages=fm),
    )
    best, best_m, wo = played, _metric(played, d), False
    if policy.write_offs and (not sitting[ds] or rules.write_off_on_barrel):
        w = apply_deal(
            rules, state, DealOutcome(declarer=d, contract=bid, bid=bid, written_off=True, four_marriages=fm)
        )
        m = _metric(w, d)
        if m > best_m:
            best, best_m, wo = w, m, True
    if (
        policy.gift_redeals
        and claim
        and best_m < 0
        and gift_redeal_possible(rules, ten, hands[(ds + 1) % 3], hands[(ds + 2) % 3])
    ):
        return redeal("gift", d, bid, v)
    if wo:
        return DealPlay(best, "", d, bid, bid, True, (0, 0, 0), (0, 0, 0), v, False)
    return DealPlay(best, "", d, bid, bid, False, raw, tricks, v, False)
