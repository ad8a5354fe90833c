"""BidModel fitted on single-dummy outcomes: ``build fit --outcomes pimc``."""

import numpy as np
import pytest

from analysis import reference
from analysis.dataset import load_sd as load
from analysis.errors import ReferencePoolError
from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve
from analysis.odds import BidModel
from analysis.odds.build import SPLITS, fit_pool, main, model_path, replay_written_off
from analysis.rules import Rules
from analysis.single_dummy import has_play, sd_fingerprint

#: The registry's club single-dummy pool, as the tiny one of :func:`base`.
TINY = reference.SDPoolSpec("club-sd", "club", "club", 30, worlds=1, seed=2, chunk=15)


@pytest.fixture(autouse=True)
def tiny_registry(monkeypatch):
    """The tiny pool in the place of the shipped club single-dummy pool."""
    monkeypatch.setattr(reference.registry, "SD_POOLS", (TINY,))


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
    # a pool built now stores the play of every row, written off ones included: none replayed
    rows = load(base / "club" / "sd")
    assert rows.written_off.any() and has_play(rows).all()
    assert m.info["written_off_rows_replayed"] == 0
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


def _older(rows):
    """``rows`` as a pool built before written-off rows kept their play: no
    moves and a value of 0 where written off."""
    old = rows.copy()
    old.attrs = rows.attrs
    wo = old.written_off.to_numpy(bool)
    old["moves"] = [None if w else m for w, m in zip(wo, old["moves"])]
    old.loc[wo, "value"] = 0
    return old


def test_an_older_pools_written_off_rows_get_back_the_stored_play(base):
    """Replaying uses each row's own seed: an older pool's written-off rows,
    replayed, hold the value a pool built now stores for them."""
    rows = load(base / "club" / "sd")
    wo = rows.written_off.to_numpy(bool)
    assert wo.any(), "the tiny pool should hold a row written off at the fresh table"
    old = _older(rows)
    assert (has_play(old) == ~wo).all()
    again = replay_written_off(old, Rules.profile("club"))
    assert again.value.tolist() == rows.value.tolist()
    assert (again.value.to_numpy()[wo] > 0).mean() > 0.5  # played out: most take card points


def test_rows_holding_their_play_are_not_played_again(base, monkeypatch):
    rows = load(base / "club" / "sd")
    monkeypatch.setattr(
        "analysis.odds.build.play_out", lambda *a, **k: pytest.fail("a row with its play was replayed")
    )
    assert replay_written_off(rows, Rules.profile("club")).value.tolist() == rows.value.tolist()
