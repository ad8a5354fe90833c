"""``thousand deal --n N --seed S [--out data/deals]``."""

from __future__ import annotations

import time

from ..folders import DEFAULT_DEALS
from ._common import add_parallel_options, add_rules_options, chunks, progress_flag, rules_from_args


def register(sub) -> None:
    p = sub.add_parser(
        "deal",
        help="deal N random deals into a Parquet dataset",
        description="Deal N exactly uniform random deals (7-7-7 and a "
        "3-card widow) with derived columns and the rules' "
        "redeal flags. Rerunning a stopped command resumes it.",
    )
    p.add_argument("--n", type=int, required=True, help="number of deals")
    p.add_argument("--seed", type=int, required=True, help="root seed (non-negative)")
    p.add_argument("--out", default=DEFAULT_DEALS, help=f"dataset folder (default {DEFAULT_DEALS})")
    p.add_argument(
        "--chunk-size",
        type=int,
        default=None,
        help="deals per chunk and per Parquet file (default 500000); "
        "the same seed and chunk size give the same deals",
    )
    add_rules_options(p)
    add_parallel_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from ..jobs.deals import DEFAULT_CHUNK, run_deal

    rules = rules_from_args(args)
    t0 = time.perf_counter()
    m = run_deal(
        args.out,
        args.n,
        args.seed,
        rules,
        chunk_size=DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_flag(args),
    )
    dt = time.perf_counter() - t0
    print(
        f"{m['rows']:,} deals in {chunks(m['params']['n_chunks'])} at {args.out} "
        f"({m['chunks_written']} written now, {dt:.1f} s); rules {rules.name}; "
        f"content hash {m['content_hash']}"
    )
    return 0
