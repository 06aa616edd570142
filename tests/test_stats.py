"""Statistics: results, figures, the file and its lock, the text rendering and ``foursquare stats``."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import lost_game, played, won_game
from hypothesis import given
from hypothesis import strategies as st

from foursquare.engine import Game
from foursquare.storage.files import Unusable
from foursquare.storage.stats import (
    MAX_SCORE,
    STATS_FILE,
    Ending,
    Result,
    Stats,
    StatsStore,
    histogram_lines,
    main,
    parse_results,
    render_lines,
    results_json,
    summary_lines,
)

W, F, S, A = Ending.WON, Ending.TOO_MANY_FACE_DOWN, Ending.STOCK_EMPTY, Ending.ABANDONED


def won(deal: int, score: int) -> Result:
    return Result(deal, W, score)


# --- results -------------------------------------------------------------------


def test_result_of_a_game_says_how_it_ended() -> None:
    assert Result.of(won_game()) == Result(16, W, 7)
    lost = lost_game(20261130)
    assert lost.loss_reason is not None
    assert Result.of(lost) == Result(20261130, Ending(lost.loss_reason.value))
    assert Result.of(played(5, 3)) == Result(5, A)  # left while in play: abandoned


def test_only_numbered_deals_are_counted() -> None:
    with pytest.raises(ValueError, match="numbered deal"):
        Result.of(Game(Game.deal(1).stock))


@pytest.mark.parametrize(("ending", "score"), [(W, None), (F, 3), (A, 0)])
def test_a_score_goes_with_a_win_only(ending: Ending, score: int | None) -> None:
    with pytest.raises(ValueError, match="score"):
        Result(1, ending, score)


# --- the figures ----------------------------------------------------------------


def test_figures_from_a_run_of_games() -> None:
    results = [won(1, 3), won(2, 5), Result(3, F), won(4, 7), won(5, 7), Result(6, A), Result(7, S), won(8, 0)]
    stats = Stats.from_results(results)
    assert (stats.played, stats.won, stats.lost) == (8, 5, 3)
    assert stats.win_percent == pytest.approx(62.5)
    assert (stats.current_streak, stats.longest_streak) == (1, 2)
    assert stats.best_score == 7
    assert stats.average_score == pytest.approx(22 / 5)
    assert len(stats.histogram) == MAX_SCORE + 1 == 25
    assert {s: n for s, n in enumerate(stats.histogram) if n} == {0: 1, 3: 1, 5: 1, 7: 2}
    assert dict(stats.losses) == {F: 1, S: 1, A: 1}


def test_figures_with_no_games() -> None:
    stats = Stats.from_results([])
    assert (stats.played, stats.won, stats.lost, stats.current_streak, stats.longest_streak) == (0, 0, 0, 0, 0)
    assert stats.win_percent is None and stats.best_score is None and stats.average_score is None
    assert stats.histogram == (0,) * 25 and set(stats.losses.values()) == {0}


def test_streak_runs_to_the_last_game_and_a_loss_ends_it() -> None:
    assert Stats.from_results([Result(1, S), won(2, 1), won(3, 1), won(4, 1)]).current_streak == 3
    assert Stats.from_results([won(2, 1), won(3, 1), Result(1, A)]).current_streak == 0


results_strategy = st.lists(
    st.builds(
        lambda deal, ending, score: Result(deal, ending, score if ending is W else None),
        st.integers(0, 2**64 - 1),
        st.sampled_from(list(Ending)),
        st.integers(0, MAX_SCORE),
    ),
    unique_by=lambda r: r.deal,
    max_size=30,
)


@given(results_strategy)
def test_stats_file_text_round_trips_and_figures_add_up(results: list[Result]) -> None:
    assert parse_results(json.loads(results_json(results))) == results
    stats = Stats.from_results(results)
    assert stats.won + sum(stats.losses.values()) == stats.played == len(results)
    assert sum(stats.histogram) == stats.won
    assert stats.current_streak <= stats.longest_streak <= stats.won


# --- the file ----------------------------------------------------------------------


def test_stats_file_format(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.record(won(16, 7))
    store.record(Result(20261130, S))
    on_disk = json.loads((tmp_path / STATS_FILE).read_text("utf-8"))
    assert on_disk == {
        "format": "foursquare-stats",
        "version": 1,
        "games": [{"deal": 16, "ending": "won", "score": 7}, {"deal": 20261130, "ending": "stock_empty"}],
    }
    assert len((tmp_path / STATS_FILE).read_text("utf-8").splitlines()) == 4  # one game a line


def test_each_deal_counts_once(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    assert not store.is_counted(16)
    first = store.record(Result(16, F))
    again = store.record(won(16, 7))  # say, after an undo at the end: the loss stands
    assert first.counted and not again.counted
    assert again.stats.played == 1 and again.stats.won == 0
    assert store.is_counted(16) and store.results() == [Result(16, F)]


def test_reading_creates_nothing(tmp_path: Path) -> None:
    stats, message = StatsStore(tmp_path / "home").read()
    assert stats.played == 0 and message is None
    assert not (tmp_path / "home").exists()


def _entries(*games: Any) -> bytes:
    return json.dumps({"format": "foursquare-stats", "version": 1, "games": list(games)}).encode()


_GOOD = _entries({"deal": 1, "ending": "won", "score": 3}, {"deal": 2, "ending": "abandoned"})

DAMAGED: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "empty"),
    "truncated JSON": (_GOOD[:-9], "not valid JSON"),
    "not JSON": (b"won: 3, lost: 2", "not valid JSON"),
    "binary garbage": (bytes((i * 91 + 7) % 256 for i in range(500)), "not text"),
    "a JSON list": (b"[]", "no JSON object"),
    "another format": (
        b'{"format": "foursquare-saved-game", "version": 1, "games": []}',
        "not a Foursquare statistics",
    ),
    "unknown version": (b'{"format": "foursquare-stats", "version": 2, "games": []}', "unknown statistics version 2"),
    "version as text": (b'{"format": "foursquare-stats", "version": "1", "games": []}', "unknown statistics version"),
    "games not a list": (b'{"format": "foursquare-stats", "version": 1, "games": {}}', "games must be a list"),
    "game not an object": (_entries([1, "won", 3]), "game 1: [1, 'won', 3] is not a JSON object"),
    "deal as text": (_entries({"deal": "7", "ending": "abandoned"}), "game 1: bad deal number '7'"),
    "deal as true": (_entries({"deal": True, "ending": "abandoned"}), "game 1: bad deal number True"),
    "negative deal": (_entries({"deal": -1, "ending": "abandoned"}), "bad deal number -1"),
    "unknown ending": (_entries({"deal": 1, "ending": "resigned"}), "unknown ending 'resigned'"),
    "win without score": (_entries({"deal": 1, "ending": "won"}), "a win needs a score"),
    "score too high": (_entries({"deal": 1, "ending": "won", "score": 25}), "a win needs a score from 0 to 24"),
    "score as float": (_entries({"deal": 1, "ending": "won", "score": 3.0}), "a win needs a score"),
    "score for a loss": (_entries({"deal": 1, "ending": "stock_empty", "score": 0}), "has no score"),
    "deal counted twice": (
        _entries({"deal": 9, "ending": "abandoned"}, {"deal": 9, "ending": "won", "score": 2}),
        "game 2: deal 9 is counted twice",
    ),
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_every_kind_of_damaged_stats_file_is_refused_with_a_reason(tmp_path: Path, kind: str) -> None:
    content, reason = DAMAGED[kind]
    (tmp_path / STATS_FILE).write_bytes(content)
    with pytest.raises(Unusable, match=re.escape(reason)):
        StatsStore(tmp_path).results()


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_stats_file_is_moved_aside_and_counting_starts_again(tmp_path: Path, kind: str) -> None:
    content, reason = DAMAGED[kind]
    (tmp_path / STATS_FILE).write_bytes(content)
    store = StatsStore(tmp_path)
    stats, message = store.read()
    (aside,) = _corrupt_files(tmp_path)
    assert aside.read_bytes() == content
    assert stats.played == 0
    assert message is not None and "\n" not in message
    assert reason in message and str(aside) in message and "start again from zero" in message
    assert store.record(won(4, 4)).counted
    assert store.results() == [won(4, 4)]


def test_recording_onto_a_damaged_file_moves_it_aside_first(tmp_path: Path) -> None:
    (tmp_path / STATS_FILE).write_bytes(b"\xff\xfe\x00garbage")
    recorded = StatsStore(tmp_path).record(won(4, 4))
    assert recorded.counted and recorded.stats.won == 1
    assert recorded.message is not None and "not text" in recorded.message
    assert len(_corrupt_files(tmp_path)) == 1


def test_a_damaged_stats_file_that_cannot_be_moved_is_left_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / STATS_FILE).write_bytes(b"{oops")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    recorded = StatsStore(tmp_path).record(won(4, 4))
    assert not recorded.counted
    assert recorded.message is not None and "nor moved aside" in recorded.message and "not counted" in recorded.message
    assert (tmp_path / STATS_FILE).read_bytes() == b"{oops"
    with pytest.raises(Unusable, match="nor moved aside"):
        StatsStore(tmp_path).reset()
    assert (tmp_path / STATS_FILE).read_bytes() == b"{oops"


def test_a_locked_file_times_out_instead_of_hanging(tmp_path: Path) -> None:
    from filelock import FileLock, Timeout

    with FileLock(tmp_path / "stats.json.lock"), pytest.raises(Timeout):
        StatsStore(tmp_path, timeout=0.1).record(won(1, 1))
    assert StatsStore(tmp_path).results() == []


RECORDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from foursquare.storage.stats import Ending, Result, StatsStore

    folder, first, count, shared, start = Path(sys.argv[1]), *map(int, sys.argv[2:5]), float(sys.argv[5])
    store = StatsStore(folder)
    deals = [d for n in range(count) for d in (first + n, *([10**6 + n] if n < shared else []))]
    while time.time() < start:
        time.sleep(0.001)
    counted = [d for d in deals if store.record(Result(d, Ending.WON, d % 25)).counted]
    print(" ".join(map(str, counted)))
    """
)


@pytest.mark.slow
def test_processes_finishing_at_once_are_all_counted_each_deal_once(tmp_path: Path) -> None:
    """N processes record their own deals, plus some deals that all of them try to record."""
    processes, games, shared = 6, 15, 5
    start = time.time() + 1.5  # every process starts recording at this moment
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
    deals = [r.deal for r in StatsStore(tmp_path).results()]
    assert sorted(deals) == sorted(own | common)
    assert StatsStore(tmp_path).read()[0].played == processes * games + shared


# --- as text --------------------------------------------------------------------------


def test_summary_lines_show_every_figure() -> None:
    results = [won(1, 3), won(2, 5), Result(3, F), won(4, 7), won(5, 7), Result(6, A), Result(7, S), won(8, 0)]
    text = "\n".join(summary_lines(Stats.from_results(results)))
    for label, value in [
        ("Games played", "8"),
        ("Won", "5  62.5%"),
        ("Lost", "3"),
        ("Current winning streak", "1"),
        ("Longest winning streak", "2"),
        ("Best score", "7"),
        ("Average winning score", "4.4"),
        ("too many cards face down", "1"),
        ("the stock ran out", "1"),
        ("abandoned for a new deal", "1"),
    ]:
        assert any(line.strip().startswith(label) and line.rstrip().endswith(value) for line in text.splitlines()), (
            label
        )


def test_summary_without_games_shows_dashes_not_errors() -> None:
    lines = summary_lines(Stats.from_results([]))
    assert any(line.startswith("Best score") and line.endswith("-") for line in lines)
    assert histogram_lines(Stats.from_results([])) == ["Winning scores (cards left in the stock)", "  no wins yet"]


def _bar_heights(lines: list[str], bar: str) -> list[int]:
    """Read the bar chart back: the height of each score's column."""
    scores = next(line for line in lines if line.lstrip().startswith("score"))
    columns = [scores.index(f"{s:>3}", 5 + 3 * s) + 1 for s in range(MAX_SCORE + 1)]
    chart = [line for line in lines if bar in line]
    return [sum(line[c : c + 2] == bar for line in chart) for c in columns]


def test_histogram_bars_are_as_tall_as_the_counts() -> None:
    results = [won(d, s) for d, s in enumerate([0, 3, 3, 7, 7, 7, 24])]
    lines = histogram_lines(Stats.from_results(results))
    heights = _bar_heights(lines, "██")
    assert heights == [1, 0, 0, 2, 0, 0, 0, 3] + [0] * 16 + [1]
    assert max(len(line) for line in lines) <= 80
    wins = next(line for line in lines if line.lstrip().startswith("wins"))
    assert wins.split() == ["wins", "1", "2", "3", "1"]


def test_histogram_scales_tall_bars_to_the_height_keeping_every_win_visible() -> None:
    results = [won(d, 2) for d in range(40)] + [won(100 + d, 5) for d in range(10)] + [won(200, 9)]
    lines = histogram_lines(Stats.from_results(results), height=8)
    heights = _bar_heights(lines, "██")
    assert heights[2] == 8 and heights[5] == 2 and heights[9] == 1
    assert lines[1].startswith(" 40 ")  # the top of the scale
    assert max(len(line) for line in lines) <= 80


def test_ascii_rendering_for_terminals_without_block_characters() -> None:
    results = [won(d, d % 4) for d in range(9)] + [Result(50, S)]
    lines = render_lines(Stats.from_results(results), ascii_only=True)
    assert all(line.isascii() for line in lines)
    assert _bar_heights(lines, "##")[:4] == [3, 2, 2, 2]


# --- foursquare stats ----------------------------------------------------------------------


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _fill(home: Path) -> None:
    store = StatsStore(home)
    for result in [won(1, 3), Result(2, F), won(3, 11)]:
        store.record(result)


def test_stats_command_prints_the_figures_and_the_chart(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill(home)
    assert main([]) == 0
    out, err = capsys.readouterr()
    stats = StatsStore(home).read()[0]
    assert out.splitlines() in (render_lines(stats), render_lines(stats, ascii_only=True))
    assert "Games played" in out and "Winning scores" in out and err == ""


def test_stats_json_is_one_valid_object_for_scripts(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill(home)
    assert main(["--json"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1
    data = json.loads(out)
    assert data["played"] == 3 and data["won"] == 2 and data["lost"] == 1
    assert data["best_score"] == 11 and data["average_score"] == 7 and data["current_streak"] == 1
    assert data["histogram"][3] == data["histogram"][11] == 1 and len(data["histogram"]) == 25
    assert data["losses"] == {"too_many_face_down": 1, "stock_empty": 0, "abandoned": 0}
    assert data["win_percent"] == pytest.approx(200 / 3)


def test_stats_json_with_no_games_uses_null(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["played"] == 0 and data["win_percent"] is None and data["best_score"] is None
    assert not home.exists()


def test_stats_command_reports_a_damaged_file_on_stderr(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home.mkdir()
    (home / STATS_FILE).write_text("{not json")
    assert main(["--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["played"] == 0
    assert err.startswith("Your statistics could not be loaded (not valid JSON") and err.count("\n") == 1
    assert len(_corrupt_files(home)) == 1


def test_stats_command_in_an_unusable_folder_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "file"))
    assert main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"foursquare stats: cannot use the statistics in {tmp_path / 'file'}: ")
    assert "Traceback" not in err


class _Terminal(io.StringIO):
    """Keyboard input from a terminal, as ``input()`` sees it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("answer", "cleared"), [("y\n", True), ("YES\n", True), ("n\n", False), ("\n", False), ("", False)]
)
def test_reset_asks_first_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, home: Path, capsys: pytest.CaptureFixture[str], answer: str, cleared: bool
) -> None:
    _fill(home)
    monkeypatch.setattr(sys, "stdin", _Terminal(answer))
    assert main(["--reset"]) == (0 if cleared else 1)
    out = capsys.readouterr().out
    assert "Clear your statistics (3 games)? This cannot be undone. [y/N]" in out
    assert ("Statistics cleared." in out) == cleared and ("Statistics kept." in out) != cleared
    assert StatsStore(home).read()[0].played == (0 if cleared else 3)


def test_reset_without_a_terminal_refuses_unless_told_yes(
    monkeypatch: pytest.MonkeyPatch, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _fill(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))  # piped input is not a confirmation
    assert main(["--reset"]) == 1
    assert "add --yes" in capsys.readouterr().err
    assert StatsStore(home).read()[0].played == 3
    assert main(["--reset", "--yes"]) == 0
    assert "Statistics cleared." in capsys.readouterr().out
    assert StatsStore(home).read()[0].played == 0
    assert StatsStore(home).record(won(1, 3)).counted  # a cleared deal can be counted again


def test_reset_keeps_a_damaged_file_aside(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home.mkdir()
    (home / STATS_FILE).write_text("[]")
    assert main(["--reset", "-y"]) == 0
    assert "moved to" in capsys.readouterr().out
    assert len(_corrupt_files(home)) == 1 and StatsStore(home).results() == []


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--yes"], "--yes only goes with --reset"),
        (["--json", "--reset"], "not allowed with"),
        (["extra"], "unrecognized arguments: extra"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], complaint: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: foursquare stats") and complaint in err
    assert not home.exists()


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--json" in capsys.readouterr().out


def test_the_real_command_without_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "FOURSQUARE_HOME": str(tmp_path)}
    StatsStore(tmp_path).record(won(3, 9))
    command = [sys.executable, "-m", "foursquare", "stats"]
    shown = subprocess.run([*command, "--json"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert shown.returncode == 0 and json.loads(shown.stdout)["best_score"] == 9
    refused = subprocess.run([*command, "--reset"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert refused.returncode == 1 and "add --yes" in refused.stderr and "Traceback" not in refused.stderr
    assert StatsStore(tmp_path).read()[0].played == 1


def test_reset_in_a_real_terminal(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    StatsStore(tmp_path).record(won(3, 9))
    env = {**os.environ, "FOURSQUARE_HOME": str(tmp_path)}
    child = pexpect.spawn(sys.executable, ["-m", "foursquare", "stats", "--reset"], env=env, timeout=20)
    child.expect_exact("Clear your statistics (1 game)? This cannot be undone. [y/N] ")
    child.sendline("y")
    child.expect_exact("Statistics cleared.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert StatsStore(tmp_path).read()[0].played == 0


def _corrupt_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".corrupt"))
