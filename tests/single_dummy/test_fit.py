"""BidModel fitted on single-dummy outcomes: ``build fit --outcomes pimc``."""

import numpy as np
import pytest

from analysis.dataset import load_sd as load
from analysis.errors import ReferencePoolError
from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve
from analysis.odds import BidModel
from analysis.odds.build import SPLITS, fit_pool, main, model_path, replay_written_off
from analysis.rules import Rules
from analysis.single_dummy import sd_fingerprint


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A reference folder whose club pool has a (tiny) built single-dummy pool."""
    root = tmp_path_factory.mktemp("ref")
    run_deal(root / "club" / "deals", 30, 5, Rules.profile("club"), chunk_size=30, workers=1, progress=False)
    run_solve(
        root / "club" / "deals",
        root / "club" / "sd",
        play="pimc",
        worlds=1,
        seed=2,
        chunk_size=15,
        workers=1,
        progress=False,
    )
    return root


def test_fit_on_single_dummy_rows_is_the_plain_fit_of_their_values(base, tmp_path):
    assert (
        main(
            [
                "fit",
                "--pool",
                "club",
                "--outcomes",
                "pimc",
                "--reference",
                str(base),
                "--out-dir",
                str(tmp_path),
                "--split-chunk-size",
                "4",
            ]
        )
        == 0
    )
    m = BidModel.load(model_path("club", outcomes="pimc", folder=tmp_path))
    assert model_path("club", outcomes="pimc", points_only=True, folder=tmp_path).is_file()
    assert m.info["outcomes"] == "pimc" and m.info["sd_fingerprint"] == sd_fingerprint("club")
    assert m.info["pool"]["name"] == "club-sd" and m.info["worlds"] == 1 and m.info["sd_seed"] == 2
    # the same model as BidModel.fit on the rows' single-dummy values, training deals only
    rows = replay_written_off(load(base / "club" / "sd"), Rules.profile("club"))
    assert m.info["written_off_rows_replayed"] == int(load(base / "club" / "sd").written_off.sum())
    train = rows[(rows.deal_id // 4) % 5 != 4]  # deals 16..19 held out
    train.attrs = {}
    ref = BidModel.fit(train)
    np.testing.assert_array_equal(m.grid, ref.grid)
    np.testing.assert_allclose(
        m.p_table(train.hand0.to_numpy(np.uint32)[:5], 0), ref.p_table(train.hand0.to_numpy(np.uint32)[:5], 0)
    )
    assert m.info["n_rows"] == ref.info["n_rows"] and m.info["held_out_deals"] == 4
    assert SPLITS["pimc"]["chunk_size"] == 100


def test_an_unbuilt_single_dummy_pool_is_named_with_its_build_command(tmp_path):
    with pytest.raises(ReferencePoolError, match="thousand reference build club-sd"):
        fit_pool("club", outcomes="pimc", base=tmp_path)
    with pytest.raises(ValueError, match="no single-dummy pool"):
        fit_pool("nope", outcomes="pimc", base=tmp_path)


def test_a_replayed_row_plays_as_the_pool_played_it(base):
    """Replaying uses each row's own seed: a row played in the pool, marked
    written off and replayed, gets back the value the pool stored."""
    rows = load(base / "club" / "sd")
    played = rows[~rows.written_off.to_numpy(bool)].head(3).copy()
    played.attrs = rows.attrs
    marked = played.copy()
    marked.attrs = rows.attrs
    marked["written_off"] = True
    marked["value"] = -1
    again = replay_written_off(marked, Rules.profile("club"))
    assert again.value.tolist() == played.value.tolist()


def test_written_off_rows_get_a_played_value(base):
    rows = load(base / "club" / "sd")
    wo = rows.written_off.to_numpy(bool)
    assert wo.any(), "the tiny pool should hold a row written off at the fresh table"
    again = replay_written_off(rows, Rules.profile("club"))
    assert (rows.value.to_numpy()[wo] == 0).all()  # stored without play
    assert (again.value.to_numpy()[wo] > 0).mean() > 0.5  # played out: most take card points
    assert again.value.to_numpy()[~wo].tolist() == rows.value.to_numpy()[~wo].tolist()
