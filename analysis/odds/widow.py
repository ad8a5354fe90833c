"""After the widow: which two cards to give and which contract to name
(issue 4, part 3).

The declarer knows his 10 cards (hand and widow) but not how the other 14
lie.  The defenders' hands are dealt ``samples`` times consistently with
what he knows (:func:`analysis.odds._common.seat_sample`, stream
``chunk_rng(seed, 1)``); every gift is applied to the same samples (common
random numbers, so gifts are compared on equal deals) and the play is solved
double-dummy (:func:`analysis.solver.play_value`, declarer leads, first
trick).  The gift is chosen without seeing the defenders' cards, so this is
a first single-dummy answer for the exchange; the play itself is still
double-dummy (optimistic for the declarer).

Pruning: each of the 90 ordered gifts costs one solve per sample.  With
``screen`` set, all 90 are first solved on the first ``screen`` samples and
only the ``keep`` gifts with the highest best expected change go on to the
other samples; a gift whose best contract trails by several standard errors
on the screen cannot become the best.  ``screen=None`` solves every gift on
every sample.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import cards
from ..bidding import bid_cap
from ..deal import chunk_rng
from ..redeal import redeal_after_exchange, redeal_flags
from ..solver import play_value
from ._common import (check_samples, check_seat, check_seed, interval, parse_hand,
                      progress_iter, resolve, seat_sample)
from .delta import relative_delta

__all__ = ["widow_odds"]


def _gifts(ten: int):
    ids = cards.cards_of(ten)
    return [(a, b) for a in ids for b in ids if a != b]


def _solve(gift, ten, left, right, rules, out_v, out_r, rows):
    a, b = gift
    d = ten & ~(1 << a) & ~(1 << b)
    for i in rows:
        h8 = [d, int(left[i]) | (1 << a), int(right[i]) | (1 << b)]
        if redeal_after_exchange(np.array([h8], dtype=np.uint32), rules)[0]:
            out_r[i] = True
            out_v[i] = 0
        else:
            out_v[i] = play_value(h8, declarer=0, leader=0, first_trick=True, rules=rules)


def _gift_table(gift, ten, v, redealt, rules, first_hand):
    d = ten & ~(1 << gift[0]) & ~(1 << gift[1])
    cap = int(bid_cap(rules, d))
    contracts = np.arange(100, cap + 1, 5, dtype=np.int64)
    played = ~redealt
    n = int(played.sum())
    delta = np.zeros((contracts.size, v.size))
    if n:
        dp, _ = relative_delta(rules, contracts, v[played], first_hand=first_hand,
                               write_off=False)
        delta[:, played] = dp
    k = (v[played][None, :] >= contracts[:, None]).sum(axis=1)
    lo, hi = interval(k, np.full(k.shape, n)) if n else (np.full(k.shape, np.nan),) * 2
    m = v.size
    return pd.DataFrame({
        "give_left": cards.card_name(gift[0]), "give_right": cards.card_name(gift[1]),
        "contract": contracts, "p_make": k / max(n, 1), "ci_low": lo, "ci_high": hi,
        "expected_delta": delta.mean(axis=1),
        "delta_se": delta.std(axis=1, ddof=1) / np.sqrt(m) if m > 1 else np.nan,
        "p_redeal": redealt.mean(), "samples": m})


def widow_odds(hand, widow, rules="club", samples: int = 200, seed: int = 0,
               seat: int = 0, *, screen: int | None = 40, keep: int = 12,
               progress=None) -> pd.DataFrame:
    """Best gift and final contract once the widow is known.

    Parameters
    ----------
    hand : str or int or sequence of int
        The declarer's 7 cards (text, mask or card ids).
    widow : str or int or sequence of int
        The 3 widow cards.
    rules : str or Rules
    samples : int
        Deals of the defenders' 14 cards.
    seed : int
        The same seed gives the same table.
    seat : int
        Declarer seat relative to the dealer (0 first hand); only payments
        depend on it (book's double penalty).
    screen, keep : int
        Pruning (module docstring): solve all 90 gifts on ``screen``
        samples, then the best ``keep`` on all; ``screen=None`` disables it.
    progress : bool, optional
        tqdm bar (default: on a terminal).

    Returns
    -------
    pandas.DataFrame
        One row per (gift, final contract) solved on every sample, the
        contract from 100 to the cap of the 8-card hand the gift leaves
        (:func:`analysis.bidding.bid_cap`), step 5: ``give_left``,
        ``give_right`` (card names), ``contract``, ``p_make`` with its 95 %
        interval ``ci_low``, ``ci_high`` (over the samples played),
        ``expected_delta`` (the declarer's expected score change for
        playing that contract, points; a sample the gift turns into an
        after-exchange redeal counts 0), ``delta_se``, ``p_redeal``,
        ``samples``; sorted by ``expected_delta``, best first.  The
        defenders' points are not solved per gift, so unlike
        :func:`hand_odds` this is the declarer's own change, not relative to
        his opponents.

        ``attrs``: ``best_gift`` (left, right card names), ``best_contract``,
        ``hand``, ``widow``, ``rules``, ``seat``, ``seed``, ``samples``,
        ``kept`` (samples not redealt before play), ``redeal_share``,
        ``gifts_screened``, ``gifts_kept``.

    Raises
    ------
    ValueError
        On bad cards (count, duplicates, overlap of hand and widow), seat,
        samples, seed or rules, or a widow that forces a redeal.
    """
    rules = resolve(rules)
    h = parse_hand(hand, 7)
    w = parse_hand(widow, 3, "widow")
    cards.check_parts([("hand", h, 7), ("widow", w, 3)])
    seat = check_seat(seat)
    samples = check_samples(samples)
    seed = check_seed(seed)
    deals = seat_sample(chunk_rng(seed, 1), samples, seat, h, w)
    flags = redeal_flags(deals, rules)
    if rules.redeal_claim == "forced" and flags["redeal_widow"][0]:
        raise ValueError(f"widow {cards.format(w)} forces a redeal under {rules.name}")
    kept = deals[~flags["redeal_forced"]]
    if kept.shape[0] == 0:
        raise ValueError("every sampled deal is a forced redeal before bidding")
    n = kept.shape[0]
    left, right = kept[:, (seat + 1) % 3], kept[:, (seat + 2) % 3]
    ten = h | w
    gifts = _gifts(ten)
    vals = {g: np.zeros(n, dtype=np.int64) for g in gifts}
    red = {g: np.zeros(n, dtype=bool) for g in gifts}
    first = range(min(n, screen)) if screen else range(n)
    for g in progress_iter(gifts, len(gifts), progress, "gifts"):
        _solve(g, ten, left, right, rules, vals[g], red[g], first)
    chosen = gifts
    if screen and n > screen:
        m = len(first)
        score = {g: _gift_table(g, ten, vals[g][:m], red[g][:m], rules, seat == 0)
                 ["expected_delta"].max() for g in gifts}
        chosen = sorted(gifts, key=lambda g: -score[g])[:keep]
        rest = range(screen, n)
        for g in progress_iter(chosen, len(chosen), progress, "best gifts"):
            _solve(g, ten, left, right, rules, vals[g], red[g], rest)
    table = pd.concat([_gift_table(g, ten, vals[g], red[g], rules, seat == 0) for g in chosen],
                      ignore_index=True)
    table = table.sort_values(["expected_delta", "contract"], ascending=[False, True],
                              kind="stable").reset_index(drop=True)
    best = table.iloc[0]
    table.attrs.update({
        "best_gift": (best["give_left"], best["give_right"]),
        "best_contract": int(best["contract"]), "hand": cards.format(h),
        "widow": cards.format(w), "rules": rules.name, "seat": seat, "seed": seed,
        "samples": samples, "kept": n, "redeal_share": 1 - n / samples,
        "gifts_screened": len(gifts), "gifts_kept": len(chosen),
    })
    return table
