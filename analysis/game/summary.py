"""Summary of a ``games`` table: what ``thousand simulate`` prints.

Every proportion comes with a 95 % interval from
:func:`analysis.stats.proportion_ci`; rates per deal with a normal
standard error (mean ± 1.96 se).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import BadArgument
from ..stats import proportion_ci

__all__ = ["summarize", "format_summary", "players_in"]

#: Names of the positions relative to the first dealer, by table size.
POSITIONS = {
    3: ("first hand of deal 0", "second", "first dealer"),
    4: ("first hand of deal 0", "second", "third", "first dealer"),
}


def players_in(games: pd.DataFrame) -> int:
    """Players at the table of a games table: 4 when it has player 3's
    columns (``score3``; contract 9), else 3."""
    return 4 if "score3" in games.columns else 3


#: Events that end a barrel stay (scoring's event names), and "open" for a
#: stay still running when the game ended (censored).
BARREL_ENDINGS = ("win", "barrel_fall", "knocked_off", "failed_contract", "barrel_write_off", "barrel_exit")


def event_counts(events: pd.Series) -> pd.Series:
    """Count events by kind (``kind:player`` items joined by ';').

    Returns
    -------
    pandas.Series of int64 indexed by kind
    """
    items = events[events != ""].str.split(";").explode()
    if items.empty:
        return pd.Series(dtype=np.int64)
    return items.str.split(":").str[0].value_counts()


def _arrivals_knocked_off(g: pd.DataFrame) -> int:
    """Knock-offs of players who were not sitting before the deal: arrivals
    left without a seat (``knocked_off:p`` without ``barrel_enter:p``)."""
    g = g.sort_values(["game_id", "deal_no"], kind="stable")
    n = 0
    for p in range(players_in(g)):
        hit = g.event.str.contains(f"knocked_off:{p}", regex=False).to_numpy()
        if not hit.any():
            continue
        before = g.groupby("game_id")[f"barrel{p}"].shift(1, fill_value=-1).to_numpy()
        n += int(np.count_nonzero(hit & (before < 0)))
    return n


def _ci_row(k: int, n: int) -> dict:
    lo, hi = proportion_ci(k, n) if n > 0 else (np.nan, np.nan)
    return {"count": int(k), "of": int(n), "share": k / n if n else np.nan, "ci_low": lo, "ci_high": hi}


def summarize(games: pd.DataFrame) -> dict:
    """Headline numbers of a games table.

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` or a ``games`` dataset.

    Returns
    -------
    dict
        ``games`` (int), ``finished`` (games with a winner), ``deals`` (rows),
        ``deals_per_game`` (mean, se), ``redeal_share``, ``wins`` (DataFrame
        by player 0..2, or 0..3 at a table of four, and by position relative
        to the first dealer, with intervals), ``bolts_per_100`` (mean, se,
        per 100 played deals, all players), ``bolt_penalties``, ``barrel_entries`` (count and per
        game), ``barrel_arrivals_knocked_off`` (arrivals knocked off at once
        for want of a seat, ``barrel_arrivals='seats'``; not stays),
        ``barrel_outcomes`` (DataFrame: stays by ending, shares with
        intervals; ``open`` = still sitting when the game ended),
        ``declarer`` (mean bid and contract, success share with interval,
        ``write_offs`` and ``crossings`` per played deal with intervals: a
        crossing, event ``crossed:N`` (``rules.crossing``, wiki «крещусь»),
        is a give-up scored apart and not counted as a write-off; gift
        redeals), ``pool_repeat_share`` (played deals whose
        pool deal was already drawn earlier in the table; NaN on the fly).

    Raises
    ------
    ValueError
        On an empty table.
    """
    if games.empty:
        raise BadArgument("the games table is empty")
    g = games
    per_game = g.groupby("game_id").size()
    last = g.groupby("game_id").tail(1)
    n_games = len(per_game)
    winners = last.winner.to_numpy()
    finished = winners >= 0
    first_dealer = g.groupby("game_id").dealer.first().reindex(last.game_id).to_numpy()
    rows = []
    n = players_in(g)
    for p in range(n):
        rows.append({"by": "player", "who": p, **_ci_row(int((winners == p).sum()), int(finished.sum()))})
    rel = (winners - first_dealer - 1) % n
    for p, name in enumerate(POSITIONS[n]):
        rows.append(
            {
                "by": "position",
                "who": name,
                **_ci_row(int(((rel == p) & finished).sum()), int(finished.sum())),
            }
        )
    played = g[~g.redealt]
    n_played = len(played)
    bolts = played[[f"bolt{p}" for p in range(n)]].sum(axis=1).to_numpy(np.float64)
    ev = event_counts(g.event)
    entries = int(ev.get("barrel_enter", 0))
    endings = {k: int(ev.get(k, 0)) for k in BARREL_ENDINGS}
    # an arrival with no seat left is knocked off at once (barrel_arrivals=
    # 'seats'): a knock-off without a stay, so not a stay's ending
    arrivals_off = _arrivals_knocked_off(g)
    endings["knocked_off"] -= arrivals_off
    endings["win"] -= int(ev.get("four_marriages", 0))  # book: not a barrel ending
    sit = last[[f"barrel{p}" for p in range(n)]].to_numpy() >= 0
    sit[np.flatnonzero(finished), winners[finished]] = False  # the winner's stay ended
    open_stays = int(sit.sum())
    endings["open"] = max(open_stays, 0)
    total_stays = sum(endings.values())
    outcomes = (
        pd.DataFrame([{"ending": k, **_ci_row(v, total_stays)} for k, v in endings.items()])
        if total_stays
        else pd.DataFrame()
    )
    real = played[~played.written_off & (played.value >= 0)]
    # a give-up is a crossing where the rules allow one (event crossed:N,
    # rules.crossing), else a write-off: the two are scored apart
    crossed = played.written_off & played.event.fillna("").str.contains("crossed:", regex=False)
    n_crossed = int(crossed.sum())
    made = int((real.value >= real.contract).sum())
    pool = g.pool_deal.to_numpy() if "pool_deal" in g else np.full(len(g), -1)
    pool_played = pool[(~g.redealt.to_numpy()) & (pool >= 0)]
    repeat = (1 - np.unique(pool_played).size / pool_played.size) if pool_played.size else np.nan
    return {
        "games": n_games,
        "finished": int(finished.sum()),
        "deals": len(g),
        "deals_per_game": (
            float(per_game.mean()),
            float(per_game.std(ddof=1) / np.sqrt(n_games)) if n_games > 1 else np.nan,
        ),
        "redeal_share": _ci_row(int(g.redealt.sum()), len(g)),
        "wins": pd.DataFrame(rows),
        "bolts_per_100": (
            100 * float(bolts.mean()) if n_played else np.nan,
            100 * float(bolts.std(ddof=1) / np.sqrt(n_played)) if n_played > 1 else np.nan,
        ),
        "bolt_penalties": int(ev.get("bolt_penalty", 0)),
        "barrel_entries": (entries, entries / n_games),
        "barrel_arrivals_knocked_off": arrivals_off,
        "barrel_outcomes": outcomes,
        "declarer": {
            "mean_bid": float(played.bid.mean()) if n_played else np.nan,
            "mean_contract": float(played.contract.mean()) if n_played else np.nan,
            "made": _ci_row(made, len(real)),
            "write_offs": _ci_row(int(played.written_off.sum()) - n_crossed, n_played),
            "crossings": _ci_row(n_crossed, n_played),
            "gift_redeals": int(g.gift_redeal.sum()) if "gift_redeal" in g else 0,
        },
        "pool_repeat_share": repeat,
    }


def _fmt_ci(r: dict) -> str:
    if not r["of"]:
        return "n/a"
    return f"{100 * r['share']:5.1f} % [{100 * r['ci_low']:.1f}, {100 * r['ci_high']:.1f}]"


def format_summary(s: dict) -> str:
    """Readable text of :func:`summarize` (95 % intervals in brackets)."""
    m, se = s["deals_per_game"]
    lines = [
        f"games {s['games']:,} ({s['finished']:,} finished), deals {s['deals']:,}: "
        f"{m:.1f} ± {1.96 * se if se == se else 0:.1f} per game; "
        f"redealt {_fmt_ci(s['redeal_share'])}"
    ]
    w = s["wins"]
    lines.append(
        "wins by player:   "
        + "; ".join(f"{r.who}: {_fmt_ci(r._asdict())}" for r in w[w.by == "player"].itertuples())
    )
    lines.append(
        "wins by position: "
        + "; ".join(f"{r.who}: {_fmt_ci(r._asdict())}" for r in w[w.by == "position"].itertuples())
    )
    b, bse = s["bolts_per_100"]
    lines.append(
        f"bolts per 100 played deals: {b:.2f} ± {1.96 * bse if bse == bse else 0:.2f}; "
        f"bolt penalties {s['bolt_penalties']}"
    )
    e, epg = s["barrel_entries"]
    lines.append(
        f"barrel entries {e:,} ({epg:.2f} per game); arrivals knocked off "
        f"without a seat {s.get('barrel_arrivals_knocked_off', 0):,}"
    )
    if len(s["barrel_outcomes"]):
        lines.append(
            "barrel stays ending by: "
            + "; ".join(f"{r.ending} {_fmt_ci(r._asdict())}" for r in s["barrel_outcomes"].itertuples())
        )
    d = s["declarer"]
    lines.append(
        f"declarer: mean bid {d['mean_bid']:.1f}, mean contract "
        f"{d['mean_contract']:.1f}, made {_fmt_ci(d['made'])}, written off "
        f"{_fmt_ci(d['write_offs'])}, gift redeals {d['gift_redeals']}"
    )
    if d.get("crossings", {}).get("count"):
        lines.append(f"crossings (give-ups scored as «крещусь», not write-offs): {_fmt_ci(d['crossings'])}")
    if s["pool_repeat_share"] == s["pool_repeat_share"]:
        lines.append(f"pool draws repeating an earlier draw: {100 * s['pool_repeat_share']:.1f} %")
    return "\n".join(lines)
