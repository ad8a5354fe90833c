"""The bidding-odds page's plots (analysis.research.odds_plots): what each draws, in percent."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from analysis.research import bidding, odds_plots  # noqa: E402


def _labels(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_bids_by_seat_draw_only_classes_on_enough_deals():
    idx = pd.MultiIndex.from_tuples(
        [
            ("120", "first hand"),
            ("140–155", "first hand"),
            ("120", "second hand"),
            ("120", "third hand (dealer)"),
        ],
        names=["group", "position"],
    )
    t = pd.DataFrame(
        {
            "p": [0.5, 0.9, 0.6, 0.7],
            "ci_low": [0.4, 0.8, 0.5, 0.6],
            "ci_high": [0.6, 1.0, 0.7, 0.8],
            "deals": [30, 29, 40, 50],
        },
        index=idx,
    )
    fig, ax = plt.subplots()
    odds_plots.bids_by_seat(ax, t)
    first, second = ax.containers[0], ax.containers[1]
    x0, y0 = first.lines[0].get_data()
    assert np.allclose(y0, [50.0]) and np.allclose(x0, [2 - 0.15])  # 140–155 on 29 deals is not drawn
    x1, y1 = second.lines[0].get_data()
    assert np.allclose(y1, [60.0]) and np.allclose(x1, [2.0])
    assert _labels(ax) == list(bidding.POSITIONS)
    assert [t.get_text() for t in ax.get_xticklabels()][:2] == ["forced 100", "105–115"]
    plt.close(fig)


def test_make_curves_keep_near_curves_apart_and_hollow():
    idx = pd.MultiIndex.from_product([["club", "book"], [100, 105]], names=["profile", "contract"])
    c = pd.DataFrame(
        {"p": [0.5, 0.4] * 2, "ci_low": [0.4, 0.3] * 2, "ci_high": [0.6, 0.5] * 2, "deals": [600] * 4},
        index=idx,
    )
    fig, ax = plt.subplots()
    odds_plots.make_curves(ax, c)
    a, b = ax.get_lines()
    assert np.allclose(a.get_xdata(), [99.0, 104.0]) and np.allclose(b.get_xdata(), [99.5, 104.5])
    assert np.allclose(a.get_ydata(), [50.0, 40.0])
    assert a.get_markerfacecolor() == "none" and b.get_linestyle() == "--"
    assert _labels(ax) == ["club (600 deals)", "book (600 deals)"]
    plt.close(fig)


def test_marriage_and_calibration_dots_draw_in_percent():
    idx = pd.MultiIndex.from_product([["♥", "none"], [120, 160]], names=["holding", "contract"])
    m = pd.DataFrame(
        {"p": [0.8, 0.5, 0.3, 0.1], "ci_low": [0.7, 0.4, 0.2, 0.05], "ci_high": [0.9, 0.6, 0.4, 0.2]},
        index=idx,
    )
    fig, ax = plt.subplots()
    odds_plots.marriage_dots(ax, m, [120, 160])
    x, y = ax.containers[0].lines[0].get_data()
    assert np.allclose(x, [80.0, 30.0]) and np.allclose(y, [1.22, 0.22])
    assert [(t.get_position()[1], t.get_text()) for t in ax.get_yticklabels()] == [(1, "♥"), (0, "none")]
    assert _labels(ax) == ["contract 120", "contract 160"]
    plt.close(fig)
    cal = pd.DataFrame(
        {"predicted": [0.2, 0.7], "p": [0.25, 0.75], "ci_low": [0.1, 0.6], "ci_high": [0.4, 0.9]}
    )
    fig, ax = plt.subplots()
    odds_plots.calibration_dots(ax, {120: cal})
    x, y = ax.containers[0].lines[0].get_data()
    assert np.allclose(x, [20.0, 70.0]) and np.allclose(y, [25.0, 75.0])
    assert sorted(_labels(ax)) == ["contract 120", "perfect calibration"] and ax.get_xlim() == (0, 100)
    plt.close(fig)


def test_points_and_famous_lines_label_each_series():
    idx = pd.MultiIndex.from_tuples(
        [("club", "a", 120), ("club", "b", 120)], names=["profile", "bin", "contract"]
    )
    t = pd.DataFrame({"p": [0.1, 0.6], "ci_low": [0.0, 0.5], "ci_high": [0.2, 0.7]}, index=idx)
    fig, ax = plt.subplots()
    odds_plots.points_lines(ax, t, str.upper)
    assert np.allclose(ax.get_lines()[0].get_ydata(), [10.0, 60.0])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B"]
    assert ax.get_ylabel() == "P(make 120) (%)"
    plt.close(fig)
    o = pd.DataFrame({"p_make": [0.9, 0.5], "ci_low": [0.8, 0.3], "ci_high": [1.0, 0.7]}, index=[120, 140])
    fig, ax = plt.subplots()
    odds_plots.famous_lines(ax, {"two aces": o}, {"two aces": "A♠ A♣"})
    assert _labels(ax) == ["two aces: A♠ A♣"]
    assert np.allclose(ax.get_lines()[0].get_ydata(), [90.0, 50.0])
    plt.close(fig)
