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
