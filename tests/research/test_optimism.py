"""Paired double-dummy / single-dummy comparisons on hand-made rows."""

import numpy as np
import pandas as pd
import pytest

from analysis.errors import BadArgument
from analysis.research import optimism as op
from analysis.research import sd_play


def _rows(values, lp, rp, lt, rt, **extra):
    n = len(values)
    f = pd.DataFrame(
        {
            "deal_id": [i // 3 for i in range(n)],
            "seat": [i % 3 for i in range(n)],
            "value": values,
            "left_points": lp,
            "right_points": rp,
            "declarer_tricks": [8 - a - b for a, b in zip(lt, rt)],
            "left_tricks": lt,
            "right_tricks": rt,
        }
    )
    for k, v in extra.items():
        f[k] = v
    return f


@pytest.fixture
def paired():
    dd = _rows(
        [130, 90, 121, 100, 60, 150],
        [0, 10, 0, 5, 30, 0],
        [0, 20, 1, 15, 30, 0],
        [0, 1, 0, 1, 3, 0],
        [0, 2, 1, 2, 3, 0],
    )
    sd = _rows(
        [120, 95, 121, 0, 40, 150],
        [10, 10, 0, 0, 40, 0],
        [0, 15, 0, 0, 40, 0],
        [1, 1, 0, 0, 3, 0],
        [0, 2, 0, 0, 4, 0],
        contract=[120, 100, 120, 100, 100, 150],
        written_off=[False, False, False, True, False, False],
    )
    return op.paired_outcomes(sd, dd.iloc[::-1])


def test_pairing_and_gap(paired):
    assert list(paired["deal_id"]) == [0, 0, 0, 1, 1, 1]
    assert list(paired["gap"]) == [10, -5, 0, 100, 20, 0]
    g = op.value_gap(paired)
    # played rows: gaps 10, -5, 0, 20, 0 (the write-off is left out)
    assert g["mean"] == pytest.approx(5.0)
    assert g["share_sd_above"] == pytest.approx(0.2) and g["share_equal"] == pytest.approx(0.4)
    assert g["rows"] == 5 and g["deals"] == 2


def test_cluster_interval_by_hand():
    # clusters {0: [1, 0], 1: [1, 1], 2: [0]}; n 5, mean 0.6
    m, lo, hi, c = op.cluster_mean_ci([1, 0, 1, 1, 0], [0, 0, 1, 1, 2])
    s = np.array([1 + 0 - 1.2, 2 - 1.2, 0 - 0.6])
    h = 1.959963984540054 * np.sqrt(3 / 2 * (s**2).sum() / 25)
    assert (m, c) == (pytest.approx(0.6), 3)
    assert lo == pytest.approx(0.6 - h) and hi == pytest.approx(0.6 + h)
    assert np.isnan(op.cluster_mean_ci([1, 0], [4, 4])[1])


def test_success_by_contract(paired):
    t = op.success_by_contract(paired, contracts=[100, 121, 130])
    # played rows dd 130 90 121 60 150, sd 120 95 121 40 150
    assert t.loc[100, "p_dd"] == pytest.approx(3 / 5) and t.loc[100, "p_sd"] == pytest.approx(3 / 5)
    assert t.loc[121, "p_sd"] == pytest.approx(2 / 5)
    assert t.loc[130, "diff"] == pytest.approx(1 / 5)
    assert (t["deals"] == 2).all() and (t["rows"] == 5).all()


def test_bolts_and_own_contracts(paired):
    b = op.bolts_both(paired)
    # played rows' ten defenders: dd zero points: (0,0) (10,20) (0,1) (30,30) (0,0) -> 5
    assert b.loc["zero_points", "dd"] == pytest.approx(5 / 10)
    # sd: (10,0) (10,15) (0,0) (40,40) (0,0) -> 5
    assert b.loc["zero_points", "sd"] == pytest.approx(5 / 10)
    assert b.loc["no_trick", "sd"] == pytest.approx(5 / 10) and b.loc["no_trick", "dd"] == pytest.approx(
        5 / 10
    )
    o = op.own_contracts(paired)
    assert o["write_off_share"] == pytest.approx(1 / 6)
    # contracts 120 100 120 100 150 against sd 120 95 121 40 150 -> 3 made
    assert o["made_share"] == pytest.approx(3 / 5) and o["dd_made_share"] == pytest.approx(3 / 5)
    assert o["mean_contract"] == pytest.approx(118.0)
    assert (o["rows"], o["played_rows"]) == (6, 5)  # each figure's n: every seat, seats played out
    # every figure of the table carries the interval clustered by deal
    # (deal 0: contracts 120 100 120, deal 1: 100 150; dd made 1 0 1 / 0 1)
    for name, low, high, x in (
        ("mean_contract", "mean_contract_low", "mean_contract_high", [120, 100, 120, 100, 150]),
        ("dd_made_share", "dd_made_low", "dd_made_high", [1, 0, 1, 0, 1]),
    ):
        m, lo, hi, _ = op.cluster_mean_ci(x, [0, 0, 0, 1, 1])
        assert (o[name], o[low], o[high]) == pytest.approx((m, lo, hi))
        assert o[low] < o[name] < o[high]


def test_the_gap_shares_carry_intervals_clustered_by_deal(paired):
    g = op.value_gap(paired)
    # played rows' gaps 10 -5 0 | 20 0: SD above DD on one row of five, equal on two
    for name, x in (("share_sd_above", [0, 1, 0, 0, 0]), ("share_equal", [0, 0, 1, 0, 1])):
        m, lo, hi, _ = op.cluster_mean_ci(x, [0, 0, 0, 1, 1])
        assert (g[name], g[f"{name}_low"], g[f"{name}_high"]) == pytest.approx((m, lo, hi))


def _sens(values_by_worlds, dd=(100, 100, 100)):
    parts = []
    for w, v in values_by_worlds.items():
        n = len(v)
        parts.append(
            pd.DataFrame(
                {
                    "worlds": w,
                    "deal_id": np.arange(n),
                    "value_sd": v,
                    "value_dd": list(dd)[:n],
                    "same_gift": [True] * n,
                    "written_off": [False] * (n - 1) + [True],
                    "mean_estimate": [float(x) for x in v],
                }
            )
        )
    return pd.concat(parts, ignore_index=True)


def test_worlds_table_pairs_each_deal_against_the_pools_worlds():
    t = sd_play.worlds_table(_sens({4: [90, 120, 60], 16: [100, 110, 60]}), reference=16)
    # paired differences per deal: -10, +10, 0 -> mean 0, sd 10, t(2) interval
    h = 4.302652729911275 * 10 / np.sqrt(3)
    assert t.loc[4, "diff"] == pytest.approx(0.0)
    assert (t.loc[4, "diff_low"], t.loc[4, "diff_high"]) == pytest.approx((-h, h))
    assert t.loc[16, "diff"] == 0 and np.isnan(t.loc[16, "diff_low"])  # nothing compared there
    assert t.loc[4, "written_off"] == pytest.approx(1 / 3) and (t["deals"] == 3).all()
    # a value cannot be negative nor pass the most a declarer can score: t on 3 deals reaches past 0
    wide = sd_play.worlds_table(_sens({4: [0, 0, 300], 16: [0, 5, 10]}), reference=16)
    assert wide.loc[4, "value_low"] == 0.0 and wide.loc[4, "value_high"] <= sd_play.MOST_VALUE
    assert wide.loc[4, "estimate_low"] == 0.0
    with pytest.raises(ValueError, match="reference"):
        sd_play.worlds_table(_sens({4: [1, 2]}), reference=16)
    with pytest.raises(ValueError, match="same deals"):
        sd_play.worlds_table(_sens({4: [1, 2], 16: [1, 2, 3]}), reference=16)


def test_worlds_verdict_says_cannot_tell_where_the_interval_is_wide():
    t = sd_play.worlds_table(_sens({4: [90, 120, 60], 16: [100, 110, 60]}), reference=16)
    assert "Cannot tell" in sd_play.worlds_verdict(t, 16, noise=0.5)
    assert "within the noise" in sd_play.worlds_verdict(t, 16, noise=100.0)
    # every deal 30 points lower with 4 worlds: beyond the noise
    far = sd_play.worlds_table(_sens({4: [70, 80, 90], 16: [100, 111, 119]}), reference=16)
    assert far.loc[4, "diff_high"] < 0
    assert "depends on the number of worlds" in sd_play.worlds_verdict(far, 16, noise=100.0)


def test_histogram_and_differing(paired):
    h = op.gap_histogram(paired, width=10)
    assert list(h["low"]) == [-10, 0, 10, 20] and list(h["rows"]) == [1, 2, 1, 1]
    top = sd_play.differing_rows(paired, k=2)
    assert list(zip(top["deal_id"], top["seat"])) == [(1, 1), (0, 0)]


def test_refusals(paired):
    with pytest.raises(BadArgument, match="lack columns"):
        op.paired_outcomes(paired[["deal_id"]], paired)
    sd = _rows([1], [0], [0], [0], [0], contract=[100], written_off=[False])
    dd = _rows([1, 2, 3, 4], [0] * 4, [0] * 4, [0] * 4, [0] * 4).iloc[3:]
    with pytest.raises(BadArgument, match="no \\(deal_id, seat\\)"):
        op.paired_outcomes(sd, dd)


def test_a_written_off_row_holding_its_play_is_compared():
    """A pool built now stores the play of its written-off rows
    (``analysis.single_dummy.has_play``): the comparison covers every seat."""
    dd = _rows([130, 90], [0, 10], [0, 20], [0, 1], [0, 2])
    moves = [list(range(24)), list(range(24))]
    sd = _rows([120, 60], [10, 30], [0, 30], [1, 3], [0, 3], contract=[120, 100])
    sd["written_off"] = [False, True]
    sd["moves"] = moves
    p = op.paired_outcomes(sd, dd)
    assert list(p["played"]) == [True, True]
    assert op.value_gap(p)["rows"] == 2 and op.value_gap(p)["mean"] == pytest.approx(20.0)
    sd["moves"] = [moves[0], []]  # an older pool: no play where written off
    assert op.value_gap(op.paired_outcomes(sd, dd))["rows"] == 1


def test_a_written_off_row_counts_where_the_pool_kept_its_play(paired):
    # without moves: the write-off (deal 1, seat 0) has no play
    assert op.stored_play(paired).tolist() == [True, True, True, False, True, True]
    kept = paired.assign(moves=[[1], [1], [1], [5, 67], [1], [1]])
    assert op.stored_play(kept).all()
    t = op.success_by_contract(kept, contracts=[100])
    # every seat now: dd 130 90 121 100 60 150 -> 4 of 6; the all-seats column agrees
    assert t.loc[100, "rows"] == 6 and t.loc[100, "p_dd"] == pytest.approx(4 / 6)
    assert t.loc[100, "p_dd_all"] == pytest.approx(4 / 6)
    sub = op.success_by_contract(paired, contracts=[100])
    assert (sub.loc[100, "rows"], sub.loc[100, "rows_all"]) == (5, 6)
    assert sub.loc[100, "p_dd_all"] == pytest.approx(4 / 6) and sub.loc[100, "p_dd"] == pytest.approx(3 / 5)
    assert op.value_gap(kept)["rows"] == 6


def test_the_gap_verdict_follows_the_intervals():
    g = pd.DataFrame(
        {"mean": [-0.1, 2.8, -3.0], "low": [-0.6, 1.9, -4.0], "high": [0.3, 3.6, -2.0]},
        index=["club", "book", "wiki"],
    )
    v = op.gap_verdict(g)
    assert v.startswith("In book seeing every card helps the declarer more")
    assert "in wiki it helps the defence more" in v and "in club it helps the defence about as much" in v
    only_book = op.gap_verdict(g.loc[["book"]])
    assert "about as much" not in only_book


def test_a_share_of_nothing_gets_exact_bounds_not_a_zero_width_interval():
    m, lo, hi, c = op.cluster_mean_ci([0, 0, 0, 0], [0, 0, 1, 2])
    # Clopper–Pearson on the 3 deals: upper 1 - 0.025 ** (1 / 3)
    assert (m, lo, c) == (0.0, 0.0, 3) and hi == pytest.approx(1 - 0.025 ** (1 / 3))


def test_one_declarer_per_deal_counts_the_strongest_seats_defenders(paired):
    """The bolts page's unit: deal 0's declarer is seat 0 (value 130), whose
    defenders took 0 and 0 points (both bolted); deal 1's is seat 2 (150),
    defenders 0 and 0 again; so 4 of 4 defenders, where every seat declaring
    (:func:`bolts_both`) counts 12 defenders."""
    one = op.bolts_one_declarer(paired)
    assert (one["defenders"], one["deals"]) == (4, 2) and one["zero_points"] == pytest.approx(1.0)
    # make deal 1's strongest seat (seat 2) leave its left defender 7 points
    lifted = paired.copy()
    lifted.loc[(lifted["deal_id"] == 1) & (lifted["seat"] == 2), "left_points_dd"] = 7
    assert op.bolts_one_declarer(lifted)["zero_points"] == pytest.approx(3 / 4)
    # a deal with a seat missing is left out
    assert op.bolts_one_declarer(paired.iloc[1:])["deals"] == 1


def test_same_double_dummy_names_pairs_with_equal_values(paired):
    other = paired.copy()
    other.loc[0, "value_sd"] = 0  # single-dummy columns may differ
    changed = paired.copy()
    changed.loc[4, "value_dd"] += 5
    frames = {"club": paired, "ua": other, "book": changed, "wiki": paired.iloc[:3]}
    assert op.same_double_dummy(frames) == [("club", "ua")]


def test_enough_digits_never_prints_a_non_zero_bound_as_zero():
    assert op.enough_digits(1.3, 0.2, 2.6) == 1
    assert op.enough_digits(1.3, 0.004, 2.6) == 3
    assert op.enough_digits([0.0, np.nan, 0.04], [-0.051]) == 2
    assert op.enough_digits(1e-9) == 4  # at most ``most``
    d = op.enough_digits(-0.03, 0.02)
    assert f"{-0.03:.{d}f}" != "-0.0" and f"{0.02:.{d}f}" != "0.0"
