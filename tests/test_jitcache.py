"""A cached numba function must never keep running an edited callee from
another file (the numba cache only watches the function's own file)."""

from pathlib import Path

from analysis._jitcache import refresh, source_digest


def _package(tmp_path: Path) -> Path:
    root = tmp_path / "pkg"
    (root / "sub" / "__pycache__").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    (root / "kernel.py").write_text("def f():\n    return 1\n")
    (root / "sub" / "driver.py").write_text("from ..kernel import f\n")
    for name in ("sub/__pycache__/driver.g-3.py311.nbi", "sub/__pycache__/driver.g-3.py311.1.nbc",
                 "__pycache__/kernel.f-1.py311.nbi"):
        (root / name).write_bytes(b"compiled")
    (root / "__pycache__" / "kernel.cpython-311.pyc").write_bytes(b"pyc")
    return root


def _nb_files(root):
    return sorted(p.name for p in root.rglob("*.nb[ic]"))


def test_callee_edit_clears_every_cached_caller(tmp_path):
    root = _package(tmp_path)
    assert refresh(root)                      # first sight: no stamp yet
    assert _nb_files(root) == []
    (root / "sub" / "__pycache__" / "driver.g-3.py311.nbi").write_bytes(b"new")
    assert not refresh(root)                  # nothing changed: cache kept
    assert _nb_files(root) == ["driver.g-3.py311.nbi"]
    (root / "kernel.py").write_text("def f():\n    return 2\n")   # callee edited
    assert refresh(root)
    assert _nb_files(root) == []              # the caller's copy is gone too
    assert (root / "__pycache__" / "kernel.cpython-311.pyc").exists()


def test_digest_sees_renames_and_content(tmp_path):
    root = _package(tmp_path)
    d0 = source_digest(root)
    (root / "kernel.py").rename(root / "kernel2.py")
    d1 = source_digest(root)
    assert d1 != d0
    (root / "kernel2.py").write_text("def f():\n    return 3\n")
    assert source_digest(root) != d1


def test_read_only_package_is_left_alone(tmp_path):
    root = _package(tmp_path)
    refresh(root)
    (root / "sub" / "__pycache__" / "x.nbi").write_bytes(b"c")
    stamp = root / "__pycache__" / "numba-sources.sha256"
    stamp.chmod(0o444)
    (root / "kernel.py").write_text("changed = True\n")
    assert refresh(root)
    assert _nb_files(root) == []
