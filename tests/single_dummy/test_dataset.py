"""The single-dummy (``sd``) dataset: rows equal to ``play_deal``, resumption,
worker and backend independence, refusals, the command line and the data
dictionary (docs/DATA.md, section sd)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis import dataset
from analysis.cli import main
from analysis.dataset import SD_COLUMNS, sd_schema
from analysis.dataset.schema import SD_WORLD_COLUMNS
from analysis.folders import sd_folder
from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve, solve_params
from analysis.rules import PROFILES
from analysis.single_dummy import play_deal
from analysis.single_dummy.batch import decode_moves, encode_move, has_play, play_deals, play_out, row_seed
from analysis.solver.api import redeal_after

W = 2  # worlds: tiny, the tests check bookkeeping, not play quality


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    out = tmp_path_factory.mktemp("d") / "deals"
    run_deal(out, 8, 23, PROFILES["club"], chunk_size=8, workers=1, progress=False)
    return out


@pytest.fixture(scope="module")
def played(deals, tmp_path_factory):
    """Four deals, all seats, two deals per chunk, in this process."""
    out = tmp_path_factory.mktemp("sd") / "sd"
    m = run_solve(deals, out, play="pimc", n=4, worlds=W, chunk_size=2, workers=1, progress=False)
    return out, m


def test_rows_equal_play_deal_called_directly(deals, played):
    out, m = played
    assert m["rows"] == 12 and m["params"]["kind"] == "sd"
    frame = dataset.load(out)  # joined with the deals
    assert list(frame["deal_id"]) == sorted(np.repeat(np.arange(4), 3))
    assert list(frame["seat"][:3]) == [0, 1, 2]
    rules = PROFILES["club"]
    for row in frame.itertuples():
        hands = [int(getattr(row, f"hand{i}")) for i in range(3)]
        s, w = row.seat, int(row.widow)
        r = play_deal(
            hands[s],
            w,
            hands[(s + 1) % 3],
            hands[(s + 2) % 3],
            bid=100,
            rules=rules,
            worlds=W,
            seed=row_seed(0, row.deal_id, s),
        )
        assert (row.give_left, row.give_right, row.contract, row.written_off) == r[:4]
        if r.written_off:  # the row keeps the play that would have followed
            r = play_out(
                hands[s], w, hands[(s + 1) % 3], hands[(s + 2) % 3], rules, worlds=W, seed=r_seed(row)
            )
        for f in ("value", "left_points", "right_points", "declarer_tricks", "left_tricks", "right_tricks"):
            assert getattr(row, f) == getattr(r, f), f
        assert decode_moves(row.moves) == [(int(a), int(b), bool(c)) for a, b, c in r.moves]
        assert list(row.estimates) == list(r.estimates) and len(row.estimates) == W
        gl, gr = 1 << r.give_left, 1 << r.give_right
        eight = ((hands[s] | w) & ~gl & ~gr, hands[(s + 1) % 3] | gl, hands[(s + 2) % 3] | gr)
        assert row.redeal_after_gift == redeal_after(eight, rules)
        assert row.declarer_tricks + row.left_tricks + row.right_tricks == 8
        assert len(row.moves) == 24
    assert has_play(frame).all()
    assert frame.attrs["sd"]["worlds"] == W and frame.attrs["sd"]["rules"] == "club"


def r_seed(row):
    return row_seed(0, row.deal_id, row.seat)


def test_written_off_rows_hold_the_play_out():
    """A row written off at the bid stores the play ``play_out`` gives with
    its seed, and the decision ``play_deal`` makes: every seat is compared."""
    rules = PROFILES["club"]
    rng = np.random.default_rng(4)
    ids, hs, ws = [], [], []
    for i in range(6):
        p = rng.permutation(24)
        ids.append(i)
        hs.append([sum(1 << int(c) for c in p[7 * k : 7 * k + 7]) for k in range(3)])
        ws.append(sum(1 << int(c) for c in p[21:]))
    frame = {"deal_id": np.array(ids), "widow": np.array(ws, dtype=np.uint32)}
    frame |= {f"hand{k}": np.array([h[k] for h in hs], dtype=np.uint32) for k in range(3)}
    got = play_deals(frame, seats=(0, 1, 2), rules=rules, worlds=W, seed=9, bid=100)
    wo = got["written_off"].to_numpy(bool)
    assert 0 < wo.sum() < len(got)  # both kinds of row are checked
    for row in got.itertuples():
        h, s = hs[row.deal_id], row.seat
        args = (h[s], ws[row.deal_id], h[(s + 1) % 3], h[(s + 2) % 3])
        seed = row_seed(9, row.deal_id, s)
        kept = play_deal(*args, bid=100, rules=rules, worlds=W, seed=seed)
        out = play_out(*args, rules, worlds=W, seed=seed, bid=100)
        assert (row.contract, bool(row.written_off)) == (kept.contract, kept.written_off)
        assert row.written_off or kept.moves == out.moves  # the rules' own play is play_out's
        assert decode_moves(row.moves) == [(int(a), int(b), bool(c)) for a, b, c in out.moves]
        assert (row.value, row.left_points, row.right_points) == out[4:7]
        assert (row.declarer_tricks, row.left_tricks, row.right_tricks) == out[7:10]
    assert has_play(got).all()
    old = got.copy()  # as an older dataset stored them: no play where written off
    old["moves"] = [[] if w else list(m) for w, m in zip(wo, old["moves"])]
    assert (has_play(old) == ~wo).all()


def test_rows_do_not_depend_on_the_other_rows(deals):
    """A row's seed is its own: playing it alone or among others is the same."""
    frame = dataset.read_frame(deals, "deals").iloc[:3]
    together = play_deals(frame, seats=(0, 1, 2), worlds=W, seed=5)
    alone = play_deals(frame.iloc[[2]], seats=(1,), worlds=W, seed=5)
    a = together[(together["deal_id"] == 2) & (together["seat"] == 1)].iloc[0]
    b = alone.iloc[0]
    for c in SD_COLUMNS:
        x, y = a[c], b[c]
        assert (list(x) == list(y)) if c in ("moves", "estimates", *SD_WORLD_COLUMNS) else x == y, c
    other = play_deals(frame.iloc[[2]], seats=(1,), worlds=W, seed=6)
    assert row_seed(5, 2, 1) != row_seed(6, 2, 1)
    assert list(other["deal_id"]) == [2]


def test_resume_after_interruption_gives_the_same_content(deals, played, tmp_path):
    _, m = played
    out = tmp_path / "sd"
    run_solve(deals, out, play="pimc", n=4, worlds=W, chunk_size=2, workers=1, progress=False)
    # an interrupted run: chunk 1 not written, no manifest yet
    for name in ("part-000001.parquet", "_manifest.json", "_common_metadata"):
        (out / name).unlink()
    again = run_solve(deals, out, play="pimc", n=4, worlds=W, chunk_size=2, workers=1, progress=False)
    assert again["chunks_written"] == 1
    assert again["content_hash"] == m["content_hash"]


def test_workers_and_backends_give_the_same_content(deals, played, tmp_path):
    _, m = played
    two = run_solve(
        deals, tmp_path / "two", play="pimc", n=4, worlds=W, chunk_size=2, workers=2, progress=False
    )
    dask = run_solve(
        deals,
        tmp_path / "dask",
        play="pimc",
        n=4,
        worlds=W,
        chunk_size=2,
        workers=2,
        scheduler="local",
        progress=False,
    )
    assert two["content_hash"] == dask["content_hash"] == m["content_hash"]


def test_a_folder_of_other_parameters_is_refused(deals, played, tmp_path):
    out, _ = played
    before = sorted(p.name for p in out.iterdir())
    for kw, what in ((dict(worlds=W + 1), "worlds"), (dict(seed=1), "seed"), (dict(bid=120), "bid")):
        with pytest.raises(dataset.DatasetError, match=f"other parameters.*{what}"):
            run_solve(
                deals, out, play="pimc", n=4, chunk_size=2, workers=1, progress=False, **{"worlds": W, **kw}
            )
    with pytest.raises(dataset.DatasetError, match=r"other parameters \(rules\."):
        run_solve(
            deals, out, PROFILES["wiki"], play="pimc", n=4, worlds=W, chunk_size=2, workers=1, progress=False
        )
    assert sorted(p.name for p in out.iterdir()) == before
    run_solve(deals, tmp_path / "dd", n=2, chunk_size=2, workers=1, progress=False)
    with pytest.raises(dataset.DatasetError, match="holds a solutions dataset, not sd"):
        run_solve(deals, tmp_path / "dd", play="pimc", n=2, worlds=W, chunk_size=2, workers=1, progress=False)
    with pytest.raises(dataset.DatasetError, match="is the deals folder"):
        run_solve(deals, deals, play="pimc", n=2, worlds=W, workers=1, progress=False)


def test_bad_parameters_are_named(deals):
    for kw, what in (
        (dict(worlds=0), "worlds"),
        (dict(bid=90), "bid"),
        (dict(bid=102), "multiple of 5"),
        (dict(seed=-1), "seed"),
        (dict(n=9), "n must be 1..8"),
        (dict(seats=(3,)), "seats"),
        (dict(chunk_size=0), "chunk_size"),
    ):
        with pytest.raises(ValueError, match=what):
            solve_params(deals, play="pimc", **kw)
    frame = dataset.read_frame(deals, "deals").iloc[:1]
    with pytest.raises(ValueError, match="repeat a seat"):
        play_deals(frame, seats=(1, 1), worlds=W)
    with pytest.raises(ValueError, match="lack the column 'widow'"):
        play_deals(frame.drop(columns="widow"), worlds=W)
    bad = frame.copy()
    bad["hand1"] = bad["hand0"]
    with pytest.raises(ValueError, match="deal_id 0"):
        play_deals(bad, worlds=W)


def test_cli_writes_the_named_folder_beside_the_deals(deals, tmp_path, capsys):
    import shutil

    here = tmp_path / "deals"
    shutil.copytree(deals, here)
    args = ["solve", "--play", "pimc", "--deals", str(here), "--n", "2", "--worlds", str(W)]
    assert main(args + ["--seats", "0,2", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    folder = sd_folder(here, PROFILES["club"], worlds=W, bid=100, seed=0, n=2, seats=(0, 2))
    assert folder.parent == tmp_path and folder.name.endswith("-n2-seats02")
    assert f"4 single-dummy rows (2 deals × 2 seats, {W} worlds, bid 100, seed 0) at {folder}" in out
    frame = dataset.load(folder)
    assert len(frame) == 4 and set(frame["seat"]) == {0, 2}


def test_cli_refuses_pimc_options_without_pimc(deals, tmp_path, capsys):
    assert main(["solve", "--deals", str(deals), "--out", str(tmp_path / "s"), "--worlds", "4"]) == 2
    assert "--worlds only apply to --play pimc" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()


def test_list_cells_hash_by_content():
    """The content hash of a list column reads the cells, not where numpy keeps them."""
    a = pa.table({"x": pa.array([[1, 2], [3]], pa.list_(pa.int16()))})
    b = pa.Table.from_batches(
        [
            pa.record_batch([pa.array([[1, 2]], pa.list_(pa.int16()))], ["x"]),
            pa.record_batch([pa.array([[3]], pa.list_(pa.int16()))], ["x"]),
        ]
    )
    c = pa.table({"x": pa.array([[1], [2, 3]], pa.list_(pa.int16()))})
    d = pa.table({"x": pa.array([[1, 2], [4]], pa.list_(pa.int16()))})
    assert dataset.content_hash(a) == dataset.content_hash(b)
    assert len({dataset.content_hash(t) for t in (a, c, d)}) == 3
    # as Parquet reads it back: the item field is called "element" there
    import io

    buf = io.BytesIO()
    pq.write_table(a, buf)
    assert str(pq.read_table(buf).schema.field("x").type) != str(a.schema.field("x").type)
    assert dataset.content_hash(pq.read_table(buf)) == dataset.content_hash(a)
    sliced = pa.table({"x": pa.array([[9], [1, 2], [3]], pa.list_(pa.int16()))}).slice(1)
    assert dataset.content_hash(sliced) == dataset.content_hash(a)


@given(st.integers(0, 2), st.integers(0, 23), st.booleans())
def test_move_codes_round_trip(seat, card, declared):
    code = encode_move(seat, card, declared)
    assert 0 <= code < 256
    assert decode_moves([code]) == [(seat, card, declared)]


def test_sd_columns_documented():
    text = (Path(__file__).resolve().parents[2] / "docs" / "DATA.md").read_text(encoding="utf-8")
    m = re.search(r"^## sd\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, "docs/DATA.md has no section '## sd'"
    rows = dict(re.findall(r"^\| *([a-z_0-9]+) *\| *([a-z0-9<>]+) *\|", m.group(1), re.M))
    rows.pop("column", None)
    names = {
        "int8": "int8",
        "int16": "int16",
        "int64": "int64",
        "bool": "bool",
        "list<item: uint8>": "list<uint8>",
        "list<item: int16>": "list<int16>",
        "list<item: int8>": "list<int8>",
    }
    assert {f.name: names[str(f.type)] for f in sd_schema()} == rows
