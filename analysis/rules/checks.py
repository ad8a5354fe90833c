"""The values every ``Rules`` field may take, checked on construction.

The fields and their documentation are in :mod:`analysis.rules.model`; a
new field gets its check here (a type check is automatic for bool, int and
str fields); settings of several fields that contradict one another are
rows of :data:`analysis.rules.relations.RELATIONS`.
"""

from __future__ import annotations

from dataclasses import fields

from ..errors import BadArgument
from .fields import check_table
from .fields.dark import check_dark
from .fields.golden import GOLDEN_FAILED, GOLDEN_ROUNDS
from .relations import check_relations

WRITE_OFF_STAGES = ("before_exchange", "before_lead")
WRITE_OFF_PAYMENTS = ("half", "half_round5", "fixed")
BOLT_RULES = ("none", "zero_points", "no_trick")
BOLT_WINDOWS = ("cumulative", "streak")
RESET_555 = ("none", "positive", "both")
REDEAL_CLAIMS = ("forced", "claimable")
MARRIAGE_LEADS = ("KQ", "Q")
BARREL_ARRIVALS = ("seats", "all")
BARREL_BIDDING = ("open", "yield")
WRITE_OFF_FINES = ("none", "third", "every_third")
CROSSINGS = ("none", "allowed", "not_on_barrel")
REDEAL_CLAIMERS = ("any", "first_hand")
#: The built-in profiles, default first (:data:`analysis.rules.PROFILES` holds their values).
PROFILE_NAMES = ("club", "classic", "book", "ua", "wiki")


def _check(cond: bool, field: str, msg: str) -> None:
    if not cond:
        raise BadArgument(f"rules field {field!r}: {msg}")


def validate(r) -> None:
    """Refuse a ``Rules`` object with an impossible value.

    Raises
    ------
    BadArgument
        A ValueError naming the field (both fields of a pair that must agree).
    """
    for f in fields(r):
        v = getattr(r, f.name)
        if f.type in ("bool", bool):
            _check(isinstance(v, bool), f.name, f"must be true or false, got {v!r}")
        elif f.type in ("int", int):
            _check(isinstance(v, int) and not isinstance(v, bool), f.name, f"must be an integer, got {v!r}")
        elif f.type in ("str", str):
            _check(isinstance(v, str), f.name, f"must be a string, got {v!r}")
    choices = {
        "base": PROFILE_NAMES,
        "marriage_lead": MARRIAGE_LEADS,
        "write_off_stage": WRITE_OFF_STAGES,
        "write_off_payment": WRITE_OFF_PAYMENTS,
        "bolt_rule": BOLT_RULES,
        "bolt_window": BOLT_WINDOWS,
        "reset_555": RESET_555,
        "redeal_claim": REDEAL_CLAIMS,
        "barrel_arrivals": BARREL_ARRIVALS,
        "barrel_bidding": BARREL_BIDDING,
        "write_off_fine": WRITE_OFF_FINES,
        "crossing": CROSSINGS,
        "redeal_claimer": REDEAL_CLAIMERS,
        "golden_round": GOLDEN_ROUNDS,
        "golden_failed": GOLDEN_FAILED,
    }
    for k, allowed in choices.items():
        _check(getattr(r, k) in allowed, k, f"{getattr(r, k)!r} is not one of {', '.join(allowed)}")
    check_dark(r, _check)
    if r.write_off_payment == "fixed":
        _check(
            r.write_off_fixed > 0 and r.write_off_fixed % 5 == 0,
            "write_off_fixed",
            "a fixed write-off payment must be a positive multiple of 5",
        )
    _check(r.bolt_count >= 1, "bolt_count", "must be at least 1")
    _check(r.bolt_penalty >= 0, "bolt_penalty", "must not be negative")
    _check(
        r.barrel_threshold % 5 == 0 and r.barrel_threshold >= 500,
        "barrel_threshold",
        "must be a multiple of 5 and at least 500",
    )
    # a pair of fields: the message names both, whichever of the two was changed
    pair = f"target ({r.target}) and barrel_threshold ({r.barrel_threshold})"
    if not r.barrel_threshold < r.target:
        raise BadArgument(f"rules fields {pair}: the target must be above the barrel threshold")
    if not r.target - r.barrel_threshold <= 280 + 120:
        raise BadArgument(
            f"rules fields {pair}: the target must be reachable from the "
            "barrel by one contract (at most 400 above it)"
        )
    _check(1 <= r.barrel_attempts <= 10, "barrel_attempts", "must be 1..10")
    _check(r.barrel_fall_penalty >= 0, "barrel_fall_penalty", "must not be negative")
    _check(r.barrel_seats in (1, 2), "barrel_seats", "must be 1 or 2")
    _check(0 <= r.redeal_hand_under <= 120, "redeal_hand_under", "must be 0..120")
    _check(0 <= r.redeal_widow_under <= 120, "redeal_widow_under", "must be 0..120")
    _check(0 <= r.redeal_after_hand_under <= 120, "redeal_after_hand_under", "must be 0..120")
    _check(r.raise_step in (5, 10, 15, 20, 25), "raise_step", "must be a multiple of 5 from 5 to 25")
    _check(
        r.minus_bidding <= 0 and r.minus_bidding % 5 == 0,
        "minus_bidding",
        "must be 0 (off) or a negative multiple of 5",
    )
    _check(0 <= r.write_off_limit <= 20, "write_off_limit", "must be 0 (no limit) .. 20")
    _check(
        r.write_off_fine_points >= 0 and r.write_off_fine_points % 5 == 0,
        "write_off_fine_points",
        "must be a non-negative multiple of 5 (0: the contract)",
    )
    _check(r.knock_off_penalty >= 0, "knock_off_penalty", "must not be negative")
    _check(r.reset_at > 0, "reset_at", "must be positive")
    _check(r.bad_deal_fine >= 0, "bad_deal_fine", "must not be negative")
    _check(
        r.reverse_barrel == 0 or (-r.barrel_threshold < r.reverse_barrel < 0 and r.reverse_barrel % 5 == 0),
        "reverse_barrel",
        f"must be 0 (off) or the negative score a player falls to, a multiple of 5 above "
        f"-barrel_threshold ({-r.barrel_threshold}), e.g. -760 or -500",
    )
    # settings of several fields that contradict one another: one table
    check_relations(r)
    check_table(r)
    _check(0 <= r.golden_deals <= 12, "golden_deals", "must be 0 (as many as players) .. 12")
