"""Benchmark of game equity.

Prints, per profile:

1. the time of one ``win_chances`` and one ``win_interval`` call (one
   state, the shipped model already loaded), CPU microseconds per call over
   many calls, and the vectorised ``EquityModel.chances`` per state on a
   batch of 10,000 states, side by side;
2. the two kinds of shipped model side by side (fitted on double-dummy
   games, ``equity_<p>.json``, and on own-information games,
   ``equity_<p>_pimc.json``, where shipped): games, states, the pool the
   deals were drawn from and, where the file records it, how many draws
   repeated a deal; then per model the held-out calibration the file
   records (Brier score and log loss of the model and the scores-only
   baseline, the gain with its cluster-robust standard error, and the
   reliability table);
3. with ``--odds``: ``hand_odds`` of the README hand (1,000 samples, seed 0,
   club) without and with a table (``thousand odds --scores 860,300,500``),
   alternately ``--repeats`` times in this process, wall and CPU seconds
   and their ratio; and the equity policy's per-deal cost
   (``EquityPolicy.table_limits`` of one seat, CPU milliseconds).

The timings read the model the default resolution picks (own information
where shipped).  Usage: ``python benchmarks/bench_equity.py [--calls 2000]
[--only club] [--odds] [--repeats 3] [--games-data DIR]`` (``--games-data``:
the folder of the fits' games datasets, to count repeated draws for files
that do not record them).
Timings on a shared 2-core machine are noisy; CPU time is what is printed.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from analysis import dataset
from analysis.equity import default_model, model_choice, model_file, win_chances, win_interval
from analysis.equity.build import games_folder, pool_draws
from analysis.equity.features import state_arrays
from analysis.rules import PROFILES
from analysis.scoring import TableState


def _cpu_per_call(f, calls: int) -> float:
    f()
    c = time.process_time()
    for _ in range(calls):
        f()
    return (time.process_time() - c) / calls


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--calls", type=int, default=2000)
    p.add_argument("--only", default=None, choices=list(PROFILES))
    p.add_argument("--odds", action="store_true", help="also time thousand odds with and without --scores")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--games-data", default=None, metavar="DIR", help="the fits' games datasets (draw counts)")
    args = p.parse_args(argv)
    if args.odds:
        _odds(args.repeats)
    names = [args.only] if args.only else list(PROFILES)
    print("profile   model                    win_chances  win_interval  batch/state   (CPU microseconds)")
    for name in names:
        rules = PROFILES[name]
        m = default_model(rules)
        st = TableState(scores=(860, 300, 500), dealer=2)
        one = _cpu_per_call(lambda r=rules, s=st: win_chances(r, s), args.calls)
        itv = _cpu_per_call(lambda r=rules, s=st: win_interval(r, s), args.calls)
        rng = np.random.default_rng(0)
        n = 10_000
        arrays = state_arrays([st] * n)
        arrays["scores"] = (rng.integers(-100, rules.barrel_threshold // 5, size=(n, 3)) * 5).astype(float)
        batch = _cpu_per_call(lambda m=m, a=arrays: m.chances(a), 5) / n
        label = model_choice(rules).path.name
        print(f"{name:8s}  {label:23s}  {1e6 * one:11.1f}  {1e6 * itv:12.1f}  {1e6 * batch:11.2f}")
    kinds = [(n, k) for n in names for k in ("dd", "pimc") if model_file(n, outcomes=k).is_file()]
    print(
        "\nprofile  games                   games   states   pool     draws  repeated  "
        "Brier model  baseline  gain ± se"
    )
    for name, kind in kinds:
        m = default_model(PROFILES[name], kind)
        i, c = m.info, m.info["calibration"]
        d = i.get("draws") or _draws(args.games_data, PROFILES[name], i)
        pool = (i.get("outcomes") or {}).get("pool_size")
        print(
            f"{name:8s} {'own information' if kind == 'pimc' else 'double-dummy':22s} {i['games']:6,} "
            f"{i['states_fit'] + i['states_held_out']:8,} {pool or 0:6,} "
            + (f"{d['deals_drawn']:9,} {d['repeated_draws']:9,}" if d else f"{'-':>9} {'-':>9}")
            + f"  {c['brier_model']:.4f}       {c['brier_baseline']:.4f}    "
            f"{c['brier_gain']:.4f} ± {c['brier_gain_se']:.4f}"
        )
    for name, kind in kinds:
        m = default_model(PROFILES[name], kind)
        c = m.info["calibration"]
        print(
            f"\n{name} ({model_file(name, outcomes=kind).name}): held-out {c['states']:,} states of "
            f"{c['games']:,} games; Brier model "
            f"{c['brier_model']:.4f}, baseline {c['brier_baseline']:.4f} (constant 0.6667), gain "
            f"{c['brier_gain']:.4f} ± {c['brier_gain_se']:.4f}; log loss model "
            f"{c['log_loss_model']:.4f}, baseline {c['log_loss_baseline']:.4f}, gain "
            f"{c['log_loss_gain']:.4f} ± {c['log_loss_gain_se']:.4f}"
        )
        print("  chance bin    pairs   mean chance  won    95% interval   | baseline: mean  won")
        base = {(b["low"], b["high"]): b for b in m.info["reliability_baseline"]}
        for b in m.info["reliability_model"]:
            o = base.get((b["low"], b["high"]))
            tail = f"{o['mean_chance']:.3f} {o['won']:.3f}" if o else "-"
            print(
                f"  [{b['low']:.1f}, {b['high']:.1f})  {b['count']:7,}   {b['mean_chance']:.3f}      "
                f"{b['won']:.3f}  [{b['won_low']:.3f}, {b['won_high']:.3f}] | {tail}"
            )
    return 0


def _odds(repeats: int) -> None:
    from analysis.game.equity_policy import GRID, EquityPolicy
    from analysis.odds import hand_odds

    hand, st = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", TableState(scores=(860, 300, 500), dealer=2)
    hand_odds(hand, "club", 50, 1, progress=False)  # compile and load outside the timing
    hand_odds(hand, "club", 50, 1, progress=False, table=st, player=0)
    t = {"plain": [0.0, 0.0], "table": [0.0, 0.0]}
    for _ in range(repeats):
        for kind in ("plain", "table"):
            w, c = time.perf_counter(), time.process_time()
            kw = {"table": st, "player": 0} if kind == "table" else {}
            hand_odds(hand, "club", 1000, 0, progress=False, **kw)
            t[kind][0] += time.perf_counter() - w
            t[kind][1] += time.process_time() - c
    (pw, pc), (tw, tc) = (np.array(t[k]) / repeats for k in ("plain", "table"))
    print(
        f"thousand odds, 1,000 samples, mean of {repeats}: without --scores {pw:.2f} s wall "
        f"{pc:.2f} s CPU; with --scores {tw:.2f} s wall {tc:.2f} s CPU; ratio (CPU) {tc / pc:.2f}"
    )
    pol = EquityPolicy(estimator=object(), model=default_model("club"))
    lim = np.array([[NO + 5 * k for k in (16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 5)] + [100] * 26] * 3)
    lim = np.minimum.accumulate(lim[:, : len(GRID)], axis=1)
    per = _cpu_per_call(lambda: pol.table_limits(PROFILES["club"], st, lim), 50)
    print(f"EquityPolicy.table_limits, three equity seats of one deal: {1e3 * per:.1f} ms CPU\n")


NO = 95


def _draws(root, rules, info) -> dict | None:
    """The draw counts of a fit's games dataset under ``root``, if it is there."""
    if root is None:
        return None
    play = (info.get("outcomes") or {}).get("play") or "dd"
    folder = games_folder(root, rules, play, info.get("seed"), info["games"])
    if not Path(folder).is_dir():
        return None
    return pool_draws(dataset.read_frame(folder, "games", columns=["pool_deal"]))


if __name__ == "__main__":
    raise SystemExit(main())
