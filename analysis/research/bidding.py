"""Bidding questions as players ask them: bids made in play, hand classes, calibration.

:func:`auctions` reads simulated games (:func:`analysis.research.game_tables.simulated_games`)
into one row per auction won: the declarer's position at the table (first,
second or third hand: the first hand is the dealer's left and opens with a
forced 100, RULES.md "Bidding"), the winning bid, and how the deal ended
(made, failed, written off).  :func:`bid_success` is the share of bids made
by bid and position, the first hand's forced 100 (everyone else passed) on
its own row.  Every cell's interval, whether it counts events or none, is
made one way (:func:`analysis.research.uncertainty.deal_clustered_share`): Clopper–Pearson on an
effective number of independent auctions (Korn and Graubard), the
cluster-robust estimate (clusters: pool deals where games drew one more
than once, as own-information games from a small single-dummy pool do;
else games), never more than the cell's distinct deals (draws of one deal
are not independent), and the distinct deals themselves where the share is
0 or 1 and the clusters give no variance; never narrower than the binomial
interval on the auctions.  So a cell with no event and one with a single
event rest on the same count of deals and their intervals can be compared.

:func:`hand_classes` groups the pool's hands as players describe them: aces
and tens, marriage points against card points, and the 10-card hand after
the widow.  :func:`calibration_verdict` says in words whether a model's
predictions sit inside the observed shares' intervals.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as st

from .. import cards
from ..game import players_in
from ..rules import as_rules
from .contract_odds import cluster_ci
from .tables import and_list, fmt_num, fmt_p
from .uncertainty import deal_clustered_share

__all__ = [
    "POSITIONS",
    "BID_GROUPS",
    "FORCED",
    "OPENING",
    "MIN_DEALS",
    "point_range",
    "first_hand_label",
    "auctions",
    "bid_success",
    "interval_method",
    "hand_classes",
    "calibration_verdict",
]

#: The declarer's position, counted from the dealer's left (RULES.md, "Bidding").
POSITIONS = ("first hand", "second hand", "third hand (dealer)")
#: At a table of four the dealer rests; the third hand is the player before him
#: (RULES.md, "Four players").
_POSITIONS_FOUR = ("first hand", "second hand", "third hand")

#: Groups of winning bids (left-closed bounds in points), the forced 100 apart:
#: a bid of 100 is only ever the first hand's (he opens with it, RULES.md
#: "Bidding"; everyone after him must raise), so the first group holds 105–115.
BID_GROUPS = (
    ("105–115", 105, 120),
    ("120", 120, 125),
    ("125–135", 125, 140),
    ("140–155", 140, 160),
    ("160 and more", 160, 1001),
)
FORCED = "first hand's forced 100"
#: Where the first hand must open *at least* 100 (``opening_bid_exact`` off:
#: classic, book, wiki), his 100 kept is his own choice, not forced.
OPENING = "first hand's opening 100"
#: Classes (bids, hands) on fewer distinct deals than this are not shown with a share.
MIN_DEALS = 30


def first_hand_label(rules) -> str:
    """The label of the first hand's 100 kept (everyone else passed) under ``rules``.

    Parameters
    ----------
    rules : str or Rules

    Returns
    -------
    str
        :data:`FORCED` where the opening bid is exactly 100 (club, ua),
        else :data:`OPENING` (he must bid at least 100; RULES.md, "Bidding").

    Examples
    --------
    >>> first_hand_label("club"), first_hand_label("book")
    ("first hand's forced 100", "first hand's opening 100")
    """
    return FORCED if as_rules(rules).opening_bid_exact else OPENING


def auctions(games: pd.DataFrame) -> pd.DataFrame:
    """One row per auction won in simulated games (redeals left out).

    Parameters
    ----------
    games : pandas.DataFrame
        Rows of :func:`analysis.game.simulate` (``redealt``, ``declarer``,
        ``first_hand``, ``bid``, ``contract``, ``written_off``, ``value``,
        ``game_id``).

    Returns
    -------
    pandas.DataFrame
        ``game_id``, ``position`` (a :data:`POSITIONS` label; at a table
        of four, with player 3's columns, the third hand is the player
        before the resting dealer and is labelled ``third hand``), ``bid``,
        ``contract`` (points), ``group`` (a :data:`BID_GROUPS` label or
        :data:`FORCED`, the first hand's 100), and bools ``made`` (played
        and the declarer's value reached his contract), ``written_off``,
        ``failed``; ``pool_deal`` (the pool row the deal was drawn from, −1
        for a deal solved on the fly) where the games have it.

    Raises
    ------
    ValueError
        If a winning bid falls in no group (a 100 won by another player
        than the first hand, or a bid under 100): the groups' labels would
        no longer say what they hold.
    """
    g = games[~games["redealt"].to_numpy(bool) & (games["declarer"].to_numpy() >= 0)]
    n = players_in(games)
    pos = (g["declarer"].to_numpy(np.int64) - g["first_hand"].to_numpy(np.int64)) % n
    bid = g["bid"].to_numpy(np.int64)
    wo = g["written_off"].to_numpy(bool)
    made = ~wo & (g["value"].to_numpy(np.int64) >= g["contract"].to_numpy(np.int64))
    group = np.full(len(g), "", dtype=object)
    for label, lo, hi in BID_GROUPS:
        group[(bid >= lo) & (bid < hi)] = label
    group[(bid == 100) & (pos == 0)] = FORCED
    if (group == "").any():
        odd = sorted({(int(b), int(q)) for b, q in zip(bid[group == ""], pos[group == ""])})
        raise ValueError(f"winning bids in no group (bid, position from the first hand): {odd[:5]}")
    pool = {"pool_deal": g["pool_deal"].to_numpy(np.int64)} if "pool_deal" in g else {}
    return pd.DataFrame(
        {
            "game_id": g["game_id"].to_numpy(),
            **pool,
            "position": np.array(POSITIONS if n == 3 else _POSITIONS_FOUR, dtype=object)[pos],
            "bid": bid,
            "contract": g["contract"].to_numpy(np.int64),
            "group": group,
            "made": made,
            "written_off": wo,
            "failed": ~wo & ~made,
        }
    )


def bid_success(auc: pd.DataFrame, by=("group", "position")) -> pd.DataFrame:
    """Share of auctions won whose bid was made, written off or failed.

    Parameters
    ----------
    auc : pandas.DataFrame
        :func:`auctions`.
    by : sequence of str
        Columns to group by.

    Returns
    -------
    pandas.DataFrame
        Per group: ``auctions``, ``games`` (distinct games), ``deals``
        (distinct pool deals, a deal solved on the fly each its own, or
        auctions where no pool deal repeats), ``p`` (made), ``ci_low``,
        ``ci_high`` (95 %, :func:`deal_clustered_share`: clustered by pool
        deal where one repeats, else by game, on at most the distinct
        deals), ``written_off`` and ``failed`` (shares) each with ``_low``
        and ``_high`` (95 %, the same method).
    """
    rows = {}
    order = {g: i for i, g in enumerate([FORCED] + [b[0] for b in BID_GROUPS])}
    repeats = _repeats(auc) and len(auc)
    for key, sub in auc.groupby(list(by), sort=False):
        if repeats:  # a deal solved on the fly (pool_deal −1) is its own
            d = sub["pool_deal"].to_numpy(np.int64)
            clusters = np.where(d >= 0, d, -1 - np.arange(len(d)))
            deals = len(np.unique(clusters))
        else:
            clusters, deals = sub["game_id"].to_numpy(), len(sub)
        shares = {
            col: deal_clustered_share(sub[col].to_numpy(), clusters, deals)
            for col in ("made", "written_off", "failed")
        }
        p, lo, hi = shares.pop("made")
        rows[key if isinstance(key, tuple) else (key,)] = {
            "auctions": len(sub),
            "games": int(sub["game_id"].nunique()),
            "deals": int(deals),
            "p": p,
            "ci_low": lo,
            "ci_high": hi,
            **{
                f"{col}{suffix}": float(v)
                for col, trio in shares.items()
                for suffix, v in zip(("", "_low", "_high"), trio)
            },
        }
    out = pd.DataFrame.from_dict(rows, orient="index")
    keys = [(order.get(k[0], 99), *k) for k in out.index]
    out = out.iloc[sorted(range(len(keys)), key=lambda i: keys[i])]
    if len(by) == 1:
        out.index = pd.Index([k[0] for k in out.index], name=by[0])
    else:
        out.index = pd.MultiIndex.from_tuples(out.index, names=list(by))
    return out


def _repeats(auc: pd.DataFrame) -> bool:
    """Whether some pool deal is behind more than one of the auctions."""
    if "pool_deal" not in auc:
        return False
    pool = auc["pool_deal"].to_numpy(np.int64)
    return len(np.unique(pool[pool >= 0])) < int((pool >= 0).sum())


def interval_method(auc: pd.DataFrame) -> str:
    """The method of :func:`bid_success`'s intervals for these auctions, in words.

    Parameters
    ----------
    auc : pandas.DataFrame
        :func:`auctions`.

    Returns
    -------
    str
        Clopper–Pearson on the effective auctions, clustered by pool deal
        where a pool deal is behind more than one auction, else by game.

    Examples
    --------
    >>> import pandas as pd
    >>> interval_method(pd.DataFrame({"pool_deal": [3, 4, 5]}))
    'Clopper–Pearson on the effective auctions, clustered by game, at least the binomial'
    >>> interval_method(pd.DataFrame({"pool_deal": [3, 3, 5]}))
    'Clopper–Pearson on the effective auctions, clustered by pool deal, at most one per distinct deal'
    """
    head = "Clopper–Pearson on the effective auctions, clustered by "
    if _repeats(auc):
        return head + "pool deal, at most one per distinct deal"
    return head + "game, at least the binomial"


def point_range(rules=None, cards_held: int = 7) -> tuple[int, int]:
    """The fewest and the most card points a hand of ``cards_held`` cards can hold in play.

    By the cards alone, the 7 lowest cards are four 9s and three jacks (6
    points) and the 7 highest four aces and three tens (74); 10 cards hold
    14 to 92.  Under ``rules`` whose redeals are forced, a hand under
    ``redeal_hand_under`` points is redealt before the bidding and a widow
    under ``redeal_widow_under`` points when it is shown, so the 7 cards
    hold at least the first, the 10 after the widow at least both.

    Parameters
    ----------
    rules : str or Rules, optional
        The profile (default: by the cards alone).
    cards_held : {7, 10}
        The hand dealt, or the hand with the widow.

    Returns
    -------
    (least, most) : ints
        Card points.

    Examples
    --------
    >>> point_range("club"), point_range("club", 10), point_range("classic")
    ((14, 74), (19, 92), (6, 74))
    """
    pts = np.sort(cards.CARD_POINTS)
    least, most = int(pts[:cards_held].sum()), int(pts[-cards_held:].sum())
    if rules is not None:
        r = as_rules(rules)
        if r.redeal_claim == "forced":
            hand = int(r.redeal_hand_under)
            least = max(least, hand if cards_held == 7 else hand + int(r.redeal_widow_under))
    return least, most


def hand_classes(rows: pd.DataFrame, contract: int = 120, rules=None) -> dict:
    """P(double-dummy value ≥ ``contract``) by the hand classes players use.

    Parameters
    ----------
    rows : pandas.DataFrame
        :func:`analysis.research.contract_odds.played_rows` (``hand``,
        ``widow``, ``hand_points``, ``value``, ``deal_id``).
    contract : int
        Points.
    rules : str or Rules, optional
        The profile the rows are played under: card points are binned by
        ten and each bin named by the points its hands can hold
        (:func:`point_range`: ``'14–19'`` in club, whose hands under 14
        points are redealt; ``'70–74'`` for 7 cards).  Default: by the
        cards alone.

    Returns
    -------
    dict of str -> pandas.DataFrame
        ``aces and tens`` (index: aces 0–4, tens 0–4 in the 7 cards),
        ``marriages and points`` (index: the set of marriages held, by suit
        with its total value, e.g. ``'♥ + ♠ (140)'`` or ``'none'``, sorted
        by total value, the same total in two sets kept apart; card points
        in bins of 10), ``after the widow`` (index: card points
        of the 10 cards in bins of 10, the set of marriages among them as
        above), each with
        ``hands``, ``deals``, ``p``, ``ci_low``, ``ci_high`` (clustered by
        deal).  Every hand is in one group of each table;
        groups on fewer than :data:`MIN_DEALS` distinct deals are kept (a
        page shows no share there, but the hands are counted).
    """
    hand = rows["hand"].to_numpy(np.uint32)
    ten = hand | rows["widow"].to_numpy(np.uint32)
    made = rows["value"].to_numpy(np.int64) >= contract
    deal = rows["deal_id"].to_numpy()

    def pts(x, held):
        least, most = point_range(rules, held)
        lo = (np.asarray(x) // 10) * 10
        ends = [(max(a, least), min(a + 9, most)) for a in lo]
        return np.array([f"{a}–{b}" if a < b else f"{a}" for a, b in ends], dtype=object), lo

    keys = {
        "aces and tens": (
            ("aces", cards.count_rank(hand, cards.ACE).astype(np.int64)),
            ("tens", cards.count_rank(hand, cards.TEN).astype(np.int64)),
        ),
        "marriages and points": (
            ("marriages held (points)", _marriage_sets(hand)),
            ("card points of the 7 cards", pts(rows["hand_points"].to_numpy(np.int64), 7)),
        ),
        "after the widow": (
            ("card points of the 10 cards", pts(cards.card_points(ten).astype(np.int64), 10)),
            ("marriages among them (points)", _marriage_sets(ten)),
        ),
    }
    out = {}
    for name, ((n1, k1), (n2, k2)) in keys.items():
        a, asort = (k1, k1) if not isinstance(k1, tuple) else k1
        b, bsort = (k2, k2) if not isinstance(k2, tuple) else k2
        frame = pd.DataFrame({"a": a, "b": b, "sa": asort, "sb": bsort})
        res = []
        for (_, _, va, vb), idx in frame.groupby(["sa", "sb", "a", "b"], sort=True).indices.items():
            _, n, d, p, lo, hi = cluster_ci(made[idx], deal[idx])
            res.append(
                {n1: va, n2: vb, "hands": int(n), "deals": int(d), "p": p, "ci_low": lo, "ci_high": hi}
            )
        cols = [n1, n2, "hands", "deals", "p", "ci_low", "ci_high"]
        out[name] = pd.DataFrame(res, columns=cols).set_index([n1, n2])
    return out


def _marriage_sets(hand: np.ndarray):
    """Each hand's marriages as a label (highest suit first, with the total) and its sort key."""
    held = np.asarray(cards.marriage_suits(hand), dtype=np.int64)  # 4-bit set, ♠ = bit 0
    names = []
    for code in range(16):
        suits = [s for s in (3, 2, 1, 0) if code >> s & 1]
        total = sum(cards.MARRIAGE_VALUES[s] for s in suits)
        names.append(" + ".join(cards.SUIT_SYMBOLS[s] for s in suits) + f" ({total})" if suits else "none")
    return np.array(names, dtype=object)[held], cards.marriage_points(hand)


def calibration_verdict(cal: pd.DataFrame, alpha: float = 0.05) -> tuple[str, float]:
    """Whether a model's predictions agree with the observed shares, in words, both ways.

    Parameters
    ----------
    cal : pandas.DataFrame
        Rows of :func:`analysis.research.contract_odds.calibration`
        (``predicted``, ``p``, ``ci_low``, ``ci_high``, shares 0–1) for one
        or more contracts; with several, indexed by ``contract`` first
        (``pd.concat(..., names=["contract"])``).
    alpha : float
        Level of the test.

    Returns
    -------
    (str, float)
        The verdict and the p-value of the chi-square test that every
        bin's observed share equals its mean prediction (the bins' standard
        errors from their 95 % intervals; bins are disjoint sets of hands,
        taken as independent; one degree of freedom per bin with a width),
        which the text states with its statistic (``χ² = 812.4 on 30
        degrees of freedom, p < 0.001``:
        :func:`~analysis.research.tables.fmt_p`).  The text counts the
        bins whose interval holds the prediction, and names where the model *under*estimates
        (the observed share's interval lies above the prediction) and where
        it *over*estimates (below): each bin by contract and by its label
        (``bin``, the disjoint ranges of predictions of
        :func:`~analysis.research.contract_odds.calibration`, as the page's
        calibration table prints them; without it, by its mean
        prediction), and the largest gap (percentage points).
    """
    se = (cal["ci_high"] - cal["ci_low"]).to_numpy(float) / (2 * st.norm.ppf(0.975))
    dev = (cal["p"] - cal["predicted"]).to_numpy(float)
    ok = se > 0
    chi2 = float(np.sum((dev[ok] / se[ok]) ** 2))
    dof = int(ok.sum())
    pval = float(st.chi2.sf(chi2, dof)) if ok.any() else 1.0
    test = f"χ² = {fmt_num(chi2, 1)} on {dof} degrees of freedom, {fmt_p(pval)}"
    pred = cal["predicted"].to_numpy(float)
    under = cal["ci_low"].to_numpy(float) > pred
    over = cal["ci_high"].to_numpy(float) < pred
    inside = len(cal) - int(under.sum()) - int(over.sum())
    worst = int(np.argmax(np.abs(dev)))
    w = cal.iloc[worst]
    text = (
        f"{inside} of {len(cal)} bins (hands grouped by predicted chance) hold the prediction inside the "
        f"observed share's 95 % interval. "
    )
    for mask, word, side in ((under, "underestimates", "above"), (over, "overestimates", "below")):
        if mask.any():
            text += (
                f"The model {word} the chance in {int(mask.sum())} bin{'s' if mask.sum() != 1 else ''} "
                f"(observed {side} the prediction): "
                f"{_where(cal, mask)}. "
            )
        else:
            text += f"It {word} it in no bin beyond the noise. "
    # gaps between the figures as printed (one decimal), so the words match the numbers shown
    shown = np.abs(np.round(100 * cal["p"].to_numpy(float), 1) - np.round(100 * pred, 1))
    text += (
        f"The largest gap is {shown[worst]:.1f} percentage points (predicted "
        f"{100 * w['predicted']:.1f} %, observed {100 * w['p']:.1f} %). "
    )
    if pval >= alpha:
        text += f"Verdict: calibrated within the noise ({test})."
    else:
        text += (
            f"Verdict: not calibrated ({test}); a bidder reading the model should "
            "correct it in the bins named, by up to "
            f"{shown[under | over].max():.1f} percentage points."
            if (under | over).any()
            else f"Verdict: not calibrated overall ({test}), though no single bin misses beyond its interval."
        )
    return text, pval


def _where(cal: pd.DataFrame, mask: np.ndarray) -> str:
    """The calibration bins of a mask, each by its label, grouped by contract."""
    if "bin" in cal:
        label = cal["bin"].astype(str).to_numpy()
    else:  # a bin by its mean prediction
        label = np.array([f"{100 * x:.0f} %" for x in cal["predicted"].to_numpy(float)], dtype=object)
    contract = (
        cal.index.get_level_values("contract").to_numpy()
        if "contract" in (cal.index.names or [])
        else np.full(len(cal), None)
    )
    parts = []
    for c in dict.fromkeys(contract[mask]):
        said = and_list(label[mask & (contract == c)])
        parts.append(f"predicted {said}" if c is None else f"contract {c}, predicted {said}")
    return "; ".join(parts)
