"""The database of one data folder: the game in progress, every finished game, settings and reviews.

One SQLite file, ``foursquare.db``, opened with :meth:`Store.open`.  It runs in
WAL mode with a busy timeout, so several processes may read and write it at
once; every change is one transaction, synced to the disk before it returns,
so a process killed at any moment leaves the database as it was before or
after that change.  The schema carries its version (``PRAGMA user_version``)
and is brought up to date by :data:`MIGRATIONS`, from the first version on.

What is kept:

* ``current``: the game on the table (at most one row), as the saved-game
  envelope of :func:`~foursquare.storage.files.saved_game_json`, with when it
  started and, once it has ended and been recorded, the id of its row in
  ``games``;
* ``games``: every finished game, newest last, with a stable ``id``: its
  record (:meth:`Game.to_record`), deal, daily date, start and end times
  (ISO 8601, UTC), result, loss reason, score, cards placed, and whether it
  counts in the statistics.  A unique index lets each deal count only once;
* ``tally`` and ``streak``: how many counted games ended each way, and the
  current and longest winning streaks, kept up to date in the transaction
  that records a game (the tally by triggers on ``games``), so no statistic
  needs every game read;
* ``settings``: named JSON values the player chose (:meth:`Store.setting`);
* ``reviews``: a JSON value per finished game (:meth:`Store.save_review`);
* ``meta``: what the program itself must remember (old files imported).

A file that is not a database, or fails SQLite's ``quick_check``, is moved
aside like any damaged file and a fresh database is started; anything but a
regular file where the database or its companion files belong is moved aside
too, so SQLite never follows a link out of the data folder.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard

from foursquare.deals import deal_number
from foursquare.engine import LAST_DEAL, Game, Status
from foursquare.storage.files import (
    SavedGame,
    Unusable,
    make_folder,
    not_a_file,
    open_regular,
    parse_day,
    parse_iso,
    parse_saved_game,
    quarantine,
    saved_game_json,
    wrong_format,
)
from foursquare.storage.stats import LOSSES, MAX_SCORE, Ending, Result, Stats

__all__ = [
    "DB_FILE",
    "EXPORT_FORMAT",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Current",
    "FinishedGame",
    "Recorded",
    "Store",
    "StoreError",
    "check_finished",
    "describe_sqlite",
    "utc_now",
]

DB_FILE = "foursquare.db"
COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside the database."""
BUSY_SECONDS = 10.0
"""How long to wait for another process's transaction; transactions take milliseconds."""
FULL_CHECK_BYTES = 4 << 20
"""Databases up to this size get a full ``quick_check`` when opened (a few milliseconds);
bigger ones have their small tables checked and the rest checked as it is read."""
_HEADER = b"SQLite format 3\x00"

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE current (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        saved TEXT NOT NULL,
        started TEXT NOT NULL,
        finished_id INTEGER REFERENCES games(id)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        deal TEXT NOT NULL,
        daily TEXT,
        started TEXT,
        ended TEXT,
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
        loss_reason TEXT CHECK (loss_reason IN ('too_many_face_down', 'stock_empty')),
        score INTEGER,
        placed INTEGER,
        counted INTEGER NOT NULL CHECK (counted IN (0, 1)),
        record TEXT
    );
    CREATE UNIQUE INDEX games_counted_once ON games(deal) WHERE counted = 1;
    CREATE INDEX games_by_deal ON games(deal);
    CREATE INDEX games_tally ON games(counted, result, loss_reason, score);
    CREATE TABLE streak (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        current INTEGER NOT NULL,
        longest INTEGER NOT NULL
    );
    INSERT INTO streak VALUES (1, 0, 0);
    CREATE TABLE reviews (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        data TEXT NOT NULL,
        saved TEXT NOT NULL
    );
    """,
    """
    CREATE TABLE tally (
        key TEXT PRIMARY KEY,
        result TEXT NOT NULL,
        loss_reason TEXT,
        score INTEGER,
        games INTEGER NOT NULL
    );
    INSERT INTO tally (key, result, loss_reason, score, games)
        SELECT result || '/' || coalesce(loss_reason, '') || '/' || coalesce(score, ''),
               result, loss_reason, score, count(*)
        FROM games WHERE counted = 1 GROUP BY result, loss_reason, score;
    CREATE TRIGGER games_counted AFTER INSERT ON games WHEN NEW.counted = 1 BEGIN
        INSERT INTO tally (key, result, loss_reason, score, games)
            VALUES (NEW.result || '/' || coalesce(NEW.loss_reason, '') || '/' || coalesce(NEW.score, ''),
                    NEW.result, NEW.loss_reason, NEW.score, 1)
            ON CONFLICT (key) DO UPDATE SET games = games + 1;
    END;
    CREATE TRIGGER games_uncounted AFTER UPDATE OF counted ON games WHEN OLD.counted = 1 AND NEW.counted = 0 BEGIN
        UPDATE tally SET games = games - 1
            WHERE key = OLD.result || '/' || coalesce(OLD.loss_reason, '') || '/' || coalesce(OLD.score, '');
    END;
    DROP INDEX games_tally;
    """,
)
"""``MIGRATIONS[n]`` brings the schema from version n to n + 1.

1. The first layout.
2. ``tally``: how many counted games ended each way (result, loss reason,
   score), kept by triggers on ``games`` in the same transaction as the game,
   so the statistics read a few rows however long the history.
"""
SCHEMA_VERSION = len(MIGRATIONS)

EXPORT_FORMAT = "foursquare-finished-game"
EXPORT_VERSION = 1
_GAME_COLUMNS = "id, deal, daily, started, ended, result, loss_reason, score, placed, counted"


class StoreError(Exception):
    """The database cannot be used for what was asked; the message says why, in words for players."""


def utc_now() -> datetime:
    """The time now, in UTC to the second: what the database records."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def _stamp(when: datetime | None) -> str | None:
    return None if when is None else when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_stamp(text: Any) -> datetime | None:
    when = parse_iso(text, lambda t: datetime.fromisoformat(t.replace("Z", "+00:00")), "time")
    if when is None:
        return None
    if when.tzinfo is None:
        raise ValueError(f"time {text!r} has no time zone")
    return when.astimezone(timezone.utc)


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class FinishedGame:
    """One game in the history: how and when it ended, and (when known) its whole record.

    ``record`` is the engine's :meth:`Game.to_record`; it is None for games
    counted by versions that kept only results, and when the history is
    listed without records.
    """

    id: int | None
    deal: int
    daily: date | None
    started: datetime | None
    ended: datetime | None
    ending: Ending
    score: int | None
    placed: int | None
    counted: bool
    record: dict[str, Any] | None = None

    @classmethod
    def of(
        cls, game: Game, *, daily: date | None, started: datetime | None, ended: datetime, counted: bool
    ) -> FinishedGame:
        """The history entry of ``game`` as it stands (a game not over is abandoned)."""
        result = Result.of(game)
        return cls(
            None, result.deal, daily, started, ended, result.ending, result.score, game.placed_count, counted,
            game.to_record(),
        )  # fmt: skip

    @property
    def result(self) -> Result:
        return Result(self.deal, self.ending, self.score)

    def replay(self) -> Game | None:
        """The game rebuilt from its record through the rules; None without a record."""
        return None if self.record is None else Game.from_record(self.record)

    def to_json(self, *, record: bool = True) -> dict[str, Any]:
        """The game as one JSON object: a line of ``foursquare export``, or (without the record) of history."""
        value: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "id": self.id,
            "deal": self.deal,
            "daily": self.daily.isoformat() if self.daily else None,
            "started": _stamp(self.started),
            "ended": _stamp(self.ended),
            "result": self.ending.result,
            "loss_reason": self.ending.loss_reason,
            "score": self.score,
            "placed": self.placed,
            "counted": self.counted,
        }
        if record:
            value["game"] = self.record
        return value

    @classmethod
    def from_json(cls, value: Any) -> FinishedGame:
        """Read and check one exported game, replaying its record through the rules; ValueError says why not."""
        if not isinstance(value, dict):
            raise ValueError("not a JSON object")
        if value.get("format") != EXPORT_FORMAT:
            raise ValueError(wrong_format(value, EXPORT_FORMAT, "game"))
        if value.get("version") != EXPORT_VERSION or type(value.get("version")) is not int:
            raise ValueError(f"unknown version {value.get('version')!r}; this program reads {EXPORT_VERSION}")
        deal, score, placed, counted = (value.get(k) for k in ("deal", "score", "placed", "counted"))
        if not _is_whole(deal):
            raise ValueError(f"bad deal number {deal!r}")
        if score is not None and not _is_whole(score):
            raise ValueError(f"bad score {score!r}")
        if placed is not None and not _is_whole(placed):
            raise ValueError(f"bad number of cards placed {placed!r}")
        if not isinstance(counted, bool):
            raise ValueError(f"counted must be true or false, not {counted!r}")
        result, reason = value.get("result"), value.get("loss_reason")
        if not isinstance(result, str) or not (reason is None or isinstance(reason, str)):
            raise ValueError(f"bad result {result!r}")
        record = value.get("game")
        if record is not None and not isinstance(record, dict):
            raise ValueError("the game record must be a JSON object")
        finished = cls(
            None, deal, parse_day(value.get("daily")), _parse_stamp(value.get("started")),
            _parse_stamp(value.get("ended")), Ending.of(result, reason), score, placed, counted, record,
        )  # fmt: skip
        check_finished(finished)
        return finished


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


# SQLite's primary result codes (sqlite3 names them only from Python 3.11), with the words of its
# messages for Pythons whose errors carry no code, and what each means to a player.
_SQLITE_WORDS: tuple[tuple[int, str, str], ...] = (
    (13, "disk is full", "the disk is full"),
    (8, "readonly", "the database is read-only"),
    (5, "locked", "another foursquare kept the database busy too long; try again"),
    (6, "is locked", "another foursquare kept the database busy too long; try again"),
    (14, "unable to open", "the database cannot be opened"),
    (10, "disk I/O error", "the disk refused to read or write"),
    (3, "access permission", "permission denied"),
    (11, "malformed", "the database is damaged"),
    (26, "not a database", "not a database"),
)
_DAMAGE_CODES = (11, 26)


def _code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code for ``exc``, from the error or from its message."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(exc)
    return next((number for number, words, _ in _SQLITE_WORDS if words in text), None)


def _is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is damaged or not a database (not busy, full or read-only)."""
    return _code(exc) in _DAMAGE_CODES


def describe_sqlite(exc: sqlite3.Error) -> str:
    """An SQLite error in a few words for players."""
    code = _code(exc)
    return next((said for number, _, said in _SQLITE_WORDS if number == code), str(exc))


class Store:
    """The database of one data folder; see the module's description for what it holds.

    Every method is one transaction.  Methods raise :class:`StoreError` with
    a line for players when the database refuses (a full disk, a read-only
    file, damage found while reading).
    """

    def __init__(self, connection: sqlite3.Connection, path: Path | None) -> None:
        """Most callers want :meth:`open`."""
        self._db = connection
        self.path = path
        """The database file, or None for the empty store of a folder that holds none."""

    # --- opening -------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, *, create: bool = True) -> tuple[Store, list[str]]:
        """The database of ``folder``, and a line for each damaged file moved aside on the way.

        With ``create`` False and no database in the folder, an empty store in
        memory is returned and nothing is written.  Raises OSError when the
        folder cannot be made or used and :class:`StoreError` when the
        database cannot be opened (read-only, made by a newer version).
        """
        path = folder / DB_FILE
        if os.path.exists(folder) and not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(folder))
        if not create and not os.path.lexists(path):
            return cls.empty(), []
        make_folder(folder)
        notes: list[str] = []
        for _ in range(3):  # a damaged file is moved aside and the opening tried again
            damage = _set_aside_strangers(path)
            if damage is not None:
                notes.append(damage)
                continue
            try:
                return cls(_connect(path), path), notes
            except _Damaged as exc:
                notes.append(_set_aside(path, str(exc)))
        raise StoreError(f"the database {path} keeps coming back damaged")

    @classmethod
    def empty(cls) -> Store:
        """A store with nothing in it, in memory: what a folder without a database reads as."""
        connection = sqlite3.connect(":memory:", isolation_level=None)
        _migrate(connection)
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
                _roll_back(self._db)
                raise
            self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite's errors as lines for players; damage found while reading moves the file aside at once."""
        try:
            yield
        except sqlite3.Error as exc:
            if _is_damage(exc) and self.path is not None:
                raise StoreError(self._start_afresh(describe_sqlite(exc))) from exc
            raise StoreError(describe_sqlite(exc)) from exc

    def _start_afresh(self, reason: str) -> str:
        """Move the damaged database aside and go on with a fresh one; the line that says so."""
        assert self.path is not None
        self._db.close()
        note = _set_aside(self.path, reason).rstrip(".")
        self._db = _connect(self.path)
        return note

    def _one(self, sql: str, *args: Any) -> Any:
        with self._errors():
            return self._db.execute(sql, args).fetchone()

    # --- the game in progress ------------------------------------------------

    def current(self) -> Current | None:
        """The game on the table, None if there is none.

        Raises :class:`Unusable` when the kept game is damaged or breaks the
        rules (the caller deals afresh and says so).
        """
        row = self._one("SELECT saved, started, finished_id FROM current WHERE slot = 1")
        if row is None:
            return None
        saved, started, finished_id = row
        try:
            kept = parse_saved_game(json.loads(saved))
            when = _parse_stamp(started) or utc_now()
        except (ValueError, TypeError, RecursionError) as exc:
            raise Unusable(str(exc)) from None
        return Current(kept.game, kept.daily, when, finished_id)

    def save_current(self, game: Game, daily: date | None, started: datetime, finished_id: int | None = None) -> None:
        """Keep ``game`` as the game on the table (after every placement, undo and redo)."""
        saved = json.dumps(saved_game_json(game, daily), separators=(",", ":"))
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO current (slot, saved, started, finished_id) VALUES (1, ?, ?, ?)",
                (saved, _stamp(started), finished_id),
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
                        _stamp(finished.ended),
                        finished.ending.result,
                        finished.score,
                        None if finished.record is None else json.dumps(finished.record, separators=(",", ":")),
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
                raise KeyError(f"there is no game {game_id} in the history")
            db.execute(
                "INSERT OR REPLACE INTO reviews (game_id, data, saved) VALUES (?, ?, ?)",
                (game_id, text, _stamp(utc_now())),
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
        except ValueError:
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
            (text, _stamp(started)),
        )


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
            _stamp(finished.started),
            _stamp(finished.ended),
            finished.ending.result,
            finished.ending.loss_reason,
            finished.score,
            finished.placed,
            int(counted),
            None if finished.record is None else json.dumps(finished.record, separators=(",", ":")),
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
        game_id, int(deal), parse_day(daily), _parse_stamp(started), _parse_stamp(ended),
        Ending.of(result, loss_reason), score, placed, bool(counted), record,
    )  # fmt: skip


def check_finished(finished: FinishedGame) -> None:
    """Check that a finished game read from elsewhere is one the rules allow; ValueError says what is wrong."""
    if not 0 <= finished.deal <= LAST_DEAL:
        raise ValueError(f"bad deal number {finished.deal}")
    if finished.score is not None and not 0 <= finished.score <= MAX_SCORE:
        raise ValueError(f"a score goes from 0 to {MAX_SCORE}, not {finished.score}")
    Result(finished.deal, finished.ending, finished.score)  # a score with a win, and only with a win
    if finished.daily is not None and deal_number(finished.daily) != finished.deal:
        raise ValueError(f"deal {finished.deal} is not the daily deal of {finished.daily.isoformat()}")
    game = finished.replay()
    if game is None:
        return
    if game.seed != finished.deal:
        raise ValueError(f"the record is of deal {game.seed}, not {finished.deal}")
    if Result.of(game) != finished.result:
        raise ValueError(f"the record's game did not end as {finished.ending.label}")
    if finished.ending is Ending.ABANDONED and game.status is not Status.PLAYING:
        raise ValueError("an abandoned game cannot be over")
    if finished.placed is not None and finished.placed != game.placed_count:
        raise ValueError(f"{finished.placed} cards placed, but the record places {game.placed_count}")


# --- opening the file ---------------------------------------------------------------


class _Damaged(Exception):
    """The database file is damaged; the message says how."""


def _set_aside_strangers(path: Path) -> str | None:
    """Move aside anything but a regular file where the database or its companions belong; a line if so."""
    for candidate in (path, *(path.with_name(path.name + suffix) for suffix in COMPANIONS)):
        if not os.path.lexists(candidate):
            continue
        try:
            os.close(open_regular(candidate))
        except FileNotFoundError:
            continue
        except OSError as exc:
            reason = not_a_file(candidate) if exc.strerror is None else exc.strerror
            damaged = quarantine(candidate, reason)
            if damaged.aside is None:
                raise OSError(
                    exc.errno, f"{candidate} is {reason} and cannot be moved aside ({damaged.error})"
                ) from None
            return damaged.note(f"The database file {candidate.name}", "file")
    return None


def _set_aside(path: Path, reason: str) -> str:
    """Move a damaged database aside with its companion files, stamped alike; the line to show."""
    damaged = quarantine(path, reason)
    if damaged.aside is None:
        raise StoreError(damaged.describe("The database of your games", "nothing will be saved"))
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if os.path.lexists(companion):
            with contextlib.suppress(OSError):
                os.rename(companion, damaged.aside.with_name(damaged.aside.name + suffix))
    return damaged.note("The database of your games", "database", "a fresh one was started")


def _connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate the database at ``path`` (a regular file or nothing)."""
    if os.path.exists(path):
        fd = open_regular(path)
        try:
            header = os.read(fd, len(_HEADER))
        finally:
            os.close(fd)
        if header and header != _HEADER:
            raise _Damaged("not a database")
    try:
        connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(f"the database {path} cannot be opened: {describe_sqlite(exc)}") from None
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        _check(connection, path)
        _migrate(connection)
    except sqlite3.Error as exc:
        connection.close()
        if _is_damage(exc):
            raise _Damaged(describe_sqlite(exc)) from None
        raise StoreError(f"the database {path} cannot be used: {describe_sqlite(exc)}") from None
    except BaseException:
        connection.close()
        raise
    return connection


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """SQLite's own quick check: of everything when the file is small, else of the small tables."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"the database {path} was written by a newer foursquare (version {version} of the layout; "
            f"this one knows up to {SCHEMA_VERSION}): update foursquare to use it"
        )
    if version == 0:
        return
    if path.stat().st_size <= FULL_CHECK_BYTES:
        checks = [connection.execute("PRAGMA quick_check").fetchall()]
    else:
        checks = [connection.execute(f"PRAGMA quick_check({table})").fetchall() for table in _SMALL_TABLES]
    problems = [row[0] for rows in checks for row in rows if row[0] != "ok"]
    if problems:
        raise _Damaged(f"failed SQLite's check: {problems[0]}")


_SMALL_TABLES = ("current", "settings", "meta", "streak")


def _roll_back(connection: sqlite3.Connection) -> None:
    """Undo the transaction in progress, if any, keeping the exception that ended it (Ctrl-C included)."""
    if connection.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")


def _statements(script: str) -> Iterator[str]:
    """The statements of a migration one by one (``executescript`` would end the transaction)."""
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            yield statement
            statement = ""
    if statement.strip():
        raise ValueError(f"an unfinished statement in a migration: {statement!r}")


def _migrate(connection: sqlite3.Connection) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION`, each step in one transaction with its version."""
    if connection.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return  # the usual case: no write lock needed, so a busy database still opens
    while True:
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version >= SCHEMA_VERSION:
                connection.execute("COMMIT")
                return
            for statement in _statements(MIGRATIONS[version]):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {version + 1}")
            connection.execute("COMMIT")
        except BaseException:
            _roll_back(connection)
            raise
