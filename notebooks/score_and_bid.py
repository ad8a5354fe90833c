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
# # When does the score change the bid?
#
# **Answers**: each player's chance to win the game from a table state
# (equity maps), the bid a player who reads the score makes at the typical
# critical scores (near the barrel, an opponent on the barrel, deep in the
# minus), how often that differs from the score-blind threshold policy, and
# what reading the score is worth in whole games.
#
# **Run All** (Run → Run All Cells): it solves and simulates nothing (the
# equity models and the paired games' results ship with the package); the
# end of the page says how long this run took.
#
# **Quick sizes** (200 hands): set `QUICK = True` in the
# parameters cell below, or start the lab with `THOUSAND_QUICK=1 make lab`
# for every page.

# %% [markdown]
# The chances come from the equity model shipped for each profile
# (docs/EQUITY.md): a conditional logit fitted on 10,000
# games of three equal, score-blind, double-dummy players (the threshold
# policy).  The score-aware player follows the equity policy
# (`thousand simulate --policy equity`): at each deal he weighs every level his
# hand can bid by its expected chance to win the game (made with the bidding
# model's estimate, failed otherwise, written off where that is better) and
# bids up to the highest level at which that is at least what passing
# leaves him.  The threshold player bids while his estimate of the next
# level is at least one half (a barrel sitter likewise; his opponents keep
# bidding against him down to 0.35).

# %% tags=["parameters"]
from analysis.research import notebook

QUICK = notebook.quick_mode()  # THOUSAND_QUICK=1 or CI=1: small sizes
DATA = str(notebook.data_dir())  # THOUSAND_DATA, else ../data
SEED = 36
N_HANDS = 200 if QUICK else 2_000  # random 7-card hands per critical state
N_GRID = 21 if QUICK else 41  # score steps of the equity maps

# %%
import time

import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

from analysis.bids import bid_cap
from analysis.deal import chunk_rng, deal
from analysis.equity import default_model, win_interval
from analysis.equity.build import HOLD_OUT
from analysis.equity.features import state_arrays
from analysis.equity.paired_store import shipped_summary
from analysis.game.equity_policy import EquityPolicy
from analysis.research import equity_tables, game_tables, headline_rows, plots
from analysis.rules import PROFILES
from analysis.scoring import TableState
from analysis.stats import proportion_ci, widen

T0 = time.perf_counter()
plots.use_style()
display(Markdown(notebook.back_link()))
display(notebook.provenance(["club"], SEED, hands=N_HANDS, grid=N_GRID))

# %% [markdown]
# ## Equity maps
#
# Club, player 2 at 400 and dealing next: each player's chance to win as
# players 0 and 1's scores vary (nobody on the barrel; 880 is the
# threshold).  A player's chance rises with his own score and falls as the
# best of his opponents nears the threshold.

# %%
KIND = "dd"  # the models of double-dummy play: the games the gain below was measured in
club = PROFILES["club"]
display(Markdown(
    "The equity and bidding models on this page are those of **double-dummy play**, the games in which "
    "the equity policy's gain (below) was measured. The simulator's default is now own-information play, "
    "with its own equity models (`thousand equity --outcomes pimc`); docs/EQUITY.md tables the two kinds "
    "side by side. For example, club at 860/300/500 (player 2 dealing), player 0's chance: "
    + ", ".join(f"{notebook.fmt_ci(*(v[0] for v in win_interval(club, TableState(scores=(860, 300, 500), dealer=2), outcomes=k)))} "
                f"({w})" for k, w in (("dd", "double-dummy"), ("pimc", "own information")))
    + "."))
model = default_model(club, outcomes=KIND)
xs = np.linspace(-200, 860, N_GRID)
a, b = np.meshgrid(xs, xs)
states = [TableState(scores=(float(x), float(y), 400.0), dealer=2) for x, y in zip(a.ravel(), b.ravel())]
chances = model.chances(state_arrays(states)).reshape(len(xs), len(xs), 3)
fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
for p, ax in enumerate(axes):
    im = ax.contourf(xs, xs, chances[:, :, p], levels=np.linspace(0, 1, 21), cmap="viridis")
    ax.set_title(f"player {p}'s chance to win")
    ax.set_xlabel("player 0's score")
axes[0].set_ylabel("player 1's score")
bar = fig.colorbar(im, ax=axes, shrink=0.85, label="chance to win the game (%)")
bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0, symbol=""))
plt.show()

# %% [markdown]
# ## The bid at the critical scores
#
# For random 7-card hands the bidding model gives the chance of making each
# level; the threshold policy and the equity policy turn that into the
# highest level the player is willing to hold, and the auction cuts it to
# his hand's cap (120 plus the marriages he holds, RULES.md, bid cap): the
# *limit* below is that capped level, the most he bids in the auction.  The
# equity policy weighs every level whose estimate reaches 0.05, so before
# the cap its level can lie far above it; the table says how often the cap
# cut it.  Player 0 holds the hand in first hand (player 2 deals), so he
# opens with the obligatory 100 (club, RULES.md, bidding): his limit is at
# least 100, and where the policy would not bid 100 he stays at it.  On the
# barrel a level below the contract he needs means he passes.  Per state:
# how often the two limits differ, which way, how often each passes (on the
# barrel only: elsewhere the first hand must open), the mean limit of each
# over the hands that bid (points; a pass has no limit), how often each
# stays at the opening 100 (impossible on the barrel, where the contract
# must reach the barrel's minimum) and how often the cap cut the equity
# policy's level; shares with their 95 % intervals (Wilson, Clopper–Pearson
# near 0 or 1), means with a normal 95 % interval, over the same hands.

# %%
CRITICAL = {
    "fresh table (0, 0, 0)": TableState(scores=(0, 0, 0), dealer=2),
    "mid game (400, 400, 400)": TableState(scores=(400, 400, 400), dealer=2),
    "near the barrel (860, 300, 500)": TableState(scores=(860, 300, 500), dealer=2),
    "leading at 700 (700, 200, 200)": TableState(scores=(700, 200, 200), dealer=2),
    "opponent on the barrel (300, 500, 880)": TableState(
        scores=(300, 500, 880), barrel=(-1, -1, 0), dealer=2
    ),
    "deep in the minus (−300, 400, 500)": TableState(scores=(-300, 400, 500), dealer=2),
    "on the barrel, first attempt (880, 300, 500)": TableState(
        scores=(880, 300, 500), barrel=(0, -1, -1), dealer=2
    ),
    "on the barrel, last attempt (880, 300, 500)": TableState(
        scores=(880, 300, 500), barrel=(2, -1, -1), dealer=2
    ),
}
policy = EquityPolicy(players=(0,)).with_estimator(club, outcomes=KIND)
hands = deal(chunk_rng(SEED, 0), N_HANDS)[:, :3].astype(np.uint32)
lim = policy.limits(hands, club, outcomes=KIND)  # (n, 3, 39): seat 0 is player 0
caps = bid_cap(club, hands[:, 0])  # the auction never bids above them (analysis.game.auction)
table = equity_tables.limit_rows(policy, lim, caps, CRITICAL, club)
spread, bidders, sitting_row = table.pop("_sd"), table.pop("_bid"), table.pop("_sitting")
shown = equity_tables.limits_shown(table, spread, bidders, sitting_row, club, N_HANDS)
display(shown)
display(Markdown(
    f"Each row: the same {N_HANDS:,} random hands, held by player 0 in first hand. Their caps average "
    f"{notebook.fmt_num(caps.mean(), 1)} points ({notebook.fmt_pct(np.mean(caps == 120))} of the hands hold no "
    "marriage: cap 120), so no mean limit can exceed that; the limits are those the auction bids to. On the "
    "barrel a hand that passes has no limit: the mean limits there are over the hands that bid, and the "
    "passes are counted apart (a pass is neither higher nor lower than another pass; a bid is higher than a "
    "pass)."))

# %%
fig, ax = plt.subplots(figsize=(11, 4.5))
y = np.arange(len(table))
for off, col, what, colour in ((-0.2, "equity bids higher", "higher", "C2"), (0.2, "equity bids lower", "lower", "C3")):
    share = table[col].to_numpy()
    lo, hi = proportion_ci(np.rint(share * N_HANDS).astype(int), np.full(len(share), N_HANDS))
    ax.barh(y + off, share, height=0.4, color=colour, label=f"equity policy's limit {what}",
            xerr=[share - lo, hi - share], error_kw={"capsize": 3, "lw": 1})
ax.set_yticks(y)
ax.set_yticklabels(table.index)
ax.invert_yaxis()
ax.set_xlim(0, 1)
ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.set_xlabel(f"share of {N_HANDS:,} random hands (95 % CI)")
ax.set_title("Where reading the score changes the bid (club, player 0 in first hand, limits within the cap)")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
plt.show()

# %% [markdown]
# Why the two policies part (the equity model's reasons): at a fresh table
# the equity of passing counts the contract an opponent then plays; near the
# barrel a defender's points often carry the player to 880 anyway, so a
# coin-flip 120 is not worth what it can cost; letting an opponent on the
# barrel buy the widow is worse than most failed contracts; deep in the
# minus a failure costs little equity and a success a lot; on the barrel a
# player who passes on his last attempt falls anyway.  Which way each state
# goes, from the table:

# %%
display(Markdown("**Conclusion.** " + "; ".join(equity_tables.direction(table, sitting_row, n) for n in table.index)
                 + f" ({N_HANDS:,} hands per state; intervals in the table)."))

# %% [markdown]
# ## What reading the score is worth
#
# Paired games (`python -m analysis.equity.paired run`, docs/EQUITY.md): the
# same games (same seeds, the same deals from the reference pool) are
# played with all three players on the threshold policy and with one seat,
# rotated over the three players, on the equity policy.  **The reference is
# the same seat in the all-threshold games**: the gain is the equity seat's
# win share minus that seat's share there, in percentage points, with a
# 95 % interval from the paired per-game differences; a gain (or loss) is
# named where that interval excludes 0 and the equity seat's share's
# excludes a third (as docs/EQUITY.md names it).  The table and the plot read the
# same reference (par, a third, is only what a seat wins on average; the
# all-threshold share beside it is the paired one).

# %%
verdict, result_columns = equity_tables.verdict, equity_tables.result_columns
shipped = shipped_summary()
res = pd.DataFrame(shipped["rows"])
counted, factor_of = {}, {}  # the pool draws behind each profile's games, and the widening they allow
if res.empty:
    display(Markdown("No paired games are shipped: run `python -m analysis.equity.paired run`."))
else:
    res["verdict"] = verdict(res)
    show = pd.DataFrame(
        {
            "profile": res.profile,
            "paired games": [notebook.fmt_num(int(g)) for g in res.games],
            **result_columns(res),
        }
    )
    display(
        Markdown(
            f"Paired games of {shipped.get('date', '?')} (seed {shipped.get('seed')}), the shipped equity "
            "model (step 1 of the iteration below)."
        )
    )
    display(show.set_index("profile"))
    # the pool deals behind the games (draws with replacement repeat some), as every page counts them
    DRAWS = pd.DataFrame(shipped.get("draws", []))
    counted = {r.profile: r for r in DRAWS.itertuples()} if len(DRAWS) else {}
    display(Markdown(
        "The games draw their deals from each profile's double-dummy reference pool with replacement. "
        "Counted in the all-threshold arm (replayed with the same seed and game ids, "
        "`python -m analysis.equity.draws`; the other arms start every game from the same stream and draw "
        "the same deals until a decision makes their games differ): "
        + "; ".join(
            f"{p}: " + (game_tables.repeat_phrase(counted[p].draws, counted[p].pool_size, counted[p].distinct,
                                                  counted[p].repeats) + f" (the {counted[p].pool} pool)"
                        if p in counted else "not counted in the shipped summary")
            for p in res.profile)
        + "."))
    if counted:  # games sharing a pool deal are not independent: how far that could widen the gains
        factor_of = {p: float(np.sqrt(r.draws / r.distinct)) for p, r in counted.items()}
        wide = res[res.profile.isin(list(factor_of))].copy()
        f = wide.profile.map(factor_of)
        wide["gain_low"], wide["gain_high"] = widen(wide.gain, wide.gain_low, wide.gain_high, f)
        wide["share_low"], wide["share_high"] = widen(wide.share, wide.share_low, wide.share_high, f, clip=(0.0, 1.0))
        flips = [f"{p} ({a} → {b})" for p, a, b in zip(wide.profile, wide.verdict, verdict(wide)) if a != b]
        display(Markdown(
            "The per-game intervals treat the games as independent, which games that share a pool deal are "
            "not: scaled by the root of the draws per distinct deal (an upper bound on the widening, as the "
            "other pages apply it to figures of whole games: "
            + ", ".join(f"×{notebook.fmt_num(factor_of[p], 2)} {p}" for p in wide.profile) + "), "
            + ("every verdict above stays the same." if not flips else
               "these verdicts would change: " + ", ".join(flips) + ".")))
    fig, ax = plt.subplots(figsize=(9, 3.5))
    yy = np.arange(len(res))
    ax.errorbar(
        100 * res.gain,
        yy,
        xerr=[100 * (res.gain - res.gain_low), 100 * (res.gain_high - res.gain)],
        fmt="o",
        color="C0",
        label="equity seat minus the same seat\nin the all-threshold games (95 % CI)",
    )
    ax.axvline(0, color="k", lw=0.8, ls="--", label="no gain")
    ax.set_yticks(yy)
    ax.set_yticklabels([f"{p} ({int(g):,} games)" for p, g in zip(res.profile, res.games)])
    ax.invert_yaxis()
    ax.set_xlabel("gain in win share (percentage points)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.set_title("What reading the score is worth, paired games")
    plt.show()
    named = {v: list(res.profile[res.verdict == v]) for v in ("gain", "loss", "no difference shown")}
    display(
        Markdown(
            "**Conclusion.** Against the same seat in the all-threshold games, the equity seat "
            + "; ".join(
                f"{'gains' if v == 'gain' else 'loses' if v == 'loss' else 'shows no difference'} in "
                + ", ".join(ps)
                for v, ps in named.items()
                if ps
            )
            + " (the intervals above). That gain is over threshold players' own defaults: part of it may be "
            "bidding more boldly rather than reading the score, which the last section tests against a "
            "bold score-blind seat."
        )
    )

# %% [markdown]
# ### The same paired games with own information
#
# The games above are double-dummy: every declarer sees every card.  Played
# as the other pages play games (`python -m analysis.equity.paired run
# --outcomes pimc`): both arms from the single-dummy pool that serves the
# profile, every decision from the deciding player's own cards, the equity
# seat reading the model fitted on own-information games, everyone bidding
# with the single-dummy bidding model.  Those pools are smaller, so the
# games share deals: the intervals are widened by the root of the draws per
# distinct deal (column *pool draws*), as `thousand compare` widens them.

# %%
OI = pd.DataFrame(shipped.get("own_information", []))
if OI.empty:
    display(Markdown("No own-information paired games are shipped: run "
                     "`python -m analysis.equity.paired run --outcomes pimc`."))
else:
    display(equity_tables.own_information_table(OI, res))
    missing = [p for p in PROFILES if p not in set(OI.profile)]
    display(Markdown(
        "**Own information.** " + "; ".join(
            f"{r.profile}: {v} ({notebook.fmt_num_ci(100 * r.gain, 100 * r.gain_low, 100 * r.gain_high, signed=True)} "
            f"percentage points, {int(r.games):,} paired games)" for r, v in zip(OI.itertuples(), verdict(OI)))
        + "." + (f" Not played yet: {', '.join(missing)}." if missing else "")))
BOLD = pd.DataFrame(shipped.get("bold", []))  # the control of the gain, last section of the page
_ = notebook.save_headline(
    "score_and_bid",
    headline_rows.equity_gain_rows(
        res, PROFILES, headline_rows.PLAY_WORDS[KIND], BOLD, pd.DataFrame(shipped.get("draws", [])),
        OI.assign(verdict=verdict(OI)) if len(OI) else None,
    ),
    DATA,
)

# %% [markdown]
# Iterating: refit the equity model on games in which all three players
# play the equity policy, then replay the equity seat of the same paired
# games with the refitted model; the iteration stops once the gain no
# longer grows (`python -m analysis.equity.paired iterate`, docs/EQUITY.md).
# The iteration replays the paired games above, or their first games only
# (`--limit`), so step 1 (the shipped model) is shown again on the games it
# measured: each row names its step and the games it was measured on, with
# the verdict rule above.

# %%
steps = pd.DataFrame(shipped.get("steps", []))
if steps.empty:
    display(Markdown("No later step is shipped: run `python -m analysis.equity.paired iterate`."))
else:
    steps["verdict"] = verdict(steps)
    def held_out(g):
        """The refit's games held out for its calibration (HOLD_OUT: every fifth game id of 0 .. g − 1)."""
        return len(range(HOLD_OUT["remainder"], int(g), HOLD_OUT["every"]))

    label = [
        "step 1: the shipped model" if s == 1 else
        f"step {int(s)}: refitted on {int(g) - held_out(g):,} of {int(g):,} games ({held_out(g):,} held out)"
        for s, g in zip(steps.step, steps.fit_games)
    ]
    display(
        pd.DataFrame(
            {
                "profile": steps.profile,
                "model": label,
                "measured on": [f"the iteration's {int(g):,} paired games" for g in steps.games],
                **result_columns(steps),
            }
        ).set_index(["profile", "model", "measured on"])
    )
    if not res.empty:
        both = steps[steps.step == 1].merge(res, on="profile", suffixes=("_it", ""))
        differ = both[both.verdict_it != both.verdict]
        display(
            Markdown(
                "Step 1 is the same model in both tables; "
                + (
                    "; ".join(
                        f"in {r.profile} its verdict is \"{r.verdict}\" on all {int(r.games):,} paired games "
                        f"and \"{r.verdict_it}\" on the iteration's {int(r.games_it):,} (gain "
                        f"{notebook.fmt_num_ci(100 * r.gain_it, 100 * r.gain_low_it, 100 * r.gain_high_it, signed=True)} "
                        "percentage points there): the smaller sample's interval is the wider"
                        for r in differ.itertuples()
                    )
                    if len(differ)
                    else "its verdict is the same on both sets of games"
                )
                + "."
            )
        )

# %% [markdown]
# **What the gain is made of.** Against threshold players, bidding more
# boldly pays whatever the score, and the equity policy's break-even at a
# fresh table (about 0.46) is itself bolder than 0.5.  So the same paired
# games are played a third time with the seat bidding score-blind at a lower
# risk (`python -m analysis.equity.bolder run`): the bold seat's gain over
# the all-threshold games, and the equity seat's win share minus the bold
# seat's on the same games, both with 95 % intervals from the paired
# per-game differences.  Where that last interval includes 0, the table
# above measures the equity policy against the threshold policy's defaults,
# not the worth of reading the score alone.

# %%
bold = BOLD
if bold.empty:
    display(Markdown("No bold-seat games are shipped: run `python -m analysis.equity.bolder run`."))
else:
    display(equity_tables.bold_table(bold))
# every profile whose gain is shown, read against its control (or said to have none)
readings = {}
for p in res.profile if not res.empty else []:
    got = bold[bold.profile == p] if len(bold) else bold
    readings.setdefault(headline_rows.bold_control(got.iloc[0].to_dict() if len(got) else None)[1], []).append(p)
if readings:
    display(
        Markdown(
            "**Conclusion.** Of the gains above, against a bold score-blind seat on the same games: "
            + "; ".join(f"{', '.join(ps)}: {what}" for what, ps in readings.items())
            + " (the paired equity-minus-bold intervals above). Where the equity seat cannot be told from the "
            "bold seat, the gain of the table above measures the equity policy against the threshold "
            "policy's defaults, not the worth of reading the score alone; the index's row for each profile "
            "carries this control beside the gain."
        )
    )
    if counted and len(bold):  # the control's intervals scaled as the gains' above (repeated pool deals)
        moved = []
        for r in bold.itertuples():
            f = factor_of.get(r.profile)
            if f is None or r.equity_minus_bold is None or r.equity_minus_bold != r.equity_minus_bold:
                continue
            lo, hi = widen(r.equity_minus_bold, r.equity_minus_bold_low, r.equity_minus_bold_high, f)
            wide_row = {"equity_minus_bold": r.equity_minus_bold, "equity_minus_bold_low": lo, "equity_minus_bold_high": hi}
            a = headline_rows.bold_control(r._asdict())[1]
            b = headline_rows.bold_control(wide_row)[1]
            if a != b:
                moved.append(f"{r.profile} ({a} → {b})")
        display(Markdown(
            "Scaled by the root of the draws per distinct deal, as the gains above, "
            + ("every reading of the control stays the same." if not moved else
               "these readings would change: " + "; ".join(moved) + ".")))

# %%
display(Markdown(f"This page ran in {time.perf_counter() - T0:,.0f} s in this run "
                 f"({'quick' if QUICK else 'full'} sizes)."))
