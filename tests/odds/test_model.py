"""BidModel and dataset_odds on a freshly solved held-out sample."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis import cards
from analysis.odds import BidModel, dataset_odds
from analysis.odds.sample import make_sample, solutions_long
from analysis.solver import solver_fingerprint


@pytest.fixture(scope="module")
def sample():
    # Seed 7 is not among the seeds of the shipped model's sample (2026).
    return make_sample(60, seed=7, chunk=0, rules="club", progress=False)


def _brier(model, f, contracts):
    f = f[~f.redeal_forced]
    h, s, v = f.hand.to_numpy(np.uint32), f.seat.to_numpy(), f.value.to_numpy()
    return np.mean([np.mean((model.p_make(h, s, c) - (v >= c)) ** 2) for c in contracts])


def test_default_beats_points_only_on_held_out(sample):
    f = solutions_long(sample)
    contracts = range(100, 165, 10)
    full, base = BidModel.default(), BidModel.default(points_only=True)
    assert base.features == ("points",)
    b_full, b_base = _brier(full, f, contracts), _brier(base, f, contracts)
    assert b_full < b_base, (b_full, b_base)


def test_default_model_matches_current_solver():
    m = BidModel.default()
    assert m.info["rules"] == "club"
    assert m.info["solver_fingerprint"] == solver_fingerprint("club")


def test_fit_save_load_round_trip(sample, tmp_path):
    m = BidModel.fit(sample, info={"note": "test"})
    assert m.info["n_rows"] == int((~sample.redeal_forced).sum())
    p = m.save(tmp_path / "bidmodel.json")
    assert p.stat().st_size < 20_000
    m2 = BidModel.load(p)
    assert m2.features == m.features and m2.info == m.info
    np.testing.assert_array_equal(m2.grid, m.grid)
    h = sample.hand0.to_numpy(np.uint32)
    np.testing.assert_array_equal(m2.p_table(h, 0), m.p_table(h, 0))
    # Thresholds fitted: every 5 from 50 while 10 values reach and 10 fall short.
    v = sample[~sample.redeal_forced].value.to_numpy()
    top = m.grid[-1]
    assert (v >= top).sum() >= 10 and (v < top).sum() >= 10
    assert (v >= top + 5).sum() < 10 or (v < top + 5).sum() < 10
    # parameters that cannot fit are refused at once (alpha=-1 ran for minutes)
    for bad, msg in (
        ({"alpha": -1}, "ridge penalty"),
        ({"alpha": float("nan")}, "ridge"),
        ({"min_count": 0}, "min_count"),
        ({"features": ["bogus"]}, "distinct names"),
        ({"features": ["points", "points"]}, "distinct names"),
    ):
        with pytest.raises(ValueError, match=msg):
            BidModel.fit(sample, **bad)
    d = json.loads(p.read_text())
    d["features"] = [d["features"][0]] * len(d["features"])
    p.write_text(json.dumps(d))
    with pytest.raises(ValueError, match="damaged BidModel file: features must be distinct"):
        BidModel.load(p)


def test_queries_monotone_vectorized_and_checked():
    m = BidModel.default()
    h = np.array(
        [cards.parse(x) for x in ("A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣", "9♠ J♠ 9♣ J♣ 9♦ J♦ Q♥", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠")],
        dtype=np.uint32,
    )
    tab = m.p_table(h, 0)
    assert tab.shape == (3, m.grid.size)
    assert (np.diff(tab, axis=1) <= 0).all()
    cs = np.arange(100, 260, 5)
    p = np.array([m.p_make(h, [0, 1, 2], c) for c in cs])
    assert (np.diff(p, axis=0) <= 1e-12).all()
    assert (p[:, 0] > p[:, 1]).all()  # the strong hand beats the nines and jacks
    # On grid points p_make is the table; between them it interpolates.
    k = int(np.flatnonzero(m.grid == 120)[0])
    np.testing.assert_allclose(m.p_make(h, 0, 120), tab[:, k])
    mid = m.p_make(h, 0, 122)
    assert ((mid <= tab[:, k]) & (mid >= tab[:, k + 1])).all()
    np.testing.assert_array_equal(m.p_make(h, 0, m.grid[-1] + 5), 0.0)
    np.testing.assert_allclose(
        m.p_make(h, 0, np.array([100, 120, 140])),
        [m.p_make(h[i : i + 1], 0, c)[0] for i, c in enumerate((100, 120, 140))],
    )
    with pytest.raises(ValueError, match="6"):
        m.p_make(np.array([cards.parse("A♥ K♥ Q♥ 10♠ A♣ J♦")], np.uint32), 0, 100)
    with pytest.raises(ValueError, match="seats"):
        m.p_make(h, 3, 100)
    # every value reaches 0 or less; contracts are whole points; shapes match the hands
    np.testing.assert_array_equal(m.p_make(h, 0, 0), 1.0)
    np.testing.assert_array_equal(m.p_make(h, 0, -5), 1.0)
    for bad in (np.nan, np.inf, 120.5):
        with pytest.raises(ValueError, match="whole points"):
            m.p_make(h, 0, bad)
    with pytest.raises(
        ValueError,
        match=r"seats has shape \(2,\): give one for all hands or "
        r"one per hand, shape \(3,\)",
    ):
        m.p_make(h, [0, 1], 100)
    with pytest.raises(ValueError, match=r"contract has shape \(2,\)"):
        m.p_make(h, 0, [100, 120])


def test_load_rejects_other_files(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"kind": "something"}')
    with pytest.raises(ValueError, match="not a BidModel"):
        BidModel.load(bad)
    bad.write_text("not json")
    with pytest.raises(ValueError, match="not a BidModel"):
        BidModel.load(bad)
    bad.write_bytes(bytes(range(256)))  # binary garbage
    with pytest.raises(ValueError, match="not a BidModel"):
        BidModel.load(bad)
    # damaged models fail when read, not later as NaN probabilities
    good = BidModel.default().to_dict()
    for damage, msg in (
        (lambda d: d.pop("mean"), "no mean"),
        (lambda d: d["coef"][0].__setitem__(0, None), "finite"),
        (lambda d: d.__setitem__("scale", [0.0] * len(d["scale"])), "positive"),
        (lambda d: d.__setitem__("grid", ["a"] * len(d["grid"])), "int"),
        (lambda d: d.__setitem__("coef", [[1.0]]), "inconsistent"),
    ):
        d = json.loads(json.dumps(good))
        damage(d)
        bad.write_text(json.dumps(d))
        with pytest.raises(ValueError, match=f"{bad.name} is a damaged BidModel file.*{msg}"):
            BidModel.load(bad)


def test_save_refuses_a_dataset_folder(tmp_path):
    # Parquet readers of a dataset folder read every file below it
    (tmp_path / "sol").mkdir()
    (tmp_path / "sol" / "_params.json").write_text("{}")
    (tmp_path / "sol" / "sub").mkdir()
    m = BidModel.default()
    for inside in (
        tmp_path / "sol" / "m.json",
        tmp_path / "sol" / "sub" / "m.json",
        tmp_path / "sol" / "sub" / ".." / "m.json",
    ):
        with pytest.raises(ValueError, match="inside the dataset folder .*sol, .*next to the folder"):
            m.save(inside)
        assert not inside.exists()
    assert m.save(tmp_path / "sol-bidmodel.json").is_file()  # beside it is fine
    assert m.save(tmp_path / "sol" / "_bidmodel.json").is_file()  # and names readers skip


def test_deals_without_solutions_are_named_as_such(sample, tmp_path):
    # a deals folder or frame where solutions are wanted: say so, and how to join them
    from analysis.jobs.deals import run_deal
    from analysis.rules import PROFILES

    run_deal(tmp_path / "deals", 50, 1, PROFILES["club"], chunk_size=50, workers=1)
    with pytest.raises(
        ValueError,
        match="is a deals dataset; the odds are counted on "
        r"solutions: .*load\(DEALS, SOLUTIONS\)",
    ):
        dataset_odds(tmp_path / "deals")
    deals_only = sample.drop(columns=["seat", "value"])
    for call in (lambda: dataset_odds(deals_only), lambda: BidModel.fit(deals_only)):
        with pytest.raises(
            ValueError,
            match=r"lacks columns \['seat', 'value'\]; it holds "
            "deals without their solutions",
        ):
            call()


def test_dataset_odds_counts(sample):
    t = dataset_odds(sample, by=["marriages", "seat"], contracts=[100, 120, 140])
    kept = sample[~sample.redeal_forced]
    for c in (100, 120, 140):
        rows = t[t.contract == c]
        assert rows.n.sum() == len(kept)
        assert rows.made.sum() == int((kept.value >= c).sum())
    assert ((t.ci_low <= t.p_make) & (t.p_make <= t.ci_high)).all()
    # One group by hand: seat 0 hands without a marriage.
    f = solutions_long(kept)
    own = f[(f.seat == 0) & (cards.marriage_suits(f.hand.to_numpy(np.uint32)) == 0)]
    row = t[(t.marriages == "-") & (t.seat == 0) & (t.contract == 120)].iloc[0]
    assert row.n == len(own) and row.made == int((own.value >= 120).sum())
    with pytest.raises(ValueError, match="grouping"):
        dataset_odds(sample, by=["colour"])
    # one key alone is one key, not its letters
    one = dataset_odds(sample, by="seat", contracts=[120])
    assert one.equals(dataset_odds(sample, by=["seat"], contracts=[120]))
    with pytest.raises(ValueError, match=r"whole points; got \[120.5\]"):
        dataset_odds(sample, contracts=[120, 120.5])
    assert dataset_odds(sample, contracts=120).equals(dataset_odds(sample, contracts=[120]))
    for bad, msg in (
        ({"contracts": [-5]}, "from 0 to 1000"),
        ({"contracts": [10**30]}, "from 0 to 1000"),
        ({"contracts": "120"}, "whole points"),
        ({"contracts": [120, 120]}, "given twice"),
        ({"by": ["seat", "seat"]}, "given twice"),
    ):
        with pytest.raises(ValueError, match=msg):
            dataset_odds(sample, **bad)
    assert len(dataset_odds(sample, by=None, contracts=[120])) == 1  # one group
    with pytest.raises(ValueError, match="rows have no value"):
        dataset_odds(sample.assign(value=np.nan))
