"""The database: its schema, the history, reviews and settings, damaged files, many writers, export and import."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from unittest import mock

import pytest
from helpers import (
    NO_FIFOS,
    NO_SYMLINKS,
    WINDOWS,
    WINNING_DEAL,
    WINNING_LINE_DEAL_1,
    command,
    counted,
    keep,
    lost_game,
    on_disk,
    played,
    raises_saying,
    stats_of,
    won_game,
)

from foursquare.commands import history, transfer
from foursquare.engine import Game
from foursquare.session.game import GameSession as Session
from foursquare.storage import schema
from foursquare.storage.formats import FinishedGame, check_finished, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.problems import Kind, StoreError
from foursquare.storage.schema import DB_FILE, MIGRATIONS, SCHEMA_VERSION
from foursquare.storage.stats import Ending, Result, Stats
from foursquare.storage.store import Store
from foursquare.words.commands import more_rejected
from foursquare.words.faults import refused_words


def finished(game: Game, counted: bool = True) -> FinishedGame:
    return FinishedGame.of(game, daily=None, started=utc_now(), ended=utc_now(), counted=counted)


def corrupt_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".corrupt"))


# --- the schema ----------------------------------------------------------------------


def test_a_new_database_has_the_latest_schema_in_wal_mode(tmp_path: Path) -> None:
    Store.open(tmp_path)[0].close()
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"current", "games", "settings", "reviews", "streak", "tally", "meta"} <= tables


def test_a_connection_waits_out_another_writer_for_the_busy_timeout(tmp_path: Path) -> None:
    with contextlib.closing(schema.connect(tmp_path / DB_FILE)) as db:
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == int(schema.BUSY_SECONDS * 1000)


def test_a_new_database_is_laid_out_in_one_transaction(tmp_path: Path) -> None:
    """Every step and the version in one commit: one wait for the disk on a first start, not one a step."""
    said: list[str] = []
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        db.set_trace_callback(said.append)
        schema.migrate(db)
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [s.split()[0].upper() for s in said if s.split()[0].upper() in ("BEGIN", "COMMIT")] == ["BEGIN", "COMMIT"]


def test_a_step_that_fails_leaves_the_layout_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "MIGRATIONS", (*MIGRATIONS[:-1], "CREATE TABLE games (id INTEGER);"))
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        with pytest.raises(sqlite3.OperationalError, match="already exists"):
            schema.migrate(db)
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


def test_a_database_of_the_first_layout_is_migrated_with_its_games_and_figures(tmp_path: Path) -> None:
    results = [
        Result(1, Ending.WON, 3),
        Result(2, Ending.STOCK_EMPTY),
        Result(3, Ending.WON, 3),
        Result(4, Ending.ABANDONED),
    ]
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        db.execute("BEGIN")
        for statement in MIGRATIONS[0].split(";"):  # the first layout has no triggers: plain statements
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
        for n, r in enumerate(results):
            db.execute(
                "INSERT INTO games (deal, ended, result, loss_reason, score, counted) VALUES (?, ?, ?, ?, ?, ?)",
                (str(r.deal), "2026-11-30T12:00:00Z", r.ending.result, r.ending.loss_reason, r.score, int(n != 3)),
            )
        db.execute("COMMIT")
    with Store.open(tmp_path)[0] as store:
        assert [g.result for g in reversed(store.history())] == results
        figures = store.stats()
    expected = Stats.from_results(results[:3])
    assert (figures.played, figures.won, figures.histogram, figures.losses) == (
        expected.played, expected.won, expected.histogram, expected.losses,
    )  # fmt: skip
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_database_of_the_second_layout_gets_the_index_the_import_looks_up(tmp_path: Path) -> None:
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        db.executescript(MIGRATIONS[0] + MIGRATIONS[1] + "PRAGMA user_version = 2;")
        db.execute(
            "INSERT INTO games (deal, ended, result, loss_reason, score, counted) VALUES (?, ?, ?, ?, ?, ?)",
            ("7", "2026-11-30T12:00:00Z", "won", None, 3, 1),
        )
    with Store.open(tmp_path)[0] as store:
        (game,) = store.history()
        assert (game.deal, game.score, store.stats().won) == (7, 3, 1)
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        indexes = {row[1]: [column[2] for column in db.execute(f"PRAGMA index_info({row[1]})")]
                   for row in db.execute("PRAGMA index_list(games)")}  # fmt: skip
    assert indexes["games_by_deal_ended"] == ["deal", "ended"] and "games_by_deal" not in indexes
    assert indexes["games_by_end"] == ["ended", "started", "id"]  # the history's order


def previous_version(folder: Path, results: list[Result], current: Game | None = None) -> None:
    """A database as the previous version left it (the first three layouts): ``results`` recorded the way it
    recorded a game (the tally kept by its triggers, the streaks moved on), and ``current`` in progress."""
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(folder / DB_FILE, isolation_level=None)) as db:
        db.executescript("".join(MIGRATIONS[:3]) + "PRAGMA user_version = 3;")
        for n, result in enumerate(results):
            counted = n != 2  # one replay, kept but not counted
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO games (deal, daily, started, ended, result, loss_reason, score, placed, counted, record)"
                " VALUES (?, NULL, ?, ?, ?, ?, ?, 30, ?, NULL)",
                (str(result.deal), "2026-11-29T10:00:00Z", f"2026-11-29T10:{n:02d}:00Z", result.ending.result,
                 result.ending.loss_reason, result.score, int(counted)),
            )  # fmt: skip
            if counted:
                won = result.ending is Ending.WON
                db.execute(
                    "UPDATE streak SET current = CASE WHEN ? THEN current + 1 ELSE 0 END,"
                    " longest = max(longest, CASE WHEN ? THEN current + 1 ELSE 0 END) WHERE slot = 1",
                    (won, won),
                )
            db.execute("COMMIT")
        if current is not None:
            saved = json.dumps({"format": "foursquare-saved-game", "version": 1, "daily": None,
                                "game": current.to_record()})  # fmt: skip
            db.execute(
                "INSERT INTO current (slot, saved, started, finished_id) VALUES (1, ?, ?, NULL)",
                (saved, "2026-11-29T11:00:00Z"),
            )


def test_an_old_database_keeps_every_game_in_all_games_and_none_on_your_own(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = [Result(1, Ending.WON, 3), Result(2, Ending.STOCK_EMPTY), Result(1, Ending.WON, 9)]
    results += [Result(3, Ending.WON, 12), Result(4, Ending.WON, 5), Result(5, Ending.ABANDONED)]
    previous_version(home, results, current=played(WINNING_DEAL, 3))
    counted_before = [result for n, result in enumerate(results) if n != 2]
    before = Stats.from_results(counted_before)
    assert command("stats", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert {key: data[key] for key in before.to_json()} == before.to_json()  # all games exactly as before
    assert data["on_your_own"] == Stats.from_results([]).to_json() and data["before_help_was_recorded"] == 5
    assert command("stats") == 0
    assert "5 earlier games, from before help was recorded, count in all games only." in capsys.readouterr().out
    assert command("history", "--json") == 0
    entries = json.loads(capsys.readouterr().out)
    assert len(entries) == 6 and all(e["help"] is None and e["played_before"] is None for e in entries)
    with contextlib.closing(sqlite3.connect(home / DB_FILE)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    session, _ = Session.open(home)  # the game the previous version left in progress
    assert session.game.placed_count == 3 and session.help is None  # its help before now is not known
    while not session.game.is_over:
        session.place(session.game.legal_moves()[0])
    with Store.open(home)[0] as store:
        records = store.records()
        assert store.take_problems() == []
    assert records.all_games.played == 6 and records.before_help == 6 and records.on_your_own.played == 0
    session.new_deal(seed=7)
    while not session.game.is_over:
        session.place(session.game.legal_moves()[0])
    with Store.open(home)[0] as store:
        records = store.records()
    assert (records.all_games.played, records.on_your_own.played, records.before_help) == (7, 1, 6)


def test_an_empty_file_becomes_a_database_and_one_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    (tmp_path / DB_FILE).write_bytes(b"")
    Store.open(tmp_path)[0].close()
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError) as refused:
        Store.open(tmp_path)
    assert refused.value.problem.kind is Kind.DATABASE_NEWER and refused.value.problem.number == SCHEMA_VERSION + 1
    session, opening = Session.open(tmp_path)
    assert opening.trouble is not None and "newer foursquare" in opening.trouble.line and not session.can_save
    assert corrupt_files(tmp_path) == []


# --- the history, reviews and settings -------------------------------------------------


def test_every_finished_game_is_kept_with_a_stable_id_newest_first(tmp_path: Path) -> None:
    with Store.open(tmp_path)[0] as store:
        assert store.newest_game() is None and store.history() == []
        first = store.record(finished(won_game()))
        second = store.record(finished(lost_game()))
        assert first.game_id < second.game_id and first.counted and second.counted
        assert [g.id for g in store.history()] == [second.game_id, first.game_id]
        assert [g.id for g in store.history(1)] == [second.game_id]
        kept = store.game(first.game_id)
        assert kept is not None and kept.replay() == won_game() and kept.score == 7 and kept.ending is Ending.WON
        newest = store.newest_game()
        assert newest is not None and newest.id == second.game_id and newest.replay() == lost_game()
        assert store.game(999) is None


def test_reviews_are_kept_with_their_game_and_settings_by_name(tmp_path: Path) -> None:
    with Store.open(tmp_path)[0] as store:
        game_id = store.record(finished(won_game())).game_id
        assert store.load_review(game_id) is None
        store.save_review(game_id, {"moves": [1, 2], "verdict": "fine"})
        store.save_review(game_id, {"moves": [3]})  # a new review replaces the old
        with pytest.raises(KeyError, match="42"):
            store.save_review(42, {})
        assert store.setting("colour", True) is True
        store.set_setting("colour", False)
    with Store.open(tmp_path)[0] as store:  # remembered between runs
        assert store.load_review(game_id) == {"moves": [3]}
        assert store.setting("colour", True) is False


def test_a_damaged_game_in_progress_is_one_line_and_a_fresh_deal(tmp_path: Path) -> None:
    keep(tmp_path, played(5, 3))
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db, db:
        db.execute("UPDATE current SET saved = ?", ('{"format": "foursquare-saved-game", "version": 1, "game": 7}',))
    session, opening = Session.open(tmp_path)
    assert opening.trouble is not None and opening.trouble.line.startswith("The saved game could not be loaded (")
    assert session.game.placed_count == 0 and on_disk(tmp_path) == session.game


# --- damaged database files ------------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        "garbage",
        "folder",
        pytest.param("fifo", marks=pytest.mark.skipif(WINDOWS, reason=NO_FIFOS)),
        pytest.param("symlink", marks=pytest.mark.skipif(WINDOWS, reason=NO_SYMLINKS)),
        "damaged pages",
        "another program's",
    ],
)
def test_a_damaged_database_is_moved_aside_and_a_fresh_one_started(tmp_path: Path, kind: str) -> None:
    folder, outside = tmp_path / "home", tmp_path / "outside"
    folder.mkdir()
    outside.write_bytes(b"not ours")
    db = folder / DB_FILE
    if kind == "garbage":
        db.write_bytes(b"\x00garbage" * 100)
    elif kind == "folder":
        db.mkdir()
    elif kind == "fifo":
        os.mkfifo(db)
    elif kind == "symlink":
        db.symlink_to(outside)
    elif kind == "another program's":  # a good SQLite file, with tables by the names Foursquare would make
        with contextlib.closing(sqlite3.connect(db)) as connection, connection:
            connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
            connection.execute("CREATE TABLE games (id INTEGER)")
    else:
        keep(folder, played(5, 3))
        with contextlib.closing(sqlite3.connect(db)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = bytearray(db.read_bytes())
        for start in range(4096, len(data), 4096):  # every page's header but the file's own
            data[start : start + 12] = b"\xff" * 12
        db.write_bytes(bytes(data))
    session, opening = Session.open(folder, seed=3)
    assert opening.trouble is not None and "\n" not in opening.trouble.line and "moved to" in opening.trouble.line
    if kind == "another program's":
        assert "not Foursquare's" in opening.trouble.line
    assert len(corrupt_files(folder)) == 1
    assert session.place((0, 0))[1:] == [] and on_disk(folder) == session.game
    assert outside.read_bytes() == b"not ours"


def test_damage_found_while_reading_a_large_database_moves_it_aside(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(schema, "FULL_CHECK_BYTES", 0)  # as with a long history: only the small tables checked
    with Store.open(tmp_path)[0] as store:
        for deal in range(300):
            store.record(finished(played(deal, 1)))
    db = tmp_path / DB_FILE
    with contextlib.closing(sqlite3.connect(db)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        roots = [
            row[0]
            for row in connection.execute(
                "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'games' AND rootpage > 0"
            )
        ]
        page = connection.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    for root in roots:  # the history's table and its indexes
        data[(root - 1) * page : (root - 1) * page + 12] = b"\xff" * 12
    db.write_bytes(bytes(data))
    session, opening = Session.open(tmp_path)  # the small tables are whole: the history's damage is met later
    assert opening.trouble is not None and "the database is damaged" in opening.trouble.line
    assert "moved to" in opening.trouble.line and "\n" not in opening.trouble.line
    assert len(corrupt_files(tmp_path)) == 1 and session.stats() == (Stats.from_results([]), None)
    assert session.place((0, 0))[1:] == [] and on_disk(tmp_path) == session.game  # going on with a fresh database


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes any file (Windows: no mode refuses the owner)"
)
def test_a_read_only_database_is_one_line_and_left_alone(tmp_path: Path) -> None:
    keep(tmp_path, played(5, 3))
    for path in tmp_path.iterdir():
        path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        _, opening = Session.open(tmp_path)
        assert opening.trouble is not None and "this game will not be saved" in opening.trouble.line
        assert corrupt_files(tmp_path) == []
    finally:
        tmp_path.chmod(0o755)


# --- many writers at once --------------------------------------------------------------


def test_a_database_another_game_makes_while_this_one_opens_it_is_not_taken_for_another_program_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between reading the version and the tables, another game makes the database: it is still Foursquare's."""
    path = tmp_path / DB_FILE
    version = schema._version
    others: list[sqlite3.Connection | None] = []

    def then_made_elsewhere(connection: sqlite3.Connection, at: Path | None) -> int:
        found = version(connection, at)
        if not others:
            others.append(None)  # the other game reads the version as well, and goes on
            others.append(schema.connect(path))  # it makes the tables and commits
        return found

    monkeypatch.setattr(schema, "_version", then_made_elsewhere)
    connection = schema.connect(path)
    other = others[-1]
    assert other is not None
    other.close()
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    connection.close()
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name or "foreign" in p.name) == []


RECORDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from foursquare.storage.formats import FinishedGame, utc_now
    from foursquare.storage.store import Store
    from foursquare.storage.stats import Ending

    folder, first, count, shared, start = Path(sys.argv[1]), *map(int, sys.argv[2:5]), float(sys.argv[5])
    deals = [d for n in range(count) for d in (first + n, *([10**6 + n] if n < shared else []))]
    store, _ = Store.open(folder)
    while time.time() < start:
        time.sleep(0.001)
    counted = []
    for deal in deals:
        game = FinishedGame(None, deal, None, utc_now(), utc_now(), Ending.WON, deal % 25, 20, True)
        if store.record(game).counted:
            counted.append(deal)
    print(" ".join(map(str, counted)))
    """
)


@pytest.mark.slow
def test_twenty_processes_finishing_games_at_once_lose_none(tmp_path: Path) -> None:
    """Each process records its own deals, plus some deals that all of them record: each counts once."""
    processes, games, shared = 20, 10, 5
    start = time.time() + 3.0  # every process starts recording at this moment
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", RECORDER, str(tmp_path), str(1000 * p), str(games), str(shared), str(start)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for p in range(processes)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0] * processes, [err for _, err in outputs]
    claimed = [int(d) for out, _ in outputs for d in out.split()]
    own = {1000 * p + n for p in range(processes) for n in range(games)}
    common = {10**6 + n for n in range(shared)}
    assert sorted(claimed) == sorted(own | common)  # each deal counted by exactly one process
    assert sorted(r.deal for r in counted(tmp_path)) == sorted(own | common)
    with Store.open(tmp_path)[0] as store:
        assert store.game_count() == processes * (games + shared)  # every game is in the history
        assert store.stats().played == processes * games + shared


# --- history, export and import as commands ----------------------------------------------


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_history_lists_games_newest_first_with_their_ids(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert history.main([]) == 0
    assert capsys.readouterr().out == "No game has ended yet.\n" and not home.exists()
    session, _ = Session.open(home, seed=WINNING_DEAL)
    session.place((0, 0))
    session.new_deal(seed=WINNING_DEAL)
    assert history.main(["--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert {k: entry[k] for k in ("id", "deal", "result", "loss_reason", "score", "placed", "counted")} == {
        "id": 1, "deal": WINNING_DEAL, "result": "abandoned", "loss_reason": None, "score": None, "placed": 1,
        "counted": True,
    }  # fmt: skip
    assert entry["ended"].endswith("Z") and "game" not in entry
    assert history.main([]) == 0
    _, row = capsys.readouterr().out.splitlines()
    assert row.split()[4:8] == ["left", "before", "the", "end"]  # after id, date, time and deal
    assert command("history", "--help") == 0
    assert "those left before the end too" in " ".join(capsys.readouterr().out.split())
    assert command("history", "--limit", "0") == 2
    assert "not a number of games" in capsys.readouterr().err
    assert command("history", "--limit", "9" * 25) == 0  # more than any history holds: all of it
    assert capsys.readouterr().out.splitlines()[1:] == [row]


def _export(home: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines ``foursquare export`` prints for the data folder ``home``."""
    with mock.patch.dict(os.environ, FOURSQUARE_HOME=str(home)):
        assert transfer.export_main([]) == 0
    return capsys.readouterr().out.splitlines()


def _one_game_exported(home: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The line ``foursquare export`` prints for a data folder ``home`` that keeps one won game."""
    with Store.open(home)[0] as store:
        store.record(finished(won_game()))
    (line,) = _export(home, capsys)
    return line


def _import_elsewhere(source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """``foursquare import SOURCE`` into a data folder of its own, under ``tmp_path``; its exit status."""
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "elsewhere"))
    return transfer.import_main([str(source)])


@pytest.mark.parametrize(
    ("result", "reason", "said"),
    [
        ("cat", None, '"result" is "won", "lost" or "abandoned", not "cat"'),
        (
            "lost",
            "face down",
            'a lost game has a "loss_reason" of "too_many_face_down" or "stock_empty", not "face down"',
        ),
        ("lost", None, 'a lost game has a "loss_reason" of "too_many_face_down" or "stock_empty", not null'),
        ("won", "stock_empty", 'a game won has no "loss_reason" (null), not "stock_empty"'),
    ],
)
def test_a_line_s_result_and_loss_reason_are_refused_naming_the_values_they_may_have(
    result: str, reason: str | None, said: str
) -> None:
    with pytest.raises(ValueError) as refused:
        Ending.of(result, reason)
    assert refused_words(refused.value) == said
    assert Ending.of("lost", "stock_empty") is Ending.STOCK_EMPTY and Ending.of("abandoned", None) is Ending.ABANDONED


def ending_as(game: FinishedGame, ending: Ending, score: int | None) -> FinishedGame:
    """``game`` as a line that says it ended otherwise, its record unchanged."""
    return FinishedGame(
        game.id, game.deal, game.daily, game.started, game.ended, ending, score, game.placed, game.counted,
        game.record, game.help,
    )  # fmt: skip


def test_a_line_whose_end_its_record_does_not_reach_names_both_in_the_line_s_keys() -> None:
    lost = lost_game()
    reason = Ending.STOCK_EMPTY if Result.of(lost).ending is Ending.TOO_MANY_FACE_DOWN else Ending.TOO_MANY_FACE_DOWN
    other = ending_as(finished(lost), reason, None)
    with raises_saying(ValueError, match=f'says "loss_reason": "{reason.value}", but its record\'s game ended with'):
        check_finished(other)
    unfinished = played(5, 3)
    claimed = ending_as(finished(unfinished), Ending.WON, 20)
    with raises_saying(ValueError, match='says "result": "won", but its record\'s game is not over after 3 placements'):
        check_finished(claimed)


def test_import_replays_every_line_and_rejects_bad_ones_by_number(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(home)[0] as store:
        store.record(finished(won_game()))
        store.record(finished(lost_game()))
    good = _export(home, capsys)
    illegal = json.loads(good[0])
    illegal["game"]["placements"][1] = [5, 5]
    wrong_result = json.loads(good[1])
    wrong_result["result"], wrong_result["loss_reason"], wrong_result["score"] = "won", None, 3
    lines = [
        good[0],
        "",
        "{not json",
        json.dumps(illegal),
        "9" * 5000,
        json.dumps(wrong_result),
        good[1],
        '"just text"',
    ]
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "elsewhere"))
    assert transfer.import_main([str(source)]) == 1
    out, err = capsys.readouterr()
    assert "Imported 2 games. Skipped 0 games already in the history. Rejected 5 lines." in out
    rejected = [line.split(":")[0:2] for line in err.splitlines()]
    assert [number for _, number in rejected] == [" line 3", " line 4", " line 5", " line 6", " line 8"]
    assert "placement 2" in err and "a number with too many digits" in err
    assert 'line 6: the line says "result": "won", but its record\'s game ended with "result": "lost"' in err
    assert _export(tmp_path / "elsewhere", capsys) == good
    assert stats_of(tmp_path / "elsewhere") == stats_of(home)
    assert command("import", str(tmp_path / "missing.jsonl")) == 1
    assert "cannot read" in capsys.readouterr().err
    assert command("import", str(tmp_path)) == 1  # worded as review --file and export word a folder
    assert capsys.readouterr().err.strip() == f"foursquare import: cannot read {tmp_path}: a folder, not a regular file"


def test_an_import_of_a_file_that_is_no_export_says_the_first_rejections_and_counts_the_rest(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _one_game_exported(home, capsys)
    source = tmp_path / "noise.bin"
    source.write_bytes(b"\xff\xfe noise\n" * 30 + good.encode() + b"\n")
    assert _import_elsewhere(source, tmp_path, monkeypatch) == 1
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert [line.split(":")[1] for line in lines[:10]] == [f" line {n}" for n in range(1, 11)]
    assert lines[10:] == [f"foursquare import: {more_rejected(10)}"]
    assert more_rejected(10) == (
        "more bad lines follow, not named one by one (only the first 10 are); the count below has them all"
    )
    assert (
        out.strip() == "Imported 1 game. Skipped 0 games already in the history. Rejected 30 lines."
    )  # the good line still goes in


def test_the_history_is_in_the_order_the_games_ended_however_they_were_imported(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def at(hour: int, game: Game, started: int = 0) -> FinishedGame:
        """``game`` ended at ``hour`` o'clock, begun ``started`` minutes before."""
        ended = datetime(2026, 11, 30, hour, tzinfo=timezone.utc)
        return FinishedGame.of(game, daily=None, started=ended - timedelta(minutes=started), ended=ended, counted=True)

    deal_1 = Game.deal(1)
    for cell in WINNING_LINE_DEAL_1:
        deal_1.play(cell)
    elsewhere = tmp_path / "elsewhere"
    with Store.open(elsewhere)[0] as store:
        for game in (at(9, won_game()), at(12, deal_1, started=60), at(12, lost_game(3), started=30)):
            store.record(game)  # the last two end in the same second: the one begun later ended later
    lines = _export(elsewhere, capsys)
    source = tmp_path / "reversed.jsonl"
    source.write_text("\n".join(reversed(lines)) + "\n")  # newest first, as a hand-edited file might be
    with Store.open(home)[0] as store:
        store.record(at(11, lost_game(4)))  # played here, between the others
    monkeypatch.setenv("FOURSQUARE_HOME", str(home))
    assert transfer.import_main([str(source)]) == 0
    assert "Imported 3 games" in capsys.readouterr().out
    with Store.open(home)[0] as store:
        newest_first = [(game.deal, game.ended and game.ended.hour) for game in store.history()]
        newest = store.newest_game()
        stats = store.stats()
    assert newest_first == [(3, 12), (1, 12), (4, 11), (WINNING_DEAL, 9)]
    assert newest is not None and newest.deal == 3  # review --last and practice take the game that ended last
    assert (stats.current_streak, stats.longest_streak) == (0, 1)
    exported = [json.loads(line)["deal"] for line in _export(home, capsys)]
    assert exported == [WINNING_DEAL, 4, 1, 3]  # oldest first, so that importing it again keeps the order


def test_import_says_what_a_line_of_another_format_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "games.jsonl"
    source.write_text('{"deal": 5}\n{"format": "chess"}\n')
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    assert transfer.import_main([str(source)]) == 1
    out, err = capsys.readouterr()
    assert out == "Imported 0 games. Skipped 0 games already in the history. Rejected 2 lines.\n"
    assert err.splitlines() == [
        'foursquare import: line 1: not a Foursquare game: it has no "format": "foursquare-finished-game"',
        'foursquare import: line 2: not a Foursquare game: it has "format": "chess", '
        'not "format": "foursquare-finished-game"',
    ]


def test_import_reads_standard_input_and_skips_games_already_there(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(home)[0] as store:
        store.record(finished(won_game()))
    lines = _export(home, capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode())))
    assert transfer.import_main(["-"]) == 0
    assert "Imported 0 games. Skipped 1 game already in the history. Rejected 0 lines." in capsys.readouterr().out
    assert counted(home) == [Result(WINNING_DEAL, Ending.WON, 7)]


def test_import_counts_one_game_and_one_line_in_the_singular(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "one.jsonl"
    source.write_text(_one_game_exported(home, capsys) + "\n" + '{"deal": 5}\n')
    assert _import_elsewhere(source, tmp_path, monkeypatch) == 1
    assert capsys.readouterr().out == "Imported 1 game. Skipped 0 games already in the history. Rejected 1 line.\n"


def test_a_database_of_the_third_layout_gets_the_table_of_solved_practice_positions(tmp_path: Path) -> None:
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        db.executescript(MIGRATIONS[0] + MIGRATIONS[1] + MIGRATIONS[2] + "PRAGMA user_version = 3;")
    with Store.open(tmp_path)[0] as store:
        assert store.solved_positions() == set()
        game_id = store.record(finished(won_game())).game_id
        store.mark_solved(game_id, 7)
        store.mark_solved(game_id, 7)  # again: no change
        store.mark_solved(game_id, 9)
    with Store.open(tmp_path)[0] as store:
        assert store.solved_positions() == {(game_id, 7), (game_id, 9)}


def test_a_database_of_the_sixth_layout_knows_autoplay_made_no_placement_only_where_it_placed_no_card(
    tmp_path: Path,
) -> None:
    """The games kept before the placements autoplay made were recorded: a game autoplay placed no card in has
    none, one it did is not known (a review then says so); a game kept now has them."""
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)) as db:
        db.executescript("".join(MIGRATIONS[:6]) + "PRAGMA user_version = 6;")
        for autoplayed in (0, 3):
            db.execute(
                "INSERT INTO games (deal, started, ended, result, score, placed, counted, record, take_backs, tips,"
                " autoplayed, played_before) VALUES ('16', NULL, NULL, 'won', 1, 17, 0, NULL, 0, 0, ?, 0)",
                (autoplayed,),
            )
    with Store.open(tmp_path)[0] as store:
        old = [entry.help for entry in reversed(store.history())]
        helped = Help(take_backs=1, autoplayed=2, autoplayed_at=(4,))
        kept = store.record(
            FinishedGame.of(won_game(), daily=None, started=None, ended=utc_now(), counted=True, help=helped)
        )
        new = store.history()[0]
    assert [helped.autoplayed_at if helped else "no help" for helped in old] == [(), None]
    assert new.id == kept.game_id and new.help is not None and new.help.autoplayed_at == (4,)


def test_an_import_line_dated_in_the_future_is_refused_by_number(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that ended in the year 9999 would stay the newest, and the end of the streak, for good."""
    line = _one_game_exported(home, capsys)
    future = json.loads(line)
    future["ended"] = "9999-12-31T23:59:59Z"
    started_later = json.loads(line)
    started_later["started"], started_later["ended"] = "9999-12-31T23:00:00Z", "9999-12-31T23:59:59Z"
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join([json.dumps(future), json.dumps(started_later), line]) + "\n")
    assert _import_elsewhere(source, tmp_path, monkeypatch) == 1
    out, err = capsys.readouterr()
    assert "Imported 1 game. Skipped 0 games already in the history. Rejected 2 lines." in out
    assert "line 1: " in err and "dated in the future (9999-12-31T23:59:59Z)" in err
    assert "line 2: " in err and "dated in the future (9999-12-31T23:00:00Z)" in err
    assert _export(tmp_path / "elsewhere", capsys) == [line]
