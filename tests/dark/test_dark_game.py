"""Dark play in the game: restrictions, the outbidding, the blind gift, whole games."""

import numpy as np
import pytest
from scipy import stats

from analysis.cards import parse
from analysis.deal import deal
from analysis.game import ThresholdPolicy, simulate
from analysis.game.auction import auction
from analysis.game.dark import dark_deal, goes_dark, may_go_dark, outbidder
from analysis.odds import blind_gift, blind_play
from analysis.reference import pool_for
from analysis.rules import PROFILES
from analysis.scoring import TableState
from analysis.solver import play_value

BOOK = PROFILES["book"]
WIKI = PROFILES["wiki"].with_changes(dark_play="wiki")
NONE = object()  # an estimator the tests never call


def _t(scores, barrel=(-1, -1, -1), dealer=2):
    return TableState(scores=scores, barrel=barrel, dealer=dealer)


def test_only_where_the_rules_allow():
    assert not may_go_dark(PROFILES["club"], _t((0, 0, 0)))
    assert may_go_dark(BOOK, _t((0, 0, 0)))


def test_wiki_not_in_the_minus_and_the_agreed_minimum():
    # «не может «темнить», если он находится в «минусе»»; by agreement +5 or 240
    assert may_go_dark(WIKI, _t((0, 300, 300)))
    assert not may_go_dark(WIKI, _t((-5, 300, 300)))
    assert not may_go_dark(WIKI.with_changes(dark_min_score=5), _t((0, 300, 300)))
    assert may_go_dark(WIKI.with_changes(dark_min_score=240), _t((240, 0, 0)))
    assert not may_go_dark(WIKI.with_changes(dark_min_score=240), _t((235, 0, 0)))
    # the first hand is the one left of the dealer: player 1 when player 0 deals
    assert may_go_dark(WIKI, _t((-50, 10, 300), dealer=0))


def test_wiki_not_while_anyone_sits_on_the_barrel():
    on = _t((100, 880, 300), barrel=(-1, 0, -1))
    assert not may_go_dark(WIKI, on)
    assert may_go_dark(WIKI.with_changes(dark_on_barrel=True), on)
    assert may_go_dark(BOOK, _t((100, 900, 300), barrel=(-1, 0, -1)))  # book: no restriction †


def test_the_policy_goes_dark_when_far_enough_behind():
    t = _t((100, 380, 400))
    assert not goes_dark(BOOK, ThresholdPolicy(estimator=NONE), t)  # default: never
    assert goes_dark(BOOK, ThresholdPolicy(dark_behind=300, estimator=NONE), t)
    assert not goes_dark(BOOK, ThresholdPolicy(dark_behind=305, estimator=NONE), t)
    assert not goes_dark(BOOK, ThresholdPolicy(dark_behind=300, dark_players=(1,), estimator=NONE), t)
    assert not goes_dark(PROFILES["club"], ThresholdPolicy(dark_behind=0, estimator=NONE), t)


def test_policy_refuses_a_negative_dark_behind():
    with pytest.raises(ValueError, match="dark_behind"):
        ThresholdPolicy(dark_behind=-5)


def test_only_a_marriage_holder_outbids_at_125():
    hands = [parse("9♠ 9♣ 9♦ 9♥ J♠ J♣ J♦"), parse("A♠ 10♠ A♣ 10♣ A♦ 10♦ A♥"), parse("K♥ Q♥ K♠ 10♥ J♥ Q♦ K♦")]
    strong = np.array([[95, 95, 95], [160, 160, 160], [125, 125, 125]])
    caps = [120, 120, 220]
    # seat 1 would bid 160 but holds no marriage; seat 2 holds ♥ and ♦ and reaches 125
    assert outbidder(strong, caps, hands, (False, False, False), 120) == 2
    weak = strong.copy()
    weak[2] = 120
    assert outbidder(weak, caps, hands, (False, False, False), 120) == -1


def test_auction_goes_on_from_the_outbid():
    limits = np.array([[150, 150, 150], [95, 95, 95], [130, 130, 130]])
    caps = [400, 400, 400]
    # seat 2 outbids at 125; the first hand (who has now looked) raises to 130;
    # seat 2 raises to 130? no: 135 is over his 130, so he passes; seat 1 passes
    seat, bid = auction(limits, caps, (False,) * 3, 120, BOOK, opening=(2, 125))
    assert (seat, bid) == (0, 130)
    seat, bid = auction(limits * 0 + 95, caps, (False,) * 3, 120, BOOK, opening=(2, 125))
    assert (seat, bid) == (2, 125)


def test_blind_gift_is_reproducible_and_uniform_over_the_90():
    deals = deal(np.random.default_rng(5), 9000)
    counts = np.zeros((10, 10), dtype=int)
    for d in deals:
        h, left, r, w = (int(x) for x in d)
        a, b = blind_gift(h, w, left, r)
        assert (a, b) == blind_gift(h, w, left, r)
        ten = [c for c in range(24) if (h | w) >> c & 1]
        counts[ten.index(a), ten.index(b)] += 1
    assert np.trace(counts) == 0
    cells = counts[~np.eye(10, dtype=bool)]
    assert stats.chisquare(cells).pvalue > 1e-4


def test_blind_play_follows_the_solver():
    rng = np.random.default_rng(11)
    for d in deal(rng, 6):
        h, left, r, w = (int(x) for x in d)
        a, b = blind_gift(h, w, left, r)
        h8 = ((h | w) & ~(1 << a) & ~(1 << b), left | 1 << a, r | 1 << b)
        bp = blind_play(BOOK, h8)
        assert bp.value == play_value(h8, declarer=0, leader=0, first_trick=True, rules=BOOK)
        assert bp.raw[0] == bp.value
        assert sum(bp.tricks) == 8
        assert sum(bp.raw) - sum(bp.marriages) == 120  # every card point is taken


def test_dark_deal_maps_seats_to_players():
    d = deal(np.random.default_rng(3), 1)[0]
    hands, widow = [int(d[0]), int(d[1]), int(d[2])], int(d[3])
    out, value, _ = dark_deal(BOOK, hands, widow, (1, 2, 0))
    assert out.dark and out.declarer == 1 and out.contract == 120
    assert out.raw[1] == value


@pytest.fixture(scope="module")
def dark_games():
    pool = pool_for(BOOK)
    policy = ThresholdPolicy(dark_behind=0)
    return simulate(BOOK, 3, seed=4, policy=policy, pool=pool.solutions_path)


def test_simulated_dark_games_obey_the_invariants(dark_games):
    g = dark_games
    ev = g["event"].fillna("")
    dark = ev.str.contains("dark_made|dark_failed")
    assert dark.sum() > 0
    rows = g[dark]
    assert (rows.declarer == rows.first_hand).all()
    assert ((rows.bid == 120) & (rows.contract == 120)).all()
    for _, r in rows.iterrows():
        d = int(r.declarer)
        made = f"dark_made:{d}" in r.event
        assert made == (r[f"raw{d}"] >= 120)
        if "barrel" not in r.event and "win" not in r.event:
            assert r[f"delta{d}"] == (240 if made else -240)
        assert r["tricks0"] + r["tricks1"] + r["tricks2"] == 8
    for _, one in g.groupby("game_id"):
        for p in range(3):
            s = one[f"score{p}"].to_numpy()
            dl = one[f"delta{p}"].to_numpy()
            assert np.allclose(np.diff(s), dl[1:])


def _four_marriage_deals():
    """Deals whose first hand's ten cards hold every king and queen, by
    whether the blind gift keeps them all: {kept: (hands, widow)}."""
    kq = [c for c in range(24) if c % 6 in (2, 3)]
    other = [c for c in range(24) if c % 6 not in (2, 3)]
    found = {}
    for k in range(8):
        hand = sum(1 << c for c in kq if c != kq[k])
        for i in range(len(other)):
            for j in range(i + 1, len(other)):
                widow = 1 << kq[k] | 1 << other[i] | 1 << other[j]
                rest = [c for c in range(24) if not (hand | widow) >> c & 1]
                left, right = sum(1 << c for c in rest[:7]), sum(1 << c for c in rest[7:])
                a, b = blind_gift(hand, widow, left, right)
                found.setdefault(not ({a, b} & set(kq)), ([hand, left, right], widow))
                if len(found) == 2:
                    return found
    raise AssertionError("no blind gift kept the four marriages")


def test_book_four_marriages_after_a_blind_gift_win():
    # seed 002: «четыре марьяжа ... в любой ситуации обеспечивает немедленную победу»
    found = _four_marriage_deals()
    for kept, (hands, widow) in found.items():
        out, _, _ = dark_deal(BOOK, hands, widow, (0, 1, 2))
        assert out.four_marriages == (0 if kept else -1)
    hands, widow = found[True]
    no_rule = BOOK.with_changes(four_marriages_win=False)
    assert dark_deal(no_rule, hands, widow, (0, 1, 2))[0].four_marriages == -1
