"""Dark odds: how often an unseen first hand makes the dark contract (``thousand odds --dark``).

RULES.md, "Dark play" (``Rules.dark_play``).  The first hand goes dark
before seeing his cards, takes the widow unshown and gives two cards he has
not seen; he must then take 120 (:data:`analysis.scoring.dark.DARK_CONTRACT`).
For each of ``samples`` deals drawn without replacement from the rules'
double-dummy reference pool, every one of the 90 ordered gifts of the first
hand's ten cards is solved (:func:`analysis.solver.makes` at 120, the
declarer leading the first trick): the deal's share of gifts that make is
exact for the double-dummy value of a blind gift, uniform over the 90
(:func:`blind_gift`).  Deals with a redeal condition
before bidding are kept (a table redeals them whoever goes dark).

The chance is the mean of the deals' shares.  Its 95 % interval treats
the deals as the independent units (the pool's deals are an independent
uniform sample, a deal is drawn at most once, and its 90 gifts share its
cards): Clopper–Pearson on the effective number of gifts that the spread
of the deals' shares allows (:func:`analysis.stats.clustered_share_ci`),
so that it stays within 0–1 and widens when a few deals hold the makes.
The score changes and the gain take a 95 % normal interval over deals.
The expected score change of going dark (:mod:`analysis.scoring.dark`:
±240, or under wiki's ``double_all`` and ``marriages_plain`` twice what he
takes when he makes it, solved along one optimal line,
:func:`blind_play`) is set beside that of bidding
normally, which the pool's row of the same first hand gives: the best
contract he makes double-dummy after the best gift, or a failed 100 when he
makes none (:func:`analysis.scoring.declarer_delta`, first hand): an upper
bound of what bidding with seen cards brings him as declarer (defence
points left out of both).  Their paired difference per deal is the gain.

Single-dummy: no pool stores the play after a blind gift (single-dummy
pools keep the declarer's own gift); :mod:`analysis.odds.dark_sd` plays it
on demand beside these figures (``thousand odds --dark --play pimc``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..cards import MARRIAGE_VALUES
from ..errors import BadArgument
from ..reference import pool_for
from ..rules import entry_point
from ..scoring import DARK_CONTRACT, DARK_STAKE, declarer_delta
from ..solver import Position, line_from, makes, play_value, replay
from ..stats import clustered_share_ci, mean_ci

__all__ = ["dark_odds", "DARK_KEYS", "blind_gift", "blind_play"]

#: Deals solved by default (90 gifts each).
DEFAULT_SAMPLES = 200
#: The keys of :func:`dark_odds`' result (``--json``), in order.
DARK_KEYS = (
    "dark_rules",
    "dark_play",
    "dark_pool",
    "dark_samples",
    "dark_gifts",
    "dark_p_make",
    "dark_p_low",
    "dark_p_high",
    "dark_change",
    "dark_change_low",
    "dark_change_high",
    "dark_normal_change",
    "dark_gain",
    "dark_gain_low",
    "dark_gain_high",
    "dark_outcomes",
)


def _gifts(ten: int):
    cards = [c for c in range(24) if ten >> c & 1]
    for a in cards:
        for b in cards:
            if a != b:
                yield a, b


def blind_gift(hand: int, widow: int, left: int, right: int) -> tuple:
    """The two cards the dark player gives without seeing them.

    Uniform over the 90 ordered gifts of his 10 cards (†: the seeds say
    only «сдаёт карты другим игрокам рубашкой вверх»), drawn from a
    generator seeded with the deal's four masks: the same deal always gets
    the same gift.

    Returns
    -------
    (give_left, give_right) : tuple of int
        Card ids 0..23.
    """
    ten = hand | widow
    cards = [c for c in range(24) if ten >> c & 1]
    rng = np.random.default_rng([hand, left, right, widow])
    i, j = rng.choice(10, size=2, replace=False)
    return cards[int(i)], cards[int(j)]


class BlindPlay(NamedTuple):
    """A dark deal played double-dummy after the blind gift, by seat
    relative to the declarer (0 declarer, 1 left, 2 right)."""

    value: int  #: the declarer's double-dummy value (cards + marriages)
    raw: tuple  #: raw points per seat on the line
    tricks: tuple  #: tricks per seat on the line
    marriages: tuple  #: marriage points declared per seat on the line


def blind_play(rules, hands8) -> BlindPlay:
    """Solve the 8-card position after a blind gift, the declarer leading.

    Parameters
    ----------
    rules : Rules
    hands8 : sequence of 3 int
        The declarer's, his left's and his right's 8 cards, masks.

    Returns
    -------
    BlindPlay
        The value (:func:`analysis.solver.play_value`) and one optimal line
        (:func:`analysis.solver.line_from`, the tie-break objective J).
    """
    h = tuple(int(x) for x in hands8)
    value = play_value(h, declarer=0, leader=0, first_trick=True, rules=rules)
    _, moves = line_from(Position(h, declarer=0, leader=0, first_trick=True), rules=rules)
    tricks = replay(h, 0, -1, moves, first=True, ace_marriage=rules.ace_marriage)
    marriages = [0, 0, 0]
    for t in tricks:
        if t.declared >= 0:
            marriages[t.leader] += int(MARRIAGE_VALUES[t.declared])
    last = tricks[-1]
    return BlindPlay(int(value), tuple(last.raw), tuple(last.tricks), tuple(marriages))


def deal_dark(rules, hand: int, widow: int, left: int, right: int) -> tuple:
    """One deal's first hand gone dark, every gift solved.

    Returns
    -------
    (made, change) : (int, float)
        The number of the 90 gifts after which he takes 120, and his mean
        score change over the 90 (:mod:`analysis.scoring.dark`).
    """
    ten = hand | widow
    needs_value = rules.dark_play == "wiki" and rules.dark_scoring != "flat_240"
    # he takes 120 as :func:`analysis.scoring.declarer_points` reads it
    need = DARK_CONTRACT - 2 if rules.round_declarer else DARK_CONTRACT
    made, total = 0, 0.0
    for a, b in _gifts(ten):
        h8 = (ten & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b)
        if not makes(h8, need, declarer=0, leader=0, first_trick=True, rules=rules):
            total -= DARK_STAKE
            continue
        made += 1
        if needs_value:
            bp = blind_play(rules, h8)
            m = bp.marriages[0] if rules.dark_scoring == "marriages_plain" else 0
            total += 2 * (bp.value - m) + m
        else:
            total += DARK_STAKE
    return made, total / 90


@entry_point
def dark_odds(rules="book", samples: int | None = None, seed: int = 0, *, progress=None) -> pd.DataFrame:
    """The chance that an unseen first hand makes the dark contract (module docstring).

    Parameters
    ----------
    rules : str or Rules
        Rules with dark play (``dark_play`` 'book' or 'wiki').
    samples : int or None
        Deals drawn from the pool without replacement (1..its size; None:
        :data:`DEFAULT_SAMPLES`).
    seed : int
        Which deals (same seed, same figures).
    progress : callable or None
        ``progress(done, total)`` after each deal.

    Returns
    -------
    pandas.DataFrame
        One row per deal: ``deal_id``, ``made`` (gifts of 90 that make
        120), ``p_make``, ``change`` (mean score change going dark),
        ``normal`` (score change bidding normally), ``gain``; ``attrs``
        holds the summary, keys :data:`DARK_KEYS` (``dark_outcomes`` is
        ``"dd"``).

    Raises
    ------
    BadArgument
        Rules without dark play, no finished pool for their solver
        fingerprint, or ``samples`` outside 1..the pool's deals.
    """
    if rules.dark_play == "none":
        raise BadArgument(
            f"the {rules.name!r} rules have no dark play; add --set dark_play=book or --set dark_play=wiki",
            parameter="rules",
        )
    samples = DEFAULT_SAMPLES if samples is None else samples
    pool = pool_for(rules)
    if pool is None:
        raise BadArgument(f"no finished reference pool plays the {rules.name!r} rules", parameter="rules")
    sol = pd.read_parquet(pool.solutions_path, columns=["deal_id", "seat", "value", "marriage_cap"])
    sol = sol[sol.seat == 0]
    deals = pd.read_parquet(pool.deals_path, columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    f = deals.merge(sol, on="deal_id").sort_values("deal_id", kind="stable").reset_index(drop=True)
    if not isinstance(samples, (int, np.integer)) or not 1 <= samples <= len(f):
        raise BadArgument(f"--samples must be in 1..{len(f)} (the pool's deals), got {samples!r}")
    pick = np.sort(np.random.default_rng(seed).choice(len(f), size=int(samples), replace=False))
    rows = []
    for k, i in enumerate(pick):
        r = f.iloc[int(i)]
        made, change = deal_dark(rules, int(r.hand0), int(r.widow), int(r.hand1), int(r.hand2))
        v, cap = int(r.value), int(r.marriage_cap) if rules.bid_cap else 400
        contract = max(100, min(v - v % 5, cap)) if v >= 100 else 100
        normal = declarer_delta(rules, contract, v, True)
        rows.append((int(r.deal_id), made, made / 90, change, float(normal), change - normal))
        if progress is not None:
            progress(k + 1, len(pick))
    t = pd.DataFrame(rows, columns=["deal_id", "made", "p_make", "change", "normal", "gain"])
    if len(t) > 1:
        p, plo, phi, _ = clustered_share_ci(t.made.to_numpy(), 90)
    else:
        p, plo, phi = mean_ci(t.p_make.to_numpy())
    c, clo, chi = mean_ci(t.change.to_numpy())
    g, glo, ghi = mean_ci(t.gain.to_numpy())
    t.attrs.update(
        dict(
            zip(
                DARK_KEYS,
                (
                    rules.name,
                    rules.dark_play,
                    pool.name,
                    int(samples),
                    90,
                    p,
                    plo,
                    phi,
                    c,
                    clo,
                    chi,
                    float(t.normal.mean()),
                    g,
                    glo,
                    ghi,
                    "dd",
                ),
            )
        )
    )
    return t
