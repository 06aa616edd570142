"""The database of one data folder as the rest of the program uses it: the game in progress, the history,
the statistics, settings and reviews.

Opened with :meth:`Store.open` (see :mod:`~foursquare.storage.schema` for
what it holds).  Every change is one transaction, synced to the disk before
it returns, so a process killed at any moment leaves the database as it was
before or after that change.  Damage SQLite finds while reading moves the
file aside at once (:mod:`~foursquare.storage.repair`) and the store goes on
with a fresh one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from foursquare.engine import Game
from foursquare.storage.files import make_folder
from foursquare.storage.formats import (
    FinishedGame,
    SavedGame,
    parse_day,
    parse_saved_game,
    parse_stamp,
    saved_game_json,
    stamp,
    utc_now,
)
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.repair import open_database, set_aside
from foursquare.storage.schema import DB_FILE, connect, is_damage, migrate, roll_back, sqlite_reason
from foursquare.storage.stats import LOSSES, MAX_SCORE, Ending, Stats

__all__ = ["Changes", "Current", "Recorded", "Store"]

_GAME_COLUMNS = "id, deal, daily, started, ended, result, loss_reason, score, placed, counted"


class Current(NamedTuple):
    """The game on the table as the database keeps it."""

    game: Game
    daily: date | None
    started: datetime
    finished_id: int | None
    """The game's id in the history once it ended and was recorded, else None."""


class Recorded(NamedTuple):
    """What recording a finished game did."""

    game_id: int
    counted: bool
    """False when its deal was counted before."""


class Store:
    """The database of one data folder; see :mod:`~foursquare.storage.schema` for what it holds.

    Every method is one transaction.  Methods raise :class:`StoreError` when
    the database refuses (a full disk, a read-only file, damage found while
    reading).
    """

    def __init__(self, connection: sqlite3.Connection, path: Path | None) -> None:
        """Most callers want :meth:`open`."""
        self._db = connection
        self.path = path
        """The database file, or None for the empty store of a folder that holds none."""
        self._met: list[Problem] = []
        """Problems met while reading that did not stop it (see :meth:`take_problems`)."""

    # --- opening -------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, *, create: bool = True) -> tuple[Store, list[Problem]]:
        """The database of ``folder``, and a problem for each damaged file moved aside on the way.

        With ``create`` False and no database in the folder, an empty store in
        memory is returned and nothing is written.  Raises :class:`StoreError`
        when the folder cannot be made or used or the database cannot be
        opened (read-only, made by a newer version).
        """
        path = folder / DB_FILE
        if os.path.exists(folder) and not folder.is_dir():
            raise StoreError(Problem(Kind.FOLDER_IS_A_FILE, Reason.NOT_REGULAR, folder))
        if not create and not os.path.lexists(path):
            return cls.empty(), []
        make_folder(folder)
        connection, problems = open_database(path)
        return cls(connection, path), problems

    @classmethod
    def empty(cls) -> Store:
        """A store with nothing in it, in memory: what a folder without a database reads as."""
        connection = sqlite3.connect(":memory:", isolation_level=None)
        migrate(connection)
        return cls(connection, None)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once so that two writers queue instead of deadlocking."""
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                roll_back(self._db)
                raise
            self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite's errors as problems; damage found while reading moves the file aside at once."""
        try:
            yield
        except sqlite3.Error as exc:
            reason, detail = sqlite_reason(exc)
            if is_damage(exc) and self.path is not None:
                raise StoreError(self._start_afresh(reason, detail)) from exc
            raise StoreError(Problem(Kind.REFUSED, reason, self.path, detail)) from exc

    def _start_afresh(self, reason: Reason, detail: str | None) -> Problem:
        """Move the damaged database aside and go on with a fresh one; the problem that says so."""
        assert self.path is not None
        self._db.close()
        moved = set_aside(self.path, reason, detail)
        self._db = connect(self.path)
        return moved

    def _one(self, sql: str, *args: Any) -> Any:
        with self._errors():
            return self._db.execute(sql, args).fetchone()

    def take_problems(self) -> list[Problem]:
        """The problems met while reading since the last call, each once: rows of the history left out,
        the statistics worked out again from the games, a kept review dropped.  Every caller that shows
        what it read shows these too, one line each."""
        met, self._met = self._met, []
        return met

    # --- the game in progress ------------------------------------------------

    def current(self) -> Current | None:
        """The game on the table, None if there is none.

        Raises :class:`StoreError` (kind ``GAME_IN_PROGRESS``) when the kept
        game is damaged or breaks the rules (the caller deals afresh and says so).
        """
        row = self._one("SELECT saved, started, finished_id FROM current WHERE slot = 1")
        if row is None:
            return None
        saved, started, finished_id = row
        try:
            kept = parse_saved_game(json.loads(saved))
            when = parse_stamp(started) or utc_now()
        except (ValueError, TypeError, RecursionError) as exc:
            raise StoreError(Problem(Kind.GAME_IN_PROGRESS, Reason.INVALID, self.path, str(exc))) from None
        return Current(kept.game, kept.daily, when, finished_id)

    def save_current(self, game: Game, daily: date | None, started: datetime, finished_id: int | None = None) -> None:
        """Keep ``game`` as the game on the table (after every placement, undo and redo)."""
        saved = json.dumps(saved_game_json(game, daily), separators=(",", ":"))
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO current (slot, saved, started, finished_id) VALUES (1, ?, ?, ?)",
                (saved, stamp(started), finished_id),
            )

    def saved_game(self) -> SavedGame | None:
        """The game on the table with its daily date, or None (see :meth:`current` for damage)."""
        current = self.current()
        return None if current is None else SavedGame(current.game, current.daily)

    # --- finished games --------------------------------------------------------

    def record(self, finished: FinishedGame, *, mark_current: bool = False) -> Recorded:
        """Add a finished game to the history, counted unless its deal was counted before.

        ``finished.counted`` says whether it should count at all.  With
        ``mark_current`` the game on the table is marked as recorded in the
        same transaction, so that it is never recorded twice.
        """
        with self._transaction() as db:
            recorded = _insert(db, finished)
            if mark_current:
                db.execute("UPDATE current SET finished_id = ? WHERE slot = 1", (recorded.game_id,))
        return recorded

    def add_imported(self, games: list[FinishedGame]) -> list[bool]:
        """Add games read from elsewhere, in one transaction; for each, False if it was already here.

        A game is already here when a game on the same deal, ended at the same
        time with the same result and record, is in the history.
        """
        added: list[bool] = []
        with self._transaction() as db:
            for finished in games:
                present = db.execute(
                    "SELECT 1 FROM games WHERE deal = ? AND ended IS ? AND result = ? AND score IS ? AND record IS ?",
                    (
                        str(finished.deal),
                        stamp(finished.ended),
                        finished.ending.result,
                        finished.score,
                        _record_text(finished),
                    ),
                ).fetchone()
                if present is None:
                    _insert(db, finished)
                added.append(present is None)
        return added

    def is_counted(self, deal: int) -> bool:
        """Whether a game on ``deal`` counts in the statistics already."""
        return self._one("SELECT 1 FROM games WHERE deal = ? AND counted = 1", str(deal)) is not None

    def history(self, limit: int | None = None, *, records: bool = False) -> list[FinishedGame]:
        """The finished games, newest first, at most ``limit`` of them; with their records if asked."""
        columns = _GAME_COLUMNS + (", record" if records else "")
        with self._errors():
            rows = self._db.execute(
                f"SELECT {columns} FROM games ORDER BY id DESC LIMIT ?", (-1 if limit is None else limit,)
            )
            return [_finished(row) for row in rows]

    def each_game(self) -> Iterator[FinishedGame]:
        """Every finished game with its record, oldest first, read as it is used (for export)."""
        with self._errors():
            rows = self._db.execute(f"SELECT {_GAME_COLUMNS}, record FROM games ORDER BY id")
            for row in rows:
                yield _finished(row)

    def game(self, game_id: int) -> FinishedGame | None:
        """The finished game with this id, record included; None if there is none."""
        row = self._one(f"SELECT {_GAME_COLUMNS}, record FROM games WHERE id = ?", game_id)
        return None if row is None else _finished(row)

    def newest_game(self) -> FinishedGame | None:
        """The game that ended last, record included; None before the first game ends."""
        row = self._one(f"SELECT {_GAME_COLUMNS}, record FROM games ORDER BY id DESC LIMIT 1")
        return None if row is None else _finished(row)

    def game_count(self) -> int:
        return int(self._one("SELECT count(*) FROM games")[0])

    # --- statistics ------------------------------------------------------------

    def stats(self) -> Stats:
        """Every figure, from the counted games' tally and streaks (a few rows, whatever the history's length)."""
        histogram = [0] * (MAX_SCORE + 1)
        losses = dict.fromkeys(LOSSES, 0)
        played = won = total = 0
        best: int | None = None
        with self._errors():
            rows = self._db.execute("SELECT result, loss_reason, score, games FROM tally WHERE games > 0").fetchall()
            current, longest = self._db.execute("SELECT current, longest FROM streak WHERE slot = 1").fetchone()
        for result, loss_reason, score, count in rows:
            played += count
            ending = Ending.of(result, loss_reason)
            if ending is Ending.WON:
                won += count
                histogram[score] += count
                total += score * count
                best = score if best is None else max(best, score)
            else:
                losses[ending] += count
        return Stats(
            played=played,
            won=won,
            current_streak=current,
            longest_streak=longest,
            best_score=best,
            average_score=total / won if won else None,
            histogram=tuple(histogram),
            losses=losses,
        )

    def reset_stats(self) -> int:
        """Clear the statistics: no game counts any more (the history stays); returns how many did."""
        with self._transaction() as db:
            cleared = db.execute("UPDATE games SET counted = 0 WHERE counted = 1").rowcount
            db.execute("UPDATE streak SET current = 0, longest = 0 WHERE slot = 1")
        return int(cleared)

    # --- reviews, settings, notes -------------------------------------------------

    def save_review(self, game_id: int, data: Any) -> None:
        """Keep ``data`` (anything JSON can hold) as the review of finished game ``game_id``, replacing any.

        Raises KeyError when there is no such game.
        """
        text = json.dumps(data, separators=(",", ":"))
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise KeyError(game_id)
            db.execute(
                "INSERT OR REPLACE INTO reviews (game_id, data, saved) VALUES (?, ?, ?)",
                (game_id, text, stamp(utc_now())),
            )

    def load_review(self, game_id: int) -> Any | None:
        """The review kept with game ``game_id``, or None if it has none."""
        row = self._one("SELECT data FROM reviews WHERE game_id = ?", game_id)
        return None if row is None else json.loads(row[0])

    def setting(self, name: str, default: Any = None) -> Any:
        """The player's setting ``name`` (any JSON value), or ``default`` if never set or unreadable."""
        row = self._one("SELECT value FROM settings WHERE name = ?", name)
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except (ValueError, TypeError, RecursionError):
            return default

    def set_setting(self, name: str, value: Any) -> None:
        """Remember the player's setting ``name`` (any JSON value) for the next runs."""
        text = json.dumps(value, separators=(",", ":"))
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", (name, text))

    @contextlib.contextmanager
    def changing(self) -> Iterator[Changes]:
        """Several changes as one transaction: all of them are kept, or none."""
        with self._transaction() as db:
            yield Changes(db)


class Changes:
    """The changes one :meth:`Store.changing` transaction may make."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def record(self, finished: FinishedGame) -> Recorded:
        return _insert(self._db, finished)

    def write_note(self, name: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value))

    def note(self, name: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def save_current(self, saved: SavedGame, started: datetime) -> None:
        text = json.dumps(saved_game_json(saved.game, saved.daily), separators=(",", ":"))
        self._db.execute(
            "INSERT OR IGNORE INTO current (slot, saved, started, finished_id) VALUES (1, ?, ?, NULL)",
            (text, stamp(started)),
        )


def _record_text(finished: FinishedGame) -> str | None:
    return None if finished.record is None else json.dumps(finished.record, separators=(",", ":"))


def _insert(db: sqlite3.Connection, finished: FinishedGame) -> Recorded:
    """Add one game to the history inside a transaction, and move the streaks on if it counts."""
    deal = str(finished.deal)
    counted = (
        finished.counted
        and db.execute("SELECT 1 FROM games WHERE deal = ? AND counted = 1", (deal,)).fetchone() is None
    )
    won = finished.ending is Ending.WON
    cursor = db.execute(
        "INSERT INTO games (deal, daily, started, ended, result, loss_reason, score, placed, counted, record)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            deal,
            finished.daily.isoformat() if finished.daily else None,
            stamp(finished.started),
            stamp(finished.ended),
            finished.ending.result,
            finished.ending.loss_reason,
            finished.score,
            finished.placed,
            int(counted),
            _record_text(finished),
        ),
    )
    if counted:
        db.execute(
            "UPDATE streak SET current = CASE WHEN ? THEN current + 1 ELSE 0 END,"
            " longest = max(longest, CASE WHEN ? THEN current + 1 ELSE 0 END) WHERE slot = 1",
            (won, won),
        )
    assert cursor.lastrowid is not None
    return Recorded(cursor.lastrowid, counted)


def _finished(row: tuple[Any, ...]) -> FinishedGame:
    game_id, deal, daily, started, ended, result, loss_reason, score, placed, counted, *rest = row
    record = json.loads(rest[0]) if rest and rest[0] is not None else None
    return FinishedGame(
        game_id, int(deal), parse_day(daily), parse_stamp(started), parse_stamp(ended),
        Ending.of(result, loss_reason), score, placed, bool(counted), record,
    )  # fmt: skip
