"""The database's layout, how it is brought up to date, and how a connection to it is made and checked.

One SQLite file, ``foursquare.db``, in WAL mode with a busy timeout, so
several processes may read and write it at once.  The layout carries its
version (``PRAGMA user_version``) and is brought up to date by
:data:`MIGRATIONS`, from the first version on, every step still to take in one transaction.

What is kept:

* ``current``: the game on the table (at most one row), as the saved-game
  envelope of :func:`~foursquare.storage.formats.saved_game_json`, with when
  it started and, once it has ended and been recorded, the id of its row in
  ``games``;
* ``games``: every finished game, with a stable ``id``: its record
  (:meth:`Game.to_record`), deal, daily date, start and end times (ISO
  8601, UTC), result, loss reason, score, cards placed, and whether it
  counts in the statistics.  A unique index lets each deal count only once;
  the history's order is by end time, start time, then id (``games_by_end``);
* ``tally`` and ``streak``: how many counted games ended each way, and the
  current and longest winning streaks, kept up to date in the transaction
  that records a game (the tally by triggers on ``games``), so no statistic
  needs every game read; ``help_tally`` and the streak's ``alone_*`` do the
  same split by the help the games had, for the record on your own;
* ``settings``: named JSON values the player chose;
* ``reviews``: a JSON value per finished game;
* ``practice_solved``: the positions of practice solved (game id and placement number);
* ``meta``: what the program itself must remember (old files imported).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from foursquare.storage.files import open_regular
from foursquare.storage.problems import Flaw, Kind, Problem, Reason, StoreError, refused

__all__ = [
    "BUSY_SECONDS",
    "COMPANIONS",
    "DB_FILE",
    "FULL_CHECK_BYTES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Damaged",
    "connect",
    "is_damage",
    "migrate",
    "roll_back",
    "sqlite_reason",
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
_SMALL_TABLES = ("current", "settings", "meta", "streak")

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
    """
    CREATE INDEX games_by_deal_ended ON games(deal, ended);
    DROP INDEX games_by_deal;
    """,
    """
    ALTER TABLE current ADD COLUMN help TEXT;
    ALTER TABLE games ADD COLUMN take_backs INTEGER;
    ALTER TABLE games ADD COLUMN tips INTEGER;
    ALTER TABLE games ADD COLUMN autoplayed INTEGER;
    ALTER TABLE games ADD COLUMN played_before INTEGER;
    ALTER TABLE streak ADD COLUMN alone_current INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE streak ADD COLUMN alone_longest INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE help_tally (
        key TEXT PRIMARY KEY,
        help TEXT NOT NULL,
        result TEXT NOT NULL,
        loss_reason TEXT,
        score INTEGER,
        games INTEGER NOT NULL
    );
    INSERT INTO help_tally (key, help, result, loss_reason, score, games)
        SELECT 'unrecorded/' || key, 'unrecorded', result, loss_reason, score, games FROM tally WHERE games != 0;
    CREATE TRIGGER games_counted_help AFTER INSERT ON games WHEN NEW.counted = 1 BEGIN
        INSERT INTO help_tally (key, help, result, loss_reason, score, games)
            SELECT kind || '/' || NEW.result || '/' || coalesce(NEW.loss_reason, '') || '/' || coalesce(NEW.score, ''),
                   kind, NEW.result, NEW.loss_reason, NEW.score, 1
            FROM (SELECT CASE WHEN NEW.take_backs IS NULL OR NEW.tips IS NULL OR NEW.autoplayed IS NULL
                              THEN 'unrecorded'
                              WHEN NEW.take_backs = 0 AND NEW.tips = 0 AND NEW.autoplayed = 0 THEN 'alone'
                              ELSE 'helped' END AS kind)
            WHERE true
            ON CONFLICT (key) DO UPDATE SET games = games + 1;
    END;
    CREATE TRIGGER games_uncounted_help AFTER UPDATE OF counted ON games WHEN OLD.counted = 1 AND NEW.counted = 0
    BEGIN
        UPDATE help_tally SET games = games - 1
            WHERE key = CASE WHEN OLD.take_backs IS NULL OR OLD.tips IS NULL OR OLD.autoplayed IS NULL
                             THEN 'unrecorded'
                             WHEN OLD.take_backs = 0 AND OLD.tips = 0 AND OLD.autoplayed = 0 THEN 'alone'
                             ELSE 'helped' END
                        || '/' || OLD.result || '/' || coalesce(OLD.loss_reason, '') || '/' || coalesce(OLD.score, '');
    END;
    """,
    """
    CREATE TABLE practice_solved (
        game_id INTEGER NOT NULL REFERENCES games(id),
        placement INTEGER NOT NULL CHECK (placement >= 1),
        solved TEXT NOT NULL,
        PRIMARY KEY (game_id, placement)
    );
    """,
    """
    CREATE INDEX games_by_end ON games(ended, started, id);
    """,
    """
    ALTER TABLE games ADD COLUMN autoplayed_at TEXT;
    """,
)
"""``MIGRATIONS[n]`` brings the schema from version n to n + 1.

1. The first layout.
2. ``tally``: how many counted games ended each way (result, loss reason,
   score), kept by triggers on ``games`` in the same transaction as the game,
   so the statistics read a few rows however long the history.
3. ``games_by_deal_ended``: what the import's check for a game already in
   the history looks up (deal and end time), so that it reads one row
   instead of every game on the deal; it replaces ``games_by_deal``, its
   first half.
4. Help (:mod:`~foursquare.storage.helped`): ``take_backs``, ``tips``,
   ``autoplayed`` and ``played_before`` on every finished game (NULL on the
   games kept before: their help is not known), ``help`` (JSON) on the game
   in progress, and the record on your own kept as cheaply as the other:
   ``help_tally`` counts the counted games each way as ``tally`` does, split
   by ``alone``, ``helped`` and ``unrecorded`` (kept by triggers), and
   ``streak`` gets the streaks of the games played alone.
5. ``practice_solved``: the practice positions (a kept game's placement that
   worth practising) the player has solved, by game id and placement
   number, so that practice moves on to the next.
6. ``games_by_end``: the history in the order the games ended (then by
   when they started, for games ended in the same second, then by id; games
   with no end time come first), so that games imported out of order, or
   played on another machine before, still list, count in the streaks and
   come as "the last game" by when they were played.
7. ``autoplayed_at``: which placements of a finished game autoplay made,
   as a JSON list of placement numbers (NULL on the games kept before: not
   known), so that a review judges the player on their own cards.
"""
SCHEMA_VERSION = len(MIGRATIONS)


# --- SQLite's errors --------------------------------------------------------------------

# SQLite's primary result codes (sqlite3 names them only from Python 3.11), with the words of its
# messages for Pythons whose errors carry no code.
_SQLITE_CODES: tuple[tuple[int, str, Reason], ...] = (
    (13, "disk is full", Reason.DISK_FULL),
    (8, "readonly", Reason.READ_ONLY),
    (5, "locked", Reason.BUSY),
    (6, "is locked", Reason.BUSY),
    (14, "unable to open", Reason.CANNOT_OPEN),
    (10, "disk I/O error", Reason.DISK_IO),
    (3, "access permission", Reason.PERMISSION),
    (11, "malformed", Reason.DAMAGED),
    (26, "not a database", Reason.NOT_A_DATABASE),
)
_DAMAGE = (Reason.DAMAGED, Reason.NOT_A_DATABASE)


def sqlite_reason(exc: sqlite3.Error) -> tuple[Reason, str | None]:
    """What SQLite's error ``exc`` means, from its result code or its message (and the message, if unknown)."""
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc)
    if isinstance(code, int):
        found = next((reason for number, _, reason in _SQLITE_CODES if number == code & 0xFF), None)
    else:
        found = next((reason for _, words, reason in _SQLITE_CODES if words in text), None)
    return (Reason.SQLITE, text) if found is None else (found, None)


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is damaged or not a database (not busy, full or read-only)."""
    return sqlite_reason(exc)[0] in _DAMAGE


# --- connecting ------------------------------------------------------------------------------


class Damaged(Exception):
    """The database file is damaged: ``reason`` (and ``detail``) say how; :mod:`~foursquare.storage.repair` acts."""

    def __init__(self, reason: Reason, detail: str | None = None) -> None:
        super().__init__(reason.value)
        self.reason = reason
        self.detail = detail


def connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate the database at ``path`` (a regular file or nothing).

    :class:`Damaged` when the file is not a database or fails SQLite's
    check; :class:`StoreError` when it cannot be opened or used otherwise.
    """
    if os.path.exists(path):
        fd = open_regular(path)
        try:
            header = os.read(fd, len(_HEADER))
        finally:
            os.close(fd)
        if header and header != _HEADER:
            raise Damaged(Reason.NOT_A_DATABASE)
    try:
        # the timeout is SQLite's busy timeout: a writer waits for another instead of failing at once
        connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        reason, detail = sqlite_reason(exc)
        raise StoreError(Problem(Kind.DATABASE_UNOPENABLE, reason, path, detail)) from None
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        _check(connection, path)
        migrate(connection, path)
    except sqlite3.Error as exc:
        connection.close()
        reason, detail = sqlite_reason(exc)
        if reason in _DAMAGE:
            raise Damaged(reason, detail) from None
        raise StoreError(Problem(Kind.DATABASE_UNUSABLE, reason, path, detail)) from None
    except BaseException:
        connection.close()
        raise
    return connection


def _version(connection: sqlite3.Connection, path: Path | None) -> int:
    """The layout's version, refused when no version of this program wrote it (newer, or negative)."""
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise StoreError(Problem(Kind.DATABASE_NEWER, Reason.NEWER, path, number=version))
    if version < 0:
        raise StoreError(Problem(Kind.DATABASE_NEGATIVE, Reason.INVALID, path, number=version))
    return version


def _check(connection: sqlite3.Connection, path: Path) -> None:
    """SQLite's own quick check: of everything when the file is small, else of the small tables.

    A database at version 0 is new, unless it holds tables: then another
    program made it (Foursquare sets the version in the transaction that makes
    its tables), and it is moved aside like a damaged one rather than written into.
    Both are read in one transaction: read apart, a game starting while another
    makes the database could see version 0 and then the tables, and move aside
    the history that the other goes on writing.
    """
    connection.execute("BEGIN")  # one snapshot: another process may make the tables between two reads
    try:
        version = _version(connection, path)
        tables = connection.execute("SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' LIMIT 1").fetchone()
    finally:
        roll_back(connection)
    if version == 0:
        if tables:
            raise Damaged(Reason.FOREIGN)
        return
    if path.stat().st_size <= FULL_CHECK_BYTES:
        checks = [connection.execute("PRAGMA quick_check").fetchall()]
    else:
        checks = [connection.execute(f"PRAGMA quick_check({table})").fetchall() for table in _SMALL_TABLES]
    problems = [row[0] for rows in checks for row in rows if row[0] != "ok"]
    if problems:
        raise Damaged(Reason.CHECK_FAILED, str(problems[0]))


def roll_back(connection: sqlite3.Connection) -> None:
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
        raise refused(Flaw.UNFINISHED_STATEMENT, repr(statement))


def migrate(connection: sqlite3.Connection, path: Path | None = None) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION`: every step still to take, and the version, in one transaction.

    One commit, not one a step: a new database (every step) is made with a
    single wait for the disk, and a failure leaves the layout as it was.
    """
    if _version(connection, path) == SCHEMA_VERSION:
        return  # the usual case: no write lock needed, so a busy database still opens
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = _version(connection, path)  # again: another process may have migrated it meanwhile
        for script in MIGRATIONS[version:]:
            for statement in _statements(script):
                connection.execute(statement)
        if version != SCHEMA_VERSION:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        roll_back(connection)
        raise
