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
# # Dark play and the golden round
#
# **Answers**: how often a first hand that goes dark, unseen, makes the dark
# contract after a blind gift, what it costs against bidding normally, and
# what dark play does to whole games against each profile as played.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/`: about ten minutes on two cores the first time (the
# paired games are cached under `data/`).
#
# **Quick sizes** (8 deals per rule set, 12 paired games, about two
# minutes): set `QUICK = True` in the parameters cell below, or start the
# lab with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# **Dark play** (RULES.md, "Dark play"): the first hand declares before
# anyone has seen his cards, takes the widow unshown and gives two cards he
# has not seen.  book lets him order 240, which he wins by taking 120; wiki
# (an agreement there) has him take 120 with every point of the deal
# doubled.  A player holding a marriage may outbid him at 125, and the
# auction then goes on as usual.  The other profiles do not play it; here
# they are given wiki's version to see how their pools answer.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_DEALS = 8 if QUICK else 200           # pool deals per rule set, each with its 90 blind gifts
N_GAMES = 12 if QUICK else 300          # paired games per comparison
DARK_BEHIND = 200                       # the policy goes dark this many points behind the leader
ODDS_PROFILES = ["book", "wiki"] if QUICK else ["book", "club", "ua", "wiki"]
GAME_PROFILES = ["book"] if QUICK else ["book", "wiki"]

# %%
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from IPython.display import Markdown, display

from analysis.comparison import compare
from analysis.game import ThresholdPolicy
from analysis.odds import dark_odds
from analysis.research import plots
from analysis.rules import PROFILES

plots.use_style()
display(Markdown(notebook.back_link()))


def with_dark(name):
    """The profile as it plays dark: its own version, else wiki's."""
    r = PROFILES[name]
    return r if r.dark_play != "none" else r.with_changes(dark_play="wiki")


VERSION = {"book": "book's: 240 by taking 120", "wiki": "wiki's: 120, points doubled"}
display(notebook.provenance(ODDS_PROFILES, SEED, deals_per_rule_set=N_DEALS,
                            gifts_per_deal=90, paired_games=N_GAMES, dark_behind=DARK_BEHIND))

# %% [markdown]
# ## How often does a dark contract come off?
#
# For each deal of a sample of the profile's reference pool, every one of
# the 90 gifts the first hand could make blind is solved double-dummy, so
# the deal's share of gifts that make 120 is exact; the chance is their
# mean, with a 95 % interval over deals (`thousand odds --dark`).  The
# score change of going dark is set beside that of bidding normally: the
# best contract the same hand makes double-dummy after the best gift.

# %%
odds = {p: dark_odds(with_dark(p), N_DEALS, SEED) for p in ODDS_PROFILES}
rows = []
for p, t in odds.items():
    a = t.attrs
    rows.append({
        "profile": p,
        "dark play": VERSION[a["dark_play"]],
        "deals": f"{a['dark_samples']:,}",
        "P(make) (95 % CI)": notebook.fmt_ci(a["dark_p_make"], a["dark_p_low"], a["dark_p_high"]),
        "score change going dark": notebook.fmt_num_ci(a["dark_change"], a["dark_change_low"],
                                                       a["dark_change_high"]),
        "bidding normally": notebook.fmt_num(a["dark_normal_change"]),
        "gain of going dark": notebook.fmt_num_ci(a["dark_gain"], a["dark_gain_low"], a["dark_gain_high"]),
    })
display(pd.DataFrame(rows).set_index("profile"))
best = max(odds, key=lambda p: odds[p].attrs["dark_p_make"])
display(Markdown(
    "**Conclusion.** A blind first hand makes 120 in "
    + ", ".join(f"{notebook.fmt_pct(odds[p].attrs['dark_p_make'])} of cases in {p}" for p in odds)
    + f" (highest in {best}); going dark loses "
    + ", ".join(f"{-odds[p].attrs['dark_gain']:,.0f} points" for p in odds)
    + " a deal against bidding normally, respectively."))

# %%
fig, ax = plt.subplots(figsize=(7, 3.5))
for p, t in odds.items():
    ax.hist(t.p_make, bins=[k / 90 for k in range(0, 91, 5)], histtype="step", label=p, lw=1.5)
ax.set_xlabel("share of the 90 blind gifts after which the first hand makes 120 (per deal)")
ax.set_ylabel("deals")
ax.set_title("Dark contracts made, deal by deal")
ax.legend()
plt.show()

# %% [markdown]
# ## Dark play against the profile as played
#
# The same games played twice with `thousand compare`: once under the
# profile without dark play, once with it, every player going dark when he
# trails the leader by the policy's threshold or more.  Paired differences
# with their 95 % intervals.

# %%
LABELS = {"deals_per_game": "deals per game", "made_share": "contracts made per played deal",
          "write_off_share": "write-offs per played deal", "bolts_per_game": "bolts per game",
          "barrel_entries_per_game": "barrel entries per game"}
policy = ThresholdPolicy(dark_behind=DARK_BEHIND)
games = {}
for p in GAME_PROFILES:
    dark = with_dark(p)
    plain = dark.with_changes(dark_play="none")
    out = Path(DATA) / "compare-dark" / f"{p}-{N_GAMES}-{SEED}-{DARK_BEHIND}"
    games[p] = compare([plain, dark], games=N_GAMES, seed=SEED, policy=policy, out=out)
rows = []
for p, c in games.items():
    t = c.table
    t = t[(t.rules == t.rules.iloc[-1]) & t.metric.isin(list(LABELS))]
    for _, r in t.iterrows():
        rows.append({"profile": p, "figure": LABELS[r.metric],
                     "as played": notebook.fmt_num(r.value - r["diff"], 3),
                     "with dark play": notebook.fmt_num(r.value, 3),
                     "difference (paired 95 % CI)": notebook.fmt_num_ci(r["diff"], r.diff_low, r.diff_high, 3)})
shown = pd.DataFrame(rows).set_index(["profile", "figure"])
display(shown)
d = {p: c.table[(c.table.metric == "deals_per_game") & (c.table.rules == c.table.rules.iloc[-1])].iloc[0]
     for p, c in games.items()}
display(Markdown("**Conclusion.** Dark play changes the length of a game by " + "; ".join(
    f"{notebook.fmt_num_ci(r['diff'], r.diff_low, r.diff_high, 2)} deals in {p}"
    for p, r in d.items()) + f" ({N_GAMES:,} paired games each), and the share of contracts made "
    "falls with every dark deal lost."))

# %%
fig, ax = plt.subplots(figsize=(7, 3))
vals = []
for p, c in games.items():
    t = c.table
    t = t[(t.rules == t.rules.iloc[-1]) & t.metric.isin(list(LABELS))]
    vals += [(f"{p}: {LABELS[m]}", v, lo, hi) for m, v, lo, hi in zip(t.metric, t["diff"], t.diff_low, t.diff_high)]
y = list(range(len(vals)))[::-1]
ax.errorbar([v[1] for v in vals], y, xerr=[[v[1] - v[2] for v in vals], [v[3] - v[1] for v in vals]],
            fmt="o", capsize=4)
ax.axvline(0, color="k", lw=0.8)
ax.set_yticks(y, [v[0] for v in vals])
ax.set_xlabel("difference with dark play (paired 95 % CI)")
ax.set_title("Dark play against the profile as played")
plt.show()

# %% [markdown]
# ## The golden round
#
# The golden round (ua, wiki: the first deals played for 120 in turn,
# everything doubled) is modelled with its own rules fields; its figures
# join this page with it.
