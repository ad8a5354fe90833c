"""The index rows of the score-and-bid page and of dark play."""

import pandas as pd

from analysis.research import headline, headline_rows

PROFILES = ("club", "classic", "book", "ua", "wiki")


def _paired():
    return pd.DataFrame(
        {
            "profile": ["club", "classic"],
            "games": [900, 600],
            "share": [0.431, 0.37],
            "share_low": [0.399, 0.332],
            "share_high": [0.464, 0.409],
            "gain": [0.103, 0.03],
            "gain_low": [0.070, -0.009],
            "gain_high": [0.136, 0.069],
            "verdict": ["gain", "no difference shown"],
        }
    )


def test_equity_gain_rows_give_the_signed_gain_its_n_and_a_reason_where_none_is_shipped(tmp_path):
    bold = pd.DataFrame(
        {
            "profile": ["club"],
            "games": [900],
            "equity_games": [900],
            "equity_minus_bold": [0.021],
            "equity_minus_bold_low": [-0.009],
            "equity_minus_bold_high": [0.051],
        }
    )
    draws = pd.DataFrame({"profile": ["club"], "draws": [14525], "distinct": [12609]})
    rows = headline_rows.equity_gain_rows(_paired(), PROFILES, "double-dummy", bold, draws)
    assert [r["profile"] for r in rows] == list(PROFILES)
    club, classic = rows[0], rows[1]
    # the control sits beside the gain: a gain that cannot be told from boldness says so
    assert club["figure"] == (
        "gain: Δ +10.3 (+7.0 to +13.6) percentage points; equity seat wins 43.1 % (39.9–46.4); "
        "against a bold score-blind seat Δ +2.1 (\u22120.9 to +5.1): not distinguishable from boldness"
    )
    assert club["n"] == (
        "900 paired double-dummy games (900 with the bold seat too); "
        "12,609 distinct pool deals in the all-threshold arm's 14,525 draws"
    )
    assert rows[1]["n"].endswith("pool deals not counted (python -m analysis.equity.draws)")
    assert classic["figure"].startswith("no difference shown: Δ +3.0 (\u22120.9 to +6.9)")
    # a profile without a control says so rather than leaving the gain bare
    assert classic["figure"].endswith(
        "no bold score-blind seat played: boldness is not told apart from the score read"
    )
    assert all(r["applies"] is False and "--rules" in r["n"] for r in rows[2:])
    # every row passes the index's own checks, and nothing is missing
    headline.save_headline("score_and_bid", rows, tmp_path)
    assert headline.missing(tmp_path, ["score_and_bid"], PROFILES) == []


def test_bold_control_reads_the_interval_both_ways():
    def row(d, lo, hi):
        return {"equity_minus_bold": d, "equity_minus_bold_low": lo, "equity_minus_bold_high": hi}

    assert headline_rows.bold_control(row(0.036, 0.004, 0.067)) == (
        "+3.6 (+0.4 to +6.7)",
        "reading the score beats boldness beyond the noise",
    )
    assert headline_rows.bold_control(row(-0.05, -0.08, -0.02))[1] == (
        "boldness without the score beats reading it beyond the noise"
    )
    # played without the equity arm on the same games: no control
    assert headline_rows.bold_control(row(None, None, None))[0] == ""


def test_equity_gain_rows_without_any_games_give_reasons_only():
    rows = headline_rows.equity_gain_rows(pd.DataFrame(), PROFILES, "double-dummy")
    assert len(rows) == 5 and all(r["applies"] is False for r in rows)


def test_dark_rows_give_p_make_and_the_signed_gain_per_deal():
    t = pd.DataFrame({"p_make": [0.4]})
    t.attrs = {
        "dark_play": "wiki",
        "dark_samples": 200,
        "dark_gifts": 90,
        "dark_p_make": 0.2512,
        "dark_p_low": 0.2201,
        "dark_p_high": 0.2823,
        "dark_gain": -61.04,
        "dark_gain_low": -70.5,
        "dark_gain_high": -51.6,
    }
    rows = headline_rows.dark_rows({"wiki": t}, PROFILES, {"wiki": "wiki's"}, lambda p: f"not here: {p}")
    wiki = rows[-1]
    assert wiki["figure"] == (
        "P(make) 25.1 % (22.0–28.2) (wiki's); going dark minus an upper bound of bidding normally "
        "Δ \u221261.0 (\u221270.5 to \u221251.6) points a deal"
    )
    assert wiki["n"] == "200 pool deals, each with its 90 blind gifts solved double-dummy"
    assert rows[0] == {
        "profile": "club",
        "question": "dark",
        "applies": False,
        "figure": "not here: club",
        "n": "no deals",
    }
    # club plays no dark contract: given wiki's version, its row says so first
    lent = headline_rows.dark_rows({"club": t}, ["club"], {"wiki": "wiki's"}, str)[0]
    assert lent["figure"].startswith("not played by rule; given P(make) 25.1 % (22.0–28.2) (wiki's)")


def test_golden_rows_give_the_first_hands_share_with_and_without():
    from types import SimpleNamespace

    from analysis.research.dark_golden import Drawn

    first = pd.DataFrame(
        {"profile": ["club", "club"], "value": [0.4, 0.5], "low": [0.3, 0.4], "high": [0.5, 0.6]}
    )
    runs = {"club": SimpleNamespace(outcomes="dd")}
    sets = {"club": ["club", "club golden_round=in_turn"]}
    drawn = {
        ("club", "club"): Drawn(12, 100, 90, 100 / 90, repeats=10),
        ("club", "club golden_round=in_turn"): Drawn(12, 100, 100, 1.0),
    }
    rows = headline_rows.golden_rows(
        first,
        ["club", "ua"],
        runs,
        sets,
        drawn,
        lambda s, p: "golden" if "golden" in s else p,
        12,
        lambda p: f"not {p}",
    )
    assert rows[0] == {
        "profile": "club",
        "question": "golden",
        "figure": "50.0 % (40.0–60.0) with golden, 40.0 % (30.0–50.0) without (double-dummy games)",
        "widened": True,
        "n": "12 paired games per rule set",
    }
    assert rows[1] == {
        "profile": "ua",
        "question": "golden",
        "applies": False,
        "n": "no games",
        "figure": "not ua",
    }


def test_equity_gain_rows_name_the_own_information_games_where_shipped():
    own = (
        _paired()
        .iloc[:1]
        .assign(
            gain=0.05, gain_low=0.01, gain_high=0.09, games=900, draws=54_000, distinct=31_000, verdict="gain"
        )
    )
    club, classic = headline_rows.equity_gain_rows(_paired(), PROFILES, "double-dummy", own=own)[:2]
    assert club["figure"].endswith(
        "; with own information: gain, Δ +5.0 (+1.0 to +9.0) (widened for reused deals)"
    )
    assert club["n"].endswith(
        "; 900 paired own-information games (31,000 distinct pool deals in 54,000 draws)"
    )
    assert "own information" not in classic["figure"] + classic["n"]
