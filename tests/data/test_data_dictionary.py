"""docs/DATA.md documents exactly the columns and dtypes the code writes."""

import re
from pathlib import Path

import numpy as np

from analysis.rules import PROFILES

DOC = Path(__file__).resolve().parents[2] / "docs" / "DATA.md"


def documented(kind: str) -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"^## {kind}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, f"docs/DATA.md has no section '## {kind}'"
    rows = re.findall(r"^\| *([a-z_0-9]+) *\| *([a-z0-9]+) *\|", m.group(1), re.M)
    return {name: dtype for name, dtype in rows if name != "column"}


def _schema_dtypes(schema) -> dict[str, str]:
    names = {
        "int8": "int8",
        "int16": "int16",
        "int32": "int32",
        "int64": "int64",
        "uint32": "uint32",
        "bool": "bool",
        "double": "float64",
        "string": "string",
        "large_string": "string",
    }
    return {f.name: names.get(str(f.type), str(f.type)) for f in schema}


def test_deals_columns_documented():
    from analysis.dataset import deals_schema
    from analysis.jobs.deals import deals_table

    d = np.array([[0x7F, 0x7F << 7, 0x7F << 14, 0x7 << 21]], dtype=np.uint32)
    for r in PROFILES.values():
        # the columns the deals job writes are the schema's, whatever the profile
        assert deals_table(np.zeros(1, np.int64), d, r).schema == deals_schema()
    assert _schema_dtypes(deals_schema()) == documented("deals")


def test_solutions_columns_documented():
    from analysis.dataset import solutions_schema

    assert _schema_dtypes(solutions_schema()) == documented("solutions")


def test_games_columns_documented():
    from analysis.dataset import games_schema

    assert _schema_dtypes(games_schema()) == documented("games")
