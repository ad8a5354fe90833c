"""Bolt figures of a games table (analysis.research.bolts.game_figures)."""

import numpy as np
import pandas as pd
import pytest

from analysis.research import bolts
from analysis.research.uncertainty import PoolBootstrap


def _games():
    # game 0: three played deals, 4 bolts and one penalty, a redeal between;
    # game 1: two played deals, 1 bolt, no penalty; every pool deal drawn once
    rows = [
        (0, 0, False, (1, 1, 0), ""),
        (0, 1, True, (0, 0, 0), ""),
        (0, 2, False, (1, 0, 0), ""),
        (0, 3, False, (1, 0, 0), "bolt_penalty:0"),
        (1, 0, False, (0, 1, 0), ""),
        (1, 1, False, (0, 0, 0), ""),
    ]
    return pd.DataFrame(
        [
            {
                "game_id": g,
                "deal_no": d,
                "redealt": r,
                "written_off": False,
                "event": e,
                "pool_deal": 10 * g + d,
            }
            | {f"bolt{q}": bool(b[q]) for q in range(3)}
            for g, d, r, b, e in rows
        ]
    )


def test_game_figures_count_bolts_and_penalties_per_deal_and_per_game():
    g = _games()
    f = bolts.game_figures(g, PoolBootstrap(g, n_boot=50))
    assert f.loc["bolts per 100 played deals", "value"] == pytest.approx(100 * 5 / 5)
    assert f.loc["bolt penalties per 100 played deals", "value"] == pytest.approx(100 * 1 / 5)
    assert f.loc["bolts per game", "value"] == pytest.approx((4 + 1) / 2)
    assert f.loc["bolt penalties per game", "value"] == pytest.approx((1 + 0) / 2)
    assert f.loc["bolt penalties per game", ["n", "of"]].tolist() == [2, "games"]
    assert f.loc["bolts per 100 played deals", ["n", "of"]].tolist() == [5, "played deals"]
    assert (f["low"] <= f["value"] + 1e-12).all() and (f["value"] <= f["high"] + 1e-12).all()
    assert list(f.index) == [k for k, _ in bolts.GAME_FIGURES]
    assert np.isfinite(f[["low", "high"]].to_numpy(float)).all()
