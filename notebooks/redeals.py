# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # How often is a deal redealt?
#
# **Answers**: how often each redeal condition of the five profiles fires,
# and at which hand and widow thresholds, on the 100,000 deals of the `club`
# reference pool, each beside its exact probability.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`; the end of the page says how long this run took.
#
# **Quick sizes** (2,000 deals): set `QUICK = True` in the parameters cell
# below, or start the lab with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# Each profile of RULES.md ("Redeals") throws some deals back before play:
# a hand with four 9s or too few card points before bidding, a poor widow
# (or two 9s in it) when the widow is shown.  In `club` the table must
# redeal (*forced*); in `book` and `wiki` the holder *may claim* it.  This
# notebook counts how often each condition fires on one sample of uniformly
# random deals — the same deals for every profile and every threshold — and
# puts every Monte Carlo frequency (95 % interval: Wilson, Clopper–Pearson
# near 0 or 1) beside its exact value (the package's exact enumeration of
# rank-count tables, no sampling).
#
# The after-exchange stage (four 9s, or `book`'s 8-card hand under 15,
# after the gift) depends on the declarer's choice of gift and is not a
# property of the deal; the solutions dataset records it per deal and seat
# (docs/DATA.md, the redeal after the gift), and the section "Deals dealt
# per deal played" gives its exact bounds.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
PROFILES = ["club", "classic", "book", "ua", "wiki"]
SEED = 1000                          # the reference pools' seed (their deals are read, not dealt)
N_DEALS = 2_000 if QUICK else 10**9  # at most this many of the club pool's deals
HAND_THRESHOLDS = [13, 14, 15]       # redeal_hand_under values to compare
WIDOW_THRESHOLDS = [3, 5, 6, 8]      # redeal_widow_under values to compare

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats
from IPython.display import Markdown, display

from analysis.redeal import features
from analysis.research import plots, redeals

T0 = time.perf_counter()
plots.use_style()
pd.set_option("display.precision", 4)
from analysis.research import dd_pools

DIGITS = 2  # decimals of every share, Monte Carlo and exact alike: they are read side by side


def share_cells(t, name):
    """The Monte Carlo share (95 % CI) and the exact value of each row, to the same decimals; a
    condition the rules never meet (exact 0) is said so, not given an interval of no width."""
    return pd.DataFrame({
        name: ["none by rule" if x == 0 else notebook.fmt_ci(p, lo, hi, DIGITS)
               for p, lo, hi, x in zip(t["p"], t["ci_low"], t["ci_high"], t["exact"])],
        "exact": [notebook.fmt_pct(x, DIGITS) for x in t["exact"]]}, index=t.index)


display(Markdown(notebook.back_link()))
masks = dd_pools.pool_masks("club")[:N_DEALS]
ref = dd_pools.reference_pool("club")
N = len(masks)
feats = features(masks)
notebook.provenance(PROFILES, SEED, deals=N, reference_pool=f"club ({ref.content_hash})")

# %% [markdown]
# ## Every condition, per profile
#
# *Share of deals* is the share of deals dealt where the condition holds (a union over
# the three hands where it concerns a hand).  The widow stage is counted on
# every deal, whatever happened before bidding; *the deal is redealt* is
# the union of both stages.  The deals are those of the `club` reference
# pool (redeal conditions depend on the cards alone, so one sample serves
# every profile).  *z* is the Monte Carlo deviation from the exact value in
# standard errors: it should mostly stay within ±2.

# %%
table = redeals.profile_redeals(feats, PROFILES)
table["claim"] = table["claim"].replace("—", "no redeals")
shown = notebook.ci_table(table, keep=("stage", "claim", "count")).drop(columns="estimate (95 % CI)")
shown = shown.rename(columns={"claim": "who redeals", "count": "deals meeting it"}).join(
    share_cells(table, "share of deals (95 % CI)"))
# a condition the rules never meet cannot deviate from its exact 0: said so, not "+0.00"
shown["z (standard errors)"] = ["none by rule" if x == 0 else notebook.fmt_num(z, 2, signed=True)
                                for z, x in zip(table["z"], table["exact"])]
# a stage's "any" row that counts exactly the deals of one of its conditions says so
# (wiki: a widow under 3 points always holds two 9s)
cond = table["condition"].copy()
for (prof, event), r in table.iterrows():
    if event in ("redeal_bidding", "redeal_widow"):
        same = table.loc[prof][(table.loc[prof]["stage"] == r["stage"]) & (table.loc[prof].index != event)
                               & (table.loc[prof]["count"] == r["count"])]
        if len(same):
            cond.loc[(prof, event)] = f"{r['condition']} (the same deals as: {same['condition'].iloc[0]})"
shown.index = pd.MultiIndex.from_arrays([table.index.get_level_values("profile"), cond],
                                        names=["profile", "condition"])
shown

# %%
total = table.xs("redeal_before_play", level="event")
ranked = total.sort_values("p", ascending=False)
top, none = ranked.iloc[0], [p for p in PROFILES if total.loc[p, "count"] == 0]
display(Markdown(
    f"**Conclusion.** Counting the conditions of the deal itself (the redeals after the exchange, which "
    f"depend on the declarer's gift, are not in these figures), of {N:,} deals {ranked.index[0]} redeals "
    "the most: "
    f"{notebook.fmt_ci(top['p'], top['ci_low'], top['ci_high'], DIGITS)} of deals "
    f"(exact {notebook.fmt_pct(top['exact'], DIGITS)}, one deal in {1 / top['exact']:.1f}); "
    + "; ".join(f"{p} {notebook.fmt_pct(total.loc[p, 'exact'], DIGITS)} ({total.loc[p, 'claim']})"
                for p in ranked.index[1:] if p not in none)
    + (f"; {', '.join(none)} never redeal for such a condition" if none else "")
    + "."))
# one sample serves every row: the rows that count distinct sets of deals, and the widow stage's
distinct = redeals.distinct_rows(table)
beyond = distinct[distinct["z"].abs() > 2]
widow = distinct[distinct["stage"] == "widow shown"]
z_max = float(distinct["z"].abs().max())
p_one = 2 * stats.norm.sf(z_max)  # one condition this far out, two-sided
p_any = 1 - (1 - p_one) ** len(distinct)  # Šidák: any of them, at most this whatever their correlation
# the words follow the signs: positive z, the sample counts more such deals than expected
unions = distinct[(distinct.index.get_level_values("event") == "redeal_before_play")
                  & distinct.index.get_level_values("profile").isin(
                      table[table["stage"] == "widow shown"].index.get_level_values("profile"))]
way, union_way = redeals.direction(widow["z"]), redeals.direction(unions["z"])
zs_said = ", ".join(f"{r['condition']} {notebook.fmt_num(r['z'], 2, signed=True)}" for _, r in widow.iterrows())
unions_said = ", ".join(f"{p} {notebook.fmt_num(z, 2, signed=True)}"
                        for (p, _), z in unions["z"].items())
if not len(widow):
    widow_said = "No profile here has a widow-stage condition."
elif way is None:
    widow_said = (f"The widow-stage conditions deviate both ways ({zs_said}), though they count overlapping "
                  "deals (a widow under 3 points is also under 5, and holds two 9s): their deviations are "
                  "not independent, so they are not several separate findings about this sample.")
else:
    widow_said = (
        f"Every widow-stage condition runs {way} ({zs_said})"
        + (f", and so do the 'redealt' unions that contain them ({unions_said})" if union_way == way else
           f"; the 'redealt' unions that contain them do not all follow ({unions_said})")
        + ": these conditions count overlapping deals (a widow under 3 points is also under 5, and holds "
        f"two 9s), so one sample with slightly {'more' if way == 'high' else 'fewer'} poor widows than expected "
        "moves them together; they are one deviation of this sample, not several independent ones "
        "(the same happens in the threshold sweep below, whose sign test shows how a test that takes them as "
        "independent misleads).")
display(Markdown(
    f"**Agreement with the exact values.** The table's {len(table)} rows count {len(distinct)} distinct sets "
    f"of deals (a condition repeats across profiles, and a stage's 'any' row may repeat one condition; "
    f"classic and ua meet none). {len(distinct) - len(beyond)} of these {len(distinct)} are within 2 standard "
    "errors of their exact value"
    + (("; " + ", ".join(f"{r['condition']} ({notebook.fmt_num(r['z'], 2, signed=True)})"
                         for _, r in beyond.iterrows()) + " lie beyond") if len(beyond) else "")
    + ". " + widow_said + " "
    f"One given condition deviates by {notebook.fmt_num(z_max, 2)} standard errors "
    f"or more with two-sided probability {notebook.fmt_num(p_one, 3)}; the largest of {len(distinct)} "
    f"correlated conditions does so with a probability between that and {notebook.fmt_num(p_any, 3)} "
    "(Šidák's bound, which holds whatever their correlation): "
    + ("not unusual for a fair sample" if p_one >= 0.05 else
       "unusual for one condition, but not rare enough among them all to suspect the sample" if p_any >= 0.05 else
       "rare enough to suspect the sample")
    + "; the exact values are exact enumerations, so any deviation is the sample's."))

# %%
fig, ax = plt.subplots(figsize=(8, 3.5))
claim = total["claim"]
plots.interval_dots(ax, [f"{p} ({c})" for p, c in zip(total.index, claim)],
                    total["p"], total["ci_low"], total["ci_high"], exact=total["exact"],
                    xlabel="deals redealt by a condition of the deal itself (% of deals dealt)")
ax.set_title(f"Redeals on the deal's own conditions, before bidding or at the widow, per profile\n"
             f"(after-exchange redeals not included; {N:,} deals)")
plt.show()

# %%
atomic = ["four_nines_any", "hand_under_any", "widow_under", "widow_two_nines"]
hands = table[table.index.get_level_values("event").isin(atomic)]
fig, ax = plt.subplots(figsize=(8, 0.45 * len(hands) + 1.5))
plots.interval_dots(ax, [f"{p}: {c}" for (p, _), c in zip(hands.index, hands["condition"])],
                    hands["p"], hands["ci_low"], hands["ci_high"], exact=hands["exact"],
                    xlabel="share of deals dealt (%, log scale)", log=True)
ax.set_title("Each redeal condition (Monte Carlo and exact)")
plt.show()

# %% [markdown]
# ## Deals dealt per deal played
#
# A redeal is a fresh independent deal, so the number of deals dealt until
# one is played is geometric with mean 1 / (1 − p).  The first two columns
# count the conditions of the deal itself (before bidding and at the
# widow): they give the deals dealt per deal that *reaches the exchange*.
# A profile with an after-exchange condition (club: four 9s, forced; book:
# an 8-card hand under 15 or four 9s, claimable; wiki: four 9s, claimable)
# redeals some of those deals too, depending on the declarer's gift: the
# last columns give the exact deals dealt per deal *played* between the
# gift that causes it only where every gift does and the one that causes
# it wherever it can (an exact enumeration, like the exact column).  Both count every
# condition as acted on: a claimable condition as claimed (a table that
# claims none deals 1.000 per deal played).

# %%
d, lo, hi = redeals.deals_per_played(total["p"], total["ci_low"], total["ci_high"])
bounds = pd.DataFrame({p: redeals.played_bounds(p) for p in PROFILES}).T
NONE = "none by rule"


def after_cell(p, key):
    b = bounds.loc[p]
    return notebook.fmt_num(float(b[key]), 3) if b["after_exchange"] else f"{notebook.fmt_num(1.0, 3)} ({NONE})"


dpp = pd.DataFrame({
    "who redeals": total["claim"],
    "dealt per deal reaching the exchange (95 % CI)": [
        f"{notebook.fmt_num(1.0, 3)} (no redeals by rule: no interval)" if x == 0 else notebook.fmt_num_ci(a, b, c, 3)
        for a, b, c, x in zip(d, lo, hi, total["exact"])],
    "dealt per deal reaching the exchange, exact": [notebook.fmt_num(x, 3)
                                                    for x in redeals.deals_per_played(total["exact"])],
    "after-exchange redeals per deal reaching it, exact": [
        f"{notebook.fmt_pct(bounds.loc[p, 'q_low'], 2)} to {notebook.fmt_pct(bounds.loc[p, 'q_high'], 2)}"
        if bounds.loc[p, "after_exchange"] else NONE for p in PROFILES],
    "dealt per deal played, exact: at least": [after_cell(p, "low") for p in PROFILES],
    "at most": [after_cell(p, "high") for p in PROFILES]}, index=total.index)
display(notebook.same_figures(dpp))
with_after = [p for p in PROFILES if bounds.loc[p, "after_exchange"]]
display(Markdown(
    "**Conclusion.** Counting the after-exchange redeals, a played deal costs "
    + "; ".join(f"{p} {notebook.fmt_num(bounds.loc[p, 'low'], 3)} to {notebook.fmt_num(bounds.loc[p, 'high'], 3)} "
                f"deals dealt ({total.loc[p, 'claim']}"
                + (", every claim made" if total.loc[p, "claim"] == "claimable" else "") + ")"
                for p in with_after)
    + ". The deal-only figures of the first columns are lower bounds of the deals dealt per deal "
      "played wherever an after-exchange condition exists; where a table falls between the bounds "
      "depends on its declarers' gifts."))

# %% [markdown]
# ## Thresholds as a house convention
#
# The hand threshold (`redeal_hand_under`: club 14, wiki 14 or 13–15 by
# agreement) and the widow threshold (`redeal_widow_under`: club and book 5,
# wiki 3) on the same deals, with the other `club` conventions (four 9s)
# kept.

# %%
sweep = redeals.threshold_sweep(feats, HAND_THRESHOLDS, WIDOW_THRESHOLDS)
single = pd.concat({
    "hand under t (before bidding)": sweep.xs(WIDOW_THRESHOLDS[0], level="widow_under")[
        ["count_hand", "p_hand", "ci_low_hand", "ci_high_hand", "exact_hand"]].set_axis(
        ["count", "p", "ci_low", "ci_high", "exact"], axis=1),
    "widow under t (widow shown)": sweep.xs(HAND_THRESHOLDS[0], level="hand_under")[
        ["count_widow", "p_widow", "ci_low_widow", "ci_high_widow", "exact_widow"]].set_axis(
        ["count", "p", "ci_low", "ci_high", "exact"], axis=1)},
    names=["condition", "threshold t (card points)"])
notebook.ci_table(single, keep=("count",)).drop(columns="estimate (95 % CI)").rename(
    columns={"count": "deals meeting it"}).join(share_cells(single, "share of deals (95 % CI)"))

# %%
fig, ax = plt.subplots()
# a threshold is a whole number of card points: one dot per threshold, not a line between them
shifts = 0.12 * (np.arange(len(WIDOW_THRESHOLDS)) - (len(WIDOW_THRESHOLDS) - 1) / 2)
for w, dx in zip(WIDOW_THRESHOLDS, shifts):
    s = sweep.xs(w, level="widow_under")
    plots.interval_points(ax, s.index, s["p"], s["ci_low"], s["ci_high"], shift=dx,
                          label=f"widow under {w}", xlabel="hand threshold (card points)",
                          ylabel="deals redealt before play (%)")
    ax.plot(s.index + dx, 100 * s["exact"], "k+", ms=10)
ax.plot([], [], "k+", label="exact")
ax.set_xticks(HAND_THRESHOLDS)
ax.legend(title="club with", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Redeal rate by threshold (whiskers: 95 % CI)")
plt.show()

# %%
sw = notebook.ci_table(sweep, keep=("count",)).drop(columns="estimate (95 % CI)").rename(
    columns={"count": "deals redealt"}).join(share_cells(sweep, "redealt (95 % CI)")).assign(
    **{"z (standard errors)": [notebook.fmt_num(z, 2, signed=True) for z in sweep["z"]]})
sw.index = sw.index.set_names(["hand under (points)", "widow under (points)"])
lo_t, hi_t = sweep["exact"].idxmin(), sweep["exact"].idxmax()
h0, h1, w0, w1 = HAND_THRESHOLDS[0], HAND_THRESHOLDS[-1], WIDOW_THRESHOLDS[0], WIDOW_THRESHOLDS[-1]
by_widow = 100 * (sweep.loc[(h0, w1), "exact"] - sweep.loc[(h0, w0), "exact"])
by_hand = 100 * (sweep.loc[(h1, w0), "exact"] - sweep.loc[(h0, w0), "exact"])
display(sw)
display(Markdown(
    f"**Conclusion.** The thresholds move the redeal rate from {notebook.fmt_pct(sweep['exact'].min(), DIGITS)} "
    f"(hand under {lo_t[0]}, widow under {lo_t[1]}) to {notebook.fmt_pct(sweep['exact'].max(), DIGITS)} "
    f"(hand under {hi_t[0]}, widow under {hi_t[1]}), exact values; the "
    f"{'widow' if by_widow > by_hand else 'hand'} threshold weighs more over these ranges: at hand under {h0}, "
    f"raising the widow's from {w0} to {w1} adds {by_widow:.2f} percentage points; at widow under {w0}, "
    f"raising the hand's from {h0} to {h1} adds {by_hand:.2f}. {notebook.ROUNDING_NOTE}"))

# %% [markdown]
# ### Are the sweep's z-scores all of one sign by chance?
#
# Every cell of the sweep counts the same deals: a deal redealt under the
# hand threshold 13 is redealt under 14 and 15, and so on, so the twelve
# z-scores are strongly correlated (they share most of their redealt
# deals) — a sample that happens to have a few more or fewer poor hands
# than expected moves all of them the same way.  One sign is then what
# chance looks like, not a bias; a bias would show as |z| growing with the
# sample.  The sign test below (`scipy.stats.binomtest`, two-sided, the
# signs as fair coins) treats the cells as independent, which they are not,
# so its p-value is shown only to say how misleading that is.

# %%
zs = sweep["z"].to_numpy()
neg, signed = int((zs < 0).sum()), int((zs != 0).sum())
sign_p = stats.binomtest(neg, signed, 0.5).pvalue if signed else 1.0
display(Markdown(
    f"z-scores of the sweep: {', '.join(notebook.fmt_num(z, 2, signed=True) for z in zs)}; "
    f"{neg} of {signed} non-zero ones negative. The sign test as if the cells were independent gives "
    f"p = {sign_p:.2g} (two-sided){': it would call this a bias' if sign_p < 0.05 else ''}; "
    "their correlation comes from the shared "
    f"deals: the cell with the most redeals holds {int(sweep['count'].max()):,} deals, "
    f"the one with the fewest {int(sweep['count'].min()):,}, all inside the former."))

# %% [markdown]
# ## Precision of this run

# %%
hw = notebook.max_half_width(table)
four = table.xs("four_nines_any", level="event").iloc[0]
worst_z = float(table["z"].abs().max())
display(Markdown(
    f"With {N:,} deals the widest 95 % interval of the per-profile table has a "
    f"half-width of **{100 * hw:.3f} percentage points**; the rarest condition, four 9s in "
    f"some hand ({100 * four['exact']:.2f} %), is known to ±"
    f"{50 * (four['ci_high'] - four['ci_low']):.3f} percentage points. "
    f"The largest |z| against the exact values is {worst_z:.2f} over the {len(distinct)} distinct sets of "
    f"deals of its {len(table)} rows (rows of one sample are correlated: the same deals serve every profile)."))

# %%
hl = []
for prof in PROFILES:
    r = total.loc[prof]
    applies = bool(r["exact"] > 0)
    hl.append({"profile": prof, "question": "redeal_rate", "applies": applies,
               "figure": (notebook.fmt_ci(r["p"], r["ci_low"], r["ci_high"], DIGITS)
                          + f"; exact {notebook.fmt_pct(r['exact'], DIGITS)} ({r['claim']})")
               if applies else "no redeals by rule",
               "n": f"{N:,} deals dealt"})
_ = notebook.save_headline("redeals", hl)

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes)."))
