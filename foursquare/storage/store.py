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
import functools
import json
import sqlite3
from datetime import date

from foursquare.engine.values import Value, replace
from foursquare.storage.files import look_into, make_folder
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
from foursquare.storage.helped import HELP_KEYS, Help
from foursquare.storage.problems import Flaw, Kind, Problem, Reason, StoreError, invalid, refused
from foursquare.storage.repair import open_database, set_aside
from foursquare.storage.schema import COMPANIONS, DB_FILE, connect, is_damage, migrate, roll_back, sqlite_reason
from foursquare.storage.stats import LOSSES, MAX_SCORE, DailyRecord, Ending, Records, Stats
from foursquare.storage.window import LOCK_FILE

TYPE_CHECKING = False
if TYPE_CHECKING:  # games come in from the session, already made: the store needs none of the rules, nor typing
    from collections.abc import Iterator
    from datetime import datetime
    from pathlib import Path
    from typing import Any

    from foursquare.engine import Game

__all__ = ["Changes", "Current", "Recorded", "Span", "Store", "kept_files"]

_GAME_COLUMNS = (
    "id, deal, daily, started, ended, result, loss_reason, score, placed, counted, take_backs, tips, autoplayed,"
    " played_before, autoplayed_at"
)


def kept_files(folder: Path) -> tuple[Path, ...]:
    """The files a data folder keeps for itself, which nothing else may write: the database, its companions
    and the window lock."""
    database = folder / DB_FILE
    return (database, *(database.with_name(database.name + suffix) for suffix in COMPANIONS), folder / LOCK_FILE)


class Current(Value):
    """The game on the table as the database keeps it."""

    game: Game
    daily: date | None
    started: datetime
    finished_id: int | None
    """The game's id in the history once it ended and was recorded, else None."""
    help: Help | None = None
    """The help the game has had so far; None for a game begun before help was recorded."""
    answer: bool | None = None
    """The player's answer to the question before the first help (None: not asked)."""


class Span(Value):
    """What a run of finished games spans (see :meth:`Store.history_span`)."""

    games: int
    largest_id: int
    widest_deal: int
    """The longest deal number, counting `` daily`` after a daily deal's."""
    widest_score: int
    widest_placed: int
    any_ended: bool
    endings: frozenset[tuple[Ending, bool]]
    """How the games ended, each with whether it counted."""


class Recorded(Value):
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
        if not create and not look_into(folder, DB_FILE):
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

    def _named(self, sql: str, *args: Any) -> sqlite3.Cursor:
        """The rows of ``sql``, each read by its columns' names (``row["deal"]``), not by their places."""
        cursor = self._db.cursor()
        cursor.row_factory = sqlite3.Row
        return cursor.execute(sql, args)

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
        row = self._one("SELECT saved, started, finished_id, help FROM current WHERE slot = 1")
        if row is None:
            return None
        saved, started, finished_id, helped = row
        try:
            kept = parse_saved_game(json.loads(saved))
            when = parse_stamp(started) or utc_now()
        except (ValueError, TypeError, RecursionError) as exc:
            raise StoreError(invalid(Kind.GAME_IN_PROGRESS, self.path, exc)) from None
        return Current(kept.game, kept.daily, when, finished_id, *_help_in_progress(helped))

    def save_current(
        self,
        game: Game,
        daily: date | None,
        started: datetime,
        finished_id: int | None = None,
        *,
        help: Help | None = None,
        answer: bool | None = None,
    ) -> None:
        """Keep ``game`` as the game on the table (after every placement, undo and redo), with the help it has
        had (None: not known) and the player's answer to the question before the first help."""
        saved = json.dumps(saved_game_json(game, daily), separators=(",", ":"))
        helped = None
        if help is not None:
            helped = json.dumps(
                {
                    **help.to_json(),
                    "played_before": help.played_before,
                    "autoplayed_at": help.autoplayed_json(),
                    "answer": answer,
                }
            )
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO current (slot, saved, started, finished_id, help) VALUES (1, ?, ?, ?, ?)",
                (saved, stamp(started), finished_id, helped),
            )

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
        time with the same result and record, is in the history.  The
        streaks follow the order the games ended in: a counted game that
        ended before one already counted has them worked out again.
        """
        added: list[bool] = []
        with self._transaction() as db:
            newest = db.execute(
                f"SELECT coalesce(ended, ''), coalesce(started, '') FROM games WHERE counted = 1"
                f" ORDER BY {_NEWEST_FIRST} LIMIT 1"
            ).fetchone()
            last = tuple(newest) if newest is not None else ("", "")
            in_order = True
            for finished in games:
                record = _record_text(finished)
                ended = stamp(finished.ended)
                present = db.execute(
                    "SELECT 1 FROM games WHERE deal = ? AND ended IS ? AND result = ? AND score IS ? AND record IS ?",
                    (str(finished.deal), ended, finished.ending.result, finished.score, record),
                ).fetchone()
                if present is None and _insert(db, finished, record).counted:
                    when = (ended or "", stamp(finished.started) or "")
                    in_order = in_order and when >= last
                    last = max(last, when)
                added.append(present is None)
            if not in_order:
                db.execute(_KEEP_STREAKS, _streaks_of(db)[1])
        return added

    def is_counted(self, deal: int) -> bool:
        """Whether a game on ``deal`` counts in the statistics already."""
        return self._one("SELECT 1 FROM games WHERE deal = ? AND counted = 1", str(deal)) is not None

    def is_played(self, deal: int) -> bool:
        """Whether a game on ``deal`` is in the history, counted or not."""
        return self._one("SELECT 1 FROM games WHERE deal = ? LIMIT 1", str(deal)) is not None

    def history(self, limit: int | None = None, *, records: bool = False) -> list[FinishedGame]:
        """The finished games, newest first, at most ``limit`` of them; with their records if asked.

        A row that cannot be read is left out (see :meth:`take_problems`).
        """
        return list(self.each_game(newest_first=True, limit=limit, records=records))

    def each_game(
        self, *, newest_first: bool = False, limit: int | None = None, records: bool = True
    ) -> Iterator[FinishedGame]:
        """The finished games, oldest first unless asked, read as they are used (for export and long listings).

        A row that cannot be read is left out (see :meth:`take_problems`).
        """
        columns = _GAME_COLUMNS + (", record" if records else "")
        order = _NEWEST_FIRST if newest_first else _OLDEST_FIRST
        with self._errors():
            rows = self._named(f"SELECT {columns} FROM games ORDER BY {order} LIMIT ?", -1 if limit is None else limit)
            for row in rows:
                finished = self._readable(row)
                if finished is not None:
                    yield finished

    def history_span(self, limit: int | None = None) -> Span:
        """What the newest ``limit`` games span (all of them without a limit), read without reading each game
        into Python: for laying out a listing before streaming it."""
        with self._errors():
            newest = f"SELECT * FROM games ORDER BY {_NEWEST_FIRST} LIMIT ?"
            count, largest, deal, score, placed, ended = self._db.execute(
                "SELECT count(*), max(id), max(length(deal) + CASE WHEN daily IS NOT NULL THEN 6 ELSE 0 END),"
                f" max(length(score)), max(length(placed)), max(ended IS NOT NULL) FROM ({newest})",
                (-1 if limit is None else limit,),
            ).fetchone()
            kinds = self._db.execute(
                f"SELECT DISTINCT result, loss_reason, counted FROM ({newest})", (-1 if limit is None else limit,)
            ).fetchall()
        endings = set()
        for result, loss_reason, counted in kinds:
            with contextlib.suppress(*_UNREADABLE):
                endings.add((Ending.of(result, loss_reason), bool(counted)))
        return Span(count, largest or 0, deal or 0, score or 0, placed or 0, bool(ended), frozenset(endings))

    def game(self, game_id: int) -> FinishedGame | None:
        """The finished game with this id, record included; None if there is none.

        :class:`StoreError` (kind ``GAME_ROW_SKIPPED``) when its row cannot be read.
        """
        if not 0 < game_id <= _LARGEST_ID:
            return None
        with self._errors():
            row = self._named(f"SELECT {_GAME_COLUMNS}, record FROM games WHERE id = ?", game_id).fetchone()
        if row is None:
            return None
        try:
            return _finished(row)
        except _UNREADABLE as exc:
            raise StoreError(self._unreadable(row["id"], exc)) from None

    def newest_game(self) -> FinishedGame | None:
        """The newest game that can be read, record included; None before the first game ends."""
        return next(self.each_game(newest_first=True), None)

    def _readable(self, row: sqlite3.Row) -> FinishedGame | None:
        """The game of ``row``, or None (the problem kept for :meth:`take_problems`) if it cannot be read."""
        try:
            return _finished(row)
        except _UNREADABLE as exc:
            self._met.append(self._unreadable(row["id"], exc))
            return None

    def _unreadable(self, game_id: object, exc: Exception) -> Problem:
        number = game_id if isinstance(game_id, int) else None
        return invalid(Kind.GAME_ROW_SKIPPED, self.path, exc, number)

    def game_count(self) -> int:
        return int(self._one("SELECT count(*) FROM games")[0])

    # --- statistics ------------------------------------------------------------

    def stats(self) -> Stats:
        """Every figure of all the counted games (see :meth:`records`)."""
        return self.records().all_games

    def records(self, today: date | None = None) -> Records:
        """Both records, all games and on your own, from the counted games' tallies and streaks (a few rows,
        whatever the history's length), with the daily deal's record on ``today`` (by default the date now).

        When the tallies or the streaks cannot be read or do not add up to the
        counted games, they are worked out again from the games and kept (see
        :meth:`take_problems`).
        """
        return replace(self._both_records(), daily=self._daily_record(today or date.today()))

    def _daily_record(self, today: date) -> DailyRecord:
        """The daily deal's record: from the days' counted daily games (a row a day played)."""
        with self._errors():
            rows = self._db.execute(f"SELECT daily, result FROM games {_COUNTED} AND daily IS NOT NULL").fetchall()
        days: dict[date, bool] = {}
        for daily, result in rows:
            with contextlib.suppress(*_UNREADABLE):
                day = parse_day(daily)
                if day is not None:
                    days[day] = result == "won"
        return DailyRecord.of(days, today)

    def best_score(self, deal: int) -> int | None:
        """The best score of the games on ``deal`` in the history, counted or not; None if none was won."""
        best = self._one("SELECT max(score) FROM games WHERE deal = ? AND result = 'won'", str(deal))
        return best[0] if best is not None and isinstance(best[0], int) else None

    def _both_records(self) -> Records:
        with self._errors():
            rows = self._db.execute("SELECT result, loss_reason, score, games FROM tally WHERE games != 0").fetchall()
            split = self._db.execute(_HELP_TALLY).fetchall()
            streak = self._db.execute(_STREAKS).fetchone()
            counted = self._db.execute("SELECT count(*) FROM games WHERE counted = 1").fetchone()[0]
        try:
            return _records(rows, split, streak, counted)
        except (ValueError, TypeError, IndexError, KeyError):
            pass
        with self._errors():
            rows = self._db.execute(
                f"SELECT result, loss_reason, score, count(*) FROM games {_COUNTED} GROUP BY result, loss_reason, score"
            ).fetchall()
            split = self._db.execute(
                f"SELECT kind, result, loss_reason, score, count(*) FROM (SELECT {_HELP_KIND} AS kind, result,"
                f" loss_reason, score FROM games {_COUNTED}) GROUP BY kind, result, loss_reason, score"
            ).fetchall()
            won, streak = _streaks_of(self._db)
        self._met.append(Problem(Kind.TALLY_REBUILT, Reason.DISAGREES, self.path))
        with contextlib.suppress(StoreError):  # a read-only database still shows the right figures
            self._keep_figures(streak)
        return _records(rows, split, streak, len(won))

    def _keep_figures(self, streak: tuple[int, int, int, int]) -> None:
        """Keep the tallies and streaks worked out again from the games; a counted game whose result is
        impossible stops counting, so that the kept figures agree with the games from now on."""
        with self._transaction() as db:
            db.execute(f"UPDATE games SET counted = 0 WHERE counted = 1 AND NOT {_VALID_RESULT}")
            db.execute("DELETE FROM tally")
            db.execute(
                "INSERT INTO tally (key, result, loss_reason, score, games)"
                " SELECT result || '/' || coalesce(loss_reason, '') || '/' || coalesce(score, ''),"
                " result, loss_reason, score, count(*) FROM games WHERE counted = 1 GROUP BY result, loss_reason, score"
            )
            db.execute("DELETE FROM help_tally")
            db.execute(
                "INSERT INTO help_tally (key, help, result, loss_reason, score, games)"
                " SELECT kind || '/' || result || '/' || coalesce(loss_reason, '') || '/' || coalesce(score, ''),"
                f" kind, result, loss_reason, score, count(*) FROM (SELECT {_HELP_KIND} AS kind, result, loss_reason,"
                " score FROM games WHERE counted = 1) GROUP BY kind, result, loss_reason, score"
            )
            db.execute(_KEEP_STREAKS, streak)

    def reset_stats(self) -> int:
        """Clear the statistics: no game counts any more (the history stays); returns how many did."""
        with self._transaction() as db:
            cleared = db.execute("UPDATE games SET counted = 0 WHERE counted = 1").rowcount
            db.execute(
                "UPDATE streak SET current = 0, longest = 0, alone_current = 0, alone_longest = 0 WHERE slot = 1"
            )
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
        """The review kept with game ``game_id``, or None if it has none.

        A kept review that cannot be read is dropped, to be made again (see :meth:`take_problems`).
        """
        row = self._one("SELECT data FROM reviews WHERE game_id = ?", game_id)
        if row is None:
            return None
        readable, review = _decoded(row[0])
        if readable:
            return review
        with self._transaction() as db:
            db.execute("DELETE FROM reviews WHERE game_id = ?", (game_id,))
        self._met.append(Problem(Kind.REVIEW_DROPPED, Reason.NOT_JSON, self.path, number=game_id))
        return None

    def solved_positions(self) -> set[tuple[int, int]]:
        """The practice positions solved so far, as (game id, placement number)."""
        with self._errors():
            rows = self._db.execute("SELECT game_id, placement FROM practice_solved").fetchall()
        return {(int(game_id), int(placement)) for game_id, placement in rows}

    def mark_solved(self, game_id: int, placement: int) -> None:
        """Keep placement ``placement`` of game ``game_id`` as a practice position solved (again: no change)."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO practice_solved (game_id, placement, solved) VALUES (?, ?, ?)",
                (game_id, placement, stamp(utc_now())),
            )

    def setting(self, name: str, default: Any = None) -> Any:
        """The player's setting ``name`` (any JSON value), or ``default`` if never set or unreadable."""
        row = self._one("SELECT value FROM settings WHERE name = ?", name)
        readable, value = (False, None) if row is None else _decoded(row[0])
        return value if readable else default

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


def _decoded(text: Any) -> tuple[bool, Any]:
    """Whether ``text`` (a kept JSON value, or whatever a damaged row holds) can be read, and its value if so."""
    try:
        return True, json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return False, None


def _record_text(finished: FinishedGame) -> str | None:
    return None if finished.record is None else json.dumps(finished.record, separators=(",", ":"))


def _insert(db: sqlite3.Connection, finished: FinishedGame, record: str | None = None) -> Recorded:
    """Add one game to the history inside a transaction, and move the streaks on if it counts.

    ``record`` is the game's record as JSON text, when the caller has made it already.
    """
    deal = str(finished.deal)
    counted = (
        finished.counted
        and db.execute("SELECT 1 FROM games WHERE deal = ? AND counted = 1", (deal,)).fetchone() is None
    )
    won = finished.ending is Ending.WON
    helped = finished.help
    cursor = db.execute(
        "INSERT INTO games (deal, daily, started, ended, result, loss_reason, score, placed, counted, record,"
        " take_backs, tips, autoplayed, played_before, autoplayed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            _record_text(finished) if record is None else record,
            *(getattr(helped, key) if helped is not None else None for key in HELP_KEYS),
            None if helped is None else int(helped.played_before),
            None if helped is None or helped.autoplayed_at is None else json.dumps(helped.autoplayed_json()),
        ),
    )
    if counted:
        db.execute(
            "UPDATE streak SET current = CASE WHEN ? THEN current + 1 ELSE 0 END,"
            " longest = max(longest, CASE WHEN ? THEN current + 1 ELSE 0 END) WHERE slot = 1",
            (won, won),
        )
    if counted and helped is not None and helped.alone:
        db.execute(
            "UPDATE streak SET alone_current = CASE WHEN ? THEN alone_current + 1 ELSE 0 END,"
            " alone_longest = max(alone_longest, CASE WHEN ? THEN alone_current + 1 ELSE 0 END) WHERE slot = 1",
            (won, won),
        )
    assert cursor.lastrowid is not None
    return Recorded(cursor.lastrowid, counted)


_LARGEST_ID = 2**63 - 1
"""SQLite's largest row id: no game has a larger one."""
_ENDINGS = {(ending.result, ending.loss_reason): ending for ending in Ending}
_UNREADABLE = (ValueError, TypeError, OverflowError, RecursionError)
"""What reading a damaged row can raise (JSON's errors are ValueErrors)."""
_VALID_RESULT = (
    f"((result = 'won' AND loss_reason IS NULL AND typeof(score) = 'integer' AND score BETWEEN 0 AND {MAX_SCORE})"
    " OR (result = 'lost' AND loss_reason IN ('too_many_face_down', 'stock_empty') AND score IS NULL)"
    " OR (result = 'abandoned' AND loss_reason IS NULL AND score IS NULL))"
)
"""A row whose result, loss reason and score go together (the table's checks take each alone)."""
_COUNTED = f"WHERE counted = 1 AND {_VALID_RESULT}"
"""The games that count, those whose result is impossible left out."""
_HELP_KIND = (
    "CASE WHEN take_backs IS NULL OR tips IS NULL OR autoplayed IS NULL THEN 'unrecorded'"
    " WHEN take_backs = 0 AND tips = 0 AND autoplayed = 0 THEN 'alone' ELSE 'helped' END"
)
"""How a row of ``games`` is split in ``help_tally``, as its triggers split it."""
_HELP_TALLY = "SELECT help, result, loss_reason, score, games FROM help_tally WHERE games != 0"
_STREAKS = "SELECT current, longest, alone_current, alone_longest FROM streak WHERE slot = 1"
_KEEP_STREAKS = (
    "INSERT OR REPLACE INTO streak (slot, current, longest, alone_current, alone_longest) VALUES (1, ?, ?, ?, ?)"
)
"""Streaks worked out again from the games, kept in place of the ones kept before."""
_OLDEST_FIRST = "ended, started, id"
"""The history's order: by when the games ended (a game with no end time first), then, for games ended in the
same second, by when they started, then as they were recorded."""
_NEWEST_FIRST = "ended DESC, started DESC, id DESC"


def _whole(value: object, least: int = 0, most: int | None = None) -> int:
    """``value`` as kept in a row that must hold a whole number within bounds; ValueError if it does not."""
    if type(value) is not int or value < least or (most is not None and value > most):
        raise refused(Flaw.NOT_WHOLE, repr(value), least, count=most)
    return value


def _finished(row: sqlite3.Row) -> FinishedGame:
    """The finished game a row of ``games`` holds (its columns :data:`_GAME_COLUMNS`, and ``record`` when
    read); ValueError (or TypeError) when the row is damaged."""
    deal, result, loss_reason, score = row["deal"], row["result"], row["loss_reason"], row["score"]
    take_backs, tips, autoplayed = row["take_backs"], row["tips"], row["autoplayed"]
    if not isinstance(deal, str) or not deal.isdigit() or not deal.isascii() or len(deal) > 20:
        raise refused(Flaw.DEAL_NUMBER, repr(deal))
    ending = _ENDINGS.get((result, loss_reason)) or Ending.of(result, loss_reason)
    score = None if score is None else _whole(score, 0, MAX_SCORE)
    if (ending is Ending.WON) != (score is not None):
        raise refused(Flaw.SCORE_AND_RESULT, repr(score), other=ending.value)
    kept = row["record"] if "record" in row.keys() else None  # noqa: SIM118 - a Row has no __contains__ of names
    record = json.loads(kept) if kept is not None else None
    if record is not None and not isinstance(record, dict):
        raise refused(Flaw.RECORD_NOT_AN_OBJECT)
    placed = row["placed"]
    helped = (  # not known: kept before help was recorded, as help_tally counts it
        None
        if take_backs is None or tips is None or autoplayed is None
        else _help_of(take_backs, tips, autoplayed, row["played_before"], row["autoplayed_at"])
    )
    return FinishedGame(
        row["id"], int(deal), parse_day(row["daily"]), parse_stamp(row["started"]), parse_stamp(row["ended"]),
        ending, score, None if placed is None else _whole(placed), bool(_whole(row["counted"], 0, 1)), record,
        helped,
    )  # fmt: skip


@functools.lru_cache(maxsize=4096, typed=True)
def _help_of(
    take_backs: object, tips: object, autoplayed: object, played_before: object, autoplayed_at: object
) -> Help:
    """The help a row of ``games`` holds, checked; the same few values come back on most rows, so each is made
    once (a long history is listed about as fast as before help was kept).

    A row kept before the placements autoplay made were recorded has none
    (NULL): known to be none when autoplay placed no card, else not known.
    """
    before = bool(_whole(played_before, 0, 1)) if played_before is not None else False
    placed = _whole(autoplayed)
    if autoplayed_at is None:
        at: tuple[int, ...] | None = () if placed == 0 else None
    else:
        listed = json.loads(autoplayed_at) if isinstance(autoplayed_at, str) else None
        if not isinstance(listed, list):
            raise refused(Flaw.AUTOPLAYED_AT_NOT_A_LIST)
        at = tuple(listed)
    return Help(_whole(take_backs), _whole(tips), placed, before, at)


def _help_in_progress(text: object) -> tuple[Help | None, bool | None]:
    """The help of the game in progress and the player's answer, as :meth:`Store.save_current` keeps them.

    Help that cannot be read is not known (None), as for a game begun before help was recorded: the game
    counts in all games only, which is never more than it earned.
    """
    try:
        value = json.loads(text) if isinstance(text, str) else None
        helped = (
            Help.from_json(value, value.get("played_before"), value.get("autoplayed_at"))
            if isinstance(value, dict)
            else None
        )
    except (ValueError, TypeError, RecursionError):
        return None, None
    answer = value.get("answer") if isinstance(value, dict) else None
    return helped, answer if isinstance(answer, bool) else None


def _streaks_of(db: sqlite3.Connection) -> tuple[list[bool], tuple[int, int, int, int]]:
    """Each counted game's win, in the history's order, and the streaks worked out from them: all games', then
    those played alone."""
    games = db.execute(f"SELECT result = 'won', {_HELP_KIND} FROM games {_COUNTED} ORDER BY {_OLDEST_FIRST}")
    kinds = [(bool(win), kind) for win, kind in games]
    won = [win for win, _ in kinds]
    return won, (*_streaks(won), *_streaks([win for win, kind in kinds if kind == "alone"]))


def _streaks(won: list[bool]) -> tuple[int, int]:
    """The current and the longest run of wins in ``won``, the counted games in order."""
    current = longest = 0
    for win in won:
        current = current + 1 if win else 0
        longest = max(longest, current)
    return current, longest


def _records(
    rows: list[tuple[Any, ...]], split: list[tuple[Any, ...]], streak: tuple[Any, ...] | None, counted: int
) -> Records:
    """Both records from the tally, its split by help and the streaks; ValueError (or another) when they cannot
    be read or do not add up: the split must add up to the tally, row by row."""
    if streak is None:
        raise refused(Flaw.NO_STREAKS)
    by_kind: dict[str, list[tuple[Any, ...]]] = {"alone": [], "helped": [], "unrecorded": []}
    added: dict[tuple[Any, ...], int] = {}
    for kind, result, loss_reason, score, count in split:
        by_kind[kind].append((result, loss_reason, score, count))
        added[result, loss_reason, score] = added.get((result, loss_reason, score), 0) + _whole(count, 1)
    if added != {(result, loss_reason, score): count for result, loss_reason, score, count in rows}:
        raise refused(Flaw.SPLIT_NOT_THE_TALLY)
    alone = by_kind["alone"]
    return Records(
        _figures(rows, streak[:2], counted),
        _figures(alone, streak[2:], sum(row[3] for row in alone)),
        sum(row[3] for row in by_kind["unrecorded"]),
    )


def _figures(rows: list[tuple[Any, ...]], streak: tuple[Any, ...] | None, counted: int) -> Stats:
    """The figures of the tally's rows and the streaks; ValueError (or another) when they cannot be read or
    do not add up to the ``counted`` games."""
    histogram = [0] * (MAX_SCORE + 1)
    losses = dict.fromkeys(LOSSES, 0)
    played = won = total = 0
    best: int | None = None
    for result, loss_reason, score, count in rows:
        count = _whole(count, 1)
        played += count
        ending = Ending.of(result, loss_reason)
        if ending is Ending.WON:
            score = _whole(score, 0, MAX_SCORE)
            won += count
            histogram[score] += count
            total += score * count
            best = score if best is None else max(best, score)
        elif score is not None:
            raise refused(Flaw.SCORE_WITH, other=ending.value)
        else:
            losses[ending] += count
    if streak is None or played != counted:
        raise refused(Flaw.TALLY_NOT_THE_GAMES)
    current, longest = _whole(streak[0]), _whole(streak[1])
    if not current <= longest <= won:
        raise refused(Flaw.STREAKS, str(won), current, count=longest)
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
