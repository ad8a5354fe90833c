"""An ``sd`` dataset of schema 1 brought to the current schema without
playing its deals again (docs/SINGLE_DUMMY.md, section 7).

Schema 1 rows hold the declarer's value in each of his worlds, not the
defenders' points and tricks there, and their contract and write-off were
decided by the declarer's own change.  :func:`upgrade_sd` draws each row's
worlds again from its seed (:func:`analysis.single_dummy.decide.declarer_worlds`,
checked against the stored values), solves the defenders' side after the
row's gift (:func:`~analysis.single_dummy.decide.world_outcomes`) and
decides again at the dataset's bid at a fresh table
(:func:`analysis.single_dummy.choose_contract`): exactly what
:func:`analysis.single_dummy.play_deals` gives now, as the gift, the worlds
and the play do not depend on the decision.  Every row keeps or gains its
play (:func:`analysis.single_dummy.batch.has_play`): a row played keeps it
whatever the new decision; a row written off in schema 1, which stored no
play, is played again with its seed.  ``thousand reference verify`` plays
random rows again and compares every column.

:func:`redecide_sd` brings the decisions of a dataset of the current schema
up to the current criterion the same way, when the criterion changed and
the play did not (the shipped small pools stored the lowest of equally good
contracts; the criterion names the highest): only the contract and
write-off columns of the rows that differ change.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from .. import dataset
from ..bids import bid_cap
from ..dataset.schema import SD_COLUMNS, SD_WORLD_COLUMNS, sd_schema
from ..errors import DatasetError
from ..rules import Rules
from ..single_dummy import choose_contract, play_deals, stored_decisions
from ..single_dummy.batch import row_seed
from ..single_dummy.decide import declarer_worlds, world_outcomes

__all__ = ["upgrade_sd", "redecide_sd"]

_KEPT = {"schema_version", "package_version"}


def _upgrade_rows(rows: pd.DataFrame, deals: pd.DataFrame, params: dict, rules) -> tuple[pd.DataFrame, int]:
    """The rows of one chunk in the current schema, and how many decisions changed."""
    out = rows.copy()
    hands = deals.set_index("deal_id")
    bid, worlds, seed = int(params["bid"]), int(params["worlds"]), int(params["seed"])
    cols: dict[str, list] = {c: [] for c in SD_WORLD_COLUMNS}
    changed = 0
    for i, row in enumerate(rows.itertuples(index=False)):
        d = hands.loc[int(row.deal_id)]
        h = [int(d[f"hand{k}"]) for k in range(3)]
        s, w = int(row.seat), int(d["widow"])
        ten = h[s] | w
        gl, gr = int(row.give_left), int(row.give_right)
        lay = declarer_worlds(ten, worlds, row_seed(seed, int(row.deal_id), s))
        got = world_outcomes(ten, gl, gr, lay, rules)
        if got[:, 0].tolist() != [int(x) for x in row.estimates]:
            raise DatasetError(
                f"deal {row.deal_id} seat {s}: its worlds drawn again give other values than the "
                "stored estimates; build the pool again"
            )
        for j, c in enumerate(SD_WORLD_COLUMNS):
            cols[c].append([int(x) for x in got[:, j + 1]])
        eight = ten & ~(1 << gl) & ~(1 << gr)
        choice = choose_contract(got, bid, rules, cap=int(bid_cap(rules, eight)))
        if (choice.contract, choice.written_off) != (int(row.contract), bool(row.written_off)):
            changed += 1
        if bool(row.written_off) and len(row.moves) == 0:
            # written off in schema 1: no play stored; played with its seed
            deal = pd.DataFrame(
                {"deal_id": [int(row.deal_id)], **{f"hand{k}": [h[k]] for k in range(3)}, "widow": [w]}
            )
            again = play_deals(deal, seats=(s,), rules=rules, worlds=worlds, seed=seed, bid=bid).iloc[0]
            for c in rows.columns:
                out.iat[i, out.columns.get_loc(c)] = again[c]
        else:  # the play stays; the decision is the criterion's
            out.iloc[i, out.columns.get_loc("contract")] = choice.contract
            out.iloc[i, out.columns.get_loc("written_off")] = choice.written_off
    for c, v in cols.items():
        out[c] = v
    return out[list(SD_COLUMNS)], changed


def upgrade_sd(path, *, progress=None) -> dict:
    """Rewrite the ``sd`` dataset at ``path`` (schema 1) in the current schema.

    Parameters
    ----------
    path : path
        A complete ``sd`` dataset of schema 1 with its deals where its
        parameters say (:func:`analysis.dataset.load_sd`).
    progress : callable, optional
        Called as ``progress(chunk, n_chunks, changed)`` after each chunk.

    Returns
    -------
    dict
        The new manifest (:func:`analysis.dataset.finalize`) plus
        ``decisions_changed``: rows whose contract or write-off the
        criterion decides otherwise than schema 1 stored.

    Raises
    ------
    DatasetError
        If ``path`` is not a complete ``sd`` dataset of schema 1, or a row's
        worlds drawn again give other values than it stored.

    Notes
    -----
    The new dataset is written beside the old one and takes its place once
    finished (the old folder is removed only then).
    """
    path = Path(path)
    params = dataset.read_params(path)
    if params.get("kind") != "sd" or params.get("schema_version") != 1:
        raise DatasetError(f"{path} is not an sd dataset of schema 1", path=path)
    rules = Rules.from_stored(params["rules"])
    deals = dataset.read_frame(dataset.solved_deals(path, params), "deals")
    return _rewrite(
        path,
        params,
        lambda part: _upgrade_rows(part, deals[deals["deal_id"].isin(part["deal_id"])], params, rules),
        progress,
    )


def _rewrite(path: Path, params: dict, rows_of, progress) -> dict:
    """Write the ``sd`` dataset at ``path`` again chunk by chunk, each
    chunk's rows made by ``rows_of(part) -> (rows, changed)``, beside the
    old one (a temporary folder) which it replaces once finished; the new
    manifest plus ``decisions_changed``."""
    new_params = {k: v for k, v in params.items() if k not in _KEPT}
    tmp = path.with_name(path.name + ".rewriting")
    if tmp.exists():
        shutil.rmtree(tmp)
    dataset.open_output(tmp, new_params)
    n_chunks, changed = int(params["n_chunks"]), 0
    for c in range(n_chunks):
        new, k = rows_of(pq.read_table(dataset.chunk_path(str(path), c)).to_pandas())
        changed += k
        table = pa.Table.from_pandas(new[list(SD_COLUMNS)], schema=sd_schema(), preserve_index=False)
        dataset.write_chunk(tmp, c, table, new_params)
        if progress is not None:
            progress(c + 1, n_chunks, changed)
    manifest = dataset.finalize(tmp, sd_schema())
    old = path.with_name(path.name + ".before")
    path.rename(old)
    tmp.rename(path)
    shutil.rmtree(old)
    return {**manifest, "decisions_changed": changed}


def redecide_sd(path, *, progress=None) -> dict:
    """Rewrite the decisions of the ``sd`` dataset at ``path`` (current
    schema) as the current criterion makes them from each row's worlds.

    Parameters
    ----------
    path : path
        A complete ``sd`` dataset of the current schema with its deals where
        its parameters say.
    progress : callable, optional
        Called as ``progress(chunk, n_chunks, changed)`` after each chunk.

    Returns
    -------
    dict
        The new manifest (:func:`analysis.dataset.finalize`) plus
        ``decisions_changed``: rows whose contract or write-off changed.

    Raises
    ------
    DatasetError
        If ``path`` is not a complete ``sd`` dataset of the current schema.

    Notes
    -----
    The gift, the worlds and the play do not depend on the decision
    (:func:`analysis.single_dummy.stored_decisions`), so no deal is
    played again; ``thousand reference verify`` checks every row's decision
    and plays random rows again.  The new dataset is written beside the old
    one and takes its place once finished.
    """
    path = Path(path)
    params = dataset.read_params(path)
    if params.get("kind") != "sd" or params.get("schema_version") == 1:
        raise DatasetError(
            f"{path} is not an sd dataset of the current schema (one of schema 1: upgrade_sd)", path=path
        )
    rules = Rules.from_stored(params["rules"])
    deals = dataset.read_frame(dataset.solved_deals(path, params), "deals")

    def rows_of(part):
        joined = part.merge(deals, on="deal_id", how="left", validate="many_to_one")
        contract, written_off = stored_decisions(joined, rules, int(params["bid"]))
        moved = (contract != part["contract"].to_numpy()) | (written_off != part["written_off"].to_numpy())
        part["contract"], part["written_off"] = contract, written_off
        return part, int(moved.sum())

    return _rewrite(path, params, rows_of, progress)
