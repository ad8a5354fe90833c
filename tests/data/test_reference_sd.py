"""Single-dummy reference pools: list, build, check, verify on tiny pools built
in tmp, an unbuilt pool reported as such, and the shipped pools once pinned."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from analysis import dataset, reference
from analysis.cli import main
from analysis.errors import BadArgument
from analysis.rules import Rules
from analysis.single_dummy import sd_fingerprint
from analysis.solver import solver_fingerprint

#: Beside the tiny club-sd of conftest.py: classic's play of club's deals
#: (built) and wiki's pool (listed, its deals never built).
CLASSIC_SD = reference.SDPoolSpec("classic-sd", "club", "classic", 2, worlds=2, chunk=2)
WIKI_SD = reference.SDPoolSpec("wiki-sd", "wiki", "wiki", 2, worlds=2, chunk=2)


@pytest.fixture(scope="module")
def sd_registry(sd_registry):
    """The tiny pools' registry: club-sd, classic-sd, wiki-sd."""
    return (*sd_registry, CLASSIC_SD, WIKI_SD)


def test_list_reports_built_and_unbuilt_pools(sd_env, capsys):
    assert main(["reference", "list", "--json"]) == 0  # DESIGN.md, contract 6: every pool
    every = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["play"]) for p in every] == [
        ("club", "dd"),
        ("club-sd", "pimc"),
        ("classic-sd", "pimc"),
        ("wiki-sd", "pimc"),
    ]
    assert main(["reference", "list", "--json", "--sd"]) == 0
    got = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert list(got) == ["club-sd", "classic-sd", "wiki-sd"]
    sd = got["club-sd"]
    contract = {"name", "rules", "fingerprint", "deals", "deals_path", "solutions_path", "content_hash"}
    assert (
        contract | {"play", "worlds", "serves"} <= set(sd) and sd["play"] == "pimc" and sd["state"] == "built"
    )
    assert sd["deals"] == 3 and sd["worlds"] == 2
    # club's play and information serve club only: classic pays write-offs otherwise
    assert sd["serves"] == ["club"] and got["classic-sd"]["serves"] == ["classic"]
    assert got["wiki-sd"]["serves"] == ["wiki"] and got["wiki-sd"]["deals"] == 0
    assert sd["fingerprint"] == solver_fingerprint("club") and sd["sd_fingerprint"] == sd_fingerprint("club")
    assert sd["solutions_path"] == str(sd_env / "club" / "sd")
    manifest = json.loads((sd_env / "club" / "sd" / "_manifest.json").read_text())
    assert sd["content_hash"] == manifest["content_hash"] and manifest["rows"] == 9
    assert got["wiki-sd"]["state"] == "not built" and got["wiki-sd"]["content_hash"] is None
    assert main(["reference", "list"]) == 0
    out = capsys.readouterr().out
    assert (
        "not pinned yet" in out and "wiki-sd" in out and "not built (thousand reference build wiki-sd)" in out
    )


def test_load_joins_the_deals(sd_env):
    f = reference.load("club-sd")
    assert len(f) == 9 and list(f["seat"][:3]) == [0, 1, 2]
    assert {"moves", "estimates", "hand0", "widow", "redeal_forced"} <= set(f.columns)
    assert f.attrs["reference"]["name"] == "club-sd"
    with pytest.raises(reference.ReferencePoolError, match="not built"):
        reference.load("wiki-sd")


def test_verify_plays_rows_again_and_skips_unbuilt(sd_env, capsys):
    assert main(["reference", "verify", "--rows", "2", "--sd-rows", "2"]) == 0
    out = capsys.readouterr().out
    assert "club-sd: files intact, 2 rows played again, every column equal" in out
    assert "wiki-sd: not built, skipped" in out
    assert "ok: 1 pools, 2 rows re-solved exactly; 2 single-dummy pools, 4 rows played again exactly" in out
    assert "not built: wiki-sd" in out
    assert reference.verify(1, sd_rows=3, names=["club-sd", "wiki-sd"]) == {"club-sd": 3, "wiki-sd": None}
    with pytest.raises(ValueError, match="--sd-rows must be at least 1"):
        reference.verify(1, sd_rows=0)


def test_a_pinned_pool_must_be_there_and_be_the_pinned_one(sd_env, sd_registry, monkeypatch):
    pinned = (replace(sd_registry[0], sd_hash="0" * 16), replace(WIKI_SD, sd_hash="1" * 16))
    monkeypatch.setattr(reference.registry, "SD_POOLS", pinned)
    with pytest.raises(reference.ReferencePoolError, match="not the pinned 0000000000000000"):
        reference.check("club-sd")
    with pytest.raises(reference.ReferencePoolError, match="wiki-sd.*missing or unfinished"):
        reference.verify(1, names=["wiki-sd"])


def test_a_changed_row_is_caught_by_playing_it_again(sd_env, sd_registry, tmp_path, monkeypatch):
    base = tmp_path / "reference"
    shutil.copytree(sd_env, base)
    monkeypatch.setattr(reference.registry, "SD_POOLS", sd_registry[:1])
    sd = base / "club" / "sd"
    for c in (0, 1):
        f = sd / f"part-{c:06d}.parquet"
        t = pq.read_table(f)
        v = pa.array([x + 1 for x in t.column("value").to_pylist()], pa.int16())
        t = t.set_column(t.schema.get_field_index("value"), "value", v)
        pq.write_table(t.replace_schema_metadata(pq.read_schema(f).metadata), f)
        m = json.loads((sd / "_manifest.json").read_text())
        m["chunk_hashes"][c] = dataset.content_hash(t)
        (sd / "_manifest.json").write_text(json.dumps(m))
    reference.check("club-sd", base)  # intact files, as the manifest says
    with pytest.raises(
        reference.ReferencePoolError, match=r"deal \d+ seat \d plays otherwise now \(value: \d+ stored"
    ):
        reference.verify(1, sd_rows=2, names=["club-sd"], base=base)


def test_build_needs_the_deals_and_prints_its_command(sd_env, capsys):
    with pytest.raises(
        reference.ReferencePoolError, match="build them with `thousand reference build wiki` first"
    ):
        reference.build("wiki-sd", workers=1, progress=False)
    assert not (sd_env / "wiki" / "sd").exists()
    assert main(["reference", "build", "club-sd", "--print", "--workers", "2"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == (
        f"thousand solve --play pimc --deals {sd_env / 'club' / 'deals'} --out {sd_env / 'club' / 'sd'} "
        "--rules club --n 3 --worlds 2 --bid 100 --sd-seed 0 --chunk-size 2 --workers 2"
    )
    before = {p: p.stat().st_mtime_ns for p in (sd_env / "club" / "sd").glob("*.parquet")}
    assert main(["reference", "build", "club-sd", "--workers", "1", "--no-progress"]) == 0
    assert "club-sd: 3 deals" in capsys.readouterr().out
    assert {p: p.stat().st_mtime_ns for p in (sd_env / "club" / "sd").glob("*.parquet")} == before


def test_a_stopped_build_is_not_finished_and_resumes(sd_env, tmp_path, monkeypatch):
    base = tmp_path / "reference"
    shutil.copytree(sd_env, base)
    sd = base / "club" / "sd"
    want = json.loads((sd / "_manifest.json").read_text())["content_hash"]
    for name in ("part-000001.parquet", "_manifest.json", "_common_metadata"):
        (sd / name).unlink()
    p = reference.sd_pools(base)[0]
    assert (p.state, p.chunks_done, p.n_chunks, p.content_hash) == ("not finished", 1, 2, None)
    assert p.deals == 2 and p.as_dict()["deals"] == 2  # chunk 0 of 2 deals built, chunk 1 (1 deal) not
    # the rows written so far verify (4 of chunk 0's 6 rows played again)
    assert reference.verify(1, names=["club-sd"], base=base) == {"club-sd": 4}
    assert reference.build("club-sd", base, workers=1, progress=False).content_hash == want


def test_sd_pool_for_follows_the_single_dummy_fingerprint(sd_env):
    assert reference.sd_pool_for("club").name == "club-sd"
    assert reference.sd_pool_for(Rules.profile("club").with_changes("barrel_seats=1")).name == "club-sd"
    assert sd_fingerprint("classic") != sd_fingerprint("club")
    classic = reference.sd_pool_for("classic")
    assert classic.name == "classic-sd" and classic.sd_path == str(sd_env / "club" / "sd-classic")
    assert classic.deals_path == str(sd_env / "club" / "deals")
    f = reference.load("classic-sd")
    assert f.attrs["sd"]["rules"] == "classic" and len(f) == 6
    assert reference.sd_pool_for("wiki") is None  # not built


def test_the_registry_is_as_documented():
    sizes = {s.name: (s.pool, s.rules, s.n) for s in reference.SD_POOLS}
    assert sizes == {
        "club-sd-50k": ("club", "club", 50_000),
        "classic-sd-25k": ("club", "classic", 25_000),
        "book-sd-25k": ("book", "book", 25_000),
        "ua-sd-25k": ("ua", "ua", 25_000),
        "wiki-sd-25k": ("wiki", "wiki", 25_000),
    }
    dd = {s.name: s for s in reference.POOLS}
    for s in reference.SD_POOLS:
        # the deals' pool plays as the pool does, solver-wise (classic on club's)
        assert s.n <= dd[s.pool].n
        assert solver_fingerprint(dd[s.pool].rules) == solver_fingerprint(s.rules)
        assert (s.worlds, s.bid, s.seed) == (16, 100, 0)
    # one pool per single-dummy fingerprint, each in its own folder
    assert len({sd_fingerprint(s.rules) for s in reference.SD_POOLS}) == len(reference.SD_POOLS)
    base = reference.root()
    assert len({s.paths(base)[1] for s in reference.SD_POOLS}) == len(reference.SD_POOLS)
    assert reference.spec("classic-sd-25k").paths(base)[1] == base / "club" / "sd-classic-25k"


# --- the shipped pools, once built and pinned ---------------------------------

SHIPPED = [s for s in reference.SD_POOLS if s.sd_hash is not None]


@pytest.mark.parametrize("s", SHIPPED, ids=lambda s: s.name)
def test_shipped_sd_pool_is_intact_and_pinned(s, monkeypatch):
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    p = reference.check(s.name)
    assert p.deals == s.n and p.content_hash == s.sd_hash


@pytest.mark.parametrize(
    "s",
    # every row's decision is made again (about 2 ms a row): the big pools'
    # 150,000 rows are a volume check (make verify)
    [pytest.param(s, marks=pytest.mark.verify) if s.n > 2_000 else s for s in SHIPPED],
    ids=lambda s: s.name,
)
def test_shipped_sd_pool_plays_again_exactly(s, monkeypatch):
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    assert reference.verify(1, sd_rows=2, names=[s.name]) == {s.name: 2}


def test_unknown_names_other_conventions_and_ignored_worlds_are_refused(sd_env, tmp_path, capsys):
    assert main(["reference", "verify", "--only", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "no reference pool 'nonsense'" in err and "club-sd" in err and "Traceback" not in err
    with pytest.raises(ValueError, match="single-dummy conventions"):
        reference.load("club-sd", rules="wiki")
    assert reference.load("club-sd", rules="club").shape[0] == 9


def test_simulate_refuses_worlds_it_would_not_use(tmp_path, capsys):
    out = str(tmp_path / "g")
    args = ["simulate", "--games", "1", "--seed", "1", "--outcomes", "pimc", "--worlds", "8", "--out", out]
    assert main(args) == 2
    assert "--on-the-fly" in capsys.readouterr().err


def test_a_pool_built_elsewhere_has_the_content_of_its_own_folder(sd_env, tmp_path, monkeypatch, capsys):
    """``build --out DIR``: the rows go to DIR (resumable there), equal to
    the pool built under the root; a big pool is found by name."""
    want = json.loads((sd_env / "club" / "sd" / "_manifest.json").read_text())["content_hash"]
    out = (tmp_path / "pools" / "club-sd").resolve()
    assert main(["reference", "build", "club-sd", "--print", "--out", str(out), "--workers", "1"]) == 0
    assert f"--out {out} " in capsys.readouterr().out
    p = reference.build("club-sd", workers=1, progress=False, out=out)
    assert p.content_hash == want and p.sd_path == str(out)
    for name in ("part-000001.parquet", "_manifest.json", "_common_metadata"):
        (out / name).unlink()  # stopped: resumes in DIR
    assert main(["reference", "build", "club-sd", "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    assert f"at {out}" in capsys.readouterr().out
    assert json.loads((out / "_manifest.json").read_text())["content_hash"] == want
    with pytest.raises(reference.ReferencePoolError, match="unfinished|missing"):
        reference.check("club-sd", tmp_path)  # the root's folder is not DIR
    # every big pool is pinned: none grows
    assert reference.BIG_SD_POOLS == () and all(s.sd_hash for s in reference.SD_POOLS)
    with pytest.raises(BadArgument, match="single-dummy"):
        reference.build("club", workers=1, progress=False, out=out)


def test_an_older_pool_without_written_off_plays_still_verifies(sd_env, sd_registry, tmp_path, monkeypatch):
    """Rows written off before every row kept its play (no moves, 0 points)
    verify against the play made now."""
    from analysis.single_dummy import has_play

    base = tmp_path / "reference"
    shutil.copytree(sd_env, base)
    monkeypatch.setattr(reference.registry, "SD_POOLS", sd_registry[:1])
    sd = base / "club" / "sd"
    m = json.loads((sd / "_manifest.json").read_text())
    cleared = 0
    for c in range(len(m["chunk_hashes"])):
        f = sd / f"part-{c:06d}.parquet"
        t = pq.read_table(f)
        # as an older dataset: the written-off rows' play not stored
        wo = t.column("written_off").to_pylist()
        for col in ("value", "left_points", "right_points", "declarer_tricks", "left_tricks", "right_tricks"):
            i = t.schema.get_field_index(col)
            v = [0 if w else x for w, x in zip(wo, t.column(col).to_pylist(), strict=True)]
            t = t.set_column(i, col, pa.array(v, t.schema.field(i).type))
        i = t.schema.get_field_index("moves")
        v = [[] if w else x for w, x in zip(wo, t.column("moves").to_pylist(), strict=True)]
        t = t.set_column(i, "moves", pa.array(v, t.schema.field(i).type))
        cleared += sum(wo)
        pq.write_table(t.replace_schema_metadata(pq.read_schema(f).metadata), f)
        m["chunk_hashes"][c] = dataset.content_hash(t)
    (sd / "_manifest.json").write_text(json.dumps(m))
    rows = reference.load("club-sd", base)
    assert cleared >= 1 and (~has_play(rows)).sum() == cleared
    # the play made now is cleared where the stored row has none
    assert reference.verify(1, sd_rows=9, names=["club-sd"], base=base) == {"club-sd": 9}


def test_a_big_pool_being_built_is_listed_and_verified_on_its_chunks(sd_env, tmp_path, monkeypatch, capsys):
    """A big pool grows across sessions in the root's own folder: the chunks
    written so far are listed, re-hashed and played again; an edited chunk
    is named; a pool with no rows is skipped."""
    big = reference.SDPoolSpec("club-sd-big", "club", "club", 4, worlds=2, chunk=2, folder="sd-big")
    base = tmp_path / "reference"
    shutil.copytree(sd_env, base)
    monkeypatch.setenv(reference.ROOT_VAR, str(base))
    monkeypatch.setattr(reference.registry, "BIG_SD_POOLS", (big,))
    assert reference.growing_pools() == []
    reference.build(big.name, workers=1, progress=False)
    folder = base / "club" / "sd-big"
    for name in ("part-000001.parquet", "_manifest.json", "_common_metadata"):
        (folder / name).unlink()  # as a build stopped after its first chunk
    (p,) = reference.growing_pools()
    assert (p.name, p.state, p.chunks_done, p.n_chunks, p.deals) == (big.name, "not finished", 1, 2, 2)
    assert main(["reference", "list"]) == 0
    assert "club-sd-big" in (out := capsys.readouterr().out) and "not finished, 1 of 2 chunks" in out
    assert reference.verify(1, sd_rows=6, names=[big.name]) == {big.name: 6}  # every row of chunk 0
    assert main(["reference", "verify", "--rows", "1", "--sd-rows", "2"]) == 0  # the default takes it in
    out = capsys.readouterr().out
    assert "club-sd-big: not finished, the 1 of 2 chunks written are intact, 2 rows played again" in out
    f = folder / "part-000000.parquet"
    t = pq.read_table(f)
    i = t.schema.get_field_index("value")
    edited = t.set_column(
        i, "value", pa.array([v + 1 for v in t["value"].to_pylist()], t.schema.field(i).type)
    )
    pq.write_table(edited.replace_schema_metadata(pq.read_schema(f).metadata), f)
    with pytest.raises(reference.ReferencePoolError, match="part-000000.parquet.*damaged or edited"):
        reference.verify(1, sd_rows=1, names=[big.name])


def test_every_decision_is_checked_and_a_stale_one_redecided(sd_env, sd_registry, tmp_path, monkeypatch):
    """A row whose stored contract is not the current criterion's (the play
    unchanged, so no replayed row need hit it) fails verify, named with the
    count; redecide_sd rewrites it and restores the pool exactly."""
    from analysis.reference.upgrade import redecide_sd

    base = tmp_path / "reference"
    shutil.copytree(sd_env, base)
    monkeypatch.setattr(reference.registry, "SD_POOLS", sd_registry[:1])
    sd = base / "club" / "sd"
    want = json.loads((sd / "_manifest.json").read_text())["content_hash"]
    f = sd / "part-000001.parquet"
    t = pq.read_table(f)
    old = t.column("contract").to_pylist()
    c = pa.array([old[0] + 5, *old[1:]], t.schema.field("contract").type)
    t = t.set_column(t.schema.get_field_index("contract"), "contract", c)
    pq.write_table(t.replace_schema_metadata(pq.read_schema(f).metadata), f)
    m = json.loads((sd / "_manifest.json").read_text())
    m["chunk_hashes"][1] = dataset.content_hash(t)
    (sd / "_manifest.json").write_text(json.dumps(m))
    with pytest.raises(
        reference.ReferencePoolError, match=r"1 of 9 rows hold another decision .* first deal"
    ):
        reference.verify(1, sd_rows=1, names=["club-sd"], base=base)
    got = redecide_sd(sd)
    assert got["decisions_changed"] == 1 and got["content_hash"] == want
    assert reference.verify(1, sd_rows=1, names=["club-sd"], base=base) == {"club-sd": 1}


def test_stored_decisions_are_the_play_of_rules_that_play_alike(sd_env):
    """classic plays club's deals as club does (its payments differ): club's
    rows decided again under classic are classic's pool, column for column."""
    from analysis.single_dummy import stored_decisions

    club, classic = reference.load("club-sd"), reference.load("classic-sd")
    club = club[club["deal_id"].isin(classic["deal_id"])].reset_index(drop=True)
    assert len(club) == len(classic) == 6
    contract, written_off = stored_decisions(club, "classic", 100)
    assert contract.tolist() == classic["contract"].tolist()
    assert written_off.tolist() == classic["written_off"].tolist()
    for col in ("give_left", "give_right", "value", "left_points", "estimates"):
        assert club[col].astype(str).tolist() == classic[col].astype(str).tolist()
    assert (stored_decisions(club, "club", 100)[0] == club["contract"].to_numpy()).all()
    with pytest.raises(BadArgument, match="lack left_point_estimates"):
        stored_decisions(club.drop(columns=["left_point_estimates"]), "club", 100)
