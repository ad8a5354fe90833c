"""``thousand report [--quick] [--out reports/]``: the notebooks as an HTML report."""

from __future__ import annotations

import time


def register(sub) -> None:
    """Add the ``report`` sub-command to the ``thousand`` parser's sub-parsers."""
    p = sub.add_parser(
        "report",
        help="execute the research notebooks into HTML",
        description="Make the datasets the notebooks need (if missing), "
        "execute every notebook in notebooks/ and write one HTML "
        "page per notebook plus index.html.",
    )
    p.add_argument("--quick", action="store_true", help="small sample sizes (as CI runs them), a few minutes")
    p.add_argument("--out", default="reports", help="report folder (default reports)")
    p.add_argument("--data", default="data", help="datasets folder (default data)")
    p.add_argument(
        "--only",
        action="append",
        default=None,
        metavar="NAME",
        help="run only this notebook: a name or a .py path (repeatable)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="K",
        help="worker processes for the dataset jobs (default: all cores)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    """Run :func:`analysis.report.run_report`; exit code 1 if a notebook failed."""
    # late: the parser imports every command module; the work loads when it runs
    from ..report import ReportError, run_report

    t0 = time.perf_counter()
    try:
        index = run_report(args.out, quick=args.quick, data=args.data, names=args.only, workers=args.workers)
    except ReportError as exc:
        print(f"thousand report: {exc}")
        print(f"report (with the failures) at {args.out}/index.html")
        return 1
    print(f"report at {index} ({time.perf_counter() - t0:.0f} s)")
    return 0
