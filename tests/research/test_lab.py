"""JupyterLab, as ``make lab`` starts it, opens a research notebook as a notebook.

The lab runs from the project's environment (this interpreter's
``jupyter-lab``) on a free loopback port, on a copy of ``notebooks/``, with
the user's own Jupyter folders (config, user settings, workspaces, data)
replaced by empty temporary ones, so only the environment's settings count:
``make install`` puts ``jupyter/lab-overrides.json5`` there.  Headless
Chromium, driven through the Chrome DevTools protocol, opens ``redeals.py``
the way a double-click does (the lab's default viewer) and must find
notebook cells with a rendered title, not a text editor, and a running
``python3`` kernel of this environment; then "Run All" (the lab's own
command, at the quick sizes) must complete without an error from the
shipped reference pools, writing into the copy's fresh ``../data``.
Skipped where no Chromium is installed (``make test`` installs it with
apt-get where it runs as root).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import json5
import jupytext
import pytest

from analysis.report import NOTEBOOKS, notebooks_dir, read_parameters

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "jupyter" / "lab-overrides.json5"
INSTALLED = (
    Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "thousand-analysis.json5"
)
NOTEBOOK = "redeals.py"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Seconds the lab, the browser and the page each get on a busy 2-core machine.
PATIENCE = 240


def _browser() -> str | None:
    return next((p for p in map(shutil.which, BROWSERS) if p), None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, token: str | None = None, timeout: float = 10):
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"} if token else {})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read().decode("utf-8"))


def _wait(what: str, probe, proc: subprocess.Popen, log: Path, timeout: float = PATIENCE, seen=None):
    """Call ``probe`` until it returns a true value; fail if ``proc`` exits.

    ``seen``, when given, is called once more on failure and its text
    (what the page shows: the kernel, the cells run, a dialog) leads the message.
    """
    t_end = time.monotonic() + timeout
    while time.monotonic() < t_end:
        if proc.poll() is not None:
            pytest.fail(f"{what}: the process exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        with contextlib.suppress(OSError, ValueError):
            got = probe()
            if got:
                return got
        time.sleep(0.5)
    shown = ""
    if seen is not None:
        with contextlib.suppress(OSError, ValueError):
            shown = f"the page shows {seen()}\n"
    pytest.fail(f"{what}: nothing after {timeout} s:\n{shown}{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen):
    """End a process this test started, and its process group."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # the browser's renderers, if any remain


class DevTools:
    """The smallest Chrome DevTools protocol client: one page, calls in order."""

    def __init__(self, ws_url: str):
        import websocket  # websocket-client, a dependency of jupyter_server

        self.ws = websocket.create_connection(ws_url, timeout=PATIENCE, suppress_origin=True)
        self.n = 0

    def call(self, method: str, **params):
        self.n += 1
        self.ws.send(json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]

    def evaluate(self, expression: str):
        got = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in got:
            raise RuntimeError(f"in the page: {got['exceptionDetails']}")
        return got["result"].get("value")

    def close(self):
        self.ws.close()


#: The notebook open in the lab, from its model: each code cell's execution
#: count and errors, and the kernel's status.
NOTEBOOK_WIDGET = "[...window.jupyterapp.shell.widgets('main')].find((w) => w.content?.model?.cells)"
RUN_STATE = f"""(() => {{
  const w = {NOTEBOOK_WIDGET};
  const m = w.content.model;
  const cells = [];
  for (let i = 0; i < m.cells.length; i++) {{
    const c = m.cells.get(i);
    if (c.type !== 'code') continue;
    const errors = c.outputs.toJSON().filter((o) => o.output_type === 'error');
    cells.push({{n: c.executionCount, errors: errors.map((o) => `${{o.ename}}: ${{o.evalue}}`)}});
  }}
  const dialogs = [...document.querySelectorAll('.jp-Dialog')].map((d) => d.textContent);
  return {{kernel: w.sessionContext.session?.kernel?.status, cells: cells, dialogs: dialogs}};
}})()"""

#: What the page shows: the current document tab, notebook cells, editors.
PAGE_STATE = """(() => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  const panel = q('.jp-NotebookPanel').find((p) => !p.classList.contains('lm-mod-hidden'));
  return {
    tab: q('.lm-DockPanel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel').map((e) => e.textContent),
    notebooks: q('.jp-NotebookPanel').length,
    editors: q('.jp-FileEditor').length,
    cells: panel ? panel.querySelectorAll('.jp-Notebook .jp-Cell').length : 0,
    code: panel ? panel.querySelectorAll('.jp-CodeCell .jp-InputArea-editor').length : 0,
    title: panel ? q('.jp-NotebookPanel .jp-MarkdownCell .jp-RenderedMarkdown h1').map((e) => e.textContent) : [],
    kernel: panel ? q('.jp-NotebookPanel .jp-KernelName, .jp-NotebookPanel .jp-Toolbar-kernelName')
      .map((e) => e.textContent) : [],
  };
})()"""


def test_lab_settings_are_installed_in_the_environment():
    assert INSTALLED.exists(), (
        f"{INSTALLED} is missing: `make install` (or `make lab`) copies {SOURCE.name} there"
    )
    assert INSTALLED.read_text(encoding="utf-8") == SOURCE.read_text(encoding="utf-8"), (
        "run `make install` again"
    )
    settings = json5.loads(SOURCE.read_text(encoding="utf-8"))
    viewer = settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]["python"]
    # the viewer is named as the installed jupytext extension registers it
    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "jupyterlab-jupytext" / "static"
    assert any(f'"{viewer}"' in js.read_text(encoding="utf-8") for js in ext.glob("*.js")), viewer


def test_research_notebooks_are_paired_with_ipynb():
    # saving in the lab writes the .py (tracked) and the .ipynb (outputs, ignored by git)
    conf = (notebooks_dir() / "jupytext.toml").read_text(encoding="utf-8")
    assert 'formats = "ipynb,py:percent"' in conf
    assert "*.ipynb" in (notebooks_dir() / ".gitignore").read_text(encoding="utf-8").split()


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_each_notebook_opens_on_what_it_answers_run_time_and_quick_switch(name, monkeypatch):
    nb = jupytext.read(notebooks_dir() / f"{name}.py")
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), name
    assert len(first.source.splitlines()) <= 16, f"{name}: the first cell is the short one"
    for said in (
        "**Answers**",
        "**Run All**",
        "**Quick sizes**",
        "`QUICK = True`",
        "THOUSAND_QUICK=1 make lab",
    ):
        assert said in first.source, (name, said)
    # the switch it names works: QUICK = True in the parameters cell gives the quick sizes
    monkeypatch.delenv("THOUSAND_QUICK", raising=False)
    monkeypatch.delenv("CI", raising=False)
    cell = next(c for c in nb.cells if "parameters" in c.metadata.get("tags", []))
    lines = cell.source.splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("QUICK =")]
    assert len(at) == 1, name
    lines[at[0]] = "QUICK = True"
    ns = {}
    exec(compile("\n".join(lines), f"{name}:parameters", "exec"), ns)
    quick = read_parameters(name, quick=True)
    sizes = [k for k in quick if k.startswith("N_")]
    assert sizes and {k: ns[k] for k in sizes} == {k: quick[k] for k in sizes}, name


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_saving_an_unchanged_notebook_leaves_its_py_as_it_is(name):
    # the lab saves through jupytext: a notebook opened and saved unchanged gives the same .py
    src = (notebooks_dir() / f"{name}.py").read_text(encoding="utf-8")
    assert jupytext.writes(jupytext.reads(src, fmt="py:percent"), fmt="py:percent") == src
    # ... whatever jupytext release saves it: the header names none (a fresh
    # install taking a newer jupytext rewrote every notebook's version line)
    assert "jupytext_version:" not in src
    nb = jupytext.reads(src, fmt="py:percent")
    nb.metadata["jupytext"]["text_representation"]["jupytext_version"] = "99.0.0"
    assert jupytext.writes(nb, fmt="py:percent") == src


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server of this environment on a copy of notebooks/: (url, token, root)."""
    root = tmp_path / "notebooks"
    shutil.copytree(notebooks_dir(), root, ignore=shutil.ignore_patterns("*.ipynb", ".ipynb_checkpoints"))
    home = tmp_path / "home"
    env = dict(os.environ)
    for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTERLAB_DIR", "THOUSAND_DATA", "CI"):
        env.pop(var, None)
    env.update(
        THOUSAND_QUICK="1",  # the kernels inherit it: Run All at the quick sizes
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
    )
    port, token = _free_port(), secrets.token_hex(16)
    lab_bin = Path(sys.executable).parent / "jupyter-lab"
    cmd = [str(lab_bin)] if lab_bin.exists() else [sys.executable, "-m", "jupyterlab"]
    cmd += [
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: the lab's commands
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # as `make lab` does in a container run as root
    log = tmp_path / "lab.log"
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait("JupyterLab", lambda: _get(f"{url}/api/status", token), proc, log)
        yield url, token, root
    finally:
        with contextlib.suppress(OSError):  # ends the kernels, then the server
            urllib.request.urlopen(
                urllib.request.Request(
                    f"{url}/api/shutdown", method="POST", headers={"Authorization": f"token {token}"}
                ),
                timeout=20,
            )
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(30)
        _stop(proc)


@pytest.fixture
def page(tmp_path):
    """A headless Chromium page over the DevTools protocol."""
    browser = _browser()
    if browser is None:
        pytest.skip(
            f"no Chromium ({', '.join(BROWSERS)}) on PATH: `make test` installs it with apt-get as root"
        )
    profile = tmp_path / "chromium"
    cmd = [
        browser,
        "--headless",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--window-size=1400,1000",
        "--remote-debugging-address=127.0.0.1",
        "--remote-debugging-port=0",
        f"--user-data-dir={profile}",
        "about:blank",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.insert(1, "--no-sandbox")  # Chromium refuses to run as root inside its sandbox
    log = tmp_path / "chromium.log"
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        active = profile / "DevToolsActivePort"
        port = _wait("Chromium", lambda: active.exists() and active.read_text().split()[0], proc, log)
        targets = _wait("Chromium's page", lambda: _get(f"http://127.0.0.1:{port}/json/list"), proc, log)
        tools = DevTools(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        try:
            yield tools, proc, log
        finally:
            tools.close()
    finally:
        _stop(proc)


def test_research_notebook_opens_as_a_notebook_with_the_project_kernel(lab, page, tmp_path):
    url, token, root = lab
    tools, proc, log = page
    cells = jupytext.read(root / NOTEBOOK).cells
    title = next(c.source for c in cells if c.cell_type == "markdown").splitlines()[0].lstrip("# ").strip()
    # /lab/tree/PATH opens PATH with its default viewer, as a double-click in the file browser does
    tools.call("Page.navigate", url=f"{url}/lab/tree/{NOTEBOOK}?token={token}")

    def shown():
        state = tools.evaluate(PAGE_STATE)
        if state and state["editors"]:  # opened as text: the assertions below say so
            return state
        if state and state["cells"] and state["title"] and any("Python" in k for k in state["kernel"]):
            return state

    state = _wait(f"{NOTEBOOK} as a notebook", shown, proc, log)
    shot = tmp_path / "lab.png"
    shot.write_bytes(base64.b64decode(tools.call("Page.captureScreenshot", format="png")["data"]))

    assert state["tab"] == [NOTEBOOK], state
    assert state["notebooks"] == 1 and state["editors"] == 0, state  # a notebook, no text editor
    assert 1 < state["cells"] <= len(cells) and state["code"] >= 1, state
    assert title in [t.rstrip("¶") for t in state["title"]], (title, state)  # ¶: the heading anchor
    assert state["kernel"] == ["Python 3 (ipykernel)"] or "Python 3 (ipykernel)" in state["kernel"], state
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # the server's side: a kernel session on that file (a text editor starts none),
    # its kernel python3 of this environment
    sessions = _get(f"{url}/api/sessions", token)
    assert [(s["path"], s["kernel"]["name"]) for s in sessions] == [(NOTEBOOK, "python3")], sessions
    spec = _get(f"{url}/api/kernelspecs", token)["kernelspecs"]["python3"]["spec"]
    assert spec["argv"][0] in ("python", sys.executable), spec["argv"]  # "python" = the server's interpreter

    # Run All once the kernel is up, as a user does: a Run All sent while the kernel
    # still starts (a slow machine) meets a "no kernel" dialog and runs nothing
    def seen():
        return f"{tools.evaluate(RUN_STATE)}\nJupyterLab's log:\n{(tmp_path / 'lab.log').read_text()[-3000:]}"

    _wait("the kernel", lambda: tools.evaluate(RUN_STATE)["kernel"] == "idle", proc, log, seen=seen)
    # Run All, as the menu does, on a fresh ../data: every code cell runs, none fails
    tools.evaluate(
        f"window.jupyterapp.shell.activateById(({NOTEBOOK_WIDGET}).id);"
        "window.jupyterapp.commands.execute('notebook:run-all-cells')"
    )

    def finished():
        run = tools.evaluate(RUN_STATE)
        if any(c["errors"] for c in run["cells"]):
            return run
        if run["kernel"] == "idle" and all(c["n"] for c in run["cells"]):
            return run

    # quick sizes run in about 10 s on an idle machine; the patience is for a busy one
    run = _wait(f"Run All of {NOTEBOOK}", finished, proc, log, seen=seen)
    assert not [c["errors"] for c in run["cells"] if c["errors"]], run
    assert len(run["cells"]) == sum(c.cell_type == "code" for c in cells)
    ran = sorted(c["n"] for c in run["cells"])
    assert ran == list(range(ran[0], ran[0] + len(ran))), ran  # each once, in order
    assert (root.parent / "data" / "headline-redeals.json").exists()  # ../data of the notebook
    shot.with_name("lab-run.png").write_bytes(
        base64.b64decode(tools.call("Page.captureScreenshot", format="png")["data"])
    )
