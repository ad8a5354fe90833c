"""BidModel fitted on single-dummy outcomes: ``build fit --outcomes pimc``."""

import numpy as np
import pytest

from analysis.jobs.deals import run_deal
from analysis.jobs.single_dummy import run_sd
from analysis.odds import BidModel
from analysis.odds.build import main
from analysis.odds.build_sd import SD_SPLIT, fit_sd_pool, sd_model_file
from analysis.reference import ReferencePoolError
from analysis.rules import Rules
from analysis.single_dummy import sd_fingerprint
from analysis.single_dummy.batch import load


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A reference folder whose club pool has a (tiny) built single-dummy pool."""
    root = tmp_path_factory.mktemp("ref")
    run_deal(root / "club" / "deals", 30, 5, Rules.profile("club"), chunk_size=30, workers=1, progress=False)
    run_sd(
        root / "club" / "deals",
        root / "club" / "sd",
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
    m = BidModel.load(sd_model_file("club", folder=tmp_path))
    assert sd_model_file("club", points_only=True, folder=tmp_path).is_file()
    assert m.info["outcomes"] == "pimc" and m.info["sd_fingerprint"] == sd_fingerprint("club")
    assert m.info["pool"]["name"] == "club-sd" and m.info["worlds"] == 1 and m.info["sd_seed"] == 2
    # the same model as BidModel.fit on the rows' single-dummy values, training deals only
    rows = load(base / "club" / "sd")
    train = rows[(rows.deal_id // 4) % 5 != 4]  # deals 16..19 held out
    train.attrs = {}
    ref = BidModel.fit(train)
    np.testing.assert_array_equal(m.grid, ref.grid)
    np.testing.assert_allclose(
        m.p_table(train.hand0.to_numpy(np.uint32)[:5], 0), ref.p_table(train.hand0.to_numpy(np.uint32)[:5], 0)
    )
    assert m.info["n_rows"] == ref.info["n_rows"] and m.info["held_out_deals"] == 4
    assert SD_SPLIT["chunk_size"] == 100


def test_an_unbuilt_single_dummy_pool_is_named_with_its_build_command(tmp_path):
    with pytest.raises(ReferencePoolError, match="thousand reference build club-sd"):
        fit_sd_pool("club", base=tmp_path)
    with pytest.raises(ValueError, match="no single-dummy pool"):
        fit_sd_pool("nope", base=tmp_path)
