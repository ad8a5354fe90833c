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
from analysis.single_dummy import SD_VERSION, SDResult, decide_contract, play_deal, sd_fingerprint
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
        want = decide_contract(res.estimates, bid, rules, cap=cap)
        assert (res.contract, res.written_off) == want
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


def test_no_peeking_at_the_exchange():
    """Same hand and widow, the defenders' 14 cards dealt differently: the
    same gift, estimates, contract and write-off."""
    rng = np.random.default_rng(8)
    for profile in ("club", "book"):
        hand, widow, left, right = _deal(rng)
        rest = [c for c in range(24) if (left | right) >> c & 1]
        p = rng.permutation(rest)
        left2, right2 = sum(1 << int(c) for c in p[:7]), sum(1 << int(c) for c in p[7:])
        r1 = play_deal(hand, widow, left, right, rules=profile, worlds=4, seed=5)
        r2 = play_deal(hand, widow, left2, right2, rules=profile, worlds=4, seed=5)
        assert (r1.give_left, r1.give_right, r1.contract, r1.written_off, r1.estimates) == (
            r2.give_left,
            r2.give_right,
            r2.contract,
            r2.written_off,
            r2.estimates,
        )


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
