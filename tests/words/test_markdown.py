"""The help pages as a terminal shows them: no Markdown marks, and tables that fit the width or go row by row."""

from __future__ import annotations

import pytest

from foursquare.words.markdown import rendered
from foursquare.words.pages import TOPICS, page

WIDE = """\
| key | what it does |
|---|---|
| `u` | take back the last card, as often as you like (the first take-back, tip or autoplay asks once) |
| v | on a finished game: the expert's review of every placement, in cards of expected score, with a chart |
"""


def fenced(markdown: str) -> set[str]:
    """The lines inside ``markdown``'s fenced code blocks: kept as written, however long."""
    inside, lines = False, set()
    for line in markdown.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            lines.add(line)
    return lines


def test_a_heading_loses_its_hashes_and_is_ruled_by_its_level() -> None:
    text = "# The `help` page\n\nSome **strong** words and *some* stressed.\n\n## Cards\n\n### Smaller\n"
    assert rendered(text).splitlines() == [
        "The help page", "=============", "", "Some strong words and some stressed.", "",
        "Cards", "-----", "", "Smaller",
    ]  # fmt: skip


def test_marks_that_span_two_lines_are_taken_out_and_the_lines_kept() -> None:
    text = "the fit is `python -m\nfoursquare.fit`, a **long\nrun**\n"
    assert rendered(text) == "the fit is python -m\nfoursquare.fit, a long\nrun"


def test_a_paragraph_is_kept_as_written_unless_a_line_is_too_long() -> None:
    text = "- one short line\n  and another\n- " + "word " * 20 + "\n  end\n"
    assert rendered(text, 80).splitlines()[:2] == ["- one short line", "  and another"]
    narrow = rendered(text, 30).splitlines()
    assert narrow[:2] == ["- one short line", "  and another"]
    assert all(len(line) <= 30 for line in narrow) and narrow[-1].endswith("end")
    assert all(line.startswith("  ") for line in narrow[3:])  # the item's lines under its words


def test_a_table_that_fits_has_its_columns_aligned_under_a_rule() -> None:
    text = "| cost | verdict |\n|---|---|\n| under 0.5 | best |\n| 4.0 or more | **blunder** |\n"
    assert rendered(text).splitlines() == [
        "cost         verdict",
        "-----------  -------",
        "under 0.5    best",
        "4.0 or more  blunder",
    ]


def test_a_table_too_wide_goes_row_by_row_within_the_width() -> None:
    lines = rendered(WIDE, 60).splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert lines[0] == "key: what it does"
    assert lines[1] == "  u: take back the last card, as often as you like (the"
    assert lines[2].startswith("    first take-back")
    assert [line for line in lines if line.startswith("  v:")] == [
        "  v: on a finished game: the expert's review of every"
    ]
    assert "|" not in "".join(lines) and "---" not in "".join(lines)


def test_a_table_of_more_columns_too_wide_names_each_cell_under_its_row() -> None:
    text = "| strategy | wins | time per placement |\n|---|---|---|\n| greedy | 55 of 500 | 0.02 ms / 4 ms |\n"
    assert rendered(text, 30).splitlines() == [
        "greedy",
        "  wins: 55 of 500",
        "  time per placement: 0.02 ms",
        "    / 4 ms",
    ]


def test_rows_that_share_their_first_cell_stand_under_it_once() -> None:
    text = (
        "| page | key | what |\n|---|---|---|\n"
        "| review | n | the next costly placement |\n| review | s | the summary |\n"
    )
    assert rendered(text, 30).splitlines() == [
        "review",
        "  key: n",
        "  what: the next costly",
        "    placement",
        "  key: s",
        "  what: the summary",
    ]


def test_a_paragraph_line_that_begins_with_a_number_is_no_list_item() -> None:
    text = "The score is the cards left at the end, a loss counting\n0) and the chance of winning, " + "word " * 12
    lines = rendered(text, 50).splitlines()
    assert not any(line.startswith(" ") for line in lines)  # one paragraph: nothing indented as an item's lines
    assert " ".join(lines).split() == text.split()


def test_an_escaped_pipe_is_a_pipe_inside_its_cell() -> None:
    text = "| command | does |\n|---|---|\n| `stats [--json \\| --reset]` | statistics |\n"
    assert rendered(text).splitlines()[2] == "stats [--json | --reset]  statistics"
    assert rendered(text, 20).splitlines()[1] == "  stats [--json |"


@pytest.mark.parametrize("topic", TOPICS)
def test_a_page_shows_no_backtick_of_its_markdown_outside_its_code_blocks(topic: str) -> None:
    """A terminal shows a backtick raw: what is typed reads as it is, the marks of the page's Markdown gone."""
    source = page(topic).text
    assert "`" in source.replace("```", "")  # the page marks code
    assert not [line for line in rendered(source).splitlines() if "`" in line and line not in fenced(source)]


def test_a_code_block_is_kept_to_the_letter_without_its_fences() -> None:
    code = "$ printf 'd4\\n' | foursquare   # **not bold**, `not code`\n| not | a table |\n# not a heading"
    text = f"Run:\n\n```sh\n{code}\n```\n\nThen.\n"
    assert rendered(text, 20) == f"Run:\n\n{code}\n\nThen."


def test_spoken_headings_have_no_rule_and_tables_go_row_by_row() -> None:
    text = "# Title\n\n| a | b |\n|---|---|\n| `x` | y |\n"
    assert rendered(text, spoken=True).splitlines() == ["Title", "", "a: b", "  x: y"]


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("width", [80, 60])
def test_every_page_fits_the_width_but_its_code_blocks(topic: str, width: int) -> None:
    source = page(topic).text
    for spoken in (False, True):
        text = rendered(source, width, spoken=spoken)
        too_wide = [line for line in text.splitlines() if len(line) > width and line not in fenced(source)]
        assert too_wide == [], too_wide
        assert not any(mark in text for mark in ("**", "\n# ", "\n## ", "|---"))
