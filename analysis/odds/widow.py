"""After the widow: which two cards to give and which contract to name.

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
from ..bids import bid_cap
from ..deal import chunk_rng
from ..errors import BadArgument
from ..redeal import redeal_after_exchange, redeal_flags
from ..solver.api import play_value
from ._common import (
    check_odds_args,
    in_process,
    interval,
    kept_deals,
    map_chunks,
    n_parts,
    progress_iter,
    seat_sample,
)
from .delta import relative_delta

__all__ = ["widow_odds"]


def _gifts(ten: int):
    ids = cards.cards_of(ten)
    return [(a, b) for a in ids for b in ids if a != b]


def _solve_gifts(gifts, ten, left, right, rules, start, stop):
    """Play values of each gift on samples ``start:stop``.

    Returns
    -------
    values : ndarray of shape (len(gifts), stop - start), int64
        The declarer's points (0 where the gift makes the deal an
        after-exchange redeal).
    redealt : ndarray of shape (len(gifts), stop - start), bool
    """
    out_v = np.zeros((len(gifts), stop - start), dtype=np.int64)
    out_r = np.zeros((len(gifts), stop - start), dtype=bool)
    for j, (a, b) in enumerate(gifts):
        d = ten & ~(1 << a) & ~(1 << b)
        for i in range(start, stop):
            h8 = [d, int(left[i]) | (1 << a), int(right[i]) | (1 << b)]
            if redeal_after_exchange(np.array([h8], dtype=np.uint32), rules)[0]:
                out_r[j, i - start] = True
            else:
                out_v[j, i - start] = play_value.given_rules(
                    h8, rules=rules, declarer=0, leader=0, first_trick=True
                )
    return out_v, out_r


def _solve_all(gifts, ten, left, right, rules, start, stop, vals, red, progress, desc, workers, scheduler):
    """Solve ``gifts`` on samples ``start:stop`` into ``vals`` and ``red``,
    in this process (a bar over the gifts) or in chunks of gifts."""
    if in_process(workers, scheduler):
        for g in progress_iter(gifts, len(gifts), progress, desc):
            v, r = _solve_gifts([g], ten, left, right, rules, start, stop)
            vals[g][start:stop] = v[0]
            red[g][start:stop] = r[0]
        return
    parts = [list(p) for p in np.array_split(np.arange(len(gifts)), n_parts(len(gifts), workers))]
    args = [([gifts[k] for k in p], ten, left, right, rules, start, stop) for p in parts]
    for p, (v, r) in zip(parts, map_chunks(_solve_gifts, args, workers, scheduler, progress, desc)):
        for j, k in enumerate(p):
            vals[gifts[k]][start:stop] = v[j]
            red[gifts[k]][start:stop] = r[j]


def _gift_table(gift, ten, v, redealt, rules, first_hand):
    d = ten & ~(1 << gift[0]) & ~(1 << gift[1])
    cap = int(bid_cap(rules, d))
    contracts = np.arange(100, cap + 1, 5, dtype=np.int64)
    played = ~redealt
    n = int(played.sum())
    delta = np.zeros((contracts.size, v.size))
    if n:
        dp, _ = relative_delta(rules, contracts, v[played], first_hand=first_hand, write_off=False)
        delta[:, played] = dp
    k = (v[played][None, :] >= contracts[:, None]).sum(axis=1)
    lo, hi = interval(k, np.full(k.shape, n)) if n else (np.full(k.shape, np.nan),) * 2
    m = v.size
    return pd.DataFrame(
        {
            "give_left": cards.card_name(gift[0]),
            "give_right": cards.card_name(gift[1]),
            "contract": contracts,
            "p_make": k / max(n, 1),
            "ci_low": lo,
            "ci_high": hi,
            "expected_delta": delta.mean(axis=1),
            "delta_se": delta.std(axis=1, ddof=1) / np.sqrt(m) if m > 1 else np.nan,
            "p_redeal": redealt.mean(),
            "samples": m,
        }
    )


def widow_odds(
    hand,
    widow,
    rules="club",
    samples: int = 200,
    seed: int = 0,
    seat: int = 0,
    *,
    screen: int | None = 40,
    keep: int = 12,
    progress=None,
    workers: int | None = 1,
    scheduler: str | None = None,
) -> pd.DataFrame:
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
    workers : int or None
        Processes solving the gifts (1: this process; ``None``: every
        core).  The same seed gives the same table whatever the number.
        From a script, call it under ``if __name__ == "__main__":`` (the
        worker processes import the script again).
    scheduler : str, optional
        Dask scheduler address (``tcp://HOST:8786``) or ``local``.

    Returns
    -------
    pandas.DataFrame
        One row per (gift, final contract) solved on every sample, the
        contract from 100 to the cap of the 8-card hand the gift leaves
        (:func:`analysis.bids.bid_cap`), step 5: ``give_left``,
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
        samples, seed, workers or rules, or a widow that forces a redeal.
    """
    known = [("hand", hand, 7), ("widow", widow, 3)]
    rules, (h, w), seat, samples, seed = check_odds_args(rules, known, seat, samples, seed, workers)
    deals = seat_sample(chunk_rng(seed, 1), samples, seat, h, w)
    flags = redeal_flags(deals, rules)
    if rules.redeal_claim == "forced" and flags["redeal_widow"][0]:
        raise BadArgument(f"widow {cards.format(w)} forces a redeal under {rules.name}")
    kept = kept_deals(deals, flags["redeal_forced"], h, rules, samples)
    n = kept.shape[0]
    left, right = kept[:, (seat + 1) % 3], kept[:, (seat + 2) % 3]
    ten = h | w
    gifts = _gifts(ten)
    vals = {g: np.zeros(n, dtype=np.int64) for g in gifts}
    red = {g: np.zeros(n, dtype=bool) for g in gifts}
    m = min(n, screen) if screen else n
    _solve_all(gifts, ten, left, right, rules, 0, m, vals, red, progress, "gifts", workers, scheduler)
    chosen = gifts
    if screen and n > screen:
        score = {
            g: _gift_table(g, ten, vals[g][:m], red[g][:m], rules, seat == 0)["expected_delta"].max()
            for g in gifts
        }
        chosen = sorted(gifts, key=lambda g: -score[g])[:keep]
        _solve_all(
            chosen, ten, left, right, rules, m, n, vals, red, progress, "best gifts", workers, scheduler
        )
    table = pd.concat(
        [_gift_table(g, ten, vals[g], red[g], rules, seat == 0) for g in chosen], ignore_index=True
    )
    table = table.sort_values(
        ["expected_delta", "contract"], ascending=[False, True], kind="stable"
    ).reset_index(drop=True)
    best = table.iloc[0]
    table.attrs.update(
        {
            "best_gift": (best["give_left"], best["give_right"]),
            "best_contract": int(best["contract"]),
            "hand": cards.format(h),
            "widow": cards.format(w),
            "rules": rules.name,
            "seat": seat,
            "seed": seed,
            "samples": samples,
            "kept": n,
            "redeal_share": 1 - n / samples,
            "gifts_screened": len(gifts),
            "gifts_kept": len(chosen),
        }
    )
    return table
