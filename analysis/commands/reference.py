"""``thousand reference list | verify | build NAME``: the shipped solved pools."""

from __future__ import annotations

import json
import time

from ._common import add_parallel_options, progress_flag


def register(sub) -> None:
    p = sub.add_parser(
        "reference",
        help="the reference pools of solved deals shipped with the repository",
        description="List, verify or (re)build the reference pools: solved "
        "deals (all three seats) under each solver convention, and their "
        "single-dummy pools (NAME-sd: PIMC play of their first deals), "
        "under data/reference/ (or $THOUSAND_REFERENCE).",
    )
    what = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    ls = what.add_parser(
        "list", help="one line per pool (name, rules, fingerprint, deals, paths, content hash)"
    )
    ls.add_argument("--json", action="store_true", help="a JSON list (DESIGN.md, contract 6)")
    ls.add_argument(
        "--sd",
        action="store_true",
        help="with --json: only the single-dummy pools",
    )
    ls.set_defaults(func=_list)
    ve = what.add_parser("verify", help="re-hash every pool file and re-solve random rows")
    ve.add_argument("--rows", type=int, default=30, help="(deal, seat) rows re-solved per pool (default 30)")
    ve.add_argument(
        "--sd-rows",
        type=int,
        default=4,
        help="rows played again per single-dummy pool (default 4; each is a whole PIMC play)",
    )
    ve.add_argument("--seed", type=int, default=0, help="seed of the rows drawn (default 0)")
    ve.add_argument(
        "--only", action="append", default=None, metavar="NAME", help="verify this pool only (repeatable)"
    )
    ve.set_defaults(func=_verify)
    bu = what.add_parser("build", help="build a pool, or resume it where it stopped")
    bu.add_argument("name", help="pool name (thousand reference list)")
    bu.add_argument(
        "--print",
        dest="print_only",
        action="store_true",
        help="print the thousand commands that build it, run nothing",
    )
    bu.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="a single-dummy pool's rows go to DIR (outside the repository; the same DIR resumes): "
        "how the big pools are built in the background, e.g. `nohup nice -n 19 thousand reference "
        "build book-sd-25k --out /work/pools/book-sd-25k &`",
    )
    add_parallel_options(bu)
    bu.set_defaults(func=_build)


def _list(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import reference

    entries = reference.pools()
    sd = reference.sd_pools()
    if args.json:
        # DESIGN.md, contract 6: every pool, "play" telling the kinds apart
        print(json.dumps([p.as_dict() for p in (sd if args.sd else [*entries, *sd])], indent=1))
        return 0
    for p in entries:
        state = (
            f"{p.deals:,} deals, content hash {p.content_hash}"
            if p.content_hash
            else f"not built (thousand reference build {p.name})"
        )
        print(f"{p.name:6} rules {p.rules:6} solver {p.fingerprint}  {state}\n       {p.solutions_path}")
    for p in [*sd, *reference.growing_pools()]:
        if p.state == "built":
            state = f"{p.deals:,} deals, content hash {p.content_hash}"
            if p.pinned is None:
                state += " (not pinned yet)"
        elif p.state == "not finished":
            state = (
                f"not finished, {p.chunks_done} of {p.n_chunks} chunks (thousand reference build {p.name})"
            )
        else:
            state = f"not built (thousand reference build {p.name})"
        print(
            f"{p.name:6} rules {p.rules:6} single-dummy {p.sd_fingerprint}, {p.worlds} worlds  "
            f"{state}\n       {p.sd_path}"
        )
    return 0


def _verify(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import reference

    t0 = time.perf_counter()

    def sd(name):
        return reference.spec(name).play == "pimc"

    def say(name, i, n, rows):
        since = f"({i}/{n}, {time.perf_counter() - t0:.0f} s since the start)"
        p = reference.pool(name) if sd(name) else None
        if rows is None:
            print(f"{name}: not built, skipped (thousand reference build {name}) {since}", flush=True)
        elif p is not None and p.state == "not finished":
            print(
                f"{name}: not finished, the {p.chunks_done} of {p.n_chunks} chunks written are intact, "
                f"{rows} rows played again, every column equal {since}",
                flush=True,
            )
        elif sd(name):
            print(f"{name}: files intact, {rows} rows played again, every column equal {since}", flush=True)
        else:
            print(f"{name}: files intact, {rows} rows re-solved, every column equal {since}", flush=True)

    done = reference.verify(args.rows, sd_rows=args.sd_rows, seed=args.seed, names=args.only, progress=say)
    dd = {k: v for k, v in done.items() if not sd(k)}
    played = {k: v for k, v in done.items() if sd(k) and v is not None}
    skipped = [k for k, v in done.items() if v is None]
    line = f"ok: {len(dd)} pools, {sum(dd.values())} rows re-solved exactly"
    if played:
        line += f"; {len(played)} single-dummy pools, {sum(played.values())} rows played again exactly"
    if skipped:
        line += f"; not built: {', '.join(skipped)}"
    print(line)
    return 0


def _build(args) -> int:
    # late: the parser imports every command module; the work loads when it runs
    from .. import reference

    if args.print_only:
        print("\n".join(reference.build_commands(args.name, workers=args.workers, out=args.out)))
        return 0
    t0 = time.perf_counter()
    p = reference.build(
        args.name, workers=args.workers, scheduler=args.scheduler, progress=progress_flag(args), out=args.out
    )
    where = getattr(p, "sd_path", None) or p.solutions_path
    print(
        f"{p.name}: {p.deals:,} deals at {where} ({time.perf_counter() - t0:.0f} s), "
        f"content hash {p.content_hash}"
    )
    return 0
