"""The solutions dataset: columns, worker independence, refusals (DESIGN.md, contract 4)."""

from pathlib import Path

import numpy as np
import pytest

from analysis import dataset
from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve
from analysis.rules import PROFILES
from analysis.solver import exchange_value


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    out = tmp_path_factory.mktemp("d") / "deals"
    run_deal(out, 50, 17, PROFILES["club"], chunk_size=50, workers=1)
    return out


def test_solutions_match_exchange_value_and_join(deals, tmp_path):
    m1 = run_solve(deals, tmp_path / "s1", n=12, chunk_size=5, workers=1)
    m2 = run_solve(deals, tmp_path / "s2", n=12, chunk_size=5, workers=2)
    assert m1["content_hash"] == m2["content_hash"] and m1["rows"] == 36
    df = dataset.load(tmp_path / "s1")
    assert len(df) == 36 and set(df["seat"]) == {0, 1, 2}
    for row in df.sample(6, random_state=1).itertuples():
        hands = [int(getattr(row, f"hand{i}")) for i in range(3)]
        s = row.seat
        r = exchange_value(hands[s], int(row.widow), hands[(s + 1) % 3], hands[(s + 2) % 3])
        assert (r.value, r.give_left, r.give_right) == (row.value, row.give_left, row.give_right)
    # the line adds up: all 120 card points are taken, 8 tricks are played
    assert (df["declarer_tricks"] + df["left_tricks"] + df["right_tricks"] == 8).all()


def test_other_conventions_never_mix(deals, tmp_path):
    run_solve(deals, tmp_path / "s", n=3, chunk_size=3, workers=1)
    with pytest.raises(dataset.DatasetError, match="other parameters.*solver_fingerprint|other parameters"):
        run_solve(deals, tmp_path / "s", PROFILES["wiki"], n=3, chunk_size=3, workers=1)
    with pytest.raises(ValueError, match="^n must be"):
        run_solve(deals, tmp_path / "t", n=51)
    with pytest.raises(dataset.DatasetError, match="not deals"):
        run_solve(tmp_path / "s", tmp_path / "u", n=1)


def test_cli_refuses_a_seat_named_twice(deals, tmp_path, capsys):
    from analysis.cli import main

    out = tmp_path / "s"
    assert main(["solve", "--deals", str(deals), "--out", str(out), "--n", "2", "--seats", "0,0"]) == 2
    assert "names a seat twice" in capsys.readouterr().err
    assert not out.exists()


def test_cli_notes_rules_other_than_the_deals(deals, tmp_path, capsys):
    from analysis.cli import main

    assert (
        main(
            [
                "solve",
                "--deals",
                str(deals),
                "--out",
                str(tmp_path / "w"),
                "--n",
                "1",
                "--rules",
                "wiki",
                "--no-progress",
            ]
        )
        == 0
    )
    assert "deals were made under club" in capsys.readouterr().err
    assert (
        main(
            [
                "solve",
                "--deals",
                str(deals),
                "--out",
                str(tmp_path / "c"),
                "--n",
                "1",
                "--rules",
                "club",
                "--no-progress",
            ]
        )
        == 0
    )
    assert "note" not in capsys.readouterr().err
    # a variant by --set alone is other rules too
    assert (
        main(
            [
                "solve",
                "--deals",
                str(deals),
                "--out",
                str(tmp_path / "v"),
                "--n",
                "1",
                "--set",
                "redeal_hand_under=0",
                "--no-progress",
            ]
        )
        == 0
    )
    assert (
        "deals were made under club; their redeal columns follow club, the solutions "
        "follow club+redeal_hand_under=0"
    ) in capsys.readouterr().err


def test_solutions_under_other_rules_read_with_their_redeal_columns(deals, tmp_path):
    # deals made under club, solved under a variant whose redeals are claimed
    # by choice, never forced: read together, the redeal columns are the
    # variant's (it decides which of these deals are played), so readers
    # that drop redealt deals (dataset_odds, BidModel.fit, the research
    # tables) keep the deals the variant plays
    from analysis.odds import dataset_odds
    from analysis.redeal import FLAG_COLUMNS, redeal_flags

    variant = PROFILES["club"].with_changes("redeal_claim=claimable")
    run_solve(deals, tmp_path / "v", variant, n=50, seats=(0,), chunk_size=50, workers=1)
    own = dataset.load(deals)
    joined = dataset.load(tmp_path / "v")
    assert "recomputed under club+redeal_claim=claimable" in joined.attrs["solutions"]["redeal_columns"]
    want = redeal_flags(joined[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32), variant)
    for name in FLAG_COLUMNS:
        assert (joined[name].to_numpy() == want[name]).all(), name
    # the case this is about occurs in these deals: club redeals some the variant plays
    club_forced = own.set_index("deal_id").loc[joined.deal_id, "redeal_forced"].to_numpy()
    assert (club_forced & ~joined.redeal_forced.to_numpy()).any()
    assert dataset_odds(tmp_path / "v", contracts=[100]).n.sum() == (~want["redeal_forced"]).sum()
    # solutions under the deals' own rules keep the deals' columns as they are
    run_solve(deals, tmp_path / "c", n=5, seats=(0,), chunk_size=5, workers=1)
    same = dataset.load(tmp_path / "c")
    assert "redeal_columns" not in same.attrs["solutions"]
    assert same.redeal_forced.tolist() == own.redeal_forced[:5].tolist()


def test_deals_and_solutions_moved_together_still_join(tmp_path):
    # the solutions record their deals' absolute path; a copy of the data
    # folder (another machine, another user) must still work, wherever a
    # solutions dataset is opened: load, the simulator's pool, dataset odds
    import shutil

    from analysis.game.pools import load_pool_frame
    from analysis.odds import dataset_odds

    src = tmp_path / "a"
    run_deal(src / "deals", 6, 5, PROFILES["club"], chunk_size=6, workers=1)
    run_solve(src / "deals", src / "sol", n=4, chunk_size=4, workers=1)
    before = dataset.load(src / "sol")
    dst = tmp_path / "b"
    shutil.move(src, dst)
    assert dataset.solved_deals(dst / "sol") == str(dst / "deals")
    after = dataset.load(dst / "sol")
    assert after.equals(before) and len(after) == 12
    frame, _ = load_pool_frame(dst / "sol")
    assert len(frame) == 12 and frame["hand0"].notna().all()
    assert dataset_odds(dst / "sol", by=["seat"]).shape[0] > 0
    # without the deals beside them, the error says where they were looked for
    shutil.move(dst / "deals", tmp_path / "elsewhere")
    with pytest.raises(dataset.DatasetError) as e:
        dataset.load(dst / "sol")
    msg = str(e.value)
    assert f"{src / 'deals'} is missing" in msg and f"{dst / 'deals'} is missing" in msg
    assert "deals_path" in msg and "load(DEALS, SOLUTIONS)" in msg
    # the deals passed explicitly still join
    assert dataset.load(tmp_path / "elsewhere", dst / "sol").equals(before)
    # rerunning the solve with the deals where they are now records that place
    m = run_solve(tmp_path / "elsewhere", dst / "sol", n=4, chunk_size=4, workers=1)
    assert m["chunks_written"] == 0
    assert dataset.solved_deals(dst / "sol") == str(tmp_path / "elsewhere")
    assert dataset.load(dst / "sol").equals(before)
    assert len(load_pool_frame(dst / "sol")[0]) == 12
    shutil.move(tmp_path / "elsewhere", tmp_path / "gone")
    # other deals of the same name beside them are refused, not joined
    run_deal(dst / "elsewhere", 6, 99, PROFILES["club"], chunk_size=6, workers=1)
    with pytest.raises(
        dataset.DatasetError,
        match="holds other deals than those solved: it was dealt with seed 99, n 6, chunk size 6",
    ):
        load_pool_frame(dst / "sol")
    with pytest.raises(dataset.DatasetError, match="solves other deals than .*: it was dealt with seed 99"):
        dataset.load(dst / "elsewhere", dst / "sol")
    # solutions are joined to deals only, never silently dropped
    with pytest.raises(
        dataset.DatasetError, match="holds a solutions dataset; solutions are joined to a deals dataset"
    ):
        dataset.load(dst / "sol", dst / "sol")


def test_moved_solutions_resume_and_paths_are_normalised(tmp_path, capsys, monkeypatch):
    # a solve interrupted, then moved with its deals, resumes where it was
    # (the deals are identified by their hash, not by where they lie)
    import shutil

    from analysis.cli import main

    src = tmp_path / "a"
    run_deal(src / "deals", 6, 5, PROFILES["club"], chunk_size=6, workers=1)
    run_solve(src / "deals", src / "sol", n=2, chunk_size=1, workers=1)
    (src / "sol" / "_manifest.json").unlink()
    Path(dataset.chunk_path(src / "sol", 1)).unlink()
    shutil.move(src, tmp_path / "b")
    b = tmp_path / "b"
    m = run_solve(b / "deals", b / "sol", n=2, chunk_size=1, workers=1)
    assert m["rows"] == 6 and m["chunks_written"] == 1
    # another deals dataset is still refused
    run_deal(tmp_path / "other", 6, 6, PROFILES["club"], chunk_size=6, workers=1)
    with pytest.raises(dataset.DatasetError, match="other parameters.*deals_hash"):
        run_solve(tmp_path / "other", b / "sol", n=2, chunk_size=1, workers=1)
    # ".", ".." and links name the folder itself, not one inside it
    monkeypatch.chdir(b)
    for out in ("sol/.", "./deals/../sol/", str(b / "sol") + "/"):
        assert (
            main(
                ["solve", "--deals", "deals", "--out", out, "--n", "2", "--chunk-size", "1", "--no-progress"]
            )
            == 0
        ), capsys.readouterr().err
    (tmp_path / "link").symlink_to(b / "deals")
    for out in ("deals", "deals/.", str(tmp_path / "link")):
        assert main(["solve", "--deals", "deals", "--out", out, "--n", "1", "--no-progress"]) == 2
        assert "is the deals folder" in capsys.readouterr().err
    (b / "deals" / "sub").mkdir()
    (tmp_path / "inner").symlink_to(b / "deals" / "sub")
    assert main(["deal", "--n", "6", "--seed", "1", "--out", str(tmp_path / "inner"), "--no-progress"]) == 2
    assert "inside the dataset folder" in capsys.readouterr().err


def test_run_summary_and_dataset_odds_count_the_same_deals(deals, tmp_path):
    # `thousand run`'s [odds] table counted deals the rules redeal by force
    # before play, which dataset_odds (and every odds table) leaves out
    from analysis.deal_summary import value_summary
    from analysis.odds import dataset_odds

    run_solve(deals, tmp_path / "s", n=50, seats=(0,), chunk_size=50, workers=1)
    forced = int(dataset.load(deals).redeal_forced.sum())
    assert forced > 0  # the case occurs in these deals
    summary = value_summary(tmp_path / "s", contracts=(100, 120))
    odds = dataset_odds(tmp_path / "s", by="seat", contracts=[100, 120])
    for c in (100, 120):
        row = odds[odds.contract == c].iloc[0]
        assert summary.loc[(0, c), "count"] == row.made
        assert summary.loc[(0, c), "p"] == pytest.approx(row.made / (50 - forced))
