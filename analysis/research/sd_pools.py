"""The single-dummy reference pools, and their deals paired with double-dummy.

A single-dummy pool (own information: every decision from the deciding
player's cards) serves the rules whose single-dummy fingerprint is its own
(:func:`sd_pool`; :func:`sd_pool_name` names it, built or not).  The pools
hold 500 to 50,000 deals (:func:`sizes_words` says which, from the
registry), so games drawn from them
(:func:`analysis.research.game_tables.simulated_games`) repeat deals.

The single-dummy pools play the first deals of the double-dummy pools
(:mod:`analysis.research.dd_pools`), so :func:`sd_paired` reads both and
pairs them by ``(deal_id, seat)``
(:func:`analysis.research.optimism.paired_outcomes`); deals the profile
redeals before the bidding or at the widow are left out, as on the other
pages.  Rules that read another profile's pool have their contracts
decided again under their own payments.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .. import dataset, reference
from ..rules import PROFILES, as_rules
from ..single_dummy import sd_fingerprint, stored_decisions
from . import optimism
from .dd_pools import pool_rows, reference_pool

__all__ = [
    "sd_pool",
    "sd_pool_name",
    "sd_paired",
    "sizes_words",
]


def sd_pool(rules):
    """The built single-dummy reference pool that serves ``rules``, or None.

    A pool serves the rules whose single-dummy fingerprint is its own (the
    play conventions, what players see and the decisions' payments:
    :func:`analysis.single_dummy.sd_fingerprint`): ``club-sd`` serves club
    and variants such as ``club+barrel_seats=1``; ``classic`` has its own.

    Returns
    -------
    analysis.reference.SDPool or None
    """
    return reference.sd_pool_for(as_rules(rules), reference.root())


def sizes_words(profiles=None) -> str:
    """The deals of the built single-dummy pool serving each profile, in words.

    The pages' texts say it from the registry, so a pool pinned later
    changes them without an edit.

    Parameters
    ----------
    profiles : iterable of str, optional
        Profiles to name (default: the five, in the registry's order).

    Returns
    -------
    str
        Profiles grouped by their pool's size, largest first, e.g.
        ``"club 50,000 deals; classic, ua and wiki 500 each"``; a profile
        no built pool serves is named ``"none built"``.
    """
    sizes: dict = {}
    for p in profiles if profiles is not None else PROFILES:
        pool = sd_pool(p)
        sizes.setdefault(pool.deals if pool is not None else 0, []).append(p)
    parts = []
    for n, names in sorted(sizes.items(), key=lambda kv: -kv[0]):
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if n == 0:
            parts.append(f"{who} none built")
        else:
            parts.append(f"{who} {n:,} deals" + (" each" if len(names) > 1 else ""))
    return "; ".join(parts)


def _redecide(sd: pd.DataFrame, rules) -> pd.DataFrame:
    """Contracts and write-offs decided again under ``rules`` at the recorded
    bid, by the declarer's criterion of the games
    (:func:`analysis.single_dummy.stored_decisions`)."""
    out = sd.copy()
    out["contract"], out["written_off"] = stored_decisions(sd, rules, int(sd.attrs["reference"]["bid"]))
    return out


def sd_pool_name(rules) -> str | None:
    """The single-dummy reference pool that serves ``rules`` (built or not), if any."""
    want = sd_fingerprint(as_rules(rules))
    for s in reference.specs():
        if s.play == "pimc" and sd_fingerprint(as_rules(s.rules)) == want:
            return s.name
    return None


def _sd_deal_ids(p) -> np.ndarray:
    """The deal ids of a single-dummy pool (sorted, distinct)."""
    return np.unique(dataset.read_frame(p.sd_path, "sd", columns=["deal_id"])["deal_id"].to_numpy(np.int64))


def sd_paired(rules) -> pd.DataFrame | None:
    """Double- and single-dummy rows of the single-dummy pool of ``rules``, paired.

    Parameters
    ----------
    rules : str or Rules
        A profile (or rules with a profile's single-dummy fingerprint:
        ``classic`` reads ``club-sd``, its contracts decided again under
        its own payments).

    Returns
    -------
    pandas.DataFrame or None
        :func:`analysis.research.optimism.paired_outcomes` of the pool's
        played deals, with the deals' columns ``hand0 hand1 hand2 widow``,
        ``give_left give_right`` (single-dummy gift) and ``estimates``;
        ``attrs["sd_pool"]`` / ``attrs["dd_pool"]`` describe the pools.
        None when the single-dummy pool of these rules is not built.
    """
    r = as_rules(rules)
    sdp = reference.sd_pool_for(r, reference.root())
    if sdp is None:
        return None
    sd = reference.load(sdp.name, rules=r)
    if r.fingerprint() != as_rules(sdp.rules).fingerprint():
        sd = _redecide(sd, r)
    if "redeal_forced" in sd:
        sd = sd[~sd["redeal_forced"].to_numpy(bool)]
    dd = pool_rows(r)
    dd = dd[dd["deal_id"].isin(np.unique(sd["deal_id"].to_numpy()))]
    paired = optimism.paired_outcomes(sd, dd)
    extra = sd[
        [
            "deal_id",
            "seat",
            "hand0",
            "hand1",
            "hand2",
            "widow",
            "give_left",
            "give_right",
            "estimates",
            "moves",
        ]
    ]
    paired = paired.merge(extra, on=["deal_id", "seat"], how="left")
    paired.attrs["sd_pool"] = sdp.as_dict()
    paired.attrs["dd_pool"] = reference_pool(r).as_dict()
    return paired
