"""Where the shipped equity model is thin: calibration by kind of state on fresh games.

Reads the double-dummy games' models (``equity_<profile>.json``).
Simulates ``GAMES`` games the shipped model never saw (threshold policy,
double-dummy outcomes from the reference pool, seed ``SEED``, another than
the fit's 36), replays them into table states
(:func:`analysis.equity.states.game_states`) and, per kind of (state,
player) pair, prints how many pairs and games there are, the mean chance
the model and the scores-only baseline give those players, the share who
won with its 95 % interval (games as clusters: a game's states share its
winner), and the model's mean Brier term on those pairs.  The kinds are the
ones docs/EQUITY.md, "Known weaknesses", names: a sitter on his first and
on his last attempt, an opponent on the barrel, two failed stays, one bolt
from the penalty, deep in the minus, a chance above 0.6.

Also prints, for the profiles with a 555 reset, the largest fall of a
player's chance as his own score rises on a 5-point grid (the bumps the
fit leaves free), and for the others the smallest step of the chance when
he reaches the barrel (at the threshold he is read as a new sitter).

Usage: ``python benchmarks/equity_weak_spots.py [--rules club] [--games 2000] [--seed 1036]``.
Figures of 2026-12-03 in docs/EQUITY.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from analysis import reference
from analysis.equity import default_model, equity_curve
from analysis.equity.states import game_states
from analysis.game import PoolSource, simulate
from analysis.rules import PROFILES
from analysis.scoring import TableState

_Z = 1.959963984540054


def _cluster_share(won, groups):
    """Mean of ``won`` with a 95 % normal interval, ``groups`` as clusters."""
    _, inv = np.unique(groups, return_inverse=True)
    g, n, m = inv.max() + 1, len(won), won.mean()
    s = np.bincount(inv, weights=won - m, minlength=g)
    se = np.sqrt(g / max(g - 1, 1) * (s**2).sum()) / n
    return m, m - _Z * se, m + _Z * se


def kinds(rules, st, p):
    """Boolean masks of shape (n, 3) of the (state, player) pairs of each kind."""
    bar, t = st["barrel"], rules.barrel_threshold
    sit = bar >= 0
    opp_sit = np.roll(sit, -1, axis=1) | np.roll(sit, -2, axis=1)
    nobody = (~sit).all(axis=1, keepdims=True) & np.ones((1, 3), dtype=bool)
    out = {
        "every pair": np.ones_like(sit),
        "nobody on the barrel": nobody,
        "sitter, first attempt": bar == 0,
        "sitter, last attempt": bar == rules.barrel_attempts - 1,
        "an opponent on the barrel": opp_sit & ~sit,
        "within 100 of the barrel": ~sit & (st["scores"] >= t - 100),
        "deep in the minus (< -200)": st["scores"] < -200,
        "two failed stays": st["failed_stays"] == 2,
        "chance above 0.6": p > 0.6,
    }
    if rules.has_bolts:
        out["one bolt from the penalty"] = st["bolts"] == rules.bolt_count - 1
    return out


def calibration(name: str, games: int, seed: int) -> None:
    rules = PROFILES[name]
    m = default_model(rules, "dd")  # double-dummy games: the double-dummy games' model
    src = PoolSource(reference.pool_for(rules).solutions_path, rules)
    t0 = time.process_time()
    g = simulate(rules, games, seed=seed, pool=src)
    st = game_states(rules, g)
    p, pb = m.chances(st), m.chances(st, baseline=True)
    y = np.zeros_like(p)
    y[np.arange(len(st["winner"])), st["winner"]] = 1.0
    gid = np.repeat(st["game_id"][:, None], 3, axis=1)
    print(
        f"\n{name}: {games:,} fresh games (seed {seed}), {len(st['winner']):,} states, "
        f"{time.process_time() - t0:.0f} s CPU"
    )
    print(f"  {'kind':<30} {'pairs':>7} {'games':>6}  model  baseline  won  [95% games]    Brier term")
    for kind, mask in kinds(rules, st, p).items():
        if not mask.any():
            print(f"  {kind:<30} {0:>7}")
            continue
        won, lo, hi = _cluster_share(y[mask], gid[mask])
        br = ((p[mask] - y[mask]) ** 2).mean()
        print(
            f"  {kind:<30} {int(mask.sum()):>7,} {len(np.unique(gid[mask])):>6,}  {p[mask].mean():.3f}  "
            f"{pb[mask].mean():.3f}     {won:.3f} [{lo:.3f}, {hi:.3f}]   {br:.4f}"
        )


def shape(name: str) -> None:
    rules = PROFILES[name]
    t = rules.barrel_threshold
    resets = {"none": (), "positive": (555,), "both": (555, -555)}[rules.reset_555]
    grid = np.array([s for s in np.arange(-600.0, t + 1, 5.0) if s not in resets])
    worst, arrive = 0.0, []
    for others in ((0.0, 0.0), (300.0, 500.0), (-200.0, 700.0), (600.0, 860.0)):
        for dealer in range(3):
            for player in range(3):
                sc = list(others)
                sc.insert(player, 0.0)
                st = TableState(scores=sc, dealer=dealer)
                w, _, _ = equity_curve(rules, st, player, grid, outcomes="dd")
                d = np.diff(w)
                worst = min(worst, float(d[:-1].min()))
                arrive.append(float(d[-1]))
    print(
        f"{name}: largest fall of a player's chance as his score rises (below {t}): {-worst:.4f}; "
        f"step on reaching {t}: {min(arrive):+.4f} to {max(arrive):+.4f}"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="club", help="a profile or all (default club)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1036)
    args = ap.parse_args(argv)
    names = list(PROFILES) if args.rules == "all" else [args.rules]
    for name in names:
        shape(name)
    for name in names:
        calibration(name, args.games, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
