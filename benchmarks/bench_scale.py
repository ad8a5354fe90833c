"""Scale-out benchmark: `thousand solve` with 1 and 2 local workers and
a 2-worker Dask LocalCluster, measured side by side in one run; then the
single-dummy batch (`thousand solve --play pimc`) with 1 and 2 local workers.

Prints deals per second for each backend, the speed-up ratios against one
worker, and checks that every backend wrote the same content.  Numba kernels
are compiled and cached before timing (a warm-up solve), so the figures are
throughput, not compilation.
Usage: python benchmarks/bench_scale.py [--deals N] [--sd-deals N] [--worlds W] [--quick] [--sd-only]
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
    ap.add_argument("--quick", action="store_true", help="80 deals, 8 single-dummy deals")
    ap.add_argument("--sd-deals", type=int, default=16, help="deals of the single-dummy batch (x 3 seats)")
    ap.add_argument("--sd-chunk", type=int, default=2)
    ap.add_argument("--worlds", type=int, default=16, help="worlds of the single-dummy batch")
    ap.add_argument("--sd-only", action="store_true", help="only the single-dummy batch")
    args = ap.parse_args()
    n = 80 if args.quick else args.deals
    rules = PROFILES["club"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        run_deal(
            tmp / "deals",
            max(n, args.sd_deals),
            31,
            rules,
            chunk_size=max(n, args.sd_deals),
            workers=1,
            progress=False,
        )
        if not args.sd_only:
            _solve(tmp, n, args)
        _single_dummy(tmp, 8 if args.quick else args.sd_deals, args)


def _solve(tmp: Path, n: int, args) -> None:
    """`thousand solve`: 1 and 2 local workers, a 2-worker Dask LocalCluster."""
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


class _TreeCPU:
    """CPU seconds (user + system) of this process and every process below it,
    sampled twice a second so that worker processes count after they exit."""

    def __init__(self):
        import threading

        import psutil

        self._psutil, self._seen, self._stop = psutil, {}, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self):
        me = self._psutil.Process()
        for p in [me, *me.children(recursive=True)]:
            try:
                t = p.cpu_times()
                self._seen[p.pid] = t.user + t.system
            except self._psutil.Error:
                pass

    def _run(self):
        while not self._stop.wait(0.5):
            self._sample()

    def __enter__(self):
        self._sample()
        self._start = dict(self._seen)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self._sample()
        self.seconds = sum(v - self._start.get(k, 0.0) for k, v in self._seen.items())


def _single_dummy(tmp: Path, n: int, args) -> None:
    """The single-dummy batch, 1 and 2 local workers: wall time, rows per
    second, and the CPU seconds per row of the whole process tree (on a
    machine whose cores are busy with other work the wall-clock speed-up
    cannot show; the CPU per row tells whether two workers do extra work)."""
    kw = dict(worlds=args.worlds, chunk_size=args.sd_chunk, progress=False)
    # compile in this process
    run_solve(tmp / "deals", tmp / "sd-warm", play="pimc", n=1, seats=(0,), workers=1, **kw)
    results = []
    for name, w in (("1 local worker", 1), ("2 local workers", 2)):
        t0 = time.perf_counter()
        with _TreeCPU() as cpu:
            m = run_solve(tmp / "deals", tmp / f"sd{w}", play="pimc", n=n, workers=w, **kw)
        results.append((name, time.perf_counter() - t0, cpu.seconds, m["content_hash"]))
    base = results[0][1]
    print(
        f"thousand solve --play pimc on {n} deals × 3 seats, {args.worlds} worlds, chunks of "
        f"{args.sd_chunk} (load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )
    for name, dt, c, h in results:
        print(
            f"  {name:30s} {dt:7.1f} s  {3 * n / dt:7.2f} rows/s  speed-up {base / dt:4.2f}x  "
            f"CPU {c / (3 * n):5.2f} s/row  content {h}"
        )
    same = len({r[-1] for r in results}) == 1
    print(f"  identical content across worker counts: {same}")
    print("  target: 2 workers at least 1.6x one worker")
    if not same:
        raise SystemExit("worker counts disagree")


if __name__ == "__main__":
    main()
