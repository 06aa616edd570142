"""``foursquare practice``: through a pipe (plain lines, cell names answering) and in a terminal (the screen's page).

The games are kept with reviews made by a fake expert at the default budget,
so that the real command finds them kept and no expert has to work.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from helpers import TypedAt, another_wrong_cell, command, finds_noted, new_pile_judge, stacking_game
from terminal import GAME, Terminal, game_env

from foursquare.commands.practice import main as practice_main
from foursquare.engine import Cell, Game, cell_name
from foursquare.expert.review import Step, review
from foursquare.expert.reviewing import Reviewing
from foursquare.screen import layout
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.library import Library
from foursquare.storage.store import Store

pytestmark = pytest.mark.slow  # each test starts the real command

JUDGE = new_pile_judge(other_piles_cost=1.2)  # more than one cell to get wrong


def kept_with_review(home: Path, *, review_kept: bool = True) -> tuple[Game, list[Step]]:
    """A game in ``home``'s history that stacked twice where the expert would open a pile; its costly steps."""
    game, stacked = stacking_game(7, JUDGE, stacks=2)
    reviewed = review(game, JUDGE)
    with Store.open(home)[0] as store:
        game_id = store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)).game_id
        if review_kept:
            assert Library(store).keep_review(game_id, game, reviewed) is None
    return game, [reviewed.steps[n - 1] for n in stacked]


def pipe(home: Path, *lines: str) -> list[str]:
    """``foursquare practice`` with ``lines`` on its standard input: what it printed."""
    done = subprocess.run(
        [*GAME, "practice", "--ascii"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=game_env(FOURSQUARE_HOME=str(home)),
    )
    assert (done.returncode, done.stderr) == (0, "")
    return done.stdout.splitlines()


def test_through_a_pipe_the_expert_s_cell_solves_and_the_mistake_again_does_not(home: Path) -> None:
    _, (one, two) = kept_with_review(home)
    other = another_wrong_cell(two)
    out = pipe(
        home,
        cell_name(one.cell),
        cell_name(one.expert_cell),
        cell_name(two.cell),
        cell_name(two.cell),
        cell_name(other),
    )
    assert out[0] == f"Game 1, placement {one.n} (deal 7): where would you put {one.card}?"
    assert f"> {cell_name(one.cell)}" in out
    after = out[out.index(f"> {cell_name(one.cell)}") + 1]
    assert after.startswith(f"Not the best: {cell_name(one.cell)} (where you put it in the game) costs 1.2 cards")
    assert after.endswith("One more try.")
    assert out[out.index(f"> {cell_name(one.expert_cell)}") + 1] == (
        f"Solved: {cell_name(one.expert_cell)} is the expert's own cell."
    )
    repeated = out[len(out) - 1 - out[::-1].index(f"> {cell_name(two.cell)}") + 1]
    assert repeated.endswith("That was your first try too: one more, on another cell.")  # the same cell: no try
    last = out[out.index(f"> {cell_name(other)}") :]
    assert f"The expert's cell is {cell_name(two.expert_cell)}." in last
    assert last[-1] == "That is every position for now: 1 solved of 2, 1 shown, to try again another time."
    again = pipe(home, "q")  # the solved position is not offered again; the one shown is
    assert again[0] == f"Game 1, placement {two.n} (deal 7): where would you put {two.card}?"
    assert again[-1].startswith("Practice stopped: 0 positions solved")


def test_a_game_without_a_kept_review_is_reviewed_first_and_the_review_kept(home: Path) -> None:
    game, (one, _) = kept_with_review(home, review_kept=False)
    out = io.StringIO()
    source = io.BytesIO(f"{cell_name(one.expert_cell)}\nq\n".encode())
    started: list[Game] = []

    def start(game: Game) -> Reviewing:
        started.append(game)
        return Reviewing(game, judge=JUDGE)

    assert practice_main(["--ascii"], start=start, stdin=source, stdout=out) == 0
    printed = out.getvalue().splitlines()
    if printed[0].startswith("The expert is reviewing"):  # said while the review is at work (a fake is quick)
        assert (
            printed.pop(0) == "The expert is reviewing game 1 (11 placements) to find positions to practise..."
        )  # --ascii
    assert printed[0].startswith(f"Game 1, placement {one.n} (deal 7)") and started == [game]
    assert f"Solved: {cell_name(one.expert_cell)} is the expert's own cell." in printed
    with Store.open(home)[0] as store:
        assert Library(store).kept_review(1, game) is not None


def test_nothing_kept_is_nothing_to_practise_and_a_bad_game_id_is_argparse_s(home: Path) -> None:
    out = io.StringIO()
    assert practice_main([], stdin=io.BytesIO(b""), stdout=out) == 0
    assert out.getvalue().startswith("Nothing to practise")
    assert command("practice", "x") == 2


def test_a_named_game_that_cannot_be_practised_is_said_as_the_review_says_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept_with_review(home)
    assert command("practice", "99", "--plain") == 1
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.strip() == "foursquare practice: there is no game 99 in the history (foursquare history lists them)"
    out = io.StringIO()
    assert practice_main(["1"], stdin=io.BytesIO(b"q\n"), stdout=out) == 0  # the game that is there is practised
    assert out.getvalue().startswith("Game 1, placement")


def test_a_named_game_is_looked_up_once_and_one_left_before_its_end_is_refused_as_the_review_refuses_it(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept_with_review(home)
    with Store.open(home)[0] as store:
        store.record(FinishedGame.of(Game.deal(5), daily=None, started=None, ended=utc_now(), counted=True))
    asked = finds_noted(monkeypatch)
    out = io.StringIO()
    assert practice_main(["1"], stdin=io.BytesIO(b"q\n"), stdout=out) == 0
    assert out.getvalue().startswith("Game 1, placement") and asked == [1]
    assert command("practice", "2", "--plain") == 1
    said = capsys.readouterr()
    assert said.out == "" and asked == [1, 2]
    assert (
        said.err.strip() == "foursquare practice: game 2 was left before its end: only a finished game is practised on"
    )


def test_practice_reads_its_answers_as_plain_mode_reads_commands(home: Path) -> None:
    kept_with_review(home)
    out = io.StringIO()
    assert practice_main(["--ascii"], stdin=TypedAt(b"zz"), stdout=out) == 0  # "zz", then Ctrl-D: no line end
    answer = next(line for line in out.getvalue().splitlines() if "zz" in line)
    assert not answer.startswith(">")  # on a line of its own, not run on after the prompt
    out = io.StringIO()
    assert practice_main(["--ascii"], stdin=io.BytesIO(b"z" * 5000 + b"\n" + b"d4\n"), stdout=out) == 1
    printed = out.getvalue().splitlines()
    assert any(line.startswith("That line is too long to be a command") for line in printed)
    assert "> d4" not in printed  # nothing after it is read


def keys_to(cursor: Cell, target: Cell) -> list[str]:
    (r0, c0), (r1, c1) = cursor, target
    vertical = ["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)
    return vertical + (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))


def test_in_a_terminal_the_practice_page_takes_the_answer_with_the_arrows_and_enter(home: Path) -> None:
    game, (one, two) = kept_with_review(home)
    before = Game(game.stock, seed=game.seed)
    for cell in game.placements[: one.n - 1]:
        before.play(cell)
    term = Terminal(["practice"], home=home)
    try:
        term.wait_for(
            f"Practice: game 1, placement {one.n}",
            "where would you put",
            "Unseen, in an order nobody",
            lambda t: "Enter answer" in t.rows[-1],
        )
        start = before.legal_moves()[0]
        term.send(*keys_to(start, one.cell), "enter")
        term.wait_for("Not the best:", "(where you put it in the game)", "One more try.")
        term.send(*keys_to(one.cell, one.expert_cell), "enter")
        term.wait_for(  # the whole frame: its last row may come after the rest
            "Solved:", "is the expert's own cell", "what it would do", lambda t: "Enter or → the next" in t.rows[-1]
        )
        assert "Enter or → the next position" in term.rows[-1]
        term.send("enter")
        term.wait_for(f"Practice: game 1, placement {two.n}", lambda t: t.rows[-1].rstrip().endswith("q quit"))
        term.send("q")
        assert term.wait_exit() == 0  # back to the shell it was started from
    finally:
        term.close()
    with Store.open(home)[0] as store:
        assert store.solved_positions() == {(1, one.n)}
    assert layout.shown_region(before.bounds)  # the table the keys moved over
