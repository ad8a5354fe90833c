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
   (:func:`analysis.report.index.write_index`).

A notebook that fails still gets its HTML (with the traceback); the run
goes on with the others and then raises :class:`ReportError` naming every
failure.

One module per concept: :mod:`.notebooks` (where the notebooks are, their
parameters), :mod:`.data` (the pools a page reads), :mod:`.execute` (one
notebook to HTML), :mod:`.index` (the index page), :mod:`.run` (all of it).
"""

from ..errors import ReportError
from .data import prepare_data
from .execute import execute_notebook, save_figures
from .notebooks import NOTEBOOKS, notebooks_dir, read_parameters
from .run import run_report

__all__ = [
    "NOTEBOOKS",
    "notebooks_dir",
    "read_parameters",
    "prepare_data",
    "execute_notebook",
    "save_figures",
    "run_report",
    "ReportError",
]
