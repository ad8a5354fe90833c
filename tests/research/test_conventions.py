"""The conventions page's research module: labels, the conclusion's pick, decimals."""

from types import SimpleNamespace

import pandas as pd
import pytest

from analysis.research import conventions
from analysis.rules.words import FIELD_WORDS


def _comparison(rows, outcomes="pimc"):
    """A stand-in for a Comparison: rows of (variant, diff, low, high, beyond_noise) on deals_per_game."""
    names = ["p", *(f"p+{r[0]}" for r in rows)]
    table = pd.DataFrame(
        [
            {
                "metric": "deals_per_game",
                "rules": "p",
                "diff": 0.0,
                "diff_low": 0.0,
                "diff_high": 0.0,
                "beyond_noise": False,
            }
        ]
        + [
            {
                "metric": "deals_per_game",
                "rules": f"p+{v}",
                "diff": d,
                "diff_low": lo,
                "diff_high": hi,
                "beyond_noise": s,
            }
            for v, d, lo, hi, s in rows
        ]
    )
    return SimpleNamespace(table=table, names=names, identical=[], outcomes=outcomes)


def test_the_conclusion_names_the_largest_starred_effect_not_a_larger_one_within_the_noise():
    # wiki's quick run: crossing=allowed +28.25 (−0.7 to +57.2) within the noise,
    # crossing=not_on_barrel +23.25 (+4.5 to +42.0) starred
    wiki = _comparison(
        [
            ("crossing=allowed", 28.25, -0.705, 57.205, False),
            ("crossing=not_on_barrel", 23.25, 4.534, 41.966, True),
            ("write_off_limit=3", -5.083, -10.699, 0.533, False),
        ]
    )
    quiet = _comparison(
        [
            ("minus_bidding=-120", 4.167, -5.22, 13.553, False),
            ("write_off_limit=3", -3.583, -8.485, 1.319, False),
        ]
    )
    runs = {"wiki": {"pimc": wiki, "dd": None}, "book": {"pimc": quiet, "dd": None}}
    big = conventions.largest_per_profile(runs)
    assert list(big.profile) == ["wiki", "book"]
    w = big.iloc[0]
    assert w.change == "crossing=not_on_barrel" and w.beyond_noise and w["diff"] == 23.25
    # the same pick as the table's first starred row for that profile
    top = conventions.largest_effects(runs, k=3)
    assert top[top.profile == "wiki"].change.iloc[0] == w.change
    b = big.iloc[1]  # nothing starred: the largest within the noise, flagged as such
    assert b.change == "minus_bidding=-120" and not b.beyond_noise


def test_the_conclusion_reads_the_starred_row_of_either_outcomes():
    own = _comparison([("crossing=allowed", 30.0, -1.0, 61.0, False)])
    dd = _comparison([("redeal_after_four_jacks=true", -1.2, -2.0, -0.4, True)], outcomes="dd")
    big = conventions.largest_per_profile({"club": {"pimc": own, "dd": dd}})
    assert big.change.tolist() == ["redeal_after_four_jacks=true"] and big.outcomes.tolist() == ["dd"]


def test_a_profile_without_variants_has_no_row():
    assert conventions.largest_per_profile({"ua": {"pimc": None, "dd": None}}).empty


@pytest.mark.parametrize(
    "low, high, digits",
    [
        ([14.231, 5.080, -7.527], [41.436, 35.754, 13.194], 0),  # quick deals per game: ±10 to ±15
        ([-2.1, 0.4, -3.0], [2.9, 5.6, 2.0], 1),  # full sizes: about ±2.5 deals
        ([0.150, 0.057, -0.005], [0.273, 0.167, 0.0], 3),  # shares: ±0.06
        ([0.0, 0.0], [0.0, 0.0], 4),  # nothing varied: no interval to go by
    ],
)
def test_column_decimals_show_two_significant_digits_of_the_typical_half_width(low, high, digits):
    assert conventions.column_decimals(low, high) == digits


def test_change_label_reads_in_a_players_words():
    label = conventions.change_label
    assert label("club+barrel_seats=1", "club") == "players on the barrel at once: 2 → 1"
    # wiki's three free write-offs a game: a reader must not take "limit" for fewer write-offs
    assert label("club+write_off_limit=3", "wiki") == (
        "write-offs per player and game: no limit, each costs the contract → at most 3, each free"
    )
    assert label("minus_bidding=-120", "club") == (
        "bidding in the minus: as usual → nobody raises while some but not all players are at \u2212120 or below"
    )
    # the two four-jack conventions are distinct stages, and their labels say which
    assert label("redeal_four_jacks=true", "club") == "redeal for four jacks in a dealt hand: no → yes"
    assert (
        label("redeal_after_four_jacks=true", "club") == "redeal for four jacks after the exchange: no → yes"
    )
    assert label("crossing=not_on_barrel", "wiki").endswith(
        ": not played → allowed, not while anyone sits on the barrel"
    )
    # a value the profile refuses alone is still said in words
    assert (
        label("write_off_payment=fixed", "club")
        == "a write-off pays each opponent: half the contract → a fixed sum"
    )


def test_every_variant_label_is_words_not_settings():
    for prof in ("club", "classic", "book", "ua", "wiki"):
        for name in conventions.variants(prof):
            text = conventions.change_label(name, prof)
            assert "_" not in text and "true" not in text and "false" not in text, text
            assert name.split("=", 1)[0] in FIELD_WORDS, name  # a field the page varies has its words
