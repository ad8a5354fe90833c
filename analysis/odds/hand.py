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
played single-dummy (:func:`play_sample`: every decision from what the
deciding player sees, by Monte Carlo over ``worlds`` layouts,
docs/SINGLE_DUMMY.md); the table gains the single-dummy columns beside the
double-dummy ones and their paired difference (:func:`add_single_dummy`).
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
from ..scoring import write_off_payment
from ..solver.batch import solve_exchanges
from ..stats import bounded_mean_ci
from ._common import (
    check_odds_args,
    in_process,
    interval,
    kept_deals,
    map_chunks,
    n_parts,
    paired_difference_interval,
    progress_iter,
    seat_sample,
)
from .delta import delta_range, relative_delta
from .table_equity import add_equity

__all__ = ["hand_odds", "solve_sample"]

#: How the sampled deals are played: double-dummy only, or also single-dummy.
PLAYS = ("dd", "pimc")

_BLOCK = 32  # deals per solve_exchanges call: the progress bar moves once per block
#: What :func:`solve_sample` keeps of each solved deal.
SAMPLE_FIELDS = ("value", "left_points", "right_points", "declarer_tricks", "left_tricks", "right_tricks")


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
        ``declarer_tricks``, ``left_tricks``, ``right_tricks`` (tricks on
        that line), int64.
    """
    n = deals.shape[0]
    if not in_process(workers, scheduler):
        check_workers(workers)
        parts = np.array_split(deals, n_parts(n, workers))
        res = map_chunks(
            solve_sample, [(p, seat, rules, False) for p in parts], workers, scheduler, progress, "odds"
        )
        return {k: np.concatenate([r[k] for r in res]) for k in res[0]}
    out = {k: np.empty(n, dtype=np.int64) for k in SAMPLE_FIELDS}
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


def play_sample(
    deals,
    seeds,
    seat: int,
    rules,
    worlds: int,
    progress=None,
    *,
    workers: int | None = 1,
    scheduler: str | None = None,
) -> dict:
    """Play each deal single-dummy for the declarer ``seat`` (:func:`play_out`, bid 100).

    Parameters
    ----------
    deals : ndarray of shape (n, 4), uint32 masks
        hand0, hand1, hand2, widow; left ``(seat + 1) % 3``, right
        ``(seat + 2) % 3``.
    seeds : ndarray of shape (n,), int
        ``play_deal`` seed of each deal (:func:`deal_seed`).
    seat : int
    rules : Rules
    worlds : int
        Layouts per decision.
    progress : bool, optional
        tqdm bar over the deals, or over the chunks with several workers.
    workers : int or None
        Processes (1: this process).  The result does not depend on it.
    scheduler : str, optional
        Dask scheduler address, or ``local``.

    Returns
    -------
    dict of str -> ndarray
        The :data:`PLAY_FIELDS` of each deal, shape (n,), int64 (points,
        tricks, card ids), and ``estimates``, shape (n, worlds), int64
        (the declarer's worlds' values after his gift, points).
    """
    # The single-dummy player (and through it the dataset layer) is loaded for
    # play="pimc" only: the double-dummy odds start without it (a test checks).
    from ..single_dummy.batch import PLAY_FIELDS, play_out

    deals = np.asarray(deals, dtype=np.uint32)
    seeds = np.asarray(seeds, dtype=np.int64)
    n = deals.shape[0]
    if not in_process(workers, scheduler):
        k = n_parts(n, workers)
        args = [
            (d, s, seat, rules, worlds, False)
            for d, s in zip(np.array_split(deals, k), np.array_split(seeds, k), strict=True)
        ]
        res = map_chunks(play_sample, args, workers, scheduler, progress, "single-dummy")
        return {f: np.concatenate([r[f] for r in res]) for f in res[0]}
    out = {f: np.empty(n, dtype=np.int64) for f in PLAY_FIELDS}
    est = np.empty((n, int(worlds)), dtype=np.int64)
    left, right = (seat + 1) % 3, (seat + 2) % 3
    bar = progress_iter(None, n, progress, "single-dummy")
    for i in range(n):
        d = deals[i]
        r = play_out(d[seat], d[3], d[left], d[right], rules, worlds=worlds, seed=int(seeds[i]))
        for f in PLAY_FIELDS:
            out[f][i] = int(getattr(r, f))
        est[i] = r.estimates
        bar.update(1)
    bar.close()
    out["estimates"] = est
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
    table=None,
    player: int | None = None,
    equity_model=None,
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
        the write-off left to the table, :func:`analysis.single_dummy.batch.play_out`;
        the seed of sample ``i`` is ``deal_seed(seed, i)``), at about 45
        times the cost of the double-dummy solve with 16 worlds.
    worlds : int
        With ``"pimc"``: layouts each decision is averaged over (at least 1).
    table : analysis.scoring.TableState, optional
        The table before the deal (scores, dealer, barrel ...): adds what
        declaring each contract does to the chance to win the game
        (:func:`add_equity`; the rules must be a profile's, whose equity
        model ships).  ``seat`` must then be ``player``'s seat at it.
    player : int, optional
        With ``table``: the player 0..2 holding the hand.
    equity_model : EquityModel, optional
        With ``table``: the equity model read (default the one shipped for
        ``rules`` and the games' default outcomes,
        :func:`analysis.equity.model_choice`;
        :func:`analysis.equity.load_model` reads a file fitted for house
        rules).

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
        - ``delta_low``, ``delta_high``: its 95 % Student t interval over
          the kept deals, held within what the contract can give
          (:func:`analysis.odds.delta.delta_range`: at most the contract,
          at least its write-off; NaN with one kept deal);
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
        ``sd_best_contract``, ``sd_version`` and ``sd_fingerprint``.  With
        ``table``, the columns and attrs of :func:`add_equity`, from the
        double-dummy outcomes.  Play
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
    if table is not None:
        if player not in (0, 1, 2):
            raise BadArgument(f"player must be 0, 1 or 2 with a table, got {player!r}", parameter="player")
        if (player - table.dealer - 1) % 3 != seat:
            raise BadArgument(
                f"player {player} sits at seat {(player - table.dealer - 1) % 3} when player "
                f"{table.dealer} deals, not seat {seat}",
                parameter="seat",
            )
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
    _, dlo, dhi = bounded_mean_ci(delta, *delta_range(rules, contracts))
    frame = pd.DataFrame(
        {
            "p_make": k / n,
            "ci_low": lo,
            "ci_high": hi,
            "expected_delta": ed,
            "delta_se": se,
            "delta_low": dlo,
            "delta_high": dhi,
            "p_write_off": wo.mean(axis=1),
        },
        index=pd.Index(contracts, name="contract"),
    )
    ten = kept[:, seat] | kept[:, 3]
    km = int((cards.marriage_suits(ten) != 0).sum())
    mlo, mhi = interval(km, n)
    frame.attrs.update(
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
    if table is not None:
        add_equity(frame, rules, table, player, contracts, sol, model=equity_model)
    if play == "pimc":
        from ..single_dummy.batch import deal_seed  # late: see play_sample

        seeds = np.array([deal_seed(seed, i) for i in np.flatnonzero(~forced)], dtype=np.int64)
        sd = play_sample(
            kept, seeds, seat, rules, int(worlds), progress, workers=workers, scheduler=scheduler
        )
        add_single_dummy(frame, rules, contracts, v, sd, first_hand=seat == 0, worlds=int(worlds))
    return frame


def write_offs(estimates, contracts, rules, *, first_hand: bool = True) -> np.ndarray:
    """Where the single-dummy declarer writes off a contract he must play.

    For each contract ``c`` and deal, :func:`analysis.single_dummy.decide_contract`
    at bid ``c`` with the cap at ``c`` (so the contract is ``c``, and only the
    write-off is his choice), from the deal's estimates.

    Parameters
    ----------
    estimates : ndarray of shape (n, worlds), int
        The declarer's worlds' values after his gift, points.
    contracts : ndarray of shape (k,), int
        Contracts, points (multiples of 5).
    rules : Rules
        The payments (RULES.md, "write-off", "failed contract").
    first_hand : bool
        The declarer is the first hand (book's double penalty otherwise).

    Returns
    -------
    ndarray of shape (k, n), bool
    """
    # The single-dummy player (and through it the dataset layer) is loaded for
    # play="pimc" only: the double-dummy odds start without it (a test checks).
    from ..single_dummy import decide_contract

    est = np.asarray(estimates)
    out = np.zeros((len(contracts), est.shape[0]), dtype=bool)
    rows = [tuple(int(x) for x in e) for e in est]
    for j, c in enumerate(int(x) for x in contracts):
        for i, e in enumerate(rows):
            out[j, i] = bool(decide_contract(e, c, rules, first_hand=first_hand, cap=c)[1])
    return out


def add_single_dummy(table, rules, contracts, dd_value, sd, *, first_hand: bool, worlds: int) -> None:
    """Add the single-dummy columns and attrs to an odds table, in place.

    Parameters
    ----------
    table : pandas.DataFrame
        Indexed by contract (:func:`analysis.odds.hand_odds`, which lists
        the columns and attrs added).
    rules : Rules
    contracts : ndarray of shape (k,), int64
        The table's contracts, points.
    dd_value : ndarray of shape (n,), int64
        Double-dummy values of the same deals, points (the pairs of the
        paired difference).
    sd : dict
        :func:`play_sample` of the same deals.
    first_hand : bool
    worlds : int
    """
    # The single-dummy player (and through it the dataset layer) is loaded for
    # play="pimc" only: the double-dummy odds start without it (a test checks).
    from ..single_dummy import SD_VERSION, sd_fingerprint

    n = dd_value.shape[0]
    v = sd["value"]
    dd_made = dd_value[None, :] >= contracts[:, None]
    sd_made = v[None, :] >= contracts[:, None]
    k = sd_made.sum(axis=1)
    lo, hi = interval(k, np.full(k.shape, n))
    dlo, dhi = paired_difference_interval(
        (sd_made & dd_made).sum(axis=1),
        (sd_made & ~dd_made).sum(axis=1),
        (~sd_made & dd_made).sum(axis=1),
        (~sd_made & ~dd_made).sum(axis=1),
    )
    played, _ = relative_delta(
        rules, contracts, v, sd["left_points"], sd["right_points"], first_hand=first_hand, write_off=False
    )
    wo = write_offs(sd["estimates"], contracts, rules, first_hand=first_hand)
    pay = np.array([write_off_payment(rules, int(c)) for c in contracts])
    delta = np.where(wo, (-contracts - pay)[:, None].astype(np.float64), played)
    ed = delta.mean(axis=1)
    table["sd_p_make"] = k / n
    table["sd_ci_low"] = lo
    table["sd_ci_high"] = hi
    table["diff"] = (k - dd_made.sum(axis=1)) / n
    table["diff_low"] = dlo
    table["diff_high"] = dhi
    table["sd_expected_delta"] = ed
    table["sd_delta_se"] = delta.std(axis=1, ddof=1) / np.sqrt(n) if n > 1 else np.nan
    table["sd_p_write_off"] = wo.mean(axis=1)
    table.attrs.update(
        {
            "worlds": worlds,
            "sd_expected_value": float(v.mean()),
            "sd_value_se": float(v.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan"),
            "sd_best_contract": int(contracts[int(np.argmax(ed))]),
            "sd_version": SD_VERSION,
            "sd_fingerprint": sd_fingerprint(rules),
        }
    )
