"""Own-information outcomes by default, double-dummy one option away.

Every front resolves its outcomes with ``analysis.game.resolve_outcomes``:
pimc from the single-dummy reference pool that serves the rules, dd with a
note where none does, ``outcomes="dd"`` / ``--outcomes dd`` as asked.  The
tiny pools of ``sd_env`` (club 6 deals, club-sd 3 deals at 2 worlds) stand
in for the reference pools.
"""

import json
import warnings
from pathlib import Path

import pytest

from analysis import dataset, reference
from analysis.cli import main
from analysis.comparison import compare
from analysis.game import ThresholdPolicy, estimator_digest, load_estimator, resolve_outcomes, simulate
from analysis.jobs.games import run_games
from analysis.odds import BidModel
from analysis.odds.model import model_file
from analysis.rules import Rules

CLUB = Rules.profile("club")
#: A club variant no single-dummy pool serves (the bid cap weighs the
#: declarer's decisions) whose play is club's: the club dd pool serves it.
UNSERVED = CLUB.with_changes("bid_cap=false")


def test_resolution_default_pool_given_and_asked(sd_env):
    c = resolve_outcomes(CLUB)
    assert (c.outcomes, c.reference, c.default, c.fallback) == ("pimc", "club-sd", True, False)
    assert Path(c.pool) == sd_env / "club" / "sd" and "--outcomes dd" in c.note
    d = resolve_outcomes(UNSERVED)
    assert (d.outcomes, d.reference, d.fallback) == ("dd", "club", True)
    assert Path(d.pool) == sd_env / "club" / "solutions"
    assert "differs from club-sd's club in bid_cap" in d.note and "--outcomes pimc" in d.note
    # asked for: as asked (the Python fronts' pool=None plays on the fly)
    assert resolve_outcomes(CLUB, "dd", on_the_fly=True).pool is None
    assert resolve_outcomes(CLUB, "dd").reference == "club"
    # a pool given says what it holds
    assert resolve_outcomes(CLUB, pool=sd_env / "club" / "sd").outcomes == "pimc"
    assert resolve_outcomes(CLUB, pool=sd_env / "club" / "solutions").outcomes == "dd"
    # on the fly without outcomes: the default kind, never a pool
    assert resolve_outcomes(CLUB, on_the_fly=True).outcomes == "pimc"
    fly = resolve_outcomes(UNSERVED, on_the_fly=True)
    assert (fly.outcomes, fly.pool, fly.fallback) == ("dd", None, True)
    with pytest.raises(ValueError, match="'dd' or 'pimc'"):
        resolve_outcomes(CLUB, "sd")


def test_the_single_dummy_models_are_the_default_of_pimc_games():
    for rules, pool in (
        ("club", "club"),
        ("classic", "club"),
        ("book", "book"),
        ("ua", "ua"),
        ("wiki", "wiki"),
    ):
        sd = load_estimator("default", rules, "pimc")
        name = reference.sd_pool_for(pool).name  # the pinned pool that serves the profile
        assert sd.info["outcomes"] == "pimc" and sd.info["pool"]["name"] == name
        assert sd.info["pool"]["content_hash"] == reference.spec(name).sd_hash  # fitted on the pinned pool
        assert sd.info["held_out_deals"] == reference.spec(name).n // 5  # every 5th block of 100
        assert BidModel.default(rules, outcomes="pimc").to_dict() == sd.to_dict()
        assert "outcomes" not in load_estimator("default", rules).info  # dd models: dd values
        assert estimator_digest("default", rules, "pimc") != estimator_digest("default", rules)
    assert model_file("book", True, outcomes="pimc").name == "default_bidmodel_book_points_sd.json"
    # a policy loads the one of the outcomes it plays
    pol = ThresholdPolicy()
    assert pol.with_estimator("ua", "pimc").estimator.info["outcomes"] == "pimc"
    assert "outcomes" not in pol.with_estimator("ua", "dd").estimator.info


def test_simulate_defaults_to_own_information_where_a_pool_serves(sd_env):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no fallback note where a pool serves
        g = simulate(CLUB, 2, seed=3, max_deals=4)
    src = g.attrs["outcomes"]
    assert src["play"] == "pimc" and src["source"] == "pool" and src["pool_size"] == 3
    assert Path(src["pool_path"]) == sd_env / "club" / "sd"
    again = simulate(CLUB, 2, seed=3, max_deals=4)
    assert g.equals(again)
    dd = simulate(CLUB, 2, seed=3, max_deals=4, outcomes="dd")
    assert dd.attrs["outcomes"]["play"] == "dd" and dd.attrs["outcomes"]["source"] == "solver"


def test_simulate_falls_back_to_double_dummy_with_a_note(sd_env):
    with pytest.warns(UserWarning, match="no single-dummy reference pool plays as .*bid_cap"):
        g = simulate(UNSERVED, 2, seed=3, max_deals=4)
    assert g.attrs["outcomes"]["play"] == "dd" and g.attrs["outcomes"]["pool_size"] == 6


def test_games_job_records_the_outcomes_and_the_model(sd_env, tmp_path):
    kw = dict(chunk_size=1, max_deals=3, progress=False)
    m1 = run_games(tmp_path / "w1", 2, 5, CLUB, workers=1, **kw)
    m2 = run_games(tmp_path / "w2", 2, 5, CLUB, workers=2, **kw)
    assert m1["content_hash"] == m2["content_hash"]  # workers change nothing
    p = m1["params"]
    assert p["outcomes"]["play"] == "pimc" and p["estimator"]["outcomes"] == "pimc"
    assert p["estimator"]["content_hash"] == estimator_digest("default", CLUB, "pimc")
    d = run_games(tmp_path / "dd", 2, 5, CLUB, outcomes="dd", **kw, workers=1)["params"]
    assert d["outcomes"]["play"] == "dd" and d["estimator"]["outcomes"] == "dd"
    assert d["estimator"]["content_hash"] == estimator_digest("default", CLUB)
    with pytest.warns(UserWarning, match="bid_cap"):
        f = run_games(tmp_path / "fb", 2, 5, UNSERVED, workers=1, **kw)["params"]
    assert f["outcomes"]["play"] == "dd" and f["estimator"]["outcomes"] == "dd"


def _simulate_cli(tmp_path, capsys, name, *extra):
    out = tmp_path / name
    argv = ["simulate", "--games", "2", "--seed", "4", "--out", str(out), "--chunk-size", "1"]
    assert main([*argv, *extra, "--workers", "1", "--no-progress"]) == 0
    return capsys.readouterr().out, dataset.read_params(out)


def test_simulate_command_default_fallback_and_dd(sd_env, tmp_path, capsys):
    text, p = _simulate_cli(tmp_path, capsys, "own")
    assert "own-information outcomes" in text and "'club-sd'" in text
    assert "bidding model fitted on single-dummy play" in text
    assert "pool draws repeating an earlier draw" in text
    assert p["outcomes"]["play"] == "pimc" and p["estimator"]["outcomes"] == "pimc"
    text, p = _simulate_cli(tmp_path, capsys, "dd", "--outcomes", "dd")
    assert "own-information" not in text and "bidding model fitted on double-dummy values" in text
    assert p["outcomes"]["play"] == "dd" and p["estimator"]["outcomes"] == "dd"
    text, p = _simulate_cli(tmp_path, capsys, "fb", "--set", "bid_cap=false")
    assert "no single-dummy reference pool plays as club+bid_cap=false" in text
    assert "--outcomes pimc plays every deal single-dummy on the fly" in text
    assert p["outcomes"]["play"] == "dd" and p["outcomes"]["pool_size"] == 6
    # a pool given plays what it holds, without --outcomes
    text, p = _simulate_cli(tmp_path, capsys, "given", "--pool", str(sd_env / "club" / "sd"))
    assert p["outcomes"]["play"] == "pimc"
    # --worlds: single-dummy play on the fly only
    argv = ["simulate", "--games", "1", "--seed", "1", "--worlds", "4", "--out", str(tmp_path / "w")]
    assert main([*argv, "--no-progress"]) == 2
    assert "own worlds: add --on-the-fly" in capsys.readouterr().err
    assert main([*argv, "--outcomes", "dd", "--no-progress"]) == 2
    assert "--worlds applies to single-dummy play only" in capsys.readouterr().err


def test_compare_defaults_to_own_information_where_every_rule_set_is_served(sd_env, tmp_path):
    c = compare([CLUB, "club barrel_seats=1"], games=2, seed=1, workers=1, out=tmp_path / "a")
    assert c.outcomes == "pimc"
    assert all(dataset.read_params(p)["outcomes"]["play"] == "pimc" for p in c.paths)
    assert dataset.read_params(c.paths[0])["estimator"]["outcomes"] == "pimc"
    notes = []
    d = compare([CLUB, UNSERVED], games=2, seed=1, workers=1, out=tmp_path / "b", on_note=notes.append)
    assert d.outcomes == "dd" and "bid_cap" in notes[0] and "--outcomes pimc --on-the-fly" in notes[0]
    assert all(dataset.read_params(p)["outcomes"]["play"] == "dd" for p in d.paths)
    e = compare([CLUB, "club barrel_seats=1"], games=2, seed=1, outcomes="dd", workers=1, out=tmp_path / "c")
    assert e.outcomes == "dd"


def test_compare_command_default(sd_env, tmp_path, capsys):
    meta = tmp_path / "meta.json"
    argv = ["compare", "club", "club barrel_seats=1", "--games", "2", "--out", str(tmp_path / "o")]
    assert main([*argv, "--json-meta", str(meta), "--workers", "1", "--no-progress"]) == 0
    assert json.loads(meta.read_text())["outcomes"] == "pimc"
    argv = ["compare", "club", "club bid_cap=false", "--games", "2", "--out", str(tmp_path / "p")]
    assert main([*argv, "--json-meta", str(meta), "--workers", "1", "--no-progress"]) == 0
    assert "so every rule set plays double-dummy outcomes" in capsys.readouterr().out
    assert json.loads(meta.read_text())["outcomes"] == "dd"
