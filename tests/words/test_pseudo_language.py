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
from helpers import (
    LOSING_DEAL,
    LOSING_LINE,
    WINNING_DEAL,
    WINNING_LINE,
    WINNING_LINE_DEAL_1,
    another_wrong_cell,
    kept_session_on,
    make_app,
    new_pile_judge,
    press,
    screen_for,
    stacking_game,
)
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

from foursquare.engine import Cell, cell_name, parse_cell
from foursquare.expert.reviewing import Reviewing
from foursquare.plain.play import Plain
from foursquare.screen.app import App
from foursquare.screen.history_page import HistoryPage
from foursquare.screen.keys import Key, Resize
from foursquare.screen.log_page import LogPage
from foursquare.screen.play import Request, StatsPage
from foursquare.screen.practice_page import PracticePage, PracticePages
from foursquare.screen.review_page import ReviewPages
from foursquare.session.game import GameSession
from foursquare.storage.library import Library
from foursquare.words import catalog
from foursquare.words.cards import Spelling
from foursquare.words.keys import CELL_NAMES
from foursquare.words.pages import TOPICS, page, title
from foursquare.words.session import replay_not_yet
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


def longer_than_two_rows() -> tuple[str, ...]:
    """Messages longer than a row even in English (d's refusal while the game goes on, and what cell names are,
    after a cell named wrong), which outgrow the message line's two rows at 70 columns once 40% longer: they
    need shorter forms.  Any other word cut is caught."""
    return (replay_not_yet(), catalog._(CELL_NAMES))


def cut_in(drawn: Drawn, known: tuple[str, ...]) -> Drawn:
    """``drawn`` without the cuts of ``known`` messages (a cut text that starts as a part of one does)."""
    drawn.cut = [text for text in drawn.cut if not any(text[:30] in message for message in known)]
    return drawn


JUDGE = new_pile_judge(other_piles_cost=1.2)
"""A fake expert for the review and practice pages: every stack costs, so a game stacked has positions to practise."""


def pages_app(width: int, height: int) -> tuple[App, ReviewPages, list[Cell]]:
    """The screen over a game just ended and kept, that stacked twice where the expert opens a pile, with every
    page wired as the game screen wires them (the review and practice by the fake expert); the two cells
    practice asks about, the expert's and the player's of the first."""
    game, stacked = stacking_game(7, JUDGE, stacks=2)
    session = kept_session_on(game)
    app = App(session)
    library = Library(session.store)
    reviews = ReviewPages(app, library=library, start=lambda g: Reviewing(g, judge=JUDGE))
    PracticePages(app, library, nodes=None, start=lambda g: Reviewing(g, judge=JUDGE), game_of_review=lambda: 1)
    LogPage.wire(app)
    HistoryPage.wire(app, library, reviews)
    StatsPage.wire(app, ascii=False)
    app.handle(Resize(width, height))
    first = Reviewing(game, judge=JUDGE).wait(10)
    assert first is not None
    step = first.steps[stacked[0] - 1]
    return app, reviews, [step.cell, another_wrong_cell(step), step.expert_cell]


def settled(app: App, reviews: ReviewPages, drawn: Drawn) -> None:
    """Let the expert of the page open finish, then paint."""
    if isinstance(app.page, PracticePage):
        app.page.practice.wait()
    if isinstance(reviews.work, Reviewing):
        assert reviews.work.wait(10) is not None
    app.tick()
    drawn.paint(app)


def keys_to(start: Cell, target: Cell) -> list[Key]:
    (r0, c0), (r1, c1) = start, target
    vertical = [Key.DOWN] * (r1 - r0) if r1 > r0 else [Key.UP] * (r0 - r1)
    return vertical + ([Key.RIGHT] * (c1 - c0) if c1 > c0 else [Key.LEFT] * (c0 - c1))


def answer(app: App, drawn: Drawn, cell: Cell) -> None:
    """Move the practice page's cursor to ``cell`` and answer with it."""
    drawn.paint(app)
    page = app.page
    assert isinstance(page, PracticePage) and page.cursor is not None
    press(app, *keys_to(page.cursor, cell), Key.ENTER)
    drawn.paint(app)


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_review_practice_history_stats_and_log_pages_speak_en_xa(
    width: int, height: int, said: Said, drawn: Drawn
) -> None:
    app, reviews, (wrong, other, best) = pages_app(width, height)
    drawn.paint(app)  # the end box of a game stacked into a loss or a win
    for keys in ("m", "z", "q", "v"):
        press(app, keys)
        settled(app, reviews, drawn)
    for key in (Key.RIGHT, Key.RIGHT, "e", "E", Key.END, Key.LEFT, Key.HOME, "z", "?", "q"):
        press(app, key)
        drawn.paint(app)
    press(app, "x")  # practise this game's costly placements
    settled(app, reviews, drawn)
    answer(app, drawn, wrong)
    press(app, Key.ENTER)  # the same cell again: no try used, and said so
    drawn.paint(app)
    answer(app, drawn, other)  # the second try: the answer is shown
    press(app, Key.RIGHT)
    settled(app, reviews, drawn)
    press(app, *[Key.UP] * 6, *[Key.LEFT] * 6, Key.ENTER)  # a cell the card cannot go on
    drawn.paint(app)
    for key in ("z", "\t"):
        press(app, key)
        settled(app, reviews, drawn)  # every position done: what practice came to
    for key in ("q", "q", "g", Key.DOWN, "z", Key.ENTER):
        press(app, key)
        settled(app, reviews, drawn)
    for key in ("q", "q", "s", "z", "g", "q", "q", "?", Key.PAGE_DOWN, Key.PAGE_DOWN, "q"):
        press(app, key)
        drawn.paint(app)
    assert best != wrong
    assert screen_problems(drawn, said) == []


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_a_lost_game_on_the_screen_with_its_refusals_and_questions_speaks_en_xa(
    width: int, height: int, said: Said, drawn: Drawn, tmp_path: Path
) -> None:
    app = screen_for(tmp_path, Request(LOSING_DEAL))
    app.handle(Resize(width, height))
    drawn.paint(app)
    cells = [parse_cell(name) for name in LOSING_LINE]
    app.cursor = parse_cell("a1")
    for key in (Key.ENTER, "v", "d", "z", "/", "e", "4", Key.ENTER, "/", "z", "z", Key.ENTER, "/", Key.ESCAPE):
        press(app, key)  # refusals: a cell the card cannot go on, keys for a game over, a cell named wrong
        drawn.paint(app)
    for n, cell in enumerate(cells):
        app.cursor = cell
        press(app, Key.ENTER)
        drawn.paint(app)
        if n == 2:
            for key in ("u", "n", "r", "n", "n", "q", "n"):  # take-back asked once; a new deal and quitting asked
                press(app, key)
                drawn.paint(app)
    assert app.game.status.name == "LOST"
    for key in ("u", "n", "n", "x", "d"):  # the end box, a take-back after the end, the replay
        press(app, key)
        drawn.paint(app)
    assert screen_problems(cut_in(drawn, longer_than_two_rows() if width < 80 else ()), said) == []


def test_the_screen_s_help_names_every_key_in_en_xa_with_its_headings(said: Said) -> None:
    app, _, _ = pages_app(80, 24)  # the table's keys are made once, at import, before the language is chosen
    lines = [line.plain() for line in app.help_screen().lines]
    assert any("ķéýš" in line.lower() for line in lines)
    assert plain_problems(lines, said) == []


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


def test_a_lost_game_in_plain_mode_with_its_review_practice_and_refusals_speaks_en_xa(
    said: Said, tmp_path: Path
) -> None:
    lines: list[str] = []
    session, opening = GameSession.open(tmp_path, seed=LOSING_DEAL)
    plain = Plain(session, Spelling(ascii=True), lines.append, nodes=300)
    plain.begin(opening)
    typed = ["a1", "d", "v", "practice", "/", "yes", *LOSING_LINE[:3], "u", "n", *LOSING_LINE[3:]]
    typed += ["a1", "t", "a", "v", "v 1", "v 9", "practice 9", "practice", "d4", "e4", "skip", "q"]
    typed += ["? review", "g", "s", "d", "q"]
    for line in typed:
        plain.handle(line)
    said.words |= _page_words("review")  # the help page's own words: a document, English under en-XA
    said.words |= {"yes", "skip"}  # typed, and said back as typed
    assert plain_problems(lines, said) == []


def _page_words(topic: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{3,}", page(topic).text))


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
        ("review", "--last"),
        ("review", "--last", "--words"),
        ("review", "7"),
        ("practice", "9"),
        ("stats", "--reset"),
        ("stats", "--yes"),
        ("history", "--limit", "0"),
        ("--seed", "x"),
        ("--daily", "--seed", "3"),
    ]
    out = printed_by(capsys, runs, "en-XA")
    titles = {word for topic in TOPICS for word in re.findall(r"[A-Za-z]{3,}", title(topic))}
    said.words |= titles  # the help pages' titles are the pages' own, translated with them
    assert plain_problems(out, said) == []


@pytest.mark.parametrize("topic", TOPICS)
def test_each_help_page_is_the_page_itself_with_nothing_around_it_in_english(
    topic: str, said: Said, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said.words |= _page_words(topic)  # a whole document: under en-XA it may stay English
    assert plain_problems(printed_by(capsys, [("help", topic)], "en-XA"), said) == []


def test_the_refusals_of_files_given_to_the_commands_speak_en_xa(
    said: Said, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    won_quietly(home)
    bad = tmp_path / "games.jsonl"
    bad.write_text('{"x": 1}\nnot json\n[1, 2]\n', encoding="utf-8")
    record = tmp_path / "record.json"
    record.write_text('{"format": "nothing"}', encoding="utf-8")
    missing = tmp_path / "missing.json"
    runs = [
        ("import", str(bad)),
        ("import", str(missing)),
        ("review", "--file", str(record)),
        ("review", "--file", str(missing)),
        ("export", str(home / "foursquare.db")),
    ]
    said.words |= set(re.findall(r"[A-Za-z]{3,}", " ".join(" ".join(run) for run in runs)))  # the paths, as typed
    said.words |= {"finished", "game"}  # the format an export's line names, as the file spells it
    assert plain_problems(printed_by(capsys, runs, "en-XA"), said) == []


def test_the_check_finds_a_plain_english_word_and_allows_what_is_typed() -> None:
    assert english("Ŵöñ, šçöŕé 7: press Enter", set()) == ["press"]
    assert english("foursquare stats --lang sk: Ļåñĝ", set()) == []
    assert english("9C on e4", set()) == []
