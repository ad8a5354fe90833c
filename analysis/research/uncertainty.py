"""Intervals of figures computed from simulated games that respect the finite pool.

Games drawn from a pool of solved deals share the pool's deals whenever a
deal is drawn twice (``draw="with"``, or a game that ran past its block with
``draw="without"``).  Two draws of one deal are one observation, not two:
an interval that treats them as independent is too narrow, by as much as
the square root of the reuse.

:class:`PoolBootstrap` resamples both sources of randomness at once (the
"pigeonhole" two-way bootstrap of Owen, 2007, *Ann. Appl. Stat.* 1(1)):
every replicate gives each game a weight and each distinct pool deal a
weight, both Poisson(1); a row (one deal of one game) weighs the product.
When no pool deal is drawn twice the deal weights are left at 1 and it is
the ordinary bootstrap over games (the games are then independent samples
of the population of deals).  Where deals repeat, a deal drawn by many
games moves all of them together in a replicate, so the interval of a
figure made of deals (bolts per 100 deals, a redeal rate) widens with the
reuse; the two-way scheme is mildly conservative (it counts the row-level
noise twice).  A figure made of whole games (a win share, a barrel stay)
is resampled over games and, where deals repeat, its interval is widened
by the root of the design effect (draws per distinct deal: an upper
bound).  Intervals are bootstrap percentiles.

A share of rare events over few deals (a cell of a table of auctions) is
better served by :func:`deal_clustered_share`: Clopper–Pearson on an
effective count of trials that never exceeds the distinct deals, so that a
cell with no event and one with a single event rest on the same count.

Every games figure of the research pages goes through this module, with
one seed (:data:`BOOT_SEED`): the same games give the same weights, so a
figure printed on two pages (the club bolts of the bolts page and of the
barrel page's double-dummy comparison) carries the same interval on both.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..stats import clustered_share_ci, exact_bounds, proportion_ci, share_ci, widen

__all__ = ["PoolBootstrap", "interval_label"]

#: Bootstrap replicates of a research figure.
N_BOOT = 400
#: Seed of every research page's bootstrap weights: one figure, one interval
#: wherever it is printed.
BOOT_SEED = 1


class PoolBootstrap:
    """Two-way bootstrap weights for one games table.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` with ``game_id`` and
        ``pool_deal`` (−1 for deals solved on the fly: each its own deal).
    n_boot : int
        Replicates (at least 20).
    seed : int
        Seed of the weights (the same seed gives the same intervals); the
        pages keep the default, :data:`BOOT_SEED`.
    alpha : float
        1 − confidence level of the percentile intervals.

    Attributes
    ----------
    games : int
        Games in the table.
    distinct_deals : int
        Distinct pool deals behind it.
    reuse : bool
        Some pool deal is drawn more than once (deal weights are used).
    game_ids : ndarray of int64
        Game ids in the order of :meth:`game_weights`' columns.

    Raises
    ------
    ValueError
        On a table without rows or columns, or ``n_boot`` below 20.
    """

    def __init__(self, games: pd.DataFrame, n_boot: int = N_BOOT, seed: int = BOOT_SEED, alpha: float = 0.05):
        if {"game_id", "pool_deal"} - set(games.columns) or len(games) == 0:
            raise ValueError("PoolBootstrap needs a non-empty games table with game_id and pool_deal")
        if n_boot < 20:
            raise ValueError(f"n_boot must be at least 20, got {n_boot}")
        self.n_boot, self.alpha = int(n_boot), float(alpha)
        gid = games["game_id"].to_numpy(np.int64)
        self.game_ids, self._g = np.unique(gid, return_inverse=True)
        deal = games["pool_deal"].to_numpy(np.int64).copy()
        fresh = deal < 0
        deal[fresh] = -1 - np.arange(int(fresh.sum()))  # a fresh deal is its own
        self._deal_ids, self._d = np.unique(deal, return_inverse=True)
        self.games = len(self.game_ids)
        self.distinct_deals = len(self._deal_ids)
        self.rows = len(games)
        self.reuse = self.distinct_deals < self.rows
        rng = np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(17,)))
        self._wg = rng.poisson(1.0, (self.n_boot, self.games)).astype(np.float32)
        self._wd = (
            rng.poisson(1.0, (self.n_boot, self.distinct_deals)).astype(np.float32) if self.reuse else None
        )
        self._rows_cache = None

    def row_weights(self) -> np.ndarray:
        """Weights of every row in every replicate, shape (n_boot, rows), float32."""
        if self._rows_cache is None:
            w = self._wg[:, self._g]
            if self._wd is not None:
                w = w * self._wd[:, self._d]
            self._rows_cache = w
        return self._rows_cache

    def game_weights(self) -> np.ndarray:
        """Weights of every game, shape (n_boot, games), float32 (the game factor only).

        A game-level figure (a win, a barrel stay) is no sum over deals, so
        the deal factor cannot be spread over it; where deals repeat,
        :meth:`widen` scales its interval instead.
        """
        return self._wg

    @property
    def design_effect(self) -> float:
        """Draws per distinct pool deal (1 when no deal repeats).

        The variance of a game-level figure is at most this many times the
        variance the bootstrap over games gives (Kish's design effect
        ``1 + (m - 1) rho`` of clusters of ``m`` draws of one deal, at its
        largest, ``rho = 1``): an upper bound, used where deals repeat.
        """
        return self.rows / self.distinct_deals

    @property
    def widening(self) -> float:
        """The factor :meth:`widen` scales an interval by: the root of :attr:`design_effect`.

        1.0 when no pool deal repeats (the interval is then a plain
        percentile interval at the level ``1 - alpha``).
        """
        return float(np.sqrt(self.design_effect)) if self.reuse else 1.0

    def interval_name(self, of_games: bool) -> str:
        """What an interval of this table is, for a column header or a sentence.

        Parameters
        ----------
        of_games : bool
            The figure is one of whole games or of barrel stays (:meth:`game_mean`,
            or an interval passed through :meth:`widen`), rather than a sum
            over deals (:meth:`ratio`).

        Returns
        -------
        str
            ``"widened 95 % interval"`` for a figure of games where pool
            deals repeat (wider than a 95 % interval: an upper bound),
            else ``"95 % interval"`` (the level is ``1 - alpha``).

        Examples
        --------
        >>> g = pd.DataFrame({"game_id": [0, 0, 1, 1], "pool_deal": [3, 4, 3, 5]})
        >>> b = PoolBootstrap(g, n_boot=20)
        >>> b.interval_name(True), b.interval_name(False)
        ('widened 95 % interval', '95 % interval')
        """
        level = f"{100 * (1 - self.alpha):g} % interval"
        return f"widened {level}" if of_games and self.reuse else level

    def widen(self, estimate, low, high):
        """Scale an interval about its estimate by the root of :attr:`design_effect`.

        Returns the interval unchanged when no pool deal repeats.
        """
        e, lo, hi = (np.asarray(a, dtype=np.float64) for a in (estimate, low, high))
        return widen(e, lo, hi, np.sqrt(self.design_effect))

    def weights_for(self, game_id) -> np.ndarray:
        """Game weights for items (stays, ...) that belong to games: (n_boot, len(game_id))."""
        idx = np.searchsorted(self.game_ids, np.asarray(game_id, dtype=np.int64))
        if len(idx) and (
            np.any(idx >= self.games) or np.any(self.game_ids[np.minimum(idx, self.games - 1)] != game_id)
        ):
            raise ValueError("items name games that are not in the table")
        return self.game_weights()[:, idx]

    def interval(self, replicates) -> tuple[np.ndarray, np.ndarray]:
        """Percentile interval of replicates of shape (n_boot, ...): (low, high)."""
        r = np.asarray(replicates, dtype=np.float64)
        q = [100 * self.alpha / 2, 100 * (1 - self.alpha / 2)]
        lo, hi = np.nanpercentile(r, q, axis=0)
        return lo, hi

    def ratio(self, numerator, denominator=None) -> tuple[float, float, float]:
        """A ratio of row sums, ``sum(num) / sum(den)``, with its interval.

        Parameters
        ----------
        numerator : array-like of float, shape (rows,)
            Per row (e.g. bolts of the deal).
        denominator : array-like of float, shape (rows,), optional
            Per row (e.g. 1 for a played deal, 0 for a redeal); default 1.

        Returns
        -------
        (estimate, low, high) : floats
        """
        x = np.asarray(numerator, dtype=np.float64)
        y = np.ones_like(x) if denominator is None else np.asarray(denominator, np.float64)
        if x.shape != (self.rows,) or y.shape != (self.rows,):
            raise ValueError(f"numerator and denominator need one value per row ({self.rows})")
        if y.sum() <= 0:
            raise ValueError("the denominator sums to 0")
        w = self.row_weights()
        with np.errstate(invalid="ignore", divide="ignore"):
            rep = (w @ x.astype(np.float32)) / (w @ y.astype(np.float32))
        lo, hi = self.interval(rep)
        est = float(x.sum() / y.sum())
        # no event (or every trial one): exact bounds on the effective trials
        share = bool(np.all((x >= 0) & (x <= y)) and np.all(np.isin(x, (0.0, 1.0))))
        lo, hi = exact_bounds(est, lo, hi, y.sum() / self.design_effect, share=share, alpha=self.alpha)
        return est, float(lo), float(hi)

    def game_mean(self, values, weights=None) -> tuple[float, float, float]:
        """Mean of a per-game value (in :attr:`game_ids` order) with its interval.

        Parameters
        ----------
        values : array-like of float, shape (games,)
        weights : array-like of float, shape (games,), optional
            A ratio over games: ``sum(values) / sum(weights)``.

        Returns
        -------
        (estimate, low, high) : floats
        """
        v = np.asarray(values, dtype=np.float64)
        d = np.ones_like(v) if weights is None else np.asarray(weights, np.float64)
        if v.shape != (self.games,) or d.shape != (self.games,):
            raise ValueError(f"values need one entry per game ({self.games})")
        w = self.game_weights().astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            rep = (w @ v) / (w @ d)
        est = float(v.sum() / d.sum())
        lo, hi = self.widen(est, *self.interval(rep))
        share = bool(np.all((v >= 0) & (v <= d)) and np.all(np.isin(v, (0.0, 1.0))))
        lo, hi = exact_bounds(est, lo, hi, d.sum() / self.design_effect, share=share, alpha=self.alpha)
        if share:  # widened for repeats, a share's interval still lies within 0–1
            lo, hi = np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)
        return est, float(lo), float(hi)

    def describe(self) -> str:
        """One line for a table caption: games, distinct deals, how intervals were made."""
        level = f"{100 * (1 - self.alpha):g} %"
        drawn = f"{self.games:,} games, {self.rows:,} deals drawn"
        head = f"{drawn}, {self.distinct_deals:,} distinct solved deals; "
        if not self.reuse:
            how = f"bootstrap over games (no pool deal drawn twice), {self.n_boot} replicates"
            return f"{head}{level} intervals: {how}"
        how = f"two-way bootstrap over games and pool deals (deals repeat), {self.n_boot} replicates"
        return (
            f"{head}intervals: {how}; {level} for figures of deals, widened ×{self.widening:.1f} "
            f"(wider than {level}) for figures of whole games or barrel stays"
        )


def interval_label(boots, of_games: bool = True) -> str:
    """One name for the intervals of a figure taken from several games tables.

    Parameters
    ----------
    boots : iterable of PoolBootstrap
        The tables behind a column (one per row of it).
    of_games : bool
        The figure is one of whole games or of barrel stays
        (:meth:`PoolBootstrap.interval_name`).

    Returns
    -------
    str
        The tables' common :meth:`PoolBootstrap.interval_name`, or, where
        some tables repeat pool deals and others do not, a name that says
        which intervals are widened.

    Examples
    --------
    >>> a = PoolBootstrap(pd.DataFrame({"game_id": [0, 1], "pool_deal": [3, 3]}), n_boot=20)
    >>> b = PoolBootstrap(pd.DataFrame({"game_id": [0, 1], "pool_deal": [3, 4]}), n_boot=20)
    >>> interval_label([a, a]), interval_label([a, b], of_games=False)
    ('widened 95 % interval', '95 % interval')
    >>> interval_label([a, b])
    'widened 95 % interval where pool deals repeat, else 95 % interval'
    """
    names = list(dict.fromkeys(b.interval_name(of_games) for b in boots))
    if len(names) == 1:
        return names[0]
    widened = [n for n in names if n.startswith("widened")]
    plain = [n for n in names if not n.startswith("widened")]
    return f"{widened[0]} where pool deals repeat, else {plain[0]}"


def deal_clustered_share(x, clusters, deals: int, alpha: float = 0.05) -> tuple[float, float, float]:
    """A share of auctions with its interval, on an effective count that never exceeds the deals.

    Parameters
    ----------
    x : array-like of bool or {0, 1}, shape (n,)
        The event per auction (made, written off, failed).
    clusters : array-like of int, shape (n,)
        The cluster of each auction (a pool deal, or a game).
    deals : int
        The distinct deals behind the auctions.
    alpha : float
        1 − confidence level.

    Returns
    -------
    (share, low, high) : floats
        Clopper–Pearson (:func:`analysis.stats.share_ci`) on the effective
        count of :func:`analysis.stats.clustered_share_ci` capped at
        ``deals``; where the share is 0 or 1, or every cluster shows the
        same share (no variance to estimate), on ``deals``; widened to
        hold the binomial interval of the auctions.  NaN without auctions.

    Examples
    --------
    No event in 321 auctions on 39 deals rests on 39 deals, and one event
    on the same deals on no more: the two intervals are alike.

    >>> none = deal_clustered_share(np.zeros(321), np.arange(321) % 39, 39)
    >>> one = deal_clustered_share(np.r_[1.0, np.zeros(320)], np.arange(321) % 39, 39)
    >>> [round(100 * v, 1) for v in none], [round(100 * v, 1) for v in one]
    ([0.0, 0.0, 9.0], [0.3, 0.0, 9.6])
    """
    x = np.asarray(x, dtype=np.float64)
    n = len(x)
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    p = float(x.mean())
    _, inv = np.unique(np.asarray(clusters), return_inverse=True)
    m = float(deals)
    k, t = np.bincount(inv, weights=x), np.bincount(inv).astype(np.float64)
    if 0 < p < 1 and len(k) >= 2 and np.ptp(k / t) > 0:  # else no variance to estimate: the deals
        m = min(clustered_share_ci(k, t, alpha=alpha)[3], m)
    m = max(m, 1.0)
    lo, hi = share_ci(p * m, m, alpha=alpha)
    blo, bhi = proportion_ci(int(round(x.sum())), n)
    return p, float(min(lo, blo, p)), float(max(hi, bhi, p))
