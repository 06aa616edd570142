"""The game being played, as the game screen needs it: resume, save, deal, count.

Ties the database (the game in progress, the history and the statistics) and
the deal numbers together, so that the screen makes a handful of calls and
shows the lines they return.  No call raises for a damaged file, a full disk
or a busy database: each gives back one line for the player instead.  Only
one game window may use a data folder at a time: claim it first with
:func:`foursquare.storage.window.claim_window`.

The order of calls that keeps every game safe and counted::

    session, opening = Session.open(seed=args.seed, daily=args.daily, new=args.new)
    show(opening.message)
    if opening.confirm_new and ask("Abandon the game in progress? It counts as a loss."):
        show(session.new_game(seed=args.seed, daily=args.daily))
    ...
    session.game.play(cell)          # or session.game.undo()
    show(session.save())
    if session.game.is_over:
        finish = session.record_finished()

A finished game is saved before it is recorded, so a game whose process dies
in between is recorded the next time :meth:`Session.open` runs.  Every
finished game goes into the history (``session.store.history()``); only the
first game on each deal counts in the statistics.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import NamedTuple

from foursquare.deals import deal_number, random_deal, share_line
from foursquare.engine import Game, check_deal_number
from foursquare.storage.files import data_dir
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.problems import Kind, StoreError
from foursquare.storage.stats import Stats, in_progress
from foursquare.storage.store import Store
from foursquare.storage.upgrade import open_folder
from foursquare.storage.window import Window, WindowOpen, claim_window
from foursquare.words.problems import join_notes, line, note, why, window_open

__all__ = ["Finish", "Opening", "Session", "open_for_command"]


class Opening(NamedTuple):
    """What :meth:`Session.open` has to tell the screen."""

    message: str | None
    """One line to show (a damaged file moved aside, a disk error), or None."""
    confirm_new: bool
    """Another deal was asked for while a game is in progress.  The game in
    progress is loaded; ask the player, and on yes call :meth:`Session.new_game`
    with the same deal."""


class Finish(NamedTuple):
    """What :meth:`Session.record_finished` did."""

    counted: bool
    """False when this deal was counted before (a replay, or finishing again after an undo)."""
    game_id: int | None
    """The game's id in the history (see :meth:`Store.game`), or None if it could not be recorded."""
    share: str | None
    """For a daily deal, the one line to share; else None."""
    message: str | None
    """One line about a problem with the database, or None."""


class Session:
    """One player's game in progress, saved in and counted in one data folder.

    ``game`` is the live :class:`Game`: the screen plays and undoes on it
    directly, then calls :meth:`save`.  ``daily`` is the date of the daily
    deal being played, or None.  ``counts`` says whether the result will
    count in the statistics (False for a deal already counted).  ``store``
    is the folder's database, for the history, reviews and settings.
    """

    def __init__(
        self,
        folder: Path,
        game: Game,
        *,
        daily: date | None = None,
        today: Callable[[], date] = date.today,
        store: Store | None = None,
    ) -> None:
        """Most callers want :meth:`open`; this plays ``game`` in ``store`` (by default the folder's database).

        Raises OSError or :class:`StoreError` when the folder's database cannot be opened.
        """
        self.folder = folder
        self._today = today
        self.store = Store.open(folder)[0] if store is None else store
        self._trouble: str | None = None
        """Why nothing can be kept, when the database could not be opened."""
        self.started = utc_now()
        self.game_id: int | None = None
        """The game's id in the history once it has ended and been recorded."""
        self._unsaid: list[str] = []
        """Lines about trouble met where no line could be returned, to give with the next one."""
        self.window: Window | None = None
        """This process's claim on the data folder (see :func:`open_for_command`), held while the session lives."""
        self._set(game, daily)

    @classmethod
    def open(
        cls,
        folder: Path | None = None,
        *,
        seed: int | None = None,
        daily: bool = False,
        new: bool = False,
        today: Callable[[], date] = date.today,
    ) -> tuple[Session, Opening]:
        """Resume the saved game or deal the one asked for.

        With no deal asked for, the game in progress is resumed (a fresh random
        deal if there is none).  ``seed`` asks for that deal number, ``daily``
        for today's deal, ``new`` for a fresh deal even if it is the one in
        progress.  The saved game is resumed when it is the deal asked for and
        ``new`` is not given; a different deal replaces it at once if it has
        no card placed, and otherwise needs the player's yes (see
        :class:`Opening`).  A saved game that ended but was never counted is
        counted now.

        Raises ValueError, with a message for players, for a deal number out of
        range or for both ``seed`` and ``daily``.
        """
        _check_request(seed, daily)
        folder = data_dir() if folder is None else folder
        notes: list[str | None] = []
        store, trouble = _open_store(folder, notes)
        current = None
        try:
            current = store.current()
        except StoreError as exc:
            unusable = exc.problem.kind is Kind.GAME_IN_PROGRESS
            notes.append(line(exc.problem) if unusable else f"The saved game could not be loaded: {why(exc.problem)}.")
        day = today()
        wanted = deal_number(day) if daily else seed
        session = cls(folder, _deal(wanted), daily=day if daily else None, today=today, store=store)
        session._trouble = None if trouble is None else f"games cannot be kept in {folder}"
        if current is not None:
            session._set(current.game, current.daily)
            session.started, session.game_id = current.started, current.finished_id
            if current.game.is_over and session.game_id is None:
                notes.append(session._record())
            if current.game.is_over and session.game_id is not None:
                current = None  # done with; otherwise kept until it can be recorded
        if current is None or ((new or wanted is not None) and not current.game.placed_count):
            session._restart(_deal(wanted), day if daily else None)
            notes.append(session.save())
            return session, Opening(session._said(notes), False)
        other = new or (wanted is not None and wanted != current.game.seed)
        return session, Opening(session._said(notes), other and not current.game.is_over)

    @property
    def can_save(self) -> bool:
        """False when the database could not be opened (the player was told why)."""
        return self._trouble is None

    @property
    def in_progress(self) -> bool:
        """Whether leaving this game for another deal counts it as lost (see :func:`stats.in_progress`)."""
        return in_progress(self.game)

    def save(self) -> str | None:
        """Save the game as it stands (call after every placement, undo and redo); a line if that failed."""
        if not self.can_save:
            return None  # the player was told when the session opened
        try:
            self.store.save_current(self.game, self.daily, self.started, self.game_id)
        except StoreError as exc:
            return f"Could not save the game: {why(exc.problem)}."
        return None

    def record_finished(self) -> Finish:
        """Keep the game that just ended in the history, counted once per deal; call after :meth:`save`.

        Finishing again after an undo keeps nothing more.  Raises ValueError
        if the game is not over.
        """
        if not self.game.is_over:
            raise ValueError("the game is not over")
        share = share_line(self.daily, self.game) if self.daily is not None else None
        if self.game_id is not None:
            return Finish(False, self.game_id, share, None)
        counts = self.counts
        message = self._record()
        return Finish(counts and self.game_id is not None, self.game_id, share, message)

    def new_game(self, *, seed: int | None = None, daily: bool = False) -> str | None:
        """Leave this game for a new deal (random, number ``seed``, or today's) and save it.

        A game with a card placed is kept in the history first (as abandoned,
        a loss, if it is not over), so ask the player first when
        :attr:`in_progress`.  Returns a line if something went wrong.  Raises
        ValueError like :meth:`open`.
        """
        _check_request(seed, daily)
        notes: list[str | None] = []
        if self.game.placed_count and self.game_id is None:
            notes.append(self._record())
        day = self._today()
        self._restart(_deal(deal_number(day) if daily else seed), day if daily else None)
        notes.append(self.save())
        return self._said(notes)

    def stats(self) -> tuple[Stats, str | None]:
        """The statistics, and a line if they could not be read."""
        if self._trouble is not None:
            return Stats.from_results([]), f"Could not read the statistics: {self._trouble}."
        try:
            return self.store.stats(), None
        except StoreError as exc:
            return Stats.from_results([]), f"Could not read the statistics: {why(exc.problem)}."

    def _record(self) -> str | None:
        """Keep the game as it stands in the history; a line if that failed."""
        if self._trouble is not None:
            return f"Could not count deal {self.game.seed} in the statistics: {self._trouble}."
        finished = FinishedGame.of(self.game, daily=self.daily, started=self.started, ended=utc_now(), counted=True)
        try:
            self.game_id = self.store.record(finished, mark_current=True).game_id
        except StoreError as exc:
            return f"Could not count deal {self.game.seed} in the statistics: {why(exc.problem)}."
        self.counts = False
        return None

    def _restart(self, game: Game, daily: date | None) -> None:
        self._set(game, daily)
        self.started = utc_now()
        self.game_id = None

    def _set(self, game: Game, daily: date | None) -> None:
        if game.seed is None:
            raise ValueError("a session plays numbered deals only")
        self.game = game
        self.daily = daily
        try:
            self.counts = not self.store.is_counted(game.seed)
        except StoreError as exc:
            self.counts = True
            self._unsaid.append(f"Could not read the statistics: {why(exc.problem)}.")

    def _said(self, notes: list[str | None]) -> str | None:
        """``notes`` and the lines met on the way that are still to be said, as one line."""
        unsaid, self._unsaid = self._unsaid, []
        return join_notes([*unsaid, *notes])


def open_for_command(*, seed: int | None, daily: bool, new: bool) -> tuple[Session, Opening] | int:
    """:meth:`Session.open` for a command that plays, in the data folder, with the folder claimed first.

    The session, or the exit status once one line on standard error has said
    why there is none: 1 when another game window holds the folder (naming
    its process), 2 for a deal that cannot be asked for.  The claim lasts as
    long as the session (``session.window``).
    """
    folder = data_dir()
    try:
        window = _claim(folder)
    except WindowOpen as exc:
        print(f"foursquare: {window_open(exc.folder, exc.pid)}", file=sys.stderr)
        return 1
    try:
        session, opening = Session.open(folder, seed=seed, daily=daily, new=new)
    except ValueError as exc:
        if window is not None:
            window.release()
        print(f"foursquare: {exc}", file=sys.stderr)
        return 2
    session.window = window
    if window is not None and window.notes:
        opening = opening._replace(message=join_notes([*map(note, window.notes), opening.message]))
    return session, opening


def _claim(folder: Path) -> Window | None:
    """Claim the data folder for this game; None when it cannot be used (the session then keeps nothing)."""
    try:
        return claim_window(folder)
    except (OSError, StoreError):
        return None  # Session.open meets the same folder and tells the player why nothing is kept


def _open_store(folder: Path, notes: list[str | None]) -> tuple[Store, str | None]:
    """The folder's database, or an empty one in memory and why nothing can be kept."""
    try:
        store, found = open_folder(folder)
    except (OSError, StoreError) as exc:
        said = why(exc.problem) if isinstance(exc, StoreError) else exc.strerror or str(exc)
        notes.append(f"Cannot keep games in {folder}: {said}; this game will not be saved.")
        return Store.empty(), said
    notes.extend(map(note, found))
    return store, None


def _deal(number: int | None) -> Game:
    """Deal ``number``, or a random deal when None."""
    if number is None:
        number = random_deal()
    return Game.deal(number)


def _check_request(seed: int | None, daily: bool) -> None:
    if seed is not None and daily:
        raise ValueError("ask for a deal number or for the daily deal, not both")
    if seed is not None:
        check_deal_number(seed)
