"""The ace marriage in single-dummy play (RULES.md, "Ace marriage")."""

from __future__ import annotations

from analysis.cards import CARD_POINTS
from analysis.cards import parse as P
from analysis.rules import Rules
from analysis.single_dummy import play_deal
from analysis.single_dummy.knowledge import defender_knowledge
from analysis.single_dummy.play import _winner

ACES = P("A♠ A♣ A♦ A♥")
ON = Rules.profile("club").with_changes(ace_marriage=True)
# The declarer holds the four aces and the three tens of ♠ ♣ ♦: after
# leading a ten (beaten only by his own ace) he declares the aces; every
# world of his says so, so PIMC finds it whatever it samples.
HAND = ACES | P("10♠ 10♣ 10♦")
WIDOW = P("9♠ 9♣ J♦")
# No hand holds a king and queen of one suit: no trump is ever set.
LEFT = P("K♠ Q♣ J♠ K♥ J♥ K♦ 9♦")
RIGHT = P("Q♠ K♣ J♣ Q♥ 10♥ 9♥ Q♦")


def _tally(res, hands):
    """Card points of each seat's tricks along ``res.moves``, and whether
    the holder of the four aces led one after the first trick."""
    hands = list(hands)
    pts = [0, 0, 0]
    declared = False
    for k in range(0, len(res.moves), 3):
        trick = [(s, c) for s, c, _ in res.moves[k : k + 3]]
        s, c = trick[0]
        if k > 0 and c % 6 == 5 and hands[s] & ACES == ACES:
            declared = True
        for seat, card in trick:
            hands[seat] &= ~(1 << card)
        pts[_winner(trick, -1)] += int(sum(CARD_POINTS[x] for _, x in trick))
    return pts, declared


def test_the_declarer_declares_the_four_aces_after_a_trick():
    res = play_deal(HAND, WIDOW, LEFT, RIGHT, rules=ON, worlds=4, seed=1)
    assert not res.written_off
    ten = HAND | WIDOW
    a, b = res.give_left, res.give_right
    pts, declared = _tally(res, (ten & ~(1 << a) & ~(1 << b), LEFT | 1 << a, RIGHT | 1 << b))
    assert declared
    # no marriage in any hand: the declarer's value is his card points and
    # the 200, the defenders' their card points
    assert res.value == pts[0] + 200
    assert (res.left_points, res.right_points) == (pts[1], pts[2])
    off = play_deal(HAND, WIDOW, LEFT, RIGHT, rules="club", worlds=4, seed=1)
    assert off.value < 200 <= res.value


def test_the_declaration_shows_the_other_three_aces():
    # the left defender, before the declarer leads A♥ declaring the aces,
    # places the aces with the declarer or the right defender
    k = defender_knowledge(1, LEFT | P("9♠"), WIDOW, None)
    assert k.may[2] & ACES == ACES
    after = k.observe(0, P("A♥").bit_length() - 1, led=-1, trump=-1, owner=0, declared=True, rules=ON)
    assert after.may[2] & ACES == 0
    assert after.may[0] & ACES == ACES & ~P("A♥")
