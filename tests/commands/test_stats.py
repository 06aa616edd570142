"""Statistics: results, figures (worked out in Python and by the database alike), the text and ``foursquare stats``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ShownAt, command, count, counted, lost_game, played, records_of, stats_of, won_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from terminal import Terminal

from foursquare.commands.stats import main
from foursquare.engine import Game
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.stats import MAX_SCORE, Ending, Records, Result, Stats
from foursquare.storage.store import Store
from foursquare.storage.upgrade import STATS_FILE
from foursquare.words.stats import histogram_lines, records_lines, records_render_lines, render_lines, summary_lines

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


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None, max_examples=40)
@given(results=results_strategy)
def test_the_databases_figures_are_the_figures_of_its_counted_games(tmp_path: Path, results: list[Result]) -> None:
    stats = Stats.from_results(results)
    assert stats.won + sum(stats.losses.values()) == stats.played == len(results)
    assert sum(stats.histogram) == stats.won
    assert stats.current_streak <= stats.longest_streak <= stats.won
    with Store.empty() as store:
        for result in results:
            store.record(
                FinishedGame(None, result.deal, None, None, utc_now(), result.ending, result.score, None, True)
            )
        assert store.stats() == stats


helps_strategy = st.sampled_from([None, Help(), Help(take_backs=1), Help(tips=2), Help(autoplayed=30), Help(1, 1, 1)])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None, max_examples=40)
@given(results=results_strategy, helps=st.lists(helps_strategy, min_size=30, max_size=30))
def test_the_databases_records_are_those_of_its_counted_games_split_by_help(
    results: list[Result], helps: list[Help | None]
) -> None:
    """The tallies and streaks kept as games are recorded give what every game read in order gives."""
    games = list(zip(results, helps, strict=False))
    records = Records.from_results(games)
    alone = [result for result, help in games if help is not None and help.alone]
    assert records.on_your_own == Stats.from_results(alone) and records.all_games == Stats.from_results(results)
    assert records.before_help == sum(help is None for _, help in games)
    with Store.empty() as store:
        for result, help in games:
            ending, score = result.ending, result.score
            store.record(FinishedGame(None, result.deal, None, None, utc_now(), ending, score, None, True, None, help))
        assert store.records() == records
        assert store.take_problems() == []  # read from the tallies, not worked out again


def test_each_deal_counts_once(tmp_path: Path) -> None:
    with Store.open(tmp_path)[0] as store:
        assert not store.is_counted(16)
        first = store.record(FinishedGame.of(lost_game(16), daily=None, started=None, ended=utc_now(), counted=True))
        again = store.record(FinishedGame.of(won_game(), daily=None, started=None, ended=utc_now(), counted=True))
        assert first.counted and not again.counted  # say, after an undo at the end: the loss stands
        assert store.stats().played == 1 and store.stats().won == 0
        assert store.is_counted(16) and counted(tmp_path) == [Result(16, F)]
        assert [game.counted for game in store.history()] == [False, True]  # both kept in the history


def test_reading_creates_nothing(tmp_path: Path) -> None:
    assert stats_of(tmp_path / "home").played == 0
    assert not (tmp_path / "home").exists()


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
        ("left before the end", "1"),
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
    for result in [won(1, 3), Result(2, F), won(3, 11)]:
        count(home, result)


def test_stats_command_prints_the_figures_and_the_chart(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _fill(home)
    assert main([]) == 0
    out, err = capsys.readouterr()
    records = records_of(home)
    assert out.splitlines() in (records_render_lines(records), records_render_lines(records, ascii_only=True))
    assert out.splitlines()[0].split() == ["On", "your", "own", "All", "games"]
    assert "3 earlier games, from before help was recorded, count in all games only." in out.splitlines()
    assert "Winning scores on your own" in out and "Winning scores in all games" in out and err == ""


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
    assert data["before_help_was_recorded"] == 3  # counted without their help: in all games only
    assert set(data["on_your_own"]) == set(data) - {"on_your_own", "before_help_was_recorded", "daily"}
    assert data["on_your_own"]["played"] == 0 and data["on_your_own"]["win_percent"] is None


def test_stats_json_keeps_the_record_on_your_own_apart(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Four games: won with a take-back, won with a tip, finished by autoplay, won alone; only the last is on
    your own."""
    helps = [Help(take_backs=1), Help(tips=1), Help(autoplayed=12), Help()]
    with Store.open(home)[0] as store:
        for deal, help in enumerate(helps, start=1):
            finished = FinishedGame(None, deal, None, None, utc_now(), W, 10 + deal, 30, True, None, help)
            store.record(finished)
    assert main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["played"], data["won"], data["current_streak"], data["best_score"]) == (4, 4, 4, 14)
    own = data["on_your_own"]
    assert (own["played"], own["won"], own["current_streak"], own["best_score"], own["average_score"]) == (
        1, 1, 1, 14, 14,
    )  # fmt: skip
    assert own["histogram"][14] == 1 and sum(own["histogram"]) == 1 and data["before_help_was_recorded"] == 0


def test_stats_json_with_no_games_uses_null(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["played"] == 0 and data["win_percent"] is None and data["best_score"] is None
    assert not home.exists()


def test_stats_command_imports_old_statistics_and_reports_a_damaged_file_on_stderr(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / STATS_FILE).write_text("{not json")
    assert main(["--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["played"] == 0
    (aside,) = _corrupt_files(home)
    assert err.startswith("Your old statistics file could not be used (not valid JSON") and err.count("\n") == 1
    assert err.endswith(f"; it was moved to {aside}.\n")


def test_stats_command_in_an_unusable_folder_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "file"))
    assert command("stats") == 1
    err = capsys.readouterr().err
    assert err.startswith(f"foursquare stats: cannot use the statistics in {tmp_path / 'file'}: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("answer", "cleared"), [("y\n", True), ("YES\n", True), ("n\n", False), ("\n", False), ("", False)]
)
def test_reset_asks_first_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, home: Path, capsys: pytest.CaptureFixture[str], answer: str, cleared: bool
) -> None:
    _fill(home)
    monkeypatch.setattr(sys, "stdin", ShownAt(answer))
    assert main(["--reset"]) == (0 if cleared else 1)
    out = capsys.readouterr().out
    assert "Clear your statistics (3 games; the games stay)? This cannot be undone. [y/N]" in out
    assert ("Statistics cleared." in out) == cleared and ("Statistics kept." in out) != cleared
    assert stats_of(home).played == (0 if cleared else 3)


def test_reset_without_a_terminal_refuses_unless_told_yes(
    monkeypatch: pytest.MonkeyPatch, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _fill(home)
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))  # piped input is not a confirmation
    assert command("stats", "--reset") == 1
    assert "add --yes" in capsys.readouterr().err
    assert stats_of(home).played == 3
    assert main(["--reset", "--yes"]) == 0
    assert "Statistics cleared." in capsys.readouterr().out
    assert stats_of(home).played == 0
    assert count(home, won(1, 3))  # a cleared deal can be counted again


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
    assert command("stats", *argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("foursquare stats: error: ") and complaint in err
    assert len(err.splitlines()) == 1  # one line, no usage block above it
    assert not home.exists()


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert command("stats", "--help") == 0
    assert "--json" in capsys.readouterr().out


@pytest.mark.slow
def test_the_real_command_without_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "FOURSQUARE_HOME": str(tmp_path)}
    count(tmp_path, won(3, 9))
    command = [sys.executable, "-m", "foursquare", "stats"]
    shown = subprocess.run(
        [*command, "--json"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0 and json.loads(shown.stdout)["best_score"] == 9
    refused = subprocess.run(
        [*command, "--reset"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 1 and "add --yes" in refused.stderr and "Traceback" not in refused.stderr
    assert stats_of(tmp_path).played == 1


@pytest.mark.slow
def test_reset_in_a_real_terminal(tmp_path: Path, terms: list[Terminal]) -> None:
    count(tmp_path, won(3, 9))
    term = Terminal(["stats", "--reset"], home=tmp_path)
    terms.append(term)
    term.wait_for("Clear your statistics (1 game; the games stay)? This cannot be undone. [y/N]", timeout=20)
    term.send("y", "enter")
    term.wait_for("Statistics cleared.", timeout=20)
    assert term.wait_exit(20) == 0
    assert stats_of(tmp_path).played == 0


def _corrupt_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".corrupt"))


def test_a_terminal_narrower_than_the_chart_gets_the_winning_scores_a_line_each(home: Path) -> None:
    _fill(home)
    records = records_of(home)
    wide = records_render_lines(records)
    assert records_render_lines(records, width=200) == wide
    narrow = records_render_lines(records, width=60)
    assert max(map(len, narrow)) <= 60 < max(map(len, wide))
    at = narrow.index("Winning scores in all games (cards left in the stock)")
    assert narrow[at + 1].split() == ["score", "wins"]
    assert [line.split()[0] for line in narrow[at + 2 :]] == ["3", "11"]
    figures = len(records_lines(records))
    assert narrow[:figures] == wide[:figures]  # the figures as they were
    assert " ".join(narrow[figures : narrow.index("")]) == wide[figures]  # the sentence below them, broken at spaces
    narrower = records_render_lines(records, width=52)
    assert max(map(len, narrower)) <= 52 and "Winning scores in all games (cards left in the" in narrower
