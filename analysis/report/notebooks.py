"""The report's notebooks: where they are, and the parameters each sets.

The notebooks are jupytext ``py:percent`` files in ``notebooks/``, each with
one code cell tagged ``parameters`` (the sizes, seeds and data folder a page
uses; ``THOUSAND_QUICK`` selects the small sizes) and a first markdown
heading (the page's title).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import jupytext

from ..errors import BadArgument

__all__ = ["NOTEBOOKS", "notebooks_dir", "read_parameters"]

#: The notebooks of the report, in reading order.
NOTEBOOKS = (
    "redeals",
    "bidding_odds",
    "bolts",
    "barrel",
    "conventions",
    "single_dummy",
    "score_and_bid",
    "dark_golden",
)


def notebooks_dir() -> Path:
    """The ``notebooks/`` folder of the source tree (beside the package)."""
    return Path(__file__).resolve().parent.parent.parent / "notebooks"


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


def _source(name_or_path) -> Path:
    p = Path(name_or_path)
    if p.suffix != ".py":
        p = notebooks_dir() / f"{name_or_path}.py"
    if not p.exists():
        raise BadArgument(f"no notebook {name_or_path!r} (looked for {p}); known: {', '.join(NOTEBOOKS)}")
    return p


def _read(src: Path):
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


def _title(nb, default: str) -> str:
    """The notebook's first markdown heading (the page's title)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return default
