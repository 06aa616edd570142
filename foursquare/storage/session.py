"""The game being played, as the game screen needs it: resume, save, deal, count.

Ties the saved game, the statistics and the deal numbers together, so that the
screen makes a handful of calls and shows the lines they return.  No call
raises for a damaged file, a full disk or a locked statistics file: each gives
back one line for the player instead.

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

A finished game is saved before it is counted, so a game whose process dies
in between is counted the next time :meth:`Session.open` runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import NamedTuple

from foursquare.deals import deal_number, random_deal, share_line
from foursquare.engine import Game, check_deal_number
from foursquare.storage.files import (
    GAME_FILE,
    SavedGame,
    Unusable,
    data_dir,
    explain,
    load_game,
    quarantine,
    save_game,
    sweep_temp_files,
)
from foursquare.storage.stats import Result, Stats, StatsStore

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
    stats: Stats | None
    """The statistics including this game, or None if they could not be read."""
    share: str | None
    """For a daily deal, the one line to share; else None."""
    message: str | None
    """One line about a problem with the statistics file, or None."""


class Session:
    """One player's game in progress, saved in and counted in one data folder.

    ``game`` is the live :class:`Game`: the screen plays and undoes on it
    directly, then calls :meth:`save`.  ``daily`` is the date of the daily
    deal being played, or None.  ``counts`` says whether the result will
    count in the statistics (False for a deal already counted).
    """

    def __init__(
        self, folder: Path, game: Game, *, daily: date | None = None, today: Callable[[], date] = date.today
    ) -> None:
        """Most callers want :meth:`open`; this plays ``game`` (reading the statistics, writing nothing)."""
        self.folder = folder
        self._today = today
        self._store = StatsStore(folder)
        self._can_save = True
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
        sweep_temp_files(folder)
        notes: list[str | None] = []
        saved, can_save = _load_saved(folder / GAME_FILE, notes)
        if saved is not None and saved.game.is_over:
            counted, note = _count(StatsStore(folder), saved.game)
            notes.append(note)
            if counted:
                saved = None  # done with; otherwise kept on disk until it can be counted
        day = today()
        wanted = deal_number(day) if daily else seed
        if saved is None or ((new or wanted is not None) and not saved.game.placed_count):
            session = cls(folder, _deal(wanted), daily=day if daily else None, today=today)
            session._can_save = can_save
            notes.append(session.save())
            return session, Opening(_join(notes), False)
        session = cls(folder, saved.game, daily=saved.daily, today=today)
        other = new or (wanted is not None and wanted != saved.game.seed)
        return session, Opening(_join(notes), other and not saved.game.is_over)

    @property
    def can_save(self) -> bool:
        """False when saving was ruled out at :meth:`open` (the player was told why)."""
        return self._can_save

    @property
    def in_progress(self) -> bool:
        """Whether leaving this game for another deal counts it as lost: a card is down and it is not over."""
        return self.game.placed_count > 0 and not self.game.is_over

    def save(self) -> str | None:
        """Save the game as it stands (call after every placement and undo); a line if that failed."""
        if not self._can_save:
            return None  # the player was told when the session opened
        try:
            save_game(self.folder / GAME_FILE, self.game, self.daily)
        except OSError as exc:
            return f"Could not save the game: {explain(exc)}."
        return None

    def record_finished(self) -> Finish:
        """Count the game that just ended, once per deal; call after :meth:`save`.

        Raises ValueError if the game is not over.
        """
        if not self.game.is_over:
            raise ValueError("the game is not over")
        share = share_line(self.daily, self.game) if self.daily is not None else None
        try:
            recorded = self._store.record(Result.of(self.game))
        except (OSError, Unusable) as exc:
            return Finish(False, None, share, f"Could not update the statistics: {explain(exc)}.")
        self.counts = False
        return Finish(recorded.counted, recorded.stats, share, recorded.message)

    def new_game(self, *, seed: int | None = None, daily: bool = False) -> str | None:
        """Leave this game for a new deal (random, number ``seed``, or today's) and save it.

        A game with a card placed is counted first (as abandoned, a loss, if
        it is not over), so ask the player first when :attr:`in_progress`.
        Returns a line if something went wrong.  Raises ValueError like
        :meth:`open`.
        """
        _check_request(seed, daily)
        notes: list[str | None] = []
        if self.game.placed_count:
            notes.append(_count(self._store, self.game)[1])
        day = self._today()
        self._set(_deal(deal_number(day) if daily else seed), day if daily else None)
        notes.append(self.save())
        return _join(notes)

    def stats(self) -> tuple[Stats, str | None]:
        """The statistics, and a line if the file was damaged (then moved aside) or could not be read."""
        try:
            return self._store.read()
        except (OSError, Unusable) as exc:
            return Stats.from_results([]), f"Could not read the statistics: {explain(exc)}."

    def _set(self, game: Game, daily: date | None) -> None:
        if game.seed is None:
            raise ValueError("a session plays numbered deals only")
        self.game = game
        self.daily = daily
        self.counts = not self._store.is_counted(game.seed)


def open_for_command(*, seed: int | None, daily: bool, new: bool) -> tuple[Session, Opening] | int:
    """:meth:`Session.open` for a command that plays: the session, or the exit status once one line on
    standard error has said why there is none (2 for a deal that cannot be asked for, 1 for a folder
    that cannot be used at all)."""
    try:
        return Session.open(seed=seed, daily=daily, new=new)
    except ValueError as exc:
        print(f"foursquare: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"foursquare: cannot use the folder for saved games: {explain(exc)}", file=sys.stderr)
        return 1


def _load_saved(path: Path, notes: list[str | None]) -> tuple[SavedGame | None, bool]:
    """The saved game, if any and usable, and whether the file may be overwritten."""
    if path.parent.exists() and not path.parent.is_dir():
        notes.append(f"Cannot keep games in {path.parent}: it is a file, not a folder; this game will not be saved.")
        return None, False
    try:
        return load_game(path), True
    except Unusable as exc:
        damaged = quarantine(path, str(exc))
        if damaged.aside is None:
            notes.append(damaged.describe("The saved game") + "; this game will not be saved.")
            return None, False
        notes.append(damaged.describe("The saved game") + "; a new game was dealt.")
        return None, True


def _deal(number: int | None) -> Game:
    """Deal ``number``, or a random deal when None."""
    if number is None:
        number = random_deal()
    return Game.deal(number)


def _count(store: StatsStore, game: Game) -> tuple[bool, str | None]:
    """Record ``game``'s result: whether it is now counted (or was before), and a line on trouble."""
    try:
        return True, store.record(Result.of(game)).message
    except (OSError, Unusable) as exc:
        return False, f"Could not count deal {game.seed} in the statistics: {explain(exc)}."


def _check_request(seed: int | None, daily: bool) -> None:
    if seed is not None and daily:
        raise ValueError("ask for a deal number or for the daily deal, not both")
    if seed is not None:
        check_deal_number(seed)


def _join(notes: list[str | None]) -> str | None:
    return " ".join(note for note in notes if note) or None
