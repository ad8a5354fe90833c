"""Whole games: invariants, agreement with the scoring function, reproducibility,
cautious vs bold tables.

Outcomes come from a small pool of deals solved once per session (club
solver conventions, shared by classic) and, for book, ua and wiki, from the
solver on the fly (a few short games).
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analysis import dataset
from analysis.bids import final_contract_ok
from analysis.dataset import games_schema
from analysis.game import GAME_COLUMNS, OracleEstimator, ThresholdPolicy, simulate
from analysis.game.auction import hand_cap
from analysis.game.summary import format_summary, summarize
from analysis.jobs.deals import run_deal
from analysis.jobs.games import run_games
from analysis.jobs.solutions import run_solve
from analysis.rules import Rules
from analysis.scoring import DealOutcome, apply_deal, check_state, new_table

CONTRACT_COLUMNS = [
    "game_id",
    "deal_no",
    "dealer",
    "redealt",
    "declarer",
    "bid",
    "contract",
    "written_off",
    "raw0",
    "raw1",
    "raw2",
    "tricks0",
    "tricks1",
    "tricks2",
    "delta0",
    "delta1",
    "delta2",
    "score0",
    "score1",
    "score2",
    "bolt0",
    "bolt1",
    "bolt2",
    "barrel0",
    "barrel1",
    "barrel2",
    "event",
    "winner",
]


class PointsEstimator:
    """Test double: a smooth guess from card points and marriages held."""

    def p_make(self, hands7, seats, contract):
        from analysis.cards import card_points, marriage_points

        x = card_points(hands7) + 0.8 * marriage_points(hands7) + 35.0
        return 1.0 / (1.0 + np.exp(-(x - np.asarray(contract)) / 10.0))


@pytest.fixture(scope="session")
def pool(tmp_path_factory):
    root = tmp_path_factory.mktemp("pool")
    run_deal(root / "deals", 30, 5, Rules.profile("club"), chunk_size=30, workers=1, progress=False)
    run_solve(root / "deals", root / "solutions", workers=1, chunk_size=30, progress=False)
    return root / "solutions"


@pytest.fixture(scope="session")
def pool_frame(pool):
    return dataset.load(pool)


@pytest.fixture(scope="session")
def oracle(pool_frame):
    f = pool_frame.sort_values(["deal_id", "seat"])
    hands = f[["hand0", "hand1", "hand2"]].to_numpy(np.uint32)[::3]
    return OracleEstimator(hands, f.value.to_numpy().reshape(-1, 3))


def replay(rules, games: pd.DataFrame):
    """Feed every row back through the scoring function and check the table.

    Returns the number of rows checked.  Checks: the rows' scores, deltas,
    bolts, barrel attempts, events and winner are what apply_deal gives;
    check_state holds after every deal (nobody above the threshold without
    sitting, attempts below the limit, bolt counters below the penalty
    count); the dealer passes left after a completed deal only.
    """
    n = 0
    for _, g in games.groupby("game_id"):
        g = g.sort_values("deal_no")
        assert g.deal_no.tolist() == list(range(len(g)))
        state = new_table(rules, dealer=int(g.dealer.iloc[0]))
        for r in g.itertuples():
            assert r.dealer == state.dealer
            ev = [e for e in r.event.split(";") if e and not e.startswith(("gift_redeal", "unfinished"))]
            if r.redealt:
                out = DealOutcome(redeal=True)
                assert (r.declarer, r.bid, r.contract) == (-1, -1, -1)
            else:
                fm = int(ev[0].split(":")[1]) if ev and ev[0].startswith("four_marriages") else -1
                raw, tr = (r.raw0, r.raw1, r.raw2), (r.tricks0, r.tricks1, r.tricks2)
                if fm >= 0 or r.written_off:
                    tr = tuple(8 if p == r.declarer else 0 for p in range(3))
                out = DealOutcome(
                    declarer=r.declarer,
                    contract=r.contract,
                    bid=r.bid,
                    written_off=r.written_off,
                    raw=raw,
                    tricks=tr,
                    four_marriages=fm,
                )
            res = apply_deal(rules, state, out)
            state = res.state
            assert list(state.scores) == [r.score0, r.score1, r.score2]
            assert res.deltas.tolist() == [r.delta0, r.delta1, r.delta2]
            assert res.bolts.tolist() == [r.bolt0, r.bolt1, r.bolt2]
            assert list(state.barrel) == [r.barrel0, r.barrel1, r.barrel2]
            assert res.events == ev
            assert state.winner == r.winner
            if state.winner < 0:
                check_state(rules, state)
            n += 1
    return n


def check_games(rules, games: pd.DataFrame, pool_frame=None):
    """The invariants of a games table."""
    assert list(games.columns) == list(GAME_COLUMNS)
    assert list(games.columns[: len(CONTRACT_COLUMNS)]) == CONTRACT_COLUMNS
    for c, t in GAME_COLUMNS.items():
        assert str(games[c].dtype) == t, c
    for gid, g in games.groupby("game_id"):
        # exactly one winner, on the last row, over the target unless by four marriages
        w = g.winner.to_numpy()
        assert (w[:-1] == -1).all() and w[-1] >= 0, gid
        last = g.iloc[-1]
        win = int(w[-1])
        if "four_marriages" not in last.event:
            assert last[f"score{win}"] >= rules.target
            # the winner declared this deal and sat on the barrel before it:
            # a defender on the barrel never wins by defence points
            assert last.declarer == win and f"win:{win}" in last.event
            before = g.iloc[-2] if len(g) > 1 else None
            assert before is not None and before[f"barrel{win}"] >= 0
            assert last.value >= last.contract >= rules.barrel_min_contract
        # nobody is above the threshold between deals (the winning deal is not
        # capped: the game ends before the barrel step) and nobody else reaches
        # the target; attempts stay below 3 between deals
        for p in range(3):
            s = g[f"score{p}"].to_numpy()
            assert (s[:-1] <= rules.barrel_threshold).all()
            if p != win:
                assert s[-1] < rules.target
            assert g[f"barrel{p}"].between(-1, rules.barrel_attempts - 1).all()
        # at most barrel_seats sit between deals when arrivals are capped; an
        # arrival knocked off at once (no barrel_enter) drops to threshold - 120
        # (or 0 as a third failed stay) and does not sit
        sitting = (g[["barrel0", "barrel1", "barrel2"]].to_numpy() >= 0).sum(axis=1)
        if rules.barrel_arrivals == "seats":
            assert (sitting[:-1] <= rules.barrel_seats).all(), gid
        for r in g.itertuples():
            for p in range(3):
                if f"knocked_off:{p}" in r.event:
                    assert f"barrel_enter:{p}" not in r.event
                    assert getattr(r, f"barrel{p}") == -1
                    assert getattr(r, f"score{p}") in (rules.barrel_threshold - rules.knock_off_penalty, 0)
    played = games[~games.redealt]
    assert (played.bid % 5 == 0).all() and (played.bid >= 100).all()
    assert (played.contract >= played.bid).all()
    solved = played[played.value >= 0]
    made = solved.value >= solved.bid
    # the declarer names the highest made contract, and the bid when he is lost
    assert (solved.contract[made] <= solved.value[made]).all()
    assert (solved.contract[~made] == solved.bid[~made]).all()
    # a made contract is given up only where making it would land him on
    # 555 and reset him to 0 (wiki, classic), where crossing hands each
    # opponent a bolt (wiki's «крещусь»), or where he sits on the barrel and
    # no contract he makes wins there (a stay spent or a fall: wiki's sitter at
    # 880 needs 125 to pass 1001): the criterion weighs the table
    for r in solved[made & solved.written_off].itertuples():
        if rules.crossing != "none" and f"crossed:{r.declarer}" in r.event:
            continue
        g = games[(games.game_id == r.game_id) & (games.deal_no == r.deal_no - 1)]
        before = float(g.iloc[0][f"score{r.declarer}"]) if len(g) else 0.0
        sat = bool(len(g)) and g.iloc[0][f"barrel{r.declarer}"] >= 0
        if sat and r.value < rules.barrel_min_contract:
            continue
        assert rules.reset_555 != "none"
        assert before + r.bid == 555, (r.game_id, r.deal_no)
    if not rules.write_off_on_barrel:
        # a sitter never writes off: he sat before the deal iff his score was at the threshold
        for r in played[played.written_off].itertuples():
            g = games[(games.game_id == r.game_id) & (games.deal_no == r.deal_no - 1)]
            if len(g):
                assert g.iloc[0][f"barrel{r.declarer}"] == -1
    if pool_frame is not None:
        by = pool_frame.set_index(["deal_id", "seat"])
        for r in played[played.pool_deal >= 0].itertuples():
            seat = (r.declarer - r.dealer - 1) % 3
            d = by.loc[(r.pool_deal, seat)]
            hand7 = int(d[f"hand{seat}"])
            assert r.bid <= hand_cap(rules, hand7)
            assert r.value == d.value
            ten = hand7 | int(d.widow)
            hand8 = ten & ~(1 << int(d.give_left)) & ~(1 << int(d.give_right))
            if r.value >= r.bid and int(d.marriage_cap) >= r.bid:
                assert final_contract_ok(rules, r.bid, r.contract, hand8)


@pytest.mark.parametrize("profile", ["club", "classic"])
def test_pool_games_keep_every_invariant(profile, pool, pool_frame, oracle):
    rules = Rules.profile(profile)
    games = simulate(rules, 12, seed=7, policy=ThresholdPolicy(estimator=oracle), pool=pool)
    check_games(rules, games, pool_frame)
    assert replay(rules, games) == len(games)
    assert games.redealt.any() == (profile == "club")


@pytest.mark.parametrize("profile", ["book", "wiki"])
def test_games_solved_on_the_fly_keep_every_invariant(profile):
    rules = Rules.profile(profile)
    games = simulate(rules, 1, seed=3, policy=ThresholdPolicy(estimator=PointsEstimator()), outcomes="dd")
    check_games(rules, games)
    assert replay(rules, games) == len(games)
    assert (games.pool_deal == -1).all()


@pytest.mark.verify
@pytest.mark.parametrize("profile", ["club", "classic", "book", "ua", "wiki"])
def test_more_games_on_the_fly_keep_every_invariant(profile):
    rules = Rules.profile(profile)
    games = simulate(rules, 6, seed=30, policy=ThresholdPolicy(estimator=PointsEstimator()), outcomes="dd")
    check_games(rules, games)
    assert replay(rules, games) == len(games)


def test_house_variant_scores_defenders_on_the_barrel(pool, oracle):
    # with the former barrel_defender_scores (a sitter's defence points and
    # bolts, barrel_defence_points and barrel_bolts) a sitter's points count, yet only a
    # declared and made contract wins (the scoring caps him back otherwise)
    rules = Rules.profile("club").with_changes("barrel_defender_scores=true")
    games = simulate(rules, 8, seed=9, policy=ThresholdPolicy(estimator=oracle), pool=pool)
    check_games(rules, games)
    assert replay(rules, games) == len(games)


def test_house_variant_every_arrival_stays(pool, oracle):
    rules = Rules.profile("classic").with_changes("barrel_arrivals=all")
    games = simulate(rules, 8, seed=9, policy=ThresholdPolicy(estimator=oracle), pool=pool)
    check_games(rules, games)
    assert replay(rules, games) == len(games)


def test_same_games_whatever_the_split(pool, oracle):
    pol = ThresholdPolicy(estimator=oracle)
    whole = simulate("club", 5, seed=11, policy=pol, pool=pool)
    parts = pd.concat(
        [
            simulate("club", 2, seed=11, policy=pol, pool=pool),
            simulate("club", 3, seed=11, policy=pol, pool=pool, start=2),
        ],
        ignore_index=True,
    )
    pd.testing.assert_frame_equal(whole, parts)
    other = simulate("club", 5, seed=12, policy=pol, pool=pool)
    assert not whole[["score0", "score1"]].equals(other[["score0", "score1"]])


def test_on_the_fly_games_are_reproducible():
    pol = ThresholdPolicy(estimator=PointsEstimator())
    a = simulate("club", 2, seed=4, policy=pol, max_deals=4, outcomes="dd")
    b = simulate("club", 1, seed=4, policy=pol, max_deals=4, start=1, outcomes="dd")
    pd.testing.assert_frame_equal(a[a.game_id == 1].reset_index(drop=True), b)
    assert (a.groupby("game_id").tail(1).event.str.contains("unfinished")).all()


@pytest.fixture(scope="session")
def fitted_model(pool_frame, tmp_path_factory):
    odds = pytest.importorskip("analysis.odds.model")
    path = tmp_path_factory.mktemp("model") / "bidmodel.json"
    odds.BidModel.fit(pool_frame).save(path)
    return str(path)


def test_games_job_same_dataset_for_one_and_two_workers(pool, fitted_model, tmp_path):
    rules = Rules.profile("club")
    pol = ThresholdPolicy(estimator_name=fitted_model)
    m1 = run_games(tmp_path / "w1", 4, 21, rules, pol, pool=pool, chunk_size=2, workers=1, progress=False)
    m2 = run_games(tmp_path / "w2", 4, 21, rules, pol, pool=pool, chunk_size=2, workers=2, progress=False)
    assert m1["content_hash"] == m2["content_hash"] and m1["rows"] == m2["rows"]
    # resuming a finished job writes nothing
    m3 = run_games(tmp_path / "w1", 4, 21, rules, pol, pool=pool, chunk_size=2, workers=1, progress=False)
    assert m3["chunks_written"] == 0 and m3["content_hash"] == m1["content_hash"]
    df = dataset.read_frame(tmp_path / "w1", "games")
    assert dataset.read_table(tmp_path / "w1", "games").schema.remove_metadata() == games_schema()
    direct = simulate(rules, 4, 21, ThresholdPolicy(estimator_name=fitted_model), pool=pool)
    pd.testing.assert_frame_equal(df, direct)
    params = dataset.read_params(tmp_path / "w1")
    assert params["policy"]["risk"] == 0.5 and params["policy"]["estimator_name"] == fitted_model
    assert params["outcomes"]["source"] == "pool" and params["outcomes"]["pool_size"] == 30
    assert "replacement" in params["outcomes"]["draws"]


def _bids_and_success(pool, risk, n_games, seed):
    g = simulate(
        "club", n_games, seed=seed, policy=ThresholdPolicy(risk=risk, estimator=PointsEstimator()), pool=pool
    )
    p = g[~g.redealt & (g.value >= 0)]
    # the first hand's obligatory 100 is played whenever nobody raises, whatever
    # the policy: success is compared on the contracts a bidder chose
    chosen = ~((p.bid == 100) & (p.declarer == p.first_hand))
    return p.bid.to_numpy(float), (p.value >= p.bid)[chosen].to_numpy(float)


def _z_more(a, b):
    """z statistic of mean(a) > mean(b) (Welch)."""
    return (a.mean() - b.mean()) / np.sqrt(a.var() / a.size + b.var() / b.size)


def test_cautious_and_bold_tables_bid_differently(pool):
    bc, mc = _bids_and_success(pool, 0.85, 30, 5)
    bb, mb = _bids_and_success(pool, 0.2, 30, 5)
    assert _z_more(bb, bc) > 4  # bold tables bid higher
    assert mb.size > 1.3 * mc.size  # and contest more auctions


@pytest.mark.verify
def test_cautious_and_bold_tables_succeed_differently(tmp_path):
    # needs many distinct deals: a pool of 200 solved deals
    run_deal(tmp_path / "deals", 200, 8, Rules.profile("club"), chunk_size=100, progress=False)
    run_solve(tmp_path / "deals", tmp_path / "sol", chunk_size=100, progress=False)
    bc, mc = _bids_and_success(tmp_path / "sol", 0.85, 150, 1)
    bb, mb = _bids_and_success(tmp_path / "sol", 0.2, 150, 1)
    assert _z_more(bb, bc) > 4
    assert _z_more(mc, mb) > 3  # cautious contracts are made more often


def test_summary_counts(pool, oracle):
    games = simulate("club", 10, seed=2, policy=ThresholdPolicy(estimator=oracle), pool=pool)
    s = summarize(games)
    assert s["games"] == s["finished"] == 10 and s["deals"] == len(games)
    wins = s["wins"]
    assert wins[wins.by == "player"]["count"].sum() == 10
    assert wins[wins.by == "position"]["count"].sum() == 10
    entries = games.event.str.count("barrel_enter").sum()
    assert s["barrel_entries"][0] == entries
    # every stay that began ended in one of the outcomes or is still open
    assert s["barrel_outcomes"]["count"].sum() == entries
    played = games[~games.redealt]
    bolts = played[["bolt0", "bolt1", "bolt2"]].to_numpy().sum()
    assert s["bolts_per_100"][0] == pytest.approx(100 * bolts / len(played))
    assert 0 <= s["pool_repeat_share"] < 1
    text = format_summary(s)
    assert "wins by player" in text and "barrel entries" in text


def test_bad_arguments_are_refused(pool):
    with pytest.raises(ValueError, match="n_games"):
        simulate("club", -1, 0)
    with pytest.raises(ValueError, match="other conventions"):
        simulate("wiki", 1, 0, policy=ThresholdPolicy(estimator=PointsEstimator()), pool=pool)
    with pytest.raises(ValueError, match="unknown rules"):
        simulate("nonsense", 1, 0)


def test_cli_simulate_writes_resumes_and_summarises(pool, tmp_path, capsys):
    pytest.importorskip("analysis.odds")
    from analysis.cli import main

    out = tmp_path / "games"
    argv = [
        "simulate",
        "--games",
        "3",
        "--seed",
        "4",
        "--pool",
        str(pool),
        "--out",
        str(out),
        "--workers",
        "1",
        "--chunk-size",
        "2",
        "--risk",
        "0.6",
        "--no-progress",
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "2 chunks written now" in text and "wins by player" in text
    assert "pool of 30 solved deals" in text and "barrel entries" in text
    assert main(argv) == 0
    assert "0 chunks written now" in capsys.readouterr().out
    params = dataset.read_params(out)
    assert params["policy"]["risk"] == 0.6 and params["policy"]["estimator_name"] == "default"
    with pytest.raises(SystemExit):  # a probability is checked
        main(argv[:-3] + ["--risk", "1.5"])
    assert "expected a probability in [0, 1], got '1.5'" in capsys.readouterr().err


def test_fitted_model_records_its_solutions_and_simulate_notes_a_mismatch(
    pool, pool_frame, fitted_model, tmp_path, capsys
):
    odds = pytest.importorskip("analysis.odds.model")
    from analysis.cli import main
    from analysis.solver import SOLVER_VERSION, solver_fingerprint

    want = {
        "rules": "club",
        "solver_fingerprint": solver_fingerprint("club"),
        "solver_version": SOLVER_VERSION,
    }
    # from a frame of dataset.load, from the dataset's path; info overrides
    assert pool_frame.attrs["solutions"]["path"] == str(pool)
    for m in (odds.BidModel.load(fitted_model), odds.BidModel.fit(pool)):
        assert {k: m.info.get(k) for k in want} == want
    assert odds.BidModel.fit(pool, info={"rules": "mine"}).info["rules"] == "mine"
    # a frame of unknown origin records nothing, and simulate says so
    bare = pool_frame.copy()
    bare.attrs.clear()
    unknown = odds.BidModel.fit(bare)
    assert "solver_fingerprint" not in unknown.info and "rules" not in unknown.info
    cases = {"unknown": (unknown, "does not record the solver conventions")}
    other = odds.BidModel.load(fitted_model)
    other.info.update(rules="wiki", solver_fingerprint=solver_fingerprint("wiki"))
    cases["other"] = (other, "fitted on wiki solutions, whose solver conventions differ")
    cases["same"] = (odds.BidModel.load(fitted_model), None)
    for name, (model, note) in cases.items():
        path = model.save(tmp_path / f"{name}.json")
        argv = [
            "simulate",
            "--games",
            "1",
            "--seed",
            "4",
            "--pool",
            str(pool),
            "--out",
            str(tmp_path / f"games-{name}"),
            "--workers",
            "1",
            "--estimator",
            str(path),
            "--no-progress",
        ]
        assert main(argv) == 0
        text = capsys.readouterr().out
        if note is None:
            assert "note:" not in text
        else:
            assert note in text


def test_an_estimator_file_that_is_not_there_is_named_so(tmp_path):
    from analysis.game import load_estimator

    with pytest.raises(ValueError, match="is not found: give 'default' or a BidModel"):
        load_estimator(str(tmp_path / "nofile.json"))
    with pytest.raises(ValueError, match="is a folder"):
        load_estimator(str(tmp_path))


def test_model_save_replaces_whole_and_names_a_missing_folder(fitted_model, tmp_path, monkeypatch):
    odds = pytest.importorskip("analysis.odds.model")
    m = odds.BidModel.load(fitted_model)
    target = tmp_path / "m.json"
    target.write_text("old")
    m.save(target)
    assert odds.BidModel.load(target).info == m.info
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]  # no temporary left
    real = Path.write_text

    def half_then_full_disk(self, text, *a, **k):
        real(self, text[: len(text) // 2], *a, **k)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half_then_full_disk)
    with pytest.raises(OSError, match="No space"):
        m.save(target)
    monkeypatch.undo()
    assert odds.BidModel.load(target).info["rules"] == "club"  # old file intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]
    with pytest.raises(FileNotFoundError, match="no folder .*missing"):
        m.save(tmp_path / "missing" / "m.json")


def test_a_resumed_simulation_refuses_a_replaced_model_and_accepts_another_spelling(
    pool, pool_frame, fitted_model, tmp_path, capsys, monkeypatch
):
    odds = pytest.importorskip("analysis.odds.model")
    from analysis.cli import main
    from analysis.game import load_estimator

    model = tmp_path / "m.json"
    original = Path(fitted_model).read_bytes()
    model.write_bytes(original)
    out = tmp_path / "games"
    argv = [
        "simulate",
        "--games",
        "4",
        "--seed",
        "5",
        "--pool",
        str(pool),
        "--out",
        str(out),
        "--workers",
        "1",
        "--chunk-size",
        "2",
        "--no-progress",
        "--estimator",
    ]
    assert main(argv + [str(model)]) == 0
    capsys.readouterr()
    (out / "part-000001.parquet").unlink()
    # refitted in place (another model, same path): the rest would be played
    # by another model than the first chunk, so the resume is refused
    odds.BidModel.fit(pool_frame, features=("points",)).save(model)
    assert load_estimator(str(model)).features == ("points",)  # read again, not cached
    assert main(argv + [str(model)]) == 2
    err = capsys.readouterr().err
    assert "other parameters" in err and "content_hash" in err
    # the first model back, named by a relative path this time: the same dataset
    model.write_bytes(original)
    monkeypatch.chdir(tmp_path)
    assert main(argv + ["m.json"]) == 0
    assert "1 chunk written now" in capsys.readouterr().out
    assert dataset.read_params(out)["policy"]["estimator_name"] == str(model.resolve())


# --- the seeds' small conventions in whole games -----------------------------------
OPTIONS = [
    ("raise_step=10",),
    ("minus_bidding=-120",),
    ("barrel_bidding=yield",),
    ("write_off_banned=true",),
    ("write_off_no_barrel=true", "write_off_fine=every_third", "write_off_fine_points=0"),
    ("write_off_limit=3",),
    ("write_off_fine=third",),
    ("crossing=allowed",),
    ("crossing=not_on_barrel", "barrel_bolts=true"),
    ("round_declarer=true",),
    ("redeal_four_jacks=true", "bad_deal_fine=120"),
    ("reset_555=both", "reset_at=300", "knock_off_penalty=200"),
    ("redeal_claim=claimable", "redeal_claimer=first_hand"),
    ("barrel_defence_points=true",),
]
POLICIES = {
    "default": {},
    "jumps": {"jump_bids": True},
    "choosy": {"claim_weak": True, "jump_bids": True},
}


@pytest.mark.parametrize("options", OPTIONS, ids=[",".join(o) for o in OPTIONS])
@pytest.mark.parametrize("profile", ["club", "classic"])
def test_pool_games_with_each_convention_keep_every_invariant(profile, options, pool, pool_frame, oracle):
    rules = Rules.profile(profile).with_changes(*options)
    for kw in POLICIES.values():
        games = simulate(rules, 4, seed=5, policy=ThresholdPolicy(estimator=oracle, **kw), pool=pool)
        check_games(rules, games, pool_frame)
        assert replay(rules, games) == len(games)


def test_jump_bids_change_the_bids_of_a_free_opening(pool, oracle):
    rules = Rules.profile("classic")
    plain = simulate(rules, 6, seed=8, policy=ThresholdPolicy(estimator=oracle), pool=pool)
    jumps = simulate(rules, 6, seed=8, policy=ThresholdPolicy(estimator=oracle, jump_bids=True), pool=pool)
    assert plain.bid.tolist() != jumps.bid.tolist()
