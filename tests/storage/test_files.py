"""The data folder, damaged files, and the saved-game format of older versions (``game.json``), imported."""

from __future__ import annotations

import errno
import json
import os
import sys
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from helpers import lost_game, on_disk, played, won_game, write_old_game

from foursquare.engine import Game
from foursquare.session.game import GameSession as Session
from foursquare.storage.files import PLATFORMDIRS_PLATFORMS, data_dir, quarantine
from foursquare.storage.formats import decode_json, load_game, saved_game_json
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.upgrade import GAME_FILE, IMPORTED_SUFFIX
from foursquare.storage.window import LOCK_FILE, claim_window
from foursquare.words import problems as words

# --- where data lives ---------------------------------------------------------


def test_data_dir_is_foursquare_home_when_set(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    assert not (tmp_path / "here").exists()  # finding the folder creates nothing


def test_relative_foursquare_home_is_made_absolute(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FOURSQUARE_HOME", "rel")
    assert data_dir() == tmp_path / "rel"


@pytest.mark.parametrize("home", [None, ""])
def test_data_dir_on_windows_is_the_local_application_data_folder(
    monkeypatch: pytest.MonkeyPatch, home: str | None
) -> None:
    if sys.platform != "win32":
        pytest.skip("the folder Windows keeps each user's programs' data in")
    if home is None:
        monkeypatch.delenv("FOURSQUARE_HOME", raising=False)
    else:
        monkeypatch.setenv("FOURSQUARE_HOME", home)
    assert data_dir() == Path(os.environ["LOCALAPPDATA"], "foursquare")
    assert data_dir().is_absolute() and "Roaming" not in data_dir().parts


@pytest.mark.skipif(
    sys.platform in PLATFORMDIRS_PLATFORMS, reason="the XDG rule is for Linux and the other Unix systems"
)
@pytest.mark.parametrize("home", [None, ""])
def test_data_dir_is_the_platform_user_data_folder_otherwise(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, home: str | None
) -> None:
    if home is None:
        monkeypatch.delenv("FOURSQUARE_HOME", raising=False)
    else:
        monkeypatch.setenv("FOURSQUARE_HOME", home)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "foursquare"


@pytest.mark.skipif(
    sys.platform in PLATFORMDIRS_PLATFORMS, reason="the XDG rule is for Linux and the other Unix systems"
)
@pytest.mark.parametrize("xdg", [None, "", "relative/share", "/abs/share", "/abs/share/"])
def test_the_xdg_folder_is_the_one_platformdirs_names_so_no_player_s_history_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, xdg: str | None
) -> None:
    """Earlier versions asked platformdirs: a player's folder must stay where it was."""
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.delenv("FOURSQUARE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    expected = Path(platformdirs.user_data_dir("foursquare", appauthor=False))
    assert data_dir() == expected
    assert data_dir().is_absolute()


# --- the saved-game format ------------------------------------------------------


@pytest.mark.parametrize("daily", [None, date(2026, 11, 30)])
def test_saved_game_round_trip_replays_the_same_position(tmp_path: Path, daily: date | None) -> None:
    game = played(20261130, 12)
    write_old_game(tmp_path / GAME_FILE, game, daily)
    loaded = load_game(tmp_path / GAME_FILE)
    assert loaded is not None
    assert loaded.game == game and loaded.game.piles == game.piles and loaded.game.seed == 20261130
    assert loaded.daily == daily
    assert loaded.game.next_card == game.next_card


def test_saved_game_file_is_the_engine_record_in_a_versioned_envelope(tmp_path: Path) -> None:
    game = played(20261130, 3)
    write_old_game(tmp_path / GAME_FILE, game, date(2026, 11, 30))
    on_disk = json.loads((tmp_path / GAME_FILE).read_text("utf-8"))
    assert on_disk == {
        "format": "foursquare-saved-game",
        "version": 1,
        "daily": "2026-11-30",
        "game": game.to_record(),
    }
    assert on_disk["game"]["placements"] == [list(cell) for cell in game.placements]


def test_finished_games_save_and_load_too(tmp_path: Path) -> None:
    for game in (won_game(), lost_game()):
        write_old_game(tmp_path / GAME_FILE, game, None)
        loaded = load_game(tmp_path / GAME_FILE)
        assert loaded is not None and loaded.game == game and loaded.game.status is game.status


def test_an_old_saved_game_is_imported_once_and_renamed(tmp_path: Path) -> None:
    game = played(20261130, 7)
    write_old_game(tmp_path / GAME_FILE, game, date(2026, 11, 30))
    session, opening = Session.open(tmp_path, today=lambda: date(2026, 11, 30))
    assert opening == (None, None)
    assert session.game == game and session.daily == date(2026, 11, 30)
    assert not (tmp_path / GAME_FILE).exists() and (tmp_path / (GAME_FILE + IMPORTED_SUFFIX)).exists()
    session.place(session.game.legal_moves()[0])
    (tmp_path / (GAME_FILE + IMPORTED_SUFFIX)).rename(tmp_path / GAME_FILE)  # killed before the rename, say
    again, _ = Session.open(tmp_path)
    assert again.game.placed_count == 8  # the same file is not imported over the game since played


def test_no_saved_game_is_none_not_an_error(tmp_path: Path) -> None:
    assert load_game(tmp_path / GAME_FILE) is None
    assert load_game(tmp_path / "missing" / GAME_FILE) is None


# --- every kind of damaged saved game ---------------------------------------------


def _envelope(**changes: Any) -> bytes:
    value = saved_game_json(played(20261130, 6), None)
    for key, new in changes.items():
        if key.startswith("game_"):
            value["game"][key[5:]] = new
        elif new is _DROP:
            del value[key]
        else:
            value[key] = new
    return json.dumps(value).encode()


_DROP = object()
_GOOD = _envelope()
_ILLEGAL = [[0, 0], [2, 2]]  # the second card is not next to the first

DAMAGED: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "empty"),
    "blank": (b" \n\t\n", "empty"),
    "truncated JSON": (_GOOD[: len(_GOOD) // 2], "not valid JSON"),
    "not JSON": (b"this is not a saved game\n", "not valid JSON"),
    "binary garbage": (bytes((i * 37 + 11) % 256 for i in range(3000)), "not text"),
    "UTF-16": ('{"format": "x"}'.encode("utf-16"), "not text"),
    "nested too deeply": (b"[" * 200_000, "not valid JSON"),
    "a JSON list": (b"[1, 2, 3]", "no JSON object"),
    "a JSON string": (b'"game"', "no JSON object"),
    "JSON null": (b"null", "no JSON object"),
    "another format": (
        _envelope(format="foursquare-stats"),
        'not a Foursquare saved game: it has "format": "foursquare-stats", not "format": "foursquare-saved-game"',
    ),
    "no format": (_envelope(format=_DROP), 'not a Foursquare saved game: it has no "format": "foursquare-saved-game"'),
    "unknown version": (_envelope(version=2), "unknown saved game version 2"),
    "version as text": (_envelope(version="1"), 'unknown saved game version "1"'),
    "version as true": (_envelope(version=True), "unknown saved game version true"),
    "no version": (_envelope(version=_DROP), "unknown saved game version null"),
    "daily as a number": (_envelope(daily=20261130), "bad daily date 20261130"),
    "daily not a date": (_envelope(daily="2026-13-45"), "bad daily date"),
    "daily of another deal": (_envelope(daily="2026-12-01"), "not the daily deal of 2026-12-01"),
    "game not an object": (_envelope(game=[1, 2]), "must be a JSON object"),
    "game missing": (_envelope(game=_DROP), "must be a JSON object"),
    "unknown game version": (_envelope(game_version=7), "unknown game record version 7"),
    "stock of numbers": (_envelope(game_stock=list(range(40))), "stock must be a list of card texts"),
    "stock with a king": (_envelope(game_stock=["KH"] + [str(c) for c in Game.deal(1).stock[1:]]), "bad stock"),
    "stock of another deal": (_envelope(game_stock=[str(c) for c in Game.deal(1).stock]), "not the stock of deal"),
    "no deal number": (_envelope(game_seed=None), "no deal number"),
    "negative deal number": (_envelope(game_seed=-4), "bad deal number"),
    "deal number too big": (_envelope(game_seed=2**64), "deal number must be"),
    "placements not a list": (_envelope(game_placements={"0": 0}), "placements must be a list"),
    "placement not a pair": (_envelope(game_placements=[[0, 0, 0]]), "placement 1"),
    "placement of floats": (_envelope(game_placements=[[0.0, 0.0]]), "placement 1"),
    "illegal game": (_envelope(game_placements=_ILLEGAL), "placement 2"),
    "placements after the end": (
        _envelope(game_seed=20261130, game_placements=[list(c) for c in lost_game().placements] + [[0, 0]]),
        "the game was over after placement",
    ),
    "too large": (b" " * (1 << 20) + b"{}", "larger than"),
    "two saved games, one a line": (_GOOD + b"\n" + _GOOD + b"\n", "not valid JSON"),  # said as JSON, not as games
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_every_kind_of_damaged_saved_game_is_refused_with_a_reason(tmp_path: Path, kind: str) -> None:
    content, reason = DAMAGED[kind]
    (tmp_path / GAME_FILE).write_bytes(content)
    with pytest.raises(StoreError) as refused:
        load_game(tmp_path / GAME_FILE)
    assert refused.value.problem.kind is Kind.SAVED_GAME_DAMAGED and refused.value.problem.path == tmp_path / GAME_FILE
    assert reason in words.reason(refused.value.problem)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (b'{"game": 1}\n{"game": 2}\n', Reason.SEVERAL_GAMES),  # a whole export file
        (b' {"game": 1} {"game": 2}', Reason.SEVERAL_GAMES),
        (b'{"game": 1}\n{"game": ', Reason.SEVERAL_GAMES),  # what follows the first game is not looked into
        (b'{"game": 1\n{"game": 2}\n', Reason.NOT_JSON),  # the first value is not whole
        (b"\n", Reason.NOT_JSON),
    ],
)
def test_where_one_game_is_wanted_a_whole_value_with_more_after_it_is_several_games(
    text: bytes, reason: Reason
) -> None:
    with pytest.raises(StoreError) as refused:
        decode_json(text, Kind.RECORD_FILE, one_game=True)
    assert refused.value.problem.reason is reason
    assert (refused.value.problem.column is None) is (reason is Reason.SEVERAL_GAMES)  # where it stopped, if not
    with pytest.raises(StoreError) as anywhere_else:
        decode_json(text, Kind.RECORD_FILE)
    assert anywhere_else.value.problem.reason is Reason.NOT_JSON
    assert decode_json(b' \n{"game": 1}\n\n', Kind.RECORD_FILE, one_game=True) == {"game": 1}


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_saved_game_is_moved_aside_and_a_fresh_game_dealt(tmp_path: Path, kind: str) -> None:
    content, reason = DAMAGED[kind]
    (tmp_path / GAME_FILE).write_bytes(content)
    session, opening = Session.open(tmp_path)
    aside = _corrupt_files(tmp_path)
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept byte for byte
    assert opening.trouble is not None and "\n" not in opening.trouble.line
    assert (
        reason in opening.trouble.line and str(aside[0]) in opening.trouble.line and "new game" in opening.trouble.line
    )
    assert session.game.placed_count == 0 and opening.switch is None
    assert on_disk(tmp_path) == session.game  # the fresh game is kept in the damaged one's place


def test_a_folder_where_the_saved_game_should_be_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).mkdir()
    (tmp_path / GAME_FILE / "inside").write_text("kept")
    _, opening = Session.open(tmp_path)
    (aside,) = _corrupt_files(tmp_path)
    assert opening.trouble is not None
    assert opening.trouble.line == (
        f"The saved game could not be used (cannot be read: a folder, not a regular file); it was moved to {aside}"
        " and a new game was dealt."
    )
    assert (aside / "inside").read_text() == "kept"
    assert on_disk(tmp_path).placed_count == 0


def test_an_unreadable_saved_game_is_said_and_never_overwritten_on_windows(tmp_path: Path) -> None:
    """Windows' own unreadable file: another program holds it open sharing nothing, so that it can be
    neither read nor moved aside."""
    if sys.platform != "win32":
        pytest.skip("a file opened sharing nothing with other programs is Windows' own")
    import _winapi

    path = tmp_path / GAME_FILE
    write_old_game(path, played(7, 4), None)
    before = path.read_bytes()
    handle = _winapi.CreateFile(str(path), _winapi.GENERIC_READ, 0, 0, _winapi.OPEN_EXISTING, 0, 0)
    try:
        with pytest.raises(StoreError) as refused:
            load_game(path)
        assert words.reason(refused.value.problem).startswith("cannot be read: ")
        _, opening = Session.open(tmp_path)
        assert opening.trouble is not None and "nor moved aside" in opening.trouble.line
    finally:
        _winapi.CloseHandle(handle)
    assert path.read_bytes() == before and not _corrupt_files(tmp_path)


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file (Windows: no mode refuses the owner)"
)
def test_an_unreadable_saved_game_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / GAME_FILE
    write_old_game(path, played(7, 4), None)
    path.chmod(0)
    with pytest.raises(StoreError) as refused:
        load_game(path)
    assert words.reason(refused.value.problem) == "cannot be read: permission denied"
    _, opening = Session.open(tmp_path)
    assert opening.trouble is not None and "permission denied" in opening.trouble.line
    assert len(_corrupt_files(tmp_path)) == 1


def test_a_damaged_file_that_cannot_be_moved_is_never_overwritten(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / GAME_FILE
    path.write_bytes(b"{broken")

    def refuse(*args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    session, opening = Session.open(tmp_path)
    assert opening.trouble is not None
    assert opening.trouble.line == (
        f"The saved game in {path} could not be used (not valid JSON: line 1, column 2) nor"
        " moved aside (permission denied), so the file is left as it is;"
        " a new game was dealt."
    )
    assert session.place((0, 0))[1:] == [] and on_disk(tmp_path) == session.game  # the game is kept in the database
    assert path.read_bytes() == b"{broken"


def test_quarantine_names_carry_a_timestamp_and_never_clash(tmp_path: Path) -> None:
    when = datetime(2026, 11, 30, 21, 5, 9, tzinfo=timezone.utc)
    names = []
    for n in range(3):
        (tmp_path / GAME_FILE).write_text(f"bad {n}")
        damaged = quarantine(Problem(Kind.SAVED_GAME_DAMAGED, Reason.EMPTY, tmp_path / GAME_FILE), now=when)
        assert damaged.aside is not None and damaged.aside.read_text() == f"bad {n}"
        names.append(damaged.aside.name)
    assert names == [
        "game.json.20261130T210509Z.corrupt",
        "game.json.20261130T210509Z-2.corrupt",
        "game.json.20261130T210509Z-3.corrupt",
    ]
    assert not (tmp_path / GAME_FILE).exists()


def test_quarantine_of_a_file_another_process_already_moved(tmp_path: Path) -> None:
    damaged = quarantine(Problem(Kind.SAVED_GAME_DAMAGED, Reason.TOO_DEEP, tmp_path / GAME_FILE))
    assert damaged.aside == tmp_path
    assert words.line(damaged) == (
        f"The saved game could not be used (not valid JSON: nested too deeply); it was moved to {tmp_path}"
        " and a new game was dealt."
    )
    assert words.short(damaged) == "Damaged saved game moved aside; more when you quit."


def _corrupt_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".corrupt"))


def test_the_window_lock_file_stays_after_the_window_closes(tmp_path: Path) -> None:
    """Removing the file could race with a process that has just opened it; its lock is what counts."""
    with claim_window(tmp_path):
        pass
    assert (tmp_path / LOCK_FILE).is_file()
    with claim_window(tmp_path) as again:  # the lock was given up with the window
        assert again.notes == []
