"""Convention fields and their values in the words a player uses (RULES.md).

A field name such as ``write_off_limit`` and a value such as ``3`` are the
``--set`` vocabulary; a reader of a table or a page reads "write-offs per
player and game: no limit, each costs the contract → at most 3, each
free".  :func:`change_words` says one field's change so; the conventions
page labels its variants with it and ``thousand compare`` names what a
rule set changes with it.  A field without words here reads as its name
with spaces and its value as ``--set`` spells it.

Examples
--------
>>> change_words("write_off_limit", 0, 3)
'write-offs per player and game: no limit, each costs the contract → at most 3, each free'
>>> change_words("redeal_after_four_jacks", False, True)
'redeal for four jacks after the exchange: no → yes'
"""

from __future__ import annotations

import re

from .describe import spell_value

__all__ = ["FIELD_WORDS", "field_words", "value_words", "change_words"]

_NO_YES = {False: "no", True: "yes"}
_ALLOWED = {False: "not allowed", True: "allowed"}


def _points(v) -> str:
    return f"{v} points"


def _off_or(words: str, off: str = "none"):
    """Values where 0 is off and any other number fills ``words`` (``{v}``)."""
    return lambda v: off if v == 0 else words.format(v=v)


#: Per field: (what it is, its values) in a player's words; the values a
#: dict of value -> words or a function of the value.
FIELD_WORDS: dict = {
    # bidding
    "opening_bid_exact": ("the first hand's opening bid", {True: "exactly 100", False: "100 or more"}),
    "raise_exact": ("each raise", {True: "exactly one step", False: "any multiple of the step"}),
    "no_jump_over_120": ("a raise jumping over 120", {True: "not allowed", False: "allowed"}),
    "raise_step": ("the smallest raise", _points),
    "minus_bidding": (
        "bidding in the minus",
        _off_or("nobody raises while some but not all players are at {v} or below", "as usual"),
    ),
    "barrel_bidding": (
        "a barrel sitter's bid",
        {"open": "may be outbid", "yield": "takes the widow unopposed at the contract he needs"},
    ),
    # write-off
    "write_off_stage": (
        "the declarer may write off",
        {"before_exchange": "before the exchange", "before_lead": "up to the first lead"},
    ),
    "write_off_payment": (
        "a write-off pays each opponent",
        {
            "half": "half the contract",
            "half_round5": "half the contract, rounded to 5",
            "fixed": "a fixed sum",
        },
    ),
    "write_off_fixed": ("the fixed write-off payment", _off_or("{v} points to each opponent")),
    "write_off_fixed_four": (
        "the fixed write-off payment at four players",
        _off_or("{v} points to each of the three others", "as at three"),
    ),
    "write_off_on_barrel": ("a write-off by a barrel sitter", _ALLOWED),
    "write_off_banned": ("write-offs", {False: "allowed", True: "not allowed: every contract is played"}),
    "write_off_no_barrel": (
        "write-offs while anyone sits on the barrel",
        {False: "allowed", True: "not allowed"},
    ),
    "write_off_limit": (
        "write-offs per player and game",
        _off_or("at most {v}, each free", "no limit, each costs the contract"),
    ),
    "write_off_fine": (
        "an extra fine for write-offs",
        {"none": "none", "third": "on a player's third", "every_third": "on every third"},
    ),
    "write_off_fine_points": ("the write-off fine", _off_or("{v} points", "the contract written off")),
    "crossing": (
        "crossing («крещусь»: a free give-up, a bolt to each opponent)",
        {
            "none": "not played",
            "allowed": "allowed",
            "not_on_barrel": "allowed, not while anyone sits on the barrel",
        },
    ),
    # scoring
    "double_penalty_off_first_hand": (
        "a failed contract costs",
        {False: "the contract", True: "twice the contract, but once for the first hand"},
    ),
    "round_defenders": ("the defenders' points", {True: "rounded to 5", False: "as taken"}),
    "round_declarer": ("the declarer's points", {True: "rounded to 5", False: "as taken"}),
    # bolts
    "bolt_window": (
        "bolts toward the penalty",
        {"cumulative": "counted over the game", "streak": "counted in a row only"},
    ),
    "barrel_defence_points": ("a barrel sitter's defence points", {False: "not scored", True: "scored"}),
    "barrel_bolts": ("bolts for a barrel sitter", {False: "none", True: "counted"}),
    # the table
    "reset_555": (
        "a score of exactly 555 (or the agreed reset score)",
        {"none": "stays", "positive": "goes to 0 if positive", "both": "goes to 0, positive or negative"},
    ),
    "reset_at": ("the reset score", _points),
    "target": ("the game is won at", _points),
    "barrel_threshold": ("the barrel at", _points),
    "barrel_fall_penalty": ("falling off the barrel costs", _points),
    "barrel_seats": ("players on the barrel at once", str),
    "knock_off_penalty": ("knocked off the barrel costs", _points),
    "reverse_barrel": ("the reverse barrel («обратная бочка»)", _off_or("falling back to {v}")),
    "barrel_third_fall_zero": (
        "a third fall off the barrel",
        {True: "sets the score to 0", False: "costs the fall penalty only"},
    ),
    "four_marriages_win": ("all four marriages after the exchange", {False: "no win", True: "win the game"}),
    # redeals
    "redeal_claim": ("a redeal", {"forced": "forced", "claimable": "on a player's claim"}),
    "redeal_claimer": ("who may claim a redeal", {"any": "any player", "first_hand": "the first hand"}),
    "bad_deal_fine": ("the dealer's fine for a third redeal in a row", _off_or("{v} points")),
    "redeal_four_nines": ("redeal for four 9s in a dealt hand", _NO_YES),
    "redeal_hand_under": ("redeal for a weak dealt hand", _off_or("under {v} card points", "no")),
    "redeal_four_jacks": ("redeal for four jacks in a dealt hand", _NO_YES),
    "redeal_widow_under": ("redeal for a poor widow", _off_or("under {v} card points", "no")),
    "redeal_widow_two_nines": ("redeal for two 9s in the widow", _NO_YES),
    "redeal_after_four_nines": ("redeal for four 9s after the exchange", _NO_YES),
    "redeal_after_four_jacks": ("redeal for four jacks after the exchange", _NO_YES),
    "redeal_after_hand_under": (
        "redeal for a weak hand after the exchange",
        _off_or("under {v} card points", "no"),
    ),
    # dark play, the resting dealer
    "dark_play": (
        "dark play (bidding unseen)",
        {"none": "not played", "book": "book's (240)", "wiki": "wiki's (120, cards and widow unseen)"},
    ),
    "rest_round": ("the resting dealer's widow points", {False: "as counted", True: "rounded to 5"}),
    "rest_marriage": (
        "a marriage in the widow, for the resting dealer",
        {"none": "not counted", "whole": "counted", "half": "counted, half for a lone K or Q"},
    ),
}


def _minus(text: str) -> str:
    """A leading minus as the pages print it (U+2212), not a hyphen."""
    return re.sub(r"(?<![\w.])-(?=\d)", "\u2212", text)


def field_words(field: str) -> str:
    """What a convention field is, in words (its name with spaces if none are given).

    Examples
    --------
    >>> field_words("barrel_seats"), field_words("exchange_face_up")
    ('players on the barrel at once', 'exchange face up')
    """
    return FIELD_WORDS[field][0] if field in FIELD_WORDS else field.replace("_", " ")


def value_words(field: str, value) -> str:
    """A value of a convention field, in words.

    Parameters
    ----------
    field : str
    value : bool, int or str
        As the ``Rules`` field holds it.

    Returns
    -------
    str
        The words :data:`FIELD_WORDS` gives, else the value as ``--set``
        spells it with spaces for underscores; a negative number takes
        the minus sign U+2212.

    Examples
    --------
    >>> value_words("minus_bidding", -120)
    'nobody raises while some but not all players are at −120 or below'
    >>> value_words("redeal_four_jacks", True), value_words("crossing", "none")
    ('yes', 'not played')
    """
    words = FIELD_WORDS.get(field, (None, None))[1]
    if isinstance(words, dict) and value in words and type(value) is type(next(iter(words))):
        text = words[value]
    elif callable(words):
        text = words(value)
    else:
        text = spell_value(value).replace("_", " ")
    return _minus(text)


def change_words(field: str, old, new) -> str:
    """One field's change, in words: ``"<field>: <old> → <new>"``.

    Parameters
    ----------
    field : str
    old, new
        The field's values before and after (``old`` None: only the new one is said).

    Examples
    --------
    >>> change_words("barrel_seats", 2, 1)
    'players on the barrel at once: 2 → 1'
    >>> change_words("minus_bidding", 0, -120)
    'bidding in the minus: as usual → nobody raises while some but not all players are at −120 or below'
    """
    if old is None:
        return f"{field_words(field)}: {value_words(field, new)}"
    return f"{field_words(field)}: {value_words(field, old)} → {value_words(field, new)}"
