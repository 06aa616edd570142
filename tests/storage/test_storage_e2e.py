"""The data folder with the real ``foursquare`` command: two windows, hostile and damaged files, history.

Each test runs the installed command (in a pseudo-terminal where there is a
screen) on a data folder of its own, and checks what the player sees and what
is left on disk: one clear line, never a hang or a traceback, a damaged file
moved aside, nothing written outside the folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import WINNING_LINE_DEAL_1, counted, keep, on_disk, played
from terminal import GAME, Terminal, game_env

from foursquare.engine import Game
from foursquare.storage.schema import DB_FILE
from foursquare.storage.stats import Ending, Result
from foursquare.storage.window import LOCK_FILE

pytestmark = pytest.mark.slow  # each starts the real command, some of them several times


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def start(terms: list[Terminal], args: list[str], home: Path) -> Terminal:
    term = Terminal(args, home=home)
    terms.append(term)
    return term


def run(args: list[str], home: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``foursquare ARGS`` without a terminal, on ``home``."""
    return subprocess.run(
        [*GAME, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=game_env(FOURSQUARE_HOME=str(home)),
        check=False,
    )


def stats_json(home: Path) -> dict[str, Any]:
    done = run(["stats", "--json"], home)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def place(term: Terminal, game: Game, cells: list[tuple[int, int]], cursor: tuple[int, int]) -> tuple[int, int]:
    """Place the next cards on ``cells`` with the arrow keys and Enter, waiting for each to be drawn."""
    for target in cells:
        (r0, c0), (r1, c1) = cursor, target
        moves = (["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)) + (
            ["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1)
        )
        term.send(*moves, "enter")
        game.play(target)
        cursor = target
        if not game.is_over:
            term.wait_for(f"{game.stock_left} card{'s' if game.stock_left != 1 else ''} left")
    return cursor


def said(text: str, words: str) -> bool:
    """Whether ``words`` are in ``text`` as shown, whatever the terminal's line breaks."""
    return "".join(words.split()) in "".join(text.split())


def end_box(term: Terminal) -> str:
    """The words of the end box, the double frame at the right of the screen."""
    return " ".join(row.rstrip().split("║")[-2] for row in term.rows if row.rstrip().endswith("║"))


def corrupt_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".corrupt" in p.name)


def assert_starts_with_a_fresh_game(term: Terminal, *lines: str) -> None:
    term.wait_for(*lines, "40 cards left", "Next card")
    assert "Traceback" not in term.text


# --- one game window per data folder -------------------------------------------------


def test_a_second_window_is_refused_naming_the_first_and_the_first_wins_and_counts(
    terms: list[Terminal], home: Path
) -> None:
    first = start(terms, ["--seed", "1"], home)
    first.wait_for("Deal 1: place ")
    game = Game.deal(1)
    cursor = place(first, game, WINNING_LINE_DEAL_1[:3], (0, 0))
    second = start(terms, ["--new"], home)
    assert second.wait_exit() == 1
    assert said(second.text, f"a game window is already open on {home} (process {first.child.pid})")
    assert said(second.text, "foursquare stats") and "Traceback" not in second.text
    assert stats_json(home)["played"] == 0  # the statistics work meanwhile, and nothing was abandoned
    assert run(["history"], home).returncode == 0
    place(first, game, WINNING_LINE_DEAL_1[3:], cursor)
    first.wait_for("YOU WON!")
    figures = stats_json(home)
    assert (figures["played"], figures["won"], figures["losses"]["abandoned"]) == (1, 1, 0)


def test_a_window_that_died_never_blocks_the_next(terms: list[Terminal], home: Path) -> None:
    first = start(terms, ["--seed", "5"], home)
    first.wait_for("Deal 5: place ")
    first.send("enter")
    first.wait_for("39 cards left")
    first.child.kill(signal.SIGKILL)
    second = start(terms, [], home)
    second.wait_for("Welcome back: deal 5 as you left it, 1 card placed")


# --- damaged and hostile files -------------------------------------------------------


def test_integers_of_5000_digits_in_old_files_are_damage_not_usage_errors(terms: list[Terminal], home: Path) -> None:
    huge = '{"format":"foursquare-saved-game","version":1,"game":{"seed":' + "9" * 5000 + "}}"
    (home / "game.json").write_text(huge)
    (home / "stats.json").write_text(huge.replace("saved-game", "stats"))
    shown = run(["stats"], home)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr
    assert (
        "Your old statistics file could not be used (not valid JSON: a number with too many digits); it was moved to"
        in shown.stderr
    )
    term = start(terms, [], home)
    assert_starts_with_a_fresh_game(term)  # the saved game was moved aside by the stats command already
    assert {p.name.split(".")[0] for p in corrupt_files(home)} == {"game", "stats"}
    term.send("q")
    assert term.wait_exit() == 0


@pytest.mark.parametrize("name", ["game.json", "stats.json", DB_FILE, DB_FILE + "-wal", LOCK_FILE])
def test_a_fifo_in_place_of_a_kept_file_never_hangs(terms: list[Terminal], home: Path, name: str) -> None:
    os.mkfifo(home / name)
    shown = run(["stats", "--json"], home)  # would wait for a writer forever if the FIFO were opened
    assert shown.returncode == 0 and json.loads(shown.stdout)["played"] == 0
    if not os.path.lexists(home / name):  # the command moved it aside: the game meets one too
        os.mkfifo(home / name)
    term = start(terms, ["--seed", "3"], home)
    term.wait_for("40 cards left")
    assert "Traceback" not in term.text
    assert any(p.name.startswith(name + ".") for p in corrupt_files(home))
    term.send("enter", "q", "y")
    assert term.wait_exit() == 0
    assert on_disk(home).placed_count == 1


@pytest.mark.parametrize("kind", ["symlink", "folder"])
@pytest.mark.parametrize("name", [DB_FILE, LOCK_FILE, DB_FILE + "-wal"])
def test_a_symlink_or_folder_in_place_of_a_kept_file_is_moved_aside_and_nothing_outside_is_written(
    terms: list[Terminal], home: Path, tmp_path: Path, kind: str, name: str
) -> None:
    outside = tmp_path / "outside"
    outside.write_bytes(b"the player's own file")
    if kind == "symlink":
        (home / name).symlink_to(outside)
    else:
        (home / name).mkdir()
    term = start(terms, ["--seed", "3"], home)
    term.wait_for("40 cards left")
    assert "Traceback" not in term.text
    term.send("enter", "q", "y")
    assert term.wait_exit() == 0
    assert outside.read_bytes() == b"the player's own file"
    (aside,) = corrupt_files(home)
    assert aside.name.startswith(name + ".") and (aside.is_symlink() if kind == "symlink" else aside.is_dir())
    assert on_disk(home).placed_count == 1
    assert said(after(term), name) and said(after(term), "moved to")


def after(term: Terminal) -> str:
    """What the program wrote after giving the terminal back."""
    raw = bytes(term.raw)
    return raw[raw.rindex(b"\x1b[?1049l") :].decode("utf-8", "replace")


def test_a_file_that_is_not_a_database_is_moved_aside(terms: list[Terminal], home: Path) -> None:
    garbage = bytes((i * 37 + 11) % 256 for i in range(5000))
    (home / DB_FILE).write_bytes(garbage)
    term = start(terms, [], home)
    assert_starts_with_a_fresh_game(term, "Damaged database renamed foursquare.db.…corrupt; more when you quit.")
    (aside,) = corrupt_files(home)
    assert aside.read_bytes() == garbage
    term.send("q")
    assert term.wait_exit() == 0
    assert said(
        after(term),
        f"foursquare: The database of your games could not be used (not a database); it was moved to {aside}"
        " and a fresh one was started.",
    )


def test_a_database_failing_its_check_is_moved_aside_and_the_game_starts_afresh(
    terms: list[Terminal], home: Path
) -> None:
    keep(home, played(7, 3))
    db = home / DB_FILE
    with contextlib.closing(sqlite3.connect(db)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        roots = [row[0] for row in connection.execute("SELECT rootpage FROM sqlite_master WHERE rootpage > 1")]
    data = bytearray(db.read_bytes())
    page = len(data) // pages
    for n in roots:  # the first page of every table and index: the schema reads, the tables are damaged
        data[(n - 1) * page + 8 : (n - 1) * page + 40] = b"\xa5" * 32
    db.write_bytes(bytes(data))
    shown = run(["stats", "--json"], home)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr
    assert "The database of your games could not be used (failed SQLite's check: " in shown.stderr
    assert "; it was moved to " in shown.stderr and " and a fresh one was started." in shown.stderr
    term = start(terms, [], home)
    assert_starts_with_a_fresh_game(term)
    assert len([p for p in corrupt_files(home) if p.name.endswith(".corrupt")]) == 1


def test_a_database_from_a_newer_version_is_left_alone_and_the_game_goes_on_unsaved(
    terms: list[Terminal], home: Path
) -> None:
    keep(home, played(7, 3))
    with contextlib.closing(sqlite3.connect(home / DB_FILE)) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = (home / DB_FILE).read_bytes()
    shown = run(["stats"], home)
    assert shown.returncode == 1 and "newer foursquare" in shown.stderr and "Traceback" not in shown.stderr
    term = start(terms, [], home)
    term.wait_for("Cannot keep games", "40 cards left")
    term.send("q")
    assert term.wait_exit() == 0
    assert said(after(term), "was written by a newer foursquare") and said(after(term), "this game will not be saved")
    assert (home / DB_FILE).read_bytes() == before and corrupt_files(home) == []


def test_a_data_folder_under_a_file_says_it_cannot_be_made(terms: list[Terminal], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file")
    term = start(terms, ["--seed", "2"], blocker / "sub")
    term.wait_for("40 cards left")
    term.send("q")
    assert term.wait_exit() == 0
    assert said(after(term), f"the data folder cannot be made: {blocker} is a file, not a folder")
    assert "game.json" not in after(term) and blocker.read_text() == "a file"


# --- history, export and import ------------------------------------------------------


def test_history_export_and_import_with_the_real_command(terms: list[Terminal], home: Path, tmp_path: Path) -> None:
    term = start(terms, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    place(term, Game.deal(1), WINNING_LINE_DEAL_1, (0, 0))
    term.wait_for("YOU WON!")
    term.send("n")
    term.wait_for("40 cards left")
    term.send("enter", "n", "y")  # a card placed, then a new deal: abandoned
    term.wait_for("40 cards left")
    term.send("q")
    assert term.wait_exit() == 0

    listed = json.loads(run(["history", "--json"], home).stdout)
    assert [(g["deal"], g["result"], g["placed"]) for g in listed][1:] == [(1, "won", len(WINNING_LINE_DEAL_1))]
    assert listed[0]["result"] == "abandoned" and listed[0]["placed"] == 1 and listed[0]["id"] > listed[1]["id"]
    table = run(["history", "--limit", "1"], home).stdout.splitlines()
    assert len(table) == 2 and "left before the end" in table[1]

    exported = run(["export"], home)
    assert exported.returncode == 0 and len(exported.stdout.splitlines()) == 2
    other = tmp_path / "other"
    loaded = run(["import", "-"], other, stdin=exported.stdout)
    assert loaded.returncode == 0, loaded.stderr
    assert "Imported 2 games. Skipped 0 games already in the history. Rejected 0 lines." in loaded.stdout
    assert run(["export"], other).stdout == exported.stdout
    assert stats_json(other) == stats_json(home)
    again = run(["import", "-"], other, stdin=exported.stdout)
    assert "Imported 0 games. Skipped 2 games already in the history" in again.stdout
    won = Game.deal(1)
    for cell in WINNING_LINE_DEAL_1:
        won.play(cell)
    assert counted(other) == counted(home)
    assert counted(home)[0] == Result(1, Ending.WON, won.score) and counted(home)[1].ending is Ending.ABANDONED


def test_sigkill_at_any_moment_loses_at_most_the_placement_in_flight(tmp_path: Path) -> None:
    """SIGKILL at random moments while a process saves placements and records games: nothing is lost."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from foursquare.session.game import GameSession\n"
        "session, _ = GameSession.open(Path(sys.argv[1]))\n"
        "while True:\n"
        "    game = session.game\n"
        "    while not game.is_over:\n"
        "        session.place(game.legal_moves()[0])\n"
        "        print('saved', game.seed, game.placed_count, flush=True)\n"
        "    print('recorded', game.seed, session.game_id, flush=True)\n"
        "    session.new_deal()\n"
    )
    folder = tmp_path / "home"
    recorded: list[int] = []
    for round_ in range(6):
        child = subprocess.Popen([sys.executable, "-c", script, str(folder)], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        lines: list[list[str]] = []
        for _ in range(40 + 37 * round_):
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line.split())
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        recorded += [int(words[1]) for words in lines if words[0] == "recorded"]
        kept = on_disk(folder)
        last_saved = [words for words in lines if words[0] == "saved"][-1]
        if last_saved[1] == str(kept.seed):
            assert kept.placed_count >= int(last_saved[2])  # at most the placement in flight is lost
        with contextlib.closing(sqlite3.connect(folder / DB_FILE)) as connection:
            assert connection.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        deals = [result.deal for result in counted(folder)]
        assert set(recorded) <= set(deals)  # every game recorded is there
        assert len(deals) <= len(recorded) + 1 + round_  # and at most one a round recorded before it was printed


def test_a_game_killed_after_a_take_back_keeps_its_help_when_resumed(terms: list[Terminal], home: Path) -> None:
    """SIGKILL to the game window after a take-back: the next start resumes the game with its record of help
    (and the yes already given), and the game ends counted as helped."""
    first = start(terms, ["--seed", "1"], home)
    first.wait_for("Deal 1: place ")
    game = Game.deal(1)
    place(first, game, WINNING_LINE_DEAL_1[:3], (0, 0))
    first.send("u")
    first.wait_for("Take back the card?")
    first.send("y")
    game.undo()
    first.wait_for("38 cards left", "Took back ")
    place(first, game, WINNING_LINE_DEAL_1[2:5], WINNING_LINE_DEAL_1[2])  # the cursor is where the card was
    first.child.kill(signal.SIGKILL)
    first.wait_exit()
    assert on_disk(home).placements == game.placements

    again = start(terms, [], home)
    again.wait_for("Welcome back: deal 1 as you left it, 5 cards placed")
    again.send("u")  # the answer was given before the kill: no question
    game.undo()
    again.wait_for("36 cards left", lambda t: "Take back the card?" not in t.text)
    place(again, game, WINNING_LINE_DEAL_1[4:], WINNING_LINE_DEAL_1[4])
    again.wait_for("YOU WON!", lambda t: said(end_box(t), f"Won, score {game.score} (2 take-backs)."))
    done = run(["history", "--json"], home)
    (entry,) = json.loads(done.stdout)
    assert entry["help"] == {"take_backs": 2, "tips": 0, "autoplayed": 0} and entry["played_before"] is False
    figures = stats_json(home)
    assert (figures["won"], figures["on_your_own"]["played"]) == (1, 0)
