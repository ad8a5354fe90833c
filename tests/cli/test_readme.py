"""The README's Python examples run, and its commands exist."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("guide", ["README.md", "docs/DATA.md", "docs/SOLVER.md"])
def test_python_blocks_run(guide):
    # ```python blocks of the README and of the guides its examples moved to
    # must run as they are (sizes shrunk); ```py blocks are illustrations that
    # need other libraries or datasets made by earlier commands
    path = README.parent / guide
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    assert blocks
    for code in blocks:
        code = code.replace("1_000_000", "20_000").replace("10_000", "2_000")
        exec(compile(code, guide, "exec"), {})


def test_commands_in_readme_are_real_subcommands():
    from analysis.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    text = README.read_text(encoding="utf-8")
    used = set(re.findall(r"^thousand ([a-z]+)", text, re.M))
    assert used and used <= set(sub.choices), used - set(sub.choices)


def test_make_targets_exist():
    make = (README.parent / "Makefile").read_text()
    for target in ("run", "test", "verify", "bench", "lab"):
        assert re.search(rf"^{target}:", make, re.M), target
    assert "make test" in (README.parent / ".ci" / "run").read_text()
