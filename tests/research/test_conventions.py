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


@pytest.mark.parametrize(
    "low, high, at_least, digits",
    [
        # the full club table: one row's +0.02 would print as 0.0, so the whole column takes 2
        ([-2.0, -1.4, -2.42], [2.7, 3.0, 0.02], None, 2),
        # a starred write-off share (−0.0099 to −0.00003): five decimals, never "to 0.0000"
        ([-0.0083, -0.0099], [0.0089, -0.00003], None, 5),
        ([-0.0083, 0.00001], [0.0089, 0.0028], None, 5),
        # the page's decimals for the metric as a floor; a column of no width keeps them
        ([-2.0, -1.4], [2.7, 3.0], 2, 2),
        ([0.0], [0.0], 1, 1),
    ],
)
def test_column_decimals_are_those_every_row_of_the_column_needs(low, high, at_least, digits):
    assert conventions.column_decimals(low, high, at_least=at_least) == digits
    # printed with them, no row grows its own and no end that is not 0 reads as 0
    from analysis.research.notebook import fmt_num_ci

    for lo, hi in ((lo, hi) for lo, hi in zip(low, high) if hi > lo):
        text = fmt_num_ci((lo + hi) / 2, lo, hi, digits, signed=True)
        ends = text[text.index("(") + 1 : -1].split(" to ")
        assert all(len(x.partition(".")[2]) == digits for x in ends), text
        assert all(float(x.replace("\u2212", "-")) != 0 for x, v in zip(ends, (lo, hi)) if v != 0), text


def test_typical_decimals_ignore_the_rows_that_need_more():
    assert conventions.typical_decimals([-2.0, -1.4, -2.42], [2.7, 3.0, 0.02]) == 1


def test_interval_words_say_widened_exactly_where_compare_widened():
    assert conventions.interval_words([True, True]) == "widened 95 % interval"
    assert conventions.interval_words([False, False]) == "95 % interval"
    assert conventions.interval_words([True, False]) == "95 % interval, † widened"


def test_effects_mark_rows_widened_by_either_arms_repeats():
    c = _comparison([("a=1", 1.0, 0.5, 1.5, True), ("b=2", 0.0, -1.0, 1.0, False)])
    c.pool_repeat_share = {"p": 0.0, "p+a=1": 0.3, "p+b=2": 0.0}
    assert conventions.effects(c, ["deals_per_game"]).widened.to_dict() == {"a=1": True, "b=2": False}
    c.pool_repeat_share = {
        "p": 0.1,
        "p+a=1": 0.0,
        "p+b=2": 0.0,
    }  # the profile's repeats widen every difference
    assert conventions.effects(c, ["deals_per_game"]).widened.all()
    c.pool_repeat_share = {}
    assert not conventions.effects(c, ["deals_per_game"]).widened.any()


def test_bolts_are_none_by_rule_only_where_no_rule_set_has_bolts():
    assert conventions.none_by_rule("bolts_per_game", "book", "ua")
    assert not conventions.none_by_rule("bolts_per_game", "book", "club")
    assert not conventions.none_by_rule("deals_per_game", "book")


def test_rows_with_no_figure_moved_are_found():
    c = _comparison(
        [("a=1", 0.0, 0.0, 0.0, False), ("b=2", 0.0, -1.0, 1.0, False), ("c=3", 0.5, 0.5, 0.5, False)]
    )
    assert conventions.still_rows(conventions.effects(c, ["deals_per_game"]), ["deals_per_game"]) == ["a=1"]


@pytest.mark.parametrize(
    "name, identical, said",
    [
        (
            "club+write_off_fixed_four=30",
            True,
            "rules of the table of four, with no effect by rule at three players",
        ),
        ("rest_score=round", True, "rules of the table of four, with no effect by rule at three"),
        ("dark_play=book", True, "not exercised here, as the default bidding policy never bids dark"),
        (
            "barrel_seats=1",
            True,
            "games the profile's own (no decision and no score changed in these 100 games)",
        ),
        ("barrel_defence_points=True", False, "the table's figures the same in every one of these 100 games"),
    ],
)
def test_a_variant_with_no_change_says_why_once(name, identical, said):
    why = conventions.no_change_reason(SimpleNamespace(games=100), name, "club", identical)
    assert why.startswith(said)
    label = conventions.change_label(name, "club")
    assert label not in why  # the list names the variant once, before its reason
