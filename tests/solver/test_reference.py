"""The plain minimax reference, hand-checked, and the fast solver against it.

(a) The reference (``tests/solver/reference.py``) on small endgames whose values are
    worked out by hand in the comments (RULES.md, common core and play
    conventions).
(b) ``analysis.solver.play_value`` and ``makes`` agree with the reference on
    random 3- and 4-trick endgames reached by random legal play, under every
    profile's play conventions (a few hundred here, thousands under
    ``@pytest.mark.verify``).
(c) The solver's tie-broken line against the reference J-optimum
    (DESIGN.md contract 3), where the solver exposes a line.

Every random case is reproducible from ``(profile, kind, index)``: see
:func:`case`.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from analysis.cards import format as fmt
from analysis.cards import parse as P
from analysis.rules import Rules
from analysis.testing import (
    Position,
    lead_moves,
    play_trick,
    position_after_exchange,
    random_deal,
    random_deals,
    random_endgame,
    random_position,
)
from analysis.testing.play import CARD_POINTS, MARRIAGE_VALUES, follow_moves
from analysis.testing.strategies import deals, endgames, positions


def _load_reference():
    name = "thousand_tests_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("reference.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


ref = _load_reference()
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
CLUB, BOOK, WIKI = (Rules.profile(n) for n in ("club", "book", "wiki"))
PROFILES = ("club", "classic", "book", "ua", "wiki")
#: The profiles plus two house variants mixing the play conventions.
RULESETS = {name: Rules.profile(name) for name in PROFILES}
RULESETS["house_q"] = CLUB.with_changes(name="house_q", marriage_lead="Q", first_trick_marriage=True)
RULESETS["house_lead"] = BOOK.with_changes(
    name="house_lead", trump_lead_owner_only=True, bolt_rule="no_trick"
)
RULESET_NAMES = tuple(RULESETS)


def _arg(name):
    """What to pass as ``rules=``: the profile name, or the house ``Rules``."""
    return name if name in PROFILES else RULESETS[name]


def value(hands, **kw):
    kw.setdefault("first_trick", False)
    return ref.reference_value([P(h) for h in hands], **kw)


# --------------------------------------------------------------------------
# (a) the reference on hand-worked endgames
# --------------------------------------------------------------------------


def test_one_trick_goes_to_the_highest_card_of_the_suit_led():
    # Declarer (seat 0) leads A♠, the others follow 9♠ and J♠: 11 + 0 + 2.
    assert value(["A♠", "9♠", "J♠"]) == 13
    # Seat 1 leads 10♠; the declarer's off-suit A♥ does not win (no trump):
    # 0 points for the declarer.
    assert value(["A♥", "10♠", "9♠"], leader=1) == 0
    # With ♥ trump the same A♥ ruffs: 11 + 10 + 0.
    assert value(["A♥", "10♠", "9♠"], leader=1, trump=HEARTS, trump_owner=0) == 21


def test_no_obligation_to_beat_lets_the_declarer_duck():
    # Declarer seat 0 "A♠ 9♠"; seat 1 leads from "K♠ 10♠"; seat 2 "J♣ 9♣"
    # (void in ♠, no trump: discards).  Order: 1, 2, 0.
    # Seat 1 leads K♠, seat 2 discards J♣: declarer A♠ → 4+2+11 = 17 and
    #   loses 9♠ to 10♠ (17); or ducks 9♠, seat 1 leads 10♠, 9♣, A♠ wins
    #   10+0+11 = 21.  Declarer: 21.  (Discarding 9♣ first: A♠ gives 15,
    #   ducking 10+2+11 = 23; seat 2 prefers J♣ → 21.)
    # Seat 1 leads 10♠: discard 9♣ → A♠ gives 21 then loses; ducking gives
    #   K♠ trick 4+2+11 = 17 → 21.  Discard J♣ → A♠ 23.  Seat 2: 9♣ → 21.
    # Value 21.  Had the declarer to beat K♠, the first line gives only 15.
    assert value(["A♠ 9♠", "K♠ 10♠", "J♣ 9♣"], leader=1) == 21
    # and the ducking card is a legal follow:
    assert follow_moves(P("A♠ 9♠"), SPADES, None) == [P("9♠").bit_length() - 1, P("A♠").bit_length() - 1]


def test_must_trump_when_void():
    # ♥ trump (declared earlier by the declarer, seat 0).  Seat 1 leads from
    # "A♠ K♠"; seat 2 "10♥ J♣" is void in ♠ and must ruff with 10♥; the
    # declarer "A♥ 9♦" (void in ♠) must ruff too and over-ruffs: A♠ 10♥ A♥ =
    # 32 (or K♠ 10♥ A♥ = 25).  Then 9♦ wins the last trick: the remaining
    # K♠/A♠ and J♣ fall, 6 or 13.  Both leads give 38.  (Were seat 2 free to
    # discard J♣, it would keep 10♥ to ruff the 9♦ and the declarer would get
    # only 24.)
    assert value(["A♥ 9♦", "A♠ K♠", "10♥ J♣"], leader=1, trump=HEARTS, trump_owner=0) == 38
    assert follow_moves(P("10♥ J♣"), SPADES, HEARTS) == [P("10♥").bit_length() - 1]
    assert sorted(follow_moves(P("10♥ J♣"), SPADES, None)) == [
        P("J♣").bit_length() - 1,
        P("10♥").bit_length() - 1,
    ]


def test_defenders_marriage_scores_for_him_and_changes_trump_at_once():
    # ♠ trump (declarer's).  Defender seat 1 leads from "K♥ Q♥"; seat 2 "9♣
    # J♣"; declarer seat 0 "9♠ A♦".  Order 1, 2, 0.
    # K♥ led plainly: the declarer, void in ♥, must ruff with 9♠ and wins
    #   4+x+0; then A♦ wins Q♥ and the other club: 4+3+11 + 0+2 = 20.
    # K♥ (or Q♥) led *declaring*: ♥ becomes trump for this very trick, 9♠
    #   no longer ruffs, seat 1 wins both tricks; his 100 is not the
    #   declarer's.  Value 0.
    hands = ["9♠ A♦", "K♥ Q♥", "9♣ J♣"]
    assert value(hands, leader=1, trump=SPADES, trump_owner=0) == 0
    # Without the option to declare (first trick, club) the value is 20.
    assert value(hands, leader=1, trump=SPADES, trump_owner=0, first_trick=True) == 20
    # J: declarer 0; seat 2 never scores (bolted, +300), seat 1 declares 100
    # (−100): J = 200.  If seat 2 already has points in the deal: −100.
    masks = [P(h) for h in hands]
    r = ref.reference_j(masks, leader=1, trump=SPADES, trump_owner=0, first_trick=False, rules=CLUB)
    assert (r.j, r.declarer_added, r.defender_marriages) == (200, 0, 100)
    assert r.bolted == (False, False, True)
    assert r.points == (0, 100 + 4 + 3 + 0 + 2 + 0 + 11, 0)
    r = ref.reference_j(
        masks, leader=1, trump=SPADES, trump_owner=0, first_trick=False, rules=CLUB, points=(0, 5, 5)
    )
    assert (r.j, r.bolted) == (-100, (False, False, False))


def test_first_trick_marriage_only_where_the_rules_allow_it():
    # Declarer "K♥ Q♥", defenders "A♠ 9♠" and "10♠ J♠", no trump, declarer
    # leads.  The defenders have no hearts, so both of his tricks win:
    # 4 + 3 + 11 + 0 + 10 + 2 = 30, plus 100 if he may declare the marriage on
    # this (first) trick: book yes, club no.  After the first trick his
    # marriage is broken, so club never gets the 100.
    hands = ["K♥ Q♥", "A♠ 9♠", "10♠ J♠"]
    assert value(hands, first_trick=True, rules=CLUB) == 30
    assert value(hands, first_trick=True, rules=BOOK) == 130
    assert value(hands, first_trick=False, rules=CLUB) == 130
    # first_trick defaults to "every hand holds 8 cards": here False.
    assert ref.reference_value([P(h) for h in hands], rules=CLUB) == 130


def test_queen_only_declaring():
    # Declarer seat 0 "K♣ Q♣" leads; seat 1 "10♣ J♣", seat 2 "9♣ Q♠".
    # K♣ declared (+60, ♣ trump): seat 1 may win with 10♣ (then J♣ is led
    #   and Q♣ takes J♣ Q♠: 60 + 8 = 68) or duck J♣ under the K (declarer
    #   takes K♣ J♣ 9♣ = 6, then his Q♣ falls to 10♣: 66).  Seat 1 ducks: 66.
    # Q♣ declared: 10♣ wins → J♣ Q♠ K♣ = 9 → 69; J♣ ducks → Q♣ J♣ 9♣ = 5,
    #   K♣ falls → 65.  Seat 1 ducks: 65.  Plain leads score at most 30.
    # club (K or Q): 66.  wiki-style Q only: 65.
    hands = ["K♣ Q♣", "10♣ J♣", "9♣ Q♠"]
    assert value(hands, rules=CLUB) == 66
    assert value(hands, rules=CLUB.with_changes(marriage_lead="Q")) == 65
    k, q = P("K♣").bit_length() - 1, P("Q♣").bit_length() - 1
    assert lead_moves(P("K♣ Q♣"), 0, None, None, False, CLUB) == [
        (q, False),
        (q, True),
        (k, False),
        (k, True),
    ]
    assert lead_moves(P("K♣ Q♣"), 0, None, None, False, WIKI) == [(q, False), (q, True), (k, False)]


def test_only_the_trumps_declarer_leads_trumps():
    # ♠ trump, declared by seat 1.  Seat 2 leads from "A♣ Q♠"; declarer seat
    # 0 "K♦ 9♠"; seat 1 "J♦ 9♣".  Order 2, 0, 1.
    # club: seat 2 leads Q♠ (declarer follows 9♠, seat 2 wins), then A♣: the
    #   declarer, with no trump left, takes nothing.  Value 0.
    # wiki: seat 2 does not own the trump and holds a non-trump, so he must
    #   lead A♣; the declarer must ruff with 9♠ and wins A♣ 9♠ 9♣ = 11, then
    #   his K♦ is ruffed by Q♠.  Value 11.
    hands = ["K♦ 9♠", "J♦ 9♣", "A♣ Q♠"]
    kw = dict(leader=2, trump=SPADES, trump_owner=1)
    assert value(hands, rules=CLUB, **kw) == 0
    assert value(hands, rules=CLUB.with_changes(trump_lead_owner_only=True), **kw) == 11
    # The owner himself may lead trumps; so may a player holding only trumps.
    assert (
        value(
            hands, rules=CLUB.with_changes(trump_lead_owner_only=True), leader=2, trump=SPADES, trump_owner=2
        )
        == 0
    )
    qs = P("Q♠").bit_length() - 1
    assert lead_moves(P("Q♠ 9♠"), 2, SPADES, 1, False, WIKI) == [(qs - 2, False), (qs, False)]
    # A new marriage passes the right to lead trumps to its declarer: seat 2
    # declaring ♦ with Q♦ may lead trumps (♦) afterwards; seat 1 may not.
    qd = P("Q♦").bit_length() - 1
    assert (qd, True) in lead_moves(P("K♦ Q♦ 9♣"), 2, SPADES, 1, False, WIKI)
    assert (qd, False) in lead_moves(P("K♦ Q♦ 9♣"), 2, DIAMONDS, 2, False, WIKI)
    assert (qd, False) not in lead_moves(P("K♦ Q♦ 9♣"), 2, DIAMONDS, 1, False, WIKI)


def test_worked_example_7_trump_changes_with_each_marriage():
    # RULES.md worked example 7 (book): the declarer leads K♥ declaring (♥
    # trump) and wins, leads K♦ declaring (♦ trump); another player takes it
    # with A♦ and leads K♠ declaring (♠ trump).  Each keeps his points.
    hands = (P("K♥ Q♥ K♦ Q♦"), P("A♦ K♠ Q♠ 9♣"), P("J♣ 10♣ 9♠ A♣"))
    c = {n: P(n).bit_length() - 1 for n in "K♥ Q♥ K♦ Q♦ A♦ K♠ Q♠ 9♣ J♣ 10♣ 9♠ A♣".split()}
    pos = Position(hands, declarer=0, leader=0, first_trick=True)
    # Trick 1: K♥ declared (+100 to seat 0), ♥ trump; 9♣ and J♣ discarded.
    pos = play_trick(pos, c["K♥"], True, c["9♣"], c["J♣"], BOOK)
    assert (pos.trump, pos.trump_owner, pos.leader) == (HEARTS, 0, 0)
    assert pos.points == (100 + 4 + 0 + 2, 0, 0)
    # Trick 2: K♦ declared (+80 to seat 0), ♦ trump; A♦ takes it, 10♣ falls.
    pos = play_trick(pos, c["K♦"], True, c["A♦"], c["10♣"], BOOK)
    assert (pos.trump, pos.trump_owner, pos.leader) == (DIAMONDS, 0, 1)
    assert pos.points == (186, 4 + 11 + 10, 0)
    # Trick 3: seat 1 leads K♠ declaring (+40 to him), ♠ trump; 9♠ follows,
    # the declarer (void in ♠, no ♠ trump) discards Q♦.
    pos = play_trick(pos, c["K♠"], True, c["9♠"], c["Q♦"], BOOK)
    assert (pos.trump, pos.trump_owner, pos.leader) == (SPADES, 1, 1)
    assert pos.points == (186, 25 + 40 + 4 + 0 + 3, 0)
    assert pos.marriages == (180, 40, 0)
    assert pos.tricks == (1, 2, 0)
    # The reference agrees that, from the start, the declarer can reach at
    # least these 186 (his two marriages plus the first trick).
    assert ref.reference_value(hands, declarer=0, first_trick=True, rules=BOOK) >= 186
    # Illegal moves are refused: under club the first trick cannot declare.
    with pytest.raises(ValueError, match="illegal lead"):
        play_trick(Position(hands, first_trick=True), c["K♥"], True, c["9♣"], c["J♣"], CLUB)


def test_trick_worth_nothing_is_a_trick_but_not_points():
    # Seat 2 leads 9♠, the others discard 9♣ and 9♦: seat 2 takes a 0-point
    # trick (RULES.md worked example 9).  Declarer seat 0.
    masks = [P("9♣"), P("9♦"), P("9♠")]
    club = ref.reference_j(masks, leader=2, rules=CLUB)
    # club (zero_points): both defenders bolted: J = 300 * 2.
    assert (club.j, club.bolted) == (600, (False, True, True))
    # wiki (no_trick, declarer can be bolted): seat 1 and the declarer bolted,
    # seat 2 took a trick: J = 300 * (1 - 1) = 0; with a trick already taken
    # by the declarer, J = 300.
    wiki = ref.reference_j(masks, leader=2, rules=WIKI)
    assert (wiki.j, wiki.bolted) == (0, (True, True, False))
    wiki = ref.reference_j(masks, leader=2, rules=WIKI, tricks=(1, 0, 0))
    assert (wiki.j, wiki.bolted) == (300, (False, True, False))
    # No bolts in book.
    assert ref.reference_j(masks, leader=2, rules=BOOK).j == 0


def test_reference_rejects_bad_input():
    with pytest.raises(ValueError, match="overlap"):
        ref.reference_value([P("A♠"), P("A♠"), P("9♠")])
    with pytest.raises(ValueError, match="unequal"):
        ref.reference_value([P("A♠ K♠"), P("Q♠"), P("9♠")])
    with pytest.raises(ValueError, match="trump"):
        ref.reference_value([P("A♠"), P("Q♠"), P("9♠")], trump=4)
    with pytest.raises(ValueError, match="leader"):
        ref.reference_value([P("A♠"), P("Q♠"), P("9♠")], leader=3)
    with pytest.raises(ValueError, match="profile"):
        ref.reference_value([P("A♠"), P("Q♠"), P("9♠")], rules="nope")


def test_reference_j_puts_the_declarers_total_first():
    # On random endgames the J-optimal line gives the declarer exactly the
    # play value, and the line's points and tricks add up with the deal so
    # far: every remaining card point and every new marriage lands somewhere.
    for profile in ("club", "wiki", "book"):
        rules = RULESETS[profile]
        for i in range(12):
            pos = random_endgame(np.random.default_rng([7, i]), 3, rules)
            kw = _kwargs(pos)
            r = ref.reference_j(pos.hands, rules=rules, points=pos.points, tricks=pos.tricks, **kw)
            assert r.declarer_added == ref.reference_value(pos.hands, rules=rules, **kw)
            assert sum(r.tricks) == 8
            remaining = sum(CARD_POINTS[c] for h in pos.hands for c in range(24) if h >> c & 1)
            assert sum(r.points) == sum(pos.points) + remaining + sum(r.marriages_added)
            defenders = [s for s in range(3) if s != pos.declarer]
            assert r.defender_marriages == sum(r.marriages_added[s] for s in defenders)
            bolts = sum(r.bolted[s] for s in defenders) - r.bolted[pos.declarer]
            assert r.j == 1000 * r.declarer_added + 300 * bolts - r.defender_marriages


# --------------------------------------------------------------------------
# properties of the reference itself
# --------------------------------------------------------------------------


def _permute_suits(mask: int, perm) -> int:
    return sum(1 << (6 * perm[c // 6] + c % 6) for c in range(24) if mask >> c & 1)


def _declarable(hand: int) -> int:
    return sum(
        v for s, v in enumerate(MARRIAGE_VALUES) if hand >> (6 * s + 2) & 1 and hand >> (6 * s + 3) & 1
    )


@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_reference_properties(profile):
    rules = RULESETS[profile]
    rng = np.random.default_rng([11, RULESET_NAMES.index(profile)])
    for _ in range(25):
        pos = random_endgame(rng, 3, rules)
        kw = _kwargs(pos)
        v = ref.reference_value(pos.hands, rules=rules, **kw)
        remaining = sum(CARD_POINTS[c] for h in pos.hands for c in range(24) if h >> c & 1)
        # Bounds: 0 .. remaining card points + the declarer's own marriages.
        assert 0 <= v <= remaining + _declarable(pos.hands[pos.declarer])
        # Renaming the suits changes nothing when no hand holds K+Q (then
        # no marriage values enter) - trump and owner renamed alike.
        if not any(_declarable(h) for h in pos.hands):
            perm = [int(x) for x in rng.permutation(4)]
            hands = [_permute_suits(h, perm) for h in pos.hands]
            kw2 = dict(kw, trump=None if pos.trump is None else perm[pos.trump])
            assert ref.reference_value(hands, rules=rules, **kw2) == v
        # Allowing a marriage on this trick, led by the declarer, never hurts him.
        if pos.leader == pos.declarer:
            kw3 = dict(kw, first_trick=True)
            no = ref.reference_value(pos.hands, rules=rules.with_changes(first_trick_marriage=False), **kw3)
            yes = ref.reference_value(pos.hands, rules=rules.with_changes(first_trick_marriage=True), **kw3)
            assert no <= yes
        # makes agrees with the value.
        assert ref.reference_makes(pos.hands, v, rules=rules, **kw)
        assert not ref.reference_makes(pos.hands, v + 1, rules=rules, **kw)


# --------------------------------------------------------------------------
# the generators (analysis.testing)
# --------------------------------------------------------------------------


def _check_endgame(pos: Position, k: int):
    hands = pos.hands
    assert [bin(h).count("1") for h in hands] == [k, k, k]
    assert not (hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2])
    assert sum(pos.tricks) == 8 - k
    remaining = sum(CARD_POINTS[c] for h in hands for c in range(24) if h >> c & 1)
    assert sum(pos.points) == 120 - remaining + sum(pos.marriages)
    assert all(m in _MARRIAGE_SUMS for m in pos.marriages)
    assert (pos.trump is None) == (pos.trump_owner is None) == (sum(pos.marriages) == 0)
    assert pos.first_trick == (k == 8)


_MARRIAGE_SUMS = {sum(v for i, v in enumerate(MARRIAGE_VALUES) if m >> i & 1) for m in range(16)}


def test_random_deals_partition_the_deck():
    d = random_deals(500, np.random.default_rng(0))
    assert d.shape == (500, 4) and d.dtype == np.uint32
    assert ((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3]) == 0xFFFFFF).all()
    counts = [[bin(int(x)).count("1") for x in row] for row in d]
    assert all(c == [7, 7, 7, 3] for c in counts)
    # each card lands in the widow with probability 3/24: 500*3 = 1500 widow
    # cards spread over 24 ids (mean 62.5 each); a crude uniformity bound.
    per_card = [int(((d[:, 3] >> c) & 1).sum()) for c in range(24)]
    assert sum(per_card) == 1500 and min(per_card) > 30 and max(per_card) < 100


@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_random_endgames_are_consistent(profile):
    for i in range(40):
        k = 1 + i % 8
        _check_endgame(random_endgame(np.random.default_rng([1, i]), k, profile), k)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=endgames(tricks=3, rules="wiki"))
def test_endgame_strategy_draws_valid_positions(pos):
    _check_endgame(pos, 3)


@settings(max_examples=20, deadline=None)
@given(deal=deals(), pos=positions())
def test_deal_and_position_strategies(deal, pos):
    hands, widow = deal
    assert [bin(h).count("1") for h in hands] + [bin(widow).count("1")] == [7, 7, 7, 3]
    assert hands[0] | hands[1] | hands[2] | widow == 0xFFFFFF
    _check_endgame(pos, 8)
    assert pos.leader == pos.declarer


# --------------------------------------------------------------------------
# (b) the fast solver against the reference
# --------------------------------------------------------------------------

BASE_SEED = 20261129


def _kwargs(pos: Position) -> dict:
    return dict(
        declarer=pos.declarer,
        leader=pos.leader,
        trump=pos.trump,
        trump_owner=pos.trump_owner,
        first_trick=pos.first_trick,
    )


def _holds_marriage(hands) -> bool:
    return any(h >> (6 * s + 2) & 1 and h >> (6 * s + 3) & 1 for h in hands for s in range(4))


def case(profile: str, tricks: int, i: int):
    """Random endgame number ``i``: ``(hands, kwargs, (points, tricks))``.

    Reproducible; ``points`` and ``tricks`` are what each seat took in the
    deal so far.

    By ``i % 4``: 0 and 1 are positions exactly as reached by random legal
    play (:func:`analysis.testing.random_endgame`); 2 is such a position in
    which some hand still holds a K+Q pair (drawn again until one does, so
    marriage leads are in play); 3 is like 2 but perturbed: a random leader,
    a random first-trick flag, and a random trump (or none) among the suits
    in which no hand holds K and Q, with a random owner.
    """
    rng = np.random.default_rng([BASE_SEED, RULESET_NAMES.index(profile), tricks, i])
    pos = random_endgame(rng, tricks, RULESETS[profile])
    while i % 4 >= 2 and not _holds_marriage(pos.hands):
        pos = random_endgame(rng, tricks, RULESETS[profile], declare_prob=0.2)
    kw = _kwargs(pos)
    if i % 4 == 3:
        free = [None] + [
            s for s in range(4) if not any(h >> (6 * s + 2) & 1 and h >> (6 * s + 3) & 1 for h in pos.hands)
        ]
        trump = free[int(rng.integers(len(free)))]
        kw.update(
            leader=int(rng.integers(3)),
            first_trick=bool(rng.random() < 0.5),
            trump=trump,
            trump_owner=None if trump is None else int(rng.integers(3)),
        )
    return pos.hands, kw, (pos.points, pos.tricks)


def describe(profile, tricks, i, hands, kw) -> str:
    return (
        f"case({profile!r}, {tricks}, {i}): hands={[fmt(h) for h in hands]} "
        f"masks={[hex(h) for h in hands]} {kw}"
    )


@pytest.fixture(scope="module")
def solver():
    return pytest.importorskip("analysis.solver")


def _agreement(solver, profile, tricks, indices):
    bad = []
    for i in indices:
        hands, kw, _ = case(profile, tricks, i)
        want = ref.reference_value(hands, rules=RULESETS[profile], **kw)
        got = solver.play_value(hands, rules=_arg(profile), **kw)
        if got != want:
            bad.append(f"{describe(profile, tricks, i, hands, kw)}: play_value={got} reference={want}")
            continue
        m_at = solver.makes(hands, want, rules=_arg(profile), **kw)
        m_above = solver.makes(hands, want + 1, rules=_arg(profile), **kw)
        if not m_at or m_above:
            bad.append(
                f"{describe(profile, tricks, i, hands, kw)}: value {want} but "
                f"makes({want})={m_at}, makes({want + 1})={m_above}"
            )
    return bad


# club, book and wiki have distinct play conventions; classic and ua play as club.
CI_COUNTS = {
    "club": (160, 60),
    "book": (160, 60),
    "wiki": (160, 60),
    "classic": (40, 16),
    "ua": (40, 16),
    "house_q": (60, 20),
    "house_lead": (60, 20),
}


@pytest.mark.parametrize("profile", RULESET_NAMES)
def test_play_value_and_makes_agree_with_reference(solver, profile):
    n3, n4 = CI_COUNTS[profile]
    bad = _agreement(solver, profile, 3, range(n3)) + _agreement(solver, profile, 4, range(n4))
    assert not bad, "\n".join(bad)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=endgames(tricks=3, rules="wiki"))
def test_play_value_agrees_on_drawn_wiki_endgames(pos):
    solver = pytest.importorskip("analysis.solver")
    kw = _kwargs(pos)
    assert solver.play_value(pos.hands, rules="wiki", **kw) == ref.reference_value(
        pos.hands, rules="wiki", **kw
    )


# Volume: 23,000 endgames of 3 and 4 tricks in all, plus 2, 5 and 6 tricks;
# the profiles with their own play conventions get the most.
_MAIN = {2: 1000, 3: 4000, 4: 1000, 5: 60, 6: 6}
_SHARED = {2: 300, 3: 1000, 4: 300, 5: 20}  # classic, ua play as club
_HOUSE = {2: 300, 3: 1500, 4: 400, 5: 20}
VERIFY_COUNTS = {
    "club": _MAIN,
    "book": _MAIN,
    "wiki": _MAIN,
    "classic": _SHARED,
    "ua": _SHARED,
    "house_q": _HOUSE,
    "house_lead": _HOUSE,
}


@pytest.mark.verify
@pytest.mark.parametrize(
    "profile,tricks,n", [(p, k, n) for p, counts in VERIFY_COUNTS.items() for k, n in counts.items()]
)
def test_play_value_agrees_in_volume(solver, profile, tricks, n):
    bad = _agreement(solver, profile, tricks, range(10_000, 10_000 + n))
    assert not bad, f"{len(bad)} of {n} disagree:\n" + "\n".join(bad[:50])


# --------------------------------------------------------------------------
# (c) the solver's tie-broken line against the reference J-optimum
# --------------------------------------------------------------------------


def _bolts(pos: Position, rules: Rules) -> int:
    """Bolted defenders minus the bolted declarer at the end of a deal."""
    if rules.bolt_rule == "none":
        return 0
    took = pos.points if rules.bolt_rule == "zero_points" else pos.tricks
    bolted = [took[s] == 0 for s in range(3)]
    d = pos.declarer
    return sum(bolted[s] for s in range(3) if s != d) - (bolted[d] if rules.bolt_declarer else 0)


def _line_j(start: Position, end: Position, rules: Rules) -> int:
    """J of a line's remainder from ``start`` to the end ``end`` of the deal."""
    d = start.declarer
    def_mar = sum(end.marriages[s] - start.marriages[s] for s in range(3) if s != d)
    return 1000 * (end.points[d] - start.points[d]) + 300 * _bolts(end, rules) - def_mar


def _replay_line(solver, hands3, widow, declarer, rules):
    """Replay ``analyse_deal``'s line with the plain rules of play.

    Returns the analysis and the positions before each trick and at the
    end; fails if a move is illegal or a reported figure is wrong.
    """
    a = solver.analyse_deal(hands3, widow, declarer, rules)
    pos = position_after_exchange(hands3, widow, declarer, a.give_left, a.give_right)
    seen = [pos]
    assert len(a.tricks) == 8
    for n, t in enumerate(a.tricks, 1):
        (s0, c0), (s1, c1), (s2, c2) = t.cards
        assert (t.leader, s0, s1, s2) == (
            pos.leader,
            pos.leader,
            (pos.leader + 1) % 3,
            (pos.leader + 2) % 3,
        ), f"trick {n}: wrong seats"
        assert t.declared in (-1, c0 // 6), f"trick {n}: declared {t.declared}"
        pos = play_trick(pos, c0, t.declared >= 0, c1, c2, rules)  # raises if illegal
        assert t.winner == pos.leader, f"trick {n}: winner"
        assert t.trump == (-1 if pos.trump is None else pos.trump), f"trick {n}: trump"
        assert t.points == CARD_POINTS[c0] + CARD_POINTS[c1] + CARD_POINTS[c2]
        assert tuple(t.raw) == pos.points and tuple(t.tricks) == pos.tricks, f"trick {n}"
        seen.append(pos)
    return a, seen


def _check_line(solver, profile, i, ks):
    rules = RULESETS[profile]
    rng = np.random.default_rng([BASE_SEED, 99, RULESET_NAMES.index(profile), i])
    hands3, widow = random_deal(rng)
    d = int(rng.integers(3))
    where = f"line case ({profile!r}, {i}): hands={[fmt(h) for h in hands3]} widow={fmt(widow)} declarer={d}"
    a, seen = _replay_line(solver, hands3, widow, d, rules)
    end = seen[-1]
    # Points and tricks add up; the declarer's total is the value.
    assert sum(end.tricks) == 8, where
    assert sum(end.points) == 120 + sum(end.marriages), where
    assert end.points[d] == a.value, where
    assert _line_j(seen[0], end, rules) == a.objective, where
    # exchange_value reports the same value, objective and line figures.
    left, right = (d + 1) % 3, (d + 2) % 3
    r = solver.exchange_value(hands3[d], widow, hands3[left], hands3[right], rules=profile)
    got = (
        r.value,
        r.objective,
        r.give_left,
        r.give_right,
        r.declarer_tricks,
        r.left_points,
        r.left_tricks,
        r.right_points,
        r.right_tricks,
    )
    want = (
        a.value,
        a.objective,
        a.give_left,
        a.give_right,
        end.tricks[d],
        end.points[left],
        end.tricks[left],
        end.points[right],
        end.tricks[right],
    )
    assert got == want, f"{where}: exchange_value {got} != replayed line {want}"
    # exchange_makes answers the threshold question at the value, and its
    # gift reaches it.
    yes = solver.exchange_makes(hands3[d], widow, hands3[left], hands3[right], a.value, rules=profile)
    no = solver.exchange_makes(hands3[d], widow, hands3[left], hands3[right], a.value + 1, rules=profile)
    assert bool(yes) and not bool(no), where
    p = position_after_exchange(hands3, widow, d, yes.give_left, yes.give_right)
    assert solver.play_value(p.hands, declarer=d, rules=profile) >= a.value, where
    # Along an optimal line every endgame is played J-optimally: the rest of
    # the line reaches the reference J-optimum and the reference value.
    for k in ks:
        p = seen[8 - k]
        kw = _kwargs(p)
        if k >= 6:  # too long for the plain minimax: bisection references
            best_j = ref.reference_j_by_bisection(
                p.hands, rules=rules, points=p.points, tricks=p.tricks, **kw
            )
            assert _line_j(p, end, rules) == best_j, (
                f"{where}: last {k} tricks of the line give J={_line_j(p, end, rules)}, "
                f"reference J-optimum {best_j}"
            )
            assert end.points[d] - p.points[d] == ref.reference_value_by_bisection(
                p.hands, rules=rules, **kw
            ), where
            continue
        best = ref.reference_j(p.hands, rules=rules, points=p.points, tricks=p.tricks, **kw)
        assert _line_j(p, end, rules) == best.j, (
            f"{where}: last {k} tricks of the line give J={_line_j(p, end, rules)}, "
            f"reference J-optimum {best.j} ({best})"
        )
        assert end.points[d] - p.points[d] == ref.reference_value(p.hands, rules=rules, **kw)
        bolted_def = sum(best.bolted[s] for s in range(3) if s != d)
        assert bolted_def - best.bolted[d] == _bolts(end, rules), where


def test_solve_deals_rows_are_exchange_values(solver):
    d = random_deals(3, np.random.default_rng([BASE_SEED, 5]))
    deals_table = {
        "deal_id": np.arange(3, dtype=np.int64),
        "hand0": d[:, 0],
        "hand1": d[:, 1],
        "hand2": d[:, 2],
        "widow": d[:, 3],
    }
    for profile in ("club", "wiki"):
        df = solver.solve_deals(deals_table, rules=profile)
        assert len(df) == 9
        for row in df.itertuples():
            s = int(row.seat)
            h = [int(x) for x in d[row.deal_id, :3]]
            r = solver.exchange_value(
                h[s], int(d[row.deal_id, 3]), h[(s + 1) % 3], h[(s + 2) % 3], rules=profile
            )
            assert (
                row.value,
                row.give_left,
                row.give_right,
                row.declarer_tricks,
                row.left_points,
                row.left_tricks,
                row.right_points,
                row.right_tricks,
            ) == (
                r.value,
                r.give_left,
                r.give_right,
                r.declarer_tricks,
                r.left_points,
                r.left_tricks,
                r.right_points,
                r.right_tricks,
            )


@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_line_is_legal_adds_up_and_ends_j_optimally(solver, profile):
    for i in range(10):
        _check_line(solver, profile, i, ks=(2, 3, 4))


@pytest.mark.verify
@pytest.mark.parametrize("profile", PROFILES)
def test_line_in_volume(solver, profile):
    for i in range(1000, 1100):
        _check_line(solver, profile, i, ks=(3, 4))


# --------------------------------------------------------------------------
# card_values and line_from on endgames
# --------------------------------------------------------------------------


def _solver_position(solver, hands, kw, taken, trick=()):
    return solver.Position(
        hands=tuple(hands),
        declarer=kw["declarer"],
        leader=kw["leader"],
        trick=tuple(trick),
        trump=kw["trump"],
        trump_owner=kw["trump_owner"],
        first_trick=kw["first_trick"],
        points=tuple(taken[0]),
        tricks=tuple(taken[1]),
    )


def _mid_trick(hands, kw, rng, rules):
    """Play one or two cards of the next trick (an undeclared lead, random
    legal follows); None when the leader has no undeclared lead."""
    leads = [
        c
        for c, d in lead_moves(
            hands[kw["leader"]], kw["leader"], kw["trump"], kw["trump_owner"], kw["first_trick"], rules
        )
        if not d
    ]
    if not leads:
        return None
    ld = kw["leader"]
    c0 = leads[int(rng.integers(len(leads)))]
    h = list(hands)
    h[ld] &= ~(1 << c0)
    trick = [(ld, c0)]
    if rng.random() < 0.5:
        follows = follow_moves(h[(ld + 1) % 3], c0 // 6, kw["trump"])
        c1 = follows[int(rng.integers(len(follows)))]
        h[(ld + 1) % 3] &= ~(1 << c1)
        trick.append(((ld + 1) % 3, c1))
    return tuple(h), tuple(trick)


def _card_values_agree(solver, profile, tricks, indices):
    rules = RULESETS[profile]
    bad = []
    for i in indices:
        hands, kw, taken = case(profile, tricks, i)
        rng = np.random.default_rng([BASE_SEED, 7, i])
        spots = [(hands, ())]
        mid = _mid_trick(hands, kw, rng, rules)
        if mid is not None:
            spots.append(mid)
        for h, trick in spots:
            for objective in ("value", "J"):
                got = sorted(
                    (m.card, bool(m.declared), m.value)
                    for m in solver.card_values(
                        _solver_position(solver, h, kw, taken, trick),
                        rules=_arg(profile),
                        objective=objective,
                    )
                )
                want = sorted(
                    ref.reference_card_values(
                        h,
                        trick=trick,
                        rules=rules,
                        objective=objective,
                        points=taken[0],
                        tricks=taken[1],
                        **kw,
                    )
                )
                if got != want:
                    bad.append(
                        f"{describe(profile, tricks, i, h, kw)} trick={trick} "
                        f"taken={taken} {objective}: card_values={got} reference={want}"
                    )
    return bad


@pytest.mark.parametrize("profile", ["club", "book", "wiki", "house_q", "house_lead"])
def test_card_values_agree_with_reference(solver, profile):
    bad = _card_values_agree(solver, profile, 3, range(40)) + _card_values_agree(
        solver, profile, 4, range(12)
    )
    assert not bad, "\n".join(bad)


def _replay_moves(pos: Position, codes, rules) -> list[Position]:
    """Positions along a line of move codes (card id, +32 for a declaring lead)."""
    codes = list(codes)
    assert len(codes) == 3 * bin(pos.hands[0]).count("1"), "line length"
    seen = [pos]
    for n in range(0, len(codes), 3):
        a, b, c = codes[n : n + 3]
        assert b < 32 and c < 32, "only leads may declare"
        pos = play_trick(pos, a % 32, a >= 32, b, c, rules)  # raises if illegal
        seen.append(pos)
    return seen


def _line_from_agrees(solver, profile, tricks, indices):
    rules = RULESETS[profile]
    bad = []
    for i in indices:
        hands, kw, taken = case(profile, tricks, i)
        j, codes = solver.line_from(
            _solver_position(solver, hands, kw, taken), rules=_arg(profile), objective="J"
        )
        best = ref.reference_j(hands, rules=rules, points=taken[0], tricks=taken[1], **kw)
        where = f"{describe(profile, tricks, i, hands, kw)} taken={taken}"
        start = Position(
            tuple(hands),
            kw["declarer"],
            kw["leader"],
            kw["trump"],
            kw["trump_owner"],
            kw["first_trick"],
            tuple(taken[0]),
            tuple(taken[1]),
            (0, 0, 0),
        )
        try:
            seen = _replay_moves(start, codes, rules)
        except (AssertionError, ValueError) as e:
            bad.append(f"{where}: line {codes} cannot be replayed: {e}")
            continue
        end, d = seen[-1], kw["declarer"]
        line_j = _line_j(start, end, rules)
        if not (
            j == best.j == line_j
            and end.points[d] - start.points[d] == best.declarer_added
            and _bolts(end, rules) == (sum(best.bolted[s] for s in range(3) if s != d) - best.bolted[d])
        ):
            bad.append(
                f"{where}: line_from J={j}, its line J={line_j} "
                f"(declarer +{end.points[d] - start.points[d]}, bolts "
                f"{_bolts(end, rules)}), reference {best}"
            )
    return bad


@pytest.mark.parametrize("profile", ["club", "book", "wiki", "house_q", "house_lead"])
def test_line_from_reaches_the_reference_j_optimum(solver, profile):
    bad = _line_from_agrees(solver, profile, 3, range(60)) + _line_from_agrees(solver, profile, 4, range(20))
    assert not bad, "\n".join(bad)


@pytest.mark.verify
@pytest.mark.parametrize("profile", RULESET_NAMES)
def test_card_values_and_lines_in_volume(solver, profile):
    bad = (
        _card_values_agree(solver, profile, 3, range(20_000, 20_300))
        + _card_values_agree(solver, profile, 4, range(20_000, 20_100))
        + _line_from_agrees(solver, profile, 3, range(20_000, 20_600))
        + _line_from_agrees(solver, profile, 4, range(20_000, 20_200))
    )
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:50])


# --------------------------------------------------------------------------
# long endgames and full deals: the bisection reference
# --------------------------------------------------------------------------


def test_bisection_reference_equals_plain_minimax():
    # reference_value_by_bisection (boolean minimax, short-circuit any/all,
    # safe bounds) is the only reference fast enough for full deals; it must
    # equal the unpruned minimax wherever both run.
    for name in ("club", "book", "wiki", "house_q"):
        for i in range(12):
            hands, kw, _ = case(name, 3 + i % 2, 500 + i)
            assert ref.reference_value_by_bisection(hands, rules=RULESETS[name], **kw) == ref.reference_value(
                hands, rules=RULESETS[name], **kw
            ), (name, i)


def test_j_bisection_reference_equals_plain_j():
    for name in ("club", "wiki", "book", "house_lead"):
        for i in range(6):
            hands, kw, taken = case(name, 3 + i % 2, 700 + i)
            plain = ref.reference_j(hands, rules=RULESETS[name], points=taken[0], tricks=taken[1], **kw)
            assert (
                ref.reference_j_by_bisection(
                    hands, rules=RULESETS[name], points=taken[0], tricks=taken[1], **kw
                )
                == plain.j
            )


@pytest.mark.verify
@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_line_six_trick_tail_is_j_optimal(solver, profile):
    for i in range(2000, 2008):
        _check_line(solver, profile, i, ks=(6,))


def _full_agreement(solver, profile, tricks, indices):
    bad = []
    for i in indices:
        if tricks == 8:
            rng = np.random.default_rng([BASE_SEED, 8, RULESET_NAMES.index(profile), i])
            pos = random_position(rng)
            hands, kw = pos.hands, _kwargs(pos)
        else:
            hands, kw, _ = case(profile, tricks, i)
        want = ref.reference_value_by_bisection(hands, rules=RULESETS[profile], **kw)
        got = solver.play_value(hands, rules=_arg(profile), **kw)
        if got != want:
            bad.append(f"{describe(profile, tricks, i, hands, kw)}: play_value={got} reference={want}")
    return bad


@pytest.mark.parametrize("profile", ["club", "book", "wiki"])
def test_play_value_agrees_on_six_trick_endgames(solver, profile):
    bad = _full_agreement(solver, profile, 6, range(4))
    assert not bad, "\n".join(bad)


@pytest.mark.verify
@pytest.mark.parametrize(
    "profile,tricks,n",
    [(p, k, n) for p in RULESET_NAMES for k, n in ((7, 10), (8, 8 if p in ("club", "book", "wiki") else 3))],
)
def test_play_value_agrees_on_full_deals(solver, profile, tricks, n):
    bad = _full_agreement(solver, profile, tricks, range(n))
    assert not bad, "\n".join(bad)
