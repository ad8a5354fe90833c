"""One source interface for both kinds of outcome, one deal flow for both."""

import inspect

import numpy as np
import pandas as pd

from analysis.game import PoolSource, SDPoolSource, SDSolverSource, SolverSource, ThresholdPolicy, deal_flow
from analysis.game.deal_flow import DealPlay, play_deal
from analysis.game.outcomes import SDPlayed, Solved
from analysis.game.sources import game_rng
from analysis.rules import Rules
from analysis.scoring import new_table

CLUB = Rules.profile("club")
SOURCES = (SolverSource, PoolSource, SDSolverSource, SDPoolSource)


def test_every_source_has_the_same_interface():
    for cls in SOURCES:
        assert cls.play in ("dd", "pimc") and cls.kind in ("solver", "pool")
        for name in ("describe", "begin", "draw", "outcome"):
            assert callable(getattr(cls, name)), (cls, name)
        sig = inspect.signature(cls.outcome)
        assert list(sig.parameters)[:4] == ["self", "masks", "ref", "seat"], cls
        assert {"bid", "deal_no", "replay"} <= set(sig.parameters), cls
    assert {cls.play for cls in SOURCES} == {"dd", "pimc"}
    # both kinds of outcome decide for themselves once the widow is shown
    assert callable(Solved.declare) and callable(SDPlayed.declare)


def test_the_deal_flow_never_asks_which_kind_of_outcome_it_has():
    text = inspect.getsource(deal_flow)
    assert "single_dummy" not in text and "SDPlayed(" not in text and "Solved(" not in text


class _Recorded:
    """An outcome of a third kind: the flow hands it the deal at the widow."""

    def __init__(self, seen):
        self.seen = seen

    def declare(self, at, replay):
        self.seen.append((at.ds, at.bid, at.ten == at.hands[at.ds] | at.widow))
        return DealPlay(None, "", at.player[at.ds], at.bid, at.bid, False, (0, 0, 0), (0, 0, 0), -1, False)


def test_the_flow_hands_the_declaration_to_the_outcome():
    rng = game_rng(5, 0)
    masks = SolverSource(CLUB).draw(rng)[0]
    pol = ThresholdPolicy(estimator=_Never())
    seen, asked = [], []

    def outcome(seat, bid, replay=False):
        asked.append((seat, bid, replay))
        return _Recorded(seen)

    for m in masks:
        dp = play_deal(CLUB, pol, new_table(CLUB, dealer=2), m, np.full((3, 3), 95), outcome)
        if dp.redeal_reason == "":
            break
    # nobody raises: the first hand (seat 0) plays the forced 100, asked once
    assert asked == [(0, 100, False)] and seen == [(0, 100, True)]
    assert dp.declarer == 0 and dp.contract == 100


class _Never:
    def p_make(self, hands7, seats, contract):
        return np.zeros(np.broadcast(np.asarray(hands7)[..., 0], np.asarray(contract)).shape)


def test_a_solver_source_outcome_is_its_pool_row(tmp_path):
    """A solved deal gives the same outcome fresh and from a pool frame."""
    src = SolverSource(CLUB)
    m = src.draw(game_rng(1, 0))[0][0]
    rows = []
    for seat in range(3):
        s = src.outcome(m, -1, seat, bid=120, deal_no=3)
        rows.append(dict(deal_id=0, seat=seat, **s._asdict(), hand0=m[0], hand1=m[1], hand2=m[2], widow=m[3]))
    pool = PoolSource(pd.DataFrame(rows), CLUB)
    for seat in range(3):
        assert pool.outcome(pool.masks[0], 0, seat, bid=100, deal_no=0) == src.outcome(
            m, -1, seat, bid=100, deal_no=0
        )


def test_a_solved_outcome_has_the_solvers_fields_in_order():
    from analysis.game.outcomes import Solved
    from analysis.solver.batch import SOLVED_FIELDS

    assert Solved._fields == SOLVED_FIELDS
