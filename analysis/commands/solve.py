"""``thousand solve [--deals data/deals] [--out data/solutions]``."""

from __future__ import annotations

import sys
import time

from ..errors import BadArgument
from ..folders import DEFAULT_DEALS, DEFAULT_SOLUTIONS
from ._common import add_parallel_options, add_rules_options, chunks, progress_flag


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="solve a deals dataset double-dummy for every seat",
        description="For each deal and each seat as declarer: the best "
        "exchange and the double-dummy value, with the "
        "tie-broken line. Rerunning a stopped command resumes it.",
    )
    p.add_argument("--deals", default=DEFAULT_DEALS, help=f"deals dataset (default {DEFAULT_DEALS})")
    p.add_argument("--out", default=DEFAULT_SOLUTIONS, help=f"output folder (default {DEFAULT_SOLUTIONS})")
    p.add_argument("--n", type=int, default=None, help="solve only the first N deals")
    p.add_argument("--seats", default="0,1,2", help="declarer seats, comma-separated (default 0,1,2)")
    p.add_argument("--chunk-size", type=int, default=None, help="deals per chunk (default 1000)")
    add_rules_options(p, default=None)
    add_parallel_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from .. import dataset
    from ..jobs.solutions import DEFAULT_CHUNK, run_solve
    from ..rules import Rules, load_rules

    made = Rules.from_stored(dataset.read_params(args.deals)["rules"])
    rules = load_rules(made if args.rules is None else args.rules, args.sets)
    if made.fingerprint() != rules.fingerprint():
        print(
            f"thousand solve: note: the deals were made under {made.name}; their redeal "
            f"columns follow {made.name}, the solutions follow {rules.name} (reading "
            f"them together, analysis.dataset.load gives the redeal columns of "
            f"{rules.name})",
            file=sys.stderr,
        )
    try:
        seats = [int(s) for s in args.seats.split(",") if s.strip()]
    except ValueError:
        raise BadArgument(f"--seats takes seats 0,1,2 separated by commas, got {args.seats!r}") from None
    if len(set(seats)) != len(seats):
        raise BadArgument(f"--seats names a seat twice: {args.seats!r}")
    t0 = time.perf_counter()
    m = run_solve(
        args.deals,
        args.out,
        rules,
        n=args.n,
        seats=seats,
        chunk_size=DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
    )
    dt = time.perf_counter() - t0
    n = m["params"]["n"]
    print(
        f"{m['rows']:,} solutions ({n:,} deals × {len(seats)} seats) at {args.out} "
        f"({chunks(m['chunks_written'])} written now, {dt:.1f} s); rules {rules.name}, "
        f"solver {m['params']['solver_version']} / {m['params']['solver_fingerprint']}; "
        f"content hash {m['content_hash']}"
    )
    return 0
