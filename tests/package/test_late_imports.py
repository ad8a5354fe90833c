"""Imports sit at the top of each module, unless loaded late on purpose.

A module of ``analysis/`` imports what it needs at its top.  An import
inside a function is deliberate (numba, dask, matplotlib and the jitted
modules are heavy; a command module loads its work only when the command
runs, since the parser imports every command module) and says so: a
comment on its line, or on the line above it or above the run of imports
it belongs to.  The imports are read from the sources (``ast``).
"""

import ast
import re
from pathlib import Path

import analysis

PACKAGE = Path(analysis.__file__).parent

#: (module file under analysis/, imported module as written) -> why it is late
#: without a comment of its own.
ALLOWED: dict[tuple[str, str], str] = {}

_IMPORT_LINE = re.compile(r"\s*(from|import)\s")


def _written(node) -> str:
    if isinstance(node, ast.Import):
        return node.names[0].name
    return "." * node.level + (node.module or "")


def unexplained_late_imports(root: Path = PACKAGE, allowed=None) -> list[str]:
    """``file:line import`` of each import inside a function with no comment.

    An import is explained by a comment on its own line, or by a comment line
    just above the run of consecutive import lines it is part of.
    """
    allowed = ALLOWED if allowed is None else allowed
    found = []
    for f in sorted(root.rglob("*.py")):
        rel = f.relative_to(root).as_posix()
        lines = f.read_text(encoding="utf-8").splitlines()
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                i = node.lineno - 1
                if "#" in lines[i] or (rel, _written(node)) in allowed:
                    continue
                while i > 0 and _IMPORT_LINE.match(lines[i - 1]):
                    i -= 1
                if i > 0 and lines[i - 1].strip().startswith("#"):
                    continue
                found.append(f"{rel}:{node.lineno} {lines[node.lineno - 1].strip()}")
    return sorted(set(found))


def test_the_check_wants_a_comment_on_or_above_a_late_import(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.py").write_text(
        "import os\n\n"
        "def f():\n    import json\n\n"  # unexplained
        "def g():\n    import numba  # heavy\n\n"
        "def h():\n    # heavy: loaded late\n    import dask\n    from dask import distributed\n\n"
        "def k():\n    x = 1\n    from .b import y\n"  # unexplained
    )
    (pkg / "b.py").write_text("def y():\n    import json\n")  # allowed below
    assert unexplained_late_imports(pkg, allowed={("b.py", "json"): "a reason"}) == [
        "a.py:16 from .b import y",
        "a.py:4 import json",
    ]


def test_every_late_import_in_analysis_says_why():
    found = unexplained_late_imports()
    assert found == [], "imports inside functions without a comment saying why:\n" + "\n".join(found)


def test_the_allow_list_names_late_imports_that_exist():
    # an entry whose import moved to the top (or got its comment) is removed
    late = set()
    for f in PACKAGE.rglob("*.py"):
        for fn in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                late.update(
                    (f.relative_to(PACKAGE).as_posix(), _written(n))
                    for n in ast.walk(fn)
                    if isinstance(n, (ast.Import, ast.ImportFrom))
                )
    assert set(ALLOWED) <= late
