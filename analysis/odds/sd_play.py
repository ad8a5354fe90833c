"""Single-dummy play of given deals, for the odds and the games.

:func:`analysis.single_dummy.play_deal` makes every decision of a deal from
what the deciding player sees (docs/SINGLE_DUMMY.md): the declarer's gift,
every card, and then his final contract and write-off at the bid, from his
worlds' double-dummy values after the gift (``estimates``).  The odds and
the games decide the contract themselves, at every level or at the table's
winning bid, with :func:`analysis.single_dummy.decide_contract` (a pure
function of the estimates), so they need the play of every deal, including
those the declarer would write off at the bid.

:func:`playing_rules` gives that: the rules with a write-off that never pays
(each opponent would be written :data:`NEVER_PAYS` points), under which
``play_deal`` never writes off.  The gift, the play and the estimates are
the same as under the rules themselves: they maximise the objective J of
DESIGN.md contract 3, in which no payment appears, and the contract decision
draws no random numbers (docs/SINGLE_DUMMY.md, section 4); a test checks
the equality on deals.
"""

from __future__ import annotations

import numpy as np

from ..rules import takes_rules
from ..scoring import write_off_payment
from ._common import (
    in_process,
    interval,
    map_chunks,
    n_parts,
    paired_difference_interval,
    progress_iter,
)
from .delta import relative_delta

__all__ = [
    "NEVER_PAYS",
    "PLAY_FIELDS",
    "playing_rules",
    "deal_seed",
    "play_out",
    "play_sample",
    "write_offs",
    "add_single_dummy",
]

#: Write-off payment to each opponent under :func:`playing_rules`, points:
#: far above any deal's swing (at most 2 x 400 plus the defenders' points),
#: so writing off is never the better choice.
NEVER_PAYS = 10_000

#: Fields of :class:`analysis.single_dummy.SDResult` kept per deal by
#: :func:`play_sample` (all but ``moves``, ``estimates``, ``contract`` and
#: ``written_off``).
PLAY_FIELDS = (
    "value",
    "give_left",
    "give_right",
    "declarer_tricks",
    "left_points",
    "left_tricks",
    "right_points",
    "right_tricks",
)


@takes_rules
def playing_rules(rules):
    """The rules with a write-off that never pays: ``play_deal`` then plays every deal.

    Parameters
    ----------
    rules : Rules

    Returns
    -------
    Rules
        ``rules`` with ``write_off_payment="fixed"`` and ``write_off_fixed``
        :data:`NEVER_PAYS`; every play convention and every field of what
        players see unchanged.
    """
    return rules.with_changes(write_off_payment="fixed", write_off_fixed=NEVER_PAYS)


def deal_seed(*keys) -> int:
    """A ``play_deal`` seed from non-negative integer keys.

    ``SeedSequence(keys)``'s first 32-bit word: the odds use ``(seed,
    sample)``, the games ``(seed, game_id, deal_no, seat)``, so a deal's
    play depends on its place only, never on chunking or workers.

    Examples
    --------
    >>> deal_seed(0, 5) == deal_seed(0, 5) != deal_seed(0, 6)
    True
    """
    ss = np.random.SeedSequence([int(k) for k in keys])
    return int(ss.generate_state(1, np.uint32)[0])


def play_out(hand, widow, left, right, rules, *, worlds: int, seed: int, bid: int = 100):
    """``play_deal`` under :func:`playing_rules`: the deal is always played.

    Parameters
    ----------
    hand, widow, left, right : int
        Masks of DESIGN.md contract 7 (7, 3, 7 and 7 cards).
    rules : Rules
    worlds, seed, bid : int
        As :func:`analysis.single_dummy.play_deal`.

    Returns
    -------
    analysis.single_dummy.SDResult
        Its ``contract`` is the one named when writing off is ruled out;
        ``written_off`` is False.
    """
    from ..single_dummy import play_deal

    return play_deal(
        int(hand),
        int(widow),
        int(left),
        int(right),
        bid=int(bid),
        rules=playing_rules(rules),
        worlds=int(worlds),
        seed=int(seed),
    )


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
