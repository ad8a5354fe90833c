"""Whole games at a table of four: the dealer rests on the widow (RULES.md, "Four players").

Games of book, ua and wiki with ``players=4`` drawn from the shipped
reference pools keep every invariant of three-player games for all four
players, replay exactly through :func:`analysis.scoring.apply_deal` (the
resting dealer's widow read back from the pool's deals), and each position
round the table wins about a quarter of them.
"""

import numpy as np
import pandas as pd
import pytest

from analysis import dataset, reference
from analysis.dataset import GAME_COLUMNS, game_columns
from analysis.game import ThresholdPolicy, simulate
from analysis.game.summary import format_summary, summarize
from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, apply_deal, check_state, new_table, rest_points
from analysis.stats import proportion_ci

PROFILES4 = ("book", "ua", "wiki")
GAMES = 80  # per profile; 240 games for the shares by position


@pytest.fixture(scope="module")
def games4():
    """``{profile: (rules, games, widow by pool deal id)}`` at four players."""
    out = {}
    for p in PROFILES4:
        pool = reference.pool_for(p)
        rules = PROFILES[p].with_changes(players=4)
        g = simulate(rules, GAMES, seed=2026, policy=ThresholdPolicy(), pool=pool.solutions_path)
        deals = dataset.read_frame(pool.deals_path, "deals", columns=["deal_id", "widow"])
        widow = np.zeros(int(deals.deal_id.max()) + 1, np.int64)
        widow[deals.deal_id.to_numpy()] = deals.widow.to_numpy(np.int64)
        out[p] = (rules, g, widow)
    return out


def _cols(group: str) -> list:
    return [f"{group}{p}" for p in range(4)]


def replay4(rules, games: pd.DataFrame, widow) -> int:
    """Feed every row back through apply_deal and check the table after it."""
    n = 0
    for _, g in games.groupby("game_id"):
        g = g.sort_values("deal_no")
        state = new_table(rules, dealer=int(g.dealer.iloc[0]))
        for r in g.itertuples():
            assert r.dealer == state.dealer and r.first_hand == (r.dealer + 1) % 4
            ev = [e for e in r.event.split(";") if e and not e.startswith(("gift_redeal", "unfinished"))]
            row = r._asdict()
            if r.redealt:
                out = DealOutcome(redeal=True)
            else:
                assert r.declarer != r.dealer  # the dealer rests
                assert row[f"raw{r.dealer}"] == 0 and row[f"tricks{r.dealer}"] == 0
                fm = int(ev[0].split(":")[1]) if ev and ev[0].startswith("four_marriages") else -1
                raw = tuple(row[c] for c in _cols("raw"))
                tricks = tuple(row[c] for c in _cols("tricks"))
                if fm >= 0 or r.written_off:
                    tricks = tuple(8 if p == r.declarer else 0 for p in range(4))
                out = DealOutcome(
                    declarer=r.declarer,
                    contract=r.contract,
                    bid=r.bid,
                    written_off=r.written_off,
                    raw=raw,
                    tricks=tricks,
                    four_marriages=fm,
                    widow=int(widow[r.pool_deal]),
                )
            res = apply_deal(rules, state, out)
            state = res.state
            assert list(state.scores) == [row[c] for c in _cols("score")]
            assert res.deltas.tolist() == [row[c] for c in _cols("delta")]
            assert res.bolts.tolist() == [row[c] for c in _cols("bolt")]
            assert list(state.barrel) == [row[c] for c in _cols("barrel")]
            assert res.events == ev and state.winner == r.winner
            if state.winner < 0:
                check_state(rules, state)
            n += 1
    return n


def check_games4(rules, games: pd.DataFrame) -> None:
    """The invariants of three-player games, for all four players."""
    cols = game_columns(4)
    assert list(games.columns) == list(cols)
    for c, t in cols.items():
        assert str(games[c].dtype) == t, c
    for gid, g in games.groupby("game_id"):
        w = g.winner.to_numpy()
        assert (w[:-1] == -1).all() and w[-1] >= 0, gid
        last, win = g.iloc[-1], int(w[-1])
        if "four_marriages" not in last.event:
            assert last[f"score{win}"] >= rules.target
            assert last.declarer == win and f"win:{win}" in last.event
            assert g.iloc[-2][f"barrel{win}"] >= 0
        for p in range(4):
            s = g[f"score{p}"].to_numpy()
            assert (s[:-1] <= rules.barrel_threshold).all()
            if p != win:
                assert s[-1] < rules.target
            assert g[f"barrel{p}"].between(-1, rules.barrel_attempts - 1).all()
        sitting = (g[_cols("barrel")].to_numpy() >= 0).sum(axis=1)
        assert (sitting[:-1] <= rules.barrel_seats).all(), gid
        # the deal passes round four seats after a completed deal only
        d = g.dealer.to_numpy()
        moved = np.diff(d) % 4
        assert set(moved.tolist()) <= {0, 1}
        assert ((moved == 0) == g.redealt.to_numpy()[:-1]).all()
    played = games[~games.redealt]
    assert (played.declarer != played.dealer).all()
    assert (played.contract >= played.bid).all() and (played.bid >= 100).all()
    solved = played[played.value >= 0]
    made = solved.value >= solved.bid
    assert (solved.contract[made] <= solved.value[made]).all()
    assert (solved.contract[~made] == solved.bid[~made]).all()


@pytest.mark.parametrize("profile", PROFILES4)
def test_four_player_games_keep_every_invariant_and_replay(profile, games4):
    rules, games, widow = games4[profile]
    check_games4(rules, games)
    assert replay4(rules, games, widow) == len(games)
    assert {f"win:{p}" for p in range(4)} <= {e for e in games.event.str.split(";").explode()}


def test_the_resting_dealer_scores_the_widow_as_his_rules_say(games4):
    for profile in PROFILES4:
        rules, games, widow = games4[profile]
        played = games[~games.redealt & ~games.written_off]
        rows = played[played.event == ""]  # no barrel or reset event touched the scores
        for r in rows.head(200).itertuples():
            row = r._asdict()
            if row[f"barrel{r.dealer}"] >= 0:
                continue
            got = row[f"delta{r.dealer}"]
            assert got == rest_points(rules, int(widow[r.pool_deal])), (profile, r.game_id, r.deal_no)


def test_each_position_wins_about_a_quarter(games4):
    """Positions relative to the first dealer: over 240 games each wins a
    share whose 99 % interval holds 1/4."""
    wins = np.zeros(4, np.int64)
    for _, games, _ in games4.values():
        s = summarize(games)
        pos = s["wins"][s["wins"].by == "position"]
        assert len(pos) == 4
        wins += pos["count"].to_numpy()
    total = int(wins.sum())
    assert total == GAMES * len(PROFILES4)
    for k in wins:
        lo, hi = proportion_ci(int(k), total, alpha=0.01)
        assert lo <= 0.25 <= hi, (wins.tolist(), lo, hi)


def test_summary_names_four_players_and_positions(games4):
    _, games, _ = games4["ua"]
    text = format_summary(summarize(games))
    assert "3: " in text.splitlines()[1] and "third" in text


def test_cli_simulate_seats_four_and_writes_player_3(tmp_path, capsys):
    from analysis.cli import main

    out = tmp_path / "games4"
    argv = ["simulate", "--games", "4", "--seed", "9", "--rules", "ua", "--set", "players=4"]
    argv += ["--out", str(out), "--workers", "1", "--chunk-size", "2", "--no-progress"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "rules ua+players=4" in text and "third" in text
    frame = dataset.read_frame(out, "games")
    assert list(frame.columns) == list(game_columns(4))
    assert dataset.read_params(out)["schema_version"] == 2
    assert set(frame.dealer.unique()) <= {0, 1, 2, 3} and frame.dealer.nunique() == 4
    # the equity policy weighs a table of three
    assert main(argv[:-5] + ["--out", str(tmp_path / "eq"), "--policy", "equity", "--no-progress"]) == 2
    assert "three" in capsys.readouterr().err


def test_three_player_games_carry_no_player_3_columns():
    assert game_columns(3) == dict(GAME_COLUMNS)
    four = game_columns(4)
    assert [c for c in four if c not in GAME_COLUMNS] == [
        f"{g}3" for g in ("raw", "tricks", "delta", "score", "bolt", "barrel")
    ]
    assert list(four).index("score3") == list(four).index("score2") + 1
    with pytest.raises(ValueError, match="3 or 4"):
        game_columns(5)


def test_compare_three_against_four_on_the_same_deals(tmp_path):
    from analysis.comparison import compare

    c = compare(["wiki", "wiki players=4"], games=6, seed=4, workers=1, out=tmp_path)
    frames = [pd.read_parquet(p) for p in c.paths]
    assert "score3" not in frames[0] and "score3" in frames[1]
    first = [f[f.deal_no == 0].set_index("game_id").pool_deal for f in frames]
    pd.testing.assert_series_equal(first[0], first[1])  # the same deal opens each game
    t = c.table.set_index(["metric", "rules"])
    assert t.loc[("deals_per_game", "wiki+players=4"), "value"] > 0


def test_odds_at_four_are_the_three_players_odds_and_say_which_seat_is_which(capsys):
    import json

    from analysis.cli import main

    base = ["odds", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "--samples", "12", "--seed", "3", "--rules", "book"]
    base += ["--no-progress"]
    tables = []
    for extra in ([], ["--set", "players=4"]):
        assert main(base + extra + ["--json"]) == 0
        tables.append(json.loads(capsys.readouterr().out)["table"])
    # the three who play are dealt and scored as at three: the same contracts' odds
    assert tables[0] == tables[1]
    assert main(base + ["--set", "players=4"]) == 0
    assert "the player after the resting dealer" in capsys.readouterr().out
    assert main(base + ["--set", "players=4", "--scores", "0,0,0"]) == 2
    assert "table of three" in capsys.readouterr().err


def test_a_games_dataset_of_schema_one_is_read_as_three_players(tmp_path, monkeypatch):
    """Schema 1 (before four players) wrote the three-player columns of today."""
    import pyarrow as pa

    from analysis.dataset import _files as dataset_files  # the schema versions a writer stamps
    from analysis.dataset import games_schema

    games = simulate(PROFILES["club"], 2, seed=1, pool=reference.pool_for("club").solutions_path)
    params = {"kind": "games", "n_chunks": 1, "seed": 1, "chunk_size": 2}
    old = tmp_path / "games1"
    monkeypatch.setitem(dataset_files.SCHEMA_VERSIONS, "games", 1)  # write as schema 1 did
    dataset.open_output(old, params)
    dataset.write_chunk(
        old, 0, pa.Table.from_pandas(games, schema=games_schema(), preserve_index=False), params
    )
    dataset.finalize(old, games_schema())
    monkeypatch.undo()
    assert dataset.read_params(old)["schema_version"] == 1 and dataset_files.SCHEMA_VERSIONS["games"] == 2
    frame = dataset.read_frame(old, "games")
    pd.testing.assert_frame_equal(frame, games.reset_index(drop=True), check_dtype=False)
    assert summarize(frame)["wins"].who.tolist()[:3] == [0, 1, 2] and len(summarize(frame)["wins"]) == 6
