"""Whole games under ``--lang en-XA``: no plain English word on the screen, in plain mode or in the commands'
output, and on the screen no word cut at an edge or drawn over another.

en-XA (``.ci/catalogs.py``) writes every letter of every message accented, so
a run of three or more plain ASCII letters is a word that did not go through
the catalog.  Allowed: key names, the game's name, what the player types
(commands, options, help topics), and the help pages, which are whole
documents translated as such.

The words of the modules that are still to be converted whole
(:data:`STILL_ENGLISH`) are recorded as those modules say them during the
run and allowed too, so that this test checks every other area now and each
of those as soon as it leaves the list.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import WINNING_DEAL, WINNING_LINE, WINNING_LINE_DEAL_1, make_app, press
from spoken import (
    GAME,
    KEY_NAMES,
    TYPED,
    Drawn,
    play_on_screen,
    printed_by,
    watch_drawing,
    won_in_plain_mode,
    won_on_screen,
    won_quietly,
)

from foursquare.engine import cell_name
from foursquare.plain.play import Plain
from foursquare.screen.keys import Resize
from foursquare.session.game import GameSession
from foursquare.words import catalog
from foursquare.words.cards import Spelling
from foursquare.words.pages import TOPICS, title
from foursquare.words.text import Text

STILL_ENGLISH: tuple[str, ...] = ()
"""The modules whose sentences are not yet whole catalog messages: their words, as said in the run, are allowed."""

_RUN = re.compile(r"(?<![-\w])-{1,2}[a-z][a-z-]*|[A-Za-z]{3,}")


def english(text: str, allowed: set[str]) -> list[str]:
    """The runs of three or more plain ASCII letters in ``text`` that are not allowed (options typed, such as
    ``--lang``, are what the player types)."""
    found = []
    for run in _RUN.findall(text):
        if run.startswith("-") or run in KEY_NAMES or run in GAME or run in TYPED or run in allowed:
            continue
        found.append(run)
    return found


class Said:
    """The words the modules of :data:`STILL_ENGLISH` said during a test, recorded as they return them."""

    def __init__(self) -> None:
        self.words: set[str] = set()

    def record(self, value: object) -> None:
        if isinstance(value, str):
            self.words.update(re.findall(r"[A-Za-z]{3,}", value))
        elif isinstance(value, Text):
            self.record(value.plain())
        elif isinstance(value, dict):
            for item in value.values():
                self.record(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                self.record(item)


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Iterator[Said]:
    """en-XA spoken, and every function of the modules still in English wrapped wherever it was imported, so
    that what it says is recorded; English again after."""
    record = Said()
    for name in STILL_ENGLISH:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        for attribute, value in list(vars(module).items()):
            if attribute.startswith("__"):
                continue
            if callable(value) and getattr(value, "__module__", None) == name and not isinstance(value, type):
                _wrap_everywhere(monkeypatch, value, _recording(value, record))
            else:
                record.record(value)  # constants: tables of key descriptions, command lines
    catalog.use("en-XA")
    yield record
    catalog.use(None)


def _recording(function: Callable[..., Any], record: Said) -> Callable[..., Any]:
    def recorded(*args: Any, **kwargs: Any) -> Any:
        out = function(*args, **kwargs)
        record.record(out)
        return out

    return recorded


def _wrap_everywhere(monkeypatch: pytest.MonkeyPatch, original: object, wrapper: object) -> None:
    modules: list[ModuleType] = [m for n, m in list(sys.modules.items()) if n.startswith("foursquare") and m]
    for module in modules:
        for attribute, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attribute, wrapper)


# --- the game screen --------------------------------------------------------------------------


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    return watch_drawing(monkeypatch)


def screen_problems(drawn: Drawn, said: Said) -> list[str]:
    cut = [text for text in drawn.cut if english(text, set()) == [] or english(text, said.words)]
    problems = [f"cut: {text!r}" for text in cut] + [f"overlapping: {o}" for o in drawn.overlaps]
    if not any("ŏñé" in frame for frame in drawn.frames):
        problems.append("en-XA was never on the screen")
    for frame in drawn.frames:
        for line in frame.splitlines():
            if english(line, said.words):
                problems.append(f"English {english(line, said.words)}: {line.strip()!r}")
    return sorted(set(problems))


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_a_whole_game_on_the_screen_speaks_en_xa_and_cuts_no_word(
    width: int, height: int, said: Said, drawn: Drawn, tmp_path: Path
) -> None:
    won_on_screen(tmp_path, drawn, width, height)  # the intro of a first game too
    assert screen_problems(drawn, said) == []


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_first_game_and_a_new_deal_on_the_screen_speak_en_xa(
    width: int, height: int, said: Said, drawn: Drawn
) -> None:
    app = make_app(1, deals=[7])
    app.handle(Resize(width, height))
    play_on_screen(app, drawn, WINNING_LINE_DEAL_1[:5])
    press(app, "n")
    drawn.paint(app)
    press(app, "y")
    drawn.paint(app)
    assert screen_problems(drawn, said) == []


# --- plain mode and the commands ---------------------------------------------------------------


def plain_problems(lines: list[str], said: Said) -> list[str]:
    return sorted({f"English {english(line, said.words)}: {line!r}" for line in lines if english(line, said.words)})


def test_a_whole_game_in_plain_mode_speaks_en_xa(said: Said, tmp_path: Path) -> None:
    assert plain_problems(won_in_plain_mode(tmp_path), said) == []


def test_a_game_in_plain_mode_spelled_for_speech_speaks_en_xa(said: Said, tmp_path: Path) -> None:
    lines: list[str] = []
    session, opening = GameSession.open(tmp_path, seed=WINNING_DEAL)
    plain = Plain(session, Spelling(words=True, ascii=True), lines.append, nodes=500)
    plain.begin(opening)
    for line in ["c", *(cell_name(cell) for cell in WINNING_LINE[:12]), "s"]:
        plain.handle(line)
    assert plain_problems(lines, said) == []


def test_the_commands_speak_en_xa(said: Said, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    won_quietly(home)
    runs = [
        ("stats",),
        ("history",),
        ("help",),
        ("help", "languages"),
        ("help", "nothing"),
        ("review", "--words"),
        ("review",),
        ("nothing",),
        ("--help",),
        ("stats", "--help"),
        ("review", "--help"),
        ("history", "--limit", "x"),
    ]
    out = printed_by(capsys, runs, "en-XA")
    titles = {word for topic in TOPICS for word in re.findall(r"[A-Za-z]{3,}", title(topic))}
    said.words |= titles  # the help pages' titles are the pages' own, translated with them
    assert plain_problems(out, said) == []


def test_the_check_finds_a_plain_english_word_and_allows_what_is_typed() -> None:
    assert english("Ŵöñ, šçöŕé 7: press Enter", set()) == ["press"]
    assert english("foursquare stats --lang sk: Ļåñĝ", set()) == []
    assert english("9C on e4", set()) == []
