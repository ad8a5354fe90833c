"""The dark-play and golden-round page: what its games and odds rest on.

Helpers of ``notebooks/dark_golden.py``:

- :func:`same_odds` groups the profiles whose dark odds are one figure
  (the same deals, the same makes gift for gift), so that the page says so
  and draws them once;
- :func:`games_drawn` counts the games, the pool deals they drew and the
  distinct solved deals behind a games dataset, with the design effect of
  the deals drawn twice (``thousand compare`` draws with replacement, so
  deals repeat), and :meth:`Drawn.words` says it in the words of every
  page (:func:`analysis.research.game_tables.repeat_phrase`), with the
  factor the comparison widened the intervals by;
- :func:`share_rows` gives a share of games (a seat's wins, the games with
  a golden reset) its Clopper–Pearson interval over games, on the
  effective count where games share pool deals
  (:func:`analysis.stats.share_ci`);
- :func:`resets_in` counts the games with a golden reset, and
  :func:`no_reset_by_rule` says why a rule set can have none;
- :func:`dark_allowed_words` says when the rules let the first hand go
  dark (:func:`analysis.game.dark.may_go_dark`), for the page's text.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from .. import dataset
from ..game import repeat_counts
from ..reference import pool_for
from ..stats import share_ci
from .game_tables import repeat_phrase

__all__ = [
    "Drawn",
    "same_odds",
    "drawn_in",
    "games_drawn",
    "resets_in",
    "games_reset",
    "share_rows",
    "no_reset_by_rule",
    "dark_allowed_words",
]


def dark_allowed_words(rules) -> str:
    """When the rules let the first hand go dark, in words (:func:`analysis.game.dark.may_go_dark`).

    Parameters
    ----------
    rules : Rules
        Rules with dark play (``dark_play`` ``book`` or ``wiki``).

    Returns
    -------
    str
        ``"always"`` (book's version: no restriction), else the limits of
        wiki's version: his score not below ``dark_min_score`` and, unless
        ``dark_on_barrel``, nobody on the barrel; ``"never"`` where the rules
        have no dark play or seat four players (not modelled).

    Examples
    --------
    >>> from analysis.rules import PROFILES
    >>> dark_allowed_words(PROFILES["book"])
    'always'
    >>> dark_allowed_words(PROFILES["wiki"].with_changes(dark_play="wiki"))
    'when his score is not below 0 and nobody is on the barrel'
    >>> dark_allowed_words(PROFILES["club"])
    'never'
    """
    if rules.dark_play == "none" or rules.players != 3:
        return "never"
    if rules.dark_play == "book":
        return "always"
    limits = [f"his score is not below {rules.dark_min_score}"]
    if not rules.dark_on_barrel:
        limits.append("nobody is on the barrel")
    return "when " + " and ".join(limits)


def same_odds(odds: dict, rules: dict) -> list[list[str]]:
    """Profiles whose dark odds are the same figure, in groups.

    Two profiles are grouped when their samples hold the same deals (the
    same four card masks, read from each profile's pool) and the first hand
    makes 120 after the same number of the 90 gifts on every one: their
    P(make) is then one figure, whatever the scoring they differ in.

    Parameters
    ----------
    odds : dict of str -> pandas.DataFrame
        :func:`analysis.odds.dark_odds` per profile (``deal_id``, ``made``).
    rules : dict of str -> Rules
        The rules each was computed with (their pool holds the cards).

    Returns
    -------
    list of list of str
        Each group in the order of ``odds``, the groups in the order of
        their first profile.
    """
    keys = {}
    for p, t in odds.items():
        cols = ["deal_id", "hand0", "hand1", "hand2", "widow"]
        deals = pd.read_parquet(pool_for(rules[p]).deals_path, columns=cols).set_index("deal_id")
        deals = deals.loc[t.deal_id.to_numpy(), ["hand0", "hand1", "hand2", "widow"]]
        keys[p] = (deals.to_numpy(np.int64).tobytes(), t.made.to_numpy(np.int64).tobytes())
    groups: dict = {}
    for p, k in keys.items():
        groups.setdefault(k, []).append(p)
    return list(groups.values())


class Drawn(NamedTuple):
    """What a games dataset rests on."""

    games: int  #: games in it
    draws: int  #: pool deals drawn and played (redeals left out)
    distinct: int  #: distinct solved deals among the draws
    deff: float  #: draws per distinct deal (1 when none repeats): the design effect
    repeats: int = 0  #: draws that repeat a pool deal drawn before
    pool: int = 0  #: pool deals the draws range over (0: not known)

    @property
    def widening(self) -> float:
        """The factor the game figures' intervals are widened by: the root of :attr:`deff`.

        ``thousand compare`` scales each rule set's intervals by it, and a
        paired difference's by the larger of its two arms'
        (:func:`analysis.comparison.metrics.pool_reuse`, the bound of
        :meth:`analysis.research.uncertainty.PoolBootstrap.widen`).
        """
        return float(np.sqrt(self.deff))

    def words(self) -> str:
        """The draws and their repeats in words (:func:`~analysis.research.game_tables.repeat_phrase`).

        Examples
        --------
        >>> Drawn(games=2, draws=4, distinct=3, deff=4 / 3, repeats=1, pool=50_000).words()
        '4 draws of 50,000 pool deals (3 of them drawn): 1 (25.0 %) repeat a deal drawn before'
        """
        return repeat_phrase(self.draws, self.pool, self.distinct, self.repeats)


def drawn_in(frames, pool: int = 0) -> Drawn:
    """Games, draws and distinct solved deals behind games tables.

    Parameters
    ----------
    frames : sequence of pandas.DataFrame
        Games rows (``game_id``, ``pool_deal``, ``redealt``); the arms of
        one paired comparison share their deals: give them together to
        count the deals behind the comparison.
    pool : int
        Pool deals the draws range over (kept as :attr:`Drawn.pool`).

    Returns
    -------
    Drawn
        Summed over the tables; ``distinct`` counts a pool deal once
        wherever it is drawn, a deal solved on the fly (``pool_deal`` −1)
        each time (never a repeat); redeals are left out.  ``games``
        counts the game ids of the first table.

    Examples
    --------
    >>> g = pd.DataFrame({"game_id": [0, 0, 1, 1], "pool_deal": [5, 9, 5, -1],
    ...                   "redealt": [False, True, False, False]})
    >>> drawn_in([g])
    Drawn(games=2, draws=3, distinct=2, deff=1.5, repeats=1, pool=0)
    """
    frames = list(frames)
    if not frames:
        raise ValueError("drawn_in needs at least one games table")
    played = np.concatenate([t["pool_deal"].to_numpy(np.int64)[~t["redealt"].to_numpy(bool)] for t in frames])
    fresh = int((played < 0).sum())
    drawn, unique, repeats = repeat_counts(played)
    draws, distinct = drawn + fresh, unique + fresh
    games = int(frames[0]["game_id"].nunique())
    deff = draws / distinct if distinct else 1.0
    return Drawn(games, draws, distinct, deff, repeats, int(pool))


def games_drawn(*paths) -> Drawn:
    """:func:`drawn_in` of games datasets (folders), with the pool deals their draws range over.

    The pool size is the one the datasets' parameters record
    (``outcomes.shared_deals``, else ``outcomes.pool_size``; 0 when
    neither is recorded).
    """
    cols = ["game_id", "pool_deal", "redealt"]
    out = (dataset.read_params(paths[0]) or {}).get("outcomes", {}) if paths else {}
    pool = int(out.get("shared_deals") or out.get("pool_size") or 0)
    return drawn_in([dataset.read_table(p, "games", columns=cols).to_pandas() for p in paths], pool)


def resets_in(games: pd.DataFrame) -> tuple[int, int]:
    """Games with at least one golden reset (event ``golden_reset``), and the games.

    Examples
    --------
    >>> ev = ["golden:0", "golden:1;golden_reset:1", None, ""]
    >>> g = pd.DataFrame({"game_id": [0, 0, 1, 2], "event": ev})
    >>> resets_in(g)
    (1, 3)
    """
    per = games["event"].fillna("").str.count("golden_reset").groupby(games["game_id"]).sum()
    return int((per > 0).sum()), int(per.size)


def games_reset(path) -> tuple[int, int]:
    """:func:`resets_in` of a games dataset (folder)."""
    return resets_in(dataset.read_table(path, "games", columns=["game_id", "event"]).to_pandas())


def share_rows(rows: pd.DataFrame, deff, alpha: float = 0.05) -> pd.DataFrame:
    """A share of games with its Clopper–Pearson interval over games.

    Parameters
    ----------
    rows : pandas.DataFrame
        Rows with ``value`` (a share of games, 0–1) and ``games``.
    deff : array-like of float, shape (len(rows),)
        Each row's design effect (:attr:`Drawn.deff`; 1 when no deal repeats).
    alpha : float
        1 − confidence level.

    Returns
    -------
    pandas.DataFrame
        A copy with ``count`` (games, an integer) and ``low``, ``high``
        replaced by :func:`analysis.stats.share_ci` of ``count`` in
        ``games`` at ``deff``.

    Raises
    ------
    ValueError
        If a value times its games is not a whole number of games.
    """
    out = rows.copy()
    n = out["games"].to_numpy(np.float64)
    k = out["value"].to_numpy(np.float64) * n
    if not np.allclose(k, np.rint(k), atol=1e-6):
        raise ValueError("share_rows needs shares of whole games (value * games an integer)")
    out["count"] = np.rint(k).astype(np.int64)
    lo, hi = share_ci(out["count"].to_numpy(np.float64), n, np.asarray(deff, np.float64), alpha=alpha)
    out["low"], out["high"] = np.atleast_1d(lo), np.atleast_1d(hi)
    return out


def no_reset_by_rule(rules) -> str | None:
    """Why ``rules`` can have no golden reset, or None when it can."""
    if rules.golden_round == "none":
        return "none by rule (no golden round)"
    if rules.golden_failed == "keep":
        return "none by rule (scores kept)"
    return None
