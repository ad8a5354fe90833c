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
# what dark play does to whole games against each profile as played; then
# what a golden start (the first deals of the game played with every point
# and penalty doubled) does to the game: how long it lasts, who wins by
# seat, and whether it hands the first hand an advantage.
#
# **Run All** (Run → Run All Cells) from the reference pools shipped in
# `data/reference/` (games cached under `data/`); the end of the page says
# how long this run took.
#
# **Quick sizes** (8 deals per rule set, 12 paired games, club's golden
# variants only): set `QUICK = True` in the parameters cell below, or start
# the lab with `THOUSAND_QUICK=1 make lab` for every page.

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
N_GAMES = 12 if QUICK else 300          # paired games per dark-play comparison
N_GOLDEN_GAMES = 12 if QUICK else 2_000  # paired games per golden-round rule set
DARK_BEHIND = 200                       # the policy goes dark this many points behind the leader
ODDS_PROFILES = ["book", "wiki"] if QUICK else ["book", "club", "ua", "wiki"]
GAME_PROFILES = ["book"] if QUICK else ["book", "wiki"]

# %%
import time
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis import dataset
from analysis.comparison import compare
from analysis.game import ThresholdPolicy
from analysis.odds import dark_odds
from analysis.research import headline_rows, optimism, plots
from analysis.rules import PROFILES
from analysis.stats import proportion_ci

T0 = time.perf_counter()
plots.use_style()
display(Markdown(notebook.back_link()))


def with_dark(name):
    """The profile as it plays dark: its own version, else wiki's."""
    r = PROFILES[name]
    return r if r.dark_play != "none" else r.with_changes(dark_play="wiki")


VERSION = {"book": "book's: 240 by taking 120", "wiki": "wiki's: 120, points doubled"}
display(notebook.provenance(ODDS_PROFILES, SEED, deals_per_rule_set=N_DEALS,
                            gifts_per_deal=90, paired_games=N_GAMES, dark_behind=DARK_BEHIND,
                            golden_round_games_per_rule_set=N_GOLDEN_GAMES))

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
        "bidding normally": notebook.fmt_num_ci(*optimism.cluster_mean_ci(t["normal"], t["deal_id"])[:3]),
        "gain of going dark": notebook.fmt_num_ci(a["dark_gain"], a["dark_gain_low"], a["dark_gain_high"]),
    })
display(pd.DataFrame(rows).set_index("profile"))
best = max(odds, key=lambda p: odds[p].attrs["dark_p_make"])
apart = all(odds[best].attrs["dark_p_low"] > odds[p].attrs["dark_p_high"] for p in odds if p != best)
loses = [p for p in odds if odds[p].attrs["dark_gain_high"] < 0]
wins_ = [p for p in odds if odds[p].attrs["dark_gain_low"] > 0]
even = [p for p in odds if p not in loses + wins_]
display(Markdown(
    "**Conclusion.** A blind first hand makes 120 in "
    + "; ".join(f"{notebook.fmt_ci(odds[p].attrs['dark_p_make'], odds[p].attrs['dark_p_low'], odds[p].attrs['dark_p_high'])}"
                f" of {odds[p].attrs['dark_samples']:,} deals in {p}" for p in odds)
    + (f" (highest in {best}, beyond the others' intervals)" if apart and len(odds) > 1 else
       " (the profiles cannot be told apart at this sample size)" if len(odds) > 1 else "")
    + ". " + " ".join(filter(None, [
        ("Going dark loses against bidding normally, beyond the noise, in " + "; ".join(
            f"{p} ({notebook.fmt_num_ci(-odds[p].attrs['dark_gain'], -odds[p].attrs['dark_gain_high'], -odds[p].attrs['dark_gain_low'])} points a deal)"
            for p in loses) + ".") if loses else "",
        ("It gains beyond the noise in " + ", ".join(wins_) + ".") if wins_ else "",
        ("In " + ", ".join(even) + " the two cannot be told apart at this sample size.") if even else "",
    ]))))

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
# with their 95 % intervals.  These games, and the golden round's below,
# are double-dummy: a game plays a dark deal double-dummy (the single-dummy
# blind play above is for one deal), so both arms see every card alike.

# %%
LABELS = {"deals_per_game": "deals per game", "made_share": "contracts made per deal played out (not written off)",
          "write_off_share": "write-offs per played deal", "bolts_per_game": "bolts per game",
          "barrel_entries_per_game": "barrel entries per game"}
policy = ThresholdPolicy(dark_behind=DARK_BEHIND)
games = {}
for p in GAME_PROFILES:
    dark = with_dark(p)
    plain = dark.with_changes(dark_play="none")
    out = Path(DATA) / "compare-dark" / f"{p}-{N_GAMES}-{SEED}-{DARK_BEHIND}"
    games[p] = compare([plain, dark], games=N_GAMES, seed=SEED, policy=policy, out=out, outcomes="dd")
rows = []
for p, c in games.items():
    t = c.table
    t = t[(t.rules == t.rules.iloc[-1]) & t.metric.isin(list(LABELS))]
    for _, r in t.iterrows():
        if r.metric == "bolts_per_game" and not PROFILES[p].has_bolts:
            rows.append({"profile": p, "figure": LABELS[r.metric], "as played": "no bolts by rule",
                         "with dark play": "no bolts by rule", "difference (paired 95 % CI)": "no bolts by rule"})
            continue
        rows.append({"profile": p, "figure": LABELS[r.metric],
                     "as played": notebook.fmt_num(r.value - r["diff"], 3),
                     "with dark play": notebook.fmt_num(r.value, 3),
                     "difference (paired 95 % CI)": notebook.fmt_num_ci(r["diff"], r.diff_low, r.diff_high, 3)})
shown = pd.DataFrame(rows).set_index(["profile", "figure"])
display(shown)
beyond_, still = [], []
for (p, fig_), r in pd.DataFrame(rows).set_index(["profile", "figure"]).iterrows():
    if r["as played"] == "no bolts by rule":
        continue
    c = games[p].table
    m = c[(c.rules == c.rules.iloc[-1]) & (c.metric.map(LABELS) == fig_)].iloc[0]
    if m.diff_low > 0 or m.diff_high < 0:
        beyond_.append(f"{fig_} {'rise' if m['diff'] > 0 else 'fall'} in {p} "
                     f"({notebook.fmt_num_ci(m['diff'], m.diff_low, m.diff_high, 3)})")
    else:
        still.append(f"{fig_} in {p}")
display(Markdown(
    f"**Conclusion.** Over {N_GAMES:,} paired games per profile, "
    + (("dark play moves beyond the noise: " + "; ".join(beyond_) + ". ") if beyond_ else
       "dark play moves no figure beyond the noise. ")
    + (("Within the noise (the interval includes 0, no effect claimed): " + "; ".join(still) + ".")
       if still else "")))
by_rule = [p for p in PROFILES if PROFILES[p].dark_play != "none"]
no_dark = [p for p in PROFILES if p not in by_rule and p != "wiki"]
display(Markdown(
    f"**Which profiles.** The games compare a profile as played with its own dark play: "
    f"{', '.join(GAME_PROFILES)}{' here (wiki too at the full sizes)' if QUICK else ''}; "
    f"{', '.join(by_rule)} {'plays' if len(by_rule) == 1 else 'play'} it by rule, wiki by an agreement of its "
    f"source. {', '.join(no_dark)} play no dark contract (RULES.md, dark play), so they have no row: the odds "
    "above give them wiki's version only to see how their deals answer, not a game they play."))

# %%
fig, ax = plt.subplots(figsize=(7, 3))
vals = []
for p, c in games.items():
    t = c.table
    t = t[(t.rules == t.rules.iloc[-1]) & t.metric.isin(list(LABELS))]
    vals += [(f"{p}: {LABELS[m]}", v, lo, hi) for m, v, lo, hi in zip(t.metric, t["diff"], t.diff_low, t.diff_high)
             if PROFILES[p].has_bolts or m != "bolts_per_game"]  # no bolts by rule: no point at 0
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
# The golden round against the profile as played, in both seeds' versions
# (RULES.md, "The golden round", says how the toolkit reads them): wiki's
# (each player in turn plays exactly 120, the scores go back to 0 if nobody
# makes it, and its three agreements) on club; ua's (the first deal or the
# first three, the bidding blind) on ua.
#
# Each rule set is one `thousand compare` rule set:
# game *g* draws its first dealer and its deals from its own stream of the
# root seed whatever the rules, so a golden variant and its profile play the
# same deals; the golden round changes who declares and what is scored, and
# from there the games part. Differences are paired per game (Student t).

# %%
WIKI = "golden_round=in_turn"
RUNS = {
    "club": ["club", f"club {WIKI}", f"club {WIKI} golden_failed=keep", f"club {WIKI} golden_failed=again",
             f"club {WIKI} golden_marriages_doubled=false"],
    "ua": ["ua", "ua golden_round=blind golden_deals=1 golden_failed=keep",
           "ua golden_round=blind golden_deals=3 golden_failed=keep"],
}
if QUICK:
    RUNS = {"club": RUNS["club"][:3]}
LABELS = {
    f"club {WIKI}": "wiki's golden round (reset when nobody makes 120)",
    f"club {WIKI} golden_failed=keep": "wiki's, agreement: no reset",
    f"club {WIKI} golden_failed=again": "wiki's, agreement: start again",
    f"club {WIKI} golden_marriages_doubled=false": "wiki's, agreement: marriages not doubled",
    "ua golden_round=blind golden_deals=1 golden_failed=keep": "ua's, first deal golden, bidding blind",
    "ua golden_round=blind golden_deals=3 golden_failed=keep": "ua's, first three deals golden, bidding blind",
}
runs = {p: compare(sets, games=N_GOLDEN_GAMES, seed=SEED, workers=None, outcomes="dd",
                   out=Path(DATA) / "compare" / f"golden-{p}-{N_GOLDEN_GAMES}-{SEED}")
        for p, sets in RUNS.items()}


def label(spelled: str, profile: str) -> str:
    return LABELS.get(spelled, f"{profile} as played")


def name_alike(frame: pd.DataFrame) -> pd.DataFrame:
    """Say so where a rule set's figures equal an earlier one's of the same profile
    (small samples: two agreements may play every game alike)."""
    first, names = {}, []
    for (prof, rs), row in zip(frame.index, map(tuple, frame.to_numpy())):
        f = first.setdefault((prof, row), rs)
        names.append(rs if f == rs else f"{rs} (same figures as {f})")
    frame.index = pd.MultiIndex.from_arrays([frame.index.get_level_values(0), names], names=frame.index.names)
    return frame


# %% [markdown]
# ## Game length and the golden round's resets
#
# Deals per game (redeals included) and the share of games whose golden
# round ended without a made contract (the reset, or a new round under
# "start again"), with paired 95 % intervals of the difference against the
# profile as played.

# %%
def games_reset(path) -> tuple[int, int]:
    """Games with at least one golden reset, and the games."""
    games = dataset.read_table(path, "games", columns=["game_id", "event"]).to_pandas()
    per = games.event.fillna("").str.count("golden_reset").groupby(games.game_id).sum()
    return int((per > 0).sum()), int(per.size)


def metric_rows(metric: str) -> pd.DataFrame:
    out = []
    for p, c in runs.items():
        t = c.table[c.table.metric == metric]
        for spelled, (_, r) in zip(RUNS[p], t.iterrows(), strict=True):
            out.append({"profile": p, "rule set": label(spelled, p), "value": r.value, "low": r.low,
                        "high": r.high, "diff": r["diff"], "diff_low": r.diff_low, "diff_high": r.diff_high,
                        "games": int(r.games)})
    return pd.DataFrame(out)


deals = metric_rows("deals_per_game")
resets = [games_reset(path) for c in runs.values() for path in c.paths]
r_lo, r_hi = proportion_ci(np.array([k for k, _ in resets]), np.array([n for _, n in resets]))
shown = pd.DataFrame({
    "profile": deals.profile,
    "rule set": deals["rule set"],
    "deals per game (95 % CI)": [notebook.fmt_num_ci(v, lo, hi, 1)
                                 for v, lo, hi in zip(deals.value, deals.low, deals.high)],
    "Δ against the profile (paired 95 % CI)": [
        "baseline" if d == lo == hi == 0 else notebook.fmt_num_ci(d, lo, hi, 2)
        for d, lo, hi in zip(deals["diff"], deals.diff_low, deals.diff_high)],
    "games with a golden reset (95 % CI)": [notebook.fmt_ci(k / n, lo, hi)
                                            for (k, n), lo, hi in zip(resets, r_lo, r_hi)],
    "games": [f"{n:,}" for _, n in resets],
}).set_index(["profile", "rule set"])
display(name_alike(shown))
golden = deals[deals["diff"] != 0] if (deals["diff"] != 0).any() else deals.iloc[1:]
longest = golden.loc[golden["diff"].abs().idxmax()]
beyond = longest.diff_low > 0 or longest.diff_high < 0
display(Markdown(
    f"**Conclusion.** The largest change in game length is {longest['rule set']} on {longest.profile}: "
    f"{notebook.fmt_num_ci(longest['diff'], longest.diff_low, longest.diff_high, 2)} deals per game "
    f"({'beyond' if beyond else 'within'} the noise at {N_GOLDEN_GAMES:,} paired games); "
    f"under wiki's round on club, {notebook.fmt_ci(resets[1][0] / resets[1][1], r_lo[1], r_hi[1])} of "
    f"{resets[1][1]:,} games reset their scores after the golden deals."))

# %% [markdown]
# ## Who wins: shares by seat and the first hand's advantage
#
# The share of games won by the first hand of the first deal (the player the
# golden round makes its first declarer), by the player on his left, and by
# the first dealer; a fair seat wins a third.

# %%
SEATS = {"win_first_hand": "first hand", "win_second_hand": "second hand", "win_first_dealer": "first dealer"}
seat = {m: metric_rows(m) for m in SEATS}
wins = pd.DataFrame({"profile": seat["win_first_hand"].profile,
                     "rule set": seat["win_first_hand"]["rule set"]})
for m, name in SEATS.items():
    t = seat[m]
    wins[f"{name} wins (95 % CI)"] = [notebook.fmt_ci(v, lo, hi) for v, lo, hi in zip(t.value, t.low, t.high)]
first = seat["win_first_hand"]
wins["Δ first hand (paired 95 % CI)"] = [
    "baseline" if d == lo == hi == 0 else
    notebook.fmt_num_ci(100 * d, 100 * lo, 100 * hi, signed=True) + " percentage points"
    for d, lo, hi in zip(first["diff"], first.diff_low, first.diff_high)]
display(name_alike(wins.set_index(["profile", "rule set"])))
base = first.iloc[0]
gold = first.iloc[1]
moved = gold.diff_low > 0 or gold.diff_high < 0
QUESTION = "golden"  # analysis.research.headline.QUESTIONS
headline = []
for p in PROFILES:
    t = first[first.profile == p]
    if len(t):
        g0, g1 = t.iloc[0], t.iloc[1]
        headline.append({"profile": p, "question": QUESTION,
                         "figure": f"{notebook.fmt_ci(g1.value, g1.low, g1.high)} with {label(RUNS[p][1], p)}, "
                                   f"{notebook.fmt_ci(g0.value, g0.low, g0.high)} without "
                                   f"({headline_rows.PLAY_WORDS[runs[p].outcomes]} games)",
                         "n": f"{N_GOLDEN_GAMES:,} paired games per rule set"})
    else:
        why = ("not run at the quick sizes (club only)" if p == "ua" else
               "not simulated here: wiki's golden round is played on club, ua's on ua")
        headline.append({"profile": p, "question": QUESTION, "applies": False, "n": "no games", "figure": why})
_ = notebook.save_headline("dark_golden", headline + headline_rows.dark_rows(
    odds, PROFILES, VERSION, lambda p: "not run at the quick sizes" if QUICK and p != "classic" else
    "not measured: classic plays no dark contract, and its deals are club's pool (club's row)"), DATA)
display(Markdown(
    f"**Conclusion.** On club the first hand wins {notebook.fmt_ci(base.value, base.low, base.high)} of games "
    f"as played and {notebook.fmt_ci(gold.value, gold.low, gold.high)} with wiki's golden round: a paired "
    f"difference of {notebook.fmt_num(100 * gold['diff'], signed=True)} percentage points "
    f"({notebook.fmt_num(100 * gold.diff_low, signed=True)} to {notebook.fmt_num(100 * gold.diff_high, signed=True)}), "
    f"{'beyond' if moved else 'within'} the noise at {N_GOLDEN_GAMES:,} games"
    + ("." if moved else ": no advantage is claimed.")))

# %%
fig, ax = plt.subplots(figsize=(8, 0.5 * len(first) + 1.5))
y = np.arange(len(first))[::-1]
ax.errorbar(first.value, y, xerr=[first.value - first.low, first.high - first.value], fmt="o", capsize=4)
ax.axvline(1 / 3, color="k", lw=0.8, ls="--")
ax.set_yticks(y, [f"{p}: {r}" for p, r in zip(first.profile, first["rule set"])])
ax.set_xlabel("share of games won by the first hand of the first deal (95 % CI); dashed: a third")
ax.set_title("The first hand's share of wins, with and without a golden start")
plt.show()

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; paired games read from the cache where there)."))
