"""The play screen end to end: the preview, the settings kept between runs, the labels, the end box,
dialogs, the pages at the smallest size and LINES/COLUMNS that do not fit, in the real ``foursquare``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import WINNING_LINE_DEAL_1, count
from terminal import Terminal, game_env, keys_to, place_all

from foursquare.engine import Cell, Game, Status, cell_name
from foursquare.screen import layout
from foursquare.storage.stats import Ending, Result
from foursquare.words.cards import Spelling
from foursquare.words.explain import preview_words
from foursquare.words.glyphs import FLIP_MARK
from foursquare.words.text import Text

pytestmark = pytest.mark.slow  # each runs the real game in a pseudo-terminal


def play(
    started: list[Terminal],
    home: Path,
    *args: str,
    width: int = 80,
    height: int = 24,
    env: dict[str, str] | None = None,
) -> Terminal:
    """``foursquare ARGS`` in a pseudo-terminal of ``width``×``height``, its files in ``home``, ``env`` changed."""
    term = Terminal(list(args), home=home, width=width, height=height, env=game_env(**(env or {})))
    started.append(term)
    return term


def spelled(text: Text) -> str:
    return Spelling().text(text)


def bottom(term: Terminal) -> str:
    return term.rows[-1].strip()


def shows(line: str, marks: int) -> Callable[[Terminal], bool]:
    """A test of the screen: ``line`` at the bottom and ``marks`` cards marked to flip on the table."""
    return lambda term: bottom(term) == line and term.text.count(FLIP_MARK) == marks


def test_the_bottom_line_previews_the_cell_under_the_cursor_and_marks_the_cards(
    terms: list[Terminal], tmp_path: Path
) -> None:
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    cursor = place_all(term, game, [(0, 0)], (0, 0))
    placed = spelled(Text.of(game.pile((0, 0)).top, " on d4"))  # type: ignore[union-attr]
    term.wait_for(lambda t: bottom(t).startswith(placed))  # the stock count may be painted before this row
    for cell in ((0, 1), (1, 1), (1, 0)):
        term.send(*keys_to(cursor, cell))
        cursor = cell
        if game.is_legal(cell):
            ahead = game.preview(cell)
            want = spelled(preview_words(game, ahead))
            marks = len(ahead.flipped)
        else:
            want = f"{cell_name(cell)}: no, an empty cell must be next to a card (not diagonally)"
            marks = 0
        term.wait_for(shows(want, marks))
    assert spelled(preview_words(game, game.preview((0, 1)))) == "e4: turns over 3♠ → 1/4 face down"
    term.send("p")
    term.wait_for(lambda t: bottom(t) == "Preview off (p turns it on)" and FLIP_MARK not in t.text)


def test_p_and_c_are_kept_for_the_next_run(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "2")
    term.wait_for("Deal 2: place ", "After the next card")
    term.send("c", "p")
    term.wait_for(lambda t: "After the next card" not in t.text)
    term.send("q")
    assert term.wait_exit() == 0
    again = play(terms, tmp_path)
    again.wait_for("Deal 2: place ", "Next card")
    again.send("enter", "right")
    again.wait_for("39 cards left")
    again.settle()
    assert "After the next card" not in again.text and FLIP_MARK not in again.text
    assert not bottom(again).startswith("e4:")  # the bottom line still explains the card placed
    again.send("c", "p", "q", "y")
    assert again.wait_exit() == 0
    third = play(terms, tmp_path)
    third.wait_for("Welcome back", "After the next card")
    third.send("right")
    third.wait_for(lambda t: bottom(t).startswith("e4: "))


def test_column_letters_and_row_numbers_frame_the_cells_in_view(terms: list[Terminal], tmp_path: Path) -> None:
    for width, height in ((80, 24), (70, 17)):
        term = play(terms, tmp_path / f"{width}", "--seed", "1", width=width, height=height)
        term.wait_for("Deal 1: place ")
        term.send("enter")
        term.wait_for("39 cards left")
        term.settle()
        where = layout.plan(width, height)
        assert where is not None
        table = [row[: where.panel.x].split() for row in term.rows]
        assert ["c", "d", "e"] in table
        numbers = [row[0] for row in table if row and row[0] in "1234567"]
        assert numbers == ["3", "4", "5"]


def _first_losing_step(game: Game, line: list[Cell]) -> tuple[int, Cell]:
    """How far into ``line`` a placement elsewhere loses at once, and that cell."""
    game = game.copy()
    for n, planned in enumerate(line):
        for cell in game.legal_moves():
            if game.preview(cell).status is Status.LOST:
                return n, cell
        game.play(planned)
    raise AssertionError("no losing placement on the way")


def test_a_game_won_after_undoing_its_loss_says_it_does_not_count(terms: list[Terminal], tmp_path: Path) -> None:
    line = list(WINNING_LINE_DEAL_1)
    steps, losing = _first_losing_step(Game.deal(1), line)
    term = play(terms, tmp_path, "--seed", "1")
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    cursor = place_all(term, game, line[:steps], (0, 0))
    term.send(*keys_to(cursor, losing), "enter")
    term.wait_for("GAME LOST", "This game counts in your", "On your own: streak 0, won")
    term.send("u")
    term.wait_for(lambda t: "GAME LOST" not in t.text)
    place_all(term, game, line[steps:], losing)
    where = layout.plan(80, 24)
    assert where is not None
    panel_x = where.panel.x

    def panel(t: Terminal) -> str:
        return " ".join(" ".join(row[panel_x:] for row in t.rows).replace("║", " ").split())

    said = ("Not counted: deal 1 counted when it first ended, before the undo.", "On your own: streak 0, won 0% of 1.")
    # the whole frame, not only its first bytes: a loaded machine may hand it over in pieces
    term.wait_for(lambda t: "YOU WON!" in t.text and all(words in panel(t) for words in said))


def test_a_dialog_leaves_no_scraps_and_wraps_its_answers(terms: list[Terminal], tmp_path: Path) -> None:
    for width, height in ((80, 24), (70, 17)):
        home = tmp_path / f"{width}"
        term = play(terms, home, "--seed", "3", width=width, height=height)
        term.wait_for("Deal 3: place ")
        term.send("enter", "q")
        term.wait_for("Quit this game?")
        term.settle()
        top = next(n for n, row in enumerate(term.rows) if "╔" in row and "Quit" in term.rows[n + 1])
        end = next(n for n in range(top + 1, height) if "╚" in term.rows[n])
        left, right = term.rows[top].index("╔"), term.rows[top].index("╗")
        for row in term.rows[top : end + 1]:
            assert not row[:left].strip() and not row[right + 1 :].strip(), row
        term.send("x")
        term.wait_for(lambda t: "Quit this game?" not in t.text)
        term.settle()
        assert "cards left" in term.text and "╔" not in term.text
        term.send("n", "x", "q", "y")
        term.wait_exit()
    term = play(terms, tmp_path / "80", "--seed", "7", width=70, height=17)
    term.wait_for("Play deal 7?", lambda t: "any other key go on with deal 3" in " ".join(t.text.split()))


def test_help_is_complete_at_70_by_17_and_a_page_too_small_asks_for_more(terms: list[Terminal], tmp_path: Path) -> None:
    term = play(terms, tmp_path, "--seed", "1", width=70, height=17)
    term.wait_for("Deal 1: place ")
    term.send("?")
    term.wait_for("Foursquare: rules and keys")
    seen: list[str] = []
    for _ in range(8):
        term.settle(0.2)
        footer = term.rows[-1].rstrip()
        assert footer.endswith(")") and " of " in footer, footer
        seen += [row.rstrip() for row in term.rows[2:-2]]
        term.send(" ")
    text = "\n".join(seen)
    assert "…" not in text
    words = " ".join(text.split())
    for phrase in ("suspend (fg brings the game back)", "Ctrl-L", "your statistics", "quit (asks first"):
        assert phrase in words
    term.resize(60, 17)
    term.wait_for(lambda t: "make it larger" in " ".join(t.text.split()))
    term.resize(70, 17)
    term.wait_for("Foursquare: rules and keys")


@pytest.mark.parametrize("env", [{"LINES": "99999"}, {"COLUMNS": "100000"}, {"COLUMNS": "5000"}, {"LINES": "x"}])
def test_lines_and_columns_larger_than_the_terminal_are_ignored(
    terms: list[Terminal], tmp_path: Path, env: dict[str, str]
) -> None:
    term = play(terms, tmp_path, "--seed", "1", env=env)
    name, value = next(iter(env.items()))
    term.wait_for("Next card", "? rules & keys", f"{name}={value} ignored: this terminal is 80×24")
    assert "Error opening terminal" not in term.text
    assert term.rows[0].rstrip().endswith("? rules & keys") and term.rows[-1].strip().startswith(name)
    term.send("q")
    assert term.wait_exit() == 0


def test_the_statistics_at_70_by_17_show_every_score_won(terms: list[Terminal], tmp_path: Path) -> None:
    for deal, score in ((5, 3), (6, 3), (7, 21), (8, 24)):
        count(tmp_path, Result(deal, Ending.WON, score))
    term = play(terms, tmp_path, width=70, height=17)
    term.wait_for("40 cards left")
    term.send("s")
    term.wait_for("Foursquare: your statistics", "Games played")
    term.send(" ")
    term.wait_for(lambda t: [row.split()[0] for row in t.rows if "█" in row] == ["3", "21", "24"])
    assert "…" not in term.text
    term.resize(69, 17)
    term.wait_for(lambda t: "make it larger" in " ".join(t.text.split()))
    term.resize(80, 24)
    term.wait_for(lambda t: any(row.rstrip().endswith("23 24") for row in t.rows))
