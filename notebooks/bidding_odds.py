# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # How likely is a bid to succeed?
#
# For every deal of a solved pool and every seat as declarer, the solver
# gives the **double-dummy value**: the points (cards plus declared
# marriages) the declarer takes after the best exchange and perfect play by
# everyone, every card visible.  A contract *c* is made when the value
# reaches *c*.  This is the declarer's best case — a real declarer does not
# see the other hands — so read the probabilities as upper bounds.
#
# Shares come from pools of random deals, one per set of solver conventions
# (`club` and `classic` play alike); deals the profile redeals by force are
# left out.  All probabilities carry 95 % intervals (Wilson;
# Clopper–Pearson near 0 or 1).  The last section asks `hand_odds` about a
# few well-known hands: the other 17 cards are dealt around the hand many
# times and each deal is solved.

# %% tags=["parameters"]
from analysis.research import setup

QUICK = setup.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(setup.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_DEALS = 20_000 if QUICK else 1_000_000          # deals dataset the pools come from
POOLS = ({"club": 18, "book": 9, "ua": 9, "wiki": 9} if QUICK
         else {"club": 600, "book": 200, "ua": 200, "wiki": 200})   # deals solved per profile
N_HAND_SAMPLES = 6 if QUICK else 150              # deals dealt around each famous hand
FAMOUS = {
    "♥ marriage, aces and tens": "A♥ 10♥ K♥ Q♥ A♠ 10♠ A♣",
    "three aces, three tens": "A♠ 10♠ A♣ 10♣ A♦ 10♦ 9♥",
    "♦ marriage and one ace": "K♦ Q♦ A♠ 9♠ J♣ 9♣ J♥",
}

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.odds.hand import hand_odds
from analysis.research import bidding, data, plots

plots.use_style()
deals = setup.ensure_deals(DATA, N_DEALS, SEED)
rows = {p: bidding.played_rows(data.load_pool(data.ensure_solutions(DATA, deals, p, n)))
        for p, n in POOLS.items()}
setup.provenance(list(POOLS), SEED, deals_dataset=N_DEALS,
                 **{f"solved pool {p} (deals × 3 seats)": n for p, n in POOLS.items()},
                 hand_odds_samples=N_HAND_SAMPLES)

# %% [markdown]
# ## Success probability by contract, per profile
#
# Every seat of every played deal counts as one hand (a random hand, not
# the hand that won the auction).  `club` stands for `classic` too.

# %%
CONTRACTS = list(range(100, 205, 5))
curves = pd.concat({p: bidding.make_curve(r, CONTRACTS) for p, r in rows.items()},
                   names=["profile"])
fig, ax = plt.subplots()
for p in rows:
    c = curves.loc[p]
    plots.interval_lines(ax, c.index, c["p"], c["ci_low"], c["ci_high"],
                         label=f"{p} ({c['hands'].iloc[0]:,} hands)", xlabel="contract (points)",
                         ylabel="P(double-dummy value ≥ contract) (%)", marker=".")
ax.legend(frameon=False)
ax.set_title("A random hand's chance to make each contract (95 % bands)")
plt.show()

# %%
setup.show(curves.unstack("profile")["p"].loc[[100, 120, 140, 160, 200]], pct=tuple(rows))

# %% [markdown]
# ## By the card points of the 7-card hand (club)

# %%
club = rows["club"]
bins = pd.cut(club["hand_points"], bidding.POINT_BINS, right=False)
by_points = bidding.make_by(club, bins.rename("hand points"), [100, 120, 140, 160])
fig, ax = plt.subplots()
for c in [100, 120, 140, 160]:
    s = by_points.xs(c, level="contract")
    x = [f"{int(i.left)}–{int(i.right) - 1}" for i in s.index]
    plots.interval_lines(ax, np.arange(len(x)), s["p"], s["ci_low"], s["ci_high"],
                         label=f"contract {c}", xlabel="card points in the 7-card hand",
                         ylabel="P(make) (%)")
    ax.set_xticks(np.arange(len(x)), x)
ax.legend(frameon=False)
ax.set_title("Success probability by hand points (club, 95 % bands)")
plt.show()

# %%
setup.show(by_points, pct=("p", "ci_low", "ci_high"), digits=1)

# %% [markdown]
# ## The effect of holding each marriage (club)
#
# Hands holding the K and Q of a suit (perhaps more marriages) against
# hands holding no marriage at all.

# %%
mar = bidding.marriage_effect(club, [120, 160, 200])
fig, ax = plt.subplots(figsize=(8, 4.2))
holdings = list(dict.fromkeys(mar.index.get_level_values("holding")))
for j, c in enumerate([120, 160, 200]):
    s = mar.xs(c, level="contract").reindex(holdings)
    y = np.arange(len(holdings))[::-1] + (1 - j) * 0.22
    ax.errorbar(100 * s["p"], y, xerr=[100 * (s["p"] - s["ci_low"]), 100 * (s["ci_high"] - s["p"])],
                fmt="o", capsize=3, label=f"contract {c}")
ax.set_yticks(np.arange(len(holdings))[::-1], holdings)
ax.set_xlabel("P(make) (%)")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Marriages in the 7-card hand (club, 95 % CI)")
plt.show()

# %%
setup.show(mar, pct=("p", "ci_low", "ci_high"), digits=1)

# %% [markdown]
# ## How much the widow helps (club, contract 120)
#
# The same hands grouped by what the widow turned out to hold: its card
# points, and whether it completed a marriage (the missing K or Q of a pair
# the hand held half of).  Widows under 5 points are redealt in `club`.

# %%
wid = bidding.widow_effect(club, 120)
fig, ax = plt.subplots(figsize=(8, 3.8))
labels = [f"{a}: {b}" for a, b in wid.index]
plots.interval_dots(ax, labels, wid["p"], wid["ci_low"], wid["ci_high"],
                    xlabel="P(make 120) (%)", label="club, 95 % CI")
ax.set_title("Contract 120 by what the widow holds")
plt.show()
setup.show(wid, pct=("p", "ci_low", "ci_high"), digits=1)

# %% [markdown]
# ## Does the bidding model agree? (club)
#
# The simulator's players bid with `BidModel`, a logistic model of
# P(value ≥ contract) from the visible hand.  Hands of the club pool grouped
# by the model's prediction: the observed share (with its interval) should
# sit on the diagonal.  Mind where the model was fitted (printed below): the
# pool's deals come from the stream `chunk_rng(SEED, 0)`, so when the model
# was fitted on chunk 0 of the same seed this is an in-sample check, which
# flatters the model; its own held-out check is in `analysis.odds`.

# %%
from analysis.odds.model import BidModel

model = BidModel.default()
display(Markdown(f"Model fitted on: {model.info.get('sample', 'not recorded')}"))
fig, ax = plt.subplots(figsize=(6, 5))
for c in (100, 120, 160):
    pred = model.p_make(club["hand"].to_numpy(), club["seat"].to_numpy(), c)
    cal = bidding.calibration(club, pred, c, bins=6 if QUICK else 10)
    ax.errorbar(100 * cal["predicted"], 100 * cal["p"],
                yerr=[100 * (cal["p"] - cal["ci_low"]), 100 * (cal["ci_high"] - cal["p"])],
                fmt="o", capsize=3, label=f"contract {c}")
ax.plot([0, 100], [0, 100], "k--", lw=0.8, label="perfect calibration")
ax.set_xlabel("BidModel prediction (%)")
ax.set_ylabel("observed share made (%)")
ax.set_xlim(0, 100)
ax.set_ylim(0, 100)
ax.legend(frameon=False, loc="upper left")
ax.set_title(f"Default BidModel ({model.info.get('n_rows', 0):,} training rows) on the club pool")
plt.show()

# %% [markdown]
# ## A few famous hands (`hand_odds`, club)
#
# Each hand sits in the first seat; the other 17 cards are dealt
# `N_HAND_SAMPLES` times (forced redeals dropped) and solved.

# %%
odds = {name: hand_odds(h, "club", samples=N_HAND_SAMPLES, seed=SEED, progress=False)
        for name, h in FAMOUS.items()}
fig, ax = plt.subplots()
for name, t in odds.items():
    plots.interval_lines(ax, t.index, t["p_make"], t["ci_low"], t["ci_high"],
                         label=f"{name}: {FAMOUS[name]}", xlabel="contract (points)",
                         ylabel="P(make) (%)", marker=".")
ax.legend(frameon=False, loc="lower left", fontsize=9)
ax.set_title(f"hand_odds, {N_HAND_SAMPLES:,} deals per hand (95 % bands)")
plt.show()
summary = pd.DataFrame({name: {"hand": FAMOUS[name], "kept deals": t.attrs["kept"],
                               "mean value": round(t.attrs["expected_value"], 1),
                               "P(make 120)": t["p_make"].get(120, np.nan),
                               "best contract (expected score)": t.attrs["best_contract"]}
                        for name, t in odds.items()}).T
summary

# %% [markdown]
# ## Precision of this run

# %%
c120 = curves.xs(120, level="contract")
hw_hands = float(((c120["ci_high"] - c120["ci_low"]) / 2).max())
big = by_points[by_points["hands"] >= 100]
hw_points = setup.max_half_width(big) if len(big) else float("nan")
display(Markdown(
    f"P(make 120) for a random hand is known to ±{100 * hw_hands:.1f} percentage points at worst "
    f"across profiles ({', '.join(f'{p}: {len(r):,} hands' for p, r in rows.items())}); "
    f"groups of the hand-points table with at least 100 hands reach ±{100 * hw_points:.1f} "
    f"points (the smallest group has {int(by_points['hands'].min()):,} hands). "
    f"The famous hands rest on {N_HAND_SAMPLES:,} deals each (±"
    f"{100 * setup.half_width(0.5, N_HAND_SAMPLES):.1f} points at p = 50 %)."))
