"""The deals dataset a ``solutions`` or ``sd`` job reads: checked once, read by chunk.

Both jobs play or solve the first ``n`` deals of a complete deals dataset
for some declarer seats and write chunk ``c`` from deals
``c * chunk_size ...``; the checks of those arguments, the refusal to
write into the deals folder and the reading of one chunk's deals are the
same for both and live here.
"""

from __future__ import annotations

import pyarrow.dataset as pads

from .. import dataset
from ..errors import BadArgument
from ..rules import Rules

__all__ = ["check_deals_source", "check_out", "chunk_deals"]


def check_deals_source(
    deals_path, rules: Rules | None, n, seats, *, int_n: bool = False
) -> tuple[Rules, int, tuple[int, ...]]:
    """The rules, the deal count and the seats of a job on ``deals_path``.

    Parameters
    ----------
    deals_path : path
        A complete deals dataset.
    rules : Rules or None
        None: the profile recorded in the deals dataset.
    n : int or None
        The first ``n`` deals (None: all); an ``int`` (not a bool), or with
        ``int_n`` anything ``int()`` takes.
    seats : iterable of int
        Declarer seats (0 first hand, 1, 2 dealer), in any order, repeats
        allowed.
    int_n : bool
        Convert ``n`` with ``int()`` first: the ``solutions`` job takes
        ``5.0`` or a NumPy integer, the ``sd`` job an ``int`` alone.

    Returns
    -------
    rules : Rules
    total : int
        Deals to read, 1 to the deals in the dataset.
    seats : tuple of int
        The distinct seats, sorted.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``deals_path`` is not a complete, readable deals dataset.
    analysis.errors.BadArgument
        If ``n`` is not an integer from 1 to the deals in the dataset, or
        the seats are none or not among 0, 1, 2.
    """
    dp = dataset.read_params(deals_path)
    if dp.get("kind") != "deals":
        raise dataset.DatasetError(f"{deals_path} is a {dp.get('kind')} dataset, not deals", path=deals_path)
    dataset.read_table(deals_path, "deals", columns=["deal_id"])  # complete and readable
    rules = rules or Rules.from_stored(dp["rules"])
    total = dp["n"] if n is None else int(n) if int_n else n
    if isinstance(total, bool) or not isinstance(total, int) or not 1 <= total <= dp["n"]:
        raise BadArgument(
            f"n must be 1..{dp['n']} (the deals in {deals_path}), got {n}",
            parameter="n",
            expected=f"1..{dp['n']}",
            got=n,
        )
    seats = tuple(sorted({int(s) for s in seats}))
    if not seats or any(s not in (0, 1, 2) for s in seats):
        raise BadArgument(f"seats must be among 0, 1, 2, got {seats}", parameter="seats", got=seats)
    return rules, total, seats


def check_out(out, params: dict) -> None:
    """Refuse an output folder that is the job's deals folder.

    Raises
    ------
    analysis.dataset.DatasetError
        If ``out`` is ``params["deals_path"]``.
    """
    if dataset.absolute(out) == params["deals_path"]:
        raise dataset.DatasetError(
            f"the output folder {out} is the deals folder; choose another --out", path=out
        )


def chunk_deals(params: dict, chunk: int):
    """The deals of chunk ``chunk`` of a job (``params`` as recorded).

    Returns
    -------
    pandas.DataFrame
        Columns ``deal_id`` (int64) and ``hand0``, ``hand1``, ``hand2``,
        ``widow`` (uint32 masks), one row per deal
        ``chunk * chunk_size`` to ``min((chunk + 1) * chunk_size, n) - 1``,
        sorted by ``deal_id``.

    Raises
    ------
    analysis.dataset.DatasetError
        If any of those deals is not in the deals dataset.
    """
    cs = params["chunk_size"]
    lo, hi = chunk * cs, min((chunk + 1) * cs, params["n"])
    ds = dataset.open_dataset(params["deals_path"], "deals")
    expr = (pads.field("deal_id") >= lo) & (pads.field("deal_id") < hi)
    deals = (
        ds.to_table(columns=["deal_id", "hand0", "hand1", "hand2", "widow"], filter=expr)
        .sort_by("deal_id")
        .to_pandas()
    )
    if len(deals) != hi - lo:
        raise dataset.DatasetError(f"deals {lo}..{hi - 1} not found in {params['deals_path']}")
    return deals
