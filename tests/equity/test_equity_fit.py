"""Fitting the equity model: the fitter on known truths, the replay of games,
the shipped model against the scores-only baseline on fresh games."""

import numpy as np
import pytest

from analysis import reference
from analysis.equity import EquityModel, default_model
from analysis.equity.calibration import brier, compare, reliability
from analysis.equity.fit import cluster_covariance, fit_logit, softmax_chances
from analysis.equity.states import game_states
from analysis.errors import ModelFileError
from analysis.game import PoolSource, simulate
from analysis.rules import PROFILES


def _synthetic(beta, n, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3, len(beta)))
    p = softmax_chances(X, np.asarray(beta))
    u = rng.random(n)
    y = (u[:, None] > np.cumsum(p, axis=1)).sum(axis=1)
    return X, y


def test_fit_recovers_a_known_conditional_logit():
    beta = np.array([1.0, -0.5, 0.3, 0.0])
    X, y = _synthetic(beta, 20_000, 1)
    free = [(None, None)] * 4
    b = fit_logit(X, y, free, alpha=0.0)
    se = np.sqrt(np.diag(cluster_covariance(X, y, np.arange(len(y)), b, free, alpha=0.0)))
    assert np.all(np.abs(b - beta) < 4 * se), (b, se)
    assert np.all((se > 0.005) & (se < 0.03))  # about 1 / sqrt(n * var): 0.01


def test_a_bound_holds_and_its_coefficient_gets_no_variance():
    X, y = _synthetic([1.0, -0.5], 5_000, 2)
    bounds = [(0.0, None), (0.0, None)]  # the second is truly negative
    b = fit_logit(X, y, bounds, alpha=0.0)
    cov = cluster_covariance(X, y, np.arange(len(y)), b, bounds, alpha=0.0)
    assert b[1] == 0.0 and b[0] > 0.8
    assert cov[1, 1] == 0.0 and cov[0, 0] > 0


def test_brier_and_reliability_by_hand():
    p = np.array([[1.0, 0.0, 0.0], [0.5, 0.25, 0.25]])
    w = np.array([0, 1])
    np.testing.assert_allclose(brier(p, w), [0.0, 0.25 + 0.5625 + 0.0625])
    r = reliability(p, w, bins=4)
    # chances 0 (x2), 0.25 (x2), 0.5, 1.0 -> bins [0, .25), [.25, .5), [.5, .75), [.75, 1]
    assert [b["count"] for b in r] == [2, 2, 1, 1]
    assert [b["won"] for b in r] == [0.0, 0.5, 0.0, 1.0]
    c = compare(p, np.full((2, 3), 1 / 3), w, np.array([0, 1]))
    assert c["brier_baseline"] == pytest.approx(2 / 3)
    assert c["brier_gain"] == pytest.approx(2 / 3 - (0.0 + 0.875) / 2)


@pytest.fixture(scope="module")
def fresh_club_games():
    # games the shipped model never saw: another seed than its fit's
    rules = PROFILES["club"]
    assert default_model(rules, "dd").info["seed"] != 1036
    src = PoolSource(reference.pool_for(rules).solutions_path, rules)
    return rules, simulate(rules, 600, seed=1036, pool=src)


def test_replay_gives_the_recorded_states(fresh_club_games):
    rules, games = fresh_club_games
    st = game_states(rules, games)
    finished = games.groupby("game_id").winner.transform("last") >= 0
    assert len(st["winner"]) == int((~games.redealt & finished).sum())
    # the state before a deal is the fresh table, or the recorded state after
    # the game's previous deal (scores and barrel attempts)
    rec = {
        (g, k): (s0, s1, s2, b0, b1, b2)
        for g, k, s0, s1, s2, b0, b1, b2 in games[
            ["game_id", "deal_no", "score0", "score1", "score2", "barrel0", "barrel1", "barrel2"]
        ].itertuples(index=False)
    }
    for i, (g, k) in enumerate(zip(st["game_id"], st["deal_no"])):
        want = (0.0, 0.0, 0.0, -1, -1, -1) if k == 0 else rec[(g, k - 1)]
        assert tuple(st["scores"][i]) + tuple(st["barrel"][i]) == want
    assert st["bolts"].max() < rules.bolt_count and st["bolts"].max() > 0
    assert st["failed_stays"].max() > 0
    assert set(np.unique(st["winner"])) == {0, 1, 2}


def test_model_beats_the_scores_only_baseline_on_fresh_games(fresh_club_games):
    rules, games = fresh_club_games
    m = default_model(rules, "dd")  # double-dummy games, as the fresh ones
    st = game_states(rules, games)
    c = compare(m.chances(st), m.chances(st, baseline=True), st["winner"], st["game_id"])
    assert c["games"] >= 590 and c["states"] > 10_000
    assert c["brier_model"] < c["brier_baseline"] < c["brier_constant"]
    assert c["log_loss_model"] < c["log_loss_baseline"] < np.log(3)


def test_model_file_round_trip_and_damage(tmp_path):
    m = default_model("book")
    path = m.save(tmp_path / "m.json")
    back = EquityModel.load(path)
    np.testing.assert_array_equal(back.beta, m.beta)
    np.testing.assert_array_equal(back.cov, m.cov)
    assert back.rules == m.rules and back.info == m.info
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "thousand-equity", "version": 1, "beta": []}')
    with pytest.raises(ModelFileError, match="damaged"):
        EquityModel.load(bad)
    bad.write_text("not json")
    with pytest.raises(ModelFileError):
        EquityModel.load(bad)


def test_fit_games_end_to_end(fresh_club_games, tmp_path):
    from analysis.equity.build import fit_games
    from analysis.equity.features import sign_bounds

    rules, games = fresh_club_games
    m = fit_games(rules, games)
    n = len(game_states(rules, games)["winner"])
    assert m.info["states_fit"] + m.info["states_held_out"] == n
    assert m.info["calibration"]["games"] == sum(g % 5 == 4 for g in games.game_id.unique())
    for b, (lo, hi) in zip(m.beta, sign_bounds(m.names)):
        assert (lo is None or b >= lo) and (hi is None or b <= hi)
    back = EquityModel.load(m.save(tmp_path / "m.json"))
    st = game_states(rules, games)
    np.testing.assert_array_equal(back.chances(st), m.chances(st))


def test_build_command_simulates_fits_and_writes(tmp_path, capsys):
    from analysis.equity.build import main

    assert (
        main(
            [
                "fit",
                "--rules",
                "ua",
                "--games",
                "30",
                "--seed",
                "5",
                "--data",
                str(tmp_path),
                "--out-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Brier model" in out and "wrote" in out
    m = EquityModel.load(tmp_path / "equity_ua.json")
    assert m.info["games"] == 30 and m.info["seed"] == 5 and m.info["outcomes"]["source"] == "pool"
    assert "--games 30 --seed 5 --outcomes dd" in m.info["made_by"]
    assert len(list(tmp_path.glob("games-ua-*-dd-s5-n30"))) == 1
