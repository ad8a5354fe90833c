"""The README's Python examples run, and the guides' command lines parse."""

import contextlib
import io
import re
import shlex
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


def _command_lines(path):
    """The ``thousand ...`` lines of a guide's code blocks, as argument lists.

    Synopses (a ``[--option]`` in the line) are left out: they show the
    shape of a command, not one to run.
    """
    text = path.read_text(encoding="utf-8")
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            m = re.match(r"\s*(?:\$ )?(?:nohup )?(?:nice -n \d+ )?thousand (.*)", line)
            if m and not re.search(r"\[[-A-Za-z]", line):
                words = shlex.split(m.group(1), comments=True)
                ends = [i for i, w in enumerate(words) if w[0] in "&|;>" or w.startswith("2>")]
                yield line.strip(), words[: min(ends, default=len(words))]


GUIDES = ["README.md", *(f"docs/{p.name}" for p in sorted((README.parent / "docs").glob("*.md")))]
GUIDES += ["notebooks/README.md"]


def _refusals(path) -> list:
    """(line, the parser's complaint) for each command line it refuses."""
    from analysis.cli import build_parser

    out = []
    for line, words in _command_lines(path):
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                build_parser().parse_args(words)
        except SystemExit as exc:
            if exc.code:
                out.append((line, err.getvalue().strip().splitlines()[-1]))
    return out


@pytest.mark.parametrize("guide", [g for g in GUIDES if g != "docs/DESIGN.md"])  # DESIGN: synopses
def test_command_lines_in_the_guides_parse(guide):
    # a command a guide shows must be one the parser takes as written
    # (required options present, values of the right type, no stale flag)
    if guide in ("README.md", "docs/CLI.md"):  # the reader finds them
        assert any(_command_lines(README.parent / guide))
    assert _refusals(README.parent / guide) == []


def test_a_stale_command_line_is_caught(tmp_path):
    guide = tmp_path / "guide.md"
    guide.write_text(
        "```\nthousand simulate --games 10 --out x > log 2>&1 &\nthousand odds 'A♥' [--json]\n```\n",
        encoding="utf-8",
    )
    assert [w for _, w in _command_lines(guide)] == [["simulate", "--games", "10", "--out", "x"]]
    ((line, complaint),) = _refusals(guide)
    assert line.startswith("thousand simulate") and "--seed" in complaint


def test_make_targets_exist():
    make = (README.parent / "Makefile").read_text()
    for target in ("run", "test", "verify", "bench", "lab"):
        assert re.search(rf"^{target}:", make, re.M), target
    assert "make test" in (README.parent / ".ci" / "run").read_text()
