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
# **Answers**: how likely a bid is to succeed, by contract, hand points,
# marriages and widow, for each profile (double-dummy); how well the bid
# model is calibrated on held-out deals; the odds of three well-known hands.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`: about 20 s on two cores (the 120 deals around the
# well-known hands are solved as it runs).
#
# **Quick sizes** (600 deals of each pool and 6 around each hand, about
# 15 s): set `QUICK = True` in the parameters cell below, or start the lab
# with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# For every deal of a solved pool and every seat as declarer, the solver
# gives the **double-dummy value**: the points (cards plus declared
# marriages) the declarer takes after the best exchange and perfect play by
# everyone, every card visible.  A contract *c* is made when the value
# reaches *c*.  This is the declarer's best case — a real declarer does not
# see the other hands — so read the probabilities as upper bounds.
#
# Shares come from the reference pools, one per set of solver conventions
# (`club` and `classic` play alike, so `classic` reads `club`'s pool with
# its own redeal rules); deals the profile redeals by force are left out.
# The three seats of a deal share its widow, so every interval is
# clustered by deal (95 %), and every table states the distinct deals
# behind it.  The last section asks `hand_odds` about a
# few well-known hands: the other 17 cards are dealt around the hand many
# times and each deal is solved.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_POOL = 600 if QUICK else 10**9     # at most this many deals of each reference pool
N_HAND_SAMPLES = 6 if QUICK else 40  # deals dealt around each famous hand (solved on the fly)
PROFILES = ["club", "classic", "book", "ua", "wiki"]
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
from analysis.redeal import features, flags_from_features
from analysis.research import contract_odds, data, plots
from analysis.rules import Rules

plots.use_style()
display(Markdown(notebook.back_link()))


def profile_rows(p):
    """Pool rows of a profile with the profile's own forced redeals."""
    f = data.pool_rows(p).iloc[:3 * N_POOL].copy()
    r = Rules.profile(p)
    fl = flags_from_features(features(f[["hand0", "hand1", "hand2", "widow"]]
                                      .to_numpy(np.uint32)[::3]), r)
    forced = (np.asarray(fl["redeal_bidding"]) | np.asarray(fl["redeal_widow"])) \
        if r.redeal_claim == "forced" else np.zeros(len(f) // 3, bool)
    f["redeal_forced"] = np.repeat(forced, 3)
    return contract_odds.played_rows(f)


rows = {p: profile_rows(p) for p in PROFILES}
refs = {p: data.reference_pool(p) for p in PROFILES}
notebook.provenance(PROFILES, SEED, hand_odds_samples=N_HAND_SAMPLES,
                 **{f"pool of {p}": f"{r.name}, {rows[p]['deal_id'].nunique():,} played deals "
                    f"({r.content_hash})" for p, r in refs.items()})

# %% [markdown]
# ## Success probability by contract, per profile
#
# Every seat of every played deal counts as one hand (a random hand, not
# the hand that won the auction).

# %%
CONTRACTS = list(range(100, 205, 5))
curves = pd.concat({p: contract_odds.make_curve(r, CONTRACTS) for p, r in rows.items()},
                   names=["profile"])
fig, ax = plt.subplots()
for p in rows:
    c = curves.loc[p]
    plots.interval_lines(ax, c.index, c["p"], c["ci_low"], c["ci_high"],
                         label=f"{p} ({c['deals'].iloc[0]:,} deals)", xlabel="contract (points)",
                         ylabel="P(double-dummy value ≥ contract) (%)", marker=".")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("A random hand's chance to make each contract (95 % bands)")
plt.show()

# %%
sel = curves[curves.index.get_level_values("contract").isin([100, 120, 140, 160, 200])]
notebook.ci_table(sel, name="P(make)").unstack("contract")

# %% [markdown]
# ## By the card points of the 7-card hand, per profile (contract 120)

# %%
club = rows["club"]
by_points = pd.concat({p: contract_odds.make_by(r, pd.cut(r["hand_points"], contract_odds.POINT_BINS,
                                                      right=False).rename("hand points"),
                                          [100, 120, 140, 160]) for p, r in rows.items()},
                      names=["profile"])
fig, ax = plt.subplots()
for p in PROFILES:
    s = by_points.loc[p].xs(120, level="contract")
    x = [f"{int(i.left)}–{int(i.right) - 1}" for i in s.index]
    plots.interval_lines(ax, np.arange(len(x)), s["p"], s["ci_low"], s["ci_high"],
                         label=p, xlabel="card points in the 7-card hand", ylabel="P(make 120) (%)")
    ax.set_xticks(np.arange(len(x)), x)
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Contract 120 by hand points, per profile (95 % bands)")
plt.show()

# %%
notebook.ci_table(by_points, keep=("deals",), name="P(make)").unstack("contract")

# %% [markdown]
# ## The effect of holding each marriage (club)
#
# Hands holding the K and Q of a suit (perhaps more marriages) against
# hands holding no marriage at all.

# %%
mar = contract_odds.marriage_effect(club, [120, 160, 200])
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
mar_all = pd.concat({p: contract_odds.marriage_effect(r, [120]) for p, r in rows.items()},
                    names=["profile"])
notebook.ci_table(mar_all.droplevel("contract"), keep=("deals",), name="P(make 120)").unstack("profile")

# %% [markdown]
# ## How much the widow helps (club, contract 120)
#
# The same hands grouped by what the widow turned out to hold: its card
# points (0–33; every hand is in a bin), and whether it completed a
# marriage (the missing K or Q of a pair the hand held half of).  Widows
# under 5 points are redealt in `club`, so that bin is empty there.

# %%
wid = contract_odds.widow_effect(club, 120)
fig, ax = plt.subplots(figsize=(8, 3.8))
labels = [f"{a}: {b}" for a, b in wid.index]
plots.interval_dots(ax, labels, wid["p"], wid["ci_low"], wid["ci_high"],
                    xlabel="P(make 120) (%)", label="club, 95 % CI")
ax.set_title("Contract 120 by what the widow holds")
plt.show()
wid_all = pd.concat({p: contract_odds.widow_effect(r, 120) for p, r in rows.items()}, names=["profile"])
notebook.ci_table(wid_all, keep=("hands",), name="P(make 120)").unstack("profile")

# %% [markdown]
# ## Does the bidding model agree? (club, held-out deals only)
#
# The simulator's players bid with `BidModel`, a logistic model of
# P(value ≥ contract) from the visible hand.  Only deals the model was not
# fitted on are used: the pool's chunks of 1,000 deals with index
# ≡ 4 (mod 5), the split `analysis.odds.build` holds out.  The observed
# share (with its deal-clustered interval) should sit on the diagonal.

# %%
from analysis.odds.model import BidModel

model = BidModel.default()
test = club[contract_odds.held_out(club["deal_id"].to_numpy())]
display(Markdown(f"Model fitted on: {model.info.get('sample', 'not recorded')}.  "
                 f"Held-out club deals here: {test['deal_id'].nunique():,} "
                 f"({len(test):,} hands)."))
fig, ax = plt.subplots(figsize=(6.5, 5))
for c in (100, 120, 160):
    if len(test) < 12:
        break
    pred = model.p_make(test["hand"].to_numpy(), test["seat"].to_numpy(), c)
    cal = contract_odds.calibration(test, pred, c, bins=4 if QUICK else 10)
    ax.errorbar(100 * cal["predicted"], 100 * cal["p"],
                yerr=[100 * (cal["p"] - cal["ci_low"]), 100 * (cal["ci_high"] - cal["p"])],
                fmt="o", capsize=3, label=f"contract {c}")
ax.plot([0, 100], [0, 100], "k--", lw=0.8, label="perfect calibration")
ax.set_xlabel("BidModel prediction (%)")
ax.set_ylabel("observed share made (%)")
ax.set_xlim(0, 100)
ax.set_ylim(0, 100)
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
ax.set_title("Default BidModel on held-out club deals")
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
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=9)
ax.set_title(f"hand_odds, {N_HAND_SAMPLES:,} deals per hand (95 % bands)")
plt.show()
summary = pd.DataFrame({name: {"hand": FAMOUS[name], "kept deals": t.attrs["kept"],
                               "mean value": round(t.attrs["expected_value"], 1),
                               "P(make 120)": notebook.fmt_pct(t["p_make"].get(120, np.nan)),
                               "best contract (expected score)": t.attrs["best_contract"]}
                        for name, t in odds.items()}).T
summary

# %%
hl = []
for p in PROFILES:
    c = curves.loc[p]
    hl.append({"profile": p, "question": "P(bid made) for a random hand: 120 / 140",
               "figure": f"{notebook.fmt_ci(*c.loc[120, ['p', 'ci_low', 'ci_high']])} / "
                         f"{notebook.fmt_ci(*c.loc[140, ['p', 'ci_low', 'ci_high']])}",
               "deals": int(c["deals"].iloc[0])})
notebook.save_headline("bidding_odds", hl)
