"""Bidding questions as players ask them (analysis.research.bidding), and the
page helpers that draw and label them."""

import numpy as np
import pandas as pd
import pytest

from analysis import cards
from analysis.research import bidding, conventions, plots


def test_auctions_place_the_declarer_and_the_forced_100(five_deals):
    a = bidding.auctions(five_deals)
    assert len(a) == 4  # the redeal is left out
    assert a["position"].tolist() == ["first hand", "first hand", "third hand (dealer)", "second hand"]
    assert a["group"].tolist() == [bidding.FORCED, bidding.FORCED, "120", "140–155"]
    assert a["made"].tolist() == [True, False, True, False]
    assert a["written_off"].tolist() == [False, True, False, False]
    assert a["failed"].tolist() == [False, False, False, True]


def test_auctions_at_four_count_positions_round_four_seats(five_deals):
    # dealer 2 -> first hand 3, then 0, then 1 (the third hand, before the
    # resting dealer): counted modulo 3 the third hand would read as the second
    g = five_deals.iloc[:4].assign(first_hand=3, declarer=[3, 0, 1, 1], score3=0, bid=[100, 105, 120, 140])
    a = bidding.auctions(g)
    assert a["position"].tolist() == ["first hand", "second hand", "third hand", "third hand"]
    assert a["group"].tolist()[:2] == [bidding.FORCED, "105–115"]


def test_bid_success_counts_each_group_with_games_as_clusters(five_deals):
    t = bidding.bid_success(bidding.auctions(five_deals), by=("group",))
    assert t.index.tolist() == [bidding.FORCED, "120", "140–155"]  # forced first, then by bid
    f = t.loc[bidding.FORCED]
    assert f["auctions"] == 2 and f["games"] == 1 and f["p"] == 0.5 and f["written_off"] == 0.5
    assert t.loc["140–155", "failed"] == 1.0 and t.loc["120", "p"] == 1.0
    assert (t["ci_low"] <= t["p"]).all() and (t["p"] <= t["ci_high"]).all()
    # the written-off and failed shares carry intervals of the same method
    for col in ("written_off", "failed"):
        assert (t[f"{col}_low"] <= t[col]).all() and (t[col] <= t[f"{col}_high"]).all()
    assert f["written_off_low"] < 0.5 < f["written_off_high"]


def _bids_at_140(game_id, made) -> pd.DataFrame:
    """Deals won by seat 2 at 140 (not the first hand), made where ``made``."""
    return pd.DataFrame(
        {
            "game_id": game_id,
            "redealt": False,
            "declarer": 2,
            "first_hand": 1,
            "bid": 140,
            "contract": 140,
            "written_off": False,
            "value": np.where(made, 150, 100),
        }
    )


def test_bid_success_widens_its_interval_when_games_repeat_pool_deals():
    # 60 games of one 140 bid each: drawn from 60 distinct pool deals, or from
    # 6 deals drawn ten times each (the same outcomes): the repeats are 6
    # observations, not 60, so the interval must widen
    rng = np.random.default_rng(0)
    made = rng.random(6) < 0.5
    base = _bids_at_140(np.arange(60), np.tile(made, 10))
    distinct = bidding.bid_success(bidding.auctions(base.assign(pool_deal=np.arange(60))), by=("group",))
    reused = bidding.bid_success(
        bidding.auctions(base.assign(pool_deal=np.tile(np.arange(6), 10))), by=("group",)
    )
    a, b = distinct.loc["140–155"], reused.loc["140–155"]
    assert a["p"] == b["p"] == made.mean()
    assert (a["deals"], b["deals"], b["auctions"], b["games"]) == (60, 6, 60, 60)
    assert b["ci_high"] - b["ci_low"] > 2 * (a["ci_high"] - a["ci_low"])


def test_interval_method_names_the_clusters_pool_deals_only_where_they_repeat(five_deals):
    a = bidding.auctions(five_deals)
    by_game = "Clopper–Pearson on the effective auctions, clustered by game, at least the binomial"
    assert bidding.interval_method(a) == by_game  # no pool_deal column
    assert bidding.interval_method(a.assign(pool_deal=np.arange(len(a)))) == by_game
    # a deal solved on the fly (−1) is its own, however many there are
    assert bidding.interval_method(a.assign(pool_deal=-1)) == by_game
    twice = a.assign(pool_deal=np.zeros(len(a), dtype=np.int64))
    assert bidding.interval_method(twice) == (
        "Clopper–Pearson on the effective auctions, clustered by pool deal, at most one per distinct deal"
    )


def test_bid_success_gives_zero_and_rare_cells_intervals_on_the_same_deals():
    # the reader's case: 321 first-hand 140s on 39 pool deals, none written off, beside
    # a cell with one write-off on the same deals: both rest on the 39 deals (Clopper–Pearson
    # 0 of 39: 0–9.0 %), not the one on 39 deals and the other on 321 auctions (0–1.5 %)
    from analysis.stats import share_ci

    g = _bids_at_140(np.arange(321), np.ones(321, bool)).assign(pool_deal=np.arange(321) % 39)
    one = g.assign(written_off=np.r_[True, np.zeros(320, bool)])
    none = bidding.bid_success(bidding.auctions(g), by=("group",)).loc["140–155"]
    rare = bidding.bid_success(bidding.auctions(one), by=("group",)).loc["140–155"]
    assert (none["deals"], none["auctions"], none["written_off"]) == (39, 321, 0.0)
    assert none["written_off_high"] == pytest.approx(share_ci(0, 39)[1]) == pytest.approx(0.0903, abs=1e-4)
    assert rare["written_off"] == pytest.approx(1 / 321)
    assert rare["written_off_high"] == pytest.approx(share_ci(39 / 321, 39)[1])
    assert 0.07 < rare["written_off_high"] < 0.12  # the same scale as the empty cell's


def test_bid_success_is_never_narrower_than_the_binomial_on_the_auctions():
    # 20 games of 10 bids, each game making exactly 7: the games agree more than
    # chance would have them, so the clustered variance is 0; the interval rests on
    # the 200 distinct deals and holds the binomial one (auctions of one game share no cards)
    from analysis.stats import proportion_ci, share_ci

    made = np.tile([True] * 7 + [False] * 3, 20)
    g = _bids_at_140(np.repeat(np.arange(20), 10), made)
    r = bidding.bid_success(bidding.auctions(g), by=("group",)).loc["140–155"]
    lo, hi = proportion_ci(140, 200)
    clo, chi = share_ci(140, 200)
    assert r["p"] == pytest.approx(0.7)
    assert (r["ci_low"], r["ci_high"]) == pytest.approx((min(lo, clo), max(hi, chi)))
    assert r["failed_low"] <= proportion_ci(60, 200)[0]


def test_hand_classes_count_aces_tens_marriages_and_the_ten_cards():
    hand = cards.parse("A♠ A♣ 10♠ K♥ Q♥ 9♦ J♦")  # 2 aces, 1 ten, ♥ marriage (100)
    widow = cards.parse("10♣ K♠ 9♣")  # 10 cards: 2 tens, ♠ marriage needs Q♠: none
    n = 40
    rows = pd.DataFrame(
        {
            "hand": np.full(n, hand, np.uint32),
            "widow": np.full(n, widow, np.uint32),
            "hand_points": np.full(n, int(cards.card_points(np.array([hand], np.uint32))[0]), np.int64),
            "value": np.r_[np.full(30, 130), np.full(10, 90)],
            "deal_id": np.arange(n),
        }
    )
    c = bidding.hand_classes(rows, 120)
    at = c["aces and tens"]
    assert at.index.tolist() == [(2, 1)] and at.iloc[0]["hands"] == n and at.iloc[0]["p"] == 0.75
    mp = c["marriages and points"]
    assert mp.index.tolist() == [("♥ (100)", "40–49")]  # 11+11+10+4+3+0+2 = 41 card points
    aw = c["after the widow"]
    assert aw.index.tolist() == [("50–59", "♥ (100)")]  # 41 + 10♣ 10 + K♠ 4 + 9♣ 0 = 55; ♥ still the only set
    # a class on fewer than 30 distinct deals is kept with its hands (the page shows no share there)
    few = bidding.hand_classes(rows.assign(deal_id=np.arange(n) % 29), 120)["aces and tens"]
    assert few.iloc[0][["hands", "deals"]].tolist() == [n, 29] and few.iloc[0]["p"] == 0.75


def test_hand_classes_cover_every_hand_and_name_bins_by_what_they_hold():
    """A 7-card hand of 74 points (four aces, three tens) is in a bin named 70–74, one of 14
    points in club's lowest bin, 14–19 (hands under 14 are redealt), never dropped."""
    top = cards.parse("A♠ A♣ A♦ A♥ 10♠ 10♣ 10♦")
    low = cards.parse("9♠ 9♣ 9♦ J♠ K♠ K♣ K♦")  # 0 + 2 + 12 = 14 points
    widow = cards.parse("J♥ Q♥ 9♥")  # 5 points
    hands = np.r_[np.full(3, top), np.full(3, low)].astype(np.uint32)
    rows = pd.DataFrame(
        {
            "hand": hands,
            "widow": np.full(6, widow, np.uint32),
            "hand_points": cards.card_points(hands).astype(np.int64),
            "value": [200, 180, 150, 60, 70, 130],
            "deal_id": np.arange(6),
        }
    )
    assert rows["hand_points"].tolist() == [74] * 3 + [14] * 3
    c = bidding.hand_classes(rows, 120, rules="club")
    for t in c.values():
        assert t["hands"].sum() == 6
    pts = c["marriages and points"].index.get_level_values(1)
    assert sorted(set(pts)) == ["14–19", "70–74"]
    ten = c["after the widow"].index.get_level_values(0)
    assert sorted(set(ten)) == ["19", "70–79"]  # 14 + 5 = 19, the least 10 cards hold in club; 74 + 5
    assert bidding.hand_classes(rows, 120)["marriages and points"].index.get_level_values(1)[0] == "10–19"
    assert bidding.point_range("club") == (14, 74) and bidding.point_range("club", 10) == (19, 92)
    assert bidding.point_range("classic") == (6, 74) and bidding.point_range(None, 10) == (14, 92)


def test_marriage_sets_keep_equal_totals_apart():
    hands = np.array([cards.parse("K♥ Q♥ 9♠ 9♣ 9♦ J♠ J♣"), cards.parse("K♠ Q♠ K♣ Q♣ 9♦ J♠ J♣")], np.uint32)
    label, total = bidding._marriage_sets(hands)
    assert label.tolist() == ["♥ (100)", "♣ + ♠ (100)"] and total.tolist() == [100, 100]


def test_first_hand_label_follows_the_opening_rule():
    assert [bidding.first_hand_label(p) for p in ("club", "classic", "book", "ua", "wiki")] == [
        bidding.FORCED,
        bidding.OPENING,
        bidding.OPENING,
        bidding.FORCED,
        bidding.OPENING,
    ]


def test_calibration_cuts_are_rounded_quantiles_with_one_format():
    from analysis.research import contract_odds

    # 30 hands at 0.5280 % .. 3.3337 %, 30 at 3.3341 % .. 4.98 %: the quantile cut, 3.3341 %, rounds to
    # 3.3 % at one decimal, moving one hand (3.3337 %) up, so one decimal names both bins
    pred = np.r_[np.linspace(0.00528, 0.033337, 30), np.linspace(0.033341, 0.0498, 30)]
    rows = pd.DataFrame({"value": np.full(60, 130)})
    assert contract_odds.cut_decimals(pred, 2) == 1
    cal = contract_odds.calibration(rows, pred, 120, bins=2)
    assert cal["bin"].tolist() == ["0.5–3.3 %", "3.3–5.0 %"] and cal["hands"].tolist() == [29, 31]
    # two decimals given for a table printed with others: the same cut printed with them
    two = contract_odds.calibration(rows, pred, 120, bins=2, decimals=2)
    assert two["bin"].tolist() == ["0.52–3.33 %", "3.33–4.98 %"] and two["hands"].tolist() == [29, 31]
    # a dense cluster at the cut: one decimal would move a whole bin, so more are taken
    dense = np.r_[np.full(40, 0.1), np.linspace(0.3332, 0.3338, 40), np.full(20, 0.6)]
    assert contract_odds.cut_decimals(dense, 2) == 2


def test_calibration_verdict_says_calibrated_or_names_the_gap():
    good = pd.DataFrame(
        {
            "predicted": [0.2, 0.5, 0.8],
            "p": [0.21, 0.49, 0.8],
            "ci_low": [0.18, 0.46, 0.77],
            "ci_high": [0.24, 0.52, 0.83],
        }
    )
    text, p = bidding.calibration_verdict(good)
    assert "3 of 3 bins" in text and "calibrated within the noise" in text and p > 0.05
    bad = good.assign(p=[0.2, 0.5, 0.96], ci_low=[0.18, 0.47, 0.95], ci_high=[0.22, 0.53, 0.97])
    text, p = bidding.calibration_verdict(bad)
    assert "not calibrated" in text and "16.0 percentage points" in text and p < 1e-6
    # the test as a reader reads it: statistic, degrees of freedom, p bounded, never e-notation
    chi2 = sum(
        ((o - e) / ((h - lo) / 3.919928)) ** 2
        for o, e, lo, h in zip(bad["p"], bad["predicted"], bad["ci_low"], bad["ci_high"])
    )
    assert f"(χ² = {chi2:.1f} on 3 degrees of freedom, p < 0.001)" in text and "e-" not in text
    assert "degrees of freedom, p = 0." in bidding.calibration_verdict(good)[0]
    assert "underestimates the chance in 1 bin (observed above" in text and "predicted 80 %" in text
    assert "overestimates it in no bin" in text


def test_calibration_verdict_names_both_directions_by_contract():
    """Observed above the prediction at high chances, below it at low ones:
    the text says where each happens (contract and predicted range)."""
    cal = pd.concat(
        {
            100: pd.DataFrame(
                {
                    "predicted": [0.1, 0.5, 0.88],
                    "p": [0.04, 0.5, 0.96],
                    "ci_low": [0.02, 0.47, 0.94],
                    "ci_high": [0.06, 0.53, 0.98],
                }
            ),
            120: pd.DataFrame(
                {
                    "predicted": [0.12, 0.7, 0.9],
                    "p": [0.05, 0.7, 0.97],
                    "ci_low": [0.03, 0.66, 0.95],
                    "ci_high": [0.08, 0.74, 0.99],
                }
            ),
        },
        names=["contract"],
    )
    text, p = bidding.calibration_verdict(cal)
    assert text.startswith("2 of 6 bins")
    assert (
        "underestimates the chance in 2 bins (observed above the prediction): contract 100, predicted 88 %; "
        "contract 120, predicted 90 %" in text
    )
    assert (
        "overestimates the chance in 2 bins (observed below the prediction): contract 100, predicted 10 %; "
        "contract 120, predicted 12 %" in text
    )
    assert "by up to 8.0 percentage points" in text and p < 1e-6


def test_calibration_bins_are_disjoint_and_the_verdict_names_them_as_the_table_does():
    from analysis.research import contract_odds

    # ties straddle the quantile cuts: equal predictions stay in one bin
    pred = np.array([0.10, 0.20, 0.30, 0.30, 0.30, 0.31, 0.50, 0.60, 0.80, 0.85, 0.86, 0.90])
    rows = pd.DataFrame({"value": np.where(np.arange(12) % 2 == 0, 130, 90)})
    cal = contract_odds.calibration(rows, pred, 120, bins=4)
    assert cal["hands"].tolist() == [2, 4, 3, 3] and cal["hands"].sum() == 12
    assert (cal["pred_high"].to_numpy()[:-1] < cal["pred_low"].to_numpy()[1:]).all()
    # labels: the cut points, each bin from its first figure up to, not including, its second
    assert cal["bin"].tolist() == ["10.0–30.0 %", "30.0–50.0 %", "50.0–85.0 %", "85.0–90.0 %"]
    # the verdict names each bin missed by its label, never one span over bins it did not miss
    both = pd.concat(
        {
            120: cal.assign(p=[0.6, 0.31, 0.9, 0.875], ci_low=[0.55, 0.2, 0.85, 0.8]).assign(
                ci_high=[0.65, 0.4, 0.95, 0.95]
            )
        },
        names=["contract"],
    )
    text, _ = bidding.calibration_verdict(both)
    assert (
        "in 2 bins (observed above the prediction): contract 120, predicted 10.0–30.0 % and 50.0–85.0 %."
        in text
    )
    assert "85.0–90.0 %" not in text and "10.0–85" not in text


def test_bid_groups_say_what_they_hold(five_deals):
    # a bid of 100 is only the first hand's: the first group starts at the first raise
    for label, lo, hi in bidding.BID_GROUPS:
        ends = [int(x) for x in label.replace(" and more", "").split("–")]
        assert ends[0] == lo and (len(ends) == 1 and (hi == lo + 5 or "more" in label) or ends[1] == hi - 5)
    g = five_deals.assign(bid=[100, 100, 105, 115, -1], contract=[100, 100, 105, 115, -1])
    assert bidding.auctions(g)["group"].tolist() == [bidding.FORCED, bidding.FORCED, "105–115", "105–115"]
    with pytest.raises(ValueError, match="no group"):  # a 100 won by the dealer: no label would say so
        bidding.auctions(g.assign(bid=[100, 100, 100, 115, -1]))


def test_adjacent_steps_tell_steps_beyond_the_noise():
    from analysis.research import contract_odds

    t = pd.DataFrame(
        {
            "p": [0.351, 0.333, 0.439, 0.369],
            "ci_low": [0.30, 0.29, 0.40, 0.31],
            "ci_high": [0.40, 0.38, 0.48, 0.43],
        },
        index=["5–9", "10–14", "15–19", "20–24"],
    )
    s = contract_odds.adjacent_steps(t)
    assert s.index.tolist() == [("5–9", "10–14"), ("10–14", "15–19"), ("15–19", "20–24")]
    assert s["diff"].tolist() == pytest.approx([-0.018, 0.106, -0.070])
    # the steps' intervals from the two shares' standard errors (independent classes)
    se = (t["ci_high"] - t["ci_low"]).to_numpy() / (2 * 1.959964)
    assert s.loc[("10–14", "15–19"), "high"] - 0.106 == pytest.approx(
        1.959964 * np.hypot(se[1], se[2]), rel=1e-5
    )
    assert s["beyond"].tolist() == [False, True, False]
    with pytest.raises(ValueError, match="two groups"):
        contract_odds.adjacent_steps(t.iloc[:1])


def test_step_curve_is_drawn_as_steps_from_its_start():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    plots.step_curve(ax, [1, 2, 3], [0.1, 0.3, 0.4], [0.05, 0.2, 0.3], [0.15, 0.4, 0.5], label="win")
    (line,) = ax.get_lines()
    assert line.get_drawstyle() == "steps-post"
    np.testing.assert_allclose(line.get_ydata(), [0, 10, 30, 40, 40])
    np.testing.assert_allclose(line.get_xdata(), [0, 1, 2, 3, 4])  # the last step has its level
    ax.clear()
    plots.step_curve(ax, [1, 2], [0.1, 0.3], [0.05, 0.2], [0.15, 0.4], end=6)
    np.testing.assert_allclose(ax.get_lines()[0].get_xdata(), [0, 1, 2, 6])
    fig2, axes = plt.subplots(1, 2)
    axes[0].plot([0], [0], label="a")
    axes[1].plot([0], [0], label="b")
    axes[1].plot([0], [0], label="a")
    leg = plots.figure_legend(fig2)
    assert [t.get_text() for t in leg.get_texts()] == ["a", "b"]  # every panel's labels, once
    plt.close("all")


@pytest.mark.parametrize("metric", ["deals_per_game", "made_share"])
def test_every_metric_has_a_label(metric):
    assert "_" not in conventions.METRIC_LABELS[metric]
