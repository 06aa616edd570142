"""The catalogs as shipped: the template up to date with the code, every catalog compiled and its placeholders
the English ones, en-XA made from the template; what ``.ci/run`` fails on when one is stale."""

from __future__ import annotations

import functools
import importlib.util
import re
import string
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Message

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / ".ci" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogs = _tool()


def test_the_template_and_every_catalog_are_up_to_date_with_the_code() -> None:
    problems = catalogs.check()
    assert problems == [], "\n".join(problems)


def test_the_template_holds_the_messages_of_the_code() -> None:
    text = (ROOT / "foursquare" / "words" / "locale" / "foursquare.pot").read_text(encoding="utf-8")
    assert 'msgid "Nothing to take back"' in text
    assert "#: foursquare/words/session.py" in text
    assert '"Welcome back: deal {deal} as you left it, {count} cards placed"' in text


def test_a_translation_naming_other_placeholders_than_english_is_caught() -> None:
    good = Message("Deal {deal}: place {card}", "{card} – rozdanie {deal}")
    assert catalogs.placeholder_problems(good) == []
    assert catalogs.placeholder_problems(Message("Deal {deal}", "Rozdanie {cislo}"))
    assert catalogs.placeholder_problems(Message("Deal {deal}: place {card}", "Rozdanie {deal}"))
    assert catalogs.placeholder_problems(Message("Deal {deal}", "Rozdanie {deal"))
    plural = Message(("{count} card", "{count} cards"), ("jedna karta", "{count} karty", "{count} kariet"))
    assert catalogs.placeholder_problems(plural) == []
    assert catalogs.placeholder_problems(Message(("{count} card", "{count} cards"), ("{pocet} karta", "")))


def test_a_catalog_that_does_not_compile_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "foursquare.po").write_text('msgid "Won"\nmsgid "Lost"\nmsgstr "Vyhral"\n', encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "foursquare.pot")
    monkeypatch.setattr(catalogs, "template", lambda: catalogs.Catalog())
    problems = catalogs.check()
    assert any("does not compile" in problem for problem in problems), problems


FIELD = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize(
    "message",
    [
        "Deal {deal}: place {card} in the middle ({cell}) to begin",
        "Nothing to take back",
        "Won, score {score}.",
        "Preview on (p turns it off)",
        "{count} cards",
    ],
)
def test_en_xa_accents_every_letter_keeps_placeholders_and_is_longer(message: str) -> None:
    said = catalogs.pseudo(message)
    assert FIELD.findall(said) == FIELD.findall(message)
    assert not re.search(r"[A-Za-z]", FIELD.sub("", said))
    letters = len(FIELD.sub("", message))
    assert len(FIELD.sub("", said)) >= letters * 1.3
    assert said.endswith(message[-1]) if message[-1] in ".)" else True
    assert {name for _, name, _, _ in string.Formatter().parse(said) if name} == {
        name for _, name, _, _ in string.Formatter().parse(message) if name
    }


def test_en_xa_is_no_wider_than_a_comment_for_the_translator_allows() -> None:
    assert catalogs.pseudo("LOSE", 5) == "ĻÖŠÉ"
    assert len(catalogs.pseudo("Stock", 9)) <= 9
    assert catalogs.pseudo("Stock", 9) != "Stock"


def test_en_xa_keeps_what_the_player_types() -> None:
    said = catalogs.pseudo("run foursquare stats --json to see them")
    assert "foursquare stats" in said
    assert "--json" in said
    assert "run" not in said


@functools.cache
def _messages() -> frozenset[str]:
    """Every message of the template, as the code has it now."""
    return frozenset(str(message.id) for message in catalogs.template() if message.id)


@pytest.mark.parametrize(
    "whole",
    [
        "{card} on {cell} (expert: same)",
        "{card} on {cell} (expert: {expert})",
        "{verdict} (for a surer win)",
        "{verdict} (ties with the best)",
        "{mark}: placed by autoplay; the accuracy and the counts are your own.",
        "Expected cards, card by card ({inaccuracy} inaccuracy, {mistake} mistake, {blunder} blunder)",
        "win chance {chance_before} before, {chance_after} after; {verdict} (cards given up for a surer win), "
        "placed by autoplay.",
        "win chance {chance_before} before, {chance_after} after; {verdict} (the expert expects a win here to "
        "leave next to no card in the stock).",
    ],
)
def test_a_reviews_lines_are_whole_messages_not_pieces_put_in_brackets(whole: str) -> None:
    messages = _messages()
    assert any(whole in message for message in messages), whole
    pieces = {"(expert: {cell})", "(expert: same)", "{verdict} ({why})", "({why})", "(autoplay): placed by autoplay"}
    pieces |= {"({inaccuracy} inaccuracy, {mistake} mistake, {blunder} blunder)", "Expected cards {marks}"}
    assert not pieces & {message.split(";")[0] for message in messages}


@pytest.mark.parametrize("po", catalogs.languages(), ids=lambda po: po.parent.parent.name)
def test_every_translation_is_no_wider_than_a_comment_for_the_translator_allows(po: Path) -> None:
    with (catalogs.LOCALE / f"{catalogs.DOMAIN}.pot").open("rb") as file:
        limits = {
            (message.context, message.id if isinstance(message.id, str) else message.id[0]): int(most[1])
            for message in catalogs.read_po(file)
            for comment in message.auto_comments
            if (most := catalogs._AT_MOST.search(comment))
        }
    with po.open("rb") as file:
        translated = list(catalogs.read_po(file))
    wider = []
    for message in translated:
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        most = limits.get(key)
        # the placeholders as wide as the English fills them at most ({over} is 5, a card such as 10H)
        wider += [s for s in strings if most is not None and len(re.sub(r"\{[^}]*\}", "##", s)) > most]
    assert wider == []
