"""``foursquare help``: the pages the README points to, printed by topic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import command

from foursquare.words.markdown import rendered
from foursquare.words.pages import TOPICS, page, title

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_topic_it_lists_every_topic_with_its_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("help") == 0
    out = capsys.readouterr().out.splitlines()
    listed = out[1 : 1 + len(TOPICS)]
    assert [line.split()[0] for line in listed] == list(TOPICS)
    for topic, line in zip(TOPICS, listed, strict=True):
        assert line.split(None, 1)[1] == title(topic)
    assert out[-1] == "foursquare help languages lists the languages Foursquare speaks."


@pytest.mark.parametrize("topic", TOPICS)
def test_each_topic_prints_its_page_laid_out_for_the_terminal(
    topic: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert command("help", topic.upper()) == 0
    out = capsys.readouterr().out
    assert out == rendered(page(topic).text, 80) + "\n"
    assert out.startswith(f"{title(topic)}\n{'=' * len(title(topic))}\n")


@pytest.mark.parametrize(("columns", "width"), [("60", 60), ("250", 100)])
def test_a_page_is_as_wide_as_the_terminal_but_never_too_wide_to_read(
    columns: str, width: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert command("help", "screen") == 0
    assert capsys.readouterr().out == rendered(page("screen").text, width) + "\n"


def test_a_topic_there_is_no_page_of_is_one_line_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("help", "rule") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean 'rules'" in err and "json" in err


def test_the_readme_links_every_page_by_its_path_in_the_package() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((foursquare/words/help/[a-z]+\.md)\)", readme))
    assert linked == {f"foursquare/words/help/{topic}.md" for topic in TOPICS}
    for path in linked:
        assert (ROOT / path).is_file()


def test_the_rules_page_has_the_worked_example_step_by_step() -> None:
    rules = page("rules").text
    steps = [line for line in rules.splitlines() if re.match(r"\| [1-7] \|", line)]
    assert [line.split("|")[2].strip() for line in steps] == [
        "6H → d4", "9C → e4", "6D → c4", "2S → d5", "9S → e4, onto 9C", "4C → d3", "7D → d5, onto 2S",
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "sk", "tl"])
@pytest.mark.parametrize("topic", TOPICS)
def test_a_page_in_a_latin_alphabet_reads_in_ascii_with_no_character_lost_to_a_question_mark(
    topic: str, language: str
) -> None:
    from foursquare.words.glyphs import to_ascii

    text = page(topic, language).text
    assert to_ascii(text).count("?") == text.count("?"), [c for c in set(text) if to_ascii(c) == "?" != c]
