"""``--dark-behind POINTS``: the threshold policy's dark play from the command line."""

import json

import pytest

from analysis import dataset
from analysis.cli import main


def _simulate(tmp_path, name, *extra):
    out = tmp_path / name
    args = ["simulate", "--rules", "book", "--games", "3", "--seed", "4", "--out", str(out)]
    assert main([*args, *extra, "--no-progress", "--workers", "1"]) == 0
    return dataset.read_frame(out, "games"), dataset.read_params(out)["policy"]


def test_simulate_dark_behind_changes_games_under_book(tmp_path, capsys):
    plain, p0 = _simulate(tmp_path, "plain")
    dark, p1 = _simulate(tmp_path, "dark", "--dark-behind", "0")
    capsys.readouterr()
    assert "dark_behind" not in p0 and p1["dark_behind"] == 0
    assert not plain.event.str.contains("dark_").any()
    rows = dark[dark.event.str.contains("dark_made|dark_failed")]
    assert len(rows) > 0
    # book's dark 240: the first hand declares 120 and scores ±240 (RULES.md, "Dark play")
    assert (rows.declarer == rows.first_hand).all() and (rows.contract == 120).all()


def test_dark_behind_is_inert_where_the_rules_forbid_dark_play(tmp_path, capsys):
    """club declines dark play: the same games with or without the flag."""
    runs = {}
    for name, extra in (("plain", []), ("dark", ["--dark-behind", "0"])):
        out = tmp_path / name
        args = ["simulate", "--games", "2", "--seed", "4", "--out", str(out), *extra]
        assert main([*args, "--no-progress", "--workers", "1"]) == 0
        runs[name] = dataset.read_frame(out, "games")
    capsys.readouterr()
    cols = ["game_id", "deal_no", "declarer", "contract", "score0", "score1", "score2"]
    assert runs["plain"][cols].equals(runs["dark"][cols])


def test_compare_takes_dark_behind(tmp_path, capsys):
    args = ["compare", "book+dark_play=none", "book", "--games", "4", "--seed", "3", "--json"]
    args += ["--out", str(tmp_path)]
    assert main([*args, "--dark-behind", "0", "--no-progress", "--workers", "1"]) == 0
    rows = json.loads(capsys.readouterr().out)
    deals = {r["rules"]: r["value"] for r in rows if r["metric"] == "made_share"}
    assert len(deals) == 2 and len(set(deals.values())) == 2


def test_dark_behind_refuses_negative_points_and_the_equity_policy(capsys):
    with pytest.raises(SystemExit) as stop:  # argparse's own refusal
        main(["simulate", "--games", "1", "--seed", "1", "--dark-behind", "-5"])
    assert stop.value.code == 2 and "points >= 0" in capsys.readouterr().err
    assert (
        main(["simulate", "--games", "1", "--seed", "1", "--policy", "equity", "--dark-behind", "100"]) == 2
    )
    assert "--dark-behind" in capsys.readouterr().err
