"""Reference pools (DESIGN.md, contract 6): list, check, verify, build, and the
shipped pools themselves: their pinned hashes, exact re-solving of random rows,
and their deals' statistics beside exact combinatorics."""

from __future__ import annotations

import json
import math

import numpy as np
import pyarrow.parquet as pq
import pytest

from analysis import cards, reference
from analysis import probabilities as exact
from analysis.cli import main
from analysis.redeal import redeal_flags
from analysis.rules import Rules

TINY = (
    reference.PoolSpec("club", "club", 6, solutions_chunk=4),
    reference.PoolSpec("wiki", "wiki", 4, solutions_chunk=4),
)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """Two tiny pools built by :func:`reference.build` (the real commands)."""
    base = tmp_path_factory.mktemp("reference")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reference.registry, "POOLS", TINY)
        for s in TINY:
            reference.build(s.name, base, workers=1, progress=False)
    return base


@pytest.fixture
def tiny_env(tiny, monkeypatch):
    monkeypatch.setattr(reference.registry, "POOLS", TINY)
    monkeypatch.setattr(reference.registry, "SD_POOLS", ())  # the single-dummy pools: their own tests
    monkeypatch.setenv(reference.ROOT_VAR, str(tiny))
    return tiny


def test_list_json_has_the_contract_keys(tiny_env, capsys):
    assert main(["reference", "list", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in got] == ["club", "wiki"]
    club = got[0]
    assert set(club) == {
        "name",
        "rules",
        "fingerprint",
        "deals",
        "deals_path",
        "solutions_path",
        "content_hash",
        "play",
    }
    assert club["play"] == "dd"
    assert club["deals"] == 6 and club["rules"] == "club"
    from analysis.solver import solver_fingerprint

    assert club["fingerprint"] == solver_fingerprint("club")
    assert club["solutions_path"] == str(tiny_env / "club" / "solutions")
    manifest = json.loads((tiny_env / "club" / "solutions" / "_manifest.json").read_text())
    assert club["content_hash"] == manifest["content_hash"]


def test_pool_for_shares_a_fingerprint(tiny_env):
    assert reference.pool_for("classic").name == "club"
    assert reference.pool_for(Rules.profile("club").with_changes("barrel_seats=1")).name == "club"
    assert reference.pool_for("wiki").name == "wiki"
    assert reference.pool_for("book") is None  # not among the tiny pools


def test_load_is_sorted_and_joined(tiny_env):
    f = reference.load("club")
    assert len(f) == 18
    assert list(f["deal_id"]) == sorted(np.repeat(np.arange(6), 3))
    assert list(f["seat"][:3]) == [0, 1, 2]
    assert {"value", "hand0", "widow", "redeal_forced"} <= set(f.columns)
    assert f.attrs["reference"]["name"] == "club"


def test_verify_resolves_rows_exactly(tiny_env, capsys):
    assert main(["reference", "verify", "--rows", "5"]) == 0
    out = capsys.readouterr().out
    assert "ok: 2 pools, 10 rows re-solved exactly" in out


def test_build_again_writes_nothing(tiny_env, capsys):
    before = {p: p.stat().st_mtime_ns for p in tiny_env.rglob("*.parquet")}
    assert main(["reference", "build", "wiki", "--workers", "1", "--no-progress"]) == 0
    assert "wiki: 4 deals" in capsys.readouterr().out
    assert {p: p.stat().st_mtime_ns for p in tiny_env.rglob("*.parquet")} == before


def _copy(tiny, tmp_path):
    import shutil

    base = tmp_path / "reference"
    shutil.copytree(tiny, base)
    return base


def _rewrite(path, change):
    """Rewrite a chunk file with one value changed, its metadata kept."""
    t = pq.read_table(path)
    col = t.column("value").to_numpy().copy()
    change(col)
    import pyarrow as pa

    t = t.set_column(t.schema.get_field_index("value"), "value", pa.array(col, pa.int16()))
    pq.write_table(t.replace_schema_metadata(pq.read_schema(path).metadata), path)
    return t


@pytest.mark.parametrize("damage", ["edited", "truncated", "missing"])
def test_a_damaged_pool_file_is_named(tiny, tmp_path, monkeypatch, damage):
    monkeypatch.setattr(reference.registry, "POOLS", TINY)
    monkeypatch.setattr(reference.registry, "SD_POOLS", ())  # the single-dummy pools: their own tests
    base = _copy(tiny, tmp_path)
    f = base / "club" / "solutions" / "part-000001.parquet"
    if damage == "edited":
        _rewrite(f, lambda v: v.__setitem__(0, v[0] + 1))
    elif damage == "truncated":
        f.write_bytes(f.read_bytes()[:100])
    else:
        f.unlink()
    with pytest.raises(reference.ReferencePoolError, match="part-000001") as e:
        reference.check("club", base)
    assert "thousand reference build club" in str(e.value)
    monkeypatch.setenv(reference.ROOT_VAR, str(base))
    assert main(["reference", "verify", "--rows", "2"]) == 2


def test_a_changed_solution_is_caught_by_resolving(tiny, tmp_path, monkeypatch):
    """A pool whose files are intact but whose stored solutions differ from
    what the solver gives now (a solver change) fails verify, naming the row."""
    from analysis import dataset

    monkeypatch.setattr(reference.registry, "POOLS", TINY)

    monkeypatch.setattr(reference.registry, "SD_POOLS", ())  # the single-dummy pools: their own tests
    base = _copy(tiny, tmp_path)
    sol = base / "wiki" / "solutions"
    for c in range(1):
        t = _rewrite(sol / f"part-{c:06d}.parquet", lambda v: v.__iadd__(1))
        m = json.loads((sol / "_manifest.json").read_text())
        m["chunk_hashes"][c] = dataset.content_hash(t)
        (sol / "_manifest.json").write_text(json.dumps(m))
    with pytest.raises(
        reference.ReferencePoolError,
        match=r"deal \d+ seat \d solves otherwise "
        r"now \(value: \d+ stored, \d+ now",
    ):
        reference.verify(12, names=["wiki"], base=base)


def test_pinned_hashes_are_checked(tiny, tmp_path, monkeypatch):
    pinned = (reference.PoolSpec("club", "club", 6, solutions_chunk=4, solutions_hash="0" * 16),)
    monkeypatch.setattr(reference.registry, "POOLS", pinned)
    monkeypatch.setattr(reference.registry, "SD_POOLS", ())  # the single-dummy pools: their own tests
    with pytest.raises(reference.ReferencePoolError, match="not the pinned 0000000000000000"):
        reference.check("club", tiny)


def test_unknown_pool_and_bad_rows(tiny_env):
    with pytest.raises(ValueError, match="no reference pool 'nope'; the pools are club, wiki"):
        reference.spec("nope")
    with pytest.raises(ValueError, match="--rows must be at least 1"):
        reference.verify(0)


def test_build_print_names_the_commands(tiny_env, capsys):
    assert main(["reference", "build", "club", "--print"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("thousand deal --n 6 --seed 1000 --rules club")
    assert out[1].startswith(f"thousand solve --deals {tiny_env / 'club' / 'deals'}")


# --- the shipped pools -------------------------------------------------------

SHIPPED = [s for s in reference.POOLS if s.solutions_hash is not None]


@pytest.mark.parametrize("s", SHIPPED, ids=lambda s: s.name)
def test_shipped_pool_is_intact_and_pinned(s, monkeypatch):
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    p = reference.check(s.name)
    assert p.deals == s.n and p.content_hash == s.solutions_hash


@pytest.mark.parametrize("s", SHIPPED, ids=lambda s: s.name)
def test_shipped_pool_resolves_exactly(s, monkeypatch):
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    assert reference.verify(8, names=[s.name]) == {s.name: 8}


@pytest.mark.verify
@pytest.mark.parametrize("s", SHIPPED, ids=lambda s: s.name)
def test_shipped_pool_resolves_exactly_in_volume(s, monkeypatch):
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    assert reference.verify(250, seed=1, names=[s.name]) == {s.name: 250}


def _z(k: int, n: int, p: float) -> float:
    return (k - n * p) / math.sqrt(n * p * (1 - p)) if 0 < p < 1 else float(k != n * p)


@pytest.mark.parametrize("s", SHIPPED, ids=lambda s: s.name)
def test_shipped_deals_match_exact_combinatorics(s, monkeypatch):
    """Redeal and marriage frequencies in a pool's deals within 4.5 standard
    errors of their exact probabilities (analysis.probabilities)."""
    monkeypatch.delenv(reference.ROOT_VAR, raising=False)
    from analysis import dataset

    deals = dataset.read_frame(reference.pool(s.name).deals_path, "deals")
    assert len(deals) == s.n
    flags = redeal_flags(
        deals[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32), Rules.profile(s.rules)
    )
    for key, p in exact.redeal_probabilities(s.rules).items():
        if key in flags:
            assert abs(_z(int(np.sum(flags[key])), s.n, float(p))) < 4.5, key
    dist = exact.marriage_sum_distribution(7)
    sums = np.zeros(s.n, dtype=np.int64)
    for suit, worth in enumerate(cards.MARRIAGE_VALUES):
        sums += worth * ((deals["marriages0"].to_numpy() >> suit) & 1)
    for total, p in dist.items():
        assert abs(_z(int(np.sum(sums == total)), s.n, float(p))) < 4.5, total


# --- research commands use the pools by default -------------------------------


def test_simulate_draws_from_the_reference_pool_by_default(tiny_env, tmp_path, capsys):
    from analysis import dataset

    out = tmp_path / "games"
    argv = ["simulate", "--games", "2", "--seed", "3", "--out", str(out), "--outcomes", "dd"]
    assert main([*argv, "--workers", "1", "--no-progress"]) == 0
    said = capsys.readouterr().out
    assert "drawing deals from the reference pool 'club' (6 solved deals" in said
    params = dataset.read_params(out)
    assert params["outcomes"]["source"] != "solver"
    games = dataset.read_frame(out, "games")
    assert set(games["pool_deal"]) <= set(range(6))


def test_simulate_on_the_fly_and_without_a_pool(tiny_env, tmp_path, capsys):
    from analysis import dataset

    assert (
        main(
            [
                "simulate",
                "--games",
                "1",
                "--seed",
                "3",
                "--out",
                str(tmp_path / "a"),
                "--on-the-fly",
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    assert dataset.read_params(tmp_path / "a")["outcomes"]["source"] == "solver"
    capsys.readouterr()
    from analysis.odds.model import MODEL_DIR

    book_model = str(MODEL_DIR / "default_bidmodel_book.json")
    assert (
        main(
            [
                "simulate",
                "--games",
                "1",
                "--seed",
                "3",
                "--rules",
                "book",
                "--outcomes",
                "dd",
                "--out",
                str(tmp_path / "b"),
                "--estimator",
                book_model,
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    assert "no reference pool plays as book does" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # argparse: the two exclude each other
        main(
            [
                "simulate",
                "--games",
                "1",
                "--seed",
                "3",
                "--on-the-fly",
                "--pool",
                "x",
                "--out",
                str(tmp_path / "c"),
            ]
        )


def test_run_takes_its_statistics_from_the_pool(tiny_env, tmp_path, capsys):
    rc = main(
        [
            "run",
            "--n",
            "3000",
            "--solve",
            "3",
            "--games",
            "2",
            "--report",
            "none",
            "--data",
            str(tmp_path),
            "--workers",
            "1",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "[check] first hand reaches 120" in out
    assert "from reference pool 'club': 6 distinct solved deals" in out
    assert "playing 2 games on reference pool 'club'" in out
