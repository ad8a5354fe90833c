"""No module of ``analysis/`` imports another folder's private names.

A ``_module`` (and a ``_name`` inside any module) is private to its folder:
``analysis/solver/_kernel.py`` may be imported by ``analysis/solver/api.py``
but not by ``analysis/single_dummy/pimc.py``, which goes through the public
``analysis.solver.kernels``.  The imports are read from the sources
(``ast``), imports inside functions included.
"""

import ast
from pathlib import Path

import analysis

PACKAGE = Path(analysis.__file__).parent


def _private(part: str) -> bool:
    return part.startswith("_") and not part.startswith("__")


def foreign_private_imports(root: Path = PACKAGE) -> list[str]:
    """``file:line name`` of every import of a private name owned by another folder.

    The owner of a private name is the folder that holds it: for
    ``pkg.sub._mod`` the folder ``pkg.sub``; for ``pkg.sub.mod._name`` also
    ``pkg.sub`` (the folder of the module defining it).
    """
    pkg_name = root.name
    found = []
    for f in sorted(root.rglob("*.py")):
        parts = list(f.relative_to(root.parent).with_suffix("").parts)
        folder = parts[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = folder[: len(folder) - node.level + 1]
                    target = base + (node.module.split(".") if node.module else [])
                else:
                    target = (node.module or "").split(".")
                names = [target + [a.name] for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name.split(".") for a in node.names]
            else:
                continue
            for full in names:
                if full[0] != pkg_name:
                    continue
                for i, part in enumerate(full):
                    if not _private(part):
                        continue
                    owner = full[:i]
                    # a _name inside a module belongs to that module's folder
                    if not (root.parent.joinpath(*owner)).is_dir():
                        owner = owner[:-1]
                    if owner != folder:
                        found.append(f"{f.relative_to(root.parent)}:{node.lineno} {'.'.join(full)}")
                    break
    return found


def test_the_check_sees_foreign_private_imports(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "a").mkdir(parents=True)
    (pkg / "b").mkdir()
    for init in (pkg, pkg / "a", pkg / "b"):
        (init / "__init__.py").write_text("")
    (pkg / "a" / "_k.py").write_text("X = 1\n_y = 2\n")
    (pkg / "a" / "m.py").write_text("from ._k import X, _y\n_z = 3\n")  # own folder: fine
    (pkg / "b" / "u.py").write_text(
        "from ..a import _k\nfrom ..a.m import _z\n\ndef f():\n    import pkg.a._k\n"
    )
    (pkg / "b" / "v.py").write_text("from ..a.m import X\nfrom pkg.a import m\n")  # public: fine
    assert foreign_private_imports(pkg) == [
        "pkg/b/u.py:1 pkg.a._k",
        "pkg/b/u.py:2 pkg.a.m._z",
        "pkg/b/u.py:5 pkg.a._k",
    ]


def test_no_module_imports_another_folders_private_names():
    found = foreign_private_imports()
    assert found == [], "private names imported across folders:\n" + "\n".join(found)
