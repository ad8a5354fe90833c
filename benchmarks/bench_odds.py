"""Benchmark of the bidding odds.

Prints

1. seconds per ``thousand odds HAND --samples M`` call (in-process, after a
   warm-up call that pays numba's compilation, reported separately), with
   the CPU time per solved deal, and the same call with ``--workers`` set to
   every core (wall seconds and the ratio);
2. ``BidModel.p_make`` throughput (hands per CPU second);
3. the shipped BidModel's calibration on the held-out sample chunks
   (``python -m analysis.odds.build``; chunks 4 mod 5): Brier score per
   contract beside the card-points-only baseline, and a reliability table;
4. agreement with per-hand Monte Carlo odds: for held-out hands, the odds
   from ``--mc-samples`` random completions each, against both models
   (mean squared difference and a reliability table).

Usage: ``python benchmarks/bench_odds.py [--samples 1000] [--hands 20] [--mc-samples 50]``.
Timings on a shared 2-core machine are noisy; CPU seconds are printed
beside wall seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.cli import main as cli
from analysis.odds import BidModel
from analysis.odds.build import read_samples, write_chunks
from analysis.odds.sample import solutions_long, solve_values
from analysis.parallel import default_workers

HAND = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"


def _timed(f):
    w, c = time.perf_counter(), time.process_time()
    out = f()
    return out, time.perf_counter() - w, time.process_time() - c


def bench_cli(samples: int) -> None:
    print(f"== thousand odds \"{HAND}\" --samples {samples} (in-process) ==")
    with contextlib.redirect_stdout(io.StringIO()):
        _, w0, c0 = _timed(lambda: cli(["odds", HAND, "--samples", "5", "--seed", "99",
                                        "--no-progress"]))
        _, w, c = _timed(lambda: cli(["odds", HAND, "--samples", str(samples),
                                      "--no-progress"]))
    print(f"warm-up call (5 samples, includes numba compilation): {w0:.1f} s wall, "
          f"{c0:.1f} s CPU")
    print(f"{samples} samples: {w:.1f} s wall, {c:.1f} s CPU "
          f"({1000 * c / samples:.1f} ms CPU per deal); target < 10 s on one core")
    print(f"wall/CPU ratio {w / max(c, 1e-9):.2f} (above 1: the machine is shared)")
    k = default_workers()
    if k > 1:
        with contextlib.redirect_stdout(io.StringIO()):
            _, wk, _ = _timed(lambda: cli(["odds", HAND, "--samples", str(samples),
                                           "--workers", str(k), "--no-progress"]))
        print(f"{samples} samples, --workers {k}: {wk:.1f} s wall, {w / wk:.2f}x the "
              f"one-process call (each worker starts Python and loads numba's code)")
    print()


def bench_throughput(model: BidModel) -> None:
    from analysis.deal import chunk_rng, deal
    h = deal(chunk_rng(0, 0), 1_000_000)[:, 0]
    model.p_make(h[:10], 0, 120)
    _, w, c = _timed(lambda: model.p_make(h, 0, 120))
    print(f"== BidModel.p_make on 10^6 hands: {w:.2f} s wall, {c:.2f} s CPU: "
          f"{1e6 / max(c, 1e-9):,.0f} hands per CPU second (need >= 10^5) ==\n")


def reliability(p: np.ndarray, y: np.ndarray, bins=10) -> pd.DataFrame:
    """Mean prediction and observed frequency per bin of predicted probability."""
    edges = np.linspace(0, 1, bins + 1)
    b = np.clip(np.digitize(p, edges) - 1, 0, bins - 1)
    df = pd.DataFrame({"bin": b, "p": p, "y": y})
    g = df.groupby("bin").agg(n=("y", "size"), predicted=("p", "mean"), observed=("y", "mean"))
    g.index = [f"{edges[i]:.1f}-{edges[i + 1]:.1f}" for i in g.index]
    return g.round(3)


def bench_calibration(model, base, test, contracts) -> None:
    f = solutions_long(test)
    f = f[~f.redeal_forced.to_numpy(bool)]
    h, s, v = f.hand.to_numpy(np.uint32), f.seat.to_numpy(), f.value.to_numpy()
    print(f"== held-out Brier score: {len(f)} (deal, seat) rows, "
          f"{f.deal_id.nunique()} deals ==")
    rows, pm_all, y_all = [], [], []
    for c in contracts:
        y = (v >= c).astype(float)
        pm, pb = model.p_make(h, s, c), base.p_make(h, s, c)
        rows.append((c, y.mean(), np.mean((pm - y) ** 2), np.mean((pb - y) ** 2)))
        pm_all.append(pm)
        y_all.append(y)
    t = pd.DataFrame(rows, columns=["contract", "base_rate", "brier_model", "brier_points_only"])
    t["ratio"] = t.brier_model / t.brier_points_only
    print(t.round(4).to_string(index=False))
    print(f"mean Brier: model {t.brier_model.mean():.4f}, points only "
          f"{t.brier_points_only.mean():.4f}\n")
    print("reliability of the model on held-out deals (all contracts pooled):")
    print(reliability(np.concatenate(pm_all), np.concatenate(y_all)).to_string(), "\n")


def bench_mc(model, base, test, hands: int, m: int, contracts) -> None:
    from analysis.deal import chunk_rng, deal_constrained
    from analysis.redeal import redeal_flags
    f = solutions_long(test)
    f = f[~f.redeal_forced.to_numpy(bool)].drop_duplicates("hand")
    f = f.sample(n=min(hands, len(f)), random_state=0)
    print(f"== per-hand Monte Carlo odds: {len(f)} held-out hands x {m} completions ==")
    mc, pm, pb = [], [], []
    t0 = time.process_time()
    for i, (hand, seat) in enumerate(zip(f.hand.to_numpy(np.uint32), f.seat.to_numpy())):
        d = deal_constrained(chunk_rng(1000 + i, 0), m, {int(seat): int(hand)})
        d = d[~redeal_flags(d, "club")["redeal_forced"]]
        v = solve_values(d, (int(seat),), "club", progress=False)[:, 0]
        mc.append([(v >= c).mean() for c in contracts])
        pm.append([model.p_make(np.array([hand]), seat, c)[0] for c in contracts])
        pb.append([base.p_make(np.array([hand]), seat, c)[0] for c in contracts])
    mc, pm, pb = map(np.asarray, (mc, pm, pb))
    print(f"({time.process_time() - t0:.0f} s CPU)")
    t = pd.DataFrame({"contract": list(contracts),
                      "mse_model_vs_mc": ((pm - mc) ** 2).mean(axis=0),
                      "mse_points_only_vs_mc": ((pb - mc) ** 2).mean(axis=0)})
    print(t.round(4).to_string(index=False))
    print(f"mean squared difference to the per-hand MC odds: model "
          f"{t.mse_model_vs_mc.mean():.4f}, points only {t.mse_points_only_vs_mc.mean():.4f} "
          f"(includes the MC noise p(1-p)/{m})")
    print("reliability against the per-hand MC odds (mean MC odds per bin):")
    print(reliability(pm.ravel(), mc.ravel(), bins=5).to_string(), "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, default=1000)
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--mc-samples", type=int, default=50)
    p.add_argument("--data", default="data/odds_sample")
    p.add_argument("--skip-cli", action="store_true")
    args = p.parse_args()
    model, base = BidModel.default(), BidModel.default(points_only=True)
    print(f"model: {model}\n  {model.info.get('sample')}\n")
    bench_throughput(model)
    if not any(Path(args.data).glob("*.parquet")):
        # a fresh clone has no sample: make the held-out chunks the shipped
        # model was not fitted on (seed 2026, chunks 4 and 9 of 200 deals);
        # a sample that is there but unusable still fails in read_samples
        print(f"no sample in {args.data}: solving held-out chunks 4 and 9 of seed 2026 "
              f"(200 deals each, about half a minute)")
        write_chunks(args.data, 2026, (4, 9), 200, "club")
    test, prov = read_samples(args.data, "test")
    print(f"held-out chunks {prov['chunks']} of seeds {prov['seeds']}\n")
    contracts = list(range(100, 205, 10))
    bench_calibration(model, base, test, contracts)
    bench_mc(model, base, test, args.hands, args.mc_samples, [100, 120, 140, 160, 180])
    if not args.skip_cli:
        bench_cli(args.samples)


if __name__ == "__main__":
    main()
