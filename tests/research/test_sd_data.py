"""The single-dummy page's data: pools paired by deal and seat, lines, worlds
(on the tiny pools of conftest.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from analysis import reference
from analysis.research import sd_play, sd_pools
from analysis.rules import Rules
from analysis.single_dummy import play_deal, play_out


def test_paired_rows_are_the_pools_rows(sd_env):
    p = sd_pools.sd_paired("club")
    sd = reference.load("club-sd", rules="club")
    sd = sd[~sd["redeal_forced"]]
    dd = reference.load("club").set_index(["deal_id", "seat"])
    assert len(p) == len(sd) and p["deal_id"].nunique() == sd["deal_id"].nunique()
    assert p["written_off"].any()  # a written-off row's stored play is checked too
    for _, row in p.iterrows():
        key = (row["deal_id"], row["seat"])
        assert row["value_dd"] == dd.loc[key, "value"]
        again = play_deal(*_four(row), bid=100, rules="club", worlds=2, seed=_seed(row))
        assert row["contract"] == again.contract and row["written_off"] == again.written_off
        assert row["value_sd"] == _played(row, again, worlds=2)
    assert p.attrs["sd_pool"]["name"] == "club-sd"


def _four(row):
    d = int(row["seat"])
    h = [int(row[f"hand{s}"]) for s in range(3)]
    return h[d], int(row["widow"]), h[(d + 1) % 3], h[(d + 2) % 3]


def _played(row, result, worlds):
    """The value a pool row stores: the play's, written off or not (a
    written-off row keeps the play that would have followed, as ``play_out``)."""
    if not result.written_off:
        return result.value
    return play_out(*_four(row), Rules.profile("club"), worlds=worlds, seed=_seed(row), bid=100).value


def _seed(row):
    from analysis.single_dummy.batch import row_seed

    return row_seed(0, int(row["deal_id"]), int(row["seat"]))


def test_contracts_are_decided_again_under_other_payments(sd_env):
    club = reference.load("club-sd", rules="club")
    classic = sd_pools._redecide(club, Rules.profile("classic"))
    assert (club["value"].to_numpy() == classic["value"].to_numpy()).all()
    for _, row in classic.iterrows():
        # what classic's own play decides (its gift and worlds are club's)
        again = play_deal(*_four(row), bid=100, rules="classic", worlds=2, seed=_seed(row))
        assert (row["contract"], row["written_off"]) == (again.contract, again.written_off)
    assert sd_pools.sd_paired("classic") is None  # no classic pool in this tiny registry
    assert sd_pools.sd_pool_name("classic") is None and sd_pools.sd_pool_name("club") == "club-sd"
    assert sd_pools.sd_pool("club").name == "club-sd" and sd_pools.sd_pool("classic") is None


def test_the_single_dummy_line_adds_up(sd_env):
    p = sd_pools.sd_paired("club")
    row = p[~p["written_off"]].iloc[0]
    text = sd_play.sd_line(row, "club")
    tricks = re.findall(r"^\s*\d+\. trump", text, flags=re.M)
    assert len(tricks) == 8
    last = re.findall(r"points (\d+)/(\d+)/(\d+)", text)[-1]
    d = int(row["seat"])
    assert int(last[d]) == row["value_sd"]
    assert (
        int(last[(d + 1) % 3]) == row["left_points_sd"] and int(last[(d + 2) % 3]) == row["right_points_sd"]
    )


def test_worlds_sensitivity_plays_again_and_caches(sd_env, tmp_path):
    p = sd_pools.sd_paired("club")
    f = sd_play.worlds_sensitivity(p, "club", worlds=(1,), n=2, data=tmp_path)
    assert sorted(f["worlds"].unique()) == [1, 2]
    own = f[f["worlds"] == 2]
    rows = p[p["seat"] == 0].head(2)
    assert (own["value_sd"].to_numpy() == rows["value_sd"].to_numpy()).all() and own["same_gift"].all()
    one = f[f["worlds"] == 1].iloc[0]
    r = rows.iloc[0]
    again = play_deal(*_four(r), bid=100, rules="club", worlds=1, seed=_seed(r))
    assert one["value_sd"] == _played(r, again, worlds=1) and one["mean_estimate"] == pytest.approx(
        np.mean(again.estimates)
    )
    assert sd_play.worlds_sensitivity(p, "club", worlds=(1,), n=2, data=tmp_path).equals(f)


def test_an_unbuilt_pool_gives_none(sd_env, sd_registry, monkeypatch):
    unbuilt = reference.SDPoolSpec("wiki-sd", "wiki", "wiki", 2, worlds=2, chunk=2)
    monkeypatch.setattr(reference.registry, "SD_POOLS", (*sd_registry, unbuilt))
    assert sd_pools.sd_paired("wiki") is None and sd_pools.sd_pool_name("wiki") == "wiki-sd"
    assert sd_pools.sd_pool("wiki") is None  # named, not built


def test_worlds_sensitivity_plays_out_an_old_pools_write_offs(sd_env, tmp_path):
    """An older pool stores no play (and the value 0) where its declarer wrote
    off; the pool's own worlds row plays those rows out again from their own
    seed, so it reads the same played value as the other worlds rows."""
    p = sd_pools.sd_paired("club")
    seat0 = p[p["seat"] == 0]
    assert seat0["written_off"].any()
    n = int(np.flatnonzero(seat0["written_off"].to_numpy())[0]) + 1
    old = p.copy()
    wo = old["written_off"].to_numpy(bool)
    old.loc[wo, "value_sd"] = 0
    old["moves"] = [[] if w else m for w, m in zip(wo, old["moves"])]
    old.attrs = p.attrs
    f = sd_play.worlds_sensitivity(old, "club", worlds=(), n=n, data=tmp_path)
    assert list(f["worlds"].unique()) == [2]
    want = seat0.head(n)
    # the pool built now stores the played value of its written-off rows: the same numbers
    assert (f["value_sd"].to_numpy() == want["value_sd"].to_numpy()).all()
    assert f["replayed"].to_numpy().tolist() == want["written_off"].to_numpy().tolist()
    assert (f.loc[f["replayed"], "value_sd"] > 0).all()


def test_sizes_words_follow_the_registry(monkeypatch):
    """The pages say each profile's single-dummy pool size from the registry,
    grouped by size, so pinning a bigger pool changes them without an edit."""
    from types import SimpleNamespace

    from analysis.research import sd_pools

    sizes = {"club": 50_000, "book": 25_000, "classic": 500, "ua": 500}
    monkeypatch.setattr(
        sd_pools, "sd_pool", lambda p: SimpleNamespace(deals=sizes[p]) if p in sizes else None
    )
    assert sd_pools.sizes_words(["club", "classic", "book", "ua", "wiki"]) == (
        "club 50,000 deals; book 25,000 deals; classic and ua 500 deals each; wiki none built"
    )
    shipped = sd_pools.sizes_words()
    assert shipped.startswith("club 50,000 deals")
