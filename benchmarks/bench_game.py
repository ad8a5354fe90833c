"""Benchmark: complete games per second per core, outcomes from a solutions pool
and solved on the fly, measured side by side in one run.

Usage::

    .venv/bin/python benchmarks/bench_game.py [--pool data/solutions] [--games 400]
                                              [--fly-games 3] [--rules club]

Without ``--pool`` a pool of ``--pool-deals`` deals is dealt and solved
first (all three seats) in a temporary folder.  Rates are per core: CPU
time of this single process (``time.process_time``), so other load on the
machine inflates the wall time but not the rate; the wall-clock rate is
printed beside it.  Machine-independent counts: deals (rows) per game,
played deals per game (one solver call each on the fly), pool repeats.
Target: at least 300 complete games per second per core with a
pool.

``--compare-games N`` (default 2,000; 0 skips it) also times ``thousand
compare`` of two rule sets (``--rules`` and it with one barrel seat) on N
paired games from the reference pool against the two ``thousand simulate``
jobs of the same games (datasets written in both, one process each):
target at most 1.2x.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.game import ThresholdPolicy, simulate  # noqa: E402
from analysis.game.pools import PoolSource  # noqa: E402
from analysis.rules import load_rules  # noqa: E402


def _estimator(pool_path, rules):
    """The package's default BidModel, else one fitted on the pool (said so)."""
    from analysis.game import load_estimator

    try:
        return load_estimator("default"), "default BidModel"
    except ValueError:
        from analysis import dataset
        from analysis.odds.model import BidModel

        return BidModel.fit(dataset.load(pool_path)), "BidModel fitted on the pool"


def _run(rules, n, seed, policy, pool):
    t0, w0 = time.process_time(), time.perf_counter()
    g = simulate(rules, n, seed, policy, pool=pool)
    return g, time.process_time() - t0, time.perf_counter() - w0


def _compare_vs_simulate(rules, n: int, seed: int) -> None:
    """Two rule sets x n paired games: compare against the two simulate jobs."""
    from analysis import reference
    from analysis.comparison import compare
    from analysis.jobs.games import run_games

    variant = rules.with_changes(barrel_seats=1 if rules.barrel_seats == 2 else 2)
    pool = reference.pool_for(rules)
    if pool is None:
        print(f"compare: no reference pool serves {rules.name}; skipped")
        return
    policy = ThresholdPolicy()
    with tempfile.TemporaryDirectory() as tmp:
        # warm-up of both: pools read, policy limits computed, code loaded
        kw = dict(workers=1, policy=policy, outcomes="dd")  # against the double-dummy simulate jobs
        compare([rules, variant], games=20, seed=seed + 99, out=f"{tmp}/warm", **kw)
        for i, r in enumerate((rules, variant)):
            run_games(f"{tmp}/warm{i}", 20, seed + 99, r, policy, pool=pool.solutions_path, workers=1)
        t0 = time.process_time()
        for i, r in enumerate((rules, variant)):
            path = pool.solutions_path
            run_games(f"{tmp}/sim{i}", n, seed, r, policy, pool=path, workers=1, progress=False)
        t_sim = time.process_time() - t0
        t0 = time.process_time()
        c = compare([rules, variant], games=n, seed=seed, out=f"{tmp}/cmp", **kw)
        t_cmp = time.process_time() - t0
    d = c.table.set_index(["metric", "rules"]).loc[("deals_per_game", variant.name)]
    print(
        f"compare:     {rules.name} vs {variant.name}, {n:,} paired games each: "
        f"{t_cmp:.1f} s CPU; the two simulate jobs {t_sim:.1f} s CPU; ratio {t_cmp / t_sim:.2f}x "
        f"(target <= 1.2x: {'met' if t_cmp <= 1.2 * t_sim else 'NOT met'}); "
        f"deals per game {d['diff']:+.2f} [{d['diff_low']:+.2f}, {d['diff_high']:+.2f}] paired, "
        f"[{d['unpaired_low']:+.2f}, {d['unpaired_high']:+.2f}] unpaired"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pool", default=None, help="solutions dataset (all three seats)")
    ap.add_argument(
        "--pool-deals",
        type=int,
        default=150,
        help="deals to solve for a temporary pool when --pool is absent",
    )
    ap.add_argument("--games", type=int, default=400, help="games with the pool")
    ap.add_argument("--fly-games", type=int, default=3, help="games solved on the fly")
    ap.add_argument("--rules", default="club")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--compare-games",
        type=int,
        default=2000,
        help="paired games of the compare measurement (0 skips it)",
    )
    a = ap.parse_args(argv)
    rules = load_rules(a.rules)
    if a.compare_games:
        _compare_vs_simulate(rules, a.compare_games, a.seed)
    tmp = None
    if a.pool is None:
        from analysis.jobs.deals import run_deal
        from analysis.jobs.solutions import run_solve

        tmp = tempfile.TemporaryDirectory()
        root = Path(tmp.name)
        t = time.perf_counter()
        run_deal(root / "deals", a.pool_deals, a.seed, rules, workers=1, progress=False)
        run_solve(root / "deals", root / "sol", rules, workers=1, progress=False)
        a.pool = root / "sol"
        print(f"solved a pool of {a.pool_deals} deals x 3 seats in {time.perf_counter() - t:.1f} s (wall)")
    est, est_name = _estimator(a.pool, rules)
    policy = ThresholdPolicy(estimator=est)
    source = PoolSource(a.pool, rules)
    t = time.process_time()
    source.limits(policy)
    t_lim = time.process_time() - t
    simulate(rules, 3, a.seed + 99, policy, pool=source)  # warm-up
    g, cpu, wall = _run(rules, a.games, a.seed, policy, source)
    played = (~g.redealt).sum()
    pool_rate = a.games / cpu
    print(
        f"rules {rules.name}, estimator: {est_name}, pool of {source.size:,} deals "
        f"(policy limits for the whole pool: {t_lim:.2f} s CPU, once)"
    )
    print(
        f"pool:        {a.games} games, {len(g) / a.games:.1f} deals/game "
        f"({played / a.games:.1f} played), {pool_rate:,.0f} games/s/core CPU "
        f"({a.games / wall:,.0f} wall), {1e6 * cpu / len(g):.0f} us CPU per deal; "
        f"target >= 300 games/s/core: {'met' if pool_rate >= 300 else 'NOT met'}"
    )
    gf, cpu_f, wall_f = _run(rules, a.fly_games, a.seed, policy, None)
    played_f = (~gf.redealt).sum()
    fly_rate = a.fly_games / cpu_f
    print(
        f"on the fly:  {a.fly_games} games, {len(gf) / a.fly_games:.1f} deals/game "
        f"({played_f / a.fly_games:.1f} played = solver calls), {fly_rate:.3f} games/s/core "
        f"CPU ({a.fly_games / wall_f:.3f} wall), {1e3 * cpu_f / max(played_f, 1):.0f} ms CPU "
        f"per solved deal"
    )
    print(f"ratio pool / on the fly (games per CPU second): {pool_rate / fly_rate:,.0f}")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
