"""The deals dataset: reproducibility, resume, refusals (DESIGN.md, contract 4)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest

from analysis import dataset
from analysis.cli import main
from analysis.jobs.deals import run_deal
from analysis.rules import PROFILES


def _manifest(path):
    return json.loads((Path(path) / "_manifest.json").read_text())


def test_same_seed_same_content_for_1_and_2_workers(tmp_path):
    a = run_deal(tmp_path / "a", 30_000, 11, PROFILES["club"], chunk_size=7_000, workers=1)
    b = run_deal(tmp_path / "b", 30_000, 11, PROFILES["club"], chunk_size=7_000, workers=2)
    assert a["content_hash"] == b["content_hash"]
    assert a["chunk_hashes"] == b["chunk_hashes"]
    ta = dataset.read_table(tmp_path / "a", "deals")
    tb = dataset.read_table(tmp_path / "b", "deals")
    assert ta.equals(tb)
    assert ta.num_rows == 30_000
    assert np.array_equal(ta["deal_id"].to_numpy(), np.arange(30_000))
    c = run_deal(tmp_path / "c", 30_000, 12, PROFILES["club"], chunk_size=7_000, workers=1)
    assert c["content_hash"] != a["content_hash"]


def test_readable_by_pandas_and_pyarrow_with_metadata(tmp_path):
    run_deal(tmp_path / "d", 5_000, 3, PROFILES["wiki"], chunk_size=2_000, workers=1)
    df = pd.read_parquet(tmp_path / "d")
    assert len(df) == 5_000
    ds = pads.dataset(tmp_path / "d", format="parquet")
    assert ds.count_rows() == 5_000
    meta = json.loads(pq.read_schema(dataset.chunk_path(tmp_path / "d", 0)).metadata[b"thousand"])
    assert meta["seed"] == 3 and meta["chunk_size"] == 2_000
    assert meta["rules"]["target"] == 1001 and meta["schema_version"] == 1
    assert "package_version" in meta
    # every deal a partition of the 24 cards
    h = df[["hand0", "hand1", "hand2", "widow"]].to_numpy(dtype=np.uint64)
    assert np.all(h[:, 0] | h[:, 1] | h[:, 2] | h[:, 3] == (1 << 24) - 1)
    assert np.all((h[:, 0] & h[:, 1]) | (h[:, 2] & h[:, 3]) | (h[:, 0] & h[:, 3]) == 0)


def test_resume_finishes_missing_and_partial_chunks(tmp_path):
    full = run_deal(tmp_path / "full", 20_000, 5, PROFILES["club"], chunk_size=3_000, workers=1)
    out = tmp_path / "part"
    run_deal(out, 20_000, 5, PROFILES["club"], chunk_size=3_000, workers=1)
    # simulate a stop: two chunks missing, one partial temporary file left over
    os.remove(dataset.chunk_path(out, 2))
    os.remove(dataset.chunk_path(out, 5))
    (out / "_manifest.json").unlink()
    (out / ".part-000002.parquet.abc.tmp").write_bytes(b"half a file")
    with pytest.raises(dataset.DatasetError, match="incomplete"):
        dataset.read_table(out, "deals")
    again = run_deal(out, 20_000, 5, PROFILES["club"], chunk_size=3_000, workers=1)
    assert again["chunks_written"] == 2
    assert again["content_hash"] == full["content_hash"]
    assert not list(out.glob(".*.tmp"))


def test_interrupted_cli_run_resumes_to_the_same_dataset(tmp_path, terminal_signals):
    ref = run_deal(tmp_path / "ref", 1_200_000, 9, PROFILES["club"], chunk_size=40_000, workers=1)
    out = tmp_path / "cut"
    cmd = [
        sys.executable,
        "-m",
        "analysis",
        "deal",
        "--n",
        "1200000",
        "--seed",
        "9",
        "--chunk-size",
        "40000",
        "--workers",
        "1",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=terminal_signals
    )
    deadline = time.time() + 60
    while time.time() < deadline and len(list(out.glob("part-*.parquet"))) < 2:
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    n_done = len(list(out.glob("part-*.parquet")))
    if proc.returncode == 0:  # finished before the signal arrived: nothing to resume
        pytest.skip("the run finished before it could be interrupted")
    assert proc.returncode == 130, err
    assert "rerun the same command to resume" in err
    assert 2 <= n_done < 30
    assert main(cmd[3:]) == 0
    assert _manifest(out)["content_hash"] == ref["content_hash"]


def test_other_parameters_are_refused_and_nothing_is_lost(tmp_path):
    out = tmp_path / "d"
    m = run_deal(out, 4_000, 1, PROFILES["club"], chunk_size=1_000, workers=1)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(dataset.DatasetError, match="other parameters.*seed"):
        run_deal(out, 4_000, 2, PROFILES["club"], chunk_size=1_000, workers=1)
    with pytest.raises(dataset.DatasetError, match="other parameters"):
        run_deal(out, 4_000, 1, PROFILES["book"], chunk_size=1_000, workers=1)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert _manifest(out)["content_hash"] == m["content_hash"]


def test_other_schema_version_is_refused(tmp_path):
    out = tmp_path / "d"
    run_deal(out, 2_000, 1, PROFILES["club"], chunk_size=1_000, workers=1)
    p = out / "_params.json"
    params = json.loads(p.read_text())
    params["schema_version"] = 0
    p.write_text(json.dumps(params))
    with pytest.raises(dataset.DatasetError, match="schema version 0"):
        dataset.read_table(out, "deals")
    with pytest.raises(dataset.DatasetError, match="is a deals dataset, not solutions"):
        params["schema_version"] = 1
        p.write_text(json.dumps(params))
        dataset.read_table(out, "solutions")


def test_not_a_dataset(tmp_path):
    with pytest.raises(dataset.DatasetError, match="no dataset folder"):
        dataset.read_table(tmp_path / "nowhere")
    (tmp_path / "x").mkdir()
    with pytest.raises(dataset.DatasetError, match="not a thousand dataset"):
        dataset.read_table(tmp_path / "x")


def test_cli_deal_errors(tmp_path, capsys):
    assert main(["deal", "--n", "0", "--seed", "1", "--out", str(tmp_path / "z")]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert main(["deal", "--n", "10", "--seed", "-1", "--out", str(tmp_path / "z")]) == 2
    assert "seed" in capsys.readouterr().err
    assert main(["deal", "--n", "10", "--seed", "1", "--rules", "nope", "--out", str(tmp_path / "z")]) == 2
    assert "unknown rules" in capsys.readouterr().err


def test_folder_of_a_job_that_wrote_nothing_is_reused(tmp_path):
    out = tmp_path / "d"
    dataset.open_output(out, {"kind": "deals", "n_chunks": 1, "seed": 1, "n": 5})
    # the first job stopped before writing any chunk: another job may take the folder
    m = run_deal(out, 2_000, 2, PROFILES["club"], chunk_size=1_000, workers=1)
    assert m["rows"] == 2_000


def test_rules_differences_are_named_field_by_field(tmp_path):
    out = tmp_path / "d"
    run_deal(out, 2_000, 1, PROFILES["club"], chunk_size=1_000, workers=1)
    with pytest.raises(dataset.DatasetError) as e:
        run_deal(out, 2_000, 1, PROFILES["club"].with_changes("barrel_seats=1"), chunk_size=1_000, workers=1)
    msg = str(e.value)
    assert "rules.barrel_seats: 2 there, 1 asked" in msg and len(msg) < 600


def test_damaged_chunk_is_redone_and_a_foreign_directory_refused(tmp_path):
    out = tmp_path / "d"
    ref = run_deal(out, 3_000, 6, PROFILES["club"], chunk_size=1_000, workers=1)
    p = dataset.chunk_path(out, 1)
    data = open(p, "rb").read()
    open(p, "wb").write(data[: len(data) // 2])  # cut short
    again = run_deal(out, 3_000, 6, PROFILES["club"], chunk_size=1_000, workers=1)
    assert again["chunks_written"] == 1 and again["content_hash"] == ref["content_hash"]
    os.remove(dataset.chunk_path(out, 2))
    os.mkdir(dataset.chunk_path(out, 2))
    with pytest.raises(dataset.DatasetError, match="not a file"):
        run_deal(out, 3_000, 6, PROFILES["club"], chunk_size=1_000, workers=1)


def _copy(src, dst):
    import shutil

    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize(
    "fault, msg",
    [
        (
            "other",
            r"part-000001.parquet belongs to a dataset made with other parameters "
            r"\(seed: 8 in it, 7 in the folder\)",
        ),
        ("swapped", r"part-000001.parquet holds chunk 2 of its dataset, not chunk 1"),
        ("extra", r"part-000003.parquet is beyond the dataset's 3 chunks"),
        ("bare", r"part-000002.parquet was not written by thousand"),
    ],
)
def test_a_chunk_file_that_is_not_the_folders_own_is_refused(tmp_path, fault, msg):
    """A chunk file copied in from another dataset, two chunk files swapped,
    one beyond the dataset's chunks or a Parquet file of other origin under a
    chunk's name: a rerun (resume) refuses, naming it, instead of counting
    it as done and hashing its rows in; reading the folder refuses too; no
    file is changed."""
    club = PROFILES["club"]
    ref = run_deal(tmp_path / "ref", 3_000, 7, club, chunk_size=1_000, workers=1)
    run_deal(tmp_path / "seed8", 3_000, 8, club, chunk_size=1_000, workers=1)
    out = _copy(tmp_path / "ref", tmp_path / "out")
    c1, c2 = Path(dataset.chunk_path(out, 1)), Path(dataset.chunk_path(out, 2))
    if fault == "other":
        c1.write_bytes(Path(dataset.chunk_path(tmp_path / "seed8", 1)).read_bytes())
    elif fault == "swapped":
        a, b = c1.read_bytes(), c2.read_bytes()
        c1.write_bytes(b)
        c2.write_bytes(a)
    elif fault == "extra":
        Path(dataset.chunk_path(out, 3)).write_bytes(c1.read_bytes())
    else:
        pq.write_table(pq.read_table(c2).replace_schema_metadata({}), c2)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(dataset.DatasetError, match=msg):
        run_deal(out, 3_000, 7, club, chunk_size=1_000, workers=1)
    with pytest.raises(dataset.DatasetError, match=msg):
        dataset.load(out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    if fault != "extra":
        # put right by moving the file away: the rerun redoes that chunk
        (c1 if fault != "bare" else c2).rename(tmp_path / "moved.parquet")
        if fault == "swapped":
            c2.unlink()
        again = run_deal(out, 3_000, 7, club, chunk_size=1_000, workers=1)
        assert again["content_hash"] == ref["content_hash"]


@pytest.mark.parametrize("damage", ["footer", "inside", "edited"])
def test_a_damaged_chunk_is_named_when_read_and_redone_on_rerun(tmp_path, damage):
    """A chunk cut short (footer gone), damaged inside (footer intact, data
    pages not) or edited (valid Parquet, a value changed, its metadata kept):
    reading names the file (or, for an edit, which reading cannot see, the
    rerun finds it) and rerunning the command redoes the chunk, giving the
    dataset's content back."""
    out = tmp_path / "d"
    ref = run_deal(out, 2_000, 6, PROFILES["club"], chunk_size=1_000, workers=1)
    p = Path(dataset.chunk_path(out, 1))
    data = p.read_bytes()
    if damage == "footer":
        p.write_bytes(data[:1000])
    elif damage == "inside":
        # the first column's first page header, just after the leading "PAR1"
        p.write_bytes(data[:4] + bytes(b ^ 0xFF for b in data[4:68]) + data[68:])
    else:
        t = pq.read_table(p)
        hands = t["hand0"].to_numpy().copy()
        hands[0] ^= 1
        i = t.schema.get_field_index("hand0")
        pq.write_table(t.set_column(i, t.schema.field(i), pa.array(hands)), p)
    if damage != "edited":
        with pytest.raises(
            dataset.DatasetError,
            match=r"chunk file part-000001.parquet cannot "
            "be read .*rerun the command that made",
        ):
            dataset.load(out)
    again = run_deal(out, 2_000, 6, PROFILES["club"], chunk_size=1_000, workers=1)
    assert again["chunks_written"] == 1 and again["content_hash"] == ref["content_hash"]
    assert dataset.load(out).equals(dataset.read_frame(out, "deals"))


def test_a_finished_dataset_reruns_without_writing_and_unwritable_folders_are_named(tmp_path, monkeypatch):
    """Rerunning the command that made a finished dataset writes nothing
    (so a read-only copy can be rerun to check it); a folder that refuses
    writes is named, with the system's reason, not a traceback."""
    import errno

    out = tmp_path / "d"
    ref = run_deal(out, 2_000, 4, PROFILES["club"], chunk_size=1_000, workers=1)
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir()}

    def read_only(*a, **k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(dataset._files, "atomic_write", read_only)
    again = run_deal(out, 2_000, 4, PROFILES["club"], chunk_size=1_000, workers=1)
    assert again["content_hash"] == ref["content_hash"] and again["chunks_written"] == 0
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.iterdir()} == before
    (tmp_path / "empty").mkdir()
    with pytest.raises(
        dataset.DatasetError, match="cannot write in the output folder .*empty: Read-only file system"
    ):
        run_deal(tmp_path / "empty", 2_000, 4, PROFILES["club"], chunk_size=1_000, workers=1)
    (out / "_manifest.json").unlink()
    with pytest.raises(dataset.DatasetError, match="cannot write the manifest of .*: Read-only file system"):
        run_deal(out, 2_000, 4, PROFILES["club"], chunk_size=1_000, workers=1)


def test_chunk_size_zero_is_refused(tmp_path, capsys):
    assert main(["deal", "--n", "10", "--seed", "1", "--chunk-size", "0", "--out", str(tmp_path / "z")]) == 2
    assert "chunk-size" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, msg",
    [
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "-1"], "--workers must be at least 1"),
        (["--chunk-size", "0"], "chunk-size"),
    ],
)
def test_a_refused_command_leaves_no_output_folder(tmp_path, capsys, argv, msg):
    out = tmp_path / "z"
    assert main(["deal", "--n", "10", "--seed", "1", "--out", str(out), *argv]) == 2
    assert msg in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_output_name_is_named(tmp_path, capsys, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    assert main(["deal", "--n", "10", "--seed", "1", "--out", name]) == 2
    assert "the output folder's name is empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_output_path_through_a_file_is_a_clear_error(tmp_path, capsys):
    (tmp_path / "afile").write_text("keep me")
    for out in (tmp_path / "afile", tmp_path / "afile" / "sub"):
        assert main(["deal", "--n", "10", "--seed", "1", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert "error:" in err and "Traceback" not in err
    assert (tmp_path / "afile").read_text() == "keep me"


def test_a_folder_of_other_files_is_refused_untouched(tmp_path, capsys):
    # a dataset folder must hold only the dataset: a foreign file in it breaks
    # pandas.read_parquet(folder), so a folder with other files is not used
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    (out / "photo.jpg").write_bytes(b"\xff\xd8")
    (out / ".DS_Store").write_bytes(b"")  # hidden: pyarrow's readers skip it
    assert main(["deal", "--n", "10", "--seed", "1", "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "is not empty and holds no dataset" in err and "'notes.txt'" in err
    assert sorted(p.name for p in out.iterdir()) == [".DS_Store", "notes.txt", "photo.jpg"]
    # a folder a stopped job left with only its parameters is still taken
    dataset.open_output(tmp_path / "d", {"kind": "deals", "n_chunks": 1, "seed": 1, "n": 5})
    assert run_deal(tmp_path / "d", 10, 2, PROFILES["club"], chunk_size=10, workers=1)["rows"] == 10
    assert pd.read_parquet(tmp_path / "d").shape[0] == 10
    # nor is a finished dataset that other files were put into since
    (tmp_path / "d" / "notes.txt").write_text("keep me")
    (tmp_path / "d" / "_model.json").write_text("{}")  # skipped by readers: fine
    with pytest.raises(
        dataset.DatasetError,
        match="holds files that are not part of its dataset .'notes.txt'.*move them away",
    ):
        run_deal(tmp_path / "d", 10, 2, PROFILES["club"], chunk_size=10, workers=1)
    assert (tmp_path / "d" / "notes.txt").read_text() == "keep me"
    (tmp_path / "d" / "notes.txt").unlink()
    assert run_deal(tmp_path / "d", 10, 2, PROFILES["club"], chunk_size=10, workers=1)["chunks_written"] == 0
    # hidden files alone do not make a folder foreign
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / ".DS_Store").write_bytes(b"")
    assert run_deal(tmp_path / "h", 10, 2, PROFILES["club"], chunk_size=10, workers=1)["rows"] == 10
    assert pd.read_parquet(tmp_path / "h").shape[0] == 10


def test_parameter_differences_put_the_kind_first_and_round_floats():
    old = {
        "kind": "deals",
        "a": 1,
        "b": 2,
        "c": 3,
        "d": 4,
        "e": 5,
        "f": 6,
        "rules": {"p": 0.5499999999999999, "q": 0.3},
    }
    new = {
        "kind": "games",
        "a": 0,
        "b": 0,
        "c": 0,
        "d": 0,
        "e": 0,
        "f": 0,
        "rules": {"p": 0.6, "q": 0.1 + 0.2},
    }
    d = dataset._differences(old, new)
    assert d[0] == "kind: 'deals' there, 'games' asked"
    assert "rules.p: 0.55 there, 0.6 asked" in d
    # values that differ only past 10 digits are shown whole, not alike
    assert "rules.q: 0.3 there, 0.30000000000000004 asked" in d
    s = dataset._list_differences(old, new)
    assert s.startswith("kind:") and s.endswith("; and 3 more")


def test_an_output_folder_inside_a_dataset_is_refused(tmp_path, capsys):
    # pandas and pyarrow read a dataset folder recursively: a dataset written
    # inside another would be read as rows of it
    out = tmp_path / "d"
    run_deal(out, 10, 1, PROFILES["club"], chunk_size=10, workers=1)
    before = sorted(p.name for p in out.iterdir())
    for argv in (
        ["deal", "--n", "10", "--seed", "2", "--out", str(out / "more")],
        ["solve", "--deals", str(out), "--out", str(out / "sol" / "x"), "--n", "1"],
    ):
        assert main(argv + ["--no-progress"]) == 2
        assert f"inside the dataset folder {out}" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == before
    assert pd.read_parquet(out).shape[0] == 10


def test_a_dataset_of_another_kind_as_output_is_named_by_its_kind(tmp_path, capsys):
    out = tmp_path / "d"
    run_deal(out, 10, 1, PROFILES["club"], chunk_size=10, workers=1)
    with pytest.raises(dataset.DatasetError, match=r"holds a deals dataset, not games; choose"):
        dataset.open_output(out, {"kind": "games", "n_chunks": 1})


def test_chunk_counts_are_worded_in_the_singular_too(tmp_path, capsys):
    assert main(["deal", "--n", "10", "--seed", "1", "--out", str(tmp_path / "d"), "--no-progress"]) == 0
    assert "10 deals in 1 chunk at" in capsys.readouterr().out
    assert (
        main(
            [
                "solve",
                "--deals",
                str(tmp_path / "d"),
                "--out",
                str(tmp_path / "s"),
                "--n",
                "2",
                "--chunk-size",
                "1",
                "--no-progress",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    assert "(2 chunks written now" in capsys.readouterr().out
    assert (
        main(
            [
                "solve",
                "--deals",
                str(tmp_path / "d"),
                "--out",
                str(tmp_path / "s"),
                "--n",
                "2",
                "--chunk-size",
                "1",
                "--no-progress",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    assert "(0 chunks written now" in capsys.readouterr().out


def test_memory_urls_work_in_one_process_and_are_refused_for_workers():
    # fsspec's memory:// filesystem lives in one process: with workers, the
    # chunks they wrote were "missing" and a rerun could not help
    m = run_deal("memory://thousand-test/d", 100, 1, PROFILES["club"], chunk_size=50, workers=1)
    assert m["rows"] == 100 and len(dataset.load("memory://thousand-test/d")) == 100
    for kw in (dict(workers=2), dict(workers=None), dict(workers=1, scheduler="local")):
        with pytest.raises(
            ValueError,
            match="in this process's memory, which worker processes cannot write into: use workers=1",
        ):
            run_deal("memory://thousand-test/e", 100, 1, PROFILES["club"], chunk_size=50, **kw)


@pytest.mark.parametrize("damage", [b'{"kind": "deals", "n"', b"\xff\xfe", b"[1, 2]"])
def test_a_damaged_params_file_is_named(tmp_path, damage):
    out = tmp_path / "d"
    run_deal(out, 100, 1, PROFILES["club"], chunk_size=100, workers=1)
    (out / "_params.json").write_bytes(damage)
    for call in (
        lambda: dataset.load(out),
        lambda: run_deal(out, 100, 1, PROFILES["club"], chunk_size=100, workers=1),
    ):
        with pytest.raises(dataset.DatasetError, match=r"_params.json is damaged"):
            call()
    with pytest.raises(dataset.DatasetError, match="the dataset folder's name is empty"):
        dataset.load("")
