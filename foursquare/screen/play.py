"""Playing in the terminal, put together: the saved game, the statistics and the game screen.

:func:`main` opens the :class:`~foursquare.storage.session.Session` (the saved game
resumed, or the deal asked for), puts its game in an
:class:`~foursquare.screen.app.App` watched by a :class:`Keeper`, which saves after
every placement, undo and redo and counts every game that ends, and runs
:mod:`foursquare.screen.tui`.  The keeper also brings the keys that need the session:
``s`` for the statistics, and ``n`` and ``q`` whose questions say what leaving
a game really does now that games are saved and counted.  A
:class:`~foursquare.screen.coach.Coach` adds the expert's tip and autoplay.  This is
the only module that knows the screen, the files and the terminal together:
the App knows no files and the session no screen.
"""

from __future__ import annotations

import contextlib
import locale
import os
import re
import sys
from typing import NamedTuple

from foursquare.engine import Game
from foursquare.screen import tui
from foursquare.screen.app import TABLE_MODES, App, Command, Confirm, Mode, Observer, TextScreen, ask_if_in_progress
from foursquare.screen.coach import Coach, expert, think_seconds
from foursquare.screen.keys import Key
from foursquare.screen.render import UNICODE_SAMPLE
from foursquare.screen.stats_page import CHART_GLYPHS, can_encode, stats_screen
from foursquare.screen.text import Text, Tone
from foursquare.storage.session import Opening, Session, open_for_command
from foursquare.storage.stats import Stats

__all__ = ["SAMPLE_GLYPHS", "Keeper", "Request", "can_draw_unicode", "main"]

SAMPLE_GLYPHS = UNICODE_SAMPLE + CHART_GLYPHS
"""Everything the table and the statistics draw beyond ASCII: if the terminal's character set
lacks any, draw in ASCII."""


class Request(NamedTuple):
    """The deal asked for on the command line."""

    seed: int | None = None
    daily: bool = False
    new: bool = False


def main(request: Request, *, ascii: bool = False, color: bool = True) -> int:
    """Play in this terminal until the player quits; returns the exit status.

    A clear line and status 1 when there is no usable terminal or the data
    folder cannot be used at all.  After the game, the lines the player should
    keep (problems with the files, the daily result to share) are printed
    where they stay: on the terminal, below the command.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            "foursquare: the game screen needs a terminal: standard input and output must not be redirected "
            "(foursquare --plain plays without one)",
            file=sys.stderr,
        )
        return 1
    with contextlib.suppress(locale.Error):  # an unknown locale: keep "C", which draws in ASCII
        locale.setlocale(locale.LC_ALL, "")
    problem = tui.terminal_problem()
    if problem is not None:
        print(f"foursquare: cannot play here: {problem} (foursquare --plain plays line by line)", file=sys.stderr)
        return 1
    try:
        seconds = think_seconds(os.environ)
    except ValueError as exc:
        print(f"foursquare: {exc}", file=sys.stderr)
        return 2
    opened = open_for_command(seed=request.seed, daily=request.daily, new=request.new)
    if isinstance(opened, int):
        return opened
    session, opening = opened
    keeper = Keeper(session, ascii=ascii or not can_draw_unicode())
    Coach(keeper.app, think=expert(seconds))
    keeper.begin(opening, request)
    status = tui.run(keeper.app, ascii=keeper.ascii, color=color and not os.environ.get("NO_COLOR"))
    for notice in keeper.notices:
        print(f"foursquare: {notice}", file=sys.stderr)
    if keeper.share is not None:
        print(keeper.share)
    return status


def can_draw_unicode() -> bool:
    """Whether the locale's real character set can show the suits, card frames and bars.

    Asked of ``nl_langinfo(CODESET)`` after ``setlocale``, which is what curses
    writes with: Python's preferred encoding claims UTF-8 under ``LC_ALL=C``
    while the terminal gets ASCII.
    """
    langinfo = getattr(locale, "nl_langinfo", None)
    codeset = langinfo(locale.CODESET) if langinfo is not None else locale.getpreferredencoding(False)
    return can_encode(SAMPLE_GLYPHS, codeset)


class Keeper(Observer):
    """Keeps the saved game and the statistics in step with the screen.

    It builds the :class:`App` (``keeper.app``) on the session's game and
    hands it every new deal from the session, so that both always hold the
    same :class:`Game`.  Problems with the files go on the message line, one
    line each, and into :attr:`notices`.
    """

    def __init__(self, session: Session, *, ascii: bool = False, width: int = 80, height: int = 24) -> None:
        self.session = session
        self.ascii = ascii
        self.share: str | None = None
        """The line to share for the last daily game that ended."""
        self.notices: list[str] = []
        """Every problem shown on screen, once each, to print after the game so that none goes unread."""
        self.save_failed = False
        self._page: tuple[TextScreen, Stats, str | None, int] | None = None
        """The statistics page open, what it shows, and the terminal height it was drawn for."""
        self.app = App(session.game, width=width, height=height, observers=(self,))
        for command in self._commands():
            self.app.add_command(command)
        self.app.add_ticker(self._refit_page)

    def begin(self, opening: Opening, request: Request) -> None:
        """Greet the player with what :meth:`Session.open` found, and ask before leaving a game for ``request``."""
        self._greet()
        self._trouble(opening.message)
        if self.session.game.is_over:  # it ended, but could not be counted when it was opened
            self._count()
        if opening.confirm_new:
            self._ask_to_switch(request)

    # --- the game's life ----------------------------------------------------

    def game_changed(self, game: Game) -> None:
        note = self.session.save()
        self.save_failed = note is not None
        self._trouble(note)

    def game_finished(self, game: Game) -> None:
        self._count()

    def _count(self) -> None:
        finish = self.session.record_finished()
        if finish.share is not None:
            self.share = finish.share
            self.app.say(Text((finish.share,), Tone.GOOD))
        self._trouble(finish.message)

    def deal(self, seed: int | None = None, daily: bool = False) -> None:
        """Leave this game (counted, if a card is down) for a new deal: random, number ``seed`` or today's."""
        note = self.session.new_game(seed=seed, daily=daily)
        self.app.start_game(self.session.game)
        self._greet()
        self._trouble(note)

    def _trouble(self, note: str | None) -> None:
        """Show a problem with the files on the message line, and keep it for after the game.

        Narrow terminals get it without the reasons in brackets and with file
        names instead of paths in the data folder; the whole line is printed
        after the game.
        """
        if note is None:
            return
        short = re.sub(r" \([^()]*\)", "", note).replace(f"{self.session.folder}{os.sep}", "")
        self.app.say(Text((note,), Tone.ERROR), Text((short,), Tone.ERROR) if short != note else None)
        if note not in self.notices:
            self.notices.append(note)

    # --- words --------------------------------------------------------------

    def _greet(self) -> None:
        """The message line for a game just put on the table, when there is more to say than its deal number."""
        game, session = self.session.game, self.session
        card = game.next_card
        if game.is_over or card is None:
            return
        if game.placed_count:
            placed = f"{game.placed_count} card{'s' if game.placed_count != 1 else ''}"
            self.app.say(Text.of(f"Welcome back: deal {game.seed} as you left it, {placed} placed"))
        elif not session.counts:
            replay = f"Deal {game.seed} was counted before, so this game will not count"
            self.app.say(Text.of(replay, ": place ", card, " in the middle to begin"), Text.of(replay))
        elif session.daily is not None:
            greeting = self.app.message
            daily = f"Daily deal of {session.daily.isoformat()} (deal {game.seed}): place "
            self.app.say(Text.of(daily, card, " in the middle"), greeting)

    def _leaving(self, app: App) -> str:
        """What leaving the game on the table for another deal does to the statistics."""
        seed = self.session.game.seed
        if self.session.counts:
            return f"Leaving deal {seed} now counts it as a loss in your statistics."
        return f"Deal {seed} was counted before: leaving it changes nothing in your statistics."

    def _quitting(self, app: App) -> str:
        """What quitting does to the game on the table: nothing, unless it could not be saved."""
        if self.session.can_save and not self.save_failed:
            return "Your game is saved: run foursquare again to go on where you left off."
        return "This game could not be saved, so it will be lost."

    def _ask_to_switch(self, request: Request) -> None:
        """The deal asked for on the command line is not the game in progress: ask before leaving it."""
        if request.daily:
            question, yes = "Play today's deal?", "play today's deal"
        elif request.seed is not None:
            question, yes = f"Play deal {request.seed}?", f"play deal {request.seed}"
        else:
            question, yes = "Start a new deal?", "new deal"
        self.app.ask(
            Confirm(
                Text((question,), Tone.HEADING),
                Text((self._leaving(self.app),)),
                lambda app: self.deal(request.seed, request.daily),
                yes=yes,
                no=f"go on with deal {self.session.game.seed}",
            )
        )

    # --- keys ---------------------------------------------------------------

    def _commands(self) -> list[Command]:
        anywhere = TABLE_MODES | {Mode.TOO_SMALL}
        return [
            Command(
                "new",
                ("n",),
                "new deal (asks first: leaving a game counts it as lost)",
                ask_if_in_progress("Start a new deal?", self._leaving, "new deal", lambda app: self.deal()),
            ),
            Command(
                "quit",
                ("q", Key.ESCAPE),
                "quit (your game is saved for next time)",
                ask_if_in_progress("Quit this game?", self._quitting, "quit", App.quit),
                anywhere,
            ),
            Command("stats", ("s",), "your statistics: games won and lost, streaks, scores", self.show_stats, anywhere),
        ]

    def show_stats(self, app: App) -> None:
        """Open the statistics page, read afresh: another foursquare may have counted games meanwhile."""
        stats, note = self.session.stats()
        self._trouble(note)
        self._open_page(stats, note)

    def _open_page(self, stats: Stats, note: str | None) -> None:
        page = stats_screen(stats, height=self.app.height, ascii=self.ascii, note=note)
        self._page = (page, stats, note, self.app.height)
        self.app.open_screen(page)

    def _refit_page(self, app: App) -> bool:
        """After a resize, draw the open statistics page again with bars that fit."""
        if self._page is None:
            return False
        page, stats, note, height = self._page
        if app.screen is not page:
            self._page = None
            return False
        if app.height == height:
            return False
        self._open_page(stats, note)
        return True
