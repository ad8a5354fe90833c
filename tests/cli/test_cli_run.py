"""``thousand run`` (make run's main job) on a tiny default."""

from analysis import dataset
from analysis.cli import main


def test_run_every_stage_small(tmp_path, capsys):
    rc = main(
        [
            "run",
            "--n",
            "3000",
            "--solve",
            "6",
            "--games",
            "3",
            "--report",
            "none",
            "--data",
            str(tmp_path),
            "--workers",
            "1",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0, out
    for stage in ("[deal]", "[redeals]", "[solve]", "[odds]", "[simulate]", "done in"):
        assert stage in out
    kinds = sorted(dataset.read_params(p)["kind"] for p in tmp_path.iterdir())
    assert kinds == ["deals", "games", "solutions"]
    games = dataset.read_frame(next(tmp_path.glob("games-*")), "games")
    assert games.game_id.nunique() == 3 and (games.groupby("game_id").winner.max() >= 0).all()
    # own information by default: the single-dummy pool, the model fitted on its play
    params = dataset.read_params(next(tmp_path.glob("games-*")))
    assert params["outcomes"]["play"] == "pimc" and params["estimator"]["outcomes"] == "pimc"
    assert "own-information outcomes" in out and "'club-sd-50k'" in out
    # --outcomes dd: double-dummy games from the reference pool, in a folder of their own
    argv = ["run", "--n", "3000", "--solve", "6", "--games", "2", "--outcomes", "dd", "--report", "none"]
    assert main([*argv, "--data", str(tmp_path), "--workers", "1", "--no-progress"]) == 0
    (dd,) = [p for p in tmp_path.glob("games-*-poolclub") if p.is_dir()]
    assert dataset.read_params(dd)["outcomes"]["play"] == "dd"


def test_another_n_into_the_same_data_folder_is_another_dataset(tmp_path, capsys):
    # the solutions folder was named by seed and --solve only, so a second --n
    # into the same --data clashed with the first run's solutions
    for n in ("3000", "4000"):
        rc = main(
            [
                "run",
                "--n",
                n,
                "--solve",
                "4",
                "--games",
                "0",
                "--report",
                "none",
                "--data",
                str(tmp_path),
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        assert rc == 0, capsys.readouterr()
    kinds = sorted(dataset.read_params(p)["kind"] for p in tmp_path.iterdir())
    assert kinds == ["deals", "deals", "solutions", "solutions"]


def test_run_says_when_it_caps_solve_or_skips_games(tmp_path, capsys):
    rc = main(
        [
            "run",
            "--n",
            "5",
            "--solve",
            "9",
            "--games",
            "0",
            "--report",
            "none",
            "--data",
            str(tmp_path / "a"),
            "--workers",
            "1",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0 and "--solve 9 is more than the 5 deals dealt" in out
    assert [p.name for p in (tmp_path / "a").glob("solutions-*")][0].endswith("-d5-n5")
    rc = main(
        [
            "run",
            "--n",
            "5",
            "--solve",
            "0",
            "--games",
            "2",
            "--report",
            "none",
            "--data",
            str(tmp_path / "b"),
            "--workers",
            "1",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0 and "no games are simulated" in out and "[simulate]" not in out


def test_simulate_names_games_in_its_error(tmp_path, capsys):
    assert main(["simulate", "--games", "0", "--seed", "1", "--out", str(tmp_path / "g")]) == 2
    err = capsys.readouterr().err
    assert "--games must be at least 1" in err and "--n" not in err


def test_report_into_a_file_is_refused_before_anything_runs(tmp_path):
    import pytest

    from analysis.report import run_report

    f = tmp_path / "afile"
    f.write_text("keep me")
    with pytest.raises(ValueError, match="exists and is not a folder"):
        run_report(f, quick=True, data=tmp_path / "data", names=["redeals"])
    # a dataset folder, or one inside it: its Parquet readers would read the pages
    ds = tmp_path / "deals"
    ds.mkdir()
    (ds / "_params.json").write_text("{}")
    for out in (ds, ds / "sub"):
        with pytest.raises(ValueError, match="would put its pages into the dataset folder"):
            run_report(out, quick=True, data=tmp_path / "data", names=["redeals"])
    assert sorted(p.name for p in ds.iterdir()) == ["_params.json"]
    for bad in (0, -3):
        with pytest.raises(ValueError, match="^workers must be at least 1"):
            run_report(tmp_path / "r", quick=True, data=tmp_path / "data", names=["redeals"], workers=bad)
    assert not (tmp_path / "r").exists()
    assert f.read_text() == "keep me" and not (tmp_path / "data").exists()


def test_a_rules_name_cannot_lead_the_data_folders_out_of_data(tmp_path, capsys):
    # a name becomes part of folder names: separators and ".." must stay in
    from analysis.rules import folder_label

    data = tmp_path / "a" / "data"
    for name in ("x/../../../../sneaky", "..\\..\\win", "клуб вечер"):
        assert (
            main(
                [
                    "run",
                    "--set",
                    f"name={name}",
                    "--n",
                    "60",
                    "--solve",
                    "0",
                    "--games",
                    "0",
                    "--report",
                    "none",
                    "--data",
                    str(data),
                    "--workers",
                    "1",
                    "--no-progress",
                ]
            )
            == 0
        )
        capsys.readouterr()
    made = sorted(p.name for p in data.iterdir())
    assert len(made) == 3 and all(p.startswith("deals-") for p in made)
    assert sorted(tmp_path.rglob("*sneaky*"))[0].parent == data  # nothing elsewhere
    assert folder_label("клуб вечер") == "клуб_вечер" and folder_label("") == "_"
    assert "/" not in folder_label("a/../b") and "\\" not in folder_label("a\\b")
