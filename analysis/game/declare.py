"""The declarer's decisions once the widow is shown, for each kind of outcome.

:func:`analysis.game.deal_flow.play_deal` runs a deal up to the widow and
hands the rest to the declarer's outcome, which decides with one of the two
functions here (:meth:`analysis.game.outcomes.Solved.declare`,
:meth:`analysis.game.outcomes.SDPlayed.declare`).

**Double-dummy** (:func:`declare_solved`): the declarer's decisions use the
double-dummy value of his seat after the best exchange, as DESIGN.md's
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
  if no gift avoids the condition
  (:func:`~analysis.game.deal_flow.gift_condition_unavoidable`), the deal is
  redealt (reason ``exchange``); otherwise the declarer is assumed to avoid
  it with another gift that still makes his contract and the deal is played
  with the solver's value and line (an approximation: the other gift may
  lower the value or change the defenders' points; the row's
  ``gift_condition`` flag counts how often it was needed).

**Single-dummy** (:func:`declare_played`, ``--outcomes pimc``): every
decision is the declarer's from what he has seen, nothing reads the deal's
true value:

- **gift**: ``play_deal``'s (:func:`analysis.single_dummy.play_deal`).  It
  leaves an after-exchange redeal condition only when every gift does
  (docs/SINGLE_DUMMY.md, section 3), so the deal is then redealt (reason
  ``exchange``) where the condition is forced or claimed.
- **final contract and write-off**:
  :func:`analysis.single_dummy.decide_contract` on his worlds' values after
  the gift, at the winning bid, his seat (first hand or not) and the cap of
  his 8 cards after the gift (never below the bid: a gift that gives a
  marriage card away leaves the bid standing).  A write-off the table does
  not allow (a barrel sitter under ``write_off_on_barrel`` false, or
  ``policy.write_offs`` off) gives way to the best contract to play: the
  same decision under :func:`analysis.single_dummy.playing_rules`.
- **gift redeal** (``policy.gift_redeals``): where some gift would create
  an after-exchange redeal condition
  (:func:`~analysis.game.deal_flow.gift_redeal_possible`), he creates it
  when his expected change over the estimates (his own change, minus the
  write-off payment to each opponent when he writes off) is below the
  redeal's 0.
- **play**: the single-dummy play's raw points and tricks.  A pool row
  written off where it was stored is played again when the table has him
  play (:class:`analysis.game.pools.SDPoolSource`).
"""

from __future__ import annotations

import numpy as np

from ..bids import NO_CAP, hand_cap
from ..cards import ALL_MARRIAGES
from ..odds.delta import relative_delta
from ..scoring import DealOutcome, apply_deal, give_up_allowed, write_off_payment
from ..single_dummy import decide_contract
from ..single_dummy.batch import playing_rules
from .deal_flow import (
    AtWidow,
    DealPlay,
    after_exchange_condition,
    gift_condition_unavoidable,
    gift_redeal_possible,
    redeal,
)

__all__ = ["declare_solved", "declare_played", "expected_change"]


def _metric(res, d: int) -> float:
    """The declarer's score change minus the mean of his opponents'."""
    dl = res.deltas
    return float(dl[d] - (dl.sum() - dl[d]) / 2.0)


def _four_marriages(at: AtWidow, left8: int, right8: int) -> int:
    """The defender whose 8 cards after the gift hold every king and queen
    (book †), or −1."""
    if not at.rules.four_marriages_win:
        return -1
    ls, rs = (at.ds + 1) % 3, (at.ds + 2) % 3
    if left8 & ALL_MARRIAGES == ALL_MARRIAGES:
        return at.player[ls]
    return at.player[rs] if right8 & ALL_MARRIAGES == ALL_MARRIAGES else -1


def _by_player(at: AtWidow, mine: int, left: int, right: int) -> tuple:
    """Per player 0..2: the declarer's, his left's and his right's values."""
    out = [0, 0, 0]
    out[at.player[at.ds]] = mine
    out[at.player[(at.ds + 1) % 3]] = left
    out[at.player[(at.ds + 2) % 3]] = right
    return tuple(out)


def declare_solved(at: AtWidow, sol) -> DealPlay:
    """The deal after the widow with a double-dummy outcome (module docstring).

    Parameters
    ----------
    at : AtWidow
        The deal once the widow is shown.
    sol : analysis.game.outcomes.Solved
        The declarer's double-dummy outcome.

    Returns
    -------
    analysis.game.deal_flow.DealPlay
    """
    rules, policy, state, ds, bid = at.rules, at.policy, at.state, at.ds, at.bid
    d = at.player[ds]
    left, right = at.hands[(ds + 1) % 3], at.hands[(ds + 2) % 3]
    v = sol.value
    raw = _by_player(at, v, sol.left_points, sol.right_points)
    tricks = _by_player(at, sol.declarer_tricks, sol.left_tricks, sol.right_tricks)
    fm = _four_marriages(at, left | (1 << sol.give_left), right | (1 << sol.give_right))
    if v >= bid:
        if sol.redeal_after_gift and at.claim and gift_condition_unavoidable(rules, at.ten, left, right):
            return redeal(rules, state, "exchange", d, bid, v)
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
            bool(sol.redeal_after_gift and at.claim),
        )
    # lost contract: play it out, write off, or create a redeal
    played = apply_deal(
        rules,
        state,
        DealOutcome(declarer=d, contract=bid, bid=bid, raw=raw, tricks=tricks, four_marriages=fm),
    )
    best, best_m, wo = played, _metric(played, d), False
    if policy.write_offs and give_up_allowed(rules, state, d):
        w = apply_deal(
            rules, state, DealOutcome(declarer=d, contract=bid, bid=bid, written_off=True, four_marriages=fm)
        )
        m = _metric(w, d)
        if m > best_m:
            best, best_m, wo = w, m, True
    if policy.gift_redeals and at.claim and best_m < 0 and gift_redeal_possible(rules, at.ten, left, right):
        return redeal(rules, state, "gift", d, bid, v)
    if wo:
        return DealPlay(best, "", d, bid, bid, True, (0, 0, 0), (0, 0, 0), v, False)
    return DealPlay(best, "", d, bid, bid, False, raw, tricks, v, False)


def expected_change(rules, contract: int, written_off: bool, estimates, *, first_hand: bool) -> float:
    """The declarer's expected change over his estimates, points.

    Parameters
    ----------
    rules : Rules
    contract : int
        Final contract, points.
    written_off : bool
        He writes off: ``-contract`` minus the payment to each opponent
        (RULES.md, "write-off").
    estimates : sequence of int
        His worlds' values after the gift, points.
    first_hand : bool
        Book's double penalty off the first hand.

    Returns
    -------
    float
        Mean over the estimates of his own change when he plays
        (:func:`analysis.odds.delta.relative_delta` without the defenders'
        points, which he does not know).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> expected_change(PROFILES["club"], 120, False, [130, 100], first_hand=True)
    0.0
    >>> expected_change(PROFILES["club"], 120, True, [130, 100], first_hand=True)
    -180.0
    """
    if written_off:
        return float(-contract - write_off_payment(rules, int(contract)))
    d, _ = relative_delta(
        rules, np.array([contract]), np.asarray(estimates), first_hand=first_hand, write_off=False
    )
    return float(d.mean())


def declare_played(at: AtWidow, sol, replay) -> DealPlay:
    """The deal after the widow with a single-dummy outcome (module docstring).

    Parameters
    ----------
    at : AtWidow
        The deal once the widow is shown.
    sol : analysis.game.outcomes.SDPlayed
        The declarer's single-dummy outcome at the winning bid.
    replay : callable
        ``replay() -> SDPlayed``: the play of a row written off where it was
        stored (``sol.played`` False), asked only when the table has him play.

    Returns
    -------
    analysis.game.deal_flow.DealPlay
    """
    rules, policy, state, ds, bid = at.rules, at.policy, at.state, at.ds, at.bid
    d = at.player[ds]
    ls, rs = (ds + 1) % 3, (ds + 2) % 3
    ten = at.ten
    gl, gr = 1 << sol.give_left, 1 << sol.give_right
    eight, left8, right8 = ten & ~gl & ~gr, at.hands[ls] | gl, at.hands[rs] | gr
    value = sol.value if sol.played else -1
    if at.claim and after_exchange_condition(rules, eight, left8, right8):
        return redeal(rules, state, "exchange", d, bid, value)
    first = ds == 0
    cap = max(bid, hand_cap(rules, eight) if rules.bid_cap else NO_CAP)
    contract, wo = decide_contract(sol.estimates, bid, rules, first_hand=first, cap=cap)
    contract, wo = int(contract), bool(wo)
    if wo and not (policy.write_offs and give_up_allowed(rules, state, d)):
        contract, _ = decide_contract(sol.estimates, bid, playing_rules(rules), first_hand=first, cap=cap)
        contract, wo = int(contract), False
    if (
        policy.gift_redeals
        and at.claim
        and gift_redeal_possible(rules, ten, at.hands[ls], at.hands[rs])
        and expected_change(rules, contract, wo, sol.estimates, first_hand=first) < 0
    ):
        return redeal(rules, state, "gift", d, bid, value)
    fm = _four_marriages(at, left8, right8)
    if wo:
        out = DealOutcome(declarer=d, contract=contract, bid=bid, written_off=True, four_marriages=fm)
        return DealPlay(
            apply_deal(rules, state, out), "", d, bid, contract, True, (0, 0, 0), (0, 0, 0), value, False
        )
    if not sol.played:
        sol = replay()
    raw = _by_player(at, sol.value, sol.left_points, sol.right_points)
    tricks = _by_player(at, sol.declarer_tricks, sol.left_tricks, sol.right_tricks)
    out = DealOutcome(declarer=d, contract=contract, bid=bid, raw=raw, tricks=tricks, four_marriages=fm)
    return DealPlay(apply_deal(rules, state, out), "", d, bid, contract, False, raw, tricks, sol.value, False)
