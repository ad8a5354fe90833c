"""Each package declares its public surface, and keeps to it.

A *unit* is a folder of ``analysis/`` (``analysis.solver``: every module under
it) or a module at the top of the package (``analysis.cards``).  Its public
surface is the ``__all__`` of its ``__init__`` (of the module itself for a
top-level module).  A name of a package's ``__all__`` may be a submodule
(``analysis.research.plots``): that module is then public as a whole, with
the names of its own ``__all__``.

The rule (docs/ARCHITECTURE.md): a module of one unit uses from another only
names that unit declares, and so do the notebooks, the docs and the
benchmarks (which may also measure private names); a declared name has a
user outside its unit (another unit, the tests, the notebooks, the
benchmarks or the docs); a name of a submodule's ``__all__`` is imported by
some other module.  Tests may reach inside a package.

A *reference* is one use of a name of the package: ``from analysis.x import
name``, ``import analysis.x``, an attribute of an imported module
(``solver.play_value``), a ``(module, "name")`` call argument
(``monkeypatch.setattr(mod, "name", ...)``) or a dotted string
(``"analysis.x.name"``).  References are read (``ast``) from the sources of
``analysis/``, ``tests/``, ``notebooks/``, ``benchmarks/``, from the code of
``README.md`` and ``docs/*.md`` (code blocks, inline code, ``>>>``
examples) and from the ``>>>`` examples of docstrings.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import analysis

PACKAGE = Path(analysis.__file__).parent
ROOT = PACKAGE.parent


@dataclass(frozen=True)
class Ref:
    """``name`` of module ``module`` used at ``where`` (``path:line``) by ``source``.

    ``source`` is the dotted module of the user inside the package, else
    its area (``"tests"``, ``"notebooks"``, ``"benchmarks"``, ``"docs"``).
    A whole module is its parent's name (``import analysis.jobs.games`` is
    ``("analysis.jobs", "games")``).
    """

    module: str
    name: str
    source: str
    where: str


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Dotted name -> file of every module of the package at ``root``."""
    mods = {}
    for f in sorted(root.rglob("*.py")):
        parts = list(f.relative_to(root.parent).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    return mods


def unit_of(module: str) -> str:
    """The unit that holds ``module``: its top folder, or itself at the top."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def declared(tree: ast.Module) -> list[str] | None:
    """The literal ``__all__`` of a module, or None without one."""
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
            return [e.value for e in node.value.elts]
    return None


def all_lists(root: Path = PACKAGE) -> dict[str, list[str]]:
    """Module -> its ``__all__``, for every module that has one."""
    out = {}
    for name, f in modules(root).items():
        names = declared(ast.parse(f.read_text(encoding="utf-8")))
        if names is not None:
            out[name] = names
    return out


def surface(root: Path = PACKAGE) -> dict[str, set[tuple[str, str]]]:
    """Unit -> its public ``(module, name)`` pairs.

    The pairs are the unit's ``__all__`` (on the unit's own module) and, for
    every public submodule, its ``__all__`` (on that submodule), recursively.
    """
    mods, alls = modules(root), all_lists(root)
    out = {}
    for unit in {unit_of(m) for m in mods if m != root.name}:
        pairs, todo = set(), [unit]
        while todo:
            m = todo.pop()
            for n in alls.get(m, []):
                pairs.add((m, n))
                if f"{m}.{n}" in mods:
                    todo.append(f"{m}.{n}")
        out[unit] = pairs
    return out


def _resolve(module: str | None, level: int, here: str) -> str:
    """The absolute module of ``from <level dots><module> import ...`` in package ``here``."""
    if not level:
        return module or ""
    parts = here.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join(base + ([module] if module else []))


_DOTTED = re.compile(r"^[A-Za-z_][\w.]*$")


def references(tree: ast.AST, mods, here: str, source: str, path: str, prose: bool = False) -> list[Ref]:
    """Every reference to a name of the package in ``tree``.

    ``here`` is the package a relative import is read in (``""`` outside the
    package), ``mods`` the package's modules; in ``prose`` (the code of a
    Markdown page) the package's own name needs no import.
    """
    pkg = next(iter(mods)).split(".")[0]
    aliases: dict[str, str] = {pkg: pkg} if prose else {}
    refs = []

    def add(module, name, node):
        refs.append(Ref(module, name, source, f"{path}:{getattr(node, 'lineno', 0)}"))

    nodes = list(ast.walk(tree))
    for node in nodes:  # bindings first: a module alias may be used above its import
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] != pkg:
                    continue
                parent, _, last = a.name.rpartition(".")
                if parent:
                    add(parent, last, node)
                if a.asname:
                    aliases[a.asname] = a.name
                else:
                    aliases[a.name.split(".")[0]] = pkg
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node.module, node.level, here)
            if target.split(".")[0] != pkg:
                continue
            for a in node.names:
                if a.name == "*":
                    continue
                add(target, a.name, node)
                if f"{target}.{a.name}" in mods:
                    aliases[a.asname or a.name] = f"{target}.{a.name}"

    def chain(node):
        """``(module, [attr, ...])`` of ``alias.attr.attr``, or None."""
        attrs = []
        while isinstance(node, ast.Attribute):
            attrs.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in aliases:
            return aliases[node.id], attrs[::-1]
        return None

    def walk_chain(module, attrs, node):
        # the last name of ``module.sub.name``, on the deepest module of the chain
        for i, a in enumerate(attrs):
            if i == len(attrs) - 1 or f"{module}.{a}" not in mods:
                add(module, a, node)
                return
            module = f"{module}.{a}"

    for node in nodes:
        if isinstance(node, ast.Attribute) and not isinstance(
            getattr(node, "_parent_attr", None), ast.Attribute
        ):
            c = chain(node)
            if c:
                walk_chain(c[0], c[1], node)
        elif isinstance(node, ast.Call) and len(node.args) >= 2:
            first, second = node.args[0], node.args[1]
            if isinstance(second, ast.Constant) and isinstance(second.value, str):
                c = chain(first)
                if c:
                    module, attrs = c
                    walk_chain(module, attrs + [second.value], node)
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith(pkg + ".")
        ):
            text = node.value.replace(":", ".", 1)  # an entry point, ``analysis.cli:main``
            if _DOTTED.match(text):
                parts = text.split(".")
                for i in range(len(parts) - 1, 0, -1):
                    if ".".join(parts[:i]) in mods:
                        walk_chain(".".join(parts[:i]), parts[i:], node)
                        break
    return refs


def _mark_parents(tree: ast.AST) -> ast.AST:
    # an attribute inside a longer chain is read once, as part of the chain
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            node.value._parent_attr = node
    return tree


_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
_INLINE = re.compile(r"`([^`\n]+)`")
_PROMPT = re.compile(r"^\s*(>>>|\.\.\.) ?(.*)$")


def snippets(text: str) -> list[str]:
    """The code in Markdown or a docstring: fenced blocks, ``>>>`` examples, inline code."""
    out = []
    for block in _FENCE.findall(text):
        out.append(block)
    prompts = [m.group(2) for line in text.splitlines() if (m := _PROMPT.match(line))]
    if prompts:
        out.append("\n".join(prompts))
    out.extend(_INLINE.findall(_FENCE.sub("", text)))
    return out


def _parse_snippet(code: str) -> ast.AST | None:
    prompts = "\n".join(m.group(2) for line in code.splitlines() if (m := _PROMPT.match(line)))
    for text in (code, prompts) if prompts.strip() else (code,):
        try:
            return ast.parse(text)
        except SyntaxError:
            continue
    # a block of shell and Python lines: keep the lines that parse alone
    body = []
    for line in code.splitlines():
        try:
            body += ast.parse(line.strip()).body
        except SyntaxError:
            continue
    return ast.Module(body=body, type_ignores=[]) if body else None


def all_references(root: Path = PACKAGE, users: Path = ROOT) -> list[Ref]:
    """The references of every user of the package at ``root``, inside and outside it.

    ``users`` is the folder that holds ``tests/``, ``notebooks/``,
    ``benchmarks/``, ``docs/`` and ``README.md``.
    """
    mods = modules(root)
    refs = []
    for name, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        here = name if f.name == "__init__.py" else name.rpartition(".")[0]
        rel = f.relative_to(users).as_posix()
        refs += references(_mark_parents(tree), mods, here, name, rel)
        for node in ast.walk(tree):  # the examples of its docstrings
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ">>>" in node.value:
                code = "\n".join(m.group(2) for line in node.value.splitlines() if (m := _PROMPT.match(line)))
                sub = _parse_snippet(code)
                if sub is not None:
                    refs += references(_mark_parents(sub), mods, here, name, rel)
    for area in ("tests", "notebooks", "benchmarks"):
        for f in sorted((users / area).rglob("*.py")):
            tree = _mark_parents(ast.parse(f.read_text(encoding="utf-8")))
            refs += references(tree, mods, "", area, f.relative_to(users).as_posix())
    for f in [users / "README.md", *sorted((users / "docs").glob("*.md"))]:
        if not f.is_file():
            continue
        for code in snippets(f.read_text(encoding="utf-8")):
            tree = _parse_snippet(code)
            if tree is not None:
                refs += references(
                    _mark_parents(tree), mods, "", "docs", f.relative_to(users).as_posix(), prose=True
                )
    return refs


def _is_package(unit: str, mods) -> bool:
    return mods[unit].name == "__init__.py"


def _checked(ref: Ref) -> bool:
    """Whether the user of ``ref`` must keep to the public surface.

    Tests test the parts of a package and may reach inside it; benchmarks
    measure them, so their private names (and the frozen copy of the first
    solver they compare with) are theirs to use.
    """
    if ref.source == "tests":
        return False
    if ref.source == "benchmarks":
        return not ref.name.startswith("_") and "/_solver_v1/" not in ref.where
    return True


def undeclared_uses(refs: list[Ref], root: Path = PACKAGE) -> list[str]:
    """``where module.name`` of every use, from outside a unit, of a name it does not declare.

    A package declares a name in its ``__init__.__all__``: the name may then
    be imported from the package or from the module defining it.  A
    submodule declared there is public too, with the names of its own
    ``__all__``.  A module at the top of the package declares its
    ``__all__``; the modules beside it (one folder) use each other freely.
    """
    mods, alls, surf = modules(root), all_lists(root), surface(root)
    found = []
    for r in refs:
        unit = unit_of(r.module)
        if unit == root.name or not _checked(r):
            continue
        user = unit_of(r.source) if r.source.startswith(root.name + ".") else r.source
        if user == unit or (user in mods and not _is_package(user, mods) and not _is_package(unit, mods)):
            continue
        is_module = f"{r.module}.{r.name}" in mods
        if (r.module, r.name) in surf[unit]:
            continue
        if not is_module and _is_package(unit, mods) and r.name in alls.get(unit, ()):
            continue
        found.append(f"{r.where} {r.module}.{r.name}")
    return sorted(set(found))


def unused_declared(refs: list[Ref], root: Path = PACKAGE) -> list[str]:
    """``module.name`` of every declared name no user outside its unit uses.

    The declared names are a unit's surface (:func:`surface`); a user is any
    reference from another unit, the tests, the notebooks, the benchmarks
    or the docs.
    """
    surf = surface(root)
    used = set()
    for r in refs:
        unit = unit_of(r.module)
        if not r.source.startswith(root.name + ".") or unit_of(r.source) != unit:
            used.add((unit, r.name))
            parts = r.module.split(".")  # a public module is used through its names
            used.update((unit, parts[i]) for i in range(2, len(parts)))
    return sorted(f"{m}.{n}" for unit, pairs in surf.items() for m, n in pairs if (unit, n) not in used)


def unexported(refs: list[Ref], root: Path = PACKAGE) -> list[str]:
    """``module.name`` of every name of a submodule's ``__all__`` no other module imports.

    The ``__all__`` of a module inside a package keeps what other modules
    (of the package, the tests, the notebooks, the benchmarks, the docs)
    take from it; the package's own ``__all__`` is its surface
    (:func:`unused_declared`).
    """
    used = {(r.module, r.name) for r in refs if r.source != r.module}
    return sorted(
        f"{m}.{n}"
        for m, names in all_lists(root).items()
        if unit_of(m) != m
        for n in names
        if (m, n) not in used
    )


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_checks_read_the_surface_and_its_users(tmp_path):
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/leaf.py": '__all__ = ["a", "b"]\na = b = _p = 1\n',
            "pkg/beside.py": "from .leaf import _p, b\n",  # one folder: free
            "pkg/s/__init__.py": '__all__ = ["f", "tools"]\nfrom .m import f\n',
            "pkg/s/m.py": '__all__ = ["f", "g", "h"]\ndef f(): ...\ndef g(): ...\ndef h(): ...\n',
            "pkg/s/tools.py": '__all__ = ["t", "u"]\nt = u = 1\n',
            "pkg/s/own.py": "from .m import g\n",  # inside the unit: free
            "pkg/t/__init__.py": '__all__ = ["k"]\nk = 1\n',
            "pkg/t/x.py": (
                "from ..s.m import f, g\n"  # f declared by s (from any of its modules), g not
                "from ..s import tools\n"  # a public submodule
                "from .. import leaf\n"
                "def run():\n    return tools.u, leaf.a, leaf._p\n"  # leaf._p: not declared
            ),
            "notebooks/page.py": "import pkg.s.m as mm\nmm.h()\n",  # h not declared by s
            "tests/test_x.py": "from pkg.s.m import h\nfrom pkg.leaf import _p\n",  # tests: free
            "benchmarks/bench.py": "from pkg.leaf import _p\nfrom pkg.t import k\n",  # private: free
            "docs/PAGE.md": "Call `pkg.s.m.g()`; see:\n\n```python\n>>> from pkg.s import f\n```\n",
        },
    )
    root = tmp_path / "pkg"
    refs = all_references(root, tmp_path)
    assert {r.source for r in refs} == {
        "pkg.beside",
        "pkg.s",
        "pkg.s.own",
        "pkg.t.x",
        "notebooks",
        "tests",
        "benchmarks",
        "docs",
    }
    assert surface(root)["pkg.s"] == {
        ("pkg.s", "f"),
        ("pkg.s", "tools"),
        ("pkg.s.tools", "t"),
        ("pkg.s.tools", "u"),
    }
    assert undeclared_uses(refs, root) == [
        "docs/PAGE.md:1 pkg.s.m.g",
        "notebooks/page.py:1 pkg.s.m",  # a module s does not declare
        "notebooks/page.py:2 pkg.s.m.h",
        "pkg/t/x.py:1 pkg.s.m.g",
        "pkg/t/x.py:5 pkg.leaf._p",
    ]
    # tools.t is used by no one; leaf.b by the module beside it, t.k by a benchmark
    assert unused_declared(refs, root) == ["pkg.s.tools.t"]
    assert unexported(refs, root) == ["pkg.s.tools.t"]  # m.h: the tests and a notebook import it


@functools.cache
def _package_references() -> list[Ref]:
    return all_references()


#: Declared names no one imports, kept public on purpose: unit -> name -> why.
KEPT = {"analysis.solver": {"ExchangeResult": "DESIGN.md, contract 3: what exchange_value returns"}}


def test_no_unit_uses_names_another_does_not_declare():
    found = undeclared_uses(_package_references())
    advice = "declare each in its package's __init__ __all__ (a top-level module's own __all__), or use a declared name"
    assert found == [], f"names used outside their unit but not declared ({advice}):\n" + "\n".join(found)


def test_every_declared_name_has_a_user_outside_its_unit():
    kept = {f"{unit}.{name}" for unit, names in KEPT.items() for name in names}
    found = [n for n in unused_declared(_package_references()) if n not in kept]
    advice = "take each out of __all__, and delete it if nothing uses it"
    assert found == [], f"declared but used by no one outside its unit ({advice}):\n" + "\n".join(found)


def test_every_submodule_all_name_is_imported_elsewhere():
    found = unexported(_package_references())
    advice = "take each out of __all__"
    assert found == [], f"in a module's __all__ but imported by no other module ({advice}):\n" + "\n".join(
        found
    )


def test_every_declared_name_exists():
    missing = []
    for m, names in all_lists().items():
        if m.endswith("__main__"):
            continue
        mod = importlib.import_module(m)
        missing += [f"{m}.{n}" for n in names if not hasattr(mod, n) and f"{m}.{n}" not in modules()]
    assert missing == []


def test_every_package_declares_its_surface():
    # the command line loads each sub-command module by name: commands/ has no Python surface
    mods = modules()
    bare = [u for u in sorted({unit_of(m) for m in mods}) if u != "analysis" and _is_package(u, mods)]
    assert [u for u in bare if u not in all_lists()] == ["analysis.commands"]
