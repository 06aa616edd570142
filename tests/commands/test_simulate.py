"""``foursquare simulate``: the report, its JSON form, processes, and bad arguments."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import re

import pytest

from foursquare import cli
from foursquare.commands import simulate
from foursquare.commands.simulate import TIMING_FIELDS, play_deal, wilson_interval
from foursquare.engine import Game, Status, parse_cell


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert simulate.main([*args, "--json"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out)
    assert isinstance(report, dict)
    return report


def test_json_report_is_valid_and_its_counts_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "--games", "40", "--strategy", "greedy", "--seed", "3")
    assert report["games"] == 40 and report["strategy"] == "greedy"
    assert (report["first_deal"], report["last_deal"]) == (3, 42)
    wins = report["wins"]
    losses = report["losses"]
    scores = report["winning_scores"]
    assert isinstance(wins, int) and isinstance(losses, dict) and isinstance(scores, dict)
    assert set(losses) == {"too_many_face_down", "stock_empty"}
    assert wins + sum(losses.values()) == 40
    assert sum(scores.values()) == wins
    assert report["win_rate"] == wins / 40
    interval = report["win_rate_ci95"]
    assert isinstance(interval, list)
    lo, hi = interval
    assert 0.0 <= lo <= wins / 40 <= hi <= 1.0
    timing = report["seconds_per_placement"]
    assert isinstance(timing, dict) and set(timing) == {"mean", "median", "worst"}
    assert 0.0 <= timing["median"] <= timing["worst"]
    cpu = report["cpu_seconds_per_placement"]
    assert isinstance(cpu, dict) and set(cpu) == {"mean", "median", "worst"}
    assert 0.0 <= cpu["median"] <= cpu["worst"]
    assert report["placements"] == sum(len(play_deal("greedy", seed).think) for seed in range(3, 43))


def test_a_deal_is_replayed_through_the_engine_to_its_end() -> None:
    result = play_deal("greedy", 7)
    game = Game.deal(7)
    while not game.is_over:
        cells = game.legal_moves()
        game.play(min(cells, key=lambda cell: _greedy_key(game, cell)))
    assert (result.won, result.score, len(result.think)) == (game.status is Status.WON, game.score, game.placed_count)
    assert result.loss == (game.loss_reason.value if game.loss_reason else None)


def _greedy_key(game: Game, cell: tuple[int, int]) -> tuple[bool, bool, int, int, tuple[int, int]]:
    """Greedy's preference, written against the engine: win, survive, fewest face down, most piles."""
    after = game.copy()
    after.play(cell)
    return (after.status is not Status.WON, after.face_down_count > 4, after.face_down_count, -after.pile_count, cell)


def test_processes_give_the_same_results_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_json(capsys, "--games", "12", "--strategy", "random", "--seed", "20")
    two = run_json(capsys, "--games", "12", "--strategy", "random", "--seed", "20", "--jobs", "2")
    for key in ("games", "wins", "losses", "winning_scores", "placements"):
        assert one[key] == two[key]
    assert two["jobs"] == 2


def test_text_report_heads_the_winning_scores_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "30", "--strategy", "greedy"]) == 0  # deals 0-29: greedy wins some
    lines = capsys.readouterr().out.splitlines()
    heading = lines.index("  score  games  (winning scores)")
    assert lines[heading - 1].startswith("winning score average")
    assert lines[heading + 1].split()[1].isdigit() and lines[heading + 1].endswith("#")


@pytest.mark.slow
def test_the_calibration_tables_stand_each_figure_under_its_head(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "2", "--seed", "900", "--nodes", "60000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for caption, first in (("calibration (Brier score", "chance said"), ("expected-score calibration:", "score said")):
        at = next(n for n, line in enumerate(lines) if line.startswith(caption))
        heads = lines[at + 1]
        assert lines[at].endswith(":") and heads.strip().startswith(first)
        rows = list(itertools.takewhile(lambda line: line.startswith("  "), lines[at + 2 :]))
        assert rows and len(heads.split("  ")) > 3
        ends = [match.start() for match in re.finditer(r"\S(?=  |$)", heads)]  # each head's last column
        for row in rows:
            assert len(row) == len(heads) and all(row[end] != " " for end in ends), (heads, row)


def test_text_report_names_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "5", "--strategy", "greedy"]) == 0
    out = capsys.readouterr().out
    for words in (
        "greedy on deals 0–4: 5 games",
        "wins",
        "95% confidence",
        "losses",
        "time per placement",
        "processor time",
        "games per second",
    ):
        assert words in out
    assert cli.main(["simulate", "--games", "3", "--strategy", "random"]) == 0  # placements of microseconds
    out += capsys.readouterr().out
    for line in (line for line in out.splitlines() if line.endswith(" placements)")):  # read as printed
        mean, median, worst = (float(part.split()[-2]) for part in line.split("(")[0].split(","))
        assert max(mean, median) <= worst, line  # the same precision for all three


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        ([], "--games"),
        (["--games", "0"], "not a number of games: '0' (a whole number from 1)"),
        (["--games", "ten"], "not a number of games: 'ten'"),
        (["--games", "3", "--strategy", "clever"], "invalid choice"),
        (["--games", "3", "--jobs", "0"], "not a number of processes"),
        (["--games", "3", "--nodes", "0"], "not a number of nodes"),
        (["--games", "3", "--seed", "-1"], "deal numbers go from 0"),
        (["--games", "3", "--seed", str(2**64 - 2)], "past"),
        (["--games", "3", "--frobnicate"], "unrecognized"),
        (["--games", "3", "--detail"], "--detail only goes with --json"),
    ],
)
def test_bad_arguments_get_a_clear_message_and_exit_2(
    args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert simulate.main(args) == 2
    captured = capsys.readouterr()
    assert complaint in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--help"]) == 0
    assert "--strategy" in capsys.readouterr().out


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    top = wilson_interval(10, 10)
    assert top[0] == pytest.approx(0.7225, abs=1e-4) and top[1] == 1.0


def test_detail_gives_every_deal_and_its_placements_replay_to_its_result(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "--games", "6", "--strategy", "greedy", "--seed", "30", "--detail")
    deals = report["deals"]
    assert isinstance(deals, list) and [d["deal"] for d in deals] == list(range(30, 36))
    for deal in deals:
        assert set(deal) == {"deal", "result", "score", "placements", "first_chance", "first_expected"}
        game = Game.deal(deal["deal"])
        for name in deal["placements"]:
            game.play(parse_cell(name))
        assert game.is_over
        assert deal["result"] == ("won" if game.status is Status.WON else "lost")
        assert deal["score"] == (game.score or 0)
        assert deal["first_chance"] is None and deal["first_expected"] is None  # greedy says nothing
    assert report["calibration"] is None and report["score_calibration"] is None
    assert report["mean_first_expected"] is None
    assert report["expected_score"] == sum(d["score"] for d in deals) / 6
    assert "deals" not in run_json(capsys, "--games", "1", "--strategy", "greedy")


def without_timing(report: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in report.items() if key not in (*TIMING_FIELDS, "jobs")}


@pytest.mark.slow
def test_the_expert_report_is_the_same_from_two_runs_with_different_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "3", "--seed", "900", "--nodes", "60000", "--detail")
    one = run_json(capsys, *args)
    two = run_json(capsys, *args, "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    assert one["nodes"] == 60000 and two["jobs"] == 2
    calibration = one["calibration"]
    assert isinstance(calibration, dict)
    assert sum(b["placements"] for b in calibration["buckets"]) == one["placements"]
    deals = one["deals"]
    assert isinstance(deals, list)
    assert one["mean_first_chance"] == pytest.approx(sum(d["first_chance"] for d in deals) / 3)
    scores = one["score_calibration"]
    assert isinstance(scores, dict)
    assert sum(b["placements"] for b in scores["buckets"]) == one["placements"]
    assert one["mean_first_expected"] == pytest.approx(sum(d["first_expected"] for d in deals) / 3)
    assert scores["first_placement"] == pytest.approx(
        {"said": one["mean_first_expected"], "reached": one["expected_score"]}
    )
    reached = [b["reached"] * b["placements"] for b in scores["buckets"] if b["placements"]]
    by_deal = {d["deal"]: d["score"] for d in deals}
    assert sum(reached) == pytest.approx(sum(by_deal[d["deal"]] * len(d["placements"]) for d in deals))


def _dies(conn: object, strategy: str, nodes: int) -> None:
    """A worker that ends at once, before any deal, as one killed or out of memory does (in a spawned child,
    which imports it from this module)."""
    os._exit(9)


def test_a_worker_that_dies_is_one_line_and_status_1_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(simulate, "_deals", _dies)
    assert cli.main(["simulate", "--games", "4", "--strategy", "random", "--jobs", "2"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "foursquare simulate: error: a simulation process ended before its deals were played (it was stopped, "
        "or ran out of memory), so there is no report\n"
    )


def test_the_workers_are_spawned_never_forked(capsys: pytest.CaptureFixture[str]) -> None:
    """The test process refuses a fork (see conftest): a simulation over two processes still runs here."""
    if "fork" in multiprocessing.get_all_start_methods():  # Windows has only spawn
        with pytest.raises(RuntimeError, match="forked"):
            multiprocessing.get_context("fork").Process(target=print).start()
    report = run_json(capsys, "--games", "4", "--strategy", "random", "--seed", "3", "--jobs", "2")
    assert report["jobs"] == 2 and report["games"] == 4
