"""Solver results pinned across speed work.

``SOLVER_VERSION`` keys every solutions dataset: results made by another
solver version never mix.  A speed-up must therefore leave every value,
gift and line exactly as they were.  The digests below were computed by
solver 1.0 as first released (commit d6ee3ff) on 24 deals x 3 seats per
profile; a faster search must reproduce them.  If a change alters results
on purpose, bump ``SOLVER_VERSION`` and recompute the digests.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from analysis.deal import deal
from analysis.solver import SOLVER_VERSION, solve_deals

PINNED = {"1.0": {"club": "b2a4a26804194b95", "wiki": "4797354be64312de", "book": "f7e3aad2534e85f7"}}


def _digest(df) -> str:
    h = hashlib.sha256()
    for c in df.columns:
        h.update(c.encode())
        h.update(np.ascontiguousarray(df[c].to_numpy()).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("rules", ["club", "wiki", "book"])
def test_solutions_equal_the_pinned_release(rules):
    a = deal(np.random.default_rng(20261129), 24)
    deals = {"deal_id": np.arange(24), "hand0": a[:, 0], "hand1": a[:, 1], "hand2": a[:, 2], "widow": a[:, 3]}
    assert SOLVER_VERSION in PINNED, "new solver version: pin its results here"
    assert _digest(solve_deals(deals, rules=rules)) == PINNED[SOLVER_VERSION][rules]
