"""Information sets and the layout sampler of single-dummy play.

The definition of a consistent layout is checked against a replay: on
random histories (random legal play from random deals under every profile
and viewer), the layouts the knowledge allows are exactly the splits of the
unseen cards that replay the history legally and fit what the viewer saw
of the exchange.  The sampler is checked for exact uniformity (chi-square
against the enumeration) and for never breaking the knowledge.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chisquare

from analysis.cards import FULL_DECK, parse
from analysis.rules import load_rules
from analysis.single_dummy.knowledge import Knowledge, declarer_knowledge, defender_knowledge
from analysis.single_dummy.play import _winner, legal_moves
from analysis.single_dummy.sampler import count_layouts, enumerate_layouts, sample_layouts

PROFILES = ("club", "book", "wiki", "classic", "ua")


def _bits(ids):
    return sum(1 << int(c) for c in ids)


def random_history(rng, rules, n_moves, *, bid=100):
    """Deal at random, give two random cards, play ``n_moves`` random legal
    cards; return the view of the exchange, the moves and the knowledge."""
    p = rng.permutation(24)
    hand, left, right, widow = _bits(p[:7]), _bits(p[7:14]), _bits(p[14:21]), _bits(p[21:])
    ten = [c for c in range(24) if (hand | widow) >> c & 1]
    a, b = (int(x) for x in rng.choice(ten, 2, replace=False))
    d8 = (hand | widow) & ~(1 << a) & ~(1 << b)
    hands = [d8, left | 1 << a, right | 1 << b]
    shown = widow if (rules.widow_shown_at_100 or bid > 100) else None
    up = rules.exchange_face_up
    know = [
        declarer_knowledge(d8, a, b),
        defender_knowledge(1, hands[1], shown, b if up else None),
        defender_knowledge(2, hands[2], shown, a if up else None),
    ]
    start = list(hands)
    leader, trick, trump, owner, first = 0, [], -1, 0, True
    moves = []
    for _ in range(n_moves):
        mover = (leader + len(trick)) % 3
        led = trick[0][1] if trick else -1
        legal = legal_moves(hands[mover], len(trick), leader, led, trump, owner, first, rules)
        card, declared = legal[int(rng.integers(len(legal)))]
        if declared:
            trump, owner = card // 6, mover
        know = [
            k.observe(mover, card, led=led, trump=trump, owner=owner, declared=declared, rules=rules)
            for k in know
        ]
        hands[mover] &= ~(1 << card)
        trick.append((mover, card))
        moves.append((mover, card, declared))
        if len(trick) == 3:
            leader, trick, first = _winner(trick, trump), [], False
    view = dict(widow=widow, shown=shown, a=a, b=b, up=up, start=start)
    return view, moves, know, hands


def replays(rules, viewer, view, moves, now):
    """Does the layout ``now`` (cards held by seats 0, 1, 2 now) fit the
    viewer's sight of the exchange and replay ``moves`` legally?"""
    orig = list(now)
    for seat, c, _ in moves:
        orig[seat] |= 1 << c
    if [bin(h).count("1") for h in orig] != [8, 8, 8]:
        return False
    if orig[viewer] != view["start"][viewer]:
        return False
    a, b, w = view["a"], view["b"], view["widow"]
    if viewer == 0:
        if not (orig[1] >> a & 1 and orig[2] >> b & 1):
            return False
    else:
        other = 3 - viewer
        other_gift = b if viewer == 1 else a
        if view["up"] and not orig[other] >> other_gift & 1:
            return False
        if view["shown"] is not None:
            wp = w & ~orig[viewer]
            if view["up"]:
                wp &= ~(1 << other_gift)
                if orig[other] & wp:
                    return False
            elif bin(orig[other] & wp).count("1") > 1:
                return False
    hands = list(orig)
    leader, trick, trump, owner, first = 0, [], -1, 0, True
    for seat, c, declared in moves:
        led = trick[0][1] if trick else -1
        if (c, declared) not in legal_moves(hands[seat], len(trick), leader, led, trump, owner, first, rules):
            return False
        if declared:
            trump, owner = c // 6, seat
        hands[seat] &= ~(1 << c)
        trick.append((seat, c))
        if len(trick) == 3:
            leader, trick, first = _winner(trick, trump), [], False
    return True


def brute_layouts(rules, k, view, moves):
    a, b = k.others()
    unseen = FULL_DECK & ~k.may[k.viewer]
    for _, c, _ in moves:
        unseen &= ~(1 << c)
    ids = [c for c in range(24) if unseen >> c & 1]
    out = set()
    for sub in itertools.combinations(ids, k.counts[a]):
        ha = _bits(sub)
        now = [0, 0, 0]
        now[k.viewer], now[a], now[b] = k.may[k.viewer], ha, unseen & ~ha
        if replays(rules, k.viewer, view, moves, now):
            out.add((ha, unseen & ~ha))
    return out


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("bid", [100, 120])
def test_knowledge_matches_replay(profile, bid):
    rules = load_rules(profile)
    rng = np.random.default_rng(hash((profile, bid)) % 2**32)
    checked = 0
    for _ in range(12):
        n = int(rng.integers(9, 22))
        view, moves, know, _ = random_history(rng, rules, n, bid=bid)
        for k in know:
            k.check()
            if count_layouts(k) > 3000:
                continue
            got = set(enumerate_layouts(k))
            assert len(got) == count_layouts(k)
            assert got == brute_layouts(rules, k, view, moves)
            checked += 1
    assert checked >= 20


def test_knowledge_at_the_start_counts():
    # declarer: the 14 cards he has not seen, 7 + gift each: C(14, 7)
    k = declarer_knowledge(parse("A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ 10♣"), 18, 19)  # gives 9♥ left, J♥ right
    assert count_layouts(k) == 3432
    # defender, widow shown, gifts face down: the other defender holds at most
    # one of the widow cards this defender did not receive
    widow = parse("A♥ K♥ Q♥")
    own = parse("9♠ J♠ Q♠ K♠ 10♠ A♠ 9♣ A♥")
    kd = defender_knowledge(1, own, widow, None)
    assert kd.limit == (2, parse("K♥ Q♥"), 1)
    # 16 unseen cards, 8 to each: layouts where seat 2 has at most one of K♥ Q♥
    total = sum(1 for s in itertools.combinations(range(16), 8) if sum(x < 2 for x in s) <= 1)
    assert count_layouts(kd) == total
    # face up: both widow cards are the declarer's, the other gift placed
    ku = defender_knowledge(1, own, widow, 0 + 6 * 2)  # 9♦ to the right
    assert ku.limit is None
    assert ku.may[0] & parse("K♥ Q♥") == parse("K♥ Q♥") and not ku.may[2] & parse("K♥ Q♥")
    assert not ku.may[0] >> 12 & 1 and ku.may[2] >> 12 & 1


def _small_positions():
    """Knowledge of small positions, with a void, a fixed card and a limit."""
    yield Knowledge(0, (parse("A♠ 10♠"), parse("9♣ J♣ Q♣ 9♦ J♦"), parse("9♣ J♣ Q♣ 9♦ J♦")), (2, 2, 3))
    # seat 1 void in clubs and A♦
    yield Knowledge(0, (parse("A♠ 10♠ K♠"), parse("9♥ J♥ Q♥ 9♦"), parse("9♣ J♣ 9♥ J♥ Q♥ 9♦ A♦")), (3, 3, 4))
    # seat 2 holds at most one of A♥ 10♥ K♥
    yield Knowledge(
        1,
        (parse("A♥ 10♥ K♥ 9♣ J♣ Q♣ K♣"), parse("A♠ 10♠ K♠"), parse("A♥ 10♥ K♥ 9♣ J♣ Q♣ K♣")),
        (4, 3, 3),
        (2, parse("A♥ 10♥ K♥"), 1),
    )
    # the limit with a constrained card already fixed in its seat
    yield Knowledge(
        2,
        (parse("A♥ 10♥ 9♣ J♣ Q♣ K♣"), parse("A♥ 10♥ K♥ 9♣ J♣ Q♣ K♣"), parse("9♠ J♠")),
        (4, 3, 2),
        (1, parse("A♥ 10♥ K♥"), 1),
    )


@pytest.mark.parametrize("k", list(_small_positions()))
def test_sampler_is_exactly_uniform(k):
    layouts = enumerate_layouts(k)
    assert len(layouts) == count_layouts(k) >= 4
    n = 400 * len(layouts)
    lay = sample_layouts(k, n, np.random.default_rng(7))
    a, b = k.others()
    seen = Counter(zip(lay[:, a].tolist(), lay[:, b].tolist()))
    assert set(seen) <= set(layouts)
    freq = np.array([seen[x] for x in layouts])
    assert chisquare(freq).pvalue > 1e-4
    assert (lay[:, k.viewer] == k.may[k.viewer]).all()


@pytest.mark.parametrize("profile", PROFILES)
def test_samples_respect_the_knowledge(profile):
    rules = load_rules(profile)
    rng = np.random.default_rng(11)
    for _ in range(15):
        view, moves, know, hands = random_history(rng, rules, int(rng.integers(0, 23)))
        for k in know:
            lay = sample_layouts(k, 50, rng)
            for s in range(3):
                assert ((lay[:, s] & ~k.may[s]) == 0).all()
                assert all(bin(int(x)).count("1") == k.counts[s] for x in lay[:, s])
            assert ((lay[:, 0] & lay[:, 1]) | (lay[:, 0] & lay[:, 2]) | (lay[:, 1] & lay[:, 2]) == 0).all()
            if k.limit is not None:
                c, w, m = k.limit
                assert all(bin(int(x) & w).count("1") <= m for x in lay[:, c])
            # the true layout is always among the consistent ones
            a, b = k.others()
            assert (hands[a], hands[b]) in set(enumerate_layouts(k)) or count_layouts(k) > 3000


def test_sampler_reproducible_and_checked():
    k = next(_small_positions())
    x = sample_layouts(k, 20, np.random.default_rng(3))
    y = sample_layouts(k, 20, np.random.default_rng(3))
    assert (x == y).all()
    with pytest.raises(ValueError, match="worlds"):
        sample_layouts(k, 0, np.random.default_rng(3))
    bad = Knowledge(0, k.may, (2, 4, 3))
    with pytest.raises(ValueError):
        sample_layouts(bad, 1, np.random.default_rng(3))


def test_observe_each_inference():
    club, wiki = load_rules("club"), load_rules("wiki")
    rest = FULL_DECK & ~parse("A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ 10♣")
    k = Knowledge(0, (parse("A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ 10♣"), rest, rest), (8, 8, 8))
    spades, hearts, diamonds = parse("A♠ 10♠ K♠ Q♠ J♠ 9♠"), 0x3F << 18, 0x3F << 12
    # seat 1 does not follow a spade led, no trump: void in spades only
    k1 = k.observe(1, parse("9♥").bit_length() - 1, led=0, trump=-1, owner=0, declared=False, rules=club)
    assert k1.may[1] & spades == 0 and k1.may[1] & hearts == hearts & rest & ~parse("9♥")
    # neither follows nor trumps (trump ♦): void in spades and diamonds
    k2 = k.observe(2, parse("9♥").bit_length() - 1, led=0, trump=2, owner=0, declared=False, rules=club)
    assert k2.may[2] & (spades | diamonds) == 0 and k2.may[2] & hearts
    # a declared K♥ lead: Q♥ is in the leader's hand
    qh = parse("Q♥")
    k3 = k.observe(1, parse("K♥").bit_length() - 1, led=-1, trump=3, owner=1, declared=True, rules=club)
    assert k3.may[1] & qh and not k3.may[2] & qh and k3.counts == (8, 7, 8)
    # wiki: a trump led by a player who did not declare it: he holds only trumps
    k4 = k.observe(2, parse("9♦").bit_length() - 1, led=-1, trump=2, owner=1, declared=False, rules=wiki)
    assert k4.may[2] == rest & diamonds & ~parse("9♦")
    # ... not under club, nor by the trump's owner
    k5 = k.observe(2, parse("9♦").bit_length() - 1, led=-1, trump=2, owner=1, declared=False, rules=club)
    k6 = k.observe(1, parse("9♦").bit_length() - 1, led=-1, trump=2, owner=1, declared=False, rules=wiki)
    assert k5.may[2] == k6.may[1] == rest & ~parse("9♦")
