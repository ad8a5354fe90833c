"""Cold and warm first-call times of the two commands a newcomer runs first.

Each command runs in a fresh process (``python -m analysis``), with numba's
cache in an empty temporary folder (``NUMBA_CACHE_DIR``), so that nothing
compiled earlier is reused:

1. without a warm-up: the first ``thousand analyse`` of the README deal,
   then the first ``thousand odds "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠" --samples 100``
   (each compiles what it needs; the odds reuse what the analyse compiled);
2. with a warm-up: ``python -m analysis.warmup`` (what ``make install``
   runs), then the same two commands, then both once more (warm: numba's
   code loaded from the cache in a new process each time).

Prints wall-clock seconds and the ratio cold / after warm-up; whether a
command printed the compile note (it must not after the warm-up).
``--quick`` skips part 1.  Takes about 10 minutes on an idle 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANALYSE = [
    "analyse",
    "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠",
    "A♠ K♠ Q♠ J♠ 10♣ K♣ Q♣",
    "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦",
    "9♦ J♣ 9♣",
    "--declarer",
    "0",
]
ODDS = ["odds", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "--samples", "100", "--no-progress"]
NOTE = "numba is compiling"


def _run(args, cache: str) -> tuple[float, bool]:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    t = time.perf_counter()
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT)
    secs = time.perf_counter() - t
    if p.returncode:
        sys.exit(f"{' '.join(args[:3])} failed:\n{p.stderr}")
    return secs, NOTE in p.stderr


def cold_start(quick: bool = False) -> None:
    """Print the cold and warm first-call times (see the module docstring)."""
    rows = []
    if not quick:
        with tempfile.TemporaryDirectory() as cache:
            for name, args in (("analyse", ANALYSE), ("odds --samples 100", ODDS)):
                rows.append(("no warm-up", name, *_run(["-m", "analysis", *args], cache)))
    with tempfile.TemporaryDirectory() as cache:
        rows.append(
            ("warm-up", "python -m analysis.warmup", *_run(["-m", "analysis.warmup", "--quiet"], cache))
        )
        for label in ("after warm-up", "again"):
            for name, args in (("analyse", ANALYSE), ("odds --samples 100", ODDS)):
                rows.append((label, name, *_run(["-m", "analysis", *args], cache)))
    print(f"{'stage':<14} {'command':<26} {'wall s':>7}  compile note")
    for stage, name, secs, noted in rows:
        print(f"{stage:<14} {name:<26} {secs:7.1f}  {'yes' if noted else 'no'}")
    by = {(s, n): t for s, n, t, _ in rows}
    for name in ("analyse", "odds --samples 100"):
        if ("no warm-up", name) in by:
            print(
                f"{name}: first call cold / after warm-up = "
                f"{by[('no warm-up', name)] / by[('after warm-up', name)]:.1f}x"
            )


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the runs without a warm-up")
    cold_start(ap.parse_args().quick)
