"""The log of the game on the game screen: ``m`` lists every placement so far, each with its explanation.

:class:`LogPage` is a page over the table (or over the end of a game): the
placements numbered, newest last, each with the line that explained it when
it went down, wrapped under its number.  It opens at its end, on the cards
just placed, and scrolls like any page of text; ``m``, ``q`` or Esc (or any
key the page does not use) goes back to the table.
"""

from __future__ import annotations

from collections.abc import Collection

from foursquare.engine import Game
from foursquare.screen import layout
from foursquare.screen.app import App, TextScreen, back_with, bound, scroll_page
from foursquare.screen.keys import Input
from foursquare.storage.helped import placements_autoplayed
from foursquare.words.keys import legend
from foursquare.words.log import log_entries, log_title
from foursquare.words.text import Text, Tone, wrap_under

__all__ = ["LogPage"]

END = 10**9
"""A scroll past any page's end: the page opens on its last lines."""


class LogPage:
    """The placements of one game so far; :meth:`wire` gives an :class:`App` the ``m`` key that opens it."""

    kind = "log"

    def __init__(self, game: Game, autoplayed: Collection[int] = ()) -> None:
        self.title = log_title(game)
        self.entries = log_entries(game, autoplayed)
        self.scroll = END
        self._lines: tuple[int, tuple[Text, ...]] | None = None

    @classmethod
    def wire(cls, app: App) -> None:
        """The ``m`` key on the table and in the end box, and the page's own keys."""

        def open_page(app: App) -> None:
            app.push_page(cls(app.game, placements_autoplayed(app.session.help)))

        app.add_command(bound("log", open_page))
        app.add_command(bound("log_close", _close))
        app.add_page_kind(cls.kind)
        app.reminder += legend(["log"])

    def view(self, app: App) -> TextScreen:
        return TextScreen(self.title, self.lines(layout.page_width(app.width)))

    def lines(self, width: int) -> tuple[Text, ...]:
        """The entries for a page ``width`` columns wide, each wrapped under its number (worked out once per width)."""
        if self._lines is None or self._lines[0] != width:
            numbers = max((len(number) for number, _ in self.entries), default=0) + 1
            lines: list[Text] = []
            for number, said in self.entries:
                lines += wrap_under(f"{number:>{numbers - 1}} ", said, width)
            if not lines:
                lines.append(Text((self.title,), Tone.DIM))
            self._lines = (width, tuple(lines))
        return self._lines[1]

    def other_key(self, app: App, event: Input) -> None:
        if not scroll_page(app, self, event):
            back_with(app, event)


def _close(app: App) -> None:
    app.pop_page()
