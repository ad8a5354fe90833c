"""Paired club games under the declarer's criterion and under the objective
it replaced, double- and single-dummy (docs/SINGLE_DUMMY.md, section 6).

Four arms on the same seed (the same dealers and deal streams, common random
numbers), from the reference pools (``club`` and ``club-sd``):

- ``dd before``: the double-dummy declarer as he decided before the shared
  criterion: the highest contract he makes; a lost contract played, written
  off or redealt by his change minus the mean of his opponents';
- ``dd after``: :func:`analysis.single_dummy.choose_contract` on his one world;
- ``sd before``: the single-dummy declarer counting his own change only
  (:func:`analysis.single_dummy.decide_contract` on his values; a gift
  redeal when that change is below 0);
- ``sd after``: :func:`analysis.single_dummy.choose_contract` on his worlds.

Prints, per arm, the write-off share (write-offs per played deal), the share
of contracts made (per played deal not written off) and deals per game, with
95 % intervals over games (ratio estimators, games as clusters), the paired
difference after - before, and the distinct pool deals behind the played
rows.  Usage: ``python benchmarks/paired_objective.py [GAMES] [SEED] [SD_POOL]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from analysis import reference
from analysis.game import ThresholdPolicy, simulate
from analysis.game import declare as declare_mod
from analysis.game.pools import PoolSource, SDPoolSource
from analysis.rules import Rules
from analysis.single_dummy import decide_contract
from analysis.single_dummy.batch import playing_rules
from analysis.single_dummy.objective import Choice, choose_contract
from analysis.single_dummy.objective import table_metric as _metric

assert _metric  # the criterion's metric, named for the reader


def before_dd(worlds, bid, rules, state, *, declarer, cap, may_write_off, may_redeal, four_marriages=-1):
    """The double-dummy declarer's rule before the shared criterion."""
    v = int(np.asarray(worlds).reshape(-1, 5)[0, 0])
    if v >= bid:
        return Choice(max(bid, min(int(cap), 5 * (v // 5))), False, False, 0.0)
    return choose_contract(
        worlds,
        bid,
        rules,
        state,
        declarer=declarer,
        cap=bid,
        may_write_off=may_write_off,
        may_redeal=may_redeal,
        four_marriages=four_marriages,
    )


def before_sd(worlds, bid, rules, state, *, declarer, cap, may_write_off, may_redeal, four_marriages=-1):
    """The single-dummy declarer's rule before: his own change only."""
    from analysis.odds.delta import relative_delta
    from analysis.scoring import write_off_payment

    est = np.asarray(worlds).reshape(-1, 5)[:, 0]
    first = state.first_hand == declarer
    c, wo = decide_contract(est, bid, rules, first_hand=first, cap=cap)
    if wo and not (may_write_off and (state.barrel[declarer] < 0 or rules.write_off_on_barrel)):
        c, _ = decide_contract(est, bid, playing_rules(rules), first_hand=first, cap=cap)
        wo = False
    if wo:
        change = -c - write_off_payment(rules, int(c))
    else:
        d, _ = relative_delta(rules, np.array([c]), est, first_hand=first, write_off=False)
        change = float(d.mean())
    return Choice(int(c), bool(wo), bool(may_redeal and change < 0), float(change))


def _share(num: np.ndarray, den: np.ndarray):
    """Ratio of sums over games and its 95 % interval (games as clusters)."""
    r = num.sum() / den.sum()
    n = len(num)
    z = num - r * den
    se = np.sqrt(z.var(ddof=1) / n) / den.mean()
    return r, r - 1.96 * se, r + 1.96 * se


def _per_game(g):
    played = ~g["redealt"] & (g["declarer"] >= 0) & (g["contract"] >= 0)
    made = (
        played
        & ~g["written_off"]
        & (g.apply(lambda x: x[f"raw{int(x.declarer)}"] >= x.contract if x.declarer >= 0 else False, axis=1))
    )
    by = g.assign(played=played, wo=g["written_off"] & played, made=made, kept=played & ~g["written_off"])
    return by.groupby("game_id")[["played", "wo", "made", "kept"]].sum(), by.groupby("game_id").size()


def main(games: int = 300, seed: int = 1, sd_path: str | None = None) -> None:
    club = Rules.profile("club")
    policy = ThresholdPolicy()
    # a pool whose every row holds its play (e.g. club-sd as first built, in
    # schema 1) spares the replays of rows written off at the pool's table
    sd_pool = SDPoolSource(sd_path or reference.sd_pool_for(club).sd_path, club)
    dd_pool = PoolSource(reference.pool_for(club).solutions_path, club)
    arms = {
        "dd before": (before_dd, dd_pool, "dd"),
        "dd after": (choose_contract, dd_pool, "dd"),
        "sd before": (before_sd, sd_pool, "pimc"),
        "sd after": (choose_contract, sd_pool, "pimc"),
    }
    out = {}
    for name, (rule, pool, kind) in arms.items():
        declare_mod.choose_contract = rule
        t = time.process_time()
        out[name] = simulate(club, games, seed, policy, pool=pool, outcomes=kind)
        print(f"{name}: {games} games in {time.process_time() - t:.0f} s CPU", flush=True)
    declare_mod.choose_contract = choose_contract
    print(f"\nclub, {games} paired games a arm, seed {seed}; 95 % intervals over games")
    print(
        f"{'arm':10} {'write-off share':>26} {'made share':>26} {'deals/game':>20} "
        f"{'played':>7} {'distinct deals':>15}"
    )
    stats = {}
    for name, g in out.items():
        pg, size = _per_game(g)
        wo = _share(pg["wo"].to_numpy(float), pg["played"].to_numpy(float))
        made = _share(pg["made"].to_numpy(float), pg["kept"].to_numpy(float))
        dpg = size.to_numpy(float)
        dm, dse = dpg.mean(), dpg.std(ddof=1) / np.sqrt(len(dpg))
        distinct = g.loc[~g["redealt"] & (g["declarer"] >= 0), "pool_deal"].nunique()
        stats[name] = (pg, size)
        print(
            f"{name:10} {wo[0]:8.2%} [{wo[1]:6.2%}, {wo[2]:6.2%}]"
            f" {made[0]:8.2%} [{made[1]:6.2%}, {made[2]:6.2%}]"
            f" {dm:7.2f} [{dm - 1.96 * dse:5.2f}, {dm + 1.96 * dse:5.2f}]"
            f" {int(pg['played'].sum()):7d} {distinct:15d}"
        )
    for kind in ("dd", "sd"):
        (a, _), (b, _) = stats[f"{kind} before"], stats[f"{kind} after"]
        da = a["wo"].to_numpy(float) / np.maximum(a["played"].to_numpy(float), 1)
        db = b["wo"].to_numpy(float) / np.maximum(b["played"].to_numpy(float), 1)
        d = db - da
        se = d.std(ddof=1) / np.sqrt(len(d))
        print(
            f"{kind}: paired difference of the per-game write-off share, after - before: "
            f"{d.mean():+.2%} [{d.mean() - 1.96 * se:+.2%}, {d.mean() + 1.96 * se:+.2%}]"
        )
    print(
        f"single-dummy rows whose worlds were drawn again (sd schema 1 pool): {sd_pool.redrawn}; "
        f"rows written off in the pool played again: {sd_pool.replays}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]), *sys.argv[3:4])
