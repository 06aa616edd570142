"""Damaged rows, forged games and files the player names wrongly: each is one line, and nothing else is lost.

Each case runs the command as the player does (``foursquare ARGS`` through
the command line's own entry point), or asks the store, which owns the rows.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    NO_FILE_MODES,
    NO_SYMLINKS,
    WINDOWS,
    WINNING_DEAL,
    WINNING_LINE,
    command,
    first_cell_judge,
    lost_game,
    open_in,
    played,
    press,
    records_of,
    screen_for,
    screen_text,
    stats_of,
    won_game,
)

from foursquare.engine import Game
from foursquare.storage import repair
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.schema import DB_FILE
from foursquare.storage.store import Store
from foursquare.storage.window import LOCK_FILE, claim_window


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def finished(game: Game, help: Help | None = None) -> FinishedGame:
    return FinishedGame.of(game, daily=None, started=utc_now(), ended=utc_now(), counted=True, help=help)


def three_games(home: Path) -> list[int]:
    """A won game played alone, a lost one with a tip and an abandoned one from before help was recorded in
    ``home``; their ids."""
    games = ((won_game(), Help()), (lost_game(), Help(tips=1)), (played(5, 3), None))
    with Store.open(home)[0] as store:
        return [store.record(finished(game, help)).game_id for game, help in games]


@contextlib.contextmanager
def database(home: Path) -> Iterator[sqlite3.Connection]:
    with contextlib.closing(sqlite3.connect(home / DB_FILE)) as db, db:
        yield db


def lines(text: str) -> list[str]:
    return text.splitlines()


# --- damaged rows ----------------------------------------------------------------------------

DAMAGED_ROWS = {
    "ended": ("ended", "yesterday"),
    "deal": ("deal", "twelve"),
    "daily": ("daily", "2026-02-31"),
    "score": ("score", 99),
    "impossible pair": ("loss_reason", "stock_empty"),
    "take-backs": ("take_backs", -1),
    "tips": ("tips", "some"),
    "played before": ("played_before", 2),
}


def test_help_with_a_count_missing_is_help_not_known_and_never_alone(home: Path) -> None:
    won, _, _ = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET tips = NULL WHERE id = ?", (won,))
    with Store.open(home)[0] as store:
        helps = [game.help for game in store.history()]
        assert store.take_problems() == []  # no row left out
    assert helps == [None, Help(tips=1), None]


@pytest.mark.parametrize("column", DAMAGED_ROWS)
def test_a_damaged_row_is_left_out_of_the_history_with_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], column: str
) -> None:
    won, lost, abandoned = three_games(home)
    name, value = DAMAGED_ROWS[column]
    with database(home) as db:
        db.execute(f"UPDATE games SET {name} = ? WHERE id = ?", (value, won))
    assert command("history") == 0
    out, err = capsys.readouterr()
    assert [int(row.split()[0]) for row in lines(out)[1:]] == [abandoned, lost]
    (said,) = lines(err)
    assert said.startswith(f"Game {won} of the history cannot be read (") and said.endswith("is left out.")
    assert command("history", "--json") == 0
    out, err = capsys.readouterr()
    assert [game["id"] for game in json.loads(out)] == [abandoned, lost] and len(lines(err)) == 1
    assert command("export") == 0
    out, err = capsys.readouterr()
    assert [json.loads(row)["id"] for row in lines(out)] == [lost, abandoned] and len(lines(err)) == 1


@pytest.mark.parametrize("asked", ["review", "practice"])
def test_review_and_practice_of_a_damaged_row_say_what_the_history_says_of_it(
    home: Path, capsys: pytest.CaptureFixture[str], asked: str
) -> None:
    won, _, _ = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET score = 99 WHERE id = ?", (won,))
    assert command("history") == 0
    (listed,) = lines(capsys.readouterr().err)
    assert command(asked, str(won)) == 1
    (said,) = lines(capsys.readouterr().err)
    assert said == f"foursquare {asked}: " + listed[0].lower() + listed[1:-1]
    assert "there is no game" not in said


def test_a_damaged_record_is_left_out_of_the_export_and_the_listing_still_shows_its_game(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    won, lost, abandoned = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET record = '{not json' WHERE id = ?", (won,))
    assert command("export") == 0
    out, err = capsys.readouterr()
    assert [json.loads(row)["id"] for row in lines(out)] == [lost, abandoned]
    assert lines(err) == [
        f"Game {won} of the history cannot be read (not valid JSON: line 1, column 2) and is left out."
    ]
    assert command("history") == 0  # the listing reads no record
    assert len(lines(capsys.readouterr().out)) == 4


def test_the_store_hands_back_each_row_it_left_out_and_refuses_to_give_it_by_id(home: Path) -> None:
    won, lost, _ = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET deal = 'x' || id WHERE id IN (?, ?)", (won, lost))
    with Store.open(home)[0] as store:
        assert len(store.history()) == 1
        skipped = store.take_problems()
        assert [(p.kind, p.number) for p in skipped] == [(Kind.GAME_ROW_SKIPPED, lost), (Kind.GAME_ROW_SKIPPED, won)]
        assert store.take_problems() == []  # each said once
        with pytest.raises(StoreError) as refused:
            store.game(won)
        assert refused.value.problem.kind is Kind.GAME_ROW_SKIPPED and refused.value.problem.number == won
        newest = store.newest_game()
        assert newest is not None and newest.id == won + 2


TALLY_DAMAGE = [
    "UPDATE tally SET score = 99 WHERE result = 'won'",
    "UPDATE tally SET games = 'many'",
    "UPDATE tally SET games = games + 5",
    "DELETE FROM tally WHERE result = 'lost'",
    "UPDATE tally SET result = 'lost' WHERE result = 'won'",
    "UPDATE streak SET current = 'x'",
    "UPDATE streak SET longest = -1",
    "DELETE FROM streak",
    "UPDATE help_tally SET games = games + 1 WHERE help = 'alone'",
    "DELETE FROM help_tally WHERE help = 'helped'",
    "DELETE FROM help_tally",
    "UPDATE help_tally SET games = 'many' WHERE help = 'unrecorded'",
    "UPDATE streak SET alone_current = 2",
    "UPDATE streak SET alone_longest = 'x'",
]


@pytest.mark.parametrize("damage", TALLY_DAMAGE)
def test_statistics_that_disagree_with_the_games_are_worked_out_again(
    home: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    three_games(home)
    before = records_of(home)
    assert (before.on_your_own.played, before.on_your_own.current_streak, before.before_help) == (1, 1, 1)
    with database(home) as db:
        db.execute(damage)
    assert command("stats", "--json") == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == before.to_json()
    assert lines(err) == ["The statistics did not agree with your games, so they were worked out again from them."]
    assert command("stats") == 0 and capsys.readouterr().err == ""  # kept as worked out


def test_statistics_worked_out_again_show_even_when_they_cannot_be_kept(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    three_games(home)
    before = stats_of(home)
    with database(home) as db:
        db.execute("UPDATE tally SET games = games + 5")

    def read_only(*args: object) -> None:
        raise StoreError(Problem(Kind.REFUSED, Reason.READ_ONLY))

    monkeypatch.setattr(Store, "_keep_figures", read_only)
    for _ in range(2):  # worked out again each time, since it could not be kept
        with Store.open(home)[0] as store:
            assert store.stats() == before
            assert [p.kind for p in store.take_problems()] == [Kind.TALLY_REBUILT]


def test_a_counted_game_with_an_impossible_result_stops_counting(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    won, _, _ = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET loss_reason = 'stock_empty' WHERE id = ?", (won,))
    with Store.open(home)[0] as store:
        figures = store.stats()
    assert (figures.played, figures.won) == (3, 1)  # the tally as kept: the row's damage is not the tally's
    with database(home) as db:
        db.execute("UPDATE tally SET games = 7 WHERE result = 'won'")
    with Store.open(home)[0] as store:
        figures = store.stats()
        assert [p.kind for p in store.take_problems()] == [Kind.TALLY_REBUILT]
    assert (figures.played, figures.won, figures.current_streak) == (2, 0, 0)
    assert stats_of(home) == figures  # and it stays so


def test_a_damaged_cached_review_is_dropped_and_made_again(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = three_games(home)[0]
    assert command("review", str(game_id), "--json", "--nodes", "20", judge=first_cell_judge()) == 0
    first = json.loads(capsys.readouterr().out)
    with database(home) as db:
        db.execute("UPDATE reviews SET data = '{broken' WHERE game_id = ?", (game_id,))
    assert command("review", str(game_id), "--json", "--nodes", "20", judge=first_cell_judge()) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == first
    assert f"The review kept with game {game_id} could not be read and will be made again." in err
    with Store.open(home)[0] as store:
        assert store.load_review(game_id) is not None  # kept again


# --- export over the data folder's own files -------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        DB_FILE,
        DB_FILE + "-wal",
        DB_FILE + "-shm",
        LOCK_FILE,
        pytest.param("link", marks=pytest.mark.skipif(WINDOWS, reason=NO_SYMLINKS)),
    ],
)
def test_export_refuses_to_write_over_a_kept_file(home: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    three_games(home)
    claim_window(home).release()
    with Store.open(home)[0]:  # an open connection keeps the WAL and SHM files
        if name == "link":
            (home.parent / "link").symlink_to(home / DB_FILE)
            target = home.parent / "link"
        else:
            target = home / name
        size = target.stat().st_size
        assert command("export", str(target)) == 1
        assert target.stat().st_size == size  # not truncated, not replaced
    err = capsys.readouterr().err
    assert err.startswith(f"foursquare export: {target} is one of the data folder's own files")
    assert not [p for p in home.iterdir() if ".corrupt" in p.name] and stats_of(home).played == 3
    with Store.open(home)[0] as store:
        assert len(store.history()) == 3


@pytest.mark.skipif(WINDOWS, reason=NO_FILE_MODES)
def test_export_writes_a_temporary_file_and_renames_it_into_place(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    three_games(home)
    target = tmp_path / "games.jsonl"
    target.write_text("the old export\n")
    target.chmod(0o640)
    assert command("export", str(target)) == 0
    assert len(lines(target.read_text())) == 3 and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert capsys.readouterr().out == f"Exported 3 games to {target}.\n"  # said once the file is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "home"]

    def broken(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    target.write_text("the old export\n")
    assert command("export", str(target)) == 1
    assert capsys.readouterr().err.endswith(f"cannot write {target}: the disk refused to read or write\n")
    assert target.read_text() == "the old export\n"  # untouched until the new one is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "home"]


def test_export_keeps_a_read_only_file_and_names_it(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file marked read-only (0444) is refused as ``cp`` refuses it, though its folder would let a rename
    replace it; one the player may write is replaced as before."""
    three_games(home)
    target = tmp_path / "games.jsonl"
    target.write_text("the old export\n")
    target.chmod(0o444)
    assert command("export", str(target)) == 1
    assert capsys.readouterr().err == f"foursquare export: cannot write {target}: permission denied\n"
    assert target.read_text() == "the old export\n" and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "home"]
    target.chmod(0o644)
    assert command("export", str(target)) == 0
    assert len(lines(target.read_text())) == 3


# --- forged games ----------------------------------------------------------------------------


def _export_lines(home: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert command("export") == 0
    return [json.loads(row) for row in lines(capsys.readouterr().out)]


def _exported_win(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The export line of a won game kept in ``home``."""
    with Store.open(home)[0] as store:
        store.record(finished(won_game()))
    (good,) = _export_lines(home, capsys)
    return good


def _import_into_another_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *rows: dict[str, Any]) -> int:
    """``foursquare import`` of ``rows`` into a fresh data folder, ``tmp_path/other``; its exit status."""
    source = tmp_path / "edited.jsonl"
    source.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "other"))
    return command("import", str(source))


def test_import_refuses_a_stock_that_is_not_the_deals_own_and_a_line_without_a_record(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _exported_win(home, capsys)
    forged = json.loads(json.dumps(good))
    forged["deal"] = forged["game"]["seed"] = WINNING_DEAL + 1  # deal 17 claimed with deal 16's stock
    no_record = {**good, "deal": 3, "score": 24, "placed": None, "game": None}
    assert _import_into_another_home(tmp_path, monkeypatch, forged, no_record, good) == 1
    out, err = capsys.readouterr()
    assert out == "Imported 1 game. Skipped 0 games already in the history. Rejected 2 lines.\n"
    assert lines(err) == [
        f"foursquare import: line 1: the stock is not the stock of deal {WINNING_DEAL + 1}",
        "foursquare import: line 2: it has no record of its placements, so it cannot be checked",
    ]
    with Store.open(tmp_path / "other")[0] as store:
        assert not store.is_counted(WINNING_DEAL + 1) and not store.is_counted(3)
        assert store.stats().played == 1


def test_import_says_a_changed_score_and_a_missing_field_as_the_line_spells_them(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _exported_win(home, capsys)
    higher = {**good, "score": good["score"] + 1}
    uncounted = {key: value for key, value in good.items() if key != "counted"}
    assert _import_into_another_home(tmp_path, monkeypatch, higher, uncounted) == 1
    assert lines(capsys.readouterr().err) == [
        f"foursquare import: line 1: the record's game ended with score {good['score']}, not {higher['score']}",
        "foursquare import: line 2: counted must be true or false, not null",
    ]


def test_review_of_a_file_takes_a_line_of_the_export_as_its_game_record(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _exported_win(home, capsys)
    path = tmp_path / "line.json"
    path.write_text(json.dumps(good))
    assert command("review", "--file", str(path), "--json", judge=first_cell_judge()) == 0
    assert json.loads(capsys.readouterr().out)["deal"] == WINNING_DEAL
    path.write_text(json.dumps({**good, "game": None}))
    assert command("review", "--file", str(path), judge=first_cell_judge()) == 1
    assert "kept without the record of its placements" in capsys.readouterr().err
    path.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n")  # a whole export file
    assert command("review", "--file", str(path), judge=first_cell_judge()) == 1
    assert capsys.readouterr().err.startswith(
        f"foursquare review: {path}: it holds more than one game, one a line as foursquare export writes them: "
        "--file takes one game (foursquare import the file, then"
    )


def test_review_in_words_says_it_as_plain_mode_does_without_a_chart_or_a_symbol(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "line.json"
    path.write_text(json.dumps(_exported_win(home, capsys)))
    assert command("review", "--file", str(path), "--words", judge=first_cell_judge()) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"Review of deal {WINNING_DEAL}: you 7, the expert ")
    assert "Placement by placement:" in said and any(line.startswith(f"  {len(WINNING_LINE)}. ") for line in said)
    assert all(line.isascii() for line in said) and not any("♣" in line or "█" in line for line in said)
    assert " of clubs on " in "\n".join(said) or " of spades on " in "\n".join(said)


def test_review_of_a_record_file_refuses_a_stock_that_is_not_the_deals_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = won_game().to_record()
    record["seed"] = WINNING_DEAL + 1
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    assert command("review", "--file", str(path)) == 1
    assert capsys.readouterr().err == (
        f"foursquare review: {path}: the stock is not the stock of deal {WINNING_DEAL + 1}\n"
    )


# --- smaller edges ---------------------------------------------------------------------------


def test_a_game_id_too_large_for_the_database_is_no_such_game(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three_games(home)
    assert command("review", "9223372036854775808") == 1
    assert "there is no game 9223372036854775808 in the history" in capsys.readouterr().err


def test_an_import_time_past_the_calendar_rejects_its_line_and_the_rest_go_in(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(home)[0] as store:
        store.record(finished(won_game()))
        store.record(finished(lost_game()))
    first, second = _export_lines(home, capsys)
    first["ended"] = "9999-12-31T23:59:59-01:00"
    source = tmp_path / "late.jsonl"
    source.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "other"))
    assert command("import", str(source)) == 1
    out, err = capsys.readouterr()
    assert out == "Imported 1 game. Skipped 0 games already in the history. Rejected 1 line.\n"
    assert err == 'foursquare import: line 1: time "9999-12-31T23:59:59-01:00" is out of range\n'


def test_an_import_line_that_starts_after_it_ends_is_rejected(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    line = _exported_win(home, capsys)
    line["started"], line["ended"] = "2030-01-01T10:00:00Z", "2026-11-30T10:00:00Z"
    source = tmp_path / "backwards.jsonl"
    source.write_text(json.dumps(line) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "other"))
    assert command("import", str(source)) == 1
    err = capsys.readouterr().err
    assert err == (
        "foursquare import: line 1: it started (2030-01-01T10:00:00Z) after it ended (2026-11-30T10:00:00Z)\n"
    )


def test_a_negative_layout_version_is_refused_and_left_alone(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three_games(home)
    with contextlib.closing(sqlite3.connect(home / DB_FILE)) as db:
        db.execute("PRAGMA user_version = -1")
    before = (home / DB_FILE).read_bytes()
    assert command("history") == 1
    err = capsys.readouterr().err
    assert err.startswith(f"foursquare history: cannot use the history in {home}: the database")
    assert "version -1, which no foursquare writes" in err
    assert (home / DB_FILE).read_bytes() == before and not [p for p in home.iterdir() if ".corrupt" in p.name]


def test_a_huge_number_is_cut_in_the_line_that_names_it(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert command("--seed", "9" * 4000) == 2
    assert command("history", "--limit", "9" * 4000) == 2
    err = capsys.readouterr().err
    assert "9" * 23 + "…" in err and len(err) < 2000


def test_an_import_line_with_a_huge_number_is_named_cut(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    line = _exported_win(home, capsys)
    line["deal"] = int("9" * 4000)
    source = tmp_path / "huge.jsonl"
    source.write_text(json.dumps(line) + "\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    assert command("import", str(source)) == 1
    err = capsys.readouterr().err
    assert err.startswith("foursquare import: line 1: bad deal number 999") and "…" in err and len(err) < 300


def test_the_window_lock_is_not_executable(tmp_path: Path) -> None:
    with claim_window(tmp_path):
        pass
    assert stat.S_IMODE((tmp_path / LOCK_FILE).stat().st_mode) & 0o111 == 0


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_import_of_a_file_that_never_ends_a_line_stops(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert command("import", "/dev/zero") == 1
    out, err = capsys.readouterr()
    assert out == "Imported 0 games. Skipped 0 games already in the history. Rejected 1 line.\n"
    assert err == "foursquare import: line 1: longer than 1,048,576 bytes\n"


# --- a data folder that cannot be read ---------------------------------------------------------


@pytest.mark.parametrize("args", [["history"], ["stats"], ["history", "--json"], ["export"], ["review"]], ids=" ".join)
def test_a_data_folder_under_a_file_is_one_line_and_status_1_not_an_empty_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    blocker = tmp_path / "passwd"
    blocker.write_text("root:x:0:0\n")
    monkeypatch.setenv("FOURSQUARE_HOME", str(blocker / "x"))
    assert command(*args) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.endswith(f"the data folder cannot be made: {blocker} is a file, not a folder\n")
    assert blocker.read_text() == "root:x:0:0\n"


@pytest.mark.skipif(WINDOWS, reason="XDG_DATA_HOME is not read on Windows, where platformdirs names the data folder")
def test_a_platform_data_folder_under_a_device_is_one_line_and_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FOURSQUARE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", os.devnull)
    assert command("stats") == 1
    assert capsys.readouterr().err == (
        f"foursquare stats: cannot use the statistics in {os.devnull}/foursquare: the data folder cannot be made:"
        f" {os.devnull} is a file, not a folder\n"
    )


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any folder (Windows: no mode refuses the owner)"
)
def test_a_data_folder_that_may_not_be_read_is_one_line_and_status_1(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_games(home)
    home.chmod(0)
    try:
        assert command("history") == 1
        assert "the data folder cannot be read" in capsys.readouterr().err
    finally:
        home.chmod(0o755)


def test_a_database_that_may_not_be_opened_is_said_and_left_where_it_is(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    three_games(home)

    def refused(path: Path, *args: object) -> int:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(repair, "open_regular", refused)
    assert command("history") == 1
    assert capsys.readouterr().err == (
        f"foursquare history: cannot use the history in {home}: the database file {home / DB_FILE} may not be"
        " opened (permission denied), so it is left as it is\n"
    )
    assert not [p for p in home.iterdir() if ".corrupt" in p.name]
    monkeypatch.undo()
    assert stats_of(home).played == 3


# --- the game screen's pages and plain mode say it too ------------------------------------------


def test_the_games_page_and_plain_modes_list_leave_out_a_damaged_row_and_say_so(home: Path) -> None:
    from foursquare.plain.play import Plain
    from foursquare.words.cards import Spelling

    won, lost, _ = three_games(home)
    with database(home) as db:
        db.execute("UPDATE games SET deal = 'twelve' WHERE id = ?", (won,))
    app = screen_for(home)
    press(app, "g")
    text = screen_text(app)
    assert f"Game {won} of the history cannot be read; it is left out." in text
    session, opening = open_in(home)
    said: list[str] = []
    plain = Plain(session, Spelling(ascii=True), said.append)
    plain.begin(opening)
    plain.handle("g")
    assert any(line.startswith(f"Game {won} of the history cannot be read (") for line in said)
    assert any(line.split()[:1] == [str(lost)] for line in said) and not any(
        line.split()[:1] == [str(won)] for line in said
    )


def test_the_statistics_page_and_plain_s_say_that_the_figures_were_worked_out_again(home: Path) -> None:
    from foursquare.plain.play import Plain
    from foursquare.words.cards import Spelling

    three_games(home)
    with database(home) as db:
        db.execute("UPDATE tally SET games = 7 WHERE result = 'won'")
    app = screen_for(home)
    press(app, "s")
    assert "The statistics were worked out again from your games." in screen_text(app)
    assert "Games played 1 3" in " ".join(screen_text(app).split())  # on your own, all games
    with database(home) as db:
        db.execute("UPDATE tally SET games = 7 WHERE result = 'won'")
    session, opening = open_in(home)
    said: list[str] = []
    plain = Plain(session, Spelling(ascii=True), said.append)
    plain.begin(opening)
    plain.handle("s")
    assert "The statistics did not agree with your games, so they were worked out again from them." in said
