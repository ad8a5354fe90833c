"""Figures a reader can read: coinciding lines named, a description for every image."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from analysis.research import plots  # noqa: E402


def test_lines_drawn_over_each_other_are_named_in_the_legend():
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([1, 2, 3], [5, 6, 7], label="club")
    a.plot([1, 2, 3], [5, 6, 7], label="classic")  # the same pool: drawn over club
    a.plot([1, 2, 3], [7, 6, 5], label="book")
    b.plot([1, 2, 3], [5, 6, 7], label="ua")  # the same values in another panel hide nothing
    a.legend()
    b.legend()
    assert plots.mark_identical(fig) == [("club", "classic")]
    assert [t.get_text() for t in a.get_legend().get_texts()] == [
        "club (identical to classic, hidden under it)",
        "classic",
        "book",
    ]
    assert plots.mark_identical(fig) == [("club", "classic")]  # twice: no second note
    assert a.get_legend().get_texts()[0].get_text() == "club (identical to classic, hidden under it)"
    plt.close(fig)


def test_a_figure_is_described_from_its_titles_axes_and_legend():
    fig, ax = plt.subplots()
    ax.plot([100, 120], [60, 40], label="club")
    ax.set_title("P(make)")
    ax.set_xlabel("contract (points)")
    ax.set_ylabel("made (%)")
    ax.legend()
    fig.suptitle("Bids")
    assert plots.describe(fig) == (
        "Figure: Bids. Panel P(make): made (%) against contract (points); series: club."
    )
    plt.close(fig)


def test_interval_dots_read_against_zero():
    fig, (a, b, c) = plt.subplots(1, 3)
    plots.interval_dots(a, ["club", "wiki"], [0.52, 0.58], [0.50, 0.55], [0.54, 0.61])
    assert a.get_xlim()[0] == 0 and a.get_xlim()[1] > 61  # percent, from 0
    plots.interval_dots(b, ["club"], [54.4], [47.9], [61.3], percent=False, exact=[50.0])
    assert b.get_xlim()[0] == 0 and 61.3 < b.get_xlim()[1] < 100  # drawn as given
    plots.interval_dots(c, ["rare"], [0.001], [0.0005], [0.002], log=True)
    assert c.get_xscale() == "log" and c.get_xlim()[0] > 0
    plt.close(fig)


def test_a_band_that_starts_at_deal_zero_is_drawn_from_its_own_values():
    import numpy as np

    fig, ax = plt.subplots()
    # a cumulative incidence known to be 0 at deal 0 (no interval there), then estimated
    plots.step_curve(ax, [0, 1, 2], [0.0, 0.2, 0.3], [0.0, 0.1, 0.2], [0.0, 0.3, 0.4])
    x, y = ax.get_lines()[0].get_data()
    assert x[0] == 0 and y[0] == 0 and list(x).count(0) == 1  # deal 0 once, at 0
    band = ax.collections[0].get_paths()[0].vertices
    at0 = band[np.isclose(band[:, 0], 0)]
    assert np.allclose(at0[:, 1], 0)  # the band starts at 0, not above it
    ax.clear()
    plots.step_curve(ax, [1, 2], [0.2, 0.3], [0.1, 0.2], [0.3, 0.4])  # from deal 1: the start is prepended
    x, y = ax.get_lines()[0].get_data()
    assert x[0] == 0 and y[0] == 0
    plt.close(fig)


def test_points_at_whole_settings_are_not_joined_and_shift_sideways():
    import numpy as np
    import pytest

    fig, ax = plt.subplots()
    plots.interval_points(
        ax, [13, 14, 15], [0.05, 0.08, 0.12], [0.04, 0.07, 0.11], [0.06, 0.09, 0.13], shift=0.1
    )
    (line,) = ax.get_lines()[:1]
    x, y = line.get_data()
    assert line.get_linestyle() == "None"  # dots only: no value drawn between thresholds
    assert np.allclose(x, [13.1, 14.1, 15.1]) and np.allclose(y, [5, 8, 12])  # shifted, in percent
    with pytest.raises(ValueError, match="same length"):
        plots.interval_points(ax, [13, 14], [0.1], [0.0], [0.2])
    plt.close(fig)
