"""The rules of play in plain Python, one trick at a time.

A slow, literal statement of how a trick is played (RULES.md, common core
"Play" and "Marriage", and the play-convention rows of "Conventions that
differ"), for test generators and reference searches.  It is deliberately
independent of the numba solver in :mod:`analysis.solver`.

Positions sit at a trick boundary and are described by a :class:`Position`
(hands by seat as card masks, declarer, leader, trump, trump owner, the
first-trick flag and what each seat has taken so far in the deal).
"""

from __future__ import annotations

from typing import NamedTuple

from analysis.rules import Rules, as_rules  # noqa: F401  (as_rules: re-exported)

__all__ = [
    "Position",
    "CARD_POINTS",
    "MARRIAGE_VALUES",
    "cards_in",
    "lead_moves",
    "follow_moves",
    "trick_winner",
    "play_trick",
    "as_rules",
]

#: Card points by card id (9, J, Q, K, 10, A = 0, 2, 3, 4, 10, 11 per suit).
CARD_POINTS = (0, 2, 3, 4, 10, 11) * 4
#: Marriage value by suit ♠ ♣ ♦ ♥ (RULES.md, common core).
MARRIAGE_VALUES = (40, 60, 80, 100)
_QUEEN, _KING = 2, 3


class Position(NamedTuple):
    """A position at a trick boundary, with the deal's history so far.

    Attributes
    ----------
    hands : tuple of 3 int
        Card masks (bit ``6 * suit + rank``) indexed by seat, equal counts.
    declarer : int
        Seat 0..2 of the declarer.
    leader : int
        Seat 0..2 that leads the next trick.
    trump : int or None
        Current trump suit 0..3 (♠ ♣ ♦ ♥), None before the first marriage.
    trump_owner : int or None
        Seat that declared the current trump, None when there is none.
    first_trick : bool
        The next trick is the deal's first (marriages barred unless
        ``rules.first_trick_marriage``).
    points : tuple of 3 int
        Raw points taken so far by each seat: card points of won tricks plus
        own declared marriages.
    tricks : tuple of 3 int
        Tricks won so far by each seat.
    marriages : tuple of 3 int
        Marriage points declared so far by each seat (included in ``points``).
    """

    hands: tuple
    declarer: int = 0
    leader: int = 0
    trump: int | None = None
    trump_owner: int | None = None
    first_trick: bool = False
    points: tuple = (0, 0, 0)
    tricks: tuple = (0, 0, 0)
    marriages: tuple = (0, 0, 0)


def cards_in(mask: int) -> list[int]:
    """Card ids in a mask, ascending (low suits first, low ranks first)."""
    return [c for c in range(24) if mask >> c & 1]


def suit(c: int) -> int:
    """Suit 0..3 of card id ``c``."""
    return c // 6


def mask_points(mask: int) -> int:
    """Card points in a mask (0–120)."""
    return sum(CARD_POINTS[c] for c in cards_in(mask))


def _suit_cards(mask: int, s: int) -> list[int]:
    return [c for c in cards_in(mask) if c // 6 == s]


def lead_moves(
    hand: int, seat: int, trump, trump_owner, first_trick: bool, rules: Rules
) -> list[tuple[int, bool]]:
    """Every legal lead as ``(card, declared)``.

    A marriage lead (RULES.md, common core "Marriage"): the K (or Q; Q only
    when ``rules.marriage_lead == 'Q'``) of a suit whose other half the
    leader also holds may be led declared or undeclared, two moves; not on
    the first trick unless ``rules.first_trick_marriage``.  With
    ``rules.trump_lead_owner_only`` (wiki) an undeclared trump may be led
    only by ``trump_owner`` or by a player holding nothing but trumps; a
    declared marriage lead is always legal (the declaration makes its
    declarer the owner of the new trump at once, RULES.md †).

    Parameters
    ----------
    hand : int
        The leader's card mask, not empty.
    seat : int
        The leader's seat.
    trump, trump_owner : int or None
        Current trump suit and the seat that declared it.
    first_trick : bool
        This is the deal's first trick.
    rules : Rules

    Returns
    -------
    list of (int, bool)
        Card id and whether the lead declares a marriage, cards ascending,
        the undeclared lead before the declared one.
    """
    cards = cards_in(hand)
    only_trumps = trump is not None and all(c // 6 == trump for c in cards)
    ranks = (_QUEEN,) if rules.marriage_lead == "Q" else (_QUEEN, _KING)
    moves = []
    for c in cards:
        s, r = divmod(c, 6)
        restricted = (
            rules.trump_lead_owner_only
            and trump is not None
            and s == trump
            and seat != trump_owner
            and not only_trumps
        )
        if not restricted:
            moves.append((c, False))
        other = 6 * s + (_KING if r == _QUEEN else _QUEEN)
        if r in ranks and hand >> other & 1 and (not first_trick or rules.first_trick_marriage):
            moves.append((c, True))
    return moves


def follow_moves(hand: int, led_suit: int, trump) -> list[int]:
    """Every legal card for a follower (RULES.md, common core "Play").

    Follow suit if possible; else, when a trump is set and the hand holds
    trumps, play a trump; else any card.  There is no obligation to beat.

    Parameters
    ----------
    hand : int
        The follower's card mask, not empty.
    led_suit : int
        Suit of the card led.
    trump : int or None
        Trump in force for this trick (after any declaration on the lead).

    Returns
    -------
    list of int
        Card ids, ascending.
    """
    same = _suit_cards(hand, led_suit)
    if same:
        return same
    if trump is not None:
        trumps = _suit_cards(hand, trump)
        if trumps:
            return trumps
    return cards_in(hand)


def trick_winner(plays, trump) -> int:
    """Seat winning a trick.

    Parameters
    ----------
    plays : sequence of (seat, card)
        The three plays in order, the lead first.
    trump : int or None
        Trump in force for this trick.

    Returns
    -------
    int
        The seat of the highest trump, else of the highest card of the suit
        led (9 < J < Q < K < 10 < A, i.e. the higher card id within a suit).
    """
    best_seat, best_card = plays[0]
    for seat, c in plays[1:]:
        bs = best_card // 6
        if c // 6 == bs and c > best_card:
            best_seat, best_card = seat, c
        elif trump is not None and c // 6 == trump and bs != trump:
            best_seat, best_card = seat, c
    return best_seat


def play_trick(pos: Position, lead: int, declared: bool, second: int, third: int, rules: Rules) -> Position:
    """Play one trick and return the next position.

    Parameters
    ----------
    pos : Position
    lead : int
        Card led by ``pos.leader``.
    declared : bool
        The lead declares a marriage.
    second, third : int
        Cards of the next two seats clockwise.
    rules : Rules

    Returns
    -------
    Position
        With the cards removed, the winner leading, trump and owner updated,
        and the winner's points and tricks (and the declarer of a marriage's
        points and marriages) increased.

    Raises
    ------
    ValueError
        If a move is illegal.
    """
    ld = pos.leader
    s1, s2 = (ld + 1) % 3, (ld + 2) % 3
    if (lead, declared) not in lead_moves(
        pos.hands[ld], ld, pos.trump, pos.trump_owner, pos.first_trick, rules
    ):
        raise ValueError(f"illegal lead {lead} (declared={declared}) by seat {ld}")
    trump, owner = pos.trump, pos.trump_owner
    points, marriages = list(pos.points), list(pos.marriages)
    if declared:
        trump, owner = lead // 6, ld
        points[ld] += MARRIAGE_VALUES[trump]
        marriages[ld] += MARRIAGE_VALUES[trump]
    if second not in follow_moves(pos.hands[s1], lead // 6, trump):
        raise ValueError(f"illegal card {second} by seat {s1}")
    if third not in follow_moves(pos.hands[s2], lead // 6, trump):
        raise ValueError(f"illegal card {third} by seat {s2}")
    win = trick_winner(((ld, lead), (s1, second), (s2, third)), trump)
    hands = list(pos.hands)
    hands[ld] &= ~(1 << lead)
    hands[s1] &= ~(1 << second)
    hands[s2] &= ~(1 << third)
    points[win] += CARD_POINTS[lead] + CARD_POINTS[second] + CARD_POINTS[third]
    tricks = list(pos.tricks)
    tricks[win] += 1
    return Position(
        tuple(hands), pos.declarer, win, trump, owner, False, tuple(points), tuple(tricks), tuple(marriages)
    )
