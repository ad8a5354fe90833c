"""A single-dummy dataset of the first sd schema (values only per world) is
still read and serves games: the shipped club-sd pool is one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from analysis import dataset
from analysis.dataset.schema import SD_WORLD_COLUMNS
from analysis.game.pools import SDPoolSource
from analysis.rules import Rules
from analysis.single_dummy.decide import declarer_worlds, world_outcomes

CLUB = Rules.profile("club")
SHIPPED = Path(__file__).resolve().parents[2] / "data" / "reference" / "club" / "sd"


@pytest.fixture(scope="module")
def shipped():
    if not (SHIPPED / "_params.json").exists():
        pytest.skip("the club-sd reference pool is not in this checkout")
    return SHIPPED


def test_a_schema_one_dataset_is_read(shipped):
    params = dataset.read_params(shipped)
    if params["schema_version"] != 1:
        pytest.skip("the shipped club-sd pool has been rebuilt in the current schema")
    assert dataset.SCHEMA_VERSIONS["sd"] == 2
    frame = dataset.load_sd(shipped)
    assert len(frame) == 3 * params["n"] and not set(SD_WORLD_COLUMNS) & set(frame.columns)


def test_its_worlds_are_drawn_again_and_solved(shipped):
    src = SDPoolSource(shipped, CLUB)
    if src.worlds_of is not None:
        pytest.skip("the shipped club-sd pool has been rebuilt in the current schema")
    for ref, seat in ((0, 0), (7, 2)):
        w = np.array(src.row_worlds(ref, seat))
        assert w[:, 0].tolist() == src.estimates[ref, seat].tolist()
        h = [int(x) for x in src.masks[ref]]
        ten = h[seat] | h[3]
        gl, gr = int(src.table[ref, seat, 1]), int(src.table[ref, seat, 2])
        lay = declarer_worlds(ten, src.worlds, src.row_seed(ref, seat))
        assert w.tolist() == world_outcomes(ten, gl, gr, lay, CLUB).tolist()
        # the defenders' card points are what the declarer's value leaves, at least
        assert (w[:, 1] + w[:, 2] >= 120 - w[:, 0]).all() and (w[:, 3] + w[:, 4] <= 8).all()
    assert src.redrawn == 2
