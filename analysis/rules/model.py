"""The ``Rules`` object: one field per convention of RULES.md, five profiles.

Profiles (RULES.md, table of profiles; seed texts in ``shared/seeds/``):

``club`` (default, seed 000)
    modern club rules, fully specified, two may sit on the barrel.
``classic`` (seed 001)
    online-server rules, one barrel seat, 555 reset.
``book`` (seed 002)
    "Тысяча с бочкой": barrel at 900, write-off pays 40 each, double penalty.
``ua`` (seed 003)
    Ukrainian "Тисяча" base rules: no rounding, write-off pays 60.
``wiki`` (seed 004)
    the encyclopedia's main rules: target 1001, only the trump's declarer
    leads trumps.

House variants are made with :func:`dataclasses.replace` or
:meth:`Rules.with_changes` (which accepts ``"field=value"`` strings as the
command line's ``--set`` does); every construction is validated.

Identity.  A rules object is a profile plus the conventions it changes.
Its :attr:`Rules.name` is derived from those (``club+barrel_seats=1``)
unless the user gave a ``label``, which is free text and never checked
against the values.  What identifies rules is :meth:`Rules.fingerprint`, a
hash of the conventions alone: two objects with the same conventions are
equal (``==``) and have the same fingerprint whatever their labels, and
datasets compare their conventions, never their names.

One convention row of RULES.md is deliberately *not* a field: whether the
exchange cards are passed face up or down.  The toolkit's analyses are
double-dummy (every player sees every card), so that row cannot change any
number the toolkit computes; a field for it would be decorative.  Nor is
"write-off payment to an opponent sitting on the barrel" (none in every
profile, † the seeds are silent): a sitter's score is capped at the
threshold after the deal, so a payment could never change it.

Resolution.  A rules *name* (a profile or a ``.json`` file) is turned into a
``Rules`` once, at the edge: the command line (:func:`load_rules`, which
also applies ``--set``), a notebook, or a public entry point such as
``play_value(..., rules="club")`` or ``hand_odds``, which calls
:func:`as_rules` -- the one resolver -- on its first line.  Everything below
an entry point takes a ``Rules`` object and never resolves again.

Layout of :mod:`analysis.rules`: the fields and the profiles are here
(``model``); the profiles' values are the table
:data:`analysis.rules.profiles.PROFILE_CHANGES`; the checks are
:mod:`~analysis.rules.checks`; parsing and serialisation (``with_changes``,
``from_json``, ``fingerprint``) :mod:`~analysis.rules.serial`; the resolver
:mod:`~analysis.rules.resolve`; :func:`rules_diff` and :func:`folder_label`
:mod:`~analysis.rules.describe`; the redeal-condition table
:mod:`~analysis.rules.redeal_conditions`.  Every public name is importable
from :mod:`analysis.rules`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

from ..errors import BadArgument
from .checks import PROFILE_NAMES, validate
from .describe import conventions, rules_diff
from .profiles import PROFILE_CHANGES
from .serial import RulesIO

__all__ = ["Rules", "PROFILES", "CONVENTIONS", "profile_names", "field_doc"]


def _doc(text: str) -> dict:
    return {"doc": text}


@dataclass(frozen=True)
class Rules(RulesIO):
    """A complete set of conventions for one table.

    Every field is one convention row of RULES.md ("Conventions that
    differ" and "Redeals").  Each field's metadata ``doc`` (shown by
    ``thousand rules show``) cites the seed text it comes from and says where
    RULES.md marks the value as a choice (†).

    Raises
    ------
    ValueError
        On construction with an impossible value, naming the field.
    """

    label: str = dataclasses.field(
        default="",
        compare=False,
        metadata=_doc(
            "A user's name for these rules, free text (empty: the name is derived "
            "from the profile and the changes). Not part of their identity."
        ),
    )
    base: str = dataclasses.field(
        default="club",
        compare=False,
        metadata=_doc(
            "The profile these rules start from (club, classic, book, ua, wiki); "
            "their derived name lists the fields that differ from it."
        ),
    )

    # --- bidding -------------------------------------------------------
    opening_bid_exact: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "The first hand opens with exactly 100 (True) or with at least 100 "
            "(False). club: seed 000 'начинает обязательными 100'; ua: seed 003; "
            "classic/book/wiki allow more (book †, wiki 'exactly 100 by "
            "agreement')."
        ),
    )
    raise_exact: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "Each raise is exactly 5 (True) or any positive multiple of 5 "
            "(False). book: † 'как правило' by 5; wiki: by 5 (any by agreement); "
            "club: seed 000 'на положительное число, кратное 5'."
        ),
    )
    no_jump_over_120: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "A raise may not jump over 120 (bidding only, not the final "
            "contract †). club only: seed 000 'при повышении нельзя перепрыгнуть "
            "через 120'."
        ),
    )
    bid_cap: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "Bids are capped at 120 plus the marriages held (final contract: on "
            "the 8-card hand after the exchange). All profiles; ua gives it as "
            "advice (†)."
        ),
    )

    # --- play ------------------------------------------------------------
    first_trick_marriage: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "A marriage may be declared on the first trick. book: its example "
            "leads K♥ 'хвалю' as the first lead (seed 002); no elsewhere."
        ),
    )
    marriage_lead: str = dataclasses.field(
        default="KQ",
        metadata=_doc("Card led to declare: 'KQ' (king or queen) or 'Q' (queen only, wiki, seed 004)."),
    )
    trump_lead_owner_only: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "Only the player who declared the current trump may lead a trump "
            "(wiki, seed 004). A player holding only trumps may still lead one "
            "(†); a new marriage passes the right to its declarer (†)."
        ),
    )

    # --- what the players see --------------------------------------------
    exchange_face_up: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "The two cards the declarer gives are passed face up, seen by all "
            "(book, seed 002 'в открытую (если есть предварительная "
            "договоренность, то вслепую)'); face down, each known to the "
            "declarer and its receiver only (club, classic, ua; wiki 'в тёмную "
            "... или в светлую — по выбору играющего', the declarer's choice, "
            "face down †). Matters only to single-dummy play."
        ),
    )
    widow_shown_at_100: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "The widow is shown to the defenders when the declarer won the "
            "bidding at 100 (every profile; wiki, seed 004: 'исключение "
            "составляет объявление игры в 100 очков, которую «пропасовали» "
            "остальные игроки — тогда прикуп не вскрывается'). Above 100 the "
            "widow is always shown. Matters only to single-dummy play."
        ),
    )

    # --- write-off (роспись) ------------------------------------------
    write_off_stage: str = dataclasses.field(
        default="before_exchange",
        metadata=_doc(
            "When the declarer may write off: 'before_exchange' (club: after "
            "seeing the widow, seed 000 'до передачи карт'; ua: after the widow "
            "is shown, seed 003) or 'before_lead' (classic; book: after the "
            "exchange; wiki †)."
        ),
    )
    write_off_payment: str = dataclasses.field(
        default="half",
        metadata=_doc(
            "What each opponent gets: 'half' (contract/2 kept exact, club: "
            "'Половинки сохраняются точно'), 'half_round5' (contract/2 rounded to "
            "a multiple of 5, ties up; classic †, wiki † from its agreements "
            "section) or 'fixed' (write_off_fixed each: book 40, ua 60)."
        ),
    )
    write_off_fixed: int = dataclasses.field(
        default=0,
        metadata=_doc(
            "Points each opponent gets when write_off_payment is 'fixed' "
            "(book 40, seed 002; ua 60, seed 003); 0 otherwise."
        ),
    )
    write_off_on_barrel: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "A declarer on the barrel may write off. club: forbidden ('На бочке "
            "роспись запрещена'); book: forbidden (†, 'may not pass' read as "
            "'may not write off'); classic †, ua †, wiki: allowed."
        ),
    )

    # --- scoring -------------------------------------------------------
    double_penalty_off_first_hand: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "A failed contract costs 2×contract unless the declarer is the "
            "first hand (book, seed 002; the first hand's contested win counts "
            "as the first hand playing †)."
        ),
    )
    round_defenders: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "Defenders' points are rounded to the nearest 5 (x1, x2 down; x3, "
            "x4 up). All but ua, which writes actual points (seed 003)."
        ),
    )

    # --- bolts (болт) --------------------------------------------------
    bolt_rule: str = dataclasses.field(
        default="zero_points",
        metadata=_doc(
            "What a bolt is: 'zero_points' (0 raw points in the deal, cards plus "
            "marriages; club seed 000 'при нуле сырых очков', classic †), "
            "'no_trick' (took no trick; a trick worth 0 is not a bolt; wiki) or "
            "'none' (book, ua)."
        ),
    )
    bolt_declarer: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "The declarer can get a bolt (wiki). club: 'У разыгрывающего вместо "
            "болта действует результат заказа'."
        ),
    )
    bolt_window: str = dataclasses.field(
        default="cumulative",
        metadata=_doc(
            "'cumulative': every bolt_count-th bolt is penalised, need not be "
            "consecutive (club, classic); 'streak': bolt_count in a row, a deal "
            "without a bolt breaks the streak, redeals and write-offs neither "
            "count nor break it (wiki †)."
        ),
    )
    bolt_count: int = dataclasses.field(
        default=3, metadata=_doc("Bolts that trigger the penalty (3 in every profile with bolts).")
    )
    bolt_penalty: int = dataclasses.field(
        default=120, metadata=_doc("Points deducted when the bolt count is reached (120).")
    )
    barrel_defender_scores: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "A defender sitting on the barrel scores defence points and bolts. "
            "No in every profile (club seed 000 'На бочке вистовые очки и болты "
            "не начисляются'; classic; book †; ua †; wiki)."
        ),
    )

    # --- 555 (самосвал) ------------------------------------------------
    reset_555: str = dataclasses.field(
        default="none",
        metadata=_doc(
            "Reset to 0 at exactly 555: 'none' (club, book, ua), 'positive' "
            "(+555 → 0, classic seed 001) or 'both' (+555 and −555 → 0, wiki † "
            "from its agreements section)."
        ),
    )

    # --- barrel (бочка) and winning -----------------------------------
    barrel_threshold: int = dataclasses.field(
        default=880,
        metadata=_doc(
            "Score at which a player sits on the barrel; higher scores are capped "
            "to it (880; book 900, seed 002)."
        ),
    )
    target: int = dataclasses.field(
        default=1000,
        metadata=_doc(
            "Winning score: a sitter wins by making a contract that brings him "
            "there (1000; wiki 1001 'заказать больше 120')."
        ),
    )
    barrel_attempts: int = dataclasses.field(
        default=3,
        metadata=_doc(
            "Completed deals a sitter may spend on the barrel (3 in every "
            "profile; write-offs count †; redeals do not)."
        ),
    )
    barrel_fall_penalty: int = dataclasses.field(
        default=120,
        metadata=_doc(
            "Points lost when the attempts run out (120; book 100: 900→800, "
            "seed 002; ua † leaves the fine to the house)."
        ),
    )
    barrel_seats: int = dataclasses.field(
        default=2,
        metadata=_doc(
            "Players who may sit on the barrel at once (club 2, seed 000 'На "
            "бочке разрешены двое'; others 1, book/ua/wiki †). When arrivals "
            "would exceed it, every earlier sitter is knocked off with −120; "
            "how many of the players arriving in one deal stay is "
            "barrel_arrivals."
        ),
    )
    barrel_arrivals: str = dataclasses.field(
        default="seats",
        metadata=_doc(
            "Players arriving on the barrel in the same deal: 'seats' (at most "
            "barrel_seats of them stay; club, seed 000 'Одновременно прибывшие "
            "новые игроки остаются, максимум двое'; classic, book, ua, wiki †, "
            "their seeds are silent) or 'all' (every arrival stays, even past "
            "the seats; a variant). Under 'seats' those with the highest score "
            "before the cap stay, ties in play order from the declarer †; an "
            "arrival who does not stay is knocked off at once with −120 "
            "(880 → 760, book 900 → 780) and it counts as a failed stay †."
        ),
    )
    barrel_third_fall_zero: bool = dataclasses.field(
        default=True,
        metadata=_doc(
            "A third failed stay on the barrel sets the score to 0 (club, seed "
            "000 'после третьего неудачного захода счёт становится нулём')."
        ),
    )
    four_marriages_win: bool = dataclasses.field(
        default=False,
        metadata=_doc(
            "A player holding all four marriages after the exchange wins at once "
            "(book †; the winner's score is not raised to the target)."
        ),
    )

    # --- redeals (пересдача) -------------------------------------------
    redeal_claim: str = dataclasses.field(
        default="forced",
        metadata=_doc(
            "'forced' (the table redeals; club) or 'claimable' (a player may "
            "demand it; book †, wiki). Profiles without redeal conditions "
            "(classic, ua) keep the default."
        ),
    )
    redeal_four_nines: bool = dataclasses.field(
        default=True, metadata=_doc("Before bidding: a hand with four 9s (club, book, wiki).")
    )
    redeal_hand_under: int = dataclasses.field(
        default=14,
        metadata=_doc(
            "Before bidding: a hand with fewer card points than this (club 14; "
            "wiki 14, by agreement 13–15 †; 0 = off)."
        ),
    )
    redeal_widow_under: int = dataclasses.field(
        default=5,
        metadata=_doc(
            "When the widow is shown: fewer card points than this (club 5, book "
            "5, wiki 3 as the declarer's claim; 0 = off)."
        ),
    )
    redeal_widow_two_nines: bool = dataclasses.field(
        default=False, metadata=_doc("When the widow is shown: two 9s in it (wiki, any player's claim).")
    )
    redeal_after_four_nines: bool = dataclasses.field(
        default=True,
        metadata=_doc("After the exchange, before the first lead: a hand with four 9s (club, book †, wiki)."),
    )
    redeal_after_hand_under: int = dataclasses.field(
        default=0,
        metadata=_doc(
            "After the exchange: an 8-card hand with fewer card points than this, "
            "counting the card received (book 15, seed 002 'с учетом карты, "
            "полученной при сносе'; 0 = off)."
        ),
    )

    # ------------------------------------------------------------------
    def __post_init__(self) -> None:
        validate(self)

    # --- derived -----------------------------------------------------
    @property
    def name(self) -> str:
        """The display name: the ``label`` if one was given, else the profile
        (``base``) followed by the fields that differ from it, sorted
        (``club+barrel_seats=1,target=1001``; the profile alone when none do).
        """
        if self.label.strip():
            return self.label
        diff = rules_diff(PROFILES[self.base], self)
        changes = ",".join(f"{k}={v}" for k, _, v in sorted(diff))
        return self.base + ("+" + changes if changes else "")

    @property
    def barrel_min_contract(self) -> int:
        """Smallest contract that takes a sitter from the threshold to the
        target: ``target - barrel_threshold`` rounded up to a multiple of 5,
        and at least 100 (club 120, book 100, wiki 125)."""
        need = self.target - self.barrel_threshold
        return max(100, -(-need // 5) * 5)

    @property
    def has_bolts(self) -> bool:
        """True when the profile counts bolts at all."""
        return self.bolt_rule != "none"

    # --- constructors --------------------------------------------------
    @classmethod
    def profile(cls, name: str) -> Rules:
        """Return the named profile.

        Raises
        ------
        ValueError
            If ``name`` is not one of ``club classic book ua wiki``.
        """
        try:
            return PROFILES[name]
        except (KeyError, TypeError):
            raise BadArgument(
                f"unknown rules profile {name!r}; choose one of {', '.join(PROFILES)}"
            ) from None


#: The convention fields, in declaration order.
CONVENTIONS = conventions(Rules)

#: The five profiles by name, default first (values: :data:`PROFILE_CHANGES`).
PROFILES: dict[str, Rules] = {name: Rules(base=name, **changes) for name, changes in PROFILE_CHANGES.items()}


def profile_names() -> list[str]:
    """Names of the built-in profiles, default first."""
    return list(PROFILE_NAMES)


def field_doc(name: str) -> str:
    """The documentation of one field (its seed citation).

    Raises
    ------
    BadArgument
        A ValueError: ``name`` is not a field of ``Rules``.
    """
    for f in fields(Rules):
        if f.name == name:
            return f.metadata.get("doc", "")
    raise BadArgument(f"unknown rules field {name!r}")
