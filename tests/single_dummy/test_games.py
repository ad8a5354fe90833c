"""Games with single-dummy outcomes (``simulate(..., outcomes="pimc")``).

The declarer's gift and play come from play_deal, his contract and
write-off from choose_contract at the table's bid and state: checked row by
row against play_deal called directly.  Short games (a few deals) and 2
worlds.
"""

import numpy as np
import pandas as pd
import pytest

from analysis import dataset
from analysis.bids import hand_cap
from analysis.dataset.schema import SD_WORLD_COLUMNS
from analysis.deal import chunk_rng, deal
from analysis.game import ThresholdPolicy, simulate
from analysis.game.deal_flow import play_deal as play_table_deal
from analysis.game.outcomes import SDPlayed
from analysis.game.pools import SDPoolSource
from analysis.game.sources import BLOCK, game_rng
from analysis.jobs.games import run_games
from analysis.rules import Rules
from analysis.scoring import DealOutcome, TableState, apply_deal, new_table
from analysis.single_dummy import choose_contract, play_deal, sd_fingerprint
from analysis.single_dummy.batch import PLAY_FIELDS, deal_seed, play_out, row_seed

CLUB = Rules.profile("club")
POOL_SEED = 77


class PointsEstimator:
    """Test double: a smooth guess from card points and marriages held."""

    def p_make(self, hands7, seats, contract):
        from analysis.cards import card_points, marriage_points

        x = card_points(hands7) + 0.8 * marriage_points(hands7) + 35.0
        return 1.0 / (1.0 + np.exp(-(x - np.asarray(contract)) / 10.0))


POLICY = ThresholdPolicy(estimator=PointsEstimator())


def _seat_of(row) -> int:
    return (int(row.declarer) - int(row.dealer) - 1) % 3


def _states(rules, rows):
    """The table before each row of one game, by scoring the rows again."""
    rows = list(rows)
    st = new_table(rules, dealer=int(rows[0].dealer))
    out = []
    for row in rows:
        out.append(st)
        if row.redealt:
            o = DealOutcome(redeal=True)
        else:
            o = DealOutcome(
                declarer=int(row.declarer),
                contract=int(row.contract),
                bid=int(row.bid),
                written_off=bool(row.written_off),
                raw=(int(row.raw0), int(row.raw1), int(row.raw2)),
                tricks=(int(row.tricks0), int(row.tricks1), int(row.tricks2)),
            )
        st = apply_deal(rules, st, o).state
        assert st.scores == (row.score0, row.score1, row.score2)
    return out


def _worlds(r) -> tuple:
    """``SDPlayed.worlds`` of an SDResult or a stored row."""
    cols = [r.estimates, *(getattr(r, c) for c in SD_WORLD_COLUMNS)]
    return tuple(tuple(int(x) for x in w) for w in zip(*cols, strict=True))


def _played(rec) -> SDPlayed:
    return SDPlayed(*(int(rec[c]) for c in PLAY_FIELDS), _worlds(rec), True)


def _check_row(rules, row, masks, r, state):
    """The row's contract, write-off, points and tricks follow from the
    outcome ``r`` (an SDResult or SDPlayed) at the table ``state``."""
    ds = _seat_of(row)
    ten = int(masks[ds]) | int(masks[3])
    eight = ten & ~(1 << r.give_left) & ~(1 << r.give_right)
    worlds = r.worlds if isinstance(r, SDPlayed) else _worlds(r)
    sitting = state.barrel[int(row.declarer)] >= 0
    got = choose_contract(
        worlds,
        int(row.bid),
        rules,
        state,
        declarer=int(row.declarer),
        cap=max(int(row.bid), hand_cap(rules, eight)),
        may_write_off=not sitting or rules.write_off_on_barrel,
    )
    assert (row.contract, row.written_off) == got[:2]
    d, lp, rp = int(row.declarer), (int(row.declarer) + 1) % 3, (int(row.declarer) + 2) % 3
    if not got.written_off:
        raw = (row.raw0, row.raw1, row.raw2)
        tricks = (row.tricks0, row.tricks1, row.tricks2)
        assert (raw[d], raw[lp], raw[rp]) == (r.value, r.left_points, r.right_points)
        assert (tricks[d], tricks[lp], tricks[rp]) == (r.declarer_tricks, r.left_tricks, r.right_tricks)
        assert row.value == r.value


@pytest.fixture(scope="module")
def fly():
    return simulate(CLUB, 2, seed=4, policy=POLICY, max_deals=3, outcomes="pimc", worlds=2)


def test_on_the_fly_games_follow_play_deal_row_by_row(fly):
    played = 0
    for g, rows in fly.groupby("game_id"):
        rng = game_rng(4, int(g))
        rng.integers(0, 3)  # the first dealer
        masks = deal(rng, BLOCK)
        states = _states(CLUB, rows.itertuples())
        for row, st in zip(rows.itertuples(), states, strict=True):
            if row.redealt:
                continue
            m = masks[row.deal_no]
            ds = _seat_of(row)
            r = play_out(
                m[ds],
                m[3],
                m[(ds + 1) % 3],
                m[(ds + 2) % 3],
                CLUB,
                worlds=2,
                seed=deal_seed(4, int(g), int(row.deal_no), ds),
                bid=int(row.bid),
            )
            _check_row(CLUB, row, m, r, st)
            played += 1
    assert played >= 2
    o = fly.attrs["outcomes"]
    assert o["play"] == "pimc" and o["worlds"] == 2 and o["sd_fingerprint"] == sd_fingerprint(CLUB)


def test_on_the_fly_games_are_reproducible_whatever_the_split(fly):
    again = simulate(CLUB, 2, seed=4, policy=POLICY, max_deals=3, outcomes="pimc", worlds=2)
    pd.testing.assert_frame_equal(fly, again)
    one = simulate(CLUB, 1, seed=4, policy=POLICY, max_deals=3, outcomes="pimc", worlds=2, start=1)
    pd.testing.assert_frame_equal(fly[fly.game_id == 1].reset_index(drop=True), one)
    dd = simulate(CLUB, 2, seed=4, policy=POLICY, max_deals=3, outcomes="dd")
    # the same deals and auctions: bidding is the policy's either way
    assert fly.bid.tolist() == dd.bid.tolist() and fly.declarer.tolist() == dd.declarer.tolist()


def _sd_frame(rules, n_deals, seed=POOL_SEED):
    d = deal(chunk_rng(9, 0), n_deals)
    rows = []
    for i in range(n_deals):
        for s in range(3):
            r = play_deal(
                int(d[i, s]),
                int(d[i, 3]),
                int(d[i, (s + 1) % 3]),
                int(d[i, (s + 2) % 3]),
                rules=rules,
                worlds=2,
                seed=row_seed(seed, i, s),
            )
            row = {
                "deal_id": i,
                "seat": s,
                "hand0": d[i, 0],
                "hand1": d[i, 1],
                "hand2": d[i, 2],
                "widow": d[i, 3],
            }
            row.update({f: getattr(r, f) for f in PLAY_FIELDS})
            row.update(written_off=r.written_off, estimates=list(r.estimates), contract=r.contract)
            row.update({c: list(getattr(r, c)) for c in SD_WORLD_COLUMNS})
            rows.append(row)
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def sd_frame():
    return _sd_frame(CLUB, 5)


def test_pool_games_decide_again_at_the_tables_bid(sd_frame):
    src = SDPoolSource(sd_frame, CLUB, worlds=2, seed=POOL_SEED, fingerprint=sd_fingerprint(CLUB))
    g = simulate(CLUB, 3, seed=2, policy=POLICY, pool=src, max_deals=4, outcomes="pimc")
    f = sd_frame.set_index(["deal_id", "seat"])
    checked = 0
    for _, rows in g.groupby("game_id"):
        for row, st in zip(rows.itertuples(), _states(CLUB, rows.itertuples()), strict=True):
            if row.redealt:
                continue
            rec = f.loc[(row.pool_deal, _seat_of(row))]
            m = [int(rec[c]) for c in ("hand0", "hand1", "hand2", "widow")]
            _check_row(CLUB, row, m, _played(rec), st)
            checked += 1
    assert checked >= 3
    assert g.attrs["outcomes"]["source"] == "pool" and g.attrs["outcomes"]["play"] == "pimc"
    again = simulate(CLUB, 3, seed=2, policy=POLICY, pool=src, max_deals=4, outcomes="pimc")
    pd.testing.assert_frame_equal(g, again)


def test_a_written_off_pool_row_is_played_again_with_its_own_seed(sd_frame):
    f = sd_frame.copy()
    f.loc[0, "written_off"] = True  # as a row written off where it was stored: no play kept
    for c in PLAY_FIELDS[3:]:
        f.loc[0, c] = 0
    f.loc[0, "value"] = 0
    src = SDPoolSource(f, CLUB, worlds=2, seed=POOL_SEED)
    ref = int(np.flatnonzero(src.deal_ids == f.loc[0, "deal_id"])[0])
    seat = int(f.loc[0, "seat"])
    stored = src.outcome(src.masks[ref], ref, seat, bid=100, deal_no=0)
    assert not stored.played
    again = src.outcome(src.masks[ref], ref, seat, bid=100, deal_no=0, replay=True)
    orig = sd_frame.iloc[0]
    assert again.played and src.replays == 1
    assert again == _played(orig)


def test_a_pool_of_the_first_sd_schema_draws_its_worlds_again(sd_frame):
    """Rows without the per-world defenders' columns (sd schema 1): the
    worlds drawn again from each row's seed are the stored ones."""
    new = SDPoolSource(sd_frame, CLUB, worlds=2, seed=POOL_SEED)
    old = SDPoolSource(sd_frame.drop(columns=list(SD_WORLD_COLUMNS)), CLUB, worlds=2, seed=POOL_SEED)
    assert new.worlds_of is not None and old.worlds_of is None
    for ref in range(new.size):
        for seat in range(3):
            assert old.row_worlds(ref, seat) == new.row_worlds(ref, seat)
    assert old.redrawn == 3 * new.size and new.redrawn == 0
    old.row_worlds(0, 0)
    assert old.redrawn == 3 * new.size  # once a row
    # a row whose stored values another sampler made is refused
    bad = sd_frame.drop(columns=list(SD_WORLD_COLUMNS))
    bad.at[0, "estimates"] = [e + 1 for e in bad.at[0, "estimates"]]
    src = SDPoolSource(bad, CLUB, worlds=2, seed=POOL_SEED)
    ref = int(np.flatnonzero(src.deal_ids == bad.loc[0, "deal_id"])[0])
    with pytest.raises(RuntimeError, match="other values than the stored estimates"):
        src.row_worlds(ref, int(bad.loc[0, "seat"]))


def test_bad_sd_pools_are_refused(sd_frame):
    with pytest.raises(ValueError, match="worlds and the non-negative root seed"):
        SDPoolSource(sd_frame, CLUB)
    with pytest.raises(ValueError, match="other single-dummy conventions"):
        SDPoolSource(sd_frame, CLUB, worlds=2, seed=1, fingerprint=sd_fingerprint("book"))
    with pytest.raises(ValueError, match="lacks columns"):
        SDPoolSource(sd_frame.drop(columns="estimates"), CLUB, worlds=2, seed=1)
    with pytest.raises(ValueError, match="outcomes must be"):
        simulate(CLUB, 1, seed=0, policy=POLICY, outcomes="sd")
    with pytest.raises(ValueError, match="worlds must be a positive integer"):
        simulate(CLUB, 1, seed=0, policy=POLICY, outcomes="pimc", worlds=0)


# --- one deal, hand-made outcomes ------------------------------------------------------


def _lowest_two(ten: int) -> tuple[int, int]:
    gl = (ten & -ten).bit_length() - 1
    rest = ten & ~(1 << gl)
    return gl, (rest & -rest).bit_length() - 1


def _deal_masks():
    """A deal with no redeal condition at any stage under club or book, when
    seat 0 or 1 declares and gives his two lowest cards."""
    from analysis.game.deal_flow import after_exchange_condition
    from analysis.redeal import redeal_flags

    d = deal(chunk_rng(31, 0), 200)
    ok = np.ones(len(d), bool)
    for name in ("club", "book"):
        f = redeal_flags(d, Rules.profile(name))
        ok &= ~f["redeal_forced"] & ~f["redeal_claimable"]
    for m in d[ok]:
        m = tuple(int(x) for x in m)
        clean = True
        for ds in (0, 1):
            ten = m[ds] | m[3]
            gl, gr = _lowest_two(ten)
            hands = (ten & ~(1 << gl) & ~(1 << gr), m[(ds + 1) % 3] | 1 << gl, m[(ds + 2) % 3] | 1 << gr)
            clean &= not any(after_exchange_condition(Rules.profile(n), *hands) for n in ("club", "book"))
        if clean:
            return m
    raise AssertionError("no clean deal among 200")


def _sd(masks, estimates, played=True, calls=None):
    """A hand-made single-dummy outcome: the declarer gives his two lowest cards."""

    def sd(seat, bid, replay=False):
        if calls is not None:
            calls.append(replay)
        gl, gr = _lowest_two(masks[seat] | masks[3])
        worlds = tuple((e, 20, 30, 3, 4) for e in estimates)
        return SDPlayed(10, gl, gr, 1, 20, 3, 30, 4, worlds, played or replay)

    return sd


def _declare(rules, estimates, state, policy, played=True):
    calls = []
    masks = _deal_masks()
    sd = _sd(masks, estimates, played, calls)
    # nobody raises: the first hand (seat 0) plays the forced 100
    lim = np.array([[95, 95, 95]] * 3)
    dp = play_table_deal(rules, policy, state, masks, lim, sd)
    return dp, calls


def test_book_declarer_off_the_first_hand_writes_off_from_his_worlds():
    book = Rules.profile("book")
    pol = ThresholdPolicy(estimator=PointsEstimator(), gift_redeals=False)
    # dealer 0: the first hand is player 1 (seat 0): no double penalty, he plays
    dp, _ = _declare(book, (40, 60), new_table(book, dealer=0), pol)
    assert not dp.written_off and dp.contract == 100 and dp.raw[1] == 10
    # a worse hope off the first hand can only come from a raise: force seat 1 to 105
    st = new_table(book, dealer=0)
    masks = _deal_masks()
    lim = np.array([[95, 95, 95], [105, 105, 105], [95, 95, 95]])
    sd = _sd(masks, (40, 60))
    dp = play_table_deal(book, pol, st, masks, lim, sd)
    assert dp.bid == 105 and dp.written_off  # -105 - 40 beats -210 in every world
    assert dp.result.deltas.tolist() == [40.0, 40.0, -105.0]
    # the same hope on the barrel, where book forbids writing off: he plays the bid
    st = TableState(scores=(300, 200, 900), barrel=(-1, -1, 0), dealer=0)
    dp = play_table_deal(book, pol, st, masks, lim, sd)
    assert not dp.written_off and dp.contract == 105
    # and with write-offs off
    pol2 = ThresholdPolicy(estimator=PointsEstimator(), gift_redeals=False, write_offs=False)
    dp = play_table_deal(book, pol2, new_table(book, dealer=0), masks, lim, sd)
    assert not dp.written_off and dp.contract == 105


def test_a_row_without_play_is_played_again_only_when_the_declarer_plays():
    pol = ThresholdPolicy(estimator=PointsEstimator(), gift_redeals=False)
    dp, calls = _declare(CLUB, (130, 150), new_table(CLUB, dealer=0), pol, played=False)
    assert calls == [False, True] and not dp.written_off and dp.contract == 130


def test_games_job_with_single_dummy_outcomes_is_the_same_for_one_and_two_workers(tmp_path):
    pol = ThresholdPolicy()  # the shipped club model, loaded by name in every worker
    kw = dict(pool=None, chunk_size=1, max_deals=2, progress=False, outcomes="pimc", worlds=2)
    m1 = run_games(tmp_path / "w1", 2, 5, CLUB, pol, workers=1, **kw)
    m2 = run_games(tmp_path / "w2", 2, 5, CLUB, pol, workers=2, **kw)
    assert m1["content_hash"] == m2["content_hash"] and m1["rows"] == m2["rows"]
    params = dataset.read_params(tmp_path / "w1")
    assert params["outcomes"]["play"] == "pimc" and params["outcomes"]["worlds"] == 2
    direct = simulate(CLUB, 2, 5, ThresholdPolicy(), max_deals=2, outcomes="pimc", worlds=2)
    pd.testing.assert_frame_equal(dataset.read_frame(tmp_path / "w1", "games"), direct)


@pytest.fixture(scope="module")
def sd_dataset(tmp_path_factory):
    from analysis.jobs.deals import run_deal
    from analysis.jobs.solutions import run_solve

    root = tmp_path_factory.mktemp("sdpool")
    run_deal(root / "deals", 6, 23, CLUB, chunk_size=6, workers=1, progress=False)
    run_solve(
        root / "deals", root / "sd", play="pimc", worlds=2, seed=3, chunk_size=3, workers=1, progress=False
    )
    return root / "sd"


def test_cli_simulates_from_a_single_dummy_dataset(sd_dataset, tmp_path, capsys):
    from analysis.cli import main
    from analysis.dataset import load_sd as load

    out = tmp_path / "games"
    args = ["simulate", "--games", "2", "--seed", "1", "--outcomes", "pimc", "--pool", str(sd_dataset)]
    assert main([*args, "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "pool of 6 single-dummy deals (2 worlds)" in text
    params = dataset.read_params(out)["outcomes"]
    assert params["play"] == "pimc" and params["pool_size"] == 6 and params["pool_seed"] == 3
    assert params["sd_fingerprint"] == sd_fingerprint(CLUB)
    games = dataset.read_frame(out, "games")
    rows = load(sd_dataset).set_index(["deal_id", "seat"])
    for _, game in games.groupby("game_id"):
        for row, st in zip(game.itertuples(), _states(CLUB, game.itertuples()), strict=True):
            if row.redealt:
                continue
            rec = rows.loc[(row.pool_deal, _seat_of(row))]
            m = [int(rec[c]) for c in ("hand0", "hand1", "hand2", "widow")]
            _check_row(CLUB, row, m, _played(rec), st)
    # double-dummy outcomes from single-dummy rows: refused, naming the option
    assert (
        main(
            [
                "simulate",
                "--games",
                "1",
                "--seed",
                "1",
                "--outcomes",
                "dd",
                "--pool",
                str(sd_dataset),
                "--out",
                str(tmp_path / "g2"),
                "--no-progress",
            ]
        )
        != 0
    )
    assert "--outcomes pimc" in capsys.readouterr().err
