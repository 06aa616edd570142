"""Playing in the terminal, put together: the saved game, the statistics and the game screen.

:func:`main` opens the :class:`~foursquare.storage.session.Session` (the saved game
resumed, or the deal asked for), puts its game in an
:class:`~foursquare.screen.app.App` watched by a :class:`Keeper`, which saves after
every placement, undo and redo and counts every game that ends, and runs
:mod:`foursquare.screen.tui`.  The keeper is the App's host: it deals new games
through the session and says what leaving a game really does now that games
are saved and counted; it also brings ``s`` for the statistics, says in the
end box whether a game counts, and remembers the player's settings.  A
:class:`~foursquare.screen.coach.Coach` adds the expert's tip and autoplay.  This is
the only module that knows the screen, the files and the terminal together:
the App knows no files and the session no screen.
"""

from __future__ import annotations

import contextlib
import dataclasses
import locale
import os
import re
import sys
from typing import TYPE_CHECKING, NamedTuple

from foursquare.engine import Game
from foursquare.screen import tui
from foursquare.screen.app import TABLE_MODES, App, Command, Confirm, Mode, Observer, Settings, TextScreen
from foursquare.screen.coach import Coach, expert, think_seconds
from foursquare.screen.history_page import MARK as HISTORY_MARK
from foursquare.screen.history_page import HistoryPage
from foursquare.screen.render import UNICODE_SAMPLE
from foursquare.screen.review_page import GLYPHS as REVIEW_GLYPHS
from foursquare.screen.review_page import ReviewPages
from foursquare.screen.stats_page import CHART_GLYPHS, can_encode, end_note, stats_screen
from foursquare.screen.stats_page import TITLE as STATS_TITLE
from foursquare.screen.text import Text, Tone, locale_codeset
from foursquare.storage.files import data_dir
from foursquare.storage.problems import StoreError
from foursquare.storage.session import Finish, Opening, Session, open_for_command
from foursquare.storage.stats import Stats
from foursquare.storage.store import Store
from foursquare.words.problems import Note

if TYPE_CHECKING:
    from foursquare.expert.review import Review

__all__ = ["INTRO", "SAMPLE_GLYPHS", "Keeper", "Request", "can_draw_unicode", "load_settings", "main"]

SAMPLE_GLYPHS = UNICODE_SAMPLE + CHART_GLYPHS + REVIEW_GLYPHS + HISTORY_MARK.strip()
"""Everything the table, the statistics and the review draw beyond ASCII: if the terminal's character set
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
    size_notes = tui.ignore_false_size()
    problem = tui.terminal_problem()
    if problem is not None:
        print(f"foursquare: cannot play here: {problem} (foursquare --plain plays line by line)", file=sys.stderr)
        return 1
    try:
        seconds = think_seconds(os.environ)
    except ValueError as exc:
        print(f"foursquare: {exc}", file=sys.stderr)
        return 2
    first = _first_run()
    opened = open_for_command(seed=request.seed, daily=request.daily, new=request.new)
    if isinstance(opened, int):
        return opened
    session, opening = opened
    keeper = Keeper(session, ascii=ascii or not can_draw_unicode(), first=first)
    Coach(keeper.app, think=expert(seconds))
    reviews = ReviewPages(keeper.app, shelf=HistoryShelf(session), ascii=keeper.ascii)
    HistoryPage(keeper.app, HistoryLibrary(session), reviews, also_from=_on_statistics)
    keeper.stats_keys = "g your games"
    keeper.begin(opening, request)
    for note in size_notes:
        keeper.tell(note)
    status = tui.run(keeper.app, ascii=keeper.ascii, color=color and not os.environ.get("NO_COLOR"))
    for notice in keeper.notices:
        print(f"foursquare: {notice}", file=sys.stderr)
    if keeper.share is not None:
        print(keeper.share)
    return status


class HistoryShelf:
    """Reviews kept with the games of the history, so that a second look at a game is instant."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def current_id(self) -> int | None:
        return self.session.game_id

    def kept(self, game_id: int, game: Game) -> Review | None:
        from foursquare.expert.advice import DEFAULT_NODES
        from foursquare.expert.review import Review

        try:
            return Review.from_cache(self.session.store.load_review(game_id), game, DEFAULT_NODES)
        except StoreError:
            return None

    def keep(self, game_id: int, game: Game, review: Review) -> None:
        from foursquare.expert.advice import DEFAULT_NODES

        with contextlib.suppress(StoreError, KeyError):
            self.session.store.save_review(game_id, review.to_cache(DEFAULT_NODES))


class HistoryLibrary:
    """The history's finished games, newest first, for the page that picks one to review."""

    LIMIT = 500

    def __init__(self, session: Session) -> None:
        self.session = session

    def recent(self, width: int) -> tuple[str, list[tuple[int, str]]]:
        from foursquare.commands.history import table

        try:
            games = [game for game in self.session.store.history(self.LIMIT) if game.id is not None]
        except StoreError:
            games = []
        heading, *lines = table(games, width)
        return heading, [(game.id, line) for game, line in zip(games, lines, strict=True) if game.id is not None]

    def load(self, game_id: int) -> Game | None:
        try:
            finished = self.session.store.game(game_id)
            return finished.replay() if finished is not None else None
        except (StoreError, ValueError):
            return None


def _on_statistics(app: App) -> bool:
    """Whether the page open is the statistics page, from which g and v lead to the history."""
    return app.screen is not None and app.screen.title == STATS_TITLE


def can_draw_unicode() -> bool:
    """Whether the locale's real character set can show the suits, card frames and bars.

    Asked of ``nl_langinfo(CODESET)`` after ``setlocale``, which is what curses
    writes with: Python's preferred encoding claims UTF-8 under ``LC_ALL=C``
    while the terminal gets ASCII.
    """
    return can_encode(SAMPLE_GLYPHS, locale_codeset())


INTRO = (
    Text(("How to win: a 4×4 square, all face up.",), Tone.HEADING),
    Text(("A new high or low flips its row/column.",)),
    Text(("Over 4 face down loses. ? has it all.",)),
)
"""Shown on the empty table of the very first game: the aim and the one rule to know."""


def load_settings(store: Store) -> Settings:
    """The player's settings as kept in ``store``; the defaults for any never set."""
    defaults = Settings()
    try:
        preview, to_come = store.setting("preview", defaults.preview), store.setting("to_come", defaults.to_come)
    except StoreError:
        return defaults
    return Settings(preview=preview is not False, to_come=to_come is not False)


def _first_run() -> bool:
    """Nothing kept yet: no data folder, or an empty one."""
    try:
        folder = data_dir()
        return not folder.is_dir() or not any(folder.iterdir())
    except (OSError, ValueError):
        return False


class Keeper(Observer):
    """Keeps the saved game, the statistics and the settings in step with the screen.

    It is the host of the :class:`App` it builds (``keeper.app``) on the
    session's game: it hands the app every new deal from the session, so that
    both always hold the same :class:`Game`.  Problems with the files go on
    the message line, one line each, and into :attr:`notices`.  The
    settings the player turns on and off are kept in the session's store;
    ``first`` shows how to win on the table of a first game.
    """

    def __init__(
        self,
        session: Session,
        *,
        ascii: bool = False,
        width: int = 80,
        height: int = 24,
        first: bool = False,
    ) -> None:
        self.session = session
        self.ascii = ascii
        self.share: str | None = None
        """The line to share for the last daily game that ended."""
        self.notices: list[str] = []
        """Every problem shown on screen, once each, to print after the game so that none goes unread."""
        self.save_failed = False
        self.stats_keys = ""
        """Keys the statistics page leads on with (the history's ``g``), named on its footer."""
        self._page: tuple[TextScreen, Stats, str | None, tuple[int, int]] | None = None
        """The statistics page open, what it shows, and the terminal height it was drawn for."""
        self._replay = not session.counts
        """The deal on the table was counted before this game began."""
        self._ended = False
        """The game on the table has ended before (and been taken back since)."""
        self.app = App(
            session.game, self, width=width, height=height, observers=(self,), settings=load_settings(session.store)
        )
        if first:
            self.app.intro = INTRO
        anywhere = TABLE_MODES | {Mode.TOO_SMALL}
        summary = "your statistics: games won and lost, streaks, scores"
        self.app.add_command(Command("stats", ("s",), summary, self.show_stats, anywhere))
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

    def game_started(self, game: Game) -> None:
        self._replay = not self.session.counts
        self._ended = False

    def settings_changed(self, settings: Settings) -> None:
        try:
            self.session.store.set_setting("preview", settings.preview)
            self.session.store.set_setting("to_come", settings.to_come)
        except StoreError as exc:
            self._trouble(f"Could not keep your settings for next time: {exc}.")

    def _count(self) -> None:
        finish = self.session.record_finished()
        self.app.end_note = self._end_note(finish)
        self._ended = True
        if finish.share is not None:
            self.share = finish.share
            self.app.say(Text((finish.share,), Tone.GOOD))
        self._trouble(finish.message)

    def _end_note(self, finish: Finish) -> tuple[Text, ...]:
        """Whether the game just ended counts in the statistics and why not, then the streak and win rate."""
        stats, trouble = self.session.stats()
        return end_note(
            finish, None if trouble else stats, self.session.game.seed, replay=self._replay, ended=self._ended
        )

    # --- the host -----------------------------------------------------------

    def deal(self, app: App) -> None:
        """``n``: leave this game (counted, if a card is down) for a fresh random deal."""
        self.switch()

    def switch(self, seed: int | None = None, daily: bool = False) -> None:
        """Leave this game (counted, if a card is down) for a new deal: random, number ``seed`` or today's."""
        note = self.session.new_game(seed=seed, daily=daily)
        self.app.start_game(self.session.game)
        self._greet()
        self._trouble(note)

    def tell(self, note: str) -> None:
        """Show a line about the terminal or the files at the bottom of the screen, and again after the game."""
        self._trouble(note)

    def _trouble(self, note: str | None) -> None:
        """Show a problem with the files on the message line, and keep it for after the game.

        Narrow terminals get its short form (a damaged file's :class:`Note`), or
        else the line without the reasons in brackets and with file names
        instead of paths in the data folder; the whole line is printed after
        the game.
        """
        if note is None:
            return
        if isinstance(note, Note):
            short = note.short
        else:
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

    def leaving(self, app: App) -> str:
        """What leaving the game on the table for another deal does to the statistics."""
        seed = self.session.game.seed
        if self.session.counts:
            return f"Leaving deal {seed} now counts it as a loss in your statistics."
        return f"Deal {seed} was counted before: leaving it changes nothing in your statistics."

    def quitting(self, app: App) -> str:
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
                Text((self.leaving(self.app),)),
                lambda app: self.switch(request.seed, request.daily),
                yes=yes,
                no=f"go on with deal {self.session.game.seed}",
            )
        )

    # --- keys ---------------------------------------------------------------

    def show_stats(self, app: App) -> None:
        """Open the statistics page, read afresh: another foursquare may have counted games meanwhile."""
        stats, note = self.session.stats()
        self._trouble(note)
        self._open_page(stats, note)

    def _open_page(self, stats: Stats, note: str | None) -> None:
        page = stats_screen(stats, height=self.app.height, width=self.app.width, ascii=self.ascii, note=note)
        page = dataclasses.replace(page, keys=self.stats_keys)
        self._page = (page, stats, note, (self.app.width, self.app.height))
        self.app.open_screen(page)

    def _refit_page(self, app: App) -> bool:
        """After a resize, draw the open statistics page again with bars that fit."""
        if self._page is None:
            return False
        page, stats, note, size = self._page
        if app.screen is not page:
            self._page = None
            return False
        if (app.width, app.height) == size:
            return False
        self._open_page(stats, note)
        return True
