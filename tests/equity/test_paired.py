"""The stored paired games and their steps (``analysis.equity.paired``, ``paired_store``), on hand-made blocks."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis.equity import paired, paired_store
from analysis.errors import BadArgument


def _block(root, profile, arm, start, seats, winners, games, step=1, deals=None):
    folder = root / profile if (step == 1 or arm == "threshold") else root / profile / f"step{step}"
    folder.mkdir(parents=True, exist_ok=True)
    rec = {"profile": profile, "arm": arm, "start": start, "games": games, "step": step}
    rec.update(seats=seats, winners=winners)
    if deals is not None:
        rec["deals"] = deals
    (folder / f"{arm}-{start:06d}.json").write_text(json.dumps(rec))


@pytest.fixture
def stored(tmp_path):
    # 2 games per seat: seats 0,0,1,1,2,2
    seats = [0, 0, 1, 1, 2, 2]
    _block(tmp_path, "club", "threshold", 0, seats, [1, 0, 2, 1, 0, 2], 2)  # seat won: 0,1,0,1,0,1
    _block(tmp_path, "club", "equity", 0, seats, [0, 0, 1, 1, 0, 2], 2)  # 1,1,1,1,0,1
    _block(tmp_path, "club", "equity", 0, seats, [0, 0, 1, 1, 2, 2], 2, step=2)  # all six
    (tmp_path / "club" / "step2" / "model.json").write_text(
        json.dumps({"info": {"games": 40, "calibration": {"brier_model": 0.6, "brier_baseline": 0.61}}})
    )
    return tmp_path


def test_step_summaries_pair_every_step_with_the_threshold_games(stored):
    (one,) = paired_store.step_summary(stored, 1)
    assert one["games"] == 6 and one["step"] == 1
    assert one["share"] == pytest.approx(5 / 6) and one["base"] == pytest.approx(3 / 6)
    d = np.array([1, 0, 1, 0, 0, 0], float)
    assert one["gain"] == pytest.approx(d.mean())
    half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(6)
    assert one["gain_low"] == pytest.approx(d.mean() - half) and one["gain_high"] == pytest.approx(
        d.mean() + half
    )
    assert one["by_seat"] == [1.0, 1.0, 0.5]
    assert paired_store.summary(stored) == [one]
    (two,) = paired_store.all_steps(stored)
    assert two["step"] == 2 and two["share"] == 1.0 and two["base"] == pytest.approx(0.5)
    assert two["gain"] == pytest.approx(0.5) and two["fit_games"] == 40 and two["brier"] == 0.6


def test_a_step_of_other_games_is_refused(stored):
    _block(stored, "club", "equity", 0, [0] * 6, [0] * 6, 3, step=3)
    with pytest.raises(BadArgument, match="not the same games"):
        paired_store.step_summary(stored, 3)


def test_saving_keeps_the_shipped_rows_of_profiles_not_rerun(stored):
    old = {
        "date": "2026-01-01",
        "rows": [{"profile": "club", "gain": 9.0}, {"profile": "book", "gain": 0.1}],
        "steps": [{"profile": "book", "step": 2, "gain": 0.2}],
    }
    doc = paired_store.merged_rows(
        old, paired_store.summary(stored), paired_store.all_steps(stored), "2026-12-03"
    )
    assert [r["profile"] for r in doc["rows"]] == ["club", "book"]
    assert doc["rows"][0]["gain"] != 9.0 and doc["rows"][0]["date"] == "2026-12-03"
    assert doc["rows"][1] == {"profile": "book", "gain": 0.1, "date": "2026-01-01"}
    assert [(r["profile"], r["step"]) for r in doc["steps"]] == [("club", 1), ("club", 2), ("book", 2)]
    # a shipped step 1 of more pairs stays; the stored one is the steps' reference
    more = {"rows": [{"profile": "club", "games": 900, "gain": 9.0}]}
    doc = paired_store.merged_rows(
        more, paired_store.summary(stored), paired_store.all_steps(stored), "2026-12-03"
    )
    assert doc["rows"][0]["gain"] == 9.0 and doc["steps"][0]["games"] == 6


def test_verdict_needs_both_intervals():
    r = {"gain_low": 0.01, "gain_high": 0.1, "share_low": 0.34, "share_high": 0.4}
    assert paired_store.verdict(r) == "gain"
    assert paired_store.verdict(r | {"share_low": 0.33}) == "no difference shown"
    assert paired_store.verdict(r | {"gain_low": -0.01}) == "no difference shown"


def test_own_information_paired_games_play_from_the_single_dummy_pool(tmp_path):
    """``run --outcomes pimc``: both arms are own-information games from the
    single-dummy pool that serves the profile (what ``thousand simulate``
    plays by default), the equity seat reading the own-information games'
    model; the rows say which games they are, and a folder mixing the two
    kinds is refused."""
    from analysis import reference
    from analysis.game import ThresholdPolicy, simulate

    paired.run_profile("club", 1, tmp_path, log=lambda s: None, outcomes="pimc")
    rec = json.loads((tmp_path / "club" / "threshold-000000.json").read_text())
    assert rec["outcomes"] == "pimc" and rec["seats"] == [0, 1, 2]
    # the all-threshold arm is simulate's own-information games from club-sd-50k
    g = simulate(
        "club",
        3,
        paired_store.SEED,
        ThresholdPolicy(),
        pool=reference.sd_pool_for("club").sd_path,
        outcomes="pimc",
    )
    assert g.attrs["outcomes"]["play"] == "pimc"
    assert rec["winners"] == g.groupby("game_id").tail(1).sort_values("game_id").winner.tolist()
    (row,) = paired_store.step_summary(tmp_path, 1)
    assert row["outcomes"] == "pimc" and row["games"] == 3
    played = g.loc[~g["redealt"], "pool_deal"].tolist()
    eq = json.loads((tmp_path / "club" / "equity-000000.json").read_text())
    assert rec["deals"] == played and row["draws"] == len(played) + len(eq["deals"])
    assert len(set(played) | set(eq["deals"])) == row["distinct"]
    _block(tmp_path, "club", "equity", 50, [0], [0], 1)  # a double-dummy block beside them
    _block(tmp_path, "club", "threshold", 50, [0], [1], 1)
    with pytest.raises(BadArgument, match="mixes double-dummy and own-information games"):
        paired_store.step_summary(tmp_path, 1)
    with pytest.raises(BadArgument, match="step 1 only"):
        paired.run_profile("club", 1, tmp_path, step=2, outcomes="pimc")


def test_saving_own_information_rows_leaves_the_double_dummy_tables(stored):
    old = {"date": "2026-01-01", "rows": [{"profile": "club", "gain": 9.0}], "steps": []}
    rows = [dict(r, outcomes="pimc") for r in paired_store.summary(stored)]
    doc = paired_store.merged_own_information(old, rows, "2026-12-05")
    assert doc["rows"] == old["rows"] and doc["own_information"][0]["date"] == "2026-12-05"
    assert paired_store.merged_rows(doc, [], [], "2026-12-06")["own_information"] == doc["own_information"]


def test_intervals_are_widened_by_the_reuse_of_pool_deals(stored, tmp_path):
    """Blocks that record their played pool deals: the share's and the gain's
    intervals widen by the root of the larger arm's draws per distinct deal."""
    seats = [0, 0, 1, 1, 2, 2]
    for arm, winners, deals in (
        ("threshold", [1, 0, 2, 1, 0, 2], [1, 2, 3, 4, 1, 2, 3, 4]),  # 8 draws of 4 deals: deff 2
        ("equity", [0, 0, 1, 1, 0, 2], [1, 2, 3, 4, 5, 6, 7, 8]),
    ):
        _block(tmp_path / "w", "club", arm, 0, seats, winners, 2, deals=deals)
    (plain,) = paired_store.step_summary(stored, 1)
    (wide,) = paired_store.step_summary(tmp_path / "w", 1)
    assert wide["deff"] == 2.0 and wide["widened"] and wide["draws"] == 16 and wide["distinct"] == 8
    assert wide["gain"] == plain["gain"] and "deff" not in plain
    k = np.sqrt(2.0)
    assert wide["gain_high"] - wide["gain"] == pytest.approx(k * (plain["gain_high"] - plain["gain"]))
    assert wide["share"] - wide["share_low"] == pytest.approx(k * (plain["share"] - plain["share_low"]))


@given(games=st.integers(1, 400), limit=st.none() | st.integers(1, 1300))
def test_the_blocks_cover_each_game_once_with_its_seat(games, limit):
    """Every game of the played range in exactly one block, whole blocks of
    ``BLOCK`` games from 0, each game's studied seat ``g // games``."""
    total = (
        3 * games if limit is None else min(3 * games, -(-limit // paired_store.BLOCK) * paired_store.BLOCK)
    )
    played = []
    for start, runs in paired_store.blocks(games, limit):
        assert start == len(played) and start % paired_store.BLOCK == 0
        for seat, first, count in runs:
            assert count > 0 and first == start + sum(c for _, f, c in runs if f < first)
            played += [(g, seat) for g in range(first, first + count)]
        assert len(played) - start <= paired_store.BLOCK
    assert played == [(g, g // games) for g in range(total)]
    assert limit is None or total >= min(limit, 3 * games)


def test_the_two_arms_played_apart_are_the_arms_played_together(tmp_path):
    """``run --arm``: two processes may play the two arms side by side; the
    blocks are those of one run playing both."""
    quiet = lambda s: None  # noqa: E731
    paired.run_profile("club", 1, tmp_path / "both", log=quiet)
    paired.run_profile("club", 1, tmp_path / "apart", log=quiet, arms=("equity",))
    assert [p.name for p in (tmp_path / "apart" / "club").iterdir()] == ["equity-000000.json"]
    paired.run_profile("club", 1, tmp_path / "apart", log=quiet, arms=("threshold",))
    for name in ("threshold-000000.json", "equity-000000.json"):
        both, apart = (json.loads((tmp_path / d / "club" / name).read_text()) for d in ("both", "apart"))
        assert both == apart
    with pytest.raises(BadArgument, match="arms must be among"):
        paired.run_profile("club", 1, tmp_path, arms=("bold",))
