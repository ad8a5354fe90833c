"""The pieces of the single-dummy odds that need no single-dummy play:
the paired-difference interval, the play seeds, the always-playing rules."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.odds._common import interval, paired_difference_interval
from analysis.rules import INFORMATION_FIELDS, Rules
from analysis.scoring import write_off_payment
from analysis.single_dummy.batch import NEVER_PAYS, deal_seed, playing_rules
from analysis.solver import solver_fingerprint


def test_paired_interval_matches_the_published_example():
    # Fagerland, Lydersen & Laake, "Statistical analysis of contingency tables",
    # chapter 8 (Cavo et al. 2012): 59 6 / 16 80, Newcombe square-and-add
    # -0.0621 (-0.1186 to -0.0046), as the R package contingencytables prints it
    lo, hi = paired_difference_interval(59, 6, 16, 80)
    assert round(lo, 4) == -0.1186 and round(hi, 4) == -0.0046


def _newcombe_by_hand(a, b, c, d, z=1.959963984540054):
    """Newcombe (1998) method 10 written out from the paper's formulas, scalar."""
    n = a + b + c + d

    def wilson(k):
        p = k / n
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return mid - half, mid + half

    p1, p2 = (a + b) / n, (a + c) / n
    (l1, u1), (l2, u2) = wilson(a + b), wilson(a + c)
    prod = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    if prod == 0:
        psi = 0.0
    elif cross > n / 2:
        psi = (cross - n / 2) / np.sqrt(prod)
    elif cross < 0:
        psi = cross / np.sqrt(prod)
    else:
        psi = 0.0
    lo = p1 - p2 - np.sqrt((p1 - l1) ** 2 - 2 * psi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    hi = p1 - p2 + np.sqrt((u1 - p1) ** 2 - 2 * psi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return lo, hi


counts = st.tuples(*(st.integers(0, 60) for _ in range(4))).filter(lambda t: sum(t) > 0)


@settings(max_examples=200, deadline=None)
@given(counts)
def test_paired_interval_holds_its_estimate_and_is_antisymmetric(t):
    a, b, c, d = t
    n = a + b + c + d
    est = (b - c) / n
    lo, hi = paired_difference_interval(a, b, c, d)
    assert -1 <= lo <= est + 1e-12 and est - 1e-12 <= hi <= 1
    lo2, hi2 = paired_difference_interval(a, c, b, d)  # the two measures swapped
    assert lo2 == pytest.approx(-hi, abs=1e-12) and hi2 == pytest.approx(-lo, abs=1e-12)
    ref = _newcombe_by_hand(a, b, c, d)
    assert (lo, hi) == pytest.approx((max(ref[0], -1), min(ref[1], 1)), abs=1e-9)


def test_paired_interval_is_vectorised_and_narrower_than_unpaired_on_agreeing_pairs():
    a = np.array([40, 0, 10])
    b = np.array([2, 0, 0])
    c = np.array([1, 0, 0])
    d = np.array([57, 50, 0])
    lo, hi = paired_difference_interval(a, b, c, d)
    for i in range(3):
        assert (lo[i], hi[i]) == pytest.approx(paired_difference_interval(a[i], b[i], c[i], d[i]))
    # 97 of 100 pairs agree: the paired interval is far narrower than the two
    # separate intervals' spread
    l1, u1 = interval(42, 100)
    l2, u2 = interval(41, 100)
    assert hi[0] - lo[0] < 0.5 * ((u1 - l1) + (u2 - l2))
    with pytest.raises(ValueError, match="at least one trial"):
        paired_difference_interval(0, 0, 0, 0)
    with pytest.raises(ValueError, match="negative"):
        paired_difference_interval(-1, 2, 0, 0)


def test_deal_seeds_depend_on_the_keys_only():
    assert deal_seed(3, 1) == deal_seed(3, 1)
    seeds = {deal_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2**32 for s in seeds)
    assert deal_seed(0, 1, 2, 0) != deal_seed(0, 1, 2, 1)
    assert deal_seed(5, 2) == int(np.random.SeedSequence([5, 2]).generate_state(1, np.uint32)[0])


@pytest.mark.parametrize("profile", ["club", "classic", "book", "ua", "wiki"])
def test_playing_rules_change_only_the_write_off_payment(profile):
    r = Rules.profile(profile)
    p = playing_rules(r)
    assert solver_fingerprint(p) == solver_fingerprint(r)
    assert all(getattr(p, k) == getattr(r, k) for k in INFORMATION_FIELDS)
    changed = {k for k, v in r.to_dict().items() if p.to_dict()[k] != v}
    assert changed <= {"write_off_payment", "write_off_fixed", "label"}
    assert write_off_payment(p, 400) == NEVER_PAYS
    # never worth it: even the dearest failure (book, off the first hand, 400,
    # and the defenders' best) costs less than writing off
    assert -2 * 400 - 400 > -400 - NEVER_PAYS
