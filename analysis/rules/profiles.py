"""The five profiles as changes from the ``Rules`` defaults (which are club's).

RULES.md, table of profiles; seed texts in ``shared/seeds/``.
:mod:`analysis.rules.model` builds :data:`analysis.rules.PROFILES`
from this table (``Rules(base=name, **changes)``, so every profile is
validated on import); the field docs there cite the seeds for each value.
"""

from __future__ import annotations

from .checks import PROFILE_NAMES

__all__ = ["PROFILE_CHANGES"]

#: Profile name -> the fields that differ from the ``Rules`` defaults.
PROFILE_CHANGES: dict[str, dict] = {
    "club": {},
    "classic": dict(
        opening_bid_exact=False,
        no_jump_over_120=False,
        write_off_stage="before_lead",
        write_off_payment="half_round5",
        write_off_on_barrel=True,
        reset_555="positive",
        barrel_seats=1,
        barrel_third_fall_zero=False,
        redeal_four_nines=False,
        redeal_hand_under=0,
        redeal_widow_under=0,
        redeal_after_four_nines=False,
    ),
    "book": dict(
        opening_bid_exact=False,
        raise_exact=True,
        no_jump_over_120=False,
        first_trick_marriage=True,
        write_off_stage="before_lead",
        write_off_payment="fixed",
        write_off_fixed=40,
        double_penalty_off_first_hand=True,
        bolt_rule="none",
        exchange_face_up=True,
        barrel_threshold=900,
        barrel_fall_penalty=100,
        barrel_seats=1,
        barrel_third_fall_zero=False,
        four_marriages_win=True,
        redeal_claim="claimable",
        redeal_hand_under=0,
        redeal_after_hand_under=15,
        write_off_fixed_four=30,
        dark_play="book",
    ),
    "ua": dict(
        no_jump_over_120=False,
        write_off_payment="fixed",
        write_off_fixed=60,
        write_off_on_barrel=True,
        round_defenders=False,
        bolt_rule="none",
        barrel_seats=1,
        barrel_third_fall_zero=False,
        redeal_four_nines=False,
        redeal_hand_under=0,
        redeal_widow_under=0,
        redeal_after_four_nines=False,
    ),
    "wiki": dict(
        opening_bid_exact=False,
        raise_exact=True,
        no_jump_over_120=False,
        marriage_lead="Q",
        trump_lead_owner_only=True,
        widow_shown_at_100=False,
        write_off_stage="before_lead",
        write_off_payment="half_round5",
        write_off_on_barrel=True,
        bolt_rule="no_trick",
        bolt_declarer=True,
        bolt_window="streak",
        reset_555="both",
        target=1001,
        barrel_seats=1,
        barrel_third_fall_zero=False,
        redeal_claim="claimable",
        redeal_widow_under=3,
        redeal_widow_two_nines=True,
        rest_round=True,
        rest_marriage="whole",
    ),
}

assert tuple(PROFILE_CHANGES) == PROFILE_NAMES, "profile table and PROFILE_NAMES disagree"
