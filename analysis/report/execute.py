"""Execute one notebook into its HTML page and executed ``.ipynb``.

The notebook is converted with jupytext, explicit parameter overrides are
injected in a cell after the parameters cell (as papermill does), and it is
executed with nbclient in the notebooks folder, with ``THOUSAND_QUICK`` and
``THOUSAND_DATA`` set in the kernel's environment and this checkout first on
its ``PYTHONPATH`` (a kernel imports the code that runs the report, not
whichever checkout the environment installed); nbconvert's
``HTMLExporter`` writes the page, titled with the notebook's first heading,
without the code cells (the executed ``.ipynb`` keeps them).
A Ctrl-C stops the whole report, not just the running cell.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import os
import re
import signal
import threading
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from ..atomic import replace_file
from .notebooks import _environ, _parameters_index, _read, _source, _title

__all__ = ["execute_notebook", "save_figures"]


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


def _kernel_path() -> str:
    """``PYTHONPATH`` for a kernel: the checkout this ``analysis`` comes from, then any set before.

    An editable install points every Python of the environment at one
    checkout; a report run from another (a second clone, a worktree) would
    otherwise execute its pages with that one's code and name its commit.
    """
    root = str(Path(__file__).resolve().parents[2])
    rest = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != root]
    return os.pathsep.join([root, *rest])


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
        # numba compiling a function the warm-up did not reach is not the page's business
        "THOUSAND_COMPILE_NOTE": "0",
        "PYTHONPATH": _kernel_path(),
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
    # a page is a document: the code stays in the .ipynb (and the .py a
    # reader opens in JupyterLab), the HTML shows the outputs and the text
    exporter = HTMLExporter(
        template_name="lab", exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True
    )
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": title}})
    body = _with_alt_text(body, nb)
    html_path = replace_file(out / f"{src.stem}.html", lambda tmp: tmp.write_text(body, encoding="utf-8"))
    return html_path, nb, error


def _with_alt_text(body: str, nb) -> str:
    """Give each PNG of the page the description its output carries (``metadata["image/png"]["alt"]``).

    The lab template writes no alt text of its own (nbconvert then puts
    "No description has been provided"); the research pages' figures carry
    one (:func:`analysis.research.plots.describe`).
    """
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            alt = o.get("metadata", {}).get("image/png", {}).get("alt")
            if "image/png" not in data or not alt:
                continue
            src = f'src="data:image/png;base64,{data["image/png"].strip()[:200]}'
            at = body.find(src)
            if at < 0:
                continue
            start = body.rfind("<img", 0, at)
            end = body.find(">", at)
            tag = re.sub(r'\salt="[^"]*"', "", body[start:end])
            body = body[:start] + tag.replace("<img", f'<img alt="{html.escape(alt)}"', 1) + body[end:]
    return body


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
