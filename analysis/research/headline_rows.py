"""Headline rows of the pages whose figures come from shipped or per-deal results.

The score-and-bid page reads the paired games shipped with the package
(:func:`analysis.equity.paired_store.shipped_summary`), and the dark-play half of
the dark-and-golden page the per-deal dark odds
(:func:`analysis.odds.dark_odds`) and its golden half paired games
(:func:`golden_rows`); both hand the report's index one row per
profile (:func:`analysis.research.headline.save_headline`), the figure with
its 95 % interval and its n, or the reason a profile has none.
"""

from __future__ import annotations

import pandas as pd

from ..rules import PROFILES as _RULES
from .headline import not_applicable
from .tables import fmt_ci, fmt_num_ci

__all__ = ["PLAY_WORDS", "bold_control", "equity_gain_rows", "dark_rows", "golden_rows"]

#: How games were played (a games dataset's ``outcomes``), in a reader's words.
PLAY_WORDS = {"dd": "double-dummy", "pimc": "own-information"}


def bold_control(row) -> tuple[str, str]:
    """The bold-seat control of one profile's gain: the signed difference and what it shows.

    Parameters
    ----------
    row : mapping or None
        A shipped bold row (:func:`analysis.equity.bolder.bold_summary`):
        ``equity_minus_bold`` with ``_low`` and ``_high`` (shares, 0–1;
        None where the equity arm was not on the same games); None where
        no bold seat was played.

    Returns
    -------
    (difference, reading) : str
        The equity seat's win share minus the bold score-blind seat's, in
        percentage points with its 95 % interval (signed; ``""`` without a
        control), and what it shows: beyond the noise either way, not
        distinguishable from boldness, or that no control was played (so
        the gain may be boldness).

    Examples
    --------
    >>> bold_control({"equity_minus_bold": 0.021, "equity_minus_bold_low": -0.009,
    ...               "equity_minus_bold_high": 0.051})
    ('+2.1 (\u22120.9 to +5.1)', 'not distinguishable from boldness')
    >>> bold_control(None)[1]
    'no bold score-blind seat played: boldness is not told apart from the score read'
    """
    d = None if row is None else row.get("equity_minus_bold")
    if d is None or d != d:
        return "", "no bold score-blind seat played: boldness is not told apart from the score read"
    lo, hi = float(row["equity_minus_bold_low"]), float(row["equity_minus_bold_high"])
    diff = fmt_num_ci(100 * float(d), 100 * lo, 100 * hi, 1, signed=True)
    if lo > 0:
        return diff, "reading the score beats boldness beyond the noise"
    if hi < 0:
        return diff, "boldness without the score beats reading it beyond the noise"
    return diff, "not distinguishable from boldness"


def equity_gain_rows(rows, profiles, games_kind: str, bold=None, draws=None, own=None) -> list[dict]:
    """The score-and-bid page's headline: the equity seat's paired gain per profile.

    Parameters
    ----------
    rows : pandas.DataFrame
        One row per profile (``profile``, ``games``, ``share``,
        ``share_low``, ``share_high``, ``gain``, ``gain_low``,
        ``gain_high``: shares 0–1) and the page's ``verdict`` (``gain``,
        ``loss`` or ``no difference shown``).
    profiles : iterable of str
        Every profile of the index, in order.
    games_kind : str
        The games' play in words (``double-dummy``, :data:`PLAY_WORDS`).
    bold : pandas.DataFrame, optional
        The shipped bold-seat rows (:func:`analysis.equity.bolder.bold_summary`;
        the first row of a profile is its control); a profile without one
        is said to have no control (:func:`bold_control`).
    draws : pandas.DataFrame, optional
        The all-threshold arm's pool draws per profile
        (:func:`analysis.equity.draws.threshold_draws`: ``draws``,
        ``distinct``); a profile without them says they were not counted.
    own : pandas.DataFrame, optional
        The own-information paired games' rows (as ``rows``, intervals
        widened for reused pool deals, ``draws`` and ``distinct`` of both
        arms): where a profile has one, its figure and n name them too.

    Returns
    -------
    list of dict
        Headline rows (question ``equity_gain``): the verdict, the signed
        gain in percentage points with its interval, the equity seat's win
        share and the bold-seat control beside the gain; a profile without
        shipped games gets the reason (``applies`` False) and the command
        that plays them.

    Examples
    --------
    >>> import pandas as pd
    >>> r = pd.DataFrame({"profile": ["club"], "games": [900], "share": [0.431], "share_low": [0.399],
    ...                   "share_high": [0.464], "gain": [0.103], "gain_low": [0.070], "gain_high": [0.136],
    ...                   "verdict": ["gain"]})
    >>> b = pd.DataFrame({"profile": ["club"], "games": [900], "equity_games": [900],
    ...                   "equity_minus_bold": [0.036], "equity_minus_bold_low": [0.004],
    ...                   "equity_minus_bold_high": [0.067]})
    >>> equity_gain_rows(r, ["club"], "double-dummy", b)[0]["figure"]  # doctest: +NORMALIZE_WHITESPACE
    'gain: Δ +10.3 (+7.0 to +13.6) percentage points; equity seat wins 43.1 % (39.9–46.4); against a bold
    score-blind seat Δ +3.6 (+0.4 to +6.7): reading the score beats boldness beyond the noise'
    """
    bold = pd.DataFrame() if bold is None else pd.DataFrame(bold)
    draws = pd.DataFrame() if draws is None else pd.DataFrame(draws)
    own = pd.DataFrame() if own is None else pd.DataFrame(own)
    out = []
    for p in profiles:
        got = rows[rows.profile == p] if len(rows) else rows
        if not len(got):
            out.append(
                not_applicable(
                    p,
                    "equity_gain",
                    "no paired games shipped for this profile",
                    f"none: python -m analysis.equity.paired run --rules {p}",
                )
            )
            continue
        r = got.iloc[0]
        gain = fmt_num_ci(100 * r.gain, 100 * r.gain_low, 100 * r.gain_high, 1, signed=True)
        ctl = bold[bold.profile == p] if len(bold) else bold
        brow = ctl.iloc[0].to_dict() if len(ctl) else None
        diff, reading = bold_control(brow)
        against = f"against a bold score-blind seat Δ {diff}: {reading}" if diff else reading
        n = f"{int(r.games):,} paired {games_kind} games"
        if diff:
            n += f" ({int(brow['equity_games']):,} with the bold seat too)"
        d = draws[draws.profile == p] if len(draws) else draws
        n += (
            f"; {int(d.iloc[0].distinct):,} distinct pool deals in the all-threshold arm's "
            f"{int(d.iloc[0].draws):,} draws"
            if len(d)
            else "; pool deals not counted (python -m analysis.equity.draws)"
        )
        figure = (
            f"{r.verdict}: Δ {gain} percentage points; equity seat wins "
            f"{fmt_ci(r.share, r.share_low, r.share_high)}; {against}"
        )
        o = own[own.profile == p] if len(own) else own
        if len(o):
            o = o.iloc[0]
            oi_gain = fmt_num_ci(100 * o.gain, 100 * o.gain_low, 100 * o.gain_high, 1, signed=True)
            figure += f"; with own information: {o.verdict}, Δ {oi_gain} (widened for reused deals)"
            n += f"; {int(o.games):,} paired own-information games"
            if "distinct" in o and o.distinct == o.distinct:
                n += f" ({int(o.distinct):,} distinct pool deals in {int(o.draws):,} draws)"
        out.append({"profile": p, "question": "equity_gain", "figure": figure, "n": n})
    return out


def dark_rows(odds: dict, profiles, versions: dict, why_not) -> list[dict]:
    """The dark-play headline: P(the blind first hand makes 120) and the gain of going dark.

    Parameters
    ----------
    odds : dict of str -> pandas.DataFrame
        :func:`analysis.odds.dark_odds` by profile (its ``attrs``:
        ``dark_play``, ``dark_samples``, ``dark_gifts``, ``dark_p_make``,
        ``dark_p_low``, ``dark_p_high``, ``dark_gain``, ``dark_gain_low``,
        ``dark_gain_high``).
    profiles : iterable of str
        Every profile of the index, in order.
    versions : dict of str -> str
        The dark-play version (``attrs["dark_play"]``) in words.
    why_not : callable
        ``why_not(profile)``: the reason a profile is not measured.

    Returns
    -------
    list of dict
        Headline rows (question ``dark``); the gain is a paired difference
        per deal, in points, signed, against the odds' baseline of bidding
        normally (the best gift and contract with seen cards: an upper
        bound, docs/CLI.md).
    """
    out = []
    for p in profiles:
        if p not in odds:
            out.append(not_applicable(p, "dark", why_not(p), "no deals"))
            continue
        a = odds[p].attrs
        gain = fmt_num_ci(a["dark_gain"], a["dark_gain_low"], a["dark_gain_high"], 1, signed=True)
        # a profile that plays no dark contract, not even by an agreement of its own
        # source (wiki's), is given another's version: say so first
        lent = p in _RULES and _RULES[p].dark_play == "none" and a["dark_play"] != p
        out.append(
            {
                "profile": p,
                "question": "dark",
                "figure": ("not played by rule; given " if lent else "")
                + f"P(make) {fmt_ci(a['dark_p_make'], a['dark_p_low'], a['dark_p_high'])} "
                f"({versions[a['dark_play']]}); going dark minus an upper bound of bidding normally "
                f"Δ {gain} points a deal",
                "n": f"{int(a['dark_samples']):,} pool deals, each with its {int(a['dark_gifts']):,} blind "
                "gifts solved double-dummy",
            }
        )
    return out


def golden_rows(
    first: pd.DataFrame, profiles, runs: dict, sets: dict, drawn: dict, label, n_games: int, why_not
) -> list[dict]:
    """The golden-round headline: the first hand's win share with the golden round and without.

    Parameters
    ----------
    first : pandas.DataFrame
        The first hand's share of wins per profile and rule set (``profile``;
        ``value``, ``low``, ``high``, 0–1), the profile as played first.
    profiles : iterable of str
        Every profile of the index, in order.
    runs : dict
        Profile -> its :func:`analysis.comparison.compare` result (``outcomes``).
    sets : dict
        Profile -> its rule sets as spelled (the second is the golden round named).
    drawn : dict
        (profile, spelled) -> its pool draws (``repeats``).
    label : callable
        ``label(spelled, profile)``: the rule set's name for a reader.
    n_games : int
        Paired games per rule set.
    why_not : callable
        ``why_not(profile)``: why a profile has no games.

    Returns
    -------
    list of dict
        Headline rows (question ``golden``).
    """
    out = []
    for p in profiles:
        t = first[first.profile == p]
        if not len(t):
            out.append(not_applicable(p, "golden", why_not(p), "no games"))
            continue
        g0, g1 = t.iloc[0], t.iloc[1]
        out.append(
            {
                "profile": p,
                "question": "golden",
                "figure": f"{fmt_ci(g1.value, g1.low, g1.high)} with {label(sets[p][1], p)}, "
                f"{fmt_ci(g0.value, g0.low, g0.high)} without ({PLAY_WORDS[runs[p].outcomes]} games)",
                # compare widens a game figure's interval where its pool draws repeat
                "widened": any(d.repeats for (q, _), d in drawn.items() if q == p),
                "n": f"{n_games:,} paired games per rule set",
            }
        )
    return out
