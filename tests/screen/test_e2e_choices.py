"""Every choice at a glance, end to end in the real ``foursquare``: the outcome of every cell, going to a cell
by name, the log, messages on two lines and a resumed game drawn where it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import OUTCOMES_DEAL, OUTCOMES_LINE, WINNING_LINE_DEAL_1, keep
from terminal import Terminal, ansi_colours, game_env, place_all

from foursquare.engine import Cell, Game, cell_name
from foursquare.screen import layout
from foursquare.words.cards import Spelling
from foursquare.words.explain import explain
from foursquare.words.glyphs import to_ascii
from foursquare.words.screen import outcome_mark
from foursquare.words.text import wrap

pytestmark = pytest.mark.slow  # each runs the real game in a pseudo-terminal


def play(
    started: list[Terminal], home: Path, *args: str, width: int = 80, height: int = 24, **env: str | None
) -> Terminal:
    """``foursquare ARGS`` in a pseudo-terminal of ``width``×``height``, its files in ``home``."""
    term = Terminal(list(args), home=home, width=width, height=height, env=game_env(**env))
    started.append(term)
    return term


def cell_text(term: Terminal, width: int, height: int, game: Game, cell: Cell) -> str:
    """Everything drawn in ``cell``'s frame, edges included, its rows joined by spaces."""
    where = layout.plan(width, height)
    assert where is not None
    rect = layout.cell_rect(where, layout.view_after(game.placements), cell)
    return " ".join(row[rect.x : rect.x + rect.width] for row in term.rows[rect.y : rect.y + rect.height])


def message(term: Terminal, rows: int) -> str:
    """The last ``rows`` rows of the screen, as one line of words."""
    return " ".join(row.strip() for row in term.rows[-rows:] if row.strip())


def outcomes_game() -> Game:
    game = Game.deal(OUTCOMES_DEAL)
    for cell in OUTCOMES_LINE:
        game.play(cell)
    return game


@pytest.mark.parametrize(
    ("width", "height", "args", "env"),
    [
        (80, 24, (), {}),
        (70, 17, (), {}),
        (80, 24, ("--ascii",), {}),
        (70, 17, ("--ascii",), {"NO_COLOR": "1"}),
    ],
)
def test_every_cell_shows_what_the_next_card_would_do_there(
    terms: list[Terminal], tmp_path: Path, width: int, height: int, args: tuple[str, ...], env: dict[str, str]
) -> None:
    game = outcomes_game()
    keep(tmp_path, game)
    term = play(terms, tmp_path, *args, width=width, height=height, **env)
    term.wait_for("Welcome back", "4 cards left")
    term.settle()
    ascii = "--ascii" in args
    marks = {cell_name(cell): cell_text(term, width, height, game, cell) for cell in game.legal_moves()}
    stacked = "^" if ascii else "▲"
    assert "LOSE" in marks["b3"]  # the next card loses there
    assert "WIN" in marks["e6"]  # and wins there
    assert f"{stacked}4/4" in marks["b4"]  # it goes on top of the pile, 4 face down after
    assert f"{stacked}1/4" in marks["b6"] and game.face_down_count == 3  # it turns two face-down cards up
    for cell in game.legal_moves():
        mark = outcome_mark(game.preview(cell), on_a_pile=game.pile(cell) is not None)
        assert (to_ascii(mark) if ascii else mark) in marks[cell_name(cell)]
    if env.get("NO_COLOR"):
        assert not ansi_colours(bytes(term.raw))  # the marks say it all without colour
    term.send("o")
    term.wait_for("Outcomes hidden (o shows them)")
    assert "LOSE" not in term.text and "/4" not in "".join(row[:40] for row in term.rows[:-2])
    term.send("o")
    term.wait_for(lambda t: "LOSE" in t.text)


def test_slash_goes_to_a_cell_by_name_and_a_bad_name_gets_its_reason(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("/")
    term.wait_for("Go to cell: _")
    term.send("z", "9", "enter")
    term.wait_for("Go to cell: z9_", "z9 is not a cell name: columns go from a to g and rows from 1")
    term.send("backspace", "backspace", "a", "1", "enter")
    term.wait_for("a1 is not on the table now: the cells shown go from c3 to e5")
    term.send(*["backspace"] * 2, "e", "4", "enter")
    term.wait_for(lambda t: t.rows[-1].strip().startswith("e4: turns over "))
    term.send("enter")
    game = Game.deal(1)
    game.play((0, 0))
    game.play((0, 1))
    card = game.pile((0, 1))
    assert card is not None
    term.wait_for("38 cards left", Spelling().card(card.top))


def test_the_log_after_ten_cards_lists_each_with_what_it_did(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    place_all(term, game, WINNING_LINE_DEAL_1[:10], (0, 0))
    term.send("m")
    term.wait_for("Deal 1 so far: 10 cards placed")
    term.settle()
    replay = Game.deal(1)
    said = []
    for cell in WINNING_LINE_DEAL_1[:10]:
        before = replay.piles
        said.append(Spelling().text(explain(before, replay.play(cell))[0]))
    page = " ".join(" ".join(row.split()) for row in term.rows[2:-1])
    for n, line in enumerate(said, start=1):
        assert f"{n}. {line}" in page, (n, line)
    assert "…" not in page
    term.send("q")
    term.wait_for(lambda t: "Next card" in t.text)


def test_a_message_too_long_for_one_line_takes_two(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    cursor = place_all(term, game, WINNING_LINE_DEAL_1[:4], (0, 0))
    before = game.piles
    long = explain(before, game.play(WINNING_LINE_DEAL_1[4]))[0]
    game.undo()
    assert len(long) > 78 and len(wrap(long, 78)) == 2
    place_all(term, game, WINNING_LINE_DEAL_1[4:5], cursor)
    said = Spelling().text(long)
    term.wait_for(lambda t: message(t, 2) == said)
    assert term.rows[-2].strip() and "…" not in message(term, 2)


def test_a_resumed_game_draws_the_same_screen(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    place_all(term, game, WINNING_LINE_DEAL_1[:9], (0, 0))  # the fifth card moved the table up a row
    assert layout.view_after(game.placements) != layout.first_view(layout.shown_region(game.bounds))
    term.send("c", "c")  # a key: the cards just turned lose their double frame
    term.wait_for("Cards still to come shown")
    term.settle()
    before = term.rows[:-2]
    term.send("q", "y")
    assert term.wait_exit() == 0
    again = play(terms, tmp_path)
    again.wait_for("Welcome back", "31 cards left")
    again.settle()
    assert again.rows[:-2] == before
    assert message(again, 2).startswith("Welcome back: deal 1 as you left it, 9 cards placed")
