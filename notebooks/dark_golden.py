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
# **Quick sizes** (8 deals per rule set, 12 paired games, book's dark play
# only, wiki's golden round on club only): set `QUICK = True` in the parameters cell below, or start
# the lab with `THOUSAND_QUICK=1 make lab` for every page.

# %% [markdown]
# **Dark play** (RULES.md, "Dark play"): the first hand declares before
# anyone has seen his cards, takes the widow unshown and gives two cards he
# has not seen.  book lets him order 240, which he wins by taking 120; wiki
# (an agreement there) has him take 120 with every point of the deal
# doubled.  A player holding a marriage may outbid him at 125, and the
# auction then goes on as usual.  club, classic and ua do not play it: the
# odds below give them wiki's version to see how their pools answer, and
# no games.

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()           # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())         # THOUSAND_DATA, else ../data
SEED = 2026
N_DEALS = 8 if QUICK else 200           # pool deals per rule set, each with its 90 blind gifts
N_GAMES = 12 if QUICK else 300          # paired games per dark-play comparison
N_GOLDEN_GAMES = 12 if QUICK else 2_000  # paired games per golden-round rule set
DARK_BEHIND = 200                       # the policy goes dark this many points behind the leader
ODDS_PROFILES = ["book", "wiki", "club", "classic", "ua"]  # dark odds (wiki's version where none)
GAME_PROFILES = ["book"] if QUICK else ["book", "wiki"]      # dark play in whole games
GOLDEN_PROFILES = ["club"] if QUICK else ["club", "ua"]     # wiki's golden round on club, ua's on ua

# %%
import time
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.comparison import compare
from analysis.game import ThresholdPolicy
from analysis.odds import dark_odds
from analysis.research import dark_golden, dark_tables, headline_rows, plots
from analysis.rules import PROFILES, as_rules

T0 = time.perf_counter()
plots.use_style()
display(Markdown(notebook.back_link()))


def with_dark(name):
    """The profile as it plays dark: its own version, else wiki's."""
    r = PROFILES[name]
    return r if r.dark_play != "none" else r.with_changes(dark_play="wiki")


VERSION = {"book": "book's: 240 by taking 120", "wiki": "wiki's: 120, points doubled"}
display(notebook.provenance(ODDS_PROFILES + GAME_PROFILES + GOLDEN_PROFILES, SEED,
                            dark_odds_on=", ".join(ODDS_PROFILES), deals_per_rule_set=N_DEALS,
                            gifts_per_deal=90, dark_play_games_on=", ".join(GAME_PROFILES),
                            paired_games=N_GAMES, dark_behind=DARK_BEHIND,
                            golden_round_games_on=", ".join(GOLDEN_PROFILES),
                            golden_round_games_per_rule_set=N_GOLDEN_GAMES))

# %% [markdown]
# ## How often does a dark contract come off?
#
# For each deal of a sample of the profile's reference pool, every one of
# the 90 gifts the first hand could make blind is solved double-dummy, so
# the deal's share of gifts that make 120 is exact; the chance is their
# mean (`thousand odds --dark`).  The 90 gifts of a deal share its cards,
# so its 95 % interval takes the deals as the independent units:
# Clopper–Pearson on the effective number of gifts that the spread of the
# deals' shares allows (Korn and Graubard), which stays within 0–100 %.
# The score change of going dark is set beside that of bidding normally:
# the best contract the same hand makes double-dummy after the best gift
# (a failed 100 when he makes none; normal 95 % intervals over deals).
# That baseline is an **upper bound** on his result bidding normally as
# declarer (docs/CLI.md, `thousand odds --dark`; defence points are left
# out of both columns): it lets him see every card, choose the best gift
# and name the highest contract he makes, with no auction to lose.  The
# *gain of going dark* is taken against that bound, so it is a lower bound
# on the gain: against a real auction and play, going dark does at least
# that well (where the gain is negative, it loses at most that much).

# %%
odds = {p: dark_odds(with_dark(p), N_DEALS, SEED) for p in ODDS_PROFILES}
alike = dark_golden.same_odds(odds, {p: with_dark(p) for p in odds})
display(notebook.same_figures(dark_tables.odds_table(odds, VERSION)))


def p_make(p):
    a = odds[p].attrs
    return notebook.fmt_ci(a["dark_p_make"], a["dark_p_low"], a["dark_p_high"])


shared = [g for g in alike if len(g) > 1]
if shared:
    display(Markdown(
        "**One figure, several profiles.** " + " ".join(
            f"{notebook.and_list(g)} give the same P(make): their samples hold the same {odds[g[0]].attrs['dark_samples']:,} "
            f"deals (from the {notebook.and_list(sorted({odds[p].attrs['dark_pool'] for p in g}))} "
            f"pool{'s' if len({odds[p].attrs['dark_pool'] for p in g}) > 1 else ''}) and the first hand makes 120 "
            "after the same gifts on every one."
            for g in shared)
        + " Whether he takes 120 depends on the cards and the card play, not on how the dark contract is "
        "scored, which is where these profiles differ (the score columns)."))
best_group = max(alike, key=lambda g: odds[g[0]].attrs["dark_p_make"])
best = best_group[0]
apart = all(odds[best].attrs["dark_p_low"] > odds[g[0]].attrs["dark_p_high"] for g in alike if g is not best_group)
loses = [p for p in odds if odds[p].attrs["dark_gain_high"] < 0]
wins_ = [p for p in odds if odds[p].attrs["dark_gain_low"] > 0]
even = [p for p in odds if p not in loses + wins_]
costs = [p for p in odds if odds[p].attrs["dark_change_high"] < 0]
display(Markdown(
    "**Conclusion.** A blind first hand makes 120 after "
    + "; ".join(f"{p_make(g[0])} of the gifts over {odds[g[0]].attrs['dark_samples']:,} deals in {notebook.and_list(g)}"
                for g in alike)
    + (f" (highest in {notebook.and_list(best_group)}, beyond the others' intervals)" if apart and len(alike) > 1 else
       " (the profiles cannot be told apart at this sample size)" if len(alike) > 1 else "")
    + ". " + " ".join(filter(None, [
        ("On its own, going dark costs the first hand points beyond the noise (his score change per deal): "
         + "; ".join(f"{p} {notebook.fmt_num_ci(odds[p].attrs['dark_change'], odds[p].attrs['dark_change_low'], odds[p].attrs['dark_change_high'], signed=True)}"
                     for p in costs) + ".") if costs else "",
        ("Against the upper bound of bidding normally it comes out lower beyond the noise (its gain per deal, "
         "in points): " + "; ".join(
            f"{p} {notebook.fmt_num_ci(odds[p].attrs['dark_gain'], odds[p].attrs['dark_gain_low'], odds[p].attrs['dark_gain_high'], signed=True)}"
            for p in loses) + "; the bound overstates bidding normally, so against a real auction going dark "
         "loses at most this much, and may lose less.") if loses else "",
        ("It gains beyond the noise even against that upper bound in " + ", ".join(wins_)
         + ", so it gains against bidding normally there.") if wins_ else "",
        ("In " + ", ".join(even) + " going dark and the upper bound of bidding normally cannot be told apart at "
         "this sample size.") if even else "",
    ]))))

# %%
fig, ax = plt.subplots(figsize=(7, 3.5))
for i, g in enumerate(alike):  # one line per figure: profiles with the same makes share it
    ax.hist(100 * odds[g[0]].p_make, bins=np.linspace(0, 100, 19), histtype="step", lw=1.5,
            ls=["-", "--", ":", "-."][i % 4], label=" = ".join(g) + (" (same deals, same makes)" if len(g) > 1 else ""))
ax.set_xlabel("gifts of the 90 after which the first hand makes 120, per deal (%)")
ax.set_ylabel("deals")
ax.set_title(f"Dark contracts made, deal by deal ({N_DEALS:,} distinct deals per profile)")
ax.legend()
plt.show()

# %% [markdown]
# ## Dark play against the profile as played
#
# The same games played twice with `thousand compare`: once under the
# profile without dark play, once with it, where a player goes dark when
# he trails the leader by the policy's threshold (said below) and the rules
# let him.  His gift is drawn blind, uniform over the 90 (as in the odds
# above).  Each figure with its 95 % interval, the
# differences paired per game; where the games draw a pool deal twice the
# intervals are widened for it (said below the table).  These games, and
# the golden round's below, are double-dummy like the odds above: every
# deal, dark ones included, is played with every card seen, so both arms
# see every card alike.

# %%
LABELS = {"deals_per_game": "deals per game", "made_share": "contracts made per deal played out (not written off)",
          "write_off_share": "write-offs per played deal", "bolts_per_game": "bolts per game",
          "barrel_entries_per_game": "barrel entries per game"}
policy = ThresholdPolicy(dark_behind=DARK_BEHIND)


display(Markdown(
    f"**When a player goes dark.** The policy goes dark when it is at least {DARK_BEHIND:,} points behind the "
    f"leader: the first hand of a deal goes dark, before he sees his cards, when his score is {DARK_BEHIND:,} "
    "points or more below the higher of his two opponents' scores and the rules let him ("
    + "; ".join(f"{p}: {dark_golden.dark_allowed_words(with_dark(p))}" for p in GAME_PROFILES) + ")."))
games = {}
for p in GAME_PROFILES:
    dark = with_dark(p)
    plain = dark.with_changes(dark_play="none")
    out = Path(DATA) / "compare-dark" / f"{p}-{N_GAMES}-{SEED}-{DARK_BEHIND}"
    games[p] = compare([plain, dark], games=N_GAMES, seed=SEED, policy=policy, out=out, outcomes="dd")
fmt_diff = dark_tables.fmt_diff  # percentage points for a share of deals
arms = {p: [dark_golden.games_drawn(path) for path in c.paths] for p, c in games.items()}
DARK_WIDENED = any(d.repeats for a in arms.values() for d in a)  # intervals widened for repeated deals
CI = " (widened 95 % interval)" if DARK_WIDENED else " (95 % CI)"
COLS = {"as": "as played" + CI, "dark": "with dark play" + CI,
        "diff": "difference" + (" (paired, widened 95 % interval)" if DARK_WIDENED else " (paired 95 % CI)")}

shown = dark_tables.play_table(games, arms, LABELS, COLS, PROFILES)
display(shown)
display(Markdown(
    "**Pool draws.** `thousand compare` draws each game's deals from the profile's double-dummy pool "
    "*with replacement* (so that every rule set plays the same deals), so a draw can repeat a deal: "
    + "; ".join(f"{p} as played, {a[0].words()}; with dark play, {a[1].words()}" for p, a in arms.items())
    + ". Each arm's intervals are widened by the root of its draws per distinct deal "
    + "(" + "; ".join(f"{p} ×{a[0].widening:.2f} and ×{a[1].widening:.2f}" for p, a in arms.items())
    + "), a paired difference's by the larger of its two arms': "
    + ("an upper bound on what the repeated deals add, wider than a 95 % confidence interval, not one "
       "(*widened interval*)." if DARK_WIDENED else "no deal repeats here, so no interval is widened.")
    + f" Levels and differences: Student t over {N_GAMES:,} paired games per profile (delta method for a "
    f"share of deals). {notebook.ROUNDING_NOTE}"))
beyond_, still = dark_tables.play_verdicts(games, LABELS, PROFILES)
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
panels = dark_tables.diff_panels(games, LABELS, PROFILES)  # counts per game; shares (points of %)
fig, axes = plt.subplots(2, 1, figsize=(8, 1.2 + 0.55 * sum(map(len, panels.values())) + 1.2),
                         height_ratios=[max(len(panels[False]), 1), max(len(panels[True]), 1)])
for ax, share in zip(axes, (False, True)):
    vals = panels[share]
    y = list(range(len(vals)))[::-1]
    ax.errorbar([v[1] for v in vals], y, xerr=[[v[1] - v[2] for v in vals], [v[3] - v[1] for v in vals]],
                fmt="o", capsize=4)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_yticks(y, [v[0] for v in vals])
    ax.set_ylim(-0.5, len(vals) - 0.5)
    ax.set_xlabel(("difference in percentage points" if share else "difference per game")
                  + (" (paired, widened 95 % interval)" if DARK_WIDENED else " (paired 95 % CI)"))
axes[0].set_title(f"Dark play against the profile as played ({N_GAMES:,} paired games per profile)")
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
# A share of games (a seat's wins, the games with a reset) takes the
# Clopper–Pearson interval over games, on the effective number of games
# where games share pool deals.
#
# `thousand compare` draws the deals *with replacement* from the profile's
# double-dummy pool (the draws of every rule set range over the same deals),
# so a draw can repeat a deal drawn before: the table below counts them
# per rule set.  Where they do, every interval is widened for
# them, by the root of the draws per distinct deal (the bound the barrel
# page uses): a game-level figure's interval is scaled by it, a paired
# difference's by the larger of its two arms', and a share of games takes
# its games divided by the draws per distinct deal.  Such an interval is
# marked *widened*: an upper bound on what the repeats add, wider than a
# 95 % confidence interval.

# %%
WIKI = "golden_round=in_turn"
RUNS = {
    "club": ["club", f"club {WIKI}", f"club {WIKI} golden_failed=keep", f"club {WIKI} golden_failed=again",
             f"club {WIKI} golden_marriages_doubled=false"],
    "ua": ["ua", "ua golden_round=blind golden_deals=1 golden_failed=keep",
           "ua golden_round=blind golden_deals=3 golden_failed=keep"],
}
RUNS = {p: RUNS[p] for p in GOLDEN_PROFILES}
LABELS = {
    f"club {WIKI}": "wiki's golden round (reset when nobody makes 120)",
    f"club {WIKI} golden_failed=keep": "wiki's, agreement: no reset",
    f"club {WIKI} golden_failed=again": "wiki's, agreement: start again",
    f"club {WIKI} golden_marriages_doubled=false": "wiki's, agreement: marriages not doubled",
    "ua golden_round=blind golden_deals=1 golden_failed=keep": "ua's, first deal golden, bidding blind",
    "ua golden_round=blind golden_deals=3 golden_failed=keep": "ua's, first three deals golden, bidding blind",
}


def label(spelled: str, profile: str) -> str:
    return LABELS.get(spelled, f"{profile} as played")


runs = {p: compare(sets, games=N_GOLDEN_GAMES, seed=SEED, workers=None, outcomes="dd",
                   out=Path(DATA) / "compare" / f"golden-{p}-{N_GOLDEN_GAMES}-{SEED}")
        for p, sets in RUNS.items()}
drawn = {(p, spelled): dark_golden.games_drawn(path)
         for p, c in runs.items() for spelled, path in zip(RUNS[p], c.paths, strict=True)}

name_alike = dark_tables.name_alike  # "(same figures as ...)" where two rule sets play alike
display(Markdown(
    "**What is played here.** "
    + " ".join(f"On {p}, {len(sets)} rule sets: " + "; ".join(f"*{label(s_, p)}*" for s_ in sets) + "."
               for p, sets in RUNS.items())
    + (" ua's golden round (on ua) is played at the full sizes only." if "ua" not in RUNS else "")))
GOLDEN_WIDENED = any(d.repeats for d in drawn.values())
CI = " (widened 95 % interval)" if GOLDEN_WIDENED else " (95 % CI)"
PAIRED = " (paired, widened 95 % interval)" if GOLDEN_WIDENED else " (paired 95 % CI)"
display(name_alike(pd.DataFrame({
    "pool draws, and how many repeat": [d.words() for d in drawn.values()],
    "intervals widened by": [f"×{d.widening:.2f}" if d.repeats else "×1 (no repeats)" for d in drawn.values()]},
    index=pd.MultiIndex.from_tuples([(p, label(s_, p)) for p, s_ in drawn], names=["profile", "rule set"]))))

# %% [markdown]
# ## Game length and the golden round's resets
#
# Deals per game (redeals included) and the share of games whose golden
# round ended without a made contract (the reset, or a new round under
# "start again"), with paired 95 % intervals of the difference against the
# profile as played (widened where deals repeat, as the table above says).
# A rule set without a golden round, or whose round
# keeps the scores, has no reset by rule.

# %%
def metric_rows(metric: str) -> pd.DataFrame:
    return dark_tables.metric_rows(runs, RUNS, drawn, label, lambda s_: dark_golden.no_reset_by_rule(as_rules(s_)), metric)


deals = metric_rows("deals_per_game")
resets = deals[["profile", "rule set", "games", "deff", "by rule"]].copy()
resets["value"] = [k / n for k, n in (dark_golden.games_reset(path) for c in runs.values() for path in c.paths)]
resets = dark_golden.share_rows(resets, resets.deff)
shown = pd.DataFrame({
    "profile": deals.profile,
    "rule set": deals["rule set"],
    "deals per game" + CI: [notebook.fmt_num_ci(v, lo, hi, 1)
                            for v, lo, hi in zip(deals.value, deals.low, deals.high)],
    "Δ against the profile" + PAIRED: [
        "baseline" if d == lo == hi == 0 else notebook.fmt_num_ci(d, lo, hi, 2, signed=True)
        for d, lo, hi in zip(deals["diff"], deals.diff_low, deals.diff_high)],
    "games with a golden reset" + CI: [
        why if isinstance(why, str) else notebook.fmt_ci(v, lo, hi) for why, v, lo, hi in zip(resets["by rule"], resets.value, resets.low,
                                                                    resets.high)],
    "games": [f"{n:,}" for n in resets.games],
    "distinct solved deals": [f"{drawn[p, s_].distinct:,}" for p, sets in RUNS.items() for s_ in sets],
}).set_index(["profile", "rule set"])
display(name_alike(shown))
golden = deals[deals["diff"] != 0] if (deals["diff"] != 0).any() else deals.iloc[1:]
longest = golden.loc[golden["diff"].abs().idxmax()]
beyond = longest.diff_low > 0 or longest.diff_high < 0
display(Markdown(
    f"**Conclusion.** The largest change in game length is {longest['rule set']} on {longest.profile}: "
    f"{notebook.fmt_num_ci(longest['diff'], longest.diff_low, longest.diff_high, 2, signed=True)} deals per game "
    f"({'beyond' if beyond else 'within'} the noise at {N_GOLDEN_GAMES:,} paired games); "
    f"under wiki's round on club, {notebook.fmt_ci(*resets.loc[1, ['value', 'low', 'high']])} of "
    f"{resets.games[1]:,} games reset their scores after the golden deals."))

# %% [markdown]
# ## Who wins: shares by seat and the first hand's advantage
#
# The share of games won by the first hand of the first deal (the player the
# golden round makes its first declarer), by the player on his left, and by
# the first dealer; a fair seat wins a third.

# %%
SEATS = {"win_first_hand": "first hand", "win_second_hand": "second hand", "win_first_dealer": "first dealer"}
seat = {m: dark_golden.share_rows(t, t.deff) for m in SEATS for t in [metric_rows(m)]}
wins = pd.DataFrame({"profile": seat["win_first_hand"].profile,
                     "rule set": seat["win_first_hand"]["rule set"]})
for m, name in SEATS.items():
    t = seat[m]
    wins[f"{name} wins{CI}"] = [notebook.fmt_ci(v, lo, hi) for v, lo, hi in zip(t.value, t.low, t.high)]
first = seat["win_first_hand"]
wins["Δ first hand" + PAIRED] = [
    "baseline" if d == lo == hi == 0 else
    notebook.fmt_num_ci(100 * d, 100 * lo, 100 * hi, signed=True) + " percentage points"
    for d, lo, hi in zip(first["diff"], first.diff_low, first.diff_high)]
wins["distinct solved deals"] = [f"{drawn[p, s_].distinct:,}" for p, sets in RUNS.items() for s_ in sets]
display(name_alike(wins.set_index(["profile", "rule set"])))
base = first.iloc[0]
gold = first.iloc[1]
moved = gold.diff_low > 0 or gold.diff_high < 0
headline = headline_rows.golden_rows(first, PROFILES, runs, RUNS, drawn, label, N_GOLDEN_GAMES, lambda p: (
    "not run at the quick sizes (club only)" if p == "ua" else
    "not simulated here: wiki's golden round is played on club, ua's on ua"))
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
ax.set_xlabel(f"share of games won by the first hand of the first deal{CI}; dashed: a third")
ax.set_title("The first hand's share of wins, with and without a golden start")
plt.show()

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes; paired games read from the cache where there)."))
