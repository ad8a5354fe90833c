"""Every module of the package holds one concept: none above 500 lines but the numba kernels.

A numba kernel module (nearly every function in it compiled with
``@njit``: the solver's search and its drivers) may be longer, since splitting a kernel
splits what numba inlines; every other module stays at most
:data:`MOST_LINES` lines and is split by concept when it grows past them
(docs/ARCHITECTURE.md).
"""

import ast
from pathlib import Path

import analysis

MOST_LINES = 500
ROOT = Path(analysis.__file__).parent


def _is_numba_kernel(tree: ast.Module) -> bool:
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]

    def jitted(f):
        return any("njit" in ast.unparse(d) for d in f.decorator_list)

    return bool(funcs) and sum(map(jitted, funcs)) >= 0.8 * len(funcs)


def test_no_module_but_a_numba_kernel_exceeds_500_lines():
    long = []
    for path in sorted(ROOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        n = len(text.splitlines())
        if n > MOST_LINES and not _is_numba_kernel(ast.parse(text)):
            long.append(f"{path.relative_to(ROOT.parent)}: {n} lines")
    assert long == [], "split by concept: " + ", ".join(long)


def test_the_kernel_exemption_names_only_kernels():
    kernels = {
        str(p.relative_to(ROOT))
        for p in ROOT.rglob("*.py")
        if _is_numba_kernel(ast.parse(p.read_text(encoding="utf-8")))
    }
    assert {"solver/_kernel.py", "solver/_drivers.py"} <= kernels
    assert all(k.startswith("solver/_") for k in kernels), kernels
