"""Paired whole games: player 0 going dark when behind, against never going dark.

Both arms play the same game ids from the same seed on the rules' reference
pool (double-dummy outcomes, dark deals solved after their blind gift,
:mod:`analysis.game.dark`); the only difference is player 0's
``ThresholdPolicy(dark_behind=X, dark_players=(0,))``.  The figure is
player 0's win share in each arm and their paired difference (mean of the
per-game differences, 95 % normal interval), with the dark deals he played
and how many he made.  The games of one id stay identical until his first
dark deal, so the pairing removes most of the games' variance.

Usage::

    python benchmarks/dark_policy_games.py --rules book --behind 200 400 600 --games 300
    python benchmarks/dark_policy_games.py --rules wiki --set dark_play=wiki --behind 200 400 --games 300
"""

from __future__ import annotations

import argparse
import math

from analysis.game import ThresholdPolicy, simulate
from analysis.reference import pool_for
from analysis.rules import load_rules


def paired(rules, behind: int, games: int, seed: int) -> dict:
    """Player 0's win share with and without going dark, and the paired difference."""
    pool = pool_for(rules)
    arms = {}
    for name, pol in (
        ("never", ThresholdPolicy()),
        ("dark", ThresholdPolicy(dark_behind=behind, dark_players=(0,))),
    ):
        g = simulate(rules, games, seed=seed, policy=pol, pool=pool.solutions_path)
        win = g.groupby("game_id")["winner"].max().reindex(range(games)).to_numpy()
        ev = g["event"].fillna("")
        arms[name] = dict(
            win0=(win == 0).astype(float),
            dark_deals=int(ev.str.contains("dark_made:0|dark_failed:0").sum()),
            dark_made=int(ev.str.contains("dark_made:0").sum()),
            deals=len(g),
        )
    d = arms["dark"]["win0"] - arms["never"]["win0"]
    se = d.std(ddof=1) / math.sqrt(games)
    return {
        "rules": rules.name,
        "behind": behind,
        "games": games,
        "win0_never": float(arms["never"]["win0"].mean()),
        "win0_dark": float(arms["dark"]["win0"].mean()),
        "diff": float(d.mean()),
        "diff_low": float(d.mean() - 1.96 * se),
        "diff_high": float(d.mean() + 1.96 * se),
        "dark_deals": arms["dark"]["dark_deals"],
        "dark_made": arms["dark"]["dark_made"],
        "deals_never": arms["never"]["deals"],
        "deals_dark": arms["dark"]["deals"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="book")
    ap.add_argument("--behind", type=int, nargs="+", default=[300])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--set", nargs="*", default=[], help="field=value changes to the rules")
    a = ap.parse_args()
    rules = load_rules(a.rules).with_changes(*a.set)
    for b in a.behind:
        r = paired(rules, b, a.games, a.seed)
        print(r, flush=True)


if __name__ == "__main__":
    main()
