"""The key records against the help pages' key tables: a key bound is documented, and a key documented is bound."""

from __future__ import annotations

import re

import pytest

from foursquare.words.keys import HISTORY, LOG, PLAIN, PRACTICE, REVIEW, STATS, TABLE, Binding, label, typed_words
from foursquare.words.pages import page

NOT_KEYS = {"or", "mouse", "click", "Ctrl-Z", "any", "other", "key", "on", "the", "help", "statistics", "log"}
"""Words of the tables' key columns that name no key: how keys are joined, and what is not a command."""


def table(markdown: str, head: str) -> list[list[str]]:
    """The rows of the table whose heading row starts with ``head``, each a list of its cells."""
    lines = markdown.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"| {head} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def tokens(keys: str) -> set[str]:
    """The keys a table's key column names: ``q or Esc`` → q, Esc."""
    if keys == "/":
        return {"/"}
    return {token for token in re.split(r"[\s,()`]+", keys) if token and token != "/"}


def labels(records: tuple[Binding, ...]) -> set[str]:
    return {label(key) for record in records for key in record.keys}


def test_every_key_of_the_table_is_in_the_screen_help_and_every_key_there_is_bound() -> None:
    documented = {token for keys, _ in table(page("screen").text, "key") for token in tokens(keys)}
    bound = labels(TABLE)
    assert bound <= documented, bound - documented
    assert documented - NOT_KEYS <= bound, documented - NOT_KEYS - bound


@pytest.mark.parametrize(
    ("name", "records"),
    [("your games", HISTORY), ("review", REVIEW), ("practice", PRACTICE), ("statistics", STATS), ("log", LOG)],
)
def test_every_key_of_a_page_is_in_the_screen_helps_table_of_pages(name: str, records: tuple[Binding, ...]) -> None:
    rows = table(page("screen").text, "on the page")
    documented = {  # the keys, or where a row tells of several pages, its words
        token for where, keys, said in rows if name in where.split(", ") for token in tokens(f"{keys} {said}")
    }
    assert labels(records) <= documented, labels(records) - documented
    own = {token for where, keys, _ in rows if where == name for token in tokens(keys)}
    assert own - NOT_KEYS <= labels(records), own - NOT_KEYS - labels(records)


def test_every_command_of_plain_mode_is_in_its_help_and_every_word_there_runs_one() -> None:
    rows = table(page("plain").text, "type")
    documented = {word for typed, _ in rows for word in re.findall(r"`([^`\s,]+)", typed)}
    words = {word for command in PLAIN for word in typed_words(command)}
    assert {command.words[0] for command in PLAIN} <= documented
    assert documented - {"y", "n", "e4"} <= words, documented - words


def test_a_key_means_one_thing_on_the_table_and_on_every_page_it_can() -> None:
    table_keys = {key: record.action for record in TABLE for key in record.keys}
    for records in (REVIEW, PRACTICE):
        for record in records:
            for key in record.keys:
                assert key not in table_keys or key in (
                    "left",
                    "right",
                    "up",
                    "down",
                    "h",
                    "j",
                    "k",
                    "l",
                    "q",
                    "escape",
                    "enter",
                    "home",
                    "end",
                ), (record.action, key)
    assert {"p", "n", "s"} & {key for record in (*REVIEW, *PRACTICE) for key in record.keys} == set()
