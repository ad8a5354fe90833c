"""Checks and small pieces shared by the odds functions."""

from __future__ import annotations

import sys

import numpy as np
from tqdm.auto import tqdm

from .. import cards
from ..deal import deal_constrained
from ..errors import BadArgument
from ..parallel import check_workers, default_workers, executor, run_chunks
from ..redeal import hand_bidding_reasons
from ..rules import as_rules, takes_rules
from ..stats import proportion_ci

__all__ = [
    "check_odds_args",
    "kept_deals",
    "progress_iter",
    "interval",
    "paired_difference_interval",
    "in_process",
    "map_chunks",
    "n_parts",
]


def parse_hand(hand, n_cards: int, what: str = "hand") -> int:
    """A hand as a bit mask, checked to hold ``n_cards`` cards.

    Parameters
    ----------
    hand : str or int or sequence of int
        Text (``"A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"``, see :func:`analysis.cards.parse`),
        a bit mask, or card ids 0..23.
    n_cards : int

    Returns
    -------
    int
        The bit mask.

    Raises
    ------
    ValueError
        On an unknown token, a duplicate card, or the wrong number of cards.
    """
    if isinstance(hand, str):
        m = cards.parse(hand)
    elif isinstance(hand, (int, np.integer)) and not isinstance(hand, bool):
        m = int(hand)
        if m < 0 or m >> 24:
            raise BadArgument(f"{what} mask {m:#x} has bits outside the 24 cards")
    else:
        try:
            ids = [int(c) for c in hand]
        except (TypeError, ValueError):
            raise BadArgument(f"{what} must be card text, a mask or card ids, got {hand!r}") from None
        if any(c < 0 or c > 23 for c in ids):
            raise BadArgument(f"{what} holds a card id outside 0..23: {ids}")
        if len(set(ids)) != len(ids):
            raise BadArgument(f"{what} holds a card twice: {ids}")
        m = sum(1 << c for c in ids)
    k = cards.popcount(m)
    if k != n_cards:
        raise BadArgument(
            f"{what} must hold {n_cards} cards, got {k}" + (f" ({cards.format(m)})" if k else "")
        )
    return m


def check_seat(seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat <= 2:
        raise BadArgument(f"seat must be 0 (first hand), 1 or 2 (dealer), got {seat!r}")
    return int(seat)


#: Most samples one odds call takes: all are held in memory at once, and
#: this many already take about a day of one core.
MAX_SAMPLES = 10_000_000


def check_samples(samples) -> int:
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        raise BadArgument(f"samples must be a positive integer, got {samples!r}")
    if samples > MAX_SAMPLES:
        raise BadArgument(
            f"samples must be at most {MAX_SAMPLES:,} (about a day of one core, "
            f"all held in memory), got {samples:,}; for more, solve a dataset "
            "(thousand deal, thousand solve) and use dataset_odds"
        )
    return int(samples)


def check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise BadArgument(f"seed must be a non-negative integer, got {seed!r}")
    return int(seed)


def check_odds_args(rules, known, seat, samples, seed, workers) -> tuple:
    """The arguments of an odds function on the declarer's known cards, checked
    once, in this order: rules, each part of ``known``, the parts together,
    seat, samples, seed, workers.

    Parameters
    ----------
    rules : str or Rules
        Profile, rules file or ``Rules`` (:func:`analysis.rules.as_rules`).
    known : sequence of (str, cards, int)
        ``(name, cards, n_cards)`` for each part the declarer knows:
        ``("hand", hand, 7)``, and ``("widow", widow, 3)`` once it is shown;
        cards as :func:`parse_hand` takes them.
    seat, samples, seed : int
        As :func:`check_seat`, :func:`check_samples`, :func:`check_seed`.
    workers : int or None
        As :func:`analysis.parallel.check_workers`.

    Returns
    -------
    tuple of (Rules, list of int, int, int, int)
        The rules, the parts' bit masks in the order of ``known``, the
        seat, samples and seed.

    Raises
    ------
    ValueError
        On unknown rules, bad cards (count, duplicates, a card in two
        parts), seat, samples, seed or workers, naming the first fault.
    """

    rules = as_rules(rules)
    masks = [parse_hand(c, n, name) for name, c, n in known]
    cards.check_parts([(name, m, n) for (name, _, n), m in zip(known, masks)])
    seat = check_seat(seat)
    samples = check_samples(samples)
    seed = check_seed(seed)
    check_workers(workers)
    return rules, masks, seat, samples, seed


@takes_rules
def kept_deals(deals: np.ndarray, forced: np.ndarray, hand: int, rules, samples: int) -> np.ndarray:
    """The sampled deals that are played: those not redealt by force before play.

    Parameters
    ----------
    deals : ndarray of shape (samples, 4), uint32 masks
    forced : ndarray of shape (samples,), bool
        ``redeal_forced`` of :func:`analysis.redeal.redeal_flags`.
    hand : int
        The declarer's 7 cards, bit mask (named in the error).
    rules : Rules
    samples : int

    Returns
    -------
    ndarray of shape (kept, 4), uint32 masks

    Raises
    ------
    ValueError
        If every sampled deal is a forced redeal, naming the hand's own
        redeal reason before bidding where it has one (RULES.md, redeals).
    """

    kept = deals[~forced]
    if kept.shape[0] == 0:
        reasons = hand_bidding_reasons(hand, rules)
        why = f" ({reasons[0]})" if reasons else ""
        raise BadArgument(
            f"all {samples} sampled deals are forced redeals under {rules.name}{why}: nothing to play"
        )
    return kept


def progress_iter(it, total: int, progress, desc: str):
    """``it`` wrapped in a tqdm bar (``progress`` None: only on a terminal)."""

    show = sys.stderr.isatty() if progress is None else bool(progress)
    return tqdm(it, total=total, disable=not show, desc=desc, unit="deal")


def interval(successes, trials):
    """Wilson interval, Clopper–Pearson near 0 or 1 (:func:`analysis.stats.proportion_ci`)."""

    return proportion_ci(successes, trials, method="auto")


def paired_difference_interval(both, first_only, second_only, neither, *, alpha: float = 0.05):
    """Interval of P(first) − P(second) measured on the same trials.

    Newcombe's square-and-add interval for paired proportions (Newcombe
    1998, Statistics in Medicine 17:2635, method 10): the Wilson intervals
    of the two proportions combined with the estimated correlation of the
    pairs, so a difference seen on common random numbers gets the narrower
    interval it deserves.

    Parameters
    ----------
    both, first_only, second_only, neither : int or ndarray of int, same shape
        Counts of the 2 x 2 table of paired outcomes (success of the first
        and of the second measure on each trial).
    alpha : float
        1 − confidence level.

    Returns
    -------
    (low, high) : floats or ndarrays of float64, in [−1, 1]

    Raises
    ------
    ValueError
        If a count is negative or a table is empty.

    Examples
    --------
    >>> lo, hi = paired_difference_interval(59, 6, 16, 80)  # -10/161
    >>> round(lo, 4), round(hi, 4)
    (-0.1186, -0.0046)
    """

    a, b, c, d = (np.asarray(x, dtype=np.float64) for x in (both, first_only, second_only, neither))
    if np.any((a < 0) | (b < 0) | (c < 0) | (d < 0)):
        raise BadArgument("paired counts must not be negative")
    n = a + b + c + d
    if np.any(n <= 0):
        raise BadArgument("a paired table needs at least one trial")
    k1, k2 = a + b, a + c
    p1, p2 = k1 / n, k2 / n
    l1, u1 = (np.asarray(x) for x in proportion_ci(k1, n, alpha=alpha, method="wilson"))
    l2, u2 = (np.asarray(x) for x in proportion_ci(k2, n, alpha=alpha, method="wilson"))
    margins = k1 * (n - k1) * k2 * (n - k2)
    cross = a * d - b * c
    # the correlation of the pairs, with Newcombe's continuity correction
    num = np.where(cross > n / 2, cross - n / 2, np.where(cross < 0, cross, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        psi = np.where(margins > 0, num / np.sqrt(np.where(margins > 0, margins, 1.0)), 0.0)
    est = p1 - p2
    lo = est - np.sqrt(np.maximum((p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * psi * (p1 - l1) * (u2 - p2), 0))
    hi = est + np.sqrt(np.maximum((p2 - l2) ** 2 + (u1 - p1) ** 2 - 2 * psi * (p2 - l2) * (u1 - p1), 0))
    lo, hi = np.clip(lo, -1, 1), np.clip(hi, -1, 1)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def seat_sample(stream, samples: int, seat: int, hand: int, widow: int | None = None) -> np.ndarray:
    """Deal ``samples`` completions around the declarer's cards at ``seat``.

    The deals are drawn with the hand at seat 0 and then rotated, so seat
    ``seat`` holds it and his left and right opponents get what seats 1
    and 2 got: the same seed gives the same cards to the declarer's left and
    right whatever his seat, and the odds of different seats differ only
    through the payments (RULES.md, book profile, penalty off the first
    hand).

    Parameters
    ----------
    stream : numpy.random.Generator
        Random stream (:func:`analysis.deal.chunk_rng`).
    samples : int
        Deals to draw.
    seat : int
        Declarer seat 0, 1 or 2.
    hand : int
        The declarer's fixed cards, bit mask.
    widow : int, optional
        Fixed widow, bit mask.

    Returns
    -------
    ndarray of shape (samples, 4), uint32 masks
        hand0, hand1, hand2, widow.
    """

    fixed = {0: hand} if widow is None else {0: hand, "widow": widow}
    d0 = deal_constrained(stream, samples, fixed)
    out = np.empty_like(d0)
    for k in range(3):
        out[:, (seat + k) % 3] = d0[:, k]
    out[:, 3] = d0[:, 3]
    return out


def in_process(workers: int | None, scheduler: str | None) -> bool:
    """True when the work runs in this process (one worker, no scheduler):
    the callers then show a bar per item instead of per chunk."""
    return workers == 1 and scheduler is None


def n_parts(n_items: int, workers: int | None) -> int:
    """How many chunks to cut ``n_items`` into for ``workers`` processes.

    Four chunks a worker, so that a slow chunk (hands with marriages solve
    slower) does not leave the other workers idle at the end; never more
    chunks than items.
    """

    return max(1, min(n_items, 4 * (workers or default_workers())))


def map_chunks(fn, chunk_args, workers: int | None, scheduler: str | None, progress, desc: str) -> list:
    """``[fn(*a) for a in chunk_args]``, run by :func:`analysis.parallel.executor`.

    ``fn`` must be a module-level function, deterministic in its arguments,
    so the result does not depend on ``workers`` or ``scheduler``.

    Raises
    ------
    ValueError
        If ``workers`` is below 1.
    ConnectionError
        If ``scheduler`` cannot be reached.
    """

    with executor(workers, scheduler) as ex:
        return run_chunks(ex, fn, list(chunk_args), desc=desc, progress=progress)
