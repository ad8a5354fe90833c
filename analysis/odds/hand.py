"""Odds for one 7-card hand before the widow.

The other 17 cards are dealt uniformly ``samples`` times around the fixed
hand (:func:`analysis.odds._common.seat_sample`, stream
``chunk_rng(seed, 0)``); deals the profile redeals by force before play
(before bidding or when the widow is shown) are left out and their share is
reported; each remaining deal is solved with the best exchange
(:func:`analysis.solver.solve_exchanges`, the batch form of
:func:`analysis.solver.exchange_value`), which also gives the defenders'
points on the tie-broken line.  Double-dummy: the declarer is assumed to see
every card when choosing his gift and his play, so the odds are optimistic
for him.

With ``play="pimc"`` the same kept deals (common random numbers) are also
played single-dummy (:mod:`analysis.odds.sd_play`): every decision from what
the deciding player sees, by Monte Carlo over ``worlds`` layouts
(docs/SINGLE_DUMMY.md); the table gains the single-dummy columns beside the
double-dummy ones and their paired difference.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import cards
from ..bids import bid_cap
from ..deal import chunk_rng
from ..errors import BadArgument
from ..parallel import check_workers
from ..redeal import redeal_flags
from ..solver.batch import solve_exchanges
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
from .sd_play import add_single_dummy, deal_seed, play_sample

__all__ = ["hand_odds", "solve_sample", "PLAYS"]

#: How the sampled deals are played: double-dummy only, or also single-dummy.
PLAYS = ("dd", "pimc")

_BLOCK = 32  # deals per solve_exchanges call: the progress bar moves once per block


def solve_sample(
    deals, seat: int, rules, progress=None, *, workers: int | None = 1, scheduler: str | None = None
) -> dict:
    """Solve each deal for the declarer ``seat`` with the best exchange.

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
        hand0, hand1, hand2, widow.
    seat : int
        Declarer seat; left ``(seat + 1) % 3``, right ``(seat + 2) % 3``.
    rules : Rules
    progress : bool, optional
        tqdm bar over the deals, or over the chunks with several workers
        (default: on a terminal).
    workers : int or None
        Processes (:func:`analysis.parallel.executor`): 1 solves in this
        process, ``None`` uses every core.  The result is the same.
    scheduler : str, optional
        Dask scheduler address, or ``local``.

    Returns
    -------
    dict of str -> ndarray of shape (n,)
        ``value`` (declarer's points, cards plus marriages), ``left_points``
        and ``right_points`` (defenders' raw points on the tie-broken line),
        int64.
    """
    n = deals.shape[0]
    if not in_process(workers, scheduler):
        check_workers(workers)
        parts = np.array_split(deals, n_parts(n, workers))
        res = map_chunks(
            solve_sample, [(p, seat, rules, False) for p in parts], workers, scheduler, progress, "odds"
        )
        return {k: np.concatenate([r[k] for r in res]) for k in res[0]}
    out = {k: np.empty(n, dtype=np.int64) for k in ("value", "left_points", "right_points")}
    left, right = (seat + 1) % 3, (seat + 2) % 3
    bar = progress_iter(None, n, progress, "odds")
    for lo in range(0, n, _BLOCK):
        d = deals[lo : lo + _BLOCK]
        res = solve_exchanges.given_rules(d[:, seat], d[:, 3], d[:, left], d[:, right], rules=rules)
        for k in out:
            out[k][lo : lo + _BLOCK] = res[k]
        bar.update(d.shape[0])
    bar.close()
    return out


def hand_odds(
    hand,
    rules="club",
    samples: int = 1000,
    seed: int = 0,
    seat: int = 0,
    *,
    progress=None,
    workers: int | None = 1,
    scheduler: str | None = None,
    play: str = "dd",
    worlds: int = 16,
) -> pd.DataFrame:
    """Probability that a 7-card hand makes each contract, and its value.

    Parameters
    ----------
    hand : str or int or sequence of int
        The declarer's 7 cards: text such as ``"A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"``
        (:func:`analysis.cards.parse`), a bit mask, or card ids.
    rules : str or Rules
        Profile (``club classic book ua wiki``), JSON file or ``Rules``.
    samples : int
        Random completions of the deal drawn (before dropping redeals).
    seed : int
        Root seed: the same seed gives the same table.
    seat : int
        Declarer seat relative to the dealer (0 first hand); it matters
        only through payments (book's double penalty off the first hand)
        and nothing else, the deal being symmetric.
    progress : bool, optional
        tqdm bar over the deals (default: on a terminal).
    workers : int or None
        Processes solving the deals (1: this process; ``None``: every
        core).  The same seed gives the same table whatever the number.
        From a script, call it under ``if __name__ == "__main__":`` (the
        worker processes import the script again).
    scheduler : str, optional
        Dask scheduler address (``tcp://HOST:8786``) or ``local``.
    play : {"dd", "pimc"}
        ``"dd"``: double-dummy only.  ``"pimc"``: each kept deal is also
        played single-dummy (:func:`analysis.single_dummy.play_deal` with
        the write-off left to the table, :func:`analysis.odds.sd_play.play_out`;
        the seed of sample ``i`` is ``deal_seed(seed, i)``), at about 45
        times the cost of the double-dummy solve with 16 worlds.
    worlds : int
        With ``"pimc"``: layouts each decision is averaged over (at least 1).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``contract`` (100 to the hand's bidding cap,
        :func:`analysis.bids.bid_cap`, step 5), columns

        - ``p_make``: share of kept deals whose double-dummy value after the
          best exchange reaches the contract; non-increasing;
        - ``ci_low``, ``ci_high``: 95 % Wilson interval (Clopper–Pearson
          where fewer than 5 successes or failures);
        - ``expected_delta``: mean of the declarer's score change minus the
          mean of his opponents' when he must play the contract, writing off
          where the contract fails and writing off leaves him better placed
          (ties: play), points (:func:`analysis.odds.delta.relative_delta`);
        - ``delta_se``: its standard error;
        - ``p_write_off``: share of deals where he writes off.

        ``attrs`` holds ``hand`` (text), ``rules``, ``seat``, ``seed``,
        ``samples``, ``kept``, ``redeal_share`` (share left out as forced
        redeals before play), ``p_marriage`` and its interval
        ``p_marriage_ci`` (a marriage among the declarer's 10 cards after
        taking the widow), ``expected_value`` and ``value_se`` (mean
        double-dummy value, points), ``best_contract`` (highest expected
        delta; the lowest contract among ties), ``play``.

        With ``play="pimc"`` the table also holds, on the same deals,

        - ``sd_p_make``, ``sd_ci_low``, ``sd_ci_high``: share of kept deals
          whose single-dummy value (the declarer's card points plus his
          declared marriages as the deal is played) reaches the contract,
          with its interval as above;
        - ``diff``, ``diff_low``, ``diff_high``: ``sd_p_make - p_make`` and
          its paired 95 % interval
          (:func:`analysis.odds._common.paired_difference_interval`);
        - ``sd_expected_delta``, ``sd_delta_se``, ``sd_p_write_off``: the
          same change when he must play the contract but decides the
          write-off from his worlds' values after his gift
          (:func:`analysis.single_dummy.decide_contract` with the cap at the
          contract), not from the deal's true value;

        and ``attrs`` ``worlds``, ``sd_expected_value``, ``sd_value_se``,
        ``sd_best_contract``, ``sd_version`` and ``sd_fingerprint``.  Play
        is at bid 100 (under ``widow_shown_at_100 = False``, wiki, the
        defenders then do not see the widow).

    Raises
    ------
    ValueError
        On a hand that is not 7 distinct known cards, a bad seat, samples,
        seed, workers, rules, play or worlds, or if every sample is a forced
        redeal.

    Examples
    --------
    >>> t = hand_odds("A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣", samples=5, seed=1)
    >>> float(t.loc[125, "p_make"])
    1.0
    """
    rules, (h,), seat, samples, seed = check_odds_args(
        rules, [("hand", hand, 7)], seat, samples, seed, workers
    )
    if play not in PLAYS:
        raise BadArgument(f"play must be 'dd' or 'pimc', got {play!r}")
    if isinstance(worlds, bool) or not isinstance(worlds, (int, np.integer)) or worlds < 1:
        raise BadArgument(f"worlds must be a positive integer, got {worlds!r}")
    deals = seat_sample(chunk_rng(seed, 0), samples, seat, h)
    forced = redeal_flags(deals, rules)["redeal_forced"]
    kept = kept_deals(deals, forced, h, rules, samples)
    sol = solve_sample(kept, seat, rules, progress, workers=workers, scheduler=scheduler)
    n = kept.shape[0]
    cap = int(bid_cap(rules, h))
    contracts = np.arange(100, cap + 1, 5, dtype=np.int64)
    v = sol["value"]
    k = (v[None, :] >= contracts[:, None]).sum(axis=1)
    lo, hi = interval(k, np.full(k.shape, n))
    delta, wo = relative_delta(
        rules, contracts, v, sol["left_points"], sol["right_points"], first_hand=seat == 0
    )
    ed = delta.mean(axis=1)
    se = delta.std(axis=1, ddof=1) / np.sqrt(n) if n > 1 else np.full(len(contracts), np.nan)
    table = pd.DataFrame(
        {
            "p_make": k / n,
            "ci_low": lo,
            "ci_high": hi,
            "expected_delta": ed,
            "delta_se": se,
            "p_write_off": wo.mean(axis=1),
        },
        index=pd.Index(contracts, name="contract"),
    )
    ten = kept[:, seat] | kept[:, 3]
    km = int((cards.marriage_suits(ten) != 0).sum())
    mlo, mhi = interval(km, n)
    table.attrs.update(
        {
            "hand": cards.format(h),
            "rules": rules.name,
            "seat": seat,
            "seed": seed,
            "samples": samples,
            "kept": n,
            "redeal_share": float(forced.mean()),
            "p_marriage": km / n,
            "p_marriage_ci": (float(mlo), float(mhi)),
            "expected_value": float(v.mean()),
            "value_se": float(v.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan"),
            "best_contract": int(contracts[int(np.argmax(ed))]),
            "play": play,
        }
    )
    if play == "pimc":
        seeds = np.array([deal_seed(seed, i) for i in np.flatnonzero(~forced)], dtype=np.int64)
        sd = play_sample(
            kept, seeds, seat, rules, int(worlds), progress, workers=workers, scheduler=scheduler
        )
        add_single_dummy(table, rules, contracts, v, sd, first_hand=seat == 0, worlds=int(worlds))
    return table
