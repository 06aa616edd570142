"""Whole games played to read what the game says: on the screen (every frame painted, with the words cut at
an edge and the letters drawn over others), in plain mode and in the commands' output.

Shared by the tests of the languages the game speaks (``en-XA`` and the translated ones): each plays the same
games and judges the words its own way.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers import WINNING_DEAL, WINNING_LINE, command, first_cell_judge, place, press, screen_for

from foursquare.cli import COMMANDS
from foursquare.engine import Status, cell_name
from foursquare.plain.play import COMMANDS as PLAIN_COMMANDS
from foursquare.plain.play import Plain
from foursquare.screen import render
from foursquare.screen.app import App
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import Request
from foursquare.session.game import GameSession
from foursquare.words.cards import Spelling
from foursquare.words.languages import ENDONYMS
from foursquare.words.pages import TOPICS

KEY_NAMES = {"Enter", "Esc", "Space", "PgUp", "PgDn", "Home", "End", "Tab", "Backspace", "Ctrl", "Del", "Ins"}
GAME = {"Foursquare", "foursquare", "FOURSQUARE"}
GAME |= {run for name in ENDONYMS.values() for run in re.findall(r"[A-Za-z]{3,}", name)}  # each language in itself
TYPED = {"nothing", "zz", "xx", "yy"}  # what the games below type that names nothing
TYPED |= {*COMMANDS, *(word for words in PLAIN_COMMANDS for word in words), *TOPICS, "languages", "auto"}
TYPED |= {"CELL", "TOPIC", "CODE", "GAME", "FILE", "RECORD", "NAME", "JSON", "UTC"}
TYPED |= {"TERM", "LANGUAGE", "LANG", "ALL", "MESSAGES", "COLOR", "COLUMNS", "LINES"}  # environment variables
"""What the player types, which stays as typed in every language (the names of what to type too)."""


# --- the game screen --------------------------------------------------------------------------


class Drawn:
    """Every frame painted during a test, with the words cut at an edge and the letters drawn over others."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.cut: list[str] = []
        self.overlaps: list[str] = []

    def paint(self, app: App) -> None:
        spans = render.render(app, app.width, app.height)
        grid = [[" "] * app.width for _ in range(app.height)]
        for span in spans:
            for n, char in enumerate(span.text):
                old = grid[span.y][span.x + n]
                if old.isalpha() and char not in (" ", old):  # a letter drawn over: text over text
                    row = "".join(grid[span.y])
                    self.overlaps.append(f"{span.text!r} over {row.strip()!r}")
                grid[span.y][span.x + n] = char
        self.frames.append("\n".join("".join(row).rstrip() for row in grid))


def watch_drawing(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Record every word the screen cuts: at its edge (the canvas clips a span) or with ``…`` mid-word."""
    seen = Drawn()
    put = render._Canvas.put

    def clipped(canvas: Any, y: int, x: int, text: str, style: render.Style) -> int:
        room = canvas.width - max(x, 0)
        if 0 <= y < canvas.height and len(text) > room > 0 and text[room - 1].isalpha() and text[room].isalpha():
            seen.cut.append(text)
        return put(canvas, y, x, text, style)

    cut = render._cut

    def cut_words(pieces: list[tuple[str, render.Style]], limit: int) -> list[tuple[str, render.Style]]:
        out = cut(pieces, limit)
        last = out[-1][0] if out else ""
        whole = "".join(p for p, _ in pieces)
        at = len("".join(p for p, _ in out)) - 1
        if last.endswith("…") and at >= 1 and whole[at - 1].isalpha() and whole[at].isalpha():
            seen.cut.append(whole)
        return out

    monkeypatch.setattr(render._Canvas, "put", clipped)
    monkeypatch.setattr(render, "_cut", cut_words)
    return seen


def play_on_screen(app: App, drawn: Drawn, cells: Sequence[tuple[int, int]]) -> None:
    """Place ``cells`` one by one, painting the frame after each key, then look at every page and the end box."""
    drawn.paint(app)
    for cell in cells:
        place(app, cell)
        drawn.paint(app)
        press(app, Key.RIGHT)  # the preview of a cell
        drawn.paint(app)
    for key in ("?", "x", "l", "x", "s", "x", "g", "q", "c", "p", "o", "z"):
        press(app, key)
        drawn.paint(app)
    press(app, "q")
    drawn.paint(app)


def won_on_screen(folder: Path, drawn: Drawn, width: int, height: int) -> None:
    """The winning deal played whole on the screen at ``width`` x ``height``, from the intro of a first game."""
    app = screen_for(folder, Request(WINNING_DEAL), first=True)
    app.handle(Resize(width, height))
    play_on_screen(app, drawn, WINNING_LINE)
    assert app.game.status is Status.WON


# --- plain mode and the commands ---------------------------------------------------------------


def won_in_plain_mode(folder: Path) -> list[str]:
    """The lines of a whole plain game of the winning deal, with its help, wrong and odd commands, pages and
    a new game after."""
    lines: list[str] = []
    session, opening = GameSession.open(folder, seed=WINNING_DEAL)
    plain = Plain(session, Spelling(ascii=True), lines.append, nodes=500)
    plain.begin(opening)
    typed = ["?", "c", "p e4", "p", "zz", "xx yy", "q9", "t", "u", "r", "? nothing"]
    for line in [*typed, *(cell_name(cell) for cell in WINNING_LINE), "l", "s", "g", "x", "n", "y", "d4"]:
        plain.handle(line)
    return lines


def won_quietly(folder: Path) -> None:
    """The winning deal played to its end in ``folder``, so that the commands have a game to tell of."""
    session, opening = GameSession.open(folder, seed=WINNING_DEAL)
    plain = Plain(session, Spelling(ascii=True), lambda line: None, nodes=500)
    plain.begin(opening)
    for cell in WINNING_LINE:
        plain.handle(cell_name(cell))


def printed_by(capsys: pytest.CaptureFixture[str], runs: Sequence[Sequence[str]], lang: str) -> list[str]:
    """The lines each command of ``runs`` printed (out and err) under ``--lang lang``."""
    out: list[str] = []
    for argv in runs:
        with contextlib.suppress(SystemExit):  # --help ends as argparse ends it
            command(*argv, "--lang", lang, judge=first_cell_judge())
        printed = capsys.readouterr()
        out += printed.out.splitlines() + printed.err.splitlines()
    return out
