"""Run the whole report: every notebook, then the index page."""

from __future__ import annotations

import time
from pathlib import Path

from ..dataset import PARAMS_FILE, enclosing_dataset
from ..errors import BadArgument, ReportError
from ..parallel import check_workers
from .data import prepare_data
from .execute import execute_notebook
from .index import ANSI as _ANSI
from .index import missing_headlines, write_index
from .notebooks import NOTEBOOKS, _title, notebooks_dir, read_parameters

__all__ = ["run_report"]


def run_report(
    out: str | Path = "reports",
    *,
    quick: bool = False,
    data: str | Path = "data",
    names=None,
    overrides: dict | None = None,
    workers: int | None = None,
    log=print,
) -> Path:
    """Make the datasets, execute every notebook and write the HTML report.

    Parameters
    ----------
    out : path
        Report folder (``index.html`` plus one HTML per notebook).
    quick : bool
        The notebooks' small sizes (CI).
    data : path
        Datasets folder, made first where missing.
    names : sequence of str, optional
        Notebooks to run: names of :data:`NOTEBOOKS` or paths of ``.py``
        notebooks (default: the :data:`NOTEBOOKS` that exist).
    overrides : dict of name -> dict, optional
        Parameter overrides per notebook (tests use tiny sizes).
    workers : int, optional
        Worker processes for dataset jobs.
    log : callable
        Receives one progress line per step.

    Returns
    -------
    Path
        ``index.html`` of the report.

    Raises
    ------
    ReportError
        If any notebook raised, or a page that ran left one of its headline
        figures unsaved (the index marks the report incomplete); the report
        is written all the same.
    ValueError
        On an unknown notebook name, ``workers`` below 1, or an ``out``
        that exists and is not a folder or is (inside) a dataset folder
        (checked before anything runs).
    """

    check_workers(workers)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise BadArgument(f"the report folder {out} exists and is not a folder")
    inside = str(out) if (out / PARAMS_FILE).exists() else enclosing_dataset(out)
    if inside is not None:
        raise BadArgument(
            f"the report folder {out} would put its pages into the dataset "
            f"folder {inside}, whose Parquet readers would trip over them; "
            "choose a folder outside it"
        )
    if names is None:
        names = [n for n in NOTEBOOKS if (notebooks_dir() / f"{n}.py").exists()]
    overrides = overrides or {}
    rows, failed = [], []
    for name in names:
        t0 = time.perf_counter()
        # a page that fails before saving its headline must not show the last run's
        (Path(data) / f"headline-{Path(str(name)).stem}.json").unlink(missing_ok=True)
        params = read_parameters(name, quick=quick, data=data, overrides=overrides.get(name))
        for p in prepare_data(params, workers=workers):
            log(f"[report] {name}: dataset {p}")
        html_path, nb, err = execute_notebook(
            name, out, quick=quick, data=data, overrides=overrides.get(name)
        )
        dt = time.perf_counter() - t0
        rows.append((html_path.stem, dt, err, _title(nb, html_path.stem)))
        log(f"[report] {name}: {'FAILED' if err else 'ok'} in {dt:.0f} s -> {html_path}")
        if err:
            text = _ANSI.sub("", str(err)).strip()
            failed.append(f"{html_path.stem}: {text.splitlines()[-1] if text else type(err).__name__}")
    index = write_index(out, rows, quick, Path(data))
    gaps = missing_headlines(Path(data), [r[0] for r in rows])
    if failed:
        raise ReportError("notebooks failed (see their HTML): " + "; ".join(failed))
    if gaps:
        raise ReportError(f"report incomplete: {len(gaps)} headline figure(s) missing: " + "; ".join(gaps))
    return index
