"""Every research notebook executes on small inputs (what CI runs).

Each notebook runs through :func:`analysis.report.execute_notebook` in quick
mode (``THOUSAND_QUICK=1``, the small sizes of its parameters cell) into a
temporary report folder; any cell error fails the test, with the cell's
traceback in the message.
"""

import re
from pathlib import Path

import pytest

from analysis import report
from analysis.cli import main
from analysis.report.index import missing_headlines, write_index
from analysis.report.review import review_report
from analysis.research import notebook
from analysis.research.headline import QUESTIONS

HEADLINE_PAGES = {q.page for q in QUESTIONS}
AVAILABLE = [n for n in report.NOTEBOOKS if (report.notebooks_dir() / f"{n}.py").exists()]


def review_built_report(out, data, rows, quick):
    """The review step: every page and the index read as a reader would, every
    headline present."""
    write_index(out, rows, quick, data)
    problems = review_report(out)
    problems += [f"missing headline: {g}" for g in missing_headlines(data, [r[0] for r in rows])]
    return problems


def test_every_notebook_executes_quick(tmp_path):
    """One test, notebooks in reading order, so the solved pools are made once
    and shared (parallel workers would each solve them); then the review step
    reads the quick report as a reader would."""
    data = tmp_path / "data"
    failures, rows = [], []
    for name in AVAILABLE:
        params = report.read_parameters(name, quick=True, data=data)
        report.prepare_data(params, workers=1)
        html, nb, err = report.execute_notebook(name, tmp_path / "out", quick=True, data=data)
        title = re.search(r"<title>(.*?)</title>", html.read_text(encoding="utf-8"), re.S).group(1)
        rows.append((name, 0.0, err, title.strip()))
        if err is not None:
            failures.append(f"{name}:\n{err}")
            continue
        text = html.read_text(encoding="utf-8")
        if "thousand-analysis" not in text:  # provenance table
            failures.append(f"{name}: no provenance table")
        if "<title>Notebook</title>" in text or "index.html" not in text:
            failures.append(f"{name}: no title of its own or no link back")
        if not report.save_figures(nb, tmp_path / "figs", name):
            failures.append(f"{name}: draws no figure")
        if name in HEADLINE_PAGES and "Conclusion." not in text:
            failures.append(f"{name}: no written conclusion")
    failures += review_built_report(tmp_path / "out", data, rows, quick=True)
    assert not failures, "\n\n".join(failures)


@pytest.mark.verify
def test_full_report_reads_cleanly(tmp_path):
    """The review step on the full report (default sizes): ``make verify``.

    The datasets folder is the one ``make run`` fills (``THOUSAND_DATA``, else
    the repository's ``data/``), so the games a full report plays once (about
    an hour of CPU, most of it the conventions page) are resumed from their
    cache, keyed by their sizes and seeds, as a user's second run would; the
    pages themselves are executed and reviewed afresh."""
    out = tmp_path / "out"
    data = notebook.data_dir(Path(__file__).resolve().parents[2] / "data")
    report.run_report(out, quick=False, data=data, workers=None, log=lambda s: None)  # raises if incomplete
    assert review_report(out) == []
    assert missing_headlines(data, AVAILABLE) == []


def test_every_notebook_has_parameters_that_shrink():
    assert set(AVAILABLE) == set(report.NOTEBOOKS)
    for name in AVAILABLE:
        quick = report.read_parameters(name, quick=True)
        full = report.read_parameters(name, quick=False)
        assert quick["QUICK"] is True and full["QUICK"] is False
        assert "SEED" in full
        sizes = [k for k in full if k.startswith("N_")]
        assert sizes, f"{name} names no sample size N_*"
        assert all(quick[k] < full[k] for k in sizes), name
        for prof, n in full.get("POOLS", {}).items():
            assert quick["POOLS"][prof] < n, (name, prof)
        over = report.read_parameters(name, quick=True, overrides={"SEED": 99})
        assert over["SEED"] == 99


def test_unknown_notebook_is_refused():
    with pytest.raises(ValueError, match="no notebook 'nope'"):
        report.read_parameters("nope", quick=True)


def test_report_command_writes_html_and_index(tmp_path, capsys):
    out, data = tmp_path / "rep", tmp_path / "data"
    rc = main(
        ["report", "--quick", "--only", "redeals", "--out", str(out), "--data", str(data), "--workers", "1"]
    )
    assert rc == 0
    assert (out / "redeals.html").exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "redeals.html" in index and "quick" in index
    assert "Findings" in index and "content hash" in index and "double-dummy" in index
    assert "Deals redealt for a condition of the deal itself" in index  # the page's headline figure
    assert "Incomplete report" not in index and "<b>missing</b>" not in index
    assert f"report at {out / 'index.html'}" in capsys.readouterr().out


def test_failing_notebook_is_reported(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "# %% tags=[\"parameters\"]\nN_X = 1\nSEED = 0\n\n# %%\nraise RuntimeError('boom in a cell')\n",
        encoding="utf-8",
    )
    html, _, err = report.execute_notebook(bad, tmp_path / "out", quick=True, data=tmp_path / "data")
    assert err is not None and "boom in a cell" in str(err)
    assert "boom in a cell" in Path(html).read_text(encoding="utf-8")


def test_run_report_on_own_notebooks_links_by_name_and_raises(tmp_path):
    good = tmp_path / "mine.py"
    good.write_text('# %% tags=["parameters"]\nN_X = 3\nSEED = 0\n\n# %%\nprint(N_X * 7)\n', encoding="utf-8")
    bad = tmp_path / "broken.py"
    bad.write_text('# %% tags=["parameters"]\nN_X = 1\n\n# %%\n1 / 0\n', encoding="utf-8")
    out = tmp_path / "rep"
    with pytest.raises(report.ReportError, match="broken: ZeroDivisionError"):
        report.run_report(
            out,
            quick=True,
            data=tmp_path / "data",
            names=[good, bad],
            overrides={good: {"N_X": 5}},
            log=lambda s: None,
        )
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "href='mine.html'" in index and "href='broken.html'" in index
    assert "35" in (out / "mine.html").read_text(encoding="utf-8")  # the override took


@pytest.mark.parametrize("quick", [True, False])
def test_pages_read_the_reference_pools_and_solve_nothing(quick):
    """The research pages name no pool to solve; they read the reference pools."""
    for name in AVAILABLE:
        params = report.read_parameters(name, quick=quick)
        assert "POOLS" not in params, name
        src = (report.notebooks_dir() / f"{name}.py").read_text(encoding="utf-8")
        assert "ensure_solutions" not in src and "ensure_deals" not in src, name
        assert "back_link" in src, name  # each page links back


def test_a_missing_reference_pool_names_the_build_command(tmp_path, monkeypatch):
    from analysis.reference import ReferencePoolError

    monkeypatch.setenv("THOUSAND_REFERENCE", str(tmp_path / "none"))
    with pytest.raises(ReferencePoolError, match="thousand reference build club"):
        report.prepare_data({})


def test_ctrl_c_stops_the_report_instead_of_failing_one_notebook(tmp_path, capsys):
    # Ctrl-C in a terminal reaches the kernel too: its cell ends with
    # KeyboardInterrupt, which must stop the report (exit 130), not be
    # reported as a failing notebook with the next one run anyway
    hit = tmp_path / "hit.py"
    hit.write_text(
        '# %% tags=["parameters"]\nN_X = 1\n\n# %%\n'
        "import os, signal\nos.kill(os.getpid(), signal.SIGINT)\n"
        "import time\ntime.sleep(30)\n",
        encoding="utf-8",
    )
    after = tmp_path / "after.py"
    after.write_text('# %% tags=["parameters"]\nN_X = 1\n\n# %%\nprint(1)\n', encoding="utf-8")
    out = tmp_path / "rep"
    rc = main(
        [
            "report",
            "--quick",
            "--only",
            str(hit),
            "--only",
            str(after),
            "--out",
            str(out),
            "--data",
            str(tmp_path / "data"),
            "--workers",
            "1",
        ]
    )
    assert rc == 130
    assert "interrupted" in capsys.readouterr().err
    assert not (out / "after.html").exists()


def test_ctrl_c_to_the_report_process_stops_it_too(tmp_path, capsys):
    # a SIGINT that reaches only this process (kill -INT) while a cell runs:
    # the kernel is interrupted, the report stops with 130, nothing else runs
    import os
    import signal
    import threading

    started = tmp_path / "started"
    slow = tmp_path / "slow.py"
    slow.write_text(
        '# %% tags=["parameters"]\nN_X = 1\n\n# %%\n'
        f"open({str(started)!r}, 'w').close()\n"
        "import time\ntime.sleep(60)\n",
        encoding="utf-8",
    )
    after = tmp_path / "after.py"
    after.write_text('# %% tags=["parameters"]\nN_X = 1\n\n# %%\nprint(1)\n', encoding="utf-8")

    def signal_when_the_cell_runs():
        for _ in range(600):
            if started.exists():
                os.kill(os.getpid(), signal.SIGINT)
                return
            threading.Event().wait(0.1)

    threading.Thread(target=signal_when_the_cell_runs, daemon=True).start()
    t0 = __import__("time").perf_counter()
    rc = main(
        [
            "report",
            "--quick",
            "--only",
            str(slow),
            "--only",
            str(after),
            "--out",
            str(tmp_path / "rep"),
            "--data",
            str(tmp_path / "data"),
            "--workers",
            "1",
        ]
    )
    assert rc == 130 and started.exists()
    assert "interrupted" in capsys.readouterr().err
    assert not (tmp_path / "rep" / "after.html").exists()
    assert __import__("time").perf_counter() - t0 < 50  # the cell was interrupted


def test_pages_run_the_code_of_the_checkout_that_runs_the_report(tmp_path, monkeypatch):
    """A kernel imports the ``analysis`` of the running checkout, not another one
    the environment points at (an editable install of a second clone, a
    ``PYTHONPATH`` set before), so a page's figures and its commit are this
    tree's."""
    import analysis

    other = tmp_path / "other" / "analysis"
    other.mkdir(parents=True)
    (other / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(other.parent))
    page = tmp_path / "where.py"
    page.write_text(
        '# %% tags=["parameters"]\nN_X = 1\n\n# %%\nimport analysis\nprint("FROM", analysis.__file__)\n',
        encoding="utf-8",
    )
    html, nb, err = report.execute_notebook(page, tmp_path / "out", quick=True, data=tmp_path / "data")
    assert err is None
    printed = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    assert f"FROM {Path(analysis.__file__).resolve()}" in printed
