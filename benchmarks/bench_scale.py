"""Scale-out benchmark: `thousand solve` with 1 and 2 local workers and
a 2-worker Dask LocalCluster, measured side by side in one run.

Prints deals per second for each backend, the speed-up ratios against one
worker, and checks that every backend wrote the same content.  Numba kernels
are compiled and cached before timing (a warm-up solve), so the figures are
throughput, not compilation.  Usage: python benchmarks/bench_scale.py [--deals N] [--quick]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve
from analysis.rules import PROFILES


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--chunk", type=int, default=25)
    ap.add_argument("--quick", action="store_true", help="80 deals")
    args = ap.parse_args()
    n = 80 if args.quick else args.deals
    rules = PROFILES["club"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        run_deal(tmp / "deals", n, 31, rules, chunk_size=n, workers=1, progress=False)
        run_solve(tmp / "deals", tmp / "warm", n=2, chunk_size=2, workers=1, progress=False)
        runs = [
            ("1 local worker", dict(workers=1)),
            ("2 local workers", dict(workers=2)),
            ("Dask LocalCluster, 2 workers", dict(workers=2, scheduler="local")),
        ]
        results = []
        for i, (name, kw) in enumerate(runs):
            t0 = time.perf_counter()
            m = run_solve(tmp / "deals", tmp / f"s{i}", n=n, chunk_size=args.chunk, progress=False, **kw)
            dt = time.perf_counter() - t0
            results.append((name, dt, m["content_hash"]))
        base = results[0][1]
        load = os.getloadavg()[0]
        print(
            f"thousand solve on {n} deals × 3 seats, chunks of {args.chunk} "
            f"(load average at the end {load:.1f} on {os.cpu_count()} cores)"
        )
        for name, dt, h in results:
            print(f"  {name:30s} {dt:7.1f} s  {n / dt:7.1f} deals/s  speed-up {base / dt:4.2f}x  content {h}")
        same = len({h for _, _, h in results}) == 1
        print(f"  identical content across backends: {same}")
        print("  target: 2 workers at least 1.8x one worker")
        if not same:
            raise SystemExit("backends disagree")


if __name__ == "__main__":
    main()
