"""Card encoding, parsing and formatting (DESIGN.md, contract 1).

A card is an integer 0..23 equal to ``6 * suit + rank`` with suits
♠=0 ♣=1 ♦=2 ♥=3 and ranks 9=0 J=1 Q=2 K=3 10=4 A=5.  A set of cards (a
hand, the widow, a trick pile) is a ``uint32`` bit mask with bit ``card``
set.

Parsing accepts symbols (``"A♥ 10♥ K♠ Q♠"``), ASCII (``"AH TH KS QS"``,
``"ah 10h"``) and Russian rank letters with suit symbols
(``"Т♥ К♥ Д♠ В♠"``).  Beware: the Latin ``T`` is the **ten** (as in
bridge) while the Cyrillic ``Т`` is the **ace** (туз); the two letters look
alike, and a token mixing Latin and Cyrillic letters is refused.
"""

from __future__ import annotations

import numpy as np

from .errors import BadArgument

__all__ = [
    "SUIT_SYMBOLS",
    "CARD_POINTS",
    "MARRIAGE_VALUES",
    "FULL_DECK",
    "KQ_MASKS",
    "ALL_MARRIAGES",
    "parse",
    "parse_cards",
    "format",
    "cards_of",
    "popcount",
    "card_points",
    "marriage_suits",
    "marriage_points",
    "count_rank",
    "check_parts",
    "KING",
    "QUEEN",
    "TEN",
    "ACE",
    "card_name",
]

N_CARDS = 24
RANKS = ("9", "J", "Q", "K", "10", "A")
SUIT_SYMBOLS = ("♠", "♣", "♦", "♥")
#: Card points by rank index (9, J, Q, K, 10, A): 30 per suit, 120 in all.
RANK_POINTS = np.array([0, 2, 3, 4, 10, 11], dtype=np.int64)
#: Card points by card id, ndarray of shape (24,), int64.
CARD_POINTS = np.tile(RANK_POINTS, 4)
#: Marriage value by suit (♠ 40, ♣ 60, ♦ 80, ♥ 100); RULES.md, common core.
MARRIAGE_VALUES = np.array([40, 60, 80, 100], dtype=np.int64)
FULL_DECK = (1 << N_CARDS) - 1
#: King and queen of each suit (a marriage) as a card mask, by suit.
KQ_MASKS = tuple((1 << (6 * s + 2)) | (1 << (6 * s + 3)) for s in range(4))
#: Every king and queen: the four marriages.
ALL_MARRIAGES = sum(KQ_MASKS)

NINE, JACK, QUEEN, KING, TEN, ACE = range(6)

_SUIT_BY_CHAR = {
    "♠": 0,
    "♤": 0,
    "s": 0,
    "♣": 1,
    "♧": 1,
    "c": 1,
    "♦": 2,
    "♢": 2,
    "d": 2,
    "♥": 3,
    "♡": 3,
    "h": 3,
}
_LATIN_RANKS = {"9": NINE, "j": JACK, "q": QUEEN, "k": KING, "10": TEN, "t": TEN, "a": ACE}
_CYRILLIC_RANKS = {"9": NINE, "в": JACK, "д": QUEEN, "к": KING, "10": TEN, "т": ACE}


def _is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


def _parse_token(tok: str) -> int:
    # phones and messengers paste ♥ as ♥ + VARIATION SELECTOR-16 (emoji style)
    tok = tok.replace("\ufe0f", "").replace("\ufe0e", "")
    if not tok:
        raise BadArgument("empty card token")
    suit_ch = tok[-1].lower()
    if suit_ch not in _SUIT_BY_CHAR:
        if len(tok) == 1 or tok.lower() in _LATIN_RANKS or tok.lower() in _CYRILLIC_RANKS:
            raise BadArgument(f"bad card token {tok!r}: missing suit (♠ ♣ ♦ ♥ or s c d h)")
        what = ", a Cyrillic letter" if _is_cyrillic(tok[-1]) else ""
        raise BadArgument(
            f"bad card token {tok!r}: unknown suit {tok[-1]!r} "
            f"(U+{ord(tok[-1]):04X}{what}; suits are ♠ ♣ ♦ ♥ or s c d h)"
        )
    rank_txt = tok[:-1].lower()
    if any(ch in _SUIT_BY_CHAR for ch in rank_txt if not ch.isalnum()):
        raise BadArgument(f"bad card token {tok!r}: more than one suit symbol")
    letters = [ch for ch in tok if ch.isalpha()]
    cyr = [ch for ch in letters if _is_cyrillic(ch)]
    if cyr and len(cyr) != len(letters):
        raise BadArgument(
            f"bad card token {tok!r}: mixes Latin and Cyrillic letters "
            "(Latin T is the ten, Cyrillic Т is the ace)"
        )
    if cyr:
        if suit_ch.isalpha():
            raise BadArgument(f"bad card token {tok!r}: Cyrillic ranks take suit symbols")
        table = _CYRILLIC_RANKS
    else:
        table = _LATIN_RANKS
    if not rank_txt:
        raise BadArgument(f"bad card token {tok!r}: missing rank (9 J Q K 10 A)")
    if rank_txt not in table:
        hint = " (a Cyrillic letter; Russian ranks are Т К Д В, Cyrillic Т is the ace)" if cyr else ""
        raise BadArgument(f"bad card token {tok!r}: unknown rank {tok[:-1]!r}{hint}")
    return 6 * _SUIT_BY_CHAR[suit_ch] + table[rank_txt]


def parse_cards(text: str) -> list[int]:
    """Parse a card string into a list of card ids, in the order given.

    Tokens are separated by white space or commas.  See :func:`parse`.

    Raises
    ------
    ValueError
        Naming the bad token, or the card given twice.
    """
    if not isinstance(text, str):
        raise BadArgument(f"expected a card string, got {type(text).__name__}")
    out: list[int] = []
    seen = 0
    for tok in text.replace(",", " ").split():
        c = _parse_token(tok)
        if seen >> c & 1:
            raise BadArgument(f"card {tok!r} given twice in {text!r}")
        seen |= 1 << c
        out.append(c)
    return out


def parse(text: str) -> int:
    """Parse a card string into a bit mask.

    Parameters
    ----------
    text : str
        White-space separated tokens, rank then suit: ``"A♥ 10♥ K♠ Q♠"``,
        ``"AH TH KS QS"``, ``"ah 10h"``, ``"Т♥ 10♥ К♠ Д♠"``.  Ranks 9, J,
        Q, K, 10 (or Latin ``T``), A; Russian В, Д, К, Т (Cyrillic ``Т`` is
        the **ace**) with suit symbols only.  Suits ♠ ♣ ♦ ♥ or Latin
        s c d h.  Case does not matter.

    Returns
    -------
    int
        Bit mask (fits in uint32) with bit ``6 * suit + rank`` set per card.

    Raises
    ------
    ValueError
        On an unknown token (named in the message), a token mixing Latin
        and Cyrillic letters, or a card given twice.

    Examples
    --------
    >>> parse("9♠ J♠") == 0b11
    True
    >>> format(parse("th ah ks qs"))
    'A♥ 10♥ K♠ Q♠'
    """
    mask = 0
    for c in parse_cards(text):
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """Card ids in a mask, high suits first, high ranks first."""
    mask = int(mask)
    if mask < 0 or mask >> N_CARDS:
        raise BadArgument(f"not a card mask: {mask:#x}")
    return [6 * s + r for s in range(3, -1, -1) for r in range(5, -1, -1) if mask >> (6 * s + r) & 1]


def check_parts(parts) -> None:
    """Check named card masks: each holds its number of cards, no card twice.

    Parameters
    ----------
    parts : sequence of (str, int, int)
        ``(name, mask, count)``, e.g. ``("hand0", m, 7), ("widow", w, 3)``.

    Raises
    ------
    ValueError
        ``"<name> must hold <count> cards, got <k>: <cards>"`` or
        ``"<name> and <name> share <cards>"``, naming the first fault.
    """
    for i, (name, m, n) in enumerate(parts):
        k = bin(m).count("1")
        if k != n:
            raise BadArgument(f"{name} must hold {n} cards, got {k}: {format(m) or 'none'}")
        for name2, m2, _ in parts[:i]:
            if m & m2:
                raise BadArgument(f"{name2} and {name} share {format(m & m2)}")


def card_name(c: int) -> str:
    """Name of one card id, e.g. ``'10♥'``."""
    return RANKS[c % 6] + SUIT_SYMBOLS[c // 6]


def format(mask: int) -> str:  # noqa: A001 - contract name
    """Format a mask as ``"A♥ 10♥ K♠ Q♠"``: high suits first, high ranks first.

    Raises
    ------
    ValueError
        If ``mask`` has bits above the 24 cards.
    """
    return " ".join(card_name(c) for c in cards_of(mask))


# --- vectorized features -------------------------------------------------


def _byte_tables():
    tabs = np.zeros((3, 256), dtype=np.int64)
    for b in range(3):
        for v in range(256):
            tabs[b, v] = sum(CARD_POINTS[8 * b + i] for i in range(8) if v >> i & 1)
    return tabs


_POINT_TABLES = _byte_tables()
_POPCOUNT8 = np.array([bin(v).count("1") for v in range(256)], dtype=np.int64)
_POPCOUNT_TABLES = np.stack([_POPCOUNT8] * 3)


def _sum_by_bytes(tables: np.ndarray, masks):
    """Sum ``tables[b][byte b of mask]`` over the three bytes of each mask."""
    m = np.asarray(masks, dtype=np.uint32)
    out = tables[0, m & 0xFF] + tables[1, (m >> 8) & 0xFF] + tables[2, (m >> 16) & 0xFF]
    return int(out) if out.ndim == 0 else out


def popcount(masks):
    """Number of cards in each mask.

    Parameters
    ----------
    masks : int or ndarray of uint32 masks, any shape

    Returns
    -------
    int or ndarray of the same shape, int64
    """
    return _sum_by_bytes(_POPCOUNT_TABLES, masks)


def card_points(masks):
    """Card points held in each mask.

    Parameters
    ----------
    masks : int or ndarray of uint32 masks, any shape

    Returns
    -------
    int or ndarray of the same shape, int64
        Card points, 0–120 (9=0, J=2, Q=3, K=4, 10=10, A=11; RULES.md,
        common core); marriages are not counted.
    """
    return _sum_by_bytes(_POINT_TABLES, masks)


def marriage_suits(masks):
    """Suits in which a mask holds both K and Q, as a 4-bit mask.

    Parameters
    ----------
    masks : int or ndarray of uint32 masks, any shape

    Returns
    -------
    int or ndarray of the same shape, int64
        Bit ``s`` set when K and Q of suit ``s`` (♠=0 ♣=1 ♦=2 ♥=3) are held.
    """
    m = np.asarray(masks, dtype=np.int64)
    out = np.zeros(m.shape, dtype=np.int64)
    for s in range(4):
        both = (m >> (6 * s + QUEEN)) & (m >> (6 * s + KING)) & 1
        out |= both << s
    return int(out) if out.ndim == 0 else out


def marriage_points(masks):
    """Total value of the marriages held in each mask.

    Returns
    -------
    int or ndarray of the same shape, int64
        Sum of 40 (♠), 60 (♣), 80 (♦), 100 (♥) over held K+Q pairs, 0–280.
    """
    suits = np.asarray(marriage_suits(masks), dtype=np.int64)
    out = np.zeros(suits.shape, dtype=np.int64)
    for s in range(4):
        out += ((suits >> s) & 1) * MARRIAGE_VALUES[s]
    return int(out) if out.ndim == 0 else out


def count_rank(masks, rank: int):
    """Number of cards of one rank (0..5 for 9, J, Q, K, 10, A) in each mask."""
    m = np.asarray(masks, dtype=np.int64)
    out = np.zeros(m.shape, dtype=np.int64)
    for s in range(4):
        out += (m >> (6 * s + rank)) & 1
    return int(out) if out.ndim == 0 else out
