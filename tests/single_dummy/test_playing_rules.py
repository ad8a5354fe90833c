"""``play_out`` plays every deal whatever way of giving up the rules allow."""

import numpy as np
import pytest

from analysis.cards import card_points
from analysis.deal import deal
from analysis.rules import PROFILES
from analysis.single_dummy import play_out

GIVING_UP = [
    {},
    {"crossing": "allowed"},
    {"crossing": "not_on_barrel"},
    {"write_off_payment": "fixed", "write_off_fixed": 5},
    {"write_off_limit": 3, "crossing": "allowed"},
]


@pytest.mark.parametrize(
    "changes", GIVING_UP, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "as is"
)
def test_play_out_plays_weak_hands_under_every_way_of_giving_up(changes):
    rules = PROFILES["wiki"].with_changes(**changes)
    # deals whose declarer holds the fewest card points: the ones a declarer gives up
    d = deal(np.random.default_rng(5), 60)
    weakest = sorted(range(len(d)), key=lambda i: int(card_points(np.array([d[i, 0] | d[i, 3]]))[0]))[:3]
    for i in weakest:
        res = play_out(
            int(d[i, 0]), int(d[i, 3]), int(d[i, 1]), int(d[i, 2]), rules, worlds=2, seed=i, bid=120
        )
        assert not res.written_off and res.moves
        assert res.declarer_tricks + res.left_tricks + res.right_tricks == 8
