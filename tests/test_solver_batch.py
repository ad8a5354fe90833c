"""The batch front :func:`analysis.solver.solve_exchanges` (one numba call for
many deals) against :func:`analysis.solver.exchange_value` deal by deal."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.cards import parse
from analysis.solver import EXCHANGE_FIELDS, exchange_value, solve_exchanges
from analysis.testing.positions import random_deals

PROFILES = ("club", "classic", "book", "ua", "wiki")


def _one_by_one(d, rules, line):
    rows = [exchange_value(int(h), int(w), int(lf), int(r), rules=rules, line=line)
            for h, w, lf, r in d]
    return {f: np.array([getattr(x, f) for x in rows]) for f in EXCHANGE_FIELDS}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("line", [True, False])
def test_batch_equals_exchange_value(profile, line):
    rng = np.random.default_rng(500 + PROFILES.index(profile))
    deals = random_deals(12, rng)
    # the first hand with a marriage, so lines with declarations are covered
    deals[0] = [parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"), parse("K♠ Q♠ J♠ 9♥ 10♥ J♥ A♦"),
                parse("10♦ K♦ Q♦ 9♦ A♠ 9♣ J♣"), parse("K♣ Q♣ 10♣")]
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


@pytest.mark.parametrize("change, message", [
    (lambda c: (c[0][:2], c[1], c[2], c[3]), "widow has 3 rows, hand has 2"),
    (lambda c: (c[0].reshape(3, 1), c[1], c[2], c[3]), "1-d integer array"),
    (lambda c: (c[0].astype(float), c[1], c[2], c[3]), "1-d integer array"),
    (lambda c: (c[0], c[1] | (1 << 30), c[2], c[3]), "row 0: widow is not a 24-card"),
    (lambda c: (c[0], c[1], c[2], c[3] ^ np.array([0, 0, 1 << 23 | 1 << 22], dtype=np.uint32)),
     "row 2: "),
    (lambda c: (c[0], c[2], c[1], c[3]), "row 0: widow must hold 3 cards"),
])
def test_batch_bad_input_names_the_row(change, message):
    d = random_deals(3, np.random.default_rng(9))
    cols = (d[:, 0], d[:, 3], d[:, 1], d[:, 2])
    with pytest.raises(ValueError, match=message):
        solve_exchanges(*change(cols))
