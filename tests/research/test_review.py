"""The report's review step, headlines and index read as a reader would."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis import reference, report
from analysis.report.index import write_index
from analysis.report.profiles import profile_line
from analysis.report.review import page_tables, page_text, review_page
from analysis.research import headline, notebook
from analysis.rules import Rules


def _page(body: str) -> str:
    return f"<html><head><title>T</title><style>td{{x:1}}</style></head><body>{body}</body></html>"


CLEAN = _page(
    "<h1>Title<a class='anchor-link' href='#t'>¶</a></h1><p>Text — with a dash in prose.</p>"
    "<table><tr><th></th><th>share (95 % CI)</th><th>deals</th></tr>"
    "<tr><th rowspan='2'>club</th><td>12.3 % (11.9–12.7)</td><td>91,875</td></tr>"
    "<tr><td>1.0 %</td><td>2,780</td></tr>"
    "<tr><th rowspan='2'>book</th><td>13.3 % (12.9–13.7)</td><td>91,875</td></tr>"
    "<tr><td>1.2 %</td><td>2,780</td></tr></table>"
    "<img alt='Panel P(make): made (%) against contract; series: club, book.' src='x.png'>"
)


def test_a_clean_page_passes_and_rowspans_are_not_duplicates():
    assert review_page(CLEAN) == []
    # club's rows differ from book's only by the spanning label: alike, not printed twice
    alike = CLEAN.replace("13.3 % (12.9–13.7)", "12.3 % (11.9–12.7)").replace("1.2 %", "1.0 %")
    found = review_page(alike)
    assert found and all("show the same figures" in p for p in found)
    assert not any("printed twice" in p for p in found)
    # unless a label says so, or the rows count nothing
    said = alike.replace(">book<", ">book (identical to club)<")
    assert review_page(said) == []
    assert page_tables(CLEAN)[0][2] == ["club", "1.0 %", "2,780"]
    assert page_text(CLEAN).startswith("Title Text — with a dash")  # no title tag, no ¶


@pytest.mark.parametrize(
    "cell, problem",
    [
        ("<td>—</td>", "placeholder"),
        ("<td>nan %</td>", "placeholder"),
        ("<td>None</td>", "placeholder"),
        ("<td>91875</td>", "thousands separator"),
        ("<td>1.234.567</td>", "points as thousands"),
    ],
)
def test_a_cell_a_reader_objects_to_is_named(cell, problem):
    html = _page(f"<table><tr><th>x</th><th>y</th></tr><tr><th>row</th>{cell}</tr></table>")
    found = review_page(html, "p")
    assert len(found) == 1 and problem in found[0] and found[0].startswith("p: table 1")


def test_code_names_duplicate_rows_code_cells_and_warnings_are_named():
    html = _page(
        "<div class='jp-InputArea-editor'>x = 1</div>"
        "<div data-mime-type='application/vnd.jupyter.stderr'>Warning</div>"
        "<table><tr><th>four_nines_any</th><td>1 %</td></tr><tr><th>four_nines_any</th><td>1 %</td></tr></table>"
    )
    found = " | ".join(review_page(html))
    assert "1 code cell(s) shown" in found
    assert "warning or error stream" in found
    assert "program variable: 'four_nines_any'" in found
    assert "row printed twice" in found
    cut = review_page(
        _page(
            "<p>PosixPath('/d/h.json')</p><table><tr><th>a</th><td>fitted on the club po...</td></tr></table>"
        )
    )
    assert any("program's value is printed" in p for p in cut) and any("cell cut short" in p for p in cut)
    # a value (not a label) may hold an underscore-free code such as a hash
    assert review_page(_page("<table><tr><th>hash</th><td>f5622ea00d884b81</td></tr></table>")) == []


def test_headline_refuses_placeholders_and_reads_legacy_deals(tmp_path):
    with pytest.raises(ValueError, match="placeholder"):
        headline.save_headline(
            "bolts", [{"profile": "club", "question": "bolts", "figure": "—", "n": "1"}], tmp_path
        )
    with pytest.raises(ValueError, match="placeholder"):
        headline.save_headline(
            "bolts", [{"profile": "club", "question": "bolts", "figure": "nan %", "n": "1"}], tmp_path
        )
    with pytest.raises(ValueError, match="lacks 'n'"):
        headline.save_headline("bolts", [{"profile": "club", "question": "bolts", "figure": "1 %"}], tmp_path)
    p = headline.save_headline(
        "mine", [{"profile": "club", "question": "my figure", "figure": "3 %", "deals": 12345}], tmp_path
    )
    (row,) = json.loads(p.read_text("utf-8"))
    assert row["n"] == "12,345 deals" and row["applies"] is True


def test_missing_headlines_are_named_and_the_index_marks_them(tmp_path):
    headline.save_headline(
        "bolts",
        [
            {"profile": p, "question": "bolts", "figure": "1 %", "n": "2 deals"}
            for p in ("club", "classic", "book")
        ],
        tmp_path,
    )
    gaps = headline.missing(tmp_path, ["bolts", "redeals"], ["club", "classic", "book", "ua", "wiki"])
    bolts_gaps = [g for g in gaps if g.startswith("bolts")]
    assert len(bolts_gaps) == 2 and bolts_gaps[0].endswith("(ua)") and bolts_gaps[1].endswith("(wiki)")
    assert sum(g.startswith("redeals") for g in gaps) == 5
    index = write_index(tmp_path, [("bolts", 1.0, None, "Bolts")], False, tmp_path).read_text("utf-8")
    assert "Incomplete report" in index and "missing" in index
    assert "n = 2 deals" in index
    # the caveats say how the games draw, with the single-dummy pools' sizes as built
    built = [q for q in reference.sd_pools() if q.state == "built"]
    assert "own information" in index and "with replacement" in index
    # thousand compare draws the double-dummy pools with replacement too (conventions, dark_golden)
    assert "the dark-play and golden-round games) draw those pools with replacement" in index
    assert all(f"{q.name} {q.deals:,} deals" in index for q in built)


@pytest.mark.parametrize(("name", "count"), [("score_and_bid", 5), ("dark_golden", 10)])
def test_the_pages_added_to_the_index_fail_the_report_without_their_headline(tmp_path, name, count):
    page = tmp_path / f"{name}.py"  # the page's name, saving nothing
    page.write_text('# %% tags=["parameters"]\nN_X = 1\n\n# %%\nprint(1)\n', encoding="utf-8")
    with pytest.raises(report.ReportError, match=f"report incomplete: {count} headline"):
        report.run_report(
            tmp_path / "out", quick=True, data=tmp_path / "data", names=[page], log=lambda s: None
        )


def test_a_page_that_saves_no_headline_fails_the_report(tmp_path):
    page = tmp_path / "barrel.py"  # a page of the index's questions that saves nothing
    page.write_text('# %% tags=["parameters"]\nN_X = 1\n\n# %%\nprint(1)\n', encoding="utf-8")
    # two questions (stays won; the games both ways) for each of five profiles
    with pytest.raises(report.ReportError, match="report incomplete: 10 headline"):
        report.run_report(
            tmp_path / "out", quick=True, data=tmp_path / "data", names=[page], log=lambda s: None
        )
    assert "Incomplete report" in (tmp_path / "out" / "index.html").read_text("utf-8")


def test_profile_lines_follow_the_rules():
    what, how = profile_line("club")
    assert "seed 000" in what
    assert how.startswith("forced redeals (a hand with four 9s, a hand under 14 card points, a widow under 5")
    assert profile_line("classic")[1] == "no redeals: every deal is played"
    assert "claimable" in profile_line("wiki")[1] and "two 9s in the widow" in profile_line("wiki")[1]
    r = Rules.profile("club").with_changes(redeal_hand_under=13)
    assert "under 13 card points" in profile_line(r)[1]


def test_numbers_have_one_format():
    assert notebook.fmt_num(12345) == "12,345" and notebook.fmt_num(1234.56) == "1,234.6"
    assert notebook.fmt_pct(float("nan")) == notebook.NO_CASES == notebook.fmt_ci(None, 0, 1)
    assert notebook.fmt_num_ci(-0.1, -1.4, 1.2) == "\u22120.1 (\u22121.4 to 1.2)"
    assert notebook.fmt_num(-1234.5) == "\u22121,234.5" and "-" not in notebook.fmt_num_ci(-3, -5.5, -1.25)
    assert notebook.fmt_num_ci(48.2, 46.9, 1049.5) == "48.2 (46.9–1,049.5)"


def test_table_formats_counts_and_renames_labels():
    import pandas as pd

    t = pd.DataFrame(
        {"distinct_deals": [91875], "mean_value": [1.25], "ok": [True]}, index=pd.Index(["a"], name="the_row")
    )
    out = notebook.table(t)
    assert list(out.columns) == ["distinct deals", "mean value", "ok"] and out.index.name == "the row"
    assert out.iloc[0].tolist() == ["91,875", "1.2", "yes"]


def test_provenance_names_the_commit_and_the_pools_seed():
    from analysis.reference import SEED

    v = notebook.provenance("club", 7, games_per_profile=40)["value"]
    assert v["seed of the reference pools' deals"] == str(SEED)
    assert v["games per profile"] == "40"
    assert v["commit"]  # a commit, or why there is none
    # the profiles are listed joined by commas: a name with a comma would read as two entries
    assert notebook.provenance(["club", "club (one seat)"], 7)["value"]["profiles"] == "club, club (one seat)"
    with pytest.raises(ValueError, match="two entries"):
        notebook.provenance(["club", "club, one seat"], 7)


def test_signed_numbers_take_the_reports_minus_and_plus():
    assert notebook.fmt_num(-0.1234, 3) == "\u22120.123" and notebook.fmt_num(0.25, 2, signed=True) == "+0.25"
    assert notebook.fmt_num(-0.0004, 3, signed=True) == "0.000"  # rounds to zero: no sign
    d = notebook.fmt_num_ci(0.25, -0.1, 0.6, 3, signed=True)
    assert d == "+0.250 (\u22120.100 to +0.600)" and "-" not in d
    assert notebook.fmt_num_ci(-0.2, -0.2, -0.2, 3) == "\u22120.200 (no spread in the sample)"


_SMALL = st.floats(-1e3, 1e3, allow_nan=False) | st.sampled_from([-0.0, -1e-17, -4e-4, 1e-17])


@given(x=_SMALL, low=_SMALL, high=_SMALL)
def test_no_number_formatter_writes_a_hyphen_for_a_minus(x, low, high):
    """Every number the pages print goes through these: a negative zero or a
    value that rounds to zero (a survival of 1 − 1, −2e-17) takes no sign, a
    negative one the minus sign (U+2212), never a hyphen ("−0.0 % by rule"
    once printed as "-0.0 % by rule")."""
    lo, hi = min(low, high), max(low, high)
    shown = [
        notebook.fmt_num(x, 1),
        notebook.fmt_num(x, 3, signed=True),
        notebook.fmt_pct(x / 1e3),
        notebook.fmt_ci(x / 1e3, lo / 1e3, hi / 1e3),
        notebook.fmt_num_ci(x, lo, hi, 1, signed=True),
    ]
    assert not [t for t in shown if "-" in t], shown
    assert notebook.fmt_pct(-1e-17) == "0.0 %" and notebook.fmt_ci(0.0, -1e-17, 0.01) == "0.0 % (0.0–1.0)"


@pytest.mark.parametrize("low, high", [(-0.004, 0.003), (-0.04, 0.0004), (-0.0004, 0.0003)])
def test_an_interval_around_zero_never_prints_as_one_of_no_width(low, high):
    # "-0.0" and "0.0" are two strings but one printed figure: the decimals grow
    # until the ends differ as numbers (at most 4), never "0.0 (0.0 to 0.0)"
    text = notebook.fmt_num_ci(0.0, low, high, 1, signed=True)
    ends = text[text.index("(") + 1 : -1].split(" to ")
    assert ends[0] != ends[1], text


@pytest.mark.parametrize(
    "x, low, high, shown",
    [
        (-0.004, -0.0071, -0.0002, "\u22120.0040 (\u22120.0071 to \u22120.0002)"),  # excludes 0
        (0.4, -0.01, 0.8, "+0.40 (\u22120.01 to +0.80)"),  # holds 0, just
        (0.2, 0.04, 0.4, "+0.20 (+0.04 to +0.40)"),
        (-1.3, -1.8, -0.8, "\u22121.3 (\u22121.8 to \u22120.8)"),  # nothing rounds to 0: one decimal
        # the conventions page printed a starred "−0.0049 (−0.0099 to 0.0000) *": at the four decimals
        # of the width an end near 0 still reads 0, so it grows past them
        (-0.0049, -0.0099, -0.00003, "\u22120.00490 (\u22120.00990 to \u22120.00003)"),
        (0.0014, 0.00001, 0.0028, "+0.00140 (+0.00001 to +0.00280)"),
    ],
)
def test_a_difference_shows_whether_its_interval_holds_zero(x, low, high, shown):
    # a starred difference printed "(-0.007 to 0.000)" and an unstarred one
    # "(0.0 to +0.8)": the same printed form for opposite verdicts
    assert notebook.fmt_num_ci(x, low, high, 1, signed=True) == shown


@pytest.mark.parametrize(
    "text, bad",
    [
        ("z -0.48 and +2.08", True),
        ("a difference of -0.125 (-0.2 to 0.1)", True),
        ("(-0.6 to 0.3)", True),
        ("z \u22120.48 and +2.08", False),
        ("widow points 5-9 and 10-14, on 2026-12-04", False),
        ("run thousand compare --games 100, seed 004", False),
    ],
)
def test_a_hyphen_for_a_minus_sign_is_named(text, bad):
    found = [p for p in review_page(_page(f"<p>{text}</p>")) if "minus sign written as a hyphen" in p]
    assert bool(found) is bad


def test_percentages_of_one_row_to_different_decimals_are_named():
    row = "<tr><th>club</th><td>5.1 % (4.9–5.2)</td><td>{exact}</td><td>5,083</td><td>1,316 draws: 28.9 %</td></tr>"
    head = "<table><tr><th></th><th>share (95 % CI)</th><th>exact</th><th>deals</th><th>draws</th></tr>"
    bad = review_page(_page(head + row.format(exact="4.94 %") + "</table>"), "p")
    assert bad == ["p: table 1: percentages of one row to 1 and 2 decimals: 'club'"]
    assert review_page(_page(head + row.format(exact="4.9 %") + "</table>")) == []


@pytest.mark.parametrize(
    "prose, name",
    [
        ("Bidding estimator: BidModel(features=14, rows=220299).", "BidModel(features="),
        ("The last section asks hand_odds(hand) about a few hands.", "hand_odds"),
        ("Intervals: analysis.research.uncertainty.", "analysis.research.uncertainty"),
        ("the two-way PoolBootstrap over games", "PoolBootstrap"),
        ("the dataset records it (redeal_after_gift).", "redeal_after_gift"),
    ],
)
def test_program_names_in_prose_are_named(prose, name):
    found = review_page(_page(f"<p>{prose}</p>"))
    assert any(repr(name) in p and "identifier" in p for p in found), found


def test_settings_products_and_commands_are_words():
    ok = (
        "<p>The hand threshold (redeal_hand_under: club 14) in JupyterLab; run "
        "<code>python -m analysis.equity.paired run</code>.</p>"
    )
    assert review_page(_page(ok)) == []


@pytest.mark.parametrize(
    "text, bad",
    [
        ("write-offs 0.0 % (0.0–0.0)", True),
        ("deals per game 1.000 (1.000–1.000)", True),
        ("gap -0.5 (-0.5 to -0.5)", True),
        ("wins +0.000 (+0.000 to +0.000)", True),
        ("write-offs 0.0 % (0.0–0.6)", False),
        ("gap -0.1 (-0.6 to 0.3)", False),
    ],
)
def test_an_interval_of_no_width_is_named(text, bad):
    found = [p for p in review_page(_page(f"<p>{text}</p>")) if "no width" in p]
    assert bool(found) is bad


@pytest.mark.parametrize(
    "text, bad",
    [("on 1 deals", True), ("in 12 game", True), ("1 game", False), ("0 games", False), ("1.5 deals", False)],
)
def test_a_count_at_odds_with_its_noun_is_named(text, bad):
    found = [p for p in review_page(_page(f"<p>{text} here</p>")) if "at odds with its noun" in p]
    assert bool(found) is bad


def test_an_image_without_a_description_is_named():
    assert review_page(_page("<img src='a.png'>")) == ["page: image 1 has no description (alt text)"]
    nbconvert = _page("<img alt='No description has been provided for this image' src='a.png'>")
    assert len(review_page(nbconvert)) == 1
    assert review_page(_page("<img alt='Panel S(t): still on the barrel against deals' src='a.png'>")) == []


def test_the_index_and_its_pages_cite_the_same_numbers():
    from analysis.report.review import index_against_pages

    index = (
        "<table><tr><td><a href='bolts.html'>31.0 % (28.4–33.8) of defenders</a><br>"
        "<small>n = 931 played pool deals (1,862 defenders)</small></td></tr></table>"
    )
    page = _page("<p>31.0 % (28.4–33.8) of 1,862 defenders</p>")
    (gap,) = index_against_pages(index, {"bolts": page})
    assert "bolts does not print 931" in gap
    assert index_against_pages(index, {"bolts": page.replace("of 1,862", "of 1,862 in 931 deals")}) == []
    # a comma that ends a clause is no thousands separator: "931, " prints 931
    assert (
        index_against_pages(index, {"bolts": page.replace("of 1,862", "of 1,862 (deals: 931, seats)")}) == []
    )


def test_a_report_whose_pages_name_two_commits_is_flagged(tmp_path):
    from analysis.report.review import one_commit, review_report

    def ran(c):
        return _page(
            f"<table><tr><th>item</th><th>value</th></tr><tr><th>commit</th><td>{c}</td></tr></table>"
        )

    index = "<h1>Thousand research report</h1><p>thousand-analysis 0.1 at commit 66e382304860, quick</p>"
    pages = {"redeals": ran("66e382304860"), "bolts": ran("66e382304860"), "index": index}
    assert one_commit(pages) == []
    pages["dark_golden"] = ran("792f3cccb1ac")
    pages["index"] = index.replace("66e382304860", "792f3cccb1ac")
    (problem,) = one_commit(pages)
    assert "2 commits" in problem and "792f3cccb1ac (dark_golden, index)" in problem
    for name, text in pages.items():
        (tmp_path / f"{name}.html").write_text(text, encoding="utf-8")
    assert problem in review_report(tmp_path)


def test_profiles_with_the_same_figures_are_named_so():
    import pandas as pd

    idx = pd.MultiIndex.from_product(
        [["club", "classic", "ua"], ["0–19", "20–29"]], names=["profile", "points"]
    )
    t = pd.DataFrame({"120": ["1 %", "2 %", "3 %", "4 %", "3 %", "4 %"]}, index=idx)
    out = notebook.same_figures(t)
    assert list(out.index.get_level_values(0).unique()) == ["club", "classic", "ua (same figures as classic)"]
    flat = pd.DataFrame(
        {"p": ["1 %", "1 %", "2 %"]}, index=pd.Index(["classic", "ua", "book"], name="profile")
    )
    assert list(notebook.same_figures(flat).index) == ["classic", "ua (same figures as classic)", "book"]


def test_the_index_says_when_two_profiles_give_the_same_figure(tmp_path):
    rows = [
        {"profile": p, "question": "bolts", "figure": f, "n": "600 deals"}
        for p, f in (("club", "31.0 %"), ("classic", "30.0 %"), ("book", "31.0 %"), ("ua", "30.0 %"))
    ]
    rows.append(
        {"profile": "wiki", "question": "bolts", "figure": "no bolts by rule", "n": "none", "applies": False}
    )
    headline.save_headline("bolts", rows, tmp_path)
    index = write_index(tmp_path, [("bolts", 1.0, None, "Bolts")], False, tmp_path).read_text("utf-8")
    assert index.count("the same figure as") == 2
    assert "the same figure as club" in index and "the same figure as classic" in index


def test_a_result_in_words_is_not_called_the_same_figure(tmp_path):
    rows = [
        {"profile": p, "question": "largest", "figure": f, "n": "12 paired games per rule set"}
        for p, f in (
            ("club", "crossing: none → not on barrel: Δ +27.8 (+14.2 to +41.4) deals per game"),
            ("classic", "no effect distinguishable at this size"),
            ("book", "no effect distinguishable at this size"),
            ("ua", "no effect distinguishable at this size"),
            ("wiki", "crossing: none → not on barrel: Δ +27.8 (+14.2 to +41.4) deals per game"),
        )
    ]
    headline.save_headline("conventions", rows, tmp_path)
    index = write_index(tmp_path, [("conventions", 1.0, None, "C")], False, tmp_path).read_text("utf-8")
    assert index.count("the same figure as") == 1 and "the same figure as club" in index


def test_every_page_of_the_report_has_a_headline_question():
    assert {q.page for q in headline.QUESTIONS} == set(report.NOTEBOOKS)
    keys = [(q.page, q.key) for q in headline.QUESTIONS]
    assert len(keys) == len(set(keys))


def test_the_index_says_what_its_run_times_count(tmp_path):
    index = write_index(tmp_path, [("bolts", 12.0, None, "Bolts")], False, None).read_text("utf-8")
    assert "run time (whole run)" in index and "12 s" in index
    assert "kernel" in index and "This page ran in" in index


def test_a_conclusion_starts_with_a_capital():
    assert any(
        "lower case" in p for p in review_page(_page("<p><b>Conclusion.</b> in club nothing moved.</p>"))
    )
    assert review_page(_page("<p><b>Conclusion.</b> In club nothing moved.</p>")) == []
    assert review_page(_page("<p><b>Conclusion.</b> club: nothing moved.</p>")) == []  # a profile's name


def test_a_header_row_of_index_names_is_named_and_frame_html_has_none():
    import pandas as pd

    f = pd.DataFrame(
        {"S(t)": ["100.0 % by rule", "61.2 % (58.0–64.1)"]},
        index=pd.MultiIndex.from_tuples([("club", "0"), ("club", "1")], names=["rules", "deals"]),
    )
    found = review_page(_page(f.to_html()), "p")  # pandas: the names on a row of their own
    assert any("row labels' names: 'rules | deals'" in x for x in found)
    html = notebook.frame_html(f)
    assert review_page(_page(html), "p") == []
    assert page_tables(_page(html))[0][0] == ["rules", "deals", "S(t)"]  # the names, in the header
    # one row of column labels over several levels: the names go where the corner is blank
    st = pd.DataFrame(
        [["1", "2"]],
        index=pd.Index(["club"], name="rules"),
        columns=pd.MultiIndex.from_tuples([("S(t)", 0), ("S(t)", 1)], names=["", "after t deals"]),
    )
    tables = page_tables(_page(notebook.frame_html(st)))[0]
    assert tables[0][0] == "rules" and tables[1] == ["after t deals", "0", "1"] and len(tables) == 3
    assert review_page(_page(notebook.frame_html(st)), "p") == []


def test_provenance_says_full_or_quick_not_a_boolean():
    v = notebook.provenance("club", 7)["value"]
    assert v["sizes (THOUSAND_QUICK / CI)"] in ("full", "quick")
    assert "False" not in v.tolist() and "True" not in v.tolist()


def test_the_index_names_the_findings_whose_intervals_are_widened(tmp_path):
    def rows(widened):
        return [
            {"profile": p, "question": "bolts", "figure": "1.0 % (0.5–1.5)", "n": "2 deals"}
            | ({"widened": True} if widened and p == "club" else {})
            for p in ("club", "classic", "book", "ua", "wiki")
        ]

    headline.save_headline("bolts", rows(False), tmp_path)
    index = write_index(tmp_path, [("bolts", 1.0, None, "Bolts")], False, tmp_path).read_text("utf-8")
    assert "no finding of this report carries one" in index
    assert "intervals marked widened" not in index  # no cell is marked
    headline.save_headline("bolts", rows(True), tmp_path)
    index = write_index(tmp_path, [("bolts", 1.0, None, "Bolts")], False, tmp_path).read_text("utf-8")
    label = next(q.label for q in headline.QUESTIONS if q.key == "bolts")
    assert f"The findings that carry one: <i>{label}</i>." in index
    assert index.count("intervals marked widened: upper bounds") == 1  # club's cell only
    assert "95 % intervals in brackets, except where a cell says <i>widened</i>" in index
