"""What the rules allow a barrel stay, decided from the rules alone.

A figure of the barrel page that the rules fix is not estimated: S(0) is
1 where no stay can end before its first deal (:func:`ends_before_first_deal`),
an ending the rules forbid happens to no stay (:func:`impossible_endings`),
and no stay outlasts :func:`longest_stay`.  Each is read from the fields
of :class:`~analysis.rules.Rules` and the order of a deal's steps
(RULES.md, common core; :func:`analysis.scoring.apply_deal`), never from
a sample; :func:`analysis.research.survival.competing_table` prints them
without an interval and refuses a sample that contradicts them.
"""

from __future__ import annotations

from ..rules import as_rules

__all__ = ["ends_before_first_deal", "impossible_endings", "longest_stay"]


def ends_before_first_deal(rules) -> bool:
    """Whether the rules let a barrel stay end before its first played deal.

    A stay starts at the end of the deal its player arrives in.  A win ends
    the game before the barrel step of its deal (nobody arrives on a
    winning deal), and arrivals come after the exits, falls and knock-offs
    of their deal, so only what happens between two played deals can end a
    stay at 0 deals: a redeal's fine (``bad_deal_fine``) taking the sitter
    below the threshold, or the reverse barrel (``reverse_barrel``) ending
    the game on the arrival's own deal.  Without either, S(0) = 1 by the
    rules, not by the sample.

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    bool

    Examples
    --------
    >>> ends_before_first_deal("club"), ends_before_first_deal("wiki bad_deal_fine=50")
    (False, True)
    """
    r = as_rules(rules)
    return r.bad_deal_fine > 0 or r.reverse_barrel != 0


def impossible_endings(rules) -> dict[str, str]:
    """The endings of a stay that the rules make impossible, each with why.

    Decided from the :class:`~analysis.rules.Rules` fields alone, never
    from a sample (the order of a deal's steps: RULES.md, common core, and
    :func:`analysis.scoring.apply_deal`):

    - ``barrel_write_off``: the sitter may not give up his contract
      (``write_off_on_barrel`` false, ``write_off_banned`` or
      ``write_off_no_barrel``) and may not write off a dark contract
      there (wiki's dark play with ``dark_on_barrel``);
    - ``barrel_exit``: nothing but his own contract lowers a sitter's
      score: no bolt penalty reaches him (``barrel_bolts`` false, or no
      bolts or no penalty), no redeal fine (``bad_deal_fine``) and no
      golden round (whose failure resets every score);
    - ``other_won``: only a sitter wins by a contract, and he is alone on
      the barrel (``barrel_seats`` 1 with ``barrel_arrivals`` "seats"),
      with no other way to end the game (``four_marriages_win``,
      ``reverse_barrel``).

    A win, a fall, a knock-off and the sitter's failed contract are
    possible under every rule set.

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    dict of str to str
        Ending (one of :data:`analysis.research.survival.ENDINGS`) to the reason, in words; the
        endings not named are possible.

    Examples
    --------
    >>> sorted(impossible_endings("club"))
    ['barrel_exit', 'barrel_write_off']
    >>> sorted(impossible_endings("book"))
    ['barrel_exit', 'barrel_write_off']
    >>> sorted(impossible_endings("classic"))
    ['barrel_exit', 'other_won']
    """
    r = as_rules(rules)
    out = {}
    may_give_up = r.write_off_on_barrel and not (r.write_off_banned or r.write_off_no_barrel)
    dark_write_off = r.dark_play == "wiki" and r.dark_on_barrel  # book's dark has no write-off
    if not (may_give_up or dark_write_off):
        out["barrel_write_off"] = "a sitter may not write off"
    bolt_penalty = r.has_bolts and r.barrel_bolts and r.bolt_penalty > 0
    if not (bolt_penalty or r.bad_deal_fine > 0 or r.golden_round != "none"):
        out["barrel_exit"] = "no bolt penalty or fine reaches a sitter"
    alone = r.barrel_seats == 1 and r.barrel_arrivals == "seats"
    if alone and not r.four_marriages_win and r.reverse_barrel == 0:
        out["other_won"] = "only the one sitter can win"
    return out


def longest_stay(rules) -> int | None:
    """The most played deals a barrel stay can last under the rules.

    Every played deal spends one of ``barrel_attempts``, so a stay lasts
    at most that many deals; at a table of four, a sitter who deals rests
    and spends none unless ``rest_barrel_attempt`` (wiki), which can add
    a deal (the dealer moves one seat per played deal: a sitter rests once
    in every ``players`` deals).

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    int or None
        Deals; None where the rules set no bound (a redeal fine that moves
        the deal, ``bad_deal_fine``, at a table of four with free rests).

    Examples
    --------
    >>> longest_stay("club"), longest_stay("wiki players=4")
    (3, 4)
    """
    r = as_rules(rules)
    if r.players == 3 or r.rest_barrel_attempt:
        return r.barrel_attempts
    if r.bad_deal_fine > 0:
        return None
    longest = 0
    for first in range(r.players):  # the first deal of the stay is his rest at `first`
        deals = attempts = 0
        while attempts < r.barrel_attempts:
            attempts += (deals - first) % r.players != 0
            deals += 1
        longest = max(longest, deals)
    return longest
