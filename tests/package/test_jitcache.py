"""numba's cache of the package: keyed by the jitted modules' sources only,
installed lazily (``import analysis`` reads none of them), a note when a
function of the package compiles at run time, and a warm-up that compiles
every entry point."""

import ast
import importlib
import importlib.util
import inspect
import io
import os
import pkgutil
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import analysis
from analysis._jitcache import PACKAGE_DIR, is_jit_module, jit_files, sources_key

ROOT = Path(__file__).resolve().parents[2]


def _copy_package(tmp_path: Path) -> Path:
    dst = tmp_path / "analysis"
    shutil.copytree(PACKAGE_DIR, dst, ignore=shutil.ignore_patterns("__pycache__", "*.nb[ic]"))
    return dst


def test_key_ignores_other_files_and_sees_jitted_ones(tmp_path):
    root = _copy_package(tmp_path)
    k0 = sources_key(root)
    assert k0 == sources_key(root) == sources_key(PACKAGE_DIR)  # content, not place
    (root / "cli.py").write_text((root / "cli.py").read_text() + "\n# edited\n")
    (root / "odds" / "hand.py").write_text("x = 1\n")
    (root / "new_module.py").write_text("y = 2\n")
    assert sources_key(root) == k0
    kernel = root / "solver" / "_kernel.py"
    kernel.write_text(kernel.read_text() + "\n# edited\n")
    k1 = sources_key(root)
    assert k1 != k0
    (root / "solver" / "_extra.py").write_text("z = 3\n")  # a new kernel file counts
    k2 = sources_key(root)
    assert k2 not in (k0, k1)
    (root / "solver" / "_extra.py").rename(root / "solver" / "_extra2.py")  # so does its name
    assert sources_key(root) not in (k0, k1, k2)


def test_key_files_are_the_patterns():
    names = [f.relative_to(PACKAGE_DIR).as_posix() for f in jit_files()]
    assert {
        "deal_kernels.py",
        "redeal.py",
        "probabilities.py",
        "solver/_kernel.py",
        "solver/_drivers.py",
        "solver/_bits.py",
        "solver/_bounds.py",
        "solver/baseline.py",
    } <= set(names)
    assert "solver/api.py" not in names and "cli.py" not in names
    assert is_jit_module("analysis.solver._kernel") and is_jit_module("analysis.redeal")
    assert not is_jit_module("analysis.solver.api") and not is_jit_module("analysis.rules")


def test_unchanged_file_is_not_read_again(tmp_path, monkeypatch):
    root = _copy_package(tmp_path)
    sources_key(root)
    reads = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: reads.append(self.name) or real(self))
    k = sources_key(root)
    assert reads == []
    f = root / "redeal.py"
    f.write_text(f.read_text() + "\n")
    assert sources_key(root) != k
    assert reads == ["redeal.py"]


def _run(code: str, **env) -> str:
    e = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=e, check=True, cwd=ROOT
    ).stdout


def test_import_analysis_reads_no_source_and_loads_no_numba():
    out = _run(
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda ev, a: opened.append(str(a[0])) if ev == 'open' else None)\n"
        "import analysis, analysis.cli, analysis.rules\n"
        "from analysis._jitcache import jit_files\n"
        "jit = {str(f) for f in jit_files()}\n"
        "print(sorted(set(opened) & jit), 'numba' in sys.modules)\n"
    )
    assert out.split() == ["[]", "False"]


def test_first_jitted_import_installs_the_locator():
    out = _run("import analysis.redeal as r\nprint(type(r._flags_kernel._cache._impl.locator).__name__)\n")
    assert out.strip() == "PackageLocator"


def _all_modules():
    mods = []
    for info in pkgutil.walk_packages(analysis.__path__, "analysis."):
        if info.name.endswith("__main__") or info.name == "analysis._dask_worker":
            continue
        mods.append(importlib.import_module(info.name))
    return mods


def _dispatchers():
    from numba.core.registry import CPUDispatcher

    seen = {}
    for m in _all_modules():
        for name, obj in vars(m).items():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == m.__name__:
                seen[(m.__name__, name)] = obj
    return seen


def test_every_jitted_function_is_keyed_and_reads_only_keyed_globals():
    """Each numba function lives in a keyed file and uses the package's
    locator; every global it reads (a callee, a constant, a module) is
    defined in a keyed file, so no other file can change compiled code."""
    from analysis._jitnumba import PackageLocator

    keyed = {f.resolve() for f in jit_files()}
    top_names = {}
    for f in keyed:
        names = set()
        package = "analysis." + f.relative_to(PACKAGE_DIR).parent.as_posix().replace("/", ".")
        for node in ast.parse(f.read_text()).body:
            if isinstance(node, ast.ImportFrom) and node.level:  # `from ._bits import x as y`
                src = importlib.util.resolve_name("." * node.level + (node.module or ""), package.rstrip("."))
                if is_jit_module(src):
                    names |= {a.asname or a.name for a in node.names}
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            for t in getattr(node, "targets", []) + [getattr(node, "target", None)]:
                for n in ast.walk(t) if t is not None else ():
                    if isinstance(n, ast.Name):
                        names.add(n.id)
        top_names[f] = names
    defined = set().union(*top_names.values())
    disp = _dispatchers()
    assert len(disp) >= 40
    for (mod, name), d in disp.items():
        src = Path(inspect.getfile(d.py_func)).resolve()
        assert src in keyed, f"{mod}.{name}: {src} is not covered by JIT_SOURCES"
        assert isinstance(d._cache._impl.locator, PackageLocator), f"{mod}.{name}"
        codes = [d.py_func.__code__]
        while codes:
            c = codes.pop()
            codes += [k for k in c.co_consts if isinstance(k, types.CodeType)]
            for g in c.co_names:
                if g not in d.py_func.__globals__:
                    continue  # an attribute name, or a builtin
                v = d.py_func.__globals__[g]
                if isinstance(v, types.ModuleType):
                    if v.__name__.startswith("analysis"):
                        assert Path(v.__file__).resolve() in keyed, f"{mod}.{name} reads {g}"
                    continue
                assert g in defined, f"{mod}.{name} reads {g}, not defined in a keyed file"


def test_locator_keeps_numbas_folder_and_adds_the_key(monkeypatch, tmp_path):
    from numba.core import config

    from analysis import _jitnumba
    from analysis.solver import _kernel

    f = _kernel.search.py_func
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))  # as NUMBA_CACHE_DIR does
    loc = _jitnumba.PackageLocator.from_function(f, inspect.getfile(f))
    assert Path(loc.get_cache_path()).parent == tmp_path
    tag, key, own = loc.get_source_stamp()
    assert key == sources_key() and own
    monkeypatch.setattr(_jitnumba, "sources_key", lambda: "other")
    assert loc.get_source_stamp()[1] == "other"  # another key: the index is stale
    assert _jitnumba.PackageLocator.from_function(f, str(tmp_path / "elsewhere.py")) is None


def test_note_appears_once_when_a_package_function_compiles():
    import numba
    from numba.core import event

    from analysis._jitnumba import CompileNote

    def twice(x):
        return 2 * x

    def foreign(x):
        return 3 * x

    twice.__module__ = "analysis._note_test"
    out = io.StringIO()
    note = CompileNote(stream=out)
    with event.install_listener("numba:compile", note):
        jt, jf = numba.njit(twice), numba.njit(foreign)
        assert out.getvalue() == "" and note.count == 0
        assert jt(2) == 4
        assert note.count == 1 and out.getvalue().count("\n") == 1
        assert "compiling the solver" in out.getvalue()
        jt(3)  # compiled: no event
        assert note.count == 1
        jt(2.5)  # another signature: counted, no second note
        assert note.count == 2 and out.getvalue().count("\n") == 1
        jf(1)  # not the package's
        assert note.count == 2 and note.names == ["twice", "twice"]


def _entry_points(disp):
    """Numba functions named in the package's plain Python code (not inlined)."""
    from numba.core.registry import CPUDispatcher

    names = set()
    for m in _all_modules():
        for obj in vars(m).values():
            if not isinstance(obj, CPUDispatcher) and hasattr(obj, "__wrapped__"):
                obj = inspect.unwrap(obj)  # lru_cache and the like
            fns = (
                [obj]
                if inspect.isfunction(obj)
                else (
                    [v for v in vars(obj).values() if inspect.isfunction(v)] if inspect.isclass(obj) else []
                )
            )
            for fn in fns:
                if fn.__module__ != m.__name__ or isinstance(fn, CPUDispatcher):
                    continue
                codes = [fn.__code__]
                while codes:
                    c = codes.pop()
                    codes += [k for k in c.co_consts if isinstance(k, types.CodeType)]
                    names |= set(c.co_names)
    return {
        k: d for k, d in disp.items() if k[1] in names and d.targetoptions.get("inline", "never") != "always"
    }


@pytest.mark.verify
def test_warm_up_compiles_every_entry_point():
    """After the warm-up every numba function the Python code calls has a
    compiled (or cache-loaded) signature: the portable dealer only on a CPU
    without BMI2 (the other one runs there)."""
    from analysis import warmup
    from analysis.deal_kernels import hardware_pdep

    disp = _dispatchers()
    entries = _entry_points(disp)
    assert ("analysis.solver._drivers", "exchange_batch") in entries
    assert ("analysis.solver._kernel", "search") in entries
    warmup.warm_up()
    alt = "_deal_kernel" if hardware_pdep() else "_deal_kernel_hw"
    missing = [f"{m}.{n}" for (m, n), d in entries.items() if not d.overloads and n != alt]
    assert missing == []
    # the newcomer's first two commands then compile nothing (same signatures)
    from analysis._jitnumba import NOTE
    from analysis.cli import main

    before = NOTE.count
    assert main(["analyse", *warmup._README_DEAL, "--declarer", "0"]) == 0
    assert main(["odds", warmup._HAND, "--samples", "20", "--no-progress"]) == 0
    assert NOTE.count == before


def test_the_compile_note_is_silenced_by_its_environment_variable(monkeypatch):
    from analysis._jitnumba import CompileNote

    monkeypatch.delenv("THOUSAND_COMPILE_NOTE", raising=False)
    assert not CompileNote().quiet
    monkeypatch.setenv("THOUSAND_COMPILE_NOTE", "0")
    assert CompileNote().quiet
