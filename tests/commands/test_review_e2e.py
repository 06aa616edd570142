"""The review with the real ``foursquare`` command: ``v`` on the end box and in the history, and ``--json``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from helpers import keep, lost_game
from terminal import GAME, Terminal, game_env

from foursquare.engine import Cell, Game
from foursquare.screen import layout

pytestmark = pytest.mark.slow  # the real game and the real expert

QUICK_LOSS = 28
"""A deal that the first legal cell, every time, loses in 7 cards: a short game to review."""
REVIEW_SECONDS = 180.0
"""How long the whole review may take on a machine busy with other tests (it takes a few seconds alone)."""


def first_cells(deal: int, count: int) -> Game:
    game = Game.deal(deal)
    for _ in range(count):
        game.play(game.legal_moves()[0])
    return game


def keys_to(cursor: Cell, target: Cell) -> list[str]:
    (r0, c0), (r1, c1) = cursor, target
    vertical = ["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)
    return vertical + (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_v_on_the_end_box_steps_through_the_review_and_shows_the_chart(tmp_path: Path, width: int, height: int) -> None:
    home = tmp_path / "home"
    game = first_cells(QUICK_LOSS, 6)
    keep(home, game)
    term = Terminal([], home=home, width=width, height=height)
    try:
        term.wait_for("Welcome back")
        region = layout.shown_region(game.bounds)
        target = game.legal_moves()[0]
        term.send(*["up"] * 6, *["left"] * 6, *keys_to((region.top, region.left), target), "enter")
        term.wait_for("GAME LOST", "v review")
        term.send("v")
        term.wait_for("Review: placement 1 of 7", "you put it on d4")
        term.send("right")
        term.wait_for("Review: placement 2 of 7")
        term.send("\t")  # Tab, as s: the terminal layer passes it on
        term.wait_for(  # the whole frame: its last row may come after the rest
            "Accuracy",
            "You lost · expert",
            "card by card (",  # the chart's legend, shortened on a narrow screen
            lambda t: "q back" in t.rows[-1],
            timeout=REVIEW_SECONDS,
        )
        assert "█" in term.text and "─" in term.text  # the chart and its axis
        term.send("left")
        term.wait_for("Review: placement 7 of 7", "Verdict:")
        term.send("q")
        term.wait_for("GAME LOST")
        assert "Review:" not in term.text
        term.send("g")  # the history: the game just played, and its review kept with it
        term.wait_for("your games, newest first", "▶")
        term.send("v")
        term.wait_for("Review: placement 1 of 7", "Verdict:", timeout=5)
        term.send("q")
        term.wait_for("your games, newest first")
        term.send("q")
        term.wait_for("GAME LOST")
    finally:
        term.close()


def test_review_json_from_a_record_file(tmp_path: Path) -> None:
    game = lost_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    result = subprocess.run(
        [*GAME, "review", "--file", str(path), "--json", "--nodes", "20000"],
        capture_output=True,
        text=True,
        timeout=REVIEW_SECONDS,
        stdin=subprocess.DEVNULL,
        env=game_env(FOURSQUARE_HOME=str(tmp_path / "home")),
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar when standard error is not a terminal
    out = json.loads(result.stdout)
    assert [p["cell"] for p in out["placements"]][:1] == ["d4"]
    assert len(out["placements"]) == game.placed_count and out["result"] == "lost"


def test_review_in_a_terminal_shows_a_progress_bar_then_the_report(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(first_cells(QUICK_LOSS, 7).to_record()))
    term = Terminal(["review", "--file", str(path), "--nodes", "20000"], home=tmp_path / "home")
    try:
        term.wait_for("Reviewing", timeout=30)
        assert term.wait_exit(REVIEW_SECONDS) == 0
        printed = term.raw.decode()  # the report is longer than the screen: read all that was written
        assert "Review of deal 28" in printed and "Accuracy" in printed and " 7.  " in printed
    finally:
        term.close()
