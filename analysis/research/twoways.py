"""Whole games both ways: double-dummy against own information, on the same deals.

The research pages play their games with own information (``pimc``: every
decision from the deciding player's cards) from a single-dummy reference
pool.  How far the double-dummy games (every player seeing every card)
sit from them is measured on **paired** games (:func:`both_ways`): the same
seed, the same game ids and the same deals, drawn with replacement from
the single-dummy pool's deals, once with the double-dummy outcomes of
those deals and once with their own-information play.  Game ``g`` draws
its first dealer and deal rows from its own stream, so both tables start
each game from the same cards until a decision differs.

:func:`figures_both_ways` gives each figure both ways and the difference
(double-dummy minus own information) with 95 % intervals.  Each way's
interval is its own table's bootstrap, computed as the single-arm pages
compute it (:func:`analysis.research.bolts.per_100_played`,
:func:`analysis.research.survival.competing_table`, with the pages' seed),
so a figure printed here and on the bolts or barrel page reads the same.
The difference's interval comes from one two-way bootstrap over the
shared games and pool deals (:class:`analysis.research.uncertainty.PoolBootstrap`
of the two tables together: a game and a deal weigh the same in both, so
the difference's interval is paired).  Figures of whole games or stays
(deals per game; barrel stays won, an Aalen–Johansen incidence) are
resampled over games and their intervals widened by the root of the
design effect, as the pages do.  :func:`both_ways_rows` puts them in the
words of the barrel page's table (:func:`figure_cell`, :func:`interval_kind`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..game import players_in
from . import bolts, survival
from .game_tables import simulated_games
from .tables import and_list, fmt_ci, fmt_num_ci
from .uncertainty import BOOT_SEED, N_BOOT, PoolBootstrap

__all__ = [
    "both_ways",
    "figures_both_ways",
    "same_draws",
    "FIGURES",
    "figure_cell",
    "interval_kind",
    "both_ways_rows",
]

#: The figures compared, in display order (name -> a reader's label).
FIGURES = {
    "deals_per_game": "played deals per game",
    "bolts_per_100": "bolts per 100 played deals",
    "stays_won": "barrel stays won",
}


def both_ways(data, rules, n_games: int, seed: int, label: str = "") -> dict[str, pd.DataFrame]:
    """The paired games of ``rules``: ``{"dd": ..., "pimc": ...}``.

    Parameters
    ----------
    data : path
        The games cache folder (:func:`analysis.research.game_tables.simulated_games`).
    rules : str or Rules
        Rules a built single-dummy pool serves (:func:`analysis.research.game_tables.game_outcomes`).
    n_games, seed : int
        Games ``0 .. n_games - 1`` of the root seed, both ways.
    label : str
        Part of the cache file names.

    Returns
    -------
    dict of str -> pandas.DataFrame
        The double-dummy games drawn from the single-dummy pool's deals
        (``outcomes="dd"``, ``on_sd_deals=True``) and the own-information
        games (``outcomes="pimc"``), both drawn with replacement.

    Raises
    ------
    analysis.reference.ReferencePoolError
        If no built single-dummy pool serves the rules.
    """
    name = label or str(getattr(rules, "name", rules))
    return {
        "dd": simulated_games(
            data, rules, n_games, seed, draw="with", outcomes="dd", on_sd_deals=True, label=f"{name}-dd-sd"
        ),
        "pimc": simulated_games(
            data, rules, n_games, seed, draw="with", outcomes="pimc", label=f"{name}-pimc"
        ),
    }


def same_draws(dd: pd.DataFrame, pimc: pd.DataFrame) -> tuple[int, int]:
    """How many deals the paired games share: deal ``k`` of game ``g`` drawn from the same pool row both ways.

    Parameters
    ----------
    dd, pimc : pandas.DataFrame
        Paired games tables (:func:`both_ways`): ``game_id``, ``deal_no``
        and ``pool_deal``, pool deal ids in one numbering.

    Returns
    -------
    (same, compared) : (int, int)
        ``compared`` counts the (game, deal number) positions both tables
        reach (a game lasts as long as the shorter of its two plays),
        ``same`` those drawn from the same pool row.  The two equal when
        each game's draws depend on its stream alone, not on the play.
    """
    key = ["game_id", "deal_no"]
    both = dd[key + ["pool_deal"]].merge(pimc[key + ["pool_deal"]], on=key, suffixes=("_dd", "_pimc"))
    return int((both["pool_deal_dd"] == both["pool_deal_pimc"]).sum()), len(both)


def _stays_won(stays: pd.DataFrame, weights=None) -> float:
    """The Aalen–Johansen incidence of a win at the longest stay (NaN with no stay)."""
    if len(stays) == 0:
        return np.nan
    aj = survival.aalen_johansen(stays, survival.ENDINGS, weights=weights)
    return float(aj["cif_win"].iloc[-1])


def _marginals(games: pd.DataFrame, n_boot: int, seed: int) -> dict:
    """One arm's figures as the single-arm pages compute them: (estimate, low, high, n), and its bootstrap."""
    boot = PoolBootstrap(games, n_boot=n_boot, seed=seed)
    played = (~games["redealt"]).to_numpy(np.int64)
    per_game = pd.Series(played).groupby(games["game_id"].to_numpy()).sum().reindex(boot.game_ids)
    out = {
        "deals_per_game": (*boot.game_mean(per_game.to_numpy(np.float64)), boot.games),
        "bolts_per_100": (*bolts.per_100_played(games, boot), int(played.sum())),
    }
    stays = survival.barrel_stays(games)
    if len(stays):
        win = survival.competing_table(stays, boot, survival.ENDINGS).loc["cif_win"].iloc[-1]
        out["stays_won"] = (float(win["p"]), float(win["ci_low"]), float(win["ci_high"]), len(stays))
    else:
        out["stays_won"] = (np.nan, np.nan, np.nan, 0)
    return out, boot


def figures_both_ways(
    dd: pd.DataFrame, pimc: pd.DataFrame, n_boot: int = N_BOOT, seed: int = BOOT_SEED
) -> pd.DataFrame:
    """Each figure of :data:`FIGURES` double-dummy, own information and their difference.

    Parameters
    ----------
    dd, pimc : pandas.DataFrame
        Paired games tables (:func:`both_ways`): the same game ids, pool
        deal ids in one numbering.
    n_boot, seed : int
        Bootstrap replicates and the seed of their weights (the pages'
        :data:`~analysis.research.uncertainty.BOOT_SEED`).

    Returns
    -------
    pandas.DataFrame
        Indexed by figure: ``dd``, ``dd_low``, ``dd_high``, ``pimc``,
        ``pimc_low``, ``pimc_high``, ``diff``, ``diff_low``, ``diff_high``
        (double-dummy minus own information; per-deal figures as counts per
        deal or per 100 deals, shares 0–1) and ``n_dd``, ``n_pimc`` (the
        figure's unit: games, played deals, barrel stays).  Each arm's
        interval is that arm's own bootstrap, exactly what a page of that
        arm alone prints for the figure (the same games, the same seed);
        the difference's interval is the paired bootstrap of both tables
        together.  ``widened_dd``, ``widened_pimc``, ``widened_diff``
        (bool): that interval is widened for repeated pool deals
        (:meth:`~analysis.research.uncertainty.PoolBootstrap.widen`: a figure
        of whole games or stays where some pool deal is drawn twice), so it
        is wider than a 95 % interval; otherwise it is a 95 % interval.

    Raises
    ------
    ValueError
        If the two tables do not hold the same games.
    """
    if not np.array_equal(np.unique(dd["game_id"]), np.unique(pimc["game_id"])):
        raise ValueError("the two tables must hold the same games")
    arms, arm_boots = {}, {}
    for arm, g in (("dd", dd), ("pimc", pimc)):
        arms[arm], arm_boots[arm] = _marginals(g, n_boot, seed)
    both = pd.concat([dd.assign(_k=0), pimc.assign(_k=1)], ignore_index=True)
    boot = PoolBootstrap(both, n_boot=n_boot, seed=seed)
    w = boot.row_weights().astype(np.float64)
    k = both["_k"].to_numpy()
    gid = both["game_id"].to_numpy(np.int64)
    played = (~both["redealt"]).to_numpy(float)
    first = (~both.duplicated(["_k", "game_id"])).to_numpy(float)
    nb = both[[f"bolt{q}" for q in range(players_in(both))]].sum(axis=1).to_numpy(float) * played
    reps = {}
    # deals per game is a figure of whole games: game weights only (widened below);
    # bolts per 100 played deals is made of deals: game and deal weights
    for name, x, y, scale in (("deals_per_game", played, first, 1.0), ("bolts_per_100", nb, played, 100.0)):
        rep = []
        for j in (0, 1):
            m = k == j
            ww = w[:, m] if name == "bolts_per_100" else boot.weights_for(gid[m])
            with np.errstate(invalid="ignore", divide="ignore"):
                r = scale * (ww @ x[m]) / (ww @ y[m])
            rep.append(np.where(np.isfinite(r), r, np.nan))
        reps[name] = rep[0] - rep[1]
    rep = []
    for g in (dd, pimc):
        st = survival.barrel_stays(g)
        sw = boot.weights_for(st["game_id"].to_numpy(np.int64)) if len(st) else None
        rep.append(np.array([_stays_won(st, sw[b]) if len(st) else np.nan for b in range(boot.n_boot)]))
    reps["stays_won"] = rep[0] - rep[1]
    out = {}
    for name in FIGURES:
        cells = {}
        for arm in ("dd", "pimc"):
            est, lo, hi, n = arms[arm][name]
            cells.update({arm: est, f"{arm}_low": lo, f"{arm}_high": hi, f"n_{arm}": n})
            cells[f"widened_{arm}"] = name != "bolts_per_100" and arm_boots[arm].reuse
        cells["diff"] = cells["dd"] - cells["pimc"]
        if np.isnan(cells["diff"]):  # no stay one way: nothing to compare
            lo = hi = np.nan
        else:
            lo, hi = boot.interval(reps[name])
        if name != "bolts_per_100":  # whole games or stays: widened for repeated deals
            lo, hi = boot.widen(cells["diff"], lo, hi)
        cells["diff_low"], cells["diff_high"] = float(lo), float(hi)
        cells["widened_diff"] = name != "bolts_per_100" and boot.reuse
        out[name] = cells
    cols = ["dd", "dd_low", "dd_high", "pimc", "pimc_low", "pimc_high", "diff", "diff_low", "diff_high"]
    flags = ["widened_dd", "widened_pimc", "widened_diff"]
    frame = pd.DataFrame(out).T[cols + ["n_dd", "n_pimc"] + flags]
    return frame.astype({c: np.float64 for c in cols} | {f: bool for f in flags})


#: What each figure of :func:`~analysis.research.twoways.figures_both_ways` counts.
_UNIT = {"deals_per_game": "games", "bolts_per_100": "played deals", "stays_won": "barrel stays"}


def figure_cell(r: pd.Series, k: str, pct: bool) -> str:
    """A level (either way) with its interval; a difference signed, in points of % for a share.

    Parameters
    ----------
    r : Series
        A :func:`~analysis.research.twoways.figures_both_ways` row.
    k : {"dd", "pimc", "diff"}
        Which figure.
    pct : bool
        Whether the figure is a share (0–1).

    Returns
    -------
    str

    Examples
    --------
    >>> r = pd.Series({"diff": 0.05, "diff_low": -0.01, "diff_high": 0.11})
    >>> figure_cell(r, "diff", True)
    '+5.0 (\u22121.0 to +11.0) points of %'
    """
    if np.isnan(r[k]):
        return "no barrel stay"
    if k == "diff":
        d = fmt_num_ci(
            *((100 if pct else 1) * r[["diff", "diff_low", "diff_high"]].to_numpy(float)), signed=True
        )
        return d + (" points of %" if pct else "")
    if pct:
        return fmt_ci(r[k], r[f"{k}_low"], r[f"{k}_high"])
    return fmt_num_ci(r[k], r[f"{k}_low"], r[f"{k}_high"])


def interval_kind(r: pd.Series) -> str:
    """What a figure's intervals are, from the flags of :func:`~analysis.research.twoways.figures_both_ways`.

    Parameters
    ----------
    r : Series
        Bool ``widened_dd``, ``widened_pimc``, ``widened_diff``.

    Returns
    -------
    str

    Examples
    --------
    >>> interval_kind(pd.Series({"widened_dd": True, "widened_pimc": False, "widened_diff": True}))
    'widened 95 % intervals for DD and DD − OI, else 95 %'
    """
    flags = r[["widened_dd", "widened_pimc", "widened_diff"]].astype(bool)
    if flags.all():
        return "widened 95 % intervals"
    if not flags.any():
        return "95 % intervals"
    return (
        "widened 95 % intervals for "
        + and_list(
            {"widened_dd": "DD", "widened_pimc": "OI", "widened_diff": "DD − OI"}[k]
            for k in flags[flags].index
        )
        + ", else 95 %"
    )


def both_ways_rows(both: dict, rules: dict) -> list[dict]:
    """Each figure both ways and the paired difference, one row per rule set and figure.

    Parameters
    ----------
    both : dict
        Rule set -> :func:`~analysis.research.twoways.figures_both_ways`.
    rules : dict
        Rule set -> its :class:`~analysis.rules.Rules` (bolts only where
        it has them).

    Returns
    -------
    list of dict
        Rows with "rules", "figure" and the three cells with their counts.
    """
    rows = []
    for n, f in both.items():
        for fig, r in f.iterrows():
            if fig == "bolts_per_100" and not rules[n].has_bolts:
                continue
            pct = fig == "stays_won"
            rows.append(
                {
                    "rules": n,
                    "figure": f"{FIGURES[fig]} ({interval_kind(r)})",
                    "double-dummy": figure_cell(r, "dd", pct),
                    "own information": figure_cell(r, "pimc", pct),
                    "DD − OI (paired)": "no barrel stay both ways"
                    if np.isnan(r["diff"])
                    else figure_cell(r, "diff", pct),
                    "n (DD; OI)": f"{int(r['n_dd']):,}; {int(r['n_pimc']):,} {_UNIT[fig]}",
                }
            )
    return rows
