"""Make a solutions sample and fit the shipped default :class:`BidModel`.

Usage (from the repository root)::

    python -m analysis.odds.build sample --seed 2026 --chunks 0 10 --n 200 --out data/odds_sample
    python -m analysis.odds.build fit --samples data/odds_sample --out analysis/odds/default_bidmodel.json

``sample`` writes one Parquet file per chunk (:func:`analysis.odds.sample.make_sample`,
every deal solved for the three seats); run several in parallel on disjoint
chunk ranges.  ``fit`` fits on every chunk whose index is not ``4 mod 5``
(those are kept out for the calibration check of ``benchmarks/bench_odds.py``)
and records how the model was made in its ``info``; beside it goes the
card-points-only baseline fitted on the same rows (``*_points.json``).
"""

from __future__ import annotations

import argparse
import glob
import re
import sys
import time
from pathlib import Path

import pandas as pd

from ..errors import BadArgument
from .model import DEFAULT_MODEL_FILE

__all__ = ["read_samples", "held_out", "write_chunks", "main"]

_NAME = re.compile(r"(?P<rules>[^/]+)-s(?P<seed>\d+)-c(?P<chunk>\d+)\.parquet$")


def held_out(chunk: int) -> bool:
    """Chunks kept out of the default model's fit (index 4 mod 5)."""
    return chunk % 5 == 4


def read_samples(folder, which: str = "all") -> tuple[pd.DataFrame, dict]:
    """Read the sample chunks of a folder.

    Parameters
    ----------
    folder : path
        Files ``{rules}-s{seed}-c{chunk}.parquet`` written by ``sample``.
    which : {"all", "train", "test"}
        All chunks, those not held out, or the held-out ones (:func:`held_out`).

    Returns
    -------
    (frame, provenance) : pandas.DataFrame and dict
        The rows of :func:`analysis.odds.sample.make_sample`; the rules,
        seeds and chunk indices read.

    Raises
    ------
    ValueError
        If no file matches, or the files mix profiles.
    """
    files = sorted(glob.glob(str(Path(folder) / "*.parquet")))
    picked, chunks, seeds, rules = [], [], set(), set()
    for f in files:
        m = _NAME.search(f)
        if not m:
            continue
        c = int(m["chunk"])
        if which == "train" and held_out(c) or which == "test" and not held_out(c):
            continue
        picked.append(f)
        chunks.append(c)
        seeds.add(int(m["seed"]))
        rules.add(m["rules"])
    if not picked:
        raise BadArgument(f"no {which} sample chunks in {folder}")
    if len(rules) > 1:
        raise BadArgument(f"sample chunks in {folder} mix profiles {sorted(rules)}")
    frame = pd.concat([pd.read_parquet(f) for f in picked], ignore_index=True)
    return frame, {"rules": rules.pop(), "seeds": sorted(seeds), "chunks": sorted(chunks)}


def write_chunks(out, seed: int, chunks, n: int, rules="club", log=print) -> list:
    """Deal and solve sample chunks into ``out``, one Parquet file each.

    Parameters
    ----------
    out : path
        Folder (created); files ``{rules}-s{seed}-c{chunk:04d}.parquet``.
    seed : int
        Root seed of :func:`analysis.odds.sample.make_sample`.
    chunks : iterable of int
        Chunk indices (each its own random stream).
    n : int
        Deals per chunk (every deal solved for the three seats).
    rules : str or Rules
    log : callable, optional
        Receives one line per chunk written.

    Returns
    -------
    list of Path
        The files written.  Each is written to a temporary name first and
        renamed, so an interrupted run leaves no partial chunk behind.
    """
    from fsspec.implementations.local import LocalFileSystem

    from ..dataset._files import atomic_write as _atomic_write
    from ..rules import load_rules
    from .sample import make_sample
    rules = load_rules(rules)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for c in chunks:
        t = time.perf_counter()
        final = out / f"{rules.name}-s{seed}-c{c:04d}.parquet"
        _atomic_write(LocalFileSystem(), final.as_posix(), make_sample(n, seed, c, rules).to_parquet)
        written.append(final)
        if log:
            log(f"chunk {c}: {time.perf_counter() - t:.0f} s")
    return written


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m analysis.odds.build", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample", help="deal and solve sample chunks")
    s.add_argument("--seed", type=int, default=2026)
    s.add_argument("--chunks", type=int, nargs=2, metavar=("FIRST", "STOP"), required=True)
    s.add_argument("--n", type=int, default=200, help="deals per chunk")
    s.add_argument("--rules", default="club")
    s.add_argument("--out", default="data/odds_sample")
    f = sub.add_parser("fit", help="fit the model on the training chunks")
    f.add_argument("--samples", default="data/odds_sample")
    f.add_argument("--out", default=str(DEFAULT_MODEL_FILE))
    args = p.parse_args(argv)
    if args.cmd == "sample":
        write_chunks(args.out, args.seed, range(*args.chunks), args.n, args.rules,
                     log=lambda line: print(line, flush=True))
        return 0
    from ..solver import SOLVER_VERSION, solver_fingerprint
    from .model import BidModel
    frame, prov = read_samples(args.samples, "train")
    info = {"rules": prov["rules"], "solver_version": SOLVER_VERSION,
            "solver_fingerprint": solver_fingerprint(prov["rules"]),
            "sample": f"analysis.odds.sample.make_sample(n, seed, chunk, "
                      f"{prov['rules']!r}) per chunk; chunks {prov['chunks']} of seeds "
                      f"{prov['seeds']} (chunks 4 mod 5 held out for the calibration check)",
            "made_by": "python -m analysis.odds.build fit"}
    model = BidModel.fit(frame, info=info)
    model.save(args.out)
    print(f"{model} -> {args.out}")
    base = BidModel.fit(frame, features=("points",), info=dict(info, baseline=True))
    out = Path(args.out)
    out = out.with_name(out.stem + "_points" + out.suffix)
    base.save(out)
    print(f"baseline {base} -> {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
