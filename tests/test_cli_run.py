"""``thousand run`` (make run's main job) on a tiny default."""

from analysis import dataset
from analysis.cli import main


def test_run_every_stage_small(tmp_path, capsys):
    rc = main(["run", "--n", "3000", "--solve", "6", "--games", "3", "--report", "none",
               "--data", str(tmp_path), "--workers", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert rc == 0, out
    for stage in ("[deal]", "[redeals]", "[solve]", "[odds]", "[simulate]", "done in"):
        assert stage in out
    kinds = sorted(dataset.read_params(p)["kind"] for p in tmp_path.iterdir())
    assert kinds == ["deals", "games", "solutions"]
    games = dataset.read_frame(next(tmp_path.glob("games-*")), "games")
    assert games.game_id.nunique() == 3 and (games.groupby("game_id").winner.max() >= 0).all()
