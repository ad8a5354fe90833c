"""An ``sd`` dataset of the first schema (values only per world) is still
read, serves games with its worlds drawn again, and upgrades to the current
schema with the content a fresh build gives."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from analysis import dataset
from analysis.dataset import _files as dataset_files  # the schema versions a writer stamps
from analysis.dataset.schema import SD_COLUMNS, SD_WORLD_COLUMNS
from analysis.game.pools import SDPoolSource
from analysis.reference.upgrade import upgrade_sd
from analysis.rules import Rules

CLUB = Rules.profile("club")
OLD = [c for c in SD_COLUMNS if c not in SD_WORLD_COLUMNS]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A small sd dataset of the current schema, and a copy of it written in schema 1."""
    from analysis.jobs.deals import run_deal
    from analysis.jobs.solutions import run_solve

    root = tmp_path_factory.mktemp("schema1")
    run_deal(root / "deals", 4, 11, CLUB, chunk_size=4, workers=1, progress=False)
    new = run_solve(
        root / "deals", root / "sd", play="pimc", worlds=2, seed=3, chunk_size=2, workers=1, progress=False
    )
    params = {k: v for k, v in dataset.read_params(root / "sd").items() if k not in ("schema_version",)}
    old = root / "sd1"
    mp = pytest.MonkeyPatch()
    mp.setitem(dataset_files.SCHEMA_VERSIONS, "sd", 1)  # write as the first schema did
    try:
        dataset.open_output(old, params)
        for c in range(params["n_chunks"]):
            t = pq.read_table(dataset.chunk_path(str(root / "sd"), c)).select(OLD)
            dataset.write_chunk(old, c, t.replace_schema_metadata(None), params)
        dataset.finalize(old, pa.schema([(k, SD_COLUMNS[k]) for k in OLD]))
    finally:
        mp.undo()
    return root, new["content_hash"]


def test_a_schema_one_dataset_is_read(built):
    root, _ = built
    assert (
        dataset.read_params(root / "sd1")["schema_version"] == 1 and dataset_files.SCHEMA_VERSIONS["sd"] == 2
    )
    frame = dataset.load_sd(root / "sd1")
    assert len(frame) == 12 and not set(SD_WORLD_COLUMNS) & set(frame.columns)


def test_its_worlds_are_drawn_again_as_stored_in_schema_two(built):
    root, _ = built
    old = SDPoolSource(root / "sd1", CLUB)
    new = SDPoolSource(root / "sd", CLUB)
    assert old.worlds_of is None and new.worlds_of is not None
    for ref in range(4):
        for seat in range(3):
            w = old.row_worlds(ref, seat)
            assert w == new.row_worlds(ref, seat)
            w = np.array(w)
            # the card points not the declarer's are the defenders'
            assert (w[:, 1] + w[:, 2] >= 120 - w[:, 0]).all() and (w[:, 3] + w[:, 4] <= 8).all()
    assert old.redrawn == 12 and new.redrawn == 0


def test_upgrading_gives_the_content_of_a_fresh_build(built, tmp_path):
    import shutil

    root, want = built
    copy = tmp_path / "sd"
    shutil.copytree(root / "sd1", copy)
    shutil.copytree(root / "deals", tmp_path / "deals")  # found beside it by name
    got = upgrade_sd(copy)
    assert got["content_hash"] == want and got["decisions_changed"] == 0
    assert dataset.read_params(copy)["schema_version"] == 2
    assert not (tmp_path / "sd.upgrading").exists() and not (tmp_path / "sd.schema1").exists()
    with pytest.raises(dataset.DatasetError, match="schema 1"):
        upgrade_sd(copy)
