"""Decisions of single-dummy play: J at a trick boundary, legal moves,
the contract and write-off rule, the exact pruning of PIMC choices, and card choices with
worked-out values."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.cards import parse
from analysis.rules import load_rules
from analysis.single_dummy import decide_contract
from analysis.single_dummy.decide import SCREEN_WORLDS, SHORTLIST, _gifts, _solve, choose_card, choose_gift
from analysis.single_dummy.knowledge import Knowledge
from analysis.single_dummy.pimc import best_option, best_options
from analysis.single_dummy.play import legal_moves, play_deal
from analysis.single_dummy.sampler import distinct_layouts, enumerate_layouts
from analysis.solver import Position, card_values, play_objective

PROFILES = ("club", "book", "wiki", "classic", "ua")


def _cid(name):
    return parse(name).bit_length() - 1


def _random_position(rng, n):
    p = rng.permutation(24)
    return [sum(1 << int(c) for c in p[n * k : n * (k + 1)]) for k in range(3)]


@pytest.mark.parametrize("profile", PROFILES)
def test_play_objective_is_the_best_lead(profile):
    rng = np.random.default_rng(5)
    for n in (3, 5, 8):
        for leader in range(3):
            h = _random_position(rng, n)
            vals = card_values(
                Position(hands=tuple(h), declarer=0, leader=leader, first_trick=n == 8),
                rules=profile,
                objective="J",
            )
            pick = max if leader == 0 else min
            assert play_objective(h, declarer=0, leader=leader, rules=profile) == pick(v.value for v in vals)


@pytest.mark.parametrize("profile", PROFILES)
def test_legal_moves_match_the_solver(profile):
    rules = load_rules(profile)
    rng = np.random.default_rng(9)
    for _ in range(60):
        n = int(rng.integers(1, 9))
        h = _random_position(rng, n)
        leader = int(rng.integers(3))
        trump = int(rng.integers(-1, 4))
        owner = int(rng.integers(3))
        ply = int(rng.integers(0, 3)) if n > 1 else 0
        trick = []
        for i in range(ply):
            s = (leader + i) % 3
            c = int(rng.choice([x for x in range(24) if h[s] >> x & 1]))
            h[s] &= ~(1 << c)
            trick.append((s, c))
        mover = (leader + ply) % 3
        pos = Position(
            hands=tuple(h),
            declarer=0,
            leader=leader,
            trick=tuple(trick),
            trump=None if trump < 0 else trump,
            trump_owner=None if trump < 0 else owner,
            first_trick=n == 8,
        )
        want = [(m.card, m.declared) for m in card_values(pos, rules=rules)]
        led = trick[0][1] if trick else -1
        assert legal_moves(h[mover], ply, leader, led, trump, owner, n == 8, rules) == want


def test_decide_contract_worked_examples():
    # club, 4 worlds: 130 90 140 125.  Contract 125 is made in 3 of 4:
    # (3 * 125 - 125) / 4 = 62.5; 130 in 2: 0; 100 in 3: 50.  Best 125.
    assert decide_contract([130, 90, 140, 125], 100, "club", cap=160) == (125, False)
    # above the bid only: the same estimates at bid 130 -> 130 (mean 0)
    assert decide_contract([130, 90, 140, 125], 130, "club", cap=160) == (130, False)
    # the cap binds: every world makes 150, the cap is 140
    assert decide_contract([150, 150], 100, "club", cap=140) == (140, False)
    # all fail: the lowest contract, -100; writing off costs -100 - 50
    assert decide_contract([60, 70], 100, "club") == (100, False)
    # book, not the first hand: failing 120 costs -240; writing off
    # -120 - 40 = -160 is better
    assert decide_contract([80, 90], 120, "book", first_hand=False) == (120, True)
    assert decide_contract([80, 90], 120, "book", first_hand=True) == (120, False)
    # book, 1 of 2 worlds makes 120: play -120, write-off -160 -> play
    assert decide_contract([80, 125], 120, "book", first_hand=False) == (120, False)
    # a bid above the cap can only be played as bid
    assert decide_contract([200], 150, "club", cap=120) == (150, False)


def test_decide_contract_rejects_bad_input():
    with pytest.raises(ValueError, match="estimates"):
        decide_contract([], 100, "club")
    with pytest.raises(ValueError, match="bid"):
        decide_contract([100], 102, "club")
    with pytest.raises(ValueError, match="bid"):
        decide_contract([100], 95, "club")
    with pytest.raises(ValueError, match="cap"):
        decide_contract([100], 100, "club", cap=50)
    with pytest.raises(ValueError):
        decide_contract([100], 100, "nosuch")


class _Table:
    """Fake worlds: a fixed matrix of values, answered like alpha-beta
    (fail-hard at the window's edges when ``hard``, else the exact value)."""

    def __init__(self, vals, hard):
        self.vals, self.hard, self.calls = vals, hard, 0

    def value(self, i, k, alpha=-(1 << 30), beta=1 << 30):
        self.calls += 1
        v = int(self.vals[i, k])
        if self.hard:
            return max(alpha, min(beta, v))
        return v


def test_best_option_equals_the_full_argmax():
    rng = np.random.default_rng(17)
    for trial in range(400):
        n, w = int(rng.integers(1, 12)), int(rng.integers(1, 6))
        vals = rng.integers(0, 4 if trial % 2 else 1000, size=(n, w))
        for maximise in (True, False):
            means = vals.sum(axis=1) * (1 if maximise else -1)
            want = int(np.flatnonzero(means == means.max())[0])
            for hard in (False, True):
                first = int(rng.integers(n))
                got, solved = best_option(_Table(vals, hard), n, w, maximise=maximise, first=first)
                assert got == want and 1 <= solved <= n


def test_best_option_weighs_repeated_worlds_as_their_draws():
    """Distinct worlds weighted by their draws give the choice of solving
    every draw: the first best weighted sum, whatever the order of the
    tests, and the same as best_option over the repeated worlds."""
    rng = np.random.default_rng(23)
    for trial in range(300):
        n, w = int(rng.integers(1, 10)), int(rng.integers(1, 6))
        vals = rng.integers(0, 3 if trial % 2 else 500, size=(n, w))
        wts = [int(x) for x in rng.integers(1, 5, size=w)]
        order = [int(x) for x in rng.permutation(n)]
        drawn = np.repeat(vals, wts, axis=1)
        for maximise in (True, False):
            sums = (vals * wts).sum(axis=1) * (1 if maximise else -1)
            want = int(np.flatnonzero(sums == sums.max())[0])
            for hard in (False, True):
                first = int(rng.integers(n))
                got, _ = best_option(
                    _Table(vals, hard), n, w, maximise=maximise, first=first, order=order, weights=wts
                )
                full, _ = best_option(_Table(drawn, hard), n, drawn.shape[1], maximise=maximise, first=first)
                assert got == want == full


def test_distinct_layouts_keep_first_draws_and_counts():
    lay = np.array([[1, 2, 4], [1, 4, 2], [1, 2, 4], [1, 2, 4], [1, 4, 2], [1, 8, 6]], dtype=np.int64)
    rows, counts = distinct_layouts(lay)
    assert rows.tolist() == [[1, 2, 4], [1, 4, 2], [1, 8, 6]]
    assert counts == [3, 2, 1]
    rows, counts = distinct_layouts(lay[:1])
    assert rows.tolist() == [[1, 2, 4]] and counts == [1]


@pytest.mark.parametrize("profile", ["club", "wiki"])
def test_gift_pruning_is_exact(profile):
    """The pruned gift is the argmax of the mean J of all 90 gifts solved
    on every world (the first among ties)."""
    rules = load_rules(profile)
    rng = np.random.default_rng(21)
    for _ in range(2):
        p = rng.permutation(24)
        ten = sum(1 << int(c) for c in p[:10])
        seed = int(rng.integers(1000))
        a, b, lay, solved = choose_gift(ten, 6, np.random.default_rng(seed), rules)
        assert solved < 90
        gifts = _gifts(ten)
        vals = np.zeros((len(gifts), 6), dtype=np.int64)
        _solve(gifts, ten, lay, range(6), rules, vals, None)
        means = vals.sum(axis=1)
        assert gifts[int(np.flatnonzero(means == means.max())[0])] == (a, b)


def test_card_choice_equals_the_full_mean():
    """choose_card picks the first best mean J of card_values over the same
    worlds, at random points of random deals, for every seat."""
    from analysis.single_dummy.play import decision_rng
    from analysis.single_dummy.sampler import sample_layouts

    rules = load_rules("club")
    rng = np.random.default_rng(6)
    seen = []

    def hook(k, mover, know, table, hands, legal):
        if len(legal) > 1 and rng.random() < 0.3:
            snap = {
                **table,
                "trick": list(table["trick"]),
                "points": list(table["points"]),
                "tricks": list(table["tricks"]),
            }
            seen.append((k, mover, know, snap, legal))

    for _ in range(2):
        p = rng.permutation(24)
        hs = [sum(1 << int(c) for c in p[7 * i : 7 * i + 7]) for i in range(3)]
        play_deal(
            hs[0], sum(1 << int(c) for c in p[21:]), hs[1], hs[2], rules=rules, worlds=3, seed=2, hook=hook
        )
    assert len(seen) >= 4 and {m for _, m, *_ in seen} == {0, 1, 2}
    for k, mover, know, table, legal in seen:
        lay = sample_layouts(know, 5, decision_rng(9, k))
        total = np.zeros(len(legal))
        t = table["trump"]
        for w in lay:
            pos = Position(
                hands=tuple(int(x) for x in w),
                declarer=0,
                leader=table["leader"],
                trick=tuple(table["trick"]),
                trump=None if t < 0 else t,
                trump_owner=None if t < 0 else table["owner"],
                first_trick=table["first"],
                points=tuple(table["points"]),
                tricks=tuple(table["tricks"]),
            )
            total += [m.value for m in card_values(pos, rules=rules, objective="J")]
        want = int(np.argmax(total)) if mover == 0 else int(np.argmin(total))
        assert choose_card(know, table, legal, 5, decision_rng(9, k), rules) == want


def test_gift_choice_is_the_best_mean():
    rules = load_rules("book")
    ten = parse("A♠ 10♠ K♠ Q♠ 9♣ J♣ A♥ 9♦ J♦ 9♥")
    a, b, lay, _ = choose_gift(ten, 5, np.random.default_rng(2), rules)
    gifts = _gifts(ten)
    vals = np.zeros((len(gifts), 5), dtype=np.int64)
    _solve(gifts, ten, lay, range(5), rules, vals, None)
    means = vals.mean(axis=1)
    assert gifts[int(np.argmax(means))] == (a, b)
    # the spade marriage stays with him
    assert {a, b}.isdisjoint({_cid("K♠"), _cid("Q♠")})


def _guess_position():
    """Trick 7 under book (no bolts), trump ♥.  Right led J♠; the declarer,
    second to play, holds 9♥ A♥; left plays last.  The three unseen cards
    10♥ 9♠ 9♣: one with right, two with left (three layouts, each equally
    likely)."""
    k = Knowledge(0, (parse("9♥ A♥"), parse("10♥ 9♠ 9♣"), parse("10♥ 9♠ 9♣")), (2, 2, 1))
    table = {
        "leader": 2,
        "trick": [(2, _cid("J♠"))],
        "trump": 3,
        "owner": 0,
        "first": False,
        "points": [60, 20, 20],
        "tricks": [3, 1, 2],
    }
    return k, table


def test_guess_position_single_dummy_value():
    """Worked by hand (points J♠ 2, A♥ 11, 10♥ 10, nines 0):

    =================  ==================  ==================
    right holds        trump 9♥            trump A♥
    =================  ==================  ==================
    10♥                2 + 21 = 23         13 + 0 = 13
    9♠                 0 + 11 = 11         23 + 0 = 23
    9♣                 2 + 21 = 23         13 + 0 = 13
    mean               19                  16 1/3
    =================  ==================  ==================

    With 9♠ right, left is void in spades and overtrumps 9♥ with 10♥, so
    double-dummy the declarer trumps with A♥ there and with 9♥ otherwise;
    single-dummy he trumps low (J = 1000 x points under book).
    """
    rules = load_rules("book")
    k, table = _guess_position()
    legal = legal_moves(k.may[0], 1, 2, _cid("J♠"), 3, 0, False, rules)
    assert legal == [(_cid("9♥"), False), (_cid("A♥"), False)]
    per_layout = {}
    for ha, hb in enumerate_layouts(k):
        pos = Position(
            hands=(k.may[0], ha, hb),
            declarer=0,
            leader=2,
            trick=((2, _cid("J♠")),),
            trump=3,
            trump_owner=0,
            points=(60, 20, 20),
            tricks=(3, 1, 2),
        )
        per_layout[hb] = [m.value for m in card_values(pos, rules=rules, objective="J")]
    assert per_layout == {
        parse("10♥"): [23000, 13000],
        parse("9♠"): [11000, 23000],
        parse("9♣"): [23000, 13000],
    }
    mean = np.mean(list(per_layout.values()), axis=0)
    assert mean.tolist() == [19000.0, pytest.approx(16333.333, abs=0.01)]
    assert choose_card(k, table, legal, 60, np.random.default_rng(0), rules) == 0


def test_pinned_information_plays_a_double_dummy_best_move():
    """Wherever the mover's knowledge leaves one layout, his PIMC card is
    the first best card of the solver on the true hands."""
    rules = load_rules("club")
    rng = np.random.default_rng(4)
    seen = []

    def hook(k, mover, know, table, hands, legal):
        from analysis.single_dummy.sampler import count_layouts

        if len(legal) > 1 and count_layouts(know) == 1:
            snap = {
                **table,
                "trick": list(table["trick"]),
                "points": list(table["points"]),
                "tricks": list(table["tricks"]),
            }
            seen.append((k, mover, know, snap, hands, legal))

    for _ in range(4):
        p = rng.permutation(24)
        hs = [sum(1 << int(c) for c in p[7 * i : 7 * i + 7]) for i in range(3)]
        w = sum(1 << int(c) for c in p[21:])
        play_deal(hs[0], w, hs[1], hs[2], rules=rules, worlds=3, seed=1, hook=hook)
    assert len(seen) >= 3
    for k, mover, know, table, hands, legal in seen:
        t = table["trump"]
        pos = Position(
            hands=hands,
            declarer=0,
            leader=table["leader"],
            trick=tuple(table["trick"]),
            trump=None if t < 0 else t,
            trump_owner=None if t < 0 else table["owner"],
            first_trick=table["first"],
            points=tuple(table["points"]),
            tricks=tuple(table["tricks"]),
        )
        vals = [m.value for m in card_values(pos, rules=rules, objective="J")]
        best = int(np.argmax(vals)) if mover == 0 else int(np.argmin(vals))
        assert choose_card(know, table, legal, 3, np.random.default_rng(k), rules) == best


def test_best_options_are_the_first_of_the_full_order():
    """best_options gives the first ``keep`` options of the order of solving
    everything (higher sum first, lower index first among equal sums), and
    keep=1 is best_option."""
    rng = np.random.default_rng(29)
    for trial in range(300):
        n, w = int(rng.integers(1, 12)), int(rng.integers(1, 6))
        vals = rng.integers(0, 4 if trial % 2 else 1000, size=(n, w))
        wts = [int(x) for x in rng.integers(1, 4, size=w)]
        keep = int(rng.integers(1, 6))
        for maximise in (True, False):
            sums = (vals * wts).sum(axis=1) * (1 if maximise else -1)
            want = sorted(range(n), key=lambda i: (-sums[i], i))[:keep]
            for hard in (False, True):
                first = int(rng.integers(n))
                top, solved, known = best_options(
                    _Table(vals, hard), n, w, keep=keep, maximise=maximise, first=first, weights=wts
                )
                assert top == want and len(want) <= solved <= n
                assert all(known[(i, k)] == vals[i, k] for i in top for k in range(w))
                if keep == 1:
                    one = best_option(_Table(vals, hard), n, w, maximise=maximise, first=first, weights=wts)
                    assert one == (top[0], solved)


def test_shortlist_gift_is_the_best_of_the_screened_gifts():
    """The shortlist rule: the SHORTLIST gifts with the best mean J on the
    first SCREEN_WORLDS worlds, then the best mean J of those on every
    world, checked against every gift solved on every world."""
    rules = load_rules("club")
    rng = np.random.default_rng(31)
    for _ in range(3):
        p = rng.permutation(24)
        ten = sum(1 << int(c) for c in p[:10])
        seed = int(rng.integers(1000))
        a, b, lay, _ = choose_gift(ten, 6, np.random.default_rng(seed), rules, gift="shortlist")
        ea, eb, elay, _ = choose_gift(ten, 6, np.random.default_rng(seed), rules)
        assert (lay == elay).all()
        gifts = _gifts(ten)
        vals = np.zeros((len(gifts), 6), dtype=np.int64)
        _solve(gifts, ten, lay, range(6), rules, vals, None)
        screen = vals[:, :SCREEN_WORLDS].sum(axis=1)
        short = sorted(sorted(range(len(gifts)), key=lambda i: (-screen[i], i))[:SHORTLIST])
        means = vals[short].sum(axis=1)
        assert gifts[short[int(np.flatnonzero(means == means.max())[0])]] == (a, b)
        full = vals.sum(axis=1)
        assert gifts[int(np.flatnonzero(full == full.max())[0])] == (ea, eb)
    with pytest.raises(ValueError, match="gift must be one of"):
        choose_gift(ten, 6, np.random.default_rng(0), rules, gift="fast")


def test_play_deal_gift_rule_is_live():
    """``play_deal(gift=)`` changes the gift on a deal where the shortlist
    misses the exact rule's choice, and the worlds it draws stay the same."""
    rng = np.random.default_rng(1)
    for _ in range(2):  # the second deal of the benchmark's stream
        p = rng.permutation(24)
    hs = [sum(1 << int(c) for c in p[7 * k : 7 * k + 7]) for k in range(3)]
    w = sum(1 << int(c) for c in p[21:])
    got = {g: play_deal(hs[0], w, hs[1], hs[2], worlds=8, seed=2, gift=g) for g in ("exact", "shortlist")}
    assert got["exact"][:2] == (13, 0) and got["shortlist"][:2] == (13, 18)
