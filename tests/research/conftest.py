"""Fixtures shared by the research page tests."""

import pandas as pd
import pytest


@pytest.fixture
def five_deals():
    """Five deals of two games, dealer 0 (first hand 1): a forced 100 made, a
    forced 100 written off, a raise to 120 by the dealer made, a 140 by the
    second hand failed, and a redeal."""
    return pd.DataFrame(
        {
            "game_id": [0, 0, 1, 1, 1],
            "redealt": [False, False, False, False, True],
            "declarer": [1, 1, 0, 2, -1],
            "first_hand": [1, 1, 1, 1, 1],
            "bid": [100, 100, 120, 140, -1],
            "contract": [100, 100, 120, 140, -1],
            "written_off": [False, True, False, False, False],
            "value": [130, 60, 125, 135, -1],
        }
    )
