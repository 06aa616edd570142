"""Your finished games as a page of the game screen, to pick one for the expert's review.

:class:`HistoryPage` adds the ``g`` key (also on the statistics page, with
``v``): the games of the history, newest first, one a line as ``foursquare
history`` lists them.  ``↑``/``↓`` (``k``/``j``), PgUp/PgDn and Home/End
choose one, ``v`` or Enter opens its review
(:class:`~foursquare.screen.review_page.ReviewPages`), and ``q`` from there
comes back here; ``q`` or Esc here goes back to the table.  Where the games
come from is a :class:`Library`, so this page knows no database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from foursquare.engine import Game
from foursquare.screen import layout
from foursquare.screen.app import TABLE_MODES, App, Command, Mode, TextScreen
from foursquare.screen.keys import Input, Key
from foursquare.screen.review_page import ReviewPages
from foursquare.screen.text import Text, Tone

__all__ = ["FOOTER", "TITLE", "HistoryPage", "Library"]

TITLE = "Foursquare: your games, newest first"
FOOTER = "↑ ↓ choose · v or Enter: its review · q back"
MARK = "▶ "


class Library(Protocol):
    """The finished games, as the page needs them."""

    def recent(self, width: int) -> tuple[str, list[tuple[int, str]]]:
        """A heading, and the newest games as (id, one line about it), newest first, fitted to ``width`` columns."""

    def load(self, game_id: int) -> Game | None:
        """Game ``game_id`` rebuilt from its record; None if it cannot be (kept without its cards)."""


class HistoryPage:
    """The ``g`` key and the page of finished games of an :class:`App`; creating it wires it in.

    ``also_from`` says whether the page open over the table is one from
    which ``g`` and ``v`` lead here too (the statistics page).
    """

    def __init__(
        self,
        app: App,
        library: Library,
        reviews: ReviewPages,
        *,
        also_from: Callable[[App], bool] = lambda app: False,
    ) -> None:
        self.app = app
        self.library = library
        self.reviews = reviews
        self.also_from = also_from
        self.heading = ""
        self.rows: list[tuple[int, str]] = []
        self.at = 0
        self.note: Text | None = None
        self.page: TextScreen | None = None
        self._size = (0, 0)
        modes = TABLE_MODES | {Mode.TOO_SMALL}
        app.add_command(
            Command("history", ("g",), "your finished games: pick one for the expert's review", self.open, modes)
        )
        app.add_key_filter(self._key)
        app.add_ticker(self._tick)

    @property
    def is_open(self) -> bool:
        return self.page is not None and self.app.screen is self.page

    def open(self, app: App) -> None:
        """``g``: the page, read afresh (another window may have finished games meanwhile)."""
        self.heading, self.rows = self.library.recent(self._room(app.width))
        self.at = 0
        self.note = None if self.rows else Text(("No finished games yet: the review needs one.",))
        self._show()

    def _show(self) -> None:
        rows = layout.screen_body_rows(self.app.height) - 3  # the heading, a blank line and the note
        top = min(max(0, self.at - rows // 2), max(0, len(self.rows) - rows))
        lines = [Text(("  " + self.heading,), Tone.HEADING)]
        for n, (_, line) in enumerate(self.rows[top : top + rows], start=top):
            lines.append(Text(((MARK if n == self.at else "  ") + line,), Tone.KEYS if n == self.at else Tone.PLAIN))
        lines += [Text(("",)), self.note or Text(("",))]
        self.page = TextScreen(TITLE, tuple(lines), FOOTER)
        self.app.open_screen(self.page)
        self._size = (self.app.width, self.app.height)

    @staticmethod
    def _room(width: int) -> int:
        """Columns for a game's line: the page's, less the mark of the one chosen."""
        return layout.page_width(width) - len(MARK)

    def _tick(self, app: App) -> bool:
        """Draw the page again for a terminal of another size (the lines read again for another width)."""
        if not self.is_open or (app.width, app.height) == self._size:
            return False
        if app.width != self._size[0]:
            self.heading, self.rows = self.library.recent(self._room(app.width))
            self.at = min(self.at, max(0, len(self.rows) - 1))
        self._show()
        return True

    def _key(self, app: App, event: Input) -> bool:
        if not self.is_open:
            if event in ("g", "v") and app.screen is not None and self.also_from(app):
                self.open(app)
                return True
            return False
        page = max(1, layout.screen_body_rows(app.height) - 3)
        steps: dict[Input, int] = {
            Key.UP: -1, "k": -1, Key.DOWN: 1, "j": 1, Key.PAGE_UP: -page, Key.PAGE_DOWN: page,
            Key.HOME: -len(self.rows), Key.END: len(self.rows),
        }  # fmt: skip
        if event in steps:
            self.at = min(max(0, self.at + steps[event]), max(0, len(self.rows) - 1))
        elif event in ("v", Key.ENTER):
            self._review()
            return True
        elif event in ("q", "Q", Key.ESCAPE):
            app.screen = None
            self.page = None
            return True
        elif event == Key.REDRAW:
            app.redraw_all = True
        self._show()
        return True

    def _review(self) -> None:
        if not self.rows:
            return
        game_id, _ = self.rows[self.at]
        game = self.library.load(game_id)
        if game is None:
            self.note = Text((f"Game {game_id} was kept without its cards: it cannot be reviewed.",), Tone.ERROR)
        elif not game.is_over:
            self.note = Text(
                (f"Game {game_id} was left before its end: only a finished game is reviewed.",), Tone.ERROR
            )
        else:
            self.note = None
            self.reviews.show_game(game, game_id, back=self._show)
            return
        self._show()
