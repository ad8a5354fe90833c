"""Execute the research notebooks into an HTML report (``thousand report``).

The notebooks are jupytext ``py:percent`` files in ``notebooks/``.  For
each, :func:`run_report`

1. reads its parameters cell (tagged ``parameters``) with the quick switch
   set as asked, and checks that the reference pools the pages read are
   built (:func:`prepare_data`; nothing is solved: a missing pool is named
   with ``thousand reference build NAME``);
2. converts it with jupytext, injects explicit parameter overrides in a cell
   after the parameters cell (as papermill does), and executes it with
   nbclient in the notebooks folder, with ``THOUSAND_QUICK`` and
   ``THOUSAND_DATA`` set in the kernel's environment;
3. writes ``<name>.html`` (nbconvert's ``HTMLExporter``, titled with the
   notebook's first heading), the executed ``<name>.ipynb`` and an
   ``index.html``, the summary a reader cites
   (:func:`analysis._report_index.write_index`).

A notebook that fails still gets its HTML (with the traceback); the run
goes on with the others and then raises :class:`ReportError` naming every
failure.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import signal
import threading
import time
from pathlib import Path

from . import reference
from ._report_index import ANSI as _ANSI
from ._report_index import write_index
from .atomic import replace_file
from .dataset import PARAMS_FILE, enclosing_dataset
from .errors import BadArgument, ReportError
from .parallel import check_workers
from .research import data, notebook

__all__ = [
    "NOTEBOOKS",
    "notebooks_dir",
    "read_parameters",
    "prepare_data",
    "execute_notebook",
    "save_figures",
    "run_report",
]

#: The notebooks of the report, in reading order.
NOTEBOOKS = ("redeals", "bidding_odds", "bolts", "barrel", "conventions", "single_dummy")


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the source tree (beside the package)."""
    return Path(__file__).resolve().parent.parent / "notebooks"


@contextlib.contextmanager
def _environ(**values):
    old = {k: os.environ.get(k) for k in values}
    try:
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = str(v)
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextlib.contextmanager
def _interruptible(client):
    """Turn a SIGINT to this process while a notebook runs into a clean stop.

    nbclient's own SIGINT handler shuts the kernel down under the running
    cell, which made a Ctrl-C a failed notebook (an ``AssertionError``) and
    the report went on with the next one.  Here a SIGINT is recorded (the
    yielded list becomes non-empty) and interrupts the kernel, whose cell
    then ends with ``KeyboardInterrupt``; the next cell does not start.
    The handler is set before the kernel starts and again as each cell
    starts (nbclient installs its own in between).
    """
    got: list = []
    if threading.current_thread() is not threading.main_thread():
        yield got
        return

    def on_sigint(*_):
        got.append(True)
        pid = getattr(getattr(client.km, "provisioner", None), "pid", None)
        if pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGINT)

    def on_cell_start(**_):
        if got:
            raise KeyboardInterrupt
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, on_sigint)

    client.on_cell_start = on_cell_start
    old = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield got
    finally:
        signal.signal(signal.SIGINT, old)


def _source(name_or_path) -> Path:
    p = Path(name_or_path)
    if p.suffix != ".py":
        p = notebooks_dir() / f"{name_or_path}.py"
    if not p.exists():
        raise BadArgument(f"no notebook {name_or_path!r} (looked for {p}); known: {', '.join(NOTEBOOKS)}")
    return p


def _read(src: Path):
    import jupytext

    return jupytext.read(src)


def _parameters_index(nb) -> int:
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "parameters" in cell.metadata.get("tags", []):
            return i
    raise BadArgument("notebook has no code cell tagged 'parameters'")


def read_parameters(
    name_or_path, *, quick: bool, data: str | Path | None = None, overrides: dict | None = None
) -> dict:
    """The values a notebook's parameters cell sets, as the report will run it.

    Parameters
    ----------
    name_or_path : str or path
        A name of :data:`NOTEBOOKS` or the path of a ``.py`` notebook.
    quick : bool
        Evaluate with ``THOUSAND_QUICK`` set (the small sizes).
    data : path, optional
        ``THOUSAND_DATA`` (the datasets folder).
    overrides : dict, optional
        Values that replace the cell's, as the injected cell does.

    Returns
    -------
    dict
        Upper-case names the cell defines (``N_DEALS``, ``SEED``, ``DATA`` ...).

    Raises
    ------
    ValueError
        If the notebook is unknown or has no parameters cell.
    """
    nb = _read(_source(name_or_path))
    cell = nb.cells[_parameters_index(nb)]
    ns: dict = {}
    env = {"THOUSAND_QUICK": "1" if quick else "0", "CI": None if not quick else "1"}
    if data is not None:
        env["THOUSAND_DATA"] = str(Path(data).resolve())
    with _environ(**env):
        exec(compile(cell.source, f"{name_or_path}:parameters", "exec"), ns)
    out = {k: v for k, v in ns.items() if k.isupper() and not k.startswith("_")}
    out.update(overrides or {})
    return out


def prepare_data(params: dict, workers: int | None = None) -> list[Path]:
    """Make the datasets a notebook's parameters name, if they are missing.

    The research pages read the reference pools (:mod:`analysis.reference`)
    and solve nothing: every pool is checked to be built.  A notebook of
    one's own may still name ``POOLS`` (a dict profile -> deals to solve)
    with ``DATA``, ``N_DEALS`` and ``SEED`` (a deals dataset made with
    :func:`analysis.research.notebook.ensure_deals`, solved with
    :func:`analysis.research.data.ensure_solutions`).

    Returns
    -------
    list of Path
        The datasets that now exist (the reference pools' solutions first).

    Raises
    ------
    analysis.reference.ReferencePoolError
        If a reference pool is not built; the message names
        ``thousand reference build NAME``.
    """

    made = []
    for p in reference.pools():
        if p.content_hash is None:
            raise reference.ReferencePoolError(
                p.name, f"it is not built under {reference.root()} (the research pages read it)"
            )
        made.append(Path(p.solutions_path))
    if "POOLS" in params and {"DATA", "N_DEALS", "SEED"} <= set(params):
        deals = notebook.ensure_deals(
            params["DATA"], int(params["N_DEALS"]), int(params["SEED"]), workers=workers
        )
        made.append(deals)
        for prof, n in (params.get("POOLS") or {}).items():
            made.append(data.ensure_solutions(params["DATA"], deals, prof, int(n), workers=workers))
    return made


def execute_notebook(
    name_or_path,
    out_dir: str | Path,
    *,
    quick: bool = False,
    data: str | Path = "data",
    overrides: dict | None = None,
    timeout: int = 3600,
):
    """Execute one notebook and write its HTML and executed ``.ipynb``.

    Parameters
    ----------
    name_or_path : str or path
        A name of :data:`NOTEBOOKS` or a ``.py`` notebook.
    out_dir : path
        Where ``<name>.html`` and ``<name>.ipynb`` go (created).
    quick : bool
        Small sizes (``THOUSAND_QUICK=1`` in the kernel).
    data : path
        Datasets folder (``THOUSAND_DATA`` in the kernel).
    overrides : dict, optional
        Parameter values injected after the parameters cell.
    timeout : int
        Seconds a single cell may run.

    Returns
    -------
    (Path, nbformat.NotebookNode, Exception or None)
        The HTML path, the executed notebook, and the cell error if one
        stopped it.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    src = _source(name_or_path)
    nb = _read(src)
    if overrides:
        i = _parameters_index(nb)
        code = "\n".join(f"{k} = {v!r}" for k, v in overrides.items())
        cell = nbformat.v4.new_code_cell("# Parameters injected by thousand report\n" + code)
        cell.metadata["tags"] = ["injected-parameters"]
        nb.cells.insert(i + 1, cell)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    env = {
        "THOUSAND_QUICK": "1" if quick else "0",
        "CI": "1" if quick else None,
        "THOUSAND_DATA": str(Path(data).resolve()),
        "MPLBACKEND": "module://matplotlib_inline.backend_inline",
        "PYTHONWARNINGS": "ignore::DeprecationWarning",
    }
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(src.parent)}}
    )
    error = None
    with _environ(**env), _interruptible(client) as interrupted:
        try:
            client.execute()
        except Exception as exc:  # CellExecutionError, DeadKernelError, timeouts
            error = exc
    if interrupted or getattr(error, "ename", None) == "KeyboardInterrupt":
        # the user's Ctrl-C (it reaches the kernel too, being in the same
        # process group), not a failing notebook: stop the whole report
        raise KeyboardInterrupt
    replace_file(out / f"{src.stem}.ipynb", lambda tmp: nbformat.write(nb, tmp))
    title = _title(nb, src.stem)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(
        nb, resources={"metadata": {"name": title}}
    )
    html_path = replace_file(out / f"{src.stem}.html", lambda tmp: tmp.write_text(body, encoding="utf-8"))
    return html_path, nb, error


def _title(nb, default: str) -> str:
    """The notebook's first markdown heading (the page's title)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return default


def save_figures(nb, folder: str | Path, stem: str = "fig") -> list[Path]:
    """Write the PNG outputs of an executed notebook as files (for review).

    Returns
    -------
    list of Path
        ``<stem>-NN.png`` in output order.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            if "image/png" in data:
                png = base64.b64decode(data["image/png"])
                p = replace_file(
                    folder / f"{stem}-{len(paths):02d}.png", lambda tmp, png=png: tmp.write_bytes(png)
                )
                paths.append(p)
    return paths


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
        If any notebook raised; the report is written all the same.
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
    if failed:
        raise ReportError("notebooks failed (see their HTML): " + "; ".join(failed))
    return index
