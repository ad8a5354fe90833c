"""``thousand compare`` and ``analysis.comparison.compare``: paired games of rule sets."""

import json

import numpy as np
import pandas as pd
import pytest

from analysis import reference
from analysis.cli import main
from analysis.comparison import COLUMNS, compare, vary
from analysis.comparison.games import PoolDealsSolver, SharedPool
from analysis.comparison.metrics import paired_ci, per_game, ratio_ci
from analysis.comparison.table import compare_units
from analysis.game import ThresholdPolicy, game_rng, simulate, summarize
from analysis.rules import Rules, as_rules

#: The least set of metric names of DESIGN.md, contract 8.
REQUIRED = {
    "deals_per_game",
    "played_per_game",
    "barrel_entries_per_game",
    "bolts_per_game",
    "write_off_share",
    "made_share",
}
GAMES = 200  # enough for the barrel seats' sign, small enough for the fast suite


@pytest.fixture(scope="module")
def seats(tmp_path_factory):
    """Club against one barrel seat, GAMES paired games."""
    out = tmp_path_factory.mktemp("compare_seats")
    return compare(["club", "club barrel_seats=1"], games=GAMES, seed=3, outcomes="dd", workers=1, out=out)


def _rows(c, metric):
    return c.table[c.table.metric == metric].set_index("rules")


def test_table_has_the_contract_columns_and_metrics(seats):
    assert list(seats.table.columns[: len(COLUMNS)]) == COLUMNS
    assert REQUIRED <= set(seats.table.metric)
    assert set(seats.table.rules) == {"club", "club+barrel_seats=1"}
    base = seats.table[seats.table.rules == "club"]
    assert (base["diff"].fillna(0) == 0).all()
    assert seats.pairs == [("club+barrel_seats=1", "club", "same outcomes")]
    assert all(p.is_dir() for p in seats.paths)


def test_one_barrel_seat_lengthens_games_with_a_narrower_paired_interval(seats):
    for metric in ("deals_per_game", "barrel_entries_per_game"):
        r = _rows(seats, metric).loc["club+barrel_seats=1"]
        assert r["diff"] > 0 and r["diff_low"] > 0, metric  # beyond the noise, known sign
        assert r["beyond_noise"]
        assert r["diff_high"] - r["diff_low"] < r["unpaired_high"] - r["unpaired_low"], metric
    summary = seats.verdict()
    assert summary.startswith("club+barrel_seats=1: beyond the noise against club: ")
    moved = seats.moved("club+barrel_seats=1")
    assert {"deals_per_game", "barrel_entries_per_game"} <= set(moved.metric)
    assert all(f" {m} " in summary for m in moved.metric[:5])
    assert summary.endswith(f"and {len(moved) - 5} more") if len(moved) > 5 else True


def test_paired_difference_is_the_difference_of_two_simulate_runs(seats):
    """The command adds nothing of its own to the games: each rule set's
    figures are those of ``simulate`` (as ``thousand simulate`` runs it) on
    the same seed."""
    pool = reference.pool_for("club").solutions_path
    figs = {}
    for name in ("club", "club+barrel_seats=1"):
        g = simulate(as_rules(name), GAMES, 3, ThresholdPolicy(), pool=pool)
        s = summarize(g)
        figs[name] = {
            "deals_per_game": s["deals_per_game"][0],
            "barrel_entries_per_game": s["barrel_entries"][1],
            "made_share": s["declarer"]["made"]["share"],
            "write_off_share": s["declarer"]["write_offs"]["share"],
            "mean_contract": s["declarer"]["mean_contract"],
        }
        stays = s["barrel_outcomes"].set_index("ending")["share"]
        figs[name]["stay_end_fall"] = stays["barrel_fall"]
        figs[name]["stay_end_open"] = stays["open"]
        figs[name]["win_first_hand"] = (
            s["wins"].set_index("who").loc["first hand of deal 0", "count"] / s["games"]
        )
    for metric in figs["club"]:
        r = _rows(seats, metric)
        for name, f in figs.items():
            assert r.loc[name, "value"] == pytest.approx(f[metric], abs=1e-12), (metric, name)
        want = figs["club+barrel_seats=1"][metric] - figs["club"][metric]
        assert r.loc["club+barrel_seats=1", "diff"] == pytest.approx(want, abs=1e-12), metric


def test_self_comparison_is_no_difference_with_zero_width_intervals(tmp_path):
    c = compare(["club", Rules.profile("club")], games=12, seed=5, workers=1, out=tmp_path)
    t = c.table
    other = t[t.rules == "club#2"]
    assert c.names == ["club", "club#2"]
    assert c.no_difference and c.identical == ["club#2"]
    assert (other["diff"] == 0).all()
    assert (other["diff_low"] == 0).all() and (other["diff_high"] == 0).all()
    assert "no difference" in c.verdict() and "same rules" in c.verdict()


def test_a_field_no_decision_reads_gets_the_verdict_with_its_reason(tmp_path):
    c = compare(
        ["club", "club exchange_face_up=true"], games=6, seed=2, outcomes="dd", workers=1, out=tmp_path
    )
    assert c.no_difference
    v = c.verdict()
    assert "exchange_face_up" in v and "double-dummy" in v


def test_rule_sets_with_other_play_share_deals_within_the_smaller_pool(tmp_path):
    c = compare(["club", "book"], games=8, seed=4, outcomes="dd", workers=1, out=tmp_path)
    assert c.pairs == [("book", "club", "same deals")]
    frames = [pd.read_parquet(p) for p in c.paths]
    book = reference.pool_for("book").deals
    for f in frames:
        assert f.pool_deal.max() < book  # draws stay in the range both pools hold
    first = [f[f.deal_no == 0].set_index("game_id")[["dealer", "pool_deal"]] for f in frames]
    pd.testing.assert_frame_equal(first[0], first[1])  # same dealer, same deal to start each game
    exact = c.table[c.table.metric == "exact_redeal_before_play"].set_index("rules")
    assert exact.loc["book", "diff"] != 0  # book redeals on other conditions than club
    assert exact.loc["book", "diff_low"] == exact.loc["book", "diff_high"]  # exact: no noise


def test_rules_on_the_fly_draw_the_pools_deals():
    """A rule set no pool serves solves the same deal ids the pooled ones draw."""
    pool = reference.pool_for("club")
    a = SharedPool(pool.solutions_path, Rules.profile("club"), 50_000)
    masks = a.masks[:50_000]
    b = PoolDealsSolver(Rules.profile("club").with_changes("bolt_declarer=true"), masks, pool.deals_path)
    ma, _ = a.draw(game_rng(7, 3))
    mb, refs = b.draw(game_rng(7, 3))
    assert np.array_equal(ma, mb) and (refs == -1).all()


def test_ratio_and_paired_intervals_worked_example():
    # 4 games, shares: num (1, 0, 1, 0) over den (1, 1, 1, 1) -> 0.5, sd 0.5774
    v, lo, hi, z = ratio_ci([1, 0, 1, 0], [1, 1, 1, 1])
    half = 3.182446305284263 * 0.5773502691896257 / 2  # t(0.975, 3) * sd / sqrt(4)
    assert v == 0.5 and lo == pytest.approx(0.5 - half) and hi == pytest.approx(0.5 + half)
    assert paired_ci(z, z) == (0.0, pytest.approx(np.sqrt(2) * half))
    # a ratio of sums: 3 write-offs over 10 played deals
    v, *_ = ratio_ci([1, 2, 0], [4, 4, 2])
    assert v == pytest.approx(0.3)


def test_per_game_counts_a_hand_made_table():
    rows = pd.DataFrame(
        {
            "game_id": [0, 0, 0],
            "deal_no": [0, 1, 2],
            "dealer": [2, 2, 0],
            "redealt": [False, True, False],
            "declarer": [0, -1, 1],
            "bid": [100, -1, 120],
            "contract": [120, -1, 120],
            "written_off": [True, False, False],
            "value": [90, -1, 130],
            "bolt0": [False, False, True],
            "bolt1": [False, False, False],
            "bolt2": [True, False, False],
            "barrel0": [-1, -1, -1],
            "barrel1": [-1, -1, -1],
            "barrel2": [-1, -1, -1],
            "score0": [0.0, 0.0, 300.0],
            "score1": [0.0, 0.0, 1000.0],
            "score2": [0.0, 0.0, 500.0],
            "event": ["", "", "win:1"],
            "winner": [-1, -1, 1],
            "redeal_reason": ["", "widow", ""],
        }
    )
    p = per_game(rows).iloc[0]
    assert (p.deals, p.played, p.write_offs, p.real, p.made, p.bolts) == (3, 2, 1, 1, 1, 2)
    assert (p.redeal_widow, p.win_second_hand, p.losers, p.loser_sum) == (1, 1, 2, 800)


def test_a_crossing_is_counted_as_a_crossing_not_as_a_write_off():
    """Four played deals: a crossing (wiki «крещусь», event crossed:0), a
    write-off, a made contract and a failed one."""
    rows = pd.DataFrame(
        {
            "game_id": [0] * 4,
            "deal_no": [0, 1, 2, 3],
            "dealer": [2, 0, 1, 2],
            "redealt": [False] * 4,
            "declarer": [0, 1, 2, 0],
            "bid": [100] * 4,
            "contract": [120, 110, 100, 140],
            "written_off": [True, True, False, False],
            "value": [-1, -1, 105, 120],
            "bolt0": [False] * 4,
            "bolt1": [True, False, False, False],
            "bolt2": [True, False, False, False],
            **{f"barrel{p}": [-1] * 4 for p in range(3)},
            **{f"score{p}": [0.0] * 4 for p in range(3)},
            "event": ["crossed:0", "", "", ""],
            "winner": [-1] * 4,
            "redeal_reason": [""] * 4,
        }
    )
    p = per_game(rows).iloc[0]
    assert (p.played, p.crossings, p.write_offs, p.real, p.made) == (4, 1, 1, 2, 1)


def test_crossing_share_is_its_own_metric_and_leaves_write_offs_alone(tmp_path):
    """wiki with crossing allowed: every give-up becomes a crossing, so the
    write-off share falls to 0 and the crossing share takes its place; the
    figures are those of the games' own events."""
    names = ["wiki", "wiki+crossing=allowed"]
    c = compare(names, games=40, seed=4, outcomes="dd", workers=1, out=tmp_path)
    t = c.table.set_index(["metric", "rules"])
    cross = t.loc[("crossing_share", "wiki+crossing=allowed")]
    assert t.loc[("crossing_share", "wiki"), "value"] == 0
    assert t.loc[("write_off_share", "wiki+crossing=allowed"), "value"] == 0
    assert cross["value"] > 0 and cross["low"] < cross["value"] < cross["high"]
    g = pd.concat(pd.read_parquet(f) for f in sorted(c.paths[1].glob("**/*.parquet")))
    played = ~g["redealt"]
    n_crossed = g["event"].fillna("").str.contains("crossed:").sum()
    assert n_crossed == (g["written_off"] & played).sum()
    assert cross["value"] == pytest.approx(n_crossed / played.sum())


def test_parse_and_vary_spellings():
    assert as_rules("club barrel_threshold=900 barrel_seats=1") == Rules.profile("club").with_changes(
        barrel_threshold=900, barrel_seats=1
    )
    assert as_rules("club+barrel_seats=1").name == "club+barrel_seats=1"
    assert [r.barrel_threshold for r in vary("club", "barrel_threshold=900,920")] == [880, 900, 920]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["compare", "club"], "at least two rule sets"),
        (["compare", "club", "club nosuch=1"], "nosuch"),
        (["compare", "club", "club barrel_seats=7"], "barrel_seats"),
        (["compare", "club", "--vary", "barrel_seats"], "field=v1,v2"),
        (["compare", "club", "book", "--vary", "barrel_seats=1"], "one base rule set"),
        (["compare", "club", "club", "--games", "1"], "--games"),
        (["compare", "club", "club", "--seed", "-1"], "seed"),
        (["compare", "club", "barrel_seats=1"], "profile or file first"),
        (["compare", "club", "club bolt_declarer=true"], "--estimator club"),
        (["compare", "club", "club bolt_declarer=true"], "--on-the-fly"),
        (["compare", "club", "club bolt_declarer=true", "--estimator", "club"], "--on-the-fly"),
        (["simulate", "--games", "2", "--seed", "1", "--set", "bolt_declarer=true"], "--estimator club"),
    ],
)
def test_bad_arguments_are_one_line_of_advice_and_exit_2(argv, words, capsys, tmp_path):
    assert main([*argv, "--out", str(tmp_path / "o"), "--workers", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "internal error" not in err


def test_command_prints_json_rows_and_a_plot(tmp_path, capsys):
    argv = ["compare", "club", "--vary", "barrel_threshold=900", "--games", "6", "--seed", "1"]
    argv += ["--out", str(tmp_path / "o"), "--workers", "1", "--json", "--plot", str(tmp_path / "p.png")]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    assert set(COLUMNS) <= set(rows[0]) and {r["rules"] for r in rows} == {
        "club",
        "club+barrel_threshold=900",
    }
    assert (tmp_path / "p.png").stat().st_size > 0
    # rerun resumes: nothing to play again, the same rows
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == rows


def test_policy_options_are_live(tmp_path):
    a = compare(["club", "club"], games=6, seed=1, workers=1, out=tmp_path / "a")
    b = compare(
        ["club", "club"], games=6, seed=1, workers=1, out=tmp_path / "b", policy=ThresholdPolicy(risk=0.9)
    )
    mb = lambda c: c.table.set_index(["metric", "rules"]).loc[("mean_bid", "club"), "value"]  # noqa: E731
    assert mb(b) < mb(a)  # a more cautious bidder bids lower


def test_outcomes_pimc_plays_the_single_dummy_pools(tmp_path):
    c = compare(["club", "club barrel_seats=1"], games=2, seed=1, outcomes="pimc", workers=1, out=tmp_path)
    from analysis import dataset

    for p in c.paths:
        assert dataset.read_params(p)["outcomes"]["play"] == "pimc"
    assert c.outcomes == "pimc" and c.pairs[0][2] == "same outcomes"


def test_a_share_interval_stays_within_0_and_1_on_few_games():
    # 1 success in 10 games: the delta method's interval reaches below 0
    num, den = np.array([1] + [0] * 9), np.ones(10)
    v, lo, _, _ = ratio_ci(num, den)
    assert v == pytest.approx(0.1) and lo < 0
    rows = compare_units([(num, den), (num, den)], ["a", "b"], "win_first_hand", "games", 10, 0.05)
    assert all(r["low"] == 0.0 and r["high"] < 1 for r in rows)
    # a mean per game is no share, but a count: its interval stops at 0, not at 1
    counts = np.array([3, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    assert ratio_ci(counts, den)[1] < 0
    (row,) = compare_units([(counts, den)], ["a"], "bolts_per_game", "games", 10, 0.05)
    assert row["low"] == 0.0 and row["high"] == pytest.approx(ratio_ci(counts, den)[2])
    # no win in 5 games: Clopper-Pearson's exact bound, not an interval 0-0
    none, most = (np.zeros(5), np.ones(5)), (np.array([1, 1, 1, 1, 0]), np.ones(5))
    (row,) = compare_units([none], ["a"], "win_second_hand", "games", 5, 0.05)
    assert row["low"] == 0.0 and row["high"] == pytest.approx(1 - 0.025 ** (1 / 5))
    # a difference of two shares stays within [-1, 1]
    _, other = compare_units([none, most], ["a", "b"], "win_second_hand", "games", 5, 0.05)
    assert other["diff"] == pytest.approx(0.8)
    assert -1 <= other["diff_low"] < 0.8 < other["diff_high"] <= 1 and other["unpaired_high"] <= 1


def test_four_players_show_every_position_with_its_interval(tmp_path):
    """At four the third hand (the seat before the first dealer) has its own
    win share; the four positions add up to the games someone won; a table
    of three has no third hand (n/a, with a note) and no paired difference
    against a baseline of four."""
    notes = []
    names = ["book players=4", "book", "book players=4 rest_score=fixed rest_fixed=40"]
    c = compare(names, games=12, seed=4, workers=1, out=tmp_path, on_note=notes.append)
    t = c.table.set_index(["metric", "rules"])
    positions = ["win_first_hand", "win_second_hand", "win_third_hand", "win_first_dealer"]
    for name, path in zip(c.names, c.paths):
        frame = pd.read_parquet(path)
        last = frame.sort_values(["game_id", "deal_no"]).groupby("game_id").tail(1)
        first = frame.sort_values(["game_id", "deal_no"]).groupby("game_id").dealer.first()
        n = 4 if "score3" in frame else 3
        rel = (last.winner.to_numpy() - first.loc[last.game_id].to_numpy() - 1) % n
        seat = {"win_first_hand": 0, "win_second_hand": 1, "win_first_dealer": n - 1}
        if n == 4:
            seat["win_third_hand"] = 2
        for m, j in seat.items():
            k = int(((last.winner.to_numpy() >= 0) & (rel == j)).sum())
            r = t.loc[(m, name)]
            assert r["value"] == pytest.approx(k / 12) and r["low"] <= r["value"] <= r["high"], (m, name)
        if n == 4:
            assert sum(t.loc[(m, name), "value"] for m in positions) == pytest.approx(
                t.loc[("finished_share", name), "value"]
            )
            assert t.loc[("win_third_hand", name), "high"] > t.loc[("win_third_hand", name), "low"]
    three = t.loc[("win_third_hand", "book")]
    assert np.isnan(three[["value", "low", "high", "diff"]].astype(float)).all() and not three["beyond_noise"]
    fixed = t.loc[("win_third_hand", "book+players=4,rest_fixed=40,rest_score=fixed")]
    assert fixed["diff_low"] <= fixed["diff"] <= fixed["diff_high"]
    assert any("win_third_hand is n/a for book:" in n for n in notes)
    assert c.identical == []  # a table of four is never row for row one of three
    assert "win_third_hand" in c.format() and "n/a" in c.format()
    json.loads(c.to_json())  # NaN goes out as null


def test_a_baseline_without_a_figure_leaves_the_others_unpaired():
    num, den = np.array([1, 0, 1, 1]), np.ones(4)
    rows = compare_units([None, (num, den), (num, den)], ["a", "b", "c"], "m", "games", 4, 0.05)
    assert np.isnan(rows[0]["value"]) and rows[1]["value"] == rows[2]["value"] == 0.75
    assert all(np.isnan(r[k]) for r in rows[1:] for k in ("diff", "diff_low", "unpaired_high"))


def test_tables_of_three_have_no_third_hand_row(seats):
    assert "win_third_hand" not in set(seats.table.metric)


def test_the_default_folder_is_keyed_by_every_recorded_parameter(tmp_path, monkeypatch):
    # a data folder shared with another checkout (pools elsewhere) or another
    # package version held a dataset of other parameters under the same folder
    # name, and the comparison stopped with a DatasetError instead of playing
    from analysis.comparison import front

    args = dict(games=4, seed=1, outcomes="dd", workers=1, under=tmp_path)
    a = compare(["club", "club barrel_seats=1"], **args)
    again = compare(["club", "club barrel_seats=1"], **args)
    assert again.paths == a.paths  # the same comparison resumes in its folder
    assert again.table.equals(a.table)
    real = front.arm_params

    def elsewhere(*p, **kw):  # any other recorded parameter (another version, pools elsewhere)
        return {**real(*p, **kw), "made_by": "another checkout"}

    monkeypatch.setattr(front, "arm_params", elsewhere)
    moved = compare(["club", "club barrel_seats=1"], **args)
    assert moved.paths[0].parent != a.paths[0].parent  # its own folder, no error
    assert moved.table.drop(columns="pool_repeat_share").equals(a.table.drop(columns="pool_repeat_share"))


def test_recorded_parameters_name_pools_from_the_reference_root(tmp_path, monkeypatch):
    # a second checkout (or THOUSAND_REFERENCE elsewhere) recorded other absolute
    # pool paths, so the same comparison got another default folder
    from pathlib import Path

    from analysis.comparison import games
    from analysis.comparison.arms import plan_arms

    arms, shared, deals_path = plan_arms([as_rules("club")], ["club"], "dd", False)
    p = games.arm_params(arms[0], 4, 1, ThresholdPolicy(), "dd", shared, deals_path)
    text = json.dumps(p, default=str)
    assert str(reference.root()) not in text and '"<reference>/club/' in text
    assert Path(games.local(p["comparison"]["pool_path"])) == Path(arms[0].pool_path)
    monkeypatch.setenv(reference.ROOT_VAR, str(tmp_path))  # the pools moved: read from there
    assert games.local(p["comparison"]["pool_path"]).startswith(f"{tmp_path.resolve()}/club/")
    assert games.portable({"a": [f"{tmp_path.resolve()}/wiki/deals"], "b": 3}) == {
        "a": ["<reference>/wiki/deals"],
        "b": 3,
    }
    assert games.local("/elsewhere/pool") == "/elsewhere/pool"  # a path outside the root stays as given
