"""The help pages in Slovak, Tagalog and Mongolian: each says what the English one says, chosen by language code,
with the English page and a line saying so where a language has no page yet; and each language's glossary."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import command

from foursquare.words.catalog import use
from foursquare.words.markdown import rendered
from foursquare.words.pages import TOPICS, folder_of, not_translated, page, title

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "foursquare" / "words"

LANGUAGES = ("sk", "tl", "mn")
WRITTEN = ("rules", "screen", "plain", "strategy")
"""The topics every language has."""

CARD = re.compile(r"(?<![\w#])(?:10|[A2-9])[CDHS♣♦♥♠](?!\w)")
CELL = re.compile(r"(?<![\w/-])[a-g][1-7](?!\w)")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use("en")


def sections(markdown: str) -> list[tuple[str, str]]:
    """A page's sections: each ``##`` heading with the text under it (the title's paragraph first, as "")."""
    parts = re.split(r"^## +(.*)$", markdown, flags=re.MULTILINE)
    return [("", parts[0]), *zip(parts[1::2], parts[2::2], strict=True)]


def items(text: str) -> int:
    """How many list items (``-`` or ``1.``) a section has: one rule each."""
    return len(re.findall(r"^ *(?:-|\d+\.) ", text, flags=re.MULTILINE))


def example_steps(rules: str) -> list[tuple[list[str], list[str]]]:
    """The worked example's table, step by step: the cards and the cells each row names, in order."""
    rows = [line for line in rules.splitlines() if re.match(r"\| [1-7] \|", line)]
    return [(CARD.findall(row), CELL.findall(row)) for row in rows]


def code_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```[^\n]*\n(.*?)^```", markdown, flags=re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("topic", WRITTEN)
def test_each_language_has_the_page_written_in_it(code: str, topic: str) -> None:
    path = WORDS / "help" / code / f"{topic}.md"
    assert path.is_file()
    shown = page(topic, code)
    assert (shown.language, shown.in_english) == (code, False)
    assert shown.text == path.read_text(encoding="utf-8")
    assert shown.text.startswith("# ") and title(topic, code) != title(topic)
    assert not re.search(r"\b(?:the|your|cards?|turned|next|stock|pile)\b", shown.text), "English words in it"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_worked_example_names_the_same_cards_and_cells_step_by_step(code: str) -> None:
    english, translated = page("rules").text, page("rules", code).text
    assert len(example_steps(english)) == 7
    assert example_steps(translated) == example_steps(english)
    assert code_blocks(english)[-1] in code_blocks(translated)  # the table after step 7


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("topic", WRITTEN)
def test_a_page_names_every_card_and_cell_the_english_one_names_and_no_other(code: str, topic: str) -> None:
    english, translated = page(topic).text, page(topic, code).text
    assert set(CARD.findall(translated)) == set(CARD.findall(english))
    assert set(CELL.findall(translated)) == set(CELL.findall(english))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rules_page_has_each_rule_with_its_numbers(code: str) -> None:
    english, translated = page("rules").text, page("rules", code).text
    assert set(NUMBER.findall(english)) <= set(NUMBER.findall(translated))
    for mark in ("(0, 0)", "4×4", "(r, c)", "P"):
        assert mark in translated, mark
    # the same sections, and in each as many rules (list items) as in English
    assert [items(text) for _, text in sections(translated)] == [items(text) for _, text in sections(english)]


def tables(markdown: str) -> list[int]:
    """How many rows each table of a page has (its header and rule left out)."""
    blocks = re.findall(r"(?:^\|.*\n?)+", markdown, flags=re.MULTILINE)
    return [len(block.splitlines()) - 2 for block in blocks]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("topic", WRITTEN)
def test_a_page_has_every_table_row_of_the_english_one_every_key_and_command(code: str, topic: str) -> None:
    assert tables(page(topic, code).text) == tables(page(topic).text)
    assert len(sections(page(topic, code).text)) == len(sections(page(topic).text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_plain_page_shows_what_the_player_types_in_its_example(code: str) -> None:
    english, translated = page("plain").text, page("plain", code).text
    command_line = next(line for line in english.splitlines() if line.startswith("$ printf"))
    assert command_line in translated
    typed = [line for block in code_blocks(english) for line in block.splitlines() if line.startswith("> ")]
    shown = [line for block in code_blocks(translated) for line in block.splitlines() if line.startswith("> ")]
    assert shown == typed


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("topic", WRITTEN)
@pytest.mark.parametrize("width", [80, 60])
def test_a_translated_page_fits_the_terminal(code: str, topic: str, width: int) -> None:
    source = page(topic, code).text
    for spoken in (False, True):
        text = rendered(source, width, spoken=spoken)
        fenced = {line for block in code_blocks(source) for line in block.splitlines()}
        assert [line for line in text.splitlines() if len(line) > width and line not in fenced] == []
        assert not any(mark in text for mark in ("**", "\n# ", "\n## ", "|---"))
    assert all(len(line) <= 80 for block in code_blocks(source) for line in block.splitlines())


@pytest.mark.parametrize(
    ("code", "folder"),
    [
        ("sk", "sk"), ("sk_SK", "sk"), ("sk-SK", "sk"), ("sk_SK.UTF-8", "sk"), ("SK", "sk"),
        ("tl", "tl"), ("tl_PH", "tl"), ("fil", "tl"), ("fil_PH.UTF-8", "tl"),
        ("mn", "mn"), ("mn_MN.UTF-8", "mn"),
        ("en", "en"), ("en_GB", "en"), ("en-XA", "en"), ("C", "en"), ("POSIX", "en"), ("", "en"),
        ("de_DE", "de"), ("../sk", "en"), ("sk/../..", "en"),
    ],
)  # fmt: skip
def test_a_language_code_or_locale_name_maps_to_its_folder(code: str, folder: str) -> None:
    assert folder_of(code) == folder


def test_a_locale_name_chooses_its_language_s_page() -> None:
    assert page("rules", "sk_SK.UTF-8") == page("rules", "sk")
    assert page("plain", "fil") == page("plain", "tl")
    assert page("screen", "mn-MN").language == "mn"


def test_a_topic_not_yet_written_in_a_language_is_the_english_page_flagged() -> None:
    shown = page("expert", "sk")
    assert shown.text == page("expert").text and shown.language == "en" and shown.in_english
    assert page("rules", "de").in_english and page("rules", "de").text == page("rules").text
    assert not page("rules").in_english and not page("rules", "en_US").in_english
    assert title("expert", "mn") == title("expert")


def test_help_prints_the_page_in_the_language_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    use("sk")
    assert command("help", "rules") == 0
    assert capsys.readouterr().out == rendered(page("rules", "sk").text, 80) + "\n"
    assert command("help") == 0
    listed = capsys.readouterr().out
    assert title("rules", "sk") in listed and title("expert") in listed


def test_help_says_in_one_line_that_a_page_is_shown_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    use("mn")
    assert command("help", "json") == 0
    first, blank, *rest = capsys.readouterr().out.splitlines()
    assert first == not_translated() and blank == ""
    assert "\n".join(rest) == rendered(page("json").text, 80)
    use("en")
    assert command("help", "json") == 0
    assert not capsys.readouterr().out.startswith(not_translated())


def test_the_package_ships_every_page_and_glossary() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = re.search(r'^"foursquare\.words" = (\[.*\])$', pyproject, flags=re.MULTILINE)
    assert listed is not None
    patterns = json.loads(listed[1])
    shipped = {path for pattern in patterns for path in WORDS.glob(pattern)}
    wanted = {*(WORDS / "help").glob("**/*.md"), *(WORDS / "locale").glob("*/glossary.md")}
    assert wanted <= shipped and len(wanted) >= len(TOPICS) + 3 * len(WRITTEN) + 3


GLOSSED = (
    "card", "deck", "stock", "pile", "table", "row", "column", "face up", "face down", "turn over", "place",
    "deal", "tip", "autoplay", "take back", "review", "practice", "win", "lose", "score",
    "clubs", "diamonds", "hearts", "spades", "ace",
)  # fmt: skip


@pytest.mark.parametrize(("code", "forms"), [("sk", 3), ("tl", 2), ("mn", 2)])
def test_each_language_has_a_glossary_of_the_game_s_words(code: str, forms: int) -> None:
    glossary = (WORDS / "locale" / code / "glossary.md").read_text(encoding="utf-8")
    rows = [line for line in glossary.splitlines() if line.startswith("| ") and not line.startswith("|--")]
    glossed = {row.split("|")[1].strip() for row in rows}
    assert set(GLOSSED) <= glossed, set(GLOSSED) - glossed
    for row in rows:
        assert all(cell.strip() for cell in row.strip("|").split("|")), row  # a word and why, for every term
    assert f"nplurals={forms};" in glossary
