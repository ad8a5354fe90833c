"""The batch front :func:`analysis.solver.solve_exchanges` (one numba call for
many deals) against :func:`analysis.solver.exchange_value` deal by deal."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.cards import parse
from analysis.solver import EXCHANGE_FIELDS, exchange_value, solve_deals, solve_exchanges
from analysis.testing.positions import random_deals

PROFILES = ("club", "classic", "book", "ua", "wiki")


def _one_by_one(d, rules, line):
    rows = [exchange_value(int(h), int(w), int(lf), int(r), rules=rules, line=line) for h, w, lf, r in d]
    return {f: np.array([getattr(x, f) for x in rows]) for f in EXCHANGE_FIELDS}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("line", [True, False])
def test_batch_equals_exchange_value(profile, line):
    rng = np.random.default_rng(500 + PROFILES.index(profile))
    deals = random_deals(12, rng)
    # the first hand with a marriage, so lines with declarations are covered
    deals[0] = [
        parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"),
        parse("K♠ Q♠ J♠ 9♥ 10♥ J♥ A♦"),
        parse("10♦ K♦ Q♦ 9♦ A♠ 9♣ J♣"),
        parse("K♣ Q♣ 10♣"),
    ]
    cols = deals[:, 0], deals[:, 3], deals[:, 1], deals[:, 2]
    got = solve_exchanges(*cols, rules=profile, line=line)
    want = _one_by_one(np.stack(cols, axis=1), profile, line)
    assert set(got) == set(EXCHANGE_FIELDS)
    for f in EXCHANGE_FIELDS:
        assert got[f].shape == (12,), f
        assert got[f].tolist() == want[f].tolist(), f
    if line:
        # raw points: the declarer's are the value; all three add up to the
        # card points plus the marriages declared on the line
        tot = got["value"] + got["left_points"] + got["right_points"]
        assert (tot >= 120).all()
        tricks = got["declarer_tricks"] + got["left_tricks"] + got["right_tricks"]
        assert (tricks == 8).all()
    else:
        assert (got["left_points"] == -1).all() and (got["objective"] == -1).all()


def test_batch_of_no_deals():
    e = np.zeros(0, dtype=np.uint32)
    got = solve_exchanges(e, e, e, e)
    assert all(v.shape == (0,) for v in got.values())


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda c: (c[0][:2], c[1], c[2], c[3]), "widow has 3 rows, hand has 2"),
        (lambda c: (c[0].reshape(3, 1), c[1], c[2], c[3]), "1-d integer array"),
        (lambda c: (c[0].astype(float), c[1], c[2], c[3]), "1-d integer array"),
        (lambda c: (c[0], c[1] | (1 << 30), c[2], c[3]), "row 0: widow is not a 24-card"),
        (
            lambda c: (c[0], c[1], c[2], c[3] ^ np.array([0, 0, 1 << 23 | 1 << 22], dtype=np.uint32)),
            "row 2: ",
        ),
        (lambda c: (c[0], c[2], c[1], c[3]), "row 0: widow must hold 3 cards"),
    ],
)
def test_batch_bad_input_names_the_row(change, message):
    d = random_deals(3, np.random.default_rng(9))
    cols = (d[:, 0], d[:, 3], d[:, 1], d[:, 2])
    with pytest.raises(ValueError, match=message):
        solve_exchanges(*change(cols))


def test_ctrl_c_during_a_long_batch_is_a_keyboard_interrupt():
    # a Ctrl-C while numba runs used to surface, after the whole batch, as a
    # SystemError from boxing the result; it must stop the batch as a
    # KeyboardInterrupt (the CLI turns that into "interrupted", exit 130)
    import signal
    import time

    d = random_deals(2000, np.random.default_rng(4))
    # the timer is set from this machine's own time for the first block (the
    # same 16 deals the batch starts with), not from a fixed delay: on a slow
    # or busy machine 0.3 s once came before the first block had ended
    solve_exchanges(d[:1, 0], d[:1, 3], d[:1, 1], d[:1, 2])  # compiled
    t0 = time.perf_counter()
    solve_exchanges(d[:16, 0], d[:16, 3], d[:16, 1], d[:16, 2])
    block = time.perf_counter() - t0
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)
    st = np.zeros(1, dtype=np.int64)
    try:
        signal.setitimer(signal.ITIMER_REAL, 5 * block)  # the batch is 125 such blocks
        with pytest.raises(KeyboardInterrupt):
            solve_exchanges(d[:, 0], d[:, 3], d[:, 1], d[:, 2], stats=st)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert st[0] > 0  # whole blocks done before the interrupt were counted
    # the solver's state is still usable afterwards
    one = solve_exchanges(d[:3, 0], d[:3, 3], d[:3, 1], d[:3, 2])
    assert one["value"].tolist() == [
        exchange_value(int(d[i, 0]), int(d[i, 3]), int(d[i, 1]), int(d[i, 2])).value for i in range(3)
    ]


def test_stats_must_be_an_int64_array():
    d = random_deals(1, np.random.default_rng(2))
    for bad in (np.zeros(0, dtype=np.int64), np.zeros(1), [0]):
        with pytest.raises(ValueError, match="stats must be"):
            solve_exchanges(d[:, 0], d[:, 3], d[:, 1], d[:, 2], stats=bad)


def test_solve_deals_names_the_deal_and_column_at_fault():
    import pandas as pd

    d = random_deals(3, np.random.default_rng(6))
    df = pd.DataFrame(
        {"deal_id": [7, 8, 9], "hand0": d[:, 0], "hand1": d[:, 1], "hand2": d[:, 2], "widow": d[:, 3]},
        index=[50, 60, 70],
    )
    df.loc[70, "hand0"] = 0
    with pytest.raises(ValueError, match="deal_id 9: hand0 must hold 7 cards, got 0"):
        solve_deals(df, seats=(1,))
    df.loc[70, "hand0"] = d[2, 0]
    h1, w = int(d[1, 1]), int(d[1, 3])
    df.loc[60, "widow"] = (h1 & -h1) | (w & (w - 1))  # a card of hand1 in the widow
    with pytest.raises(ValueError, match="deal_id 8: hand1 and widow share"):
        solve_deals(df)


@pytest.mark.parametrize("bad", ["no", "False", 2, None, 0.5])
def test_yes_no_arguments_refuse_what_is_not_a_flag(bad):
    # a string such as "no" is truthy: it must not quietly mean True
    d = random_deals(2, np.random.default_rng(3))
    with pytest.raises(ValueError, match="line must be True or False"):
        solve_exchanges(d[:, 0], d[:, 3], d[:, 1], d[:, 2], line=bad)
    with pytest.raises(ValueError, match="line must be True or False"):
        exchange_value(int(d[0, 0]), int(d[0, 3]), int(d[0, 1]), int(d[0, 2]), line=bad)
    frame = {"deal_id": np.arange(2), "hand0": d[:, 0], "hand1": d[:, 1], "hand2": d[:, 2], "widow": d[:, 3]}
    with pytest.raises(ValueError, match="lines must be True or False"):
        solve_deals(frame, lines=bad)


def test_numpy_and_integer_flags_are_the_same_as_bools():
    d = random_deals(2, np.random.default_rng(3))
    cols = (d[:, 0], d[:, 3], d[:, 1], d[:, 2])
    ref = solve_exchanges(*cols, line=False)
    for flag in (np.False_, 0):
        got = solve_exchanges(*cols, line=flag)
        assert all((got[k] == ref[k]).all() for k in ref)


@pytest.mark.parametrize(
    "seats, message",
    [
        ((0, 0), "repeat a seat"),
        ((2, 1, 2), "repeat a seat"),
        ((True,), "seats must be"),
        ((3,), "seats must be"),
    ],
)
def test_solve_deals_refuses_repeated_or_bad_seats(seats, message):
    d = random_deals(1, np.random.default_rng(5))
    frame = {"deal_id": np.arange(1), "hand0": d[:, 0], "hand1": d[:, 1], "hand2": d[:, 2], "widow": d[:, 3]}
    with pytest.raises(ValueError, match=message):
        solve_deals(frame, seats=seats)
