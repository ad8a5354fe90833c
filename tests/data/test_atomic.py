"""Output files are replaced whole or not at all (STYLE: write to a temporary
file, then rename)."""

import re
from pathlib import Path

import pytest

from analysis.atomic import replace_file

PACKAGE = Path(__file__).resolve().parents[2] / "analysis"


def test_replace_file_writes_replaces_and_cleans_up(tmp_path):
    p = tmp_path / "out.txt"
    assert replace_file(p, lambda tmp: tmp.write_text("one")) == p
    assert p.read_text() == "one"
    seen = []
    replace_file(p, lambda tmp: (seen.append(tmp.name), tmp.write_text("two")))
    assert p.read_text() == "two"
    assert seen[0].endswith(".txt") and seen[0] != "out.txt"  # same suffix, other name
    assert [x.name for x in tmp_path.iterdir()] == ["out.txt"]


def test_a_folder_is_refused_by_name(tmp_path):
    with pytest.raises(IsADirectoryError, match="it is a folder; give a file name"):
        replace_file(tmp_path, lambda tmp: tmp.write_text("x"))
    assert list(tmp_path.iterdir()) == []


def test_a_failing_writer_leaves_the_old_file_and_no_temporary(tmp_path):
    p = tmp_path / "out.png"
    p.write_bytes(b"old")

    def half_then_fail(tmp):
        tmp.write_bytes(b"ne")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        replace_file(p, half_then_fail)
    assert p.read_bytes() == b"old"
    assert [x.name for x in tmp_path.iterdir()] == ["out.png"]
    with pytest.raises(FileNotFoundError, match="no folder .*missing"):
        replace_file(tmp_path / "missing" / "x.txt", lambda tmp: tmp.write_text("x"))


_WRITERS = re.compile(
    r"\.write_text\(|\.write_bytes\(|\.savefig\(|nbformat\.write\(|"
    r"\.to_parquet\(|\.to_csv\(|json\.dump\(|open\([^)]*['\"]w"
)


def test_every_output_file_of_the_package_goes_through_a_temporary():
    """The whole kind of fault: a writer that writes its final file in
    place (a crash or a full disk then leaves half a file) is named here."""
    offenders = []
    for f in sorted(PACKAGE.rglob("*.py")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if _WRITERS.search(line) and "tmp" not in line:
                offenders.append(f"{f.relative_to(PACKAGE)}:{i}: {line.strip()}")
    assert offenders == []
