"""Plain random generators of deals, 8-8-8 positions and endgames.

For users' own tests and for the solver's agreement tests: every object is
valid by construction (RULES.md, common core: 7-7-7 with a 3-card widow;
after the exchange 8-8-8; endgames reached by random *legal* play from a
random deal, with random marriage declarations, so the trump, its owner, the
leader and the first-trick flag are realistic).  Reproducible from a
``numpy.random.Generator``.  Hypothesis strategies built on the same
engine are in :mod:`analysis.testing.strategies`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from analysis.testing.play import (
    Position,
    as_rules,
    cards_in,
    follow_moves,
    lead_moves,
    play_trick,
)

__all__ = [
    "deal_from_permutation",
    "random_deal",
    "random_deals",
    "position_after_exchange",
    "random_position",
    "play_out",
    "random_endgame",
]


def deal_from_permutation(perm: Sequence[int]) -> tuple[tuple[int, int, int], int]:
    """Cut a permutation of the 24 cards into three 7-card hands and a widow.

    Parameters
    ----------
    perm : sequence of 24 int
        A permutation of 0..23; cards 0–6 go to seat 0, 7–13 to seat 1,
        14–20 to seat 2 and 21–23 to the widow.

    Returns
    -------
    hands : tuple of 3 int
        Card masks by seat (7 cards each).
    widow : int
        Card mask of the widow (3 cards).

    Raises
    ------
    ValueError
        If ``perm`` is not a permutation of 0..23.

    Examples
    --------
    >>> hands, widow = deal_from_permutation(range(24))
    >>> [bin(h).count("1") for h in hands], bin(widow).count("1")
    ([7, 7, 7], 3)
    """
    perm = [int(c) for c in perm]
    if sorted(perm) != list(range(24)):
        raise ValueError("perm must be a permutation of the 24 card ids 0..23")
    masks = [sum(1 << c for c in perm[7 * i : 7 * i + 7]) for i in range(3)]
    widow = sum(1 << c for c in perm[21:])
    return (masks[0], masks[1], masks[2]), widow


def random_deal(rng: np.random.Generator) -> tuple[tuple[int, int, int], int]:
    """One uniformly random deal: three 7-card hands and a 3-card widow.

    Returns
    -------
    hands : tuple of 3 int
        Card masks by seat.
    widow : int
        Card mask.
    """
    return deal_from_permutation(rng.permutation(24))


def random_deals(n: int, rng: np.random.Generator) -> np.ndarray:
    """Uniformly random deals as an array.

    Parameters
    ----------
    n : int
        Number of deals, at least 0.
    rng : numpy.random.Generator

    Returns
    -------
    ndarray of shape (n, 4), uint32
        Columns hand0, hand1, hand2 (7 cards each) and widow (3 cards),
        disjoint masks covering the deck.

    Raises
    ------
    ValueError
        If ``n`` is negative.

    Examples
    --------
    >>> d = random_deals(2, np.random.default_rng(0))
    >>> d.shape, d.dtype.name, bool((d[:, 0] | d[:, 1] | d[:, 2] | d[:, 3] == 0xFFFFFF).all())
    ((2, 4), 'uint32', True)
    """
    if n < 0:
        raise ValueError(f"n must not be negative, got {n}")
    perms = rng.permuted(np.tile(np.arange(24), (n, 1)), axis=1)
    owner = np.repeat(np.arange(4), (7, 7, 7, 3))
    out = np.zeros((n, 4), dtype=np.uint32)
    bits = np.left_shift(np.uint32(1), perms.astype(np.uint32))
    for col in range(4):
        out[:, col] = np.bitwise_or.reduce(bits[:, owner == col], axis=1)
    return out


def position_after_exchange(hands, widow: int, declarer: int, give_left: int, give_right: int) -> Position:
    """The 8-8-8 position after the declarer takes the widow and gives two cards.

    Parameters
    ----------
    hands : sequence of 3 int
        7-card masks by seat.
    widow : int
        3-card mask.
    declarer : int
        Seat 0..2; he leads the first trick.
    give_left, give_right : int
        Card ids from the declarer's 10 cards given to seat ``declarer + 1``
        and ``declarer + 2`` (mod 3).

    Returns
    -------
    Position
        First trick, no trump, nothing taken yet.

    Raises
    ------
    ValueError
        If the gifts are not two distinct cards of the declarer's 10.
    """
    hs = [int(h) for h in hands]
    ten = hs[declarer] | int(widow)
    if give_left == give_right or not (ten >> give_left & 1 and ten >> give_right & 1):
        raise ValueError(
            "give_left and give_right must be two distinct cards of the declarer's hand plus widow"
        )
    hs[declarer] = ten & ~(1 << give_left) & ~(1 << give_right)
    hs[(declarer + 1) % 3] |= 1 << give_left
    hs[(declarer + 2) % 3] |= 1 << give_right
    return Position(tuple(hs), declarer, declarer, None, None, True)


def random_position(rng: np.random.Generator, declarer: int | None = None) -> Position:
    """A random 8-8-8 position: a random deal, a random declarer, a random gift.

    Parameters
    ----------
    rng : numpy.random.Generator
    declarer : int, optional
        Seat 0..2; random when None.

    Returns
    -------
    Position
        Before the first lead (``first_trick`` True, no trump).
    """
    hands, widow = random_deal(rng)
    if declarer is None:
        declarer = int(rng.integers(3))
    ten = cards_in(hands[declarer] | widow)
    gl, gr = rng.choice(ten, size=2, replace=False)
    return position_after_exchange(hands, widow, declarer, int(gl), int(gr))


def play_out(pos: Position, n_tricks: int, rules, choose: Callable[[list], object]) -> Position:
    """Play ``n_tricks`` tricks, every move picked by ``choose`` among legal ones.

    Parameters
    ----------
    pos : Position
    n_tricks : int
        Tricks to play, at most the cards left in a hand.
    rules : Rules
        Not resolved here (the callers have done it once).
    choose : callable
        ``choose(options) -> option`` for a non-empty list: leads are
        ``(card, declared)`` pairs (see :func:`analysis.testing.play.lead_moves`),
        follows are card ids.

    Returns
    -------
    Position

    Raises
    ------
    ValueError
        If ``n_tricks`` exceeds the cards left.
    """
    if n_tricks > bin(pos.hands[0]).count("1"):
        raise ValueError(f"cannot play {n_tricks} tricks from this position")
    for _ in range(n_tricks):
        ld = pos.leader
        lead, declared = choose(
            lead_moves(pos.hands[ld], ld, pos.trump, pos.trump_owner, pos.first_trick, rules)
        )
        trump = lead // 6 if declared else pos.trump
        second = choose(follow_moves(pos.hands[(ld + 1) % 3], lead // 6, trump))
        third = choose(follow_moves(pos.hands[(ld + 2) % 3], lead // 6, trump))
        pos = play_trick(pos, lead, declared, second, third, rules)
    return pos


def _rng_chooser(rng: np.random.Generator, declare_prob: float):
    def choose(options):
        if isinstance(options[0], tuple):  # a lead
            declaring = [o for o in options if o[1]]
            if declaring and rng.random() < declare_prob:
                return declaring[int(rng.integers(len(declaring)))]
            cards = sorted({c for c, _ in options})
            c = cards[int(rng.integers(len(cards)))]
            plain = [o for o in options if o[0] == c and not o[1]]
            return plain[0] if plain else (c, True)
        return options[int(rng.integers(len(options)))]

    return choose


def random_endgame(
    rng: np.random.Generator,
    tricks: int,
    rules="club",
    declare_prob: float = 0.5,
    declarer: int | None = None,
) -> Position:
    """A ``tricks``-trick endgame reached by random legal play from a random deal.

    A random 8-8-8 position (:func:`random_position`) is played out for
    ``8 - tricks`` tricks: a leader who can declare a marriage does so with
    probability ``declare_prob`` (one of his declaring leads, uniformly);
    otherwise he leads a legal card chosen uniformly, undeclared (declared
    only when that is its one legal form).  Each follower picks a legal
    card uniformly.  The play conventions of ``rules`` apply.

    Parameters
    ----------
    rng : numpy.random.Generator
    tricks : int
        Tricks left, 1..8 (8 gives the position before the first lead).
    rules : str or Rules
    declare_prob : float
        Probability of declaring when the leader can.
    declarer : int, optional
        Seat 0..2; random when None.

    Returns
    -------
    Position
        Each hand holds ``tricks`` cards; ``points``, ``tricks`` and
        ``marriages`` record the deal so far.

    Raises
    ------
    ValueError
        If ``tricks`` is not in 1..8 or ``rules`` is unknown.

    Examples
    --------
    >>> p = random_endgame(np.random.default_rng(1), 3, "wiki")
    >>> [bin(h).count("1") for h in p.hands], sum(p.tricks)
    ([3, 3, 3], 5)
    """
    if not 1 <= tricks <= 8:
        raise ValueError(f"tricks must be 1..8, got {tricks}")
    rules = as_rules(rules)
    pos = random_position(rng, declarer)
    return play_out(pos, 8 - tricks, rules, _rng_chooser(rng, declare_prob))
