"""The datasets a notebook reads, checked (or made) before it runs."""

from __future__ import annotations

from pathlib import Path

from .. import reference
from ..research import dd_pools, notebook

__all__ = ["prepare_data"]


def prepare_data(params: dict, workers: int | None = None) -> list[Path]:
    """Make the datasets a notebook's parameters name, if they are missing.

    The research pages read the reference pools (:mod:`analysis.reference`)
    and solve nothing: every pool is checked to be built.  A notebook of
    one's own may still name ``POOLS`` (a dict profile -> deals to solve)
    with ``DATA``, ``N_DEALS`` and ``SEED`` (a deals dataset made with
    :func:`analysis.research.notebook.ensure_deals`, solved with
    :func:`analysis.research.dd_pools.ensure_solutions`).

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
            made.append(dd_pools.ensure_solutions(params["DATA"], deals, prof, int(n), workers=workers))
    return made
