"""A deal played single-dummy after a blind gift: :func:`play_blind`.

Dark play (RULES.md, "Dark play"; docs/SINGLE_DUMMY.md, section 8): the
first hand takes the widow unshown and gives two of his ten cards face
down without having seen them, then picks up the eight he kept and plays
a fixed contract (no contract choice, no write-off).  So, unlike
:func:`analysis.single_dummy.play_deal`:

- the gift is given, not chosen (no decision 0);
- the declarer knows only his eight cards: the sixteen others, the two he
  gave among them, are unseen, eight to each defender;
- each defender knows his own eight cards (the one received among them):
  the widow was not shown and the other gift passed face down, whatever
  ``rules.widow_shown_at_100`` and ``rules.exchange_face_up`` say of an
  ordinary deal.

The play itself is :func:`analysis.single_dummy.play.play_cards`, the same
PIMC card play as ``play_deal``'s, decision ``k`` (1..24) drawing from
``SeedSequence([seed, k])``: equal arguments give an equal result.
"""

from __future__ import annotations

from ..cards import FULL_DECK
from ..errors import BadArgument
from ..rules import as_rules
from ..solver import deal_masks
from .knowledge import Knowledge, defender_knowledge
from .play import SDResult, _check_int, play_cards

__all__ = ["play_blind"]


def blind_knowledge(hand8: int) -> Knowledge:
    """The blind declarer's knowledge before the first lead.

    Parameters
    ----------
    hand8 : int
        The 8 cards he kept (bit mask), the only ones he has seen.

    Returns
    -------
    Knowledge
        Every other card may be with either defender, eight each.
    """
    unseen = FULL_DECK & ~int(hand8)
    return Knowledge(0, (int(hand8), unseen, unseen), (8, 8, 8))


def play_blind(
    hand,
    widow,
    left,
    right,
    give_left,
    give_right,
    *,
    contract=120,
    rules="club",
    worlds=16,
    seed=0,
    stats=None,
) -> SDResult:
    """Play one deal single-dummy after a blind gift, the declarer leading.

    Parameters
    ----------
    hand, widow, left, right : int
        Bit masks: the declarer's 7 cards, the 3-card widow and the 7 cards
        of his left and right defenders (DESIGN.md, contract 7); disjoint.
    give_left, give_right : int
        The card ids (0..23) he gives unseen to his left and his right: two
        different cards of ``hand | widow``.
    contract : int
        The contract played, recorded in the result (the dark contract,
        :data:`analysis.scoring.DARK_CONTRACT`); the play maximises the
        objective J whatever it is, as every single-dummy deal does.
    rules : str or Rules
    worlds : int
        Layouts drawn for each decision (at least 1).
    seed : int
        Non-negative; decision ``k`` uses ``SeedSequence([seed, k])``.
    stats : ndarray of int64, optional
        ``stats[2]`` is incremented by the solver nodes of the play (the
        layout of :func:`~analysis.single_dummy.play_deal`'s ``stats``).

    Returns
    -------
    SDResult
        ``written_off`` False, the 24 moves played; ``estimates`` and the
        per-world fields are empty (the declarer makes no contract decision).

    Raises
    ------
    ValueError
        On wrong card counts or overlaps, a gift not of his ten cards or the
        same card twice, bad worlds, seed or rules.
    """
    rules = as_rules(rules)
    h, w, lm, rm = deal_masks(hand, widow, left, right)
    ten = h | w
    a, b = (_check_int(g, name, 0) for g, name in ((give_left, "give_left"), (give_right, "give_right")))
    if a == b or a > 23 or b > 23 or not (ten >> a & 1 and ten >> b & 1):
        raise BadArgument(
            "the blind gift must be two different cards of the declarer's ten, "
            f"got {give_left!r}, {give_right!r}"
        )
    worlds = _check_int(worlds, "worlds", 1)
    seed = _check_int(seed, "seed", 0)
    d8 = ten & ~(1 << a) & ~(1 << b)
    hands = [d8, lm | (1 << a), rm | (1 << b)]
    know = [
        blind_knowledge(d8),
        defender_knowledge(1, hands[1], None, None),
        defender_knowledge(2, hands[2], None, None),
    ]
    st = stats[2:3] if stats is not None else None
    pts, ntr, moves = play_cards(hands, know, rules, worlds, seed, stats=st)
    played = (pts[0], pts[1], pts[2], ntr[0], ntr[1], ntr[2])
    return SDResult(a, b, int(contract), False, *played, tuple(moves), ())
