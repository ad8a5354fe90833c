"""The default BidModels: fit on a reference pool, per-profile defaults, held-out calibration."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from analysis import cards, reference
from analysis.deal import chunk_rng, deal
from analysis.odds import BidModel, calibration
from analysis.odds import model as odds_model
from analysis.odds.build import SPLIT, check_split, fit_frame, held_out_deals, main, write_models
from analysis.odds.ridge import ridge_logistic
from analysis.rules import Rules
from analysis.solver import solver_fingerprint

#: Split of the tiny test pool: its solutions chunks hold 10 deals.
SMALL = dict(SPLIT, chunk_size=10)


@pytest.fixture(scope="module")
def pools(tmp_path_factory):
    """A reference folder with a real 60-deal club pool (solutions chunks of 10)."""
    from analysis.jobs.deals import run_deal
    from analysis.jobs.solutions import run_solve

    base = tmp_path_factory.mktemp("reference")
    rules = Rules.profile("club")
    run_deal(
        str(base / "club" / "deals"), 60, reference.SEED, rules, chunk_size=500_000, workers=1, progress=False
    )
    run_solve(
        str(base / "club" / "deals"),
        str(base / "club" / "solutions"),
        rules,
        chunk_size=10,
        workers=1,
        progress=False,
    )
    return base


def test_split_holds_out_whole_chunks_one_in_five():
    ids = np.arange(20_000)
    out = held_out_deals(ids)
    assert out.dtype == bool and out.sum() == 4_000
    chunk = ids // 1000
    for c in range(20):  # each solutions chunk on one side, whole
        assert out[chunk == c].all() == (c % 5 == 4) and out[chunk == c].any() == (c % 5 == 4)
    assert held_out_deals([3999, 4000, 4999, 5000]).tolist() == [False, True, True, False]
    # the rule's chunks are the pools' solutions chunks
    assert {s.solutions_chunk for s in reference.POOLS} == {SPLIT["chunk_size"]}
    assert held_out_deals(np.array([45, 39]), SMALL).tolist() == [True, False]
    for bad in (
        {"every": 5},
        dict(SPLIT, every=1),
        dict(SPLIT, remainder=5),
        dict(SPLIT, chunk_size=0),
        dict(SPLIT, chunk_size=2.5),
    ):
        with pytest.raises(ValueError, match="split rule"):
            check_split(bad)
    with pytest.raises(ValueError, match="whole numbers"):
        held_out_deals([-1])


def test_fit_on_a_pool_records_pool_split_and_training_deals(pools, tmp_path):
    assert (
        main(
            [
                "fit",
                "--pool",
                "club",
                "--reference",
                str(pools),
                "--out-dir",
                str(tmp_path),
                "--split-chunk-size",
                "10",
            ]
        )
        == 0
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "default_bidmodel.json",
        "default_bidmodel_points.json",
    ]
    m = BidModel.load(tmp_path / "default_bidmodel.json")
    b = BidModel.load(tmp_path / "default_bidmodel_points.json")
    frame = reference.load("club", pools)
    kept = frame[~held_out_deals(frame.deal_id.to_numpy(), SMALL) & ~frame.redeal_forced]
    assert kept.deal_id.min() == 0 and not kept.deal_id.between(40, 49).any()
    manifest = json.loads((pools / "club" / "solutions" / "_manifest.json").read_text())
    for x in (m, b):
        assert x.info["pool"] == {"name": "club", "content_hash": manifest["content_hash"], "deals": 60}
        assert x.info["split"] == check_split(SMALL)
        assert x.info["n_deals"] == kept.deal_id.nunique() and x.info["n_rows"] == len(kept)
        assert x.info["held_out_deals"] == 10
        assert x.info["solver_fingerprint"] == solver_fingerprint("club")
        assert x.info["made_by"].endswith("--pool club --split-chunk-size 10")
    assert b.features == ("points",) and b.info["baseline"] is True
    # the held-out rows are kept out: a fit on the training rows alone is the same model
    again = BidModel.fit(kept, drop_redealt=False)
    np.testing.assert_array_equal(again.coef, m.coef)


def test_a_fit_depends_on_its_training_deals(pools):
    frame = reference.load("club", pools)
    a, _ = fit_frame(frame, split=SMALL)
    b, _ = fit_frame(frame, split=dict(SMALL, remainder=3))
    assert (
        a.info["n_deals"] != b.info["n_deals"]
        or a.grid.size != b.grid.size
        or not np.array_equal(a.coef, b.coef)
    )
    k = min(a.grid.size, b.grid.size)
    assert np.abs(a.coef[:k] - b.coef[:k]).max() > 0.01


def test_ridge_newton_matches_statsmodels_objective():
    sm = pytest.importorskip("statsmodels.api")
    rng = np.random.default_rng(3)
    Z = np.column_stack([np.ones(400), rng.normal(size=(400, 3))])
    y = (rng.random(400) < 1 / (1 + np.exp(-(Z @ [0.3, 1.0, -0.5, 0.0])))).astype(float)
    pen = np.array([0.0, 0.01, 0.01, 0.01])
    ours = ridge_logistic(Z, y, pen)
    ref = np.asarray(sm.GLM(y, Z, family=sm.families.Binomial()).fit_regularized(alpha=pen, L1_wt=0.0).params)

    def objective(b):
        z = Z @ b
        return np.mean(np.logaddexp(0, z) - y * z) + 0.5 * np.sum(pen * b * b)

    assert objective(ours) <= objective(ref) + 1e-12
    np.testing.assert_allclose(ours, ref, atol=1e-3)
    # the gradient vanishes at the minimum
    mu = 1 / (1 + np.exp(-(Z @ ours)))
    assert np.abs(Z.T @ (mu - y) / len(y) + pen * ours).max() < 1e-9


def _variant(*changes):
    return Rules.profile("club").with_changes(*changes)


def test_default_picks_the_model_by_solver_fingerprint(pools, tmp_path, monkeypatch):
    club = BidModel.load(odds_model.DEFAULT_MODEL_FILE).to_dict()
    assert BidModel.default().to_dict() == club
    assert BidModel.default("classic").to_dict() == club
    variant = _variant("barrel_seats=1", "target=1001")
    assert solver_fingerprint(variant) == solver_fingerprint("club")
    assert BidModel.default(variant).to_dict() == club
    assert BidModel.default(variant, points_only=True).features == ("points",)
    other = _variant("first_trick_marriage=true")
    with pytest.raises(ValueError, match="no bidding-odds model is shipped for rules"):
        BidModel.default(other)
    # book's file, where there is one, is book's model; missing, the error names the fit
    monkeypatch.setattr(odds_model, "MODEL_DIR", tmp_path)
    with pytest.raises(ValueError, match="fit --pool book"):
        BidModel.default("book")
    frame = reference.load("club", pools)
    fitted = fit_frame(frame, split=SMALL, info={"pool": {"name": "book"}})
    write_models({"book": fitted}, tmp_path)
    assert BidModel.default("book").info["pool"] == {"name": "book"}
    assert BidModel.default(Rules.profile("book")).to_dict() == fitted[0].to_dict()
    assert BidModel.default("book", points_only=True).to_dict() == fitted[1].to_dict()


def test_default_estimator_is_the_model_of_the_game_rules(pools, tmp_path, monkeypatch):
    from analysis.game import ThresholdPolicy, load_estimator
    from analysis.game.estimators import estimator_digest

    monkeypatch.setattr(odds_model, "MODEL_DIR", tmp_path)
    (tmp_path / "default_bidmodel.json").write_bytes(odds_model.DEFAULT_MODEL_FILE.read_bytes())
    monkeypatch.setattr(odds_model, "DEFAULT_MODEL_FILE", tmp_path / "default_bidmodel.json")
    frame = reference.load("club", pools)
    book, base = fit_frame(frame, split=SMALL, info={"note": "book"})
    write_models({"book": (book, base)}, tmp_path)
    assert load_estimator("default").info.get("note") is None
    assert load_estimator("default", "book").info["note"] == "book"
    assert ThresholdPolicy().get_estimator("book").info["note"] == "book"
    assert ThresholdPolicy().get_estimator().to_dict() == load_estimator("default").to_dict()
    d_book = estimator_digest("default", "book")
    assert d_book != estimator_digest("default", "club") == estimator_digest("default")
    refit = fit_frame(frame, split=dict(SMALL, remainder=0))[0]
    refit.save(tmp_path / "default_bidmodel_book.json")
    assert estimator_digest("default", "book") != d_book  # the file changed
    assert load_estimator("default", "book").info.get("note") is None  # read again
    with pytest.raises(ValueError, match="no bidding-odds model is shipped"):
        ThresholdPolicy().get_estimator(_variant("first_trick_marriage=true", "barrel_seats=1"))


class _Logistic:
    """P(value >= c) = sigmoid((points + shift - c) / 8), exact for the synthetic values."""

    def __init__(self, shift=10.0, split=SPLIT):
        self.shift, self.info = shift, {"split": split}

    def p_make(self, hands7, seats, contract):
        pts = cards.card_points(np.asarray(hands7, np.uint32)).astype(float)
        return 1 / (1 + np.exp(-(pts + self.shift - contract) / 8.0))


def _synthetic(n=20_000, seed=5):
    d = deal(chunk_rng(seed, 0), n)
    rng = np.random.default_rng(seed)
    pts = cards.card_points(d[:, 0]).astype(float)
    value = pts + 10.0 + rng.logistic(0.0, 8.0, n)  # P(value >= c) as _Logistic says
    return pd.DataFrame(
        {
            "deal_id": np.arange(n),
            "seat": np.zeros(n, np.int8),
            "hand0": d[:, 0],
            "hand1": d[:, 1],
            "hand2": d[:, 2],
            "widow": d[:, 3],
            "value": value,
            "redeal_forced": False,
        }
    )


def test_calibration_of_the_true_probabilities_is_inside_the_intervals():
    f = _synthetic()
    c = calibration(_Logistic(), f, contracts=[100], bins=10, alpha=0.01)
    assert c.held_out and c.n_rows == c.n_deals == 4_000  # chunks 4, 9, 14, 19
    assert c.bins.rows.sum() == 4_000 and (c.bins.deals == c.bins.rows).all()
    assert ((c.bins.predicted >= c.bins.lo) & (c.bins.predicted < c.bins.hi)).all()
    inside = (c.bins.ci_low <= c.bins.predicted) & (c.bins.predicted <= c.bins.ci_high)
    assert inside.all(), c.bins
    # the same check catches a model 15 points too optimistic
    bad = calibration(_Logistic(shift=25.0), f, contracts=[100], alpha=0.01)
    assert not ((bad.bins.ci_low <= bad.bins.predicted) & (bad.bins.predicted <= bad.bins.ci_high)).all()
    assert bad.scores.loc["model", "brier"] > c.scores.loc["model", "brier"]


class _Constant:
    def __init__(self, p, split=SPLIT):
        self.p, self.info = p, {"split": split}

    def p_make(self, hands7, seats, contract):
        return np.full(np.shape(hands7), self.p)


def test_calibration_scores_worked_example():
    f = _synthetic(n=10).assign(
        deal_id=[4000, 4001, 4002, 4003, 0, 1, 2, 3, 8000, 5000], value=[150, 50, 150, 150, 0, 0, 0, 0, 0, 0]
    )
    c = calibration(_Constant(0.8), f, contracts=[100], baseline=_Constant(0.5))
    assert c.n_rows == 4 and c.n_deals == 4  # deals 4000..4003
    assert c.scores.loc["model", "brier"] == pytest.approx((3 * 0.04 + 0.64) / 4)
    assert c.scores.loc["model", "log_loss"] == pytest.approx(-(3 * np.log(0.8) + np.log(0.2)) / 4)
    assert c.scores.loc["points_only", "brier"] == pytest.approx(0.25)
    assert c.scores.loc["points_only", "log_loss"] == pytest.approx(np.log(2))
    from analysis.stats import proportion_ci

    row = c.bins.iloc[0]
    assert len(c.bins) == 1 and (row.lo, row.rows, row.deals) == (0.8, 4, 4)
    assert (row.ci_low, row.ci_high) == pytest.approx(proportion_ci(3, 4))
    assert c.by_contract.base_rate.tolist() == [0.75]
    with pytest.raises(ValueError, match="records no split"):
        calibration(_Constant(0.5, split=None), f)
    with pytest.raises(ValueError, match="no .* row to score among the held-out"):
        calibration(_Constant(0.5), f.iloc[4:8])
    g = calibration(_Constant(0.5), f, contracts=[100], held_out=False)
    assert g.n_rows == 10 and not g.held_out
