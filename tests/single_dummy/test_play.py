"""play_deal end to end: a legal, complete deal; no peeking at hidden
cards (through the public function); equal results across processes."""

from __future__ import annotations

import dataclasses
import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from analysis.bids import bid_cap
from analysis.cards import CARD_POINTS, MARRIAGE_VALUES
from analysis.rules import load_rules
from analysis.scoring import TableState
from analysis.single_dummy import SD_VERSION, SDResult, choose_contract, play_deal, sd_fingerprint
from analysis.single_dummy.objective import fresh_table
from analysis.single_dummy.play import _winner, legal_moves
from analysis.solver import solver_fingerprint

PROFILES = ("club", "book", "wiki", "classic", "ua")


def _deal(rng):
    p = rng.permutation(24)
    hs = [sum(1 << int(c) for c in p[7 * k : 7 * k + 7]) for k in range(3)]
    return hs[0], sum(1 << int(c) for c in p[21:]), hs[1], hs[2]


def _replay(res: SDResult, hand, widow, left, right, rules):
    """Replay ``res.moves`` with the rules; return points and tricks."""
    a, b = res.give_left, res.give_right
    hands = [(hand | widow) & ~(1 << a) & ~(1 << b), left | 1 << a, right | 1 << b]
    leader, trick, trump, owner, first = 0, [], -1, 0, True
    pts, ntr = [0, 0, 0], [0, 0, 0]
    for seat, c, declared in res.moves:
        assert seat == (leader + len(trick)) % 3
        led = trick[0][1] if trick else -1
        assert (c, declared) in legal_moves(hands[seat], len(trick), leader, led, trump, owner, first, rules)
        if declared:
            trump, owner = c // 6, seat
            pts[seat] += int(MARRIAGE_VALUES[trump])
        hands[seat] &= ~(1 << c)
        trick.append((seat, c))
        if len(trick) == 3:
            w = _winner(trick, trump)
            pts[w] += int(sum(CARD_POINTS[x] for _, x in trick))
            ntr[w] += 1
            leader, trick, first = w, [], False
    assert hands == [0, 0, 0]
    return pts, ntr


@pytest.mark.parametrize("profile", PROFILES)
def test_play_deal_is_a_legal_complete_deal(profile):
    rules = load_rules(profile)
    rng = np.random.default_rng(len(profile))
    for bid in (100, 120):
        hand, widow, left, right = _deal(rng)
        res = play_deal(hand, widow, left, right, bid=bid, rules=profile, worlds=4, seed=3)
        assert isinstance(res, SDResult) and len(res.estimates) == 4
        assert all(type(x) is int for x in res.estimates)
        ten = hand | widow
        assert res.give_left != res.give_right and ten >> res.give_left & 1 and ten >> res.give_right & 1
        d8 = ten & ~(1 << res.give_left) & ~(1 << res.give_right)
        cap = int(bid_cap(rules, d8))
        assert len(res.worlds()) == 4 and res.worlds()[:, 0].tolist() == list(res.estimates)
        want = choose_contract(res.worlds(), bid, rules, cap=cap)
        assert (res.contract, res.written_off) == want[:2]
        if res.written_off:
            assert res.moves == () and res.value == res.left_points == res.declarer_tricks == 0
            continue
        assert len(res.moves) == 24
        pts, ntr = _replay(res, hand, widow, left, right, rules)
        assert pts == [res.value, res.left_points, res.right_points]
        assert ntr == [res.declarer_tricks, res.left_tricks, res.right_tricks]
        assert sum(ntr) == 8
        declared = sum(int(MARRIAGE_VALUES[c // 6]) for _, c, d in res.moves if d)
        assert sum(pts) == 120 + declared


STATES = (
    None,  # a fresh table, the declarer first hand
    # he is not the first hand (book's double penalty), his left sits on the
    # barrel, his right has two bolts
    TableState(scores=(300.0, 880.0, 500.0), barrel=(-1, 0, -1), bolts=(0, 0, 2), dealer=0),
)


@pytest.mark.parametrize("state", STATES)
def test_no_peeking_at_the_exchange(state):
    """Same hand and widow, bid, seat, table state and seed, the defenders'
    14 cards dealt differently: the same gift, worlds, contract and
    write-off."""
    rng = np.random.default_rng(8)
    for profile, bid in (("club", 100), ("book", 120)):
        hand, widow, left, right = _deal(rng)
        rest = [c for c in range(24) if (left | right) >> c & 1]
        p = rng.permutation(rest)
        left2, right2 = sum(1 << int(c) for c in p[:7]), sum(1 << int(c) for c in p[7:])
        assert (left2, right2) != (left, right)
        r1 = play_deal(hand, widow, left, right, bid=bid, rules=profile, worlds=4, seed=5, state=state)
        r2 = play_deal(hand, widow, left2, right2, bid=bid, rules=profile, worlds=4, seed=5, state=state)
        assert (r1.give_left, r1.give_right, r1.contract, r1.written_off) == (
            r2.give_left,
            r2.give_right,
            r2.contract,
            r2.written_off,
        )
        assert r1.worlds().tolist() == r2.worlds().tolist()


def test_the_table_state_decides_the_contract_and_nothing_else():
    """At a fresh table and at a state where writing off pays more, the same
    gift and worlds; the decision is choose_contract's at each state."""
    rules = load_rules("club")
    rng = np.random.default_rng(21)
    hand, widow, left, right = _deal(rng)
    fresh = play_deal(hand, widow, left, right, rules=rules, worlds=4, seed=2)
    assert fresh == play_deal(hand, widow, left, right, rules=rules, worlds=4, seed=2, state=fresh_table())
    for st in STATES[1:]:
        res = play_deal(hand, widow, left, right, rules=rules, worlds=4, seed=2, state=st)
        assert (res.give_left, res.give_right, res.estimates) == (
            fresh.give_left,
            fresh.give_right,
            fresh.estimates,
        )
        d8 = (hand | widow) & ~(1 << res.give_left) & ~(1 << res.give_right)
        want = choose_contract(res.worlds(), 100, rules, st, cap=int(bid_cap(rules, d8)))
        assert (res.contract, res.written_off) == want[:2]
    with pytest.raises(ValueError, match="TableState"):
        play_deal(hand, widow, left, right, state=(0, 0, 0))


def test_the_state_is_live_in_play_deal():
    """A weak deal (default_rng(12)) whose every world fails 100: at a
    fresh table the defenders would take more than the payments (written
    off); with his left on the barrel, who scores neither defence points
    nor a payment, playing costs less (played)."""
    rules = load_rules("club")
    hand, widow, left, right = _deal(np.random.default_rng(12))
    st = TableState(scores=(0.0, 880.0, 0.0), barrel=(-1, 0, -1), dealer=2)
    a = play_deal(hand, widow, left, right, rules=rules, worlds=2, seed=1)
    b = play_deal(hand, widow, left, right, rules=rules, worlds=2, seed=1, state=st)
    assert a.worlds().tolist() == b.worlds().tolist() == [[74, 54, 52, 3, 4], [74, 85, 21, 5, 2]]
    # fresh: playing -100 - (54 + 52 + 85 + 21) / 4 = -153 < -150 (50 to each)
    assert a.written_off and a.moves == ()
    # barrel: playing -100 - (52 + 21) / 4 = -118.25 > -125 (50 to his right only)
    assert not b.written_off and b.contract == 100 and len(b.moves) == 24


def test_worlds_are_drawn_again_from_the_seed_and_solved_on_the_line():
    from analysis.single_dummy.decide import choose_gift, declarer_worlds, world_outcomes
    from analysis.single_dummy.play import decision_rng
    from analysis.solver import play_value

    rules = load_rules("club")
    rng = np.random.default_rng(4)
    for seed in (0, 9):
        hand, widow, left, right = _deal(rng)
        ten = hand | widow
        a, b, lay, _ = choose_gift(ten, 5, decision_rng(seed, 0), rules)
        assert declarer_worlds(ten, 5, seed).tolist() == lay.tolist()
        rows = world_outcomes(ten, a, b, lay, rules)
        for w, row in zip(lay, rows, strict=True):
            h = (ten & ~(1 << a) & ~(1 << b), int(w[1]) | 1 << a, int(w[2]) | 1 << b)
            assert row[0] == play_value(h, declarer=0, leader=0, first_trick=True, rules=rules)
            assert row[3] + row[4] <= 8 and min(row) >= 0
            # the defenders' points are at most the card points the declarer left
            assert row[1] + row[2] >= 120 - row[0]  # the card points not his are theirs
        res = play_deal(hand, widow, left, right, rules=rules, worlds=5, seed=seed)
        assert (res.give_left, res.give_right) == (a, b) and res.worlds().tolist() == rows.tolist()


def _first_divergence(m1, m2):
    for i, (x, y) in enumerate(zip(m1, m2)):
        if x != y:
            return i
    return None


@pytest.mark.parametrize("profile", ["club", "wiki"])
def test_no_peeking_in_the_play(profile):
    """Swap one card between two hands.  A player who holds neither card
    sees the same history until someone else plays differently, so he is
    never the first to play differently."""
    rules = load_rules(profile)
    rng = np.random.default_rng(13)
    diverged = 0
    for trial in range(9):
        hand, widow, left, right = _deal(rng)
        base = play_deal(hand, widow, left, right, rules=rules, worlds=3, seed=trial)
        if base.written_off:
            continue
        a, b = base.give_left, base.give_right
        hands = [hand, left, right]
        # the bystander holds neither swapped card: each seat in turn
        bystander = trial % 3
        s, t = [x for x in (0, 1, 2) if x != bystander]
        xs = [c for c in range(24) if hands[s] >> c & 1]
        ys = [c for c in range(24) if hands[t] >> c & 1]
        x, y = int(rng.choice(xs)), int(rng.choice(ys))
        new = list(hands)
        new[s] = (new[s] & ~(1 << x)) | 1 << y
        new[t] = (new[t] & ~(1 << y)) | 1 << x
        other = play_deal(new[0], widow, new[1], new[2], rules=rules, worlds=3, seed=trial)
        if (other.give_left, other.give_right) != (a, b) or other.written_off:
            assert bystander != 0  # the declarer's cards changed
            continue
        i = _first_divergence(base.moves, other.moves)
        if i is not None:
            diverged += 1
            assert base.moves[i][0] != bystander
    assert diverged >= 3


def _run(args):
    hand, widow, left, right, profile, seed = args
    return play_deal(hand, widow, left, right, rules=profile, worlds=3, seed=seed)


def test_equal_results_in_another_process():
    rng = np.random.default_rng(99)
    jobs = [(*_deal(rng), profile, seed) for profile, seed in (("club", 0), ("book", 7))]
    here = [_run(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn")) as ex:
        there = list(ex.map(_run, jobs))
    assert here == there


def test_fingerprint_and_bad_input():
    fp = sd_fingerprint("club")
    assert len(fp) == 12 and fp == sd_fingerprint(load_rules("club"))
    assert fp != sd_fingerprint("book") and SD_VERSION
    # a field players see changes it, though not the solver's fingerprint
    r = dataclasses.replace(load_rules("club"), exchange_face_up=True)
    assert sd_fingerprint(r) != fp and solver_fingerprint(r) == solver_fingerprint("club")
    hand, widow, left, right = _deal(np.random.default_rng(0))
    with pytest.raises(ValueError, match="bid"):
        play_deal(hand, widow, left, right, bid=103)
    with pytest.raises(ValueError, match="worlds"):
        play_deal(hand, widow, left, right, worlds=0)
    with pytest.raises(ValueError, match="seed"):
        play_deal(hand, widow, left, right, seed=-1)
    with pytest.raises(ValueError):
        play_deal(hand, widow, left, left)
