"""Deals joined with their outcomes, and where the solved deals are now.

A solutions dataset, or a single-dummy (``sd``) one, records the deals it
played by their identity (``deals_hash``, a hash of the parameters that
made them) and by the place they were at (``deals_path``).  :func:`load`
joins the two, whichever the kind of outcome (:func:`load_sd` for the
single-dummy rows); when the outcomes were made under other rules than the
deals, the redeal columns are recomputed under the outcomes' rules
(:func:`redeals_under`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from ..errors import DatasetError
from ..rules import Rules
from ._files import PARAMS_FILE, absolute
from .integrity import comparable
from .read import read_frame
from .storage import read_params

__all__ = ["load", "load_sd", "solved_deals", "deals_identity", "redeals_under"]


def load(path: str | Path, solutions: str | Path | None = None):
    """Read deals joined with their solutions, as a pandas DataFrame.

    Parameters
    ----------
    path : path
        A ``deals`` dataset, a ``solutions`` dataset (whose parameters
        name the deals it solved), an ``sd`` dataset (joined with its deals
        by :func:`load_sd`), or a ``games`` dataset
        (returned alone).
    solutions : path, optional
        With a deals ``path``: the solutions dataset to join.  Without it a
        deals dataset is returned alone.

    Returns
    -------
    pandas.DataFrame
        One row per deal (deals alone), or per (deal, seat) with the deal's
        columns beside the solution's.  With solutions, ``attrs["solutions"]``
        records where they come from: ``path``, ``rules`` (the profile's
        name), ``solver_fingerprint`` and ``solver_version`` (fitting a
        :class:`analysis.odds.BidModel` on the frame records them).  When
        the solutions were made under other rules than the deals, the
        redeal columns (``redeal_forced`` and the rest) are recomputed under
        the solutions' rules, which decide how those deals are played, and
        ``attrs["solutions"]["redeal_columns"]`` says so.

    Raises
    ------
    DatasetError
        On a wrong kind, another schema version, or solutions of other deals.
    """
    params = read_params(path)
    if params.get("kind") != "deals" and solutions is not None:
        raise DatasetError(
            f"{path} holds a {params.get('kind')} dataset; solutions are joined "
            "to a deals dataset: load(DEALS, SOLUTIONS), or load(SOLUTIONS) "
            "alone"
        )
    if params.get("kind") == "games":
        return read_frame(path, "games")
    if params.get("kind") == "sd" and solutions is None:
        return load_sd(path)
    if params.get("kind") == "solutions":
        # solved_deals checks that the deals it finds are the ones solved
        sp = params
        solutions, path = path, solved_deals(path, params)
    elif solutions is not None:
        sp = read_params(solutions)
        if sp.get("deals_hash") not in (None, _deals_identity(params)):
            raise DatasetError(f"{solutions} solves other deals than {path}: {_other_deals(path, params)}")
    deals = read_frame(path, "deals")
    if solutions is None:
        return deals
    sol = read_frame(solutions, "solutions")
    frame = sol.merge(deals, on="deal_id", how="left", validate="many_to_one")
    frame.attrs["solutions"] = {
        "path": str(solutions),
        "rules": sp.get("rules_name"),
        "solver_fingerprint": sp.get("solver_fingerprint"),
        "solver_version": sp.get("solver_version"),
    }
    dealt = read_params(path)
    if (
        sp.get("rules") is not None
        and dealt.get("rules") is not None
        and comparable({"rules": sp["rules"]}) != comparable({"rules": dealt["rules"]})
    ):
        # other conventions, whatever the rules were called
        redeals_under(frame, sp["rules"])
        frame.attrs["solutions"]["redeal_columns"] = (
            f"recomputed under {sp.get('rules_name')}, the solutions' rules "
            f"(the deals were made under {dealt.get('rules_name')})"
        )
    return frame


def load_sd(path, *, require_complete: bool = True):
    """Read a single-dummy (``sd``) dataset joined with the deals it played.

    Parameters
    ----------
    path : path
        An ``sd`` dataset folder (``thousand solve --play pimc``).  Its deals
        are found as :func:`solved_deals` finds a solutions dataset's: at
        the recorded place, or under the same name beside it.
    require_complete : bool
        Refuse a folder whose job has not finished (default); False reads
        the chunks written so far (a pool being built, verified as it grows).

    Returns
    -------
    pandas.DataFrame
        One row per (deal, seat), sorted by ``deal_id`` then ``seat``: the
        ``sd`` columns (docs/DATA.md; ``moves`` and ``estimates`` hold
        integer arrays) beside the deal's columns.  ``attrs["sd"]`` records
        the source: ``path``, ``rules``, ``worlds``, ``bid``, ``seed``,
        ``sd_fingerprint``, ``sd_version``.  When the rows were played under
        other rules than the deals were dealt under, the redeal columns are
        recomputed under the rows' rules (as :func:`load` does for
        solutions).

    Raises
    ------
    DatasetError
        If ``path`` is not a complete ``sd`` dataset of this schema version
        (with ``require_complete``), or its deals are not found.
    """
    params = read_params(path)
    if params.get("kind") != "sd":
        raise DatasetError(
            f"{path} is a {params.get('kind')} dataset, not sd (thousand solve --play pimc)", path=path
        )
    rows = read_frame(path, "sd", require_complete=require_complete)
    deals_path = solved_deals(path, params)
    deals = read_frame(deals_path, "deals")
    frame = rows.merge(deals, on="deal_id", how="left", validate="many_to_one")
    frame = frame.sort_values(["deal_id", "seat"], kind="stable").reset_index(drop=True)
    frame.attrs["sd"] = {
        "path": str(path),
        "rules": params.get("rules_name"),
        **{k: params.get(k) for k in ("worlds", "bid", "seed", "sd_fingerprint", "sd_version")},
    }
    dealt = read_params(deals_path)
    if comparable({"rules": params["rules"]}) != comparable({"rules": dealt.get("rules")}):
        redeals_under(frame, params["rules"])
        frame.attrs["sd"]["redeal_columns"] = f"recomputed under {params.get('rules_name')}"
    return frame


def redeals_under(frame, rules_fields: dict) -> None:
    """Replace a joined frame's redeal columns by those of the solutions' rules.

    The deals dataset's redeal columns follow the rules it was dealt under;
    solutions made under other rules say how those deals play under *their*
    rules, which also decide which deals are redealt before play (RULES.md,
    "Redeals").  Readers that leave redealt deals out (``redeal_forced``)
    would otherwise drop the wrong ones.
    """
    # the redeal predicates are numba kernels: compiled (or loaded from the
    # cache) on the first recomputation, not when a dataset is read
    from ..redeal import FLAG_COLUMNS, redeal_flags

    hands = frame[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)
    flags = redeal_flags(hands, Rules.from_stored(rules_fields))
    for name, dtype in FLAG_COLUMNS.items():
        if name in frame.columns:
            frame[name] = np.asarray(flags[name]).astype(dtype)


def solved_deals(solutions: str | Path, params: dict | None = None) -> str:
    """Where the deals solved by a solutions dataset are now.

    A solutions dataset records the absolute path of its deals
    (``deals_path`` in its parameters) and their identity (``deals_hash``).
    When the two folders were moved or copied together, that path is stale:
    a deals folder of the same name beside the solutions folder, holding
    the same deals, is taken instead.

    Parameters
    ----------
    solutions : path
        A ``solutions`` dataset folder.
    params : dict, optional
        Its parameters, when already read.

    Returns
    -------
    str
        The deals folder: the recorded path, or its namesake beside
        ``solutions``.

    Raises
    ------
    DatasetError
        If neither holds the deals the solutions were made from; the
        message names both places and how to pass the deals explicitly.
    """
    params = read_params(solutions) if params is None else params
    recorded = str(params["deals_path"])
    places = [recorded]
    if "://" not in recorded and "://" not in str(solutions):
        beside = str(Path(absolute(solutions)).parent / Path(recorded).name)
        if beside != recorded:
            places.append(beside)
    seen = []
    for place in places:
        try:
            dp = read_params(place)
        except DatasetError:
            seen.append(f"{place} is missing")
            continue
        if dp.get("kind") == "deals" and params.get("deals_hash") in (None, _deals_identity(dp)):
            return place
        seen.append(f"{place} holds other deals than those solved: {_other_deals(place, dp)}")
    raise DatasetError(
        f"{solutions} was solved from the deals at {recorded} (deals_path in its "
        f"{PARAMS_FILE}): {'; '.join(seen)}. Put the deals folder, under its name "
        f"{Path(recorded).name!r}, beside the solutions folder; or rerun "
        "`thousand solve --deals DEALS --out SOLUTIONS` with its other options as before, "
        "which records where the deals are now; or join them yourself: "
        "analysis.dataset.load(DEALS, SOLUTIONS)"
    )


def _other_deals(path, params: dict) -> str:
    """Why a deals folder is not the one a solutions dataset solved: deals
    are told apart by the parameters that made them (:func:`_deals_identity`),
    not row by row, so a folder dealt with the same seed but another size
    or chunk size counts as other deals even where its first rows agree."""
    if params.get("kind") != "deals":
        return f"it is a {params.get('kind')} dataset"
    return (
        f"it was dealt with seed {params.get('seed')}, n {params.get('n')}, chunk size "
        f"{params.get('chunk_size')}, and solutions belong to the deals dataset made "
        "with the parameters they were solved from"
    )


def _deals_identity(params: dict) -> str:
    keep = {k: params.get(k) for k in ("seed", "n", "chunk_size", "kind")}
    return hashlib.sha256(json.dumps(keep, sort_keys=True).encode()).hexdigest()[:16]


def deals_identity(path: str | Path) -> str:
    """Short hash that identifies which deals a deals dataset holds."""
    return _deals_identity(read_params(path))
