"""The score-and-bid page's tables (analysis.research.equity_tables)."""

import numpy as np
import pandas as pd
import pytest

from analysis.game.equity_policy import GRID
from analysis.research import equity_tables
from analysis.rules import PROFILES
from analysis.scoring import TableState

CLUB = PROFILES["club"]


class _Policy:
    """An equity policy that bids a fixed level in every slot."""

    def __init__(self, level):
        self.level = level

    def table_limits(self, rules, state, lim):
        return np.full((3, 3), self.level)


def _limits(threshold):
    lim = np.zeros((len(threshold), 3, len(GRID)), dtype=int)
    lim[:, 0, :] = np.asarray(threshold)[:, None]
    return lim


def test_limit_rows_read_the_levels_as_the_auction_does():
    caps = np.array([120, 140, 160, 180])
    lim = _limits([90, 120, 150, 170])
    states = {
        "fresh": TableState(scores=(0, 0, 0), dealer=2),
        "barrel": TableState(scores=(880, 300, 500), barrel=(0, -1, -1), dealer=2),
    }
    t = equity_tables.limit_rows(_Policy(130), lim, caps, states, CLUB)
    fresh = t.loc["fresh"]
    # threshold capped and at least 100: 100, 120, 150, 170; equity 130 capped: 120, 130, 130, 130
    assert fresh["equity bids higher"] == 0.5 and fresh["equity bids lower"] == 0.5
    assert fresh["threshold: stays at the opening 100"] == 0.25
    assert fresh["equity: its level cut by the cap"] == 0.25
    assert fresh["threshold: mean limit of the hands that bid"] == pytest.approx(135.0)
    assert fresh["equity: mean limit of the hands that bid"] == pytest.approx(127.5)
    assert not fresh["_sitting"] and t.loc["barrel", "_sitting"]
    sit = t.loc["barrel"]  # on the barrel below the minimum contract (120) he passes
    assert sit["threshold: passes"] == 0.25 and sit["equity: passes"] == 0.0
    assert sit["_bid"] == (3, 4)


def test_limits_shown_puts_the_rules_where_no_hand_can_fill_a_cell():
    caps = np.array([120, 140, 160, 180])
    states = {
        "fresh": TableState(scores=(0, 0, 0), dealer=2),
        "barrel": TableState(scores=(880, 300, 500), barrel=(0, -1, -1), dealer=2),
    }
    t = equity_tables.limit_rows(_Policy(130), _limits([90, 120, 150, 170]), caps, states, CLUB)
    spread, bidders, sitting = t.pop("_sd"), t.pop("_bid"), t.pop("_sitting")
    s = equity_tables.limits_shown(t, spread, bidders, sitting, CLUB, 4)
    assert s.loc["fresh", "threshold: passes (95 % CI)"] == "none by rule (the first hand must open 100)"
    assert s.loc["barrel", "equity: stays at the opening 100 (95 % CI)"].startswith(
        "none by rule (on the barrel"
    )
    # mean 135, sd sqrt(2900 / 3) = 31.09 over 4 hands: ± 1.96 · 31.09 / 2 = 30.47
    assert (
        s.loc["fresh", "threshold: mean limit of the hands that bid (points, 95 % CI)"]
        == "135.0 (104.5–165.5)"
    )
    words = equity_tables.direction(t, sitting, "barrel")
    assert words.startswith("**Barrel**: the equity policy's limit differs on")
    assert "passes 25.0 % → 0.0 % of the hands" in words


def _paired():
    return pd.DataFrame(
        {
            "profile": ["club", "ua"],
            "games": [100, 100],
            "base": [0.3, 0.35],
            "share": [0.45, 0.3],
            "share_low": [0.35, 0.21],
            "share_high": [0.55, 0.4],
            "gain": [0.15, -0.05],
            "gain_low": [0.05, -0.12],
            "gain_high": [0.25, 0.02],
        }
    )


def test_verdict_and_result_columns():
    f = _paired()
    assert list(equity_tables.verdict(f)) == ["gain", "no difference shown"]
    cols = equity_tables.result_columns(f)
    assert cols["equity seat's win share (95 % CI)"][0] == "45.0 % (35.0–55.0)"
    assert cols["gain (percentage points, 95 % CI)"][1] == "−5.0 (−12.0 to +2.0)"
    lo, hi = cols["the same seat, all-threshold games (95 % CI)"][0].split("(")[1].rstrip(")").split("–")
    assert cols["the same seat, all-threshold games (95 % CI)"][0].startswith("30.0 % (")  # 30 of 100, Wilson
    assert float(lo) == pytest.approx(21.9, abs=0.1) and float(hi) == pytest.approx(39.6, abs=0.1)


def test_bold_table_says_where_no_equity_games_ran():
    b = pd.DataFrame(
        {
            "profile": ["club", "ua"],
            "risk": [0.4, 0.4],
            "games": [1000, 1000],
            "share": [0.4, 0.35],
            "share_low": [0.37, 0.32],
            "share_high": [0.43, 0.38],
            "gain": [0.06, 0.01],
            "gain_low": [0.03, -0.02],
            "gain_high": [0.09, 0.04],
            "equity_minus_bold": [0.02, None],
            "equity_minus_bold_low": [-0.01, None],
            "equity_minus_bold_high": [0.05, None],
        }
    )
    t = equity_tables.bold_table(b)
    assert t.index.names == ["profile", "bold seat's risk"]
    assert t.loc[("club", 0.4), "games"] == "1,000"
    assert (
        t.loc[("club", 0.4), "equity seat minus bold seat (percentage points, 95 % CI)"]
        == "+2.0 (−1.0 to +5.0)"
    )
    assert t.loc[("ua", 0.4), "equity seat minus bold seat (percentage points, 95 % CI)"] == (
        "not measured: no equity games on the same games"
    )
