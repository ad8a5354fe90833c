"""The bold score-blind seat of the paired games (``analysis.equity.bolder``)."""

import json

import numpy as np
import pytest

from analysis import reference
from analysis.equity import bolder, paired, paired_store
from analysis.equity.bolder import BolderSeat
from analysis.errors import BadArgument
from analysis.game import PoolSource, ThresholdPolicy, simulate
from analysis.rules import PROFILES
from analysis.scoring import TableState


@pytest.fixture(scope="module")
def club_source():
    rules = PROFILES["club"]
    return rules, PoolSource(reference.pool_for(rules).solutions_path, rules)


def test_at_risk_one_half_it_is_the_threshold_policy(club_source):
    # the same games, deal for deal: the grid limits at 0.5 / 0.35 are the
    # threshold policy's, and the declarer's measure is the table metric
    rules, src = club_source
    a = simulate(rules, 4, 3601, ThresholdPolicy(), pool=src, start=0)
    b = simulate(rules, 4, 3601, BolderSeat(players=(0,), risk=0.5), pool=src, start=0)
    assert a.equals(b)


def test_the_risk_is_live(club_source):
    rules, src = club_source
    a = simulate(rules, 4, 3601, ThresholdPolicy(), pool=src, start=0)
    b = simulate(rules, 4, 3601, BolderSeat(players=(0,), risk=0.3), pool=src, start=0)
    assert not a.equals(b)


def test_table_limits_read_the_risk_for_the_bold_seat_only():
    from analysis.game import GRID

    # seat s holds limit 100 + 5 * (index on the grid), so the column read shows
    lim = np.tile(100 + 5 * np.arange(len(GRID)), (3, 1))
    st = TableState(scores=(0, 0, 0), dealer=2)  # seat 0 is player 0
    out = BolderSeat(players=(1,), risk=0.3).table_limits(PROFILES["club"], st, lim)
    col = {round(g, 3): 100 + 5 * i for i, g in enumerate(GRID)}
    assert out[0].tolist() == [col[0.5], col[0.5], col[0.35]]
    assert out[1].tolist() == [col[0.3], col[0.3], col[0.15]]
    with pytest.raises(BadArgument, match="multiple of 0.025"):
        BolderSeat(risk=0.33)
    with pytest.raises(BadArgument):
        BolderSeat(risk=0.1)  # its blocking risk would be below the grid


def _block(root, arm, seats, winners, games=2):
    (root / "club").mkdir(parents=True, exist_ok=True)
    rec = {"profile": "club", "arm": arm, "start": 0, "games": games, "seats": seats, "winners": winners}
    (root / "club" / f"{arm}-000000.json").write_text(json.dumps(rec))


def test_bold_summary_pairs_the_three_arms(tmp_path):
    seats = [0, 0, 1, 1, 2, 2]
    _block(tmp_path, "threshold", seats, [1, 0, 2, 1, 0, 2])  # seat won: 0,1,0,1,0,1
    _block(tmp_path, "bold0.35", seats, [0, 0, 2, 1, 2, 2])  # 1,1,0,1,1,1
    (row,) = bolder.bold_summary(tmp_path)
    assert row["risk"] == 0.35 and row["games"] == 6 and row["share"] == pytest.approx(5 / 6)
    assert row["gain"] == pytest.approx(2 / 6) and row["equity_minus_bold"] is None
    _block(tmp_path, "equity", seats, [0, 1, 1, 1, 0, 0])  # 1,0,1,1,0,0
    (row,) = bolder.bold_summary(tmp_path)
    d = np.array([0, -1, 1, 0, -1, -1], float)
    half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(6)
    assert row["equity_games"] == 6 and row["equity_minus_bold"] == pytest.approx(d.mean())
    assert row["equity_minus_bold_low"] == pytest.approx(d.mean() - half)
    _block(tmp_path, "equity", seats, [0] * 6, games=3)
    with pytest.raises(BadArgument, match="games per seat"):
        bolder.bold_summary(tmp_path)


def test_the_bold_arm_is_played_and_paired_with_the_threshold_games(tmp_path):
    """End to end, as ``python -m analysis.equity.bolder run`` plays it: the
    bold block holds one winner per game, the same games as the paired
    games' all-threshold arm (same seed and ids), and the summary pairs them."""
    paired.run_profile("club", 1, tmp_path, log=lambda s: None)
    bolder.play_bold("club", 1, risk=0.35, data=tmp_path, log=lambda s: None)
    rec = json.loads((tmp_path / "club" / "bold0.35-000000.json").read_text())
    assert rec["seats"] == [0, 1, 2] and all(isinstance(w, int) and 0 <= w < 3 for w in rec["winners"])
    rules = PROFILES["club"]
    src = PoolSource(reference.pool_for(rules).solutions_path, rules)
    want = [
        int(
            simulate(rules, 1, paired_store.SEED, BolderSeat(players=(s,), risk=0.35), pool=src, start=s)
            .groupby("game_id")
            .tail(1)
            .winner.iloc[0]
        )
        for s in range(3)
    ]
    assert rec["winners"] == want
    (row,) = bolder.bold_summary(tmp_path)
    assert row["games"] == 3 and row["equity_games"] == 3
    assert row["share"] == pytest.approx(sum(w == s for s, w in enumerate(want)) / 3)
