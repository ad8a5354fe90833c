"""The module import graph of ``analysis/`` has no cycles.

The graph is read from the sources (``ast``), imports inside functions
included: an import moved into a function body to dodge a cycle at import
time is still a cycle in the design.  An edge ``a -> b`` means that module
``a`` imports module ``b`` (``from .b import x``, ``from . import b``,
``import analysis.b``); ``from .pkg import name`` where ``name`` is no
module is an edge to the package's ``__init__``.
"""

import ast
from pathlib import Path

import analysis

PACKAGE = Path(analysis.__file__).parent


def _modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package ``__init__``) of every module under ``root``."""
    mods = {}
    for f in root.rglob("*.py"):
        parts = list(f.relative_to(root.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        mods[".".join(parts[:-1] if is_pkg else parts)] = (f, is_pkg)
    return mods


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of the package it imports, anywhere in its body."""
    mods = _modules(root)
    graph = {}
    for name, (f, is_pkg) in mods.items():
        here = name if is_pkg else name.rpartition(".")[0]
        out = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module
                if target not in mods:
                    continue
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    out.add(sub if sub in mods else target)
        out.discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_imports_inside_functions(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import f\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from .sub import thing\nfrom .sub.d import g\n")
    (pkg / "sub" / "__init__.py").write_text("thing = 1\n")
    (pkg / "sub" / "d.py").write_text("def g():\n    from ..c import x\n")
    g = import_graph(pkg)
    assert g["pkg.a"] == {"pkg.b"} and g["pkg.b"] == {"pkg.a"}
    assert g["pkg.c"] == {"pkg.sub", "pkg.sub.d"} and g["pkg.sub.d"] == {"pkg.c"}
    assert cycles(g) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.sub.d"]]


def test_analysis_has_no_import_cycles():
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_module_imports_the_package_root():
    # what modules need from the root (the version) lives in a leaf module
    graph = import_graph()
    assert sorted(m for m, deps in graph.items() if "analysis" in deps) == []
