"""One line per profile for the index: what it is and which deals the pages keep.

The character of each profile is RULES.md's ("Profiles"); its redeal
conditions and how the pages treat them are read from the profile's
``Rules`` (RULES.md, "Redeals"), so a changed field changes the line.
"""

from __future__ import annotations

from ..rules import Rules, as_rules

__all__ = ["profile_line"]

#: RULES.md, "Profiles": the character of each profile and its seed text.
CHARACTER = {
    "club": "modern club rules, fully specified; two may sit on the barrel (seed 000)",
    "classic": "online-server rules: one barrel seat, the 555 reset, no redeals (seed 001)",
    "book": "the book «Тысяча с бочкой»: barrel at 900, write-off pays 40 each, double penalty (seed 002)",
    "ua": "Ukrainian «Тисяча» base rules: no rounding, write-off pays 60, no bolts (seed 003)",
    "wiki": "the encyclopedia's main rules: target 1001, only the trump's declarer leads trumps (seed 004)",
}


def redeal_conditions(rules: Rules) -> list[str]:
    """The redeal conditions of ``rules`` in words (RULES.md, "Redeals"), in stage order."""
    out = []
    if rules.redeal_four_nines:
        out.append("a hand with four 9s")
    if rules.redeal_hand_under > 0:
        out.append(f"a hand under {rules.redeal_hand_under} card points")
    if rules.redeal_four_jacks:
        out.append("a hand with four jacks")
    if rules.redeal_widow_under > 0:
        out.append(f"a widow under {rules.redeal_widow_under} points")
    if rules.redeal_widow_two_nines:
        out.append("two 9s in the widow")
    if rules.redeal_after_hand_under > 0:
        out.append(f"an 8-card hand under {rules.redeal_after_hand_under} after the gift")
    if rules.redeal_after_four_nines:
        out.append("four 9s after the gift")
    if rules.redeal_after_four_jacks:
        out.append("four jacks after the gift")
    return out


def profile_line(name) -> tuple[str, str]:
    """``(what the profile is, how the pages filter its redeals)`` for the index.

    Parameters
    ----------
    name : str or Rules
        A profile of RULES.md (or rules changed from one).

    Returns
    -------
    (str, str)
        The character (RULES.md) and a sentence on redeals: *forced* ones
        are left out of every double-dummy figure and redealt in games;
        *claimable* ones are kept in the double-dummy figures (played as if
        nobody claimed) and claimed in games by the default policy.
    """
    r = as_rules(name)
    cond = redeal_conditions(r)
    if not cond:
        how = "no redeals: every deal is played"
    elif r.redeal_claim == "forced":
        how = (
            f"forced redeals ({', '.join(cond)}): those deals are left out of the double-dummy "
            "figures and redealt in games"
        )
    else:
        how = (
            f"claimable redeals ({', '.join(cond)}): the double-dummy figures keep those deals, "
            "played as if nobody claimed; in games the holder claims"
        )
    plain = isinstance(name, str) and name in CHARACTER
    return (CHARACTER[name] if plain else f"{r.name}, a variant of {r.base}"), how
