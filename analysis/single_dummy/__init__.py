"""Single-dummy play: every decision by PIMC from the decider's own
knowledge (DESIGN.md, contract 7; docs/SINGLE_DUMMY.md).

Public API:

- :func:`play_deal` and its result :class:`SDResult`;
- :func:`choose_contract` – the declarer's one criterion for contract,
  write-off and gift redeal at a table state, from his worlds (a pure
  function: decide again at another bid, seat or score), its answer
  :class:`Choice` and its measure :func:`table_metric`;
- :func:`declarer_worlds`, :func:`world_outcomes` – the declarer's worlds
  before the gift and what the deal gives in each after it (the worlds a
  stored ``sd`` row keeps);
- :func:`decide_contract` – final contract and write-off from the
  declarer's values alone, without a table (the odds' convention);
- :data:`SD_VERSION`, :data:`SD_FIELDS`, :func:`sd_fingerprint`;
- :func:`play_deals` – the rows of an ``sd`` dataset from a deals table,
  and :func:`load` – an ``sd`` dataset joined with its deals
  (:mod:`.batch`; docs/DATA.md);
- :func:`play_out`, :func:`playing_rules`, :func:`deal_seed`,
  :func:`row_seed`, :data:`PLAY_FIELDS`, :func:`decode_moves` – one deal
  played for a game or an odds sample, its seeds, its stored columns and
  moves;
- :func:`play_blind` – a deal played after a blind gift (dark play: the
  gift given unseen, the declarer knowing only the eight cards he kept),
  and :func:`play_cards` – the card play that it and :func:`play_deal` share;
- :class:`MoveWorlds` – the legal moves of one decision in each world (the
  warm-up compiles its kernels).
"""

from __future__ import annotations

import hashlib
import json

from ..dataset.join import load_sd as load
from ..rules import INFORMATION_FIELDS, as_rules
from ..solver.api import SOLVER_FIELDS
from .batch import (
    PLAY_FIELDS,
    deal_seed,
    decode_moves,
    has_play,
    play_deals,
    play_out,
    playing_rules,
    row_seed,
    stored_decisions,
)
from .blind import play_blind
from .decide import choose_card, choose_gift, decide_contract, declarer_worlds, world_outcomes
from .knowledge import Knowledge
from .objective import Choice, choose_contract, table_metric
from .pimc import MoveWorlds
from .play import SDResult, decision_rng, play_cards, play_deal
from .sampler import sample_layouts

__all__ = [
    "play_deal",
    "play_blind",
    "play_cards",
    "SDResult",
    "decide_contract",
    "choose_contract",
    "Choice",
    "table_metric",
    "declarer_worlds",
    "world_outcomes",
    "sd_fingerprint",
    "SD_VERSION",
    "SD_FIELDS",
    "play_deals",
    "load",
    "PLAY_FIELDS",
    "deal_seed",
    "decode_moves",
    "play_out",
    "has_play",
    "playing_rules",
    "row_seed",
    "stored_decisions",
    "MoveWorlds",
    "choose_gift",
    "choose_card",
    "Knowledge",
    "decision_rng",
    "sample_layouts",
]

#: Version of the single-dummy algorithm; bump when a change can alter any result.
SD_VERSION = "1.1"
#: The fields of what the decisions depend on beyond the solver's and what the
#: players see: the contract's cap, the payments and the declarer's own
#: after-exchange redeal conditions (which gifts he avoids).
DECISION_FIELDS = (
    "bid_cap",
    "write_off_payment",
    "write_off_fixed",
    "double_penalty_off_first_hand",
    "redeal_after_four_nines",
    "redeal_after_hand_under",
    "redeal_after_four_jacks",
)
#: Every Rules field a single-dummy result depends on.
SD_FIELDS = SOLVER_FIELDS + INFORMATION_FIELDS + DECISION_FIELDS


def sd_fingerprint(rules="club") -> str:
    """Fingerprint of everything that changes single-dummy results.

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    str
        12 hex digits: a hash of ``rules.fingerprint(SD_FIELDS)`` (the
        solver's fields, ``analysis.rules.INFORMATION_FIELDS`` and
        :data:`DECISION_FIELDS`) and :data:`SD_VERSION`.

    Raises
    ------
    ValueError
        On unknown rules.
    """
    fp = as_rules(rules).fingerprint(SD_FIELDS)
    blob = json.dumps({"rules": fp, "sd_version": SD_VERSION}, sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:12]
