"""The real ``foursquare`` command in a pseudo-terminal, read back through a terminal emulator."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from foursquare import layout
from foursquare.engine import Game, Status
from foursquare.explain import explain
from tests.terminal import GAME, Terminal, ansi_colours, game_env
from tests.test_app import WINNING_LINE_DEAL_1

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
PLAN = layout.plan(80, 24)
assert PLAN is not None


def label(card: object) -> str:
    text = str(card)
    return text[:-1] + SUITS[text[-1]]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def term_factory(home: Path) -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for term in started:
        term.close()


def start(started: list[Terminal], args: list[str], home: Path, **kwargs: object) -> Terminal:
    term = Terminal(args, home=home, **kwargs)  # type: ignore[arg-type]
    started.append(term)
    return term


def table_rows(term: Terminal) -> list[list[str]]:
    """The piles on screen, row by row, left to right: a card label or ``##`` for a back."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for y, line in enumerate(term.rows):
        table = line[: PLAN.panel.x]
        for m in re.finditer(r"[│┃║](\d+|A)([♣♦♥♠])", table):
            rows.setdefault(y, []).append((m.start(), m.group(1) + m.group(2)))
        for m in re.finditer(r"[│┃║](▒+)", table):
            if y - 1 not in rows or all(x != m.start() for x, _ in rows.get(y - 1, [])):
                rows.setdefault(y, []).append((m.start(), "##"))
    return [[text for _, text in sorted(cells)] for _, cells in sorted(rows.items())]


def expected_rows(game: Game) -> list[list[str]]:
    out = []
    assert game.bounds is not None
    top, bottom, left, right = game.bounds
    for r in range(top, bottom + 1):
        row = []
        for c in range(left, right + 1):
            pile = game.pile((r, c))
            if pile is not None:
                row.append(label(pile.top) if pile.face_up else "##")
        if row:
            out.append(row)
    return out


def keys_to(cursor: tuple[int, int], target: tuple[int, int]) -> list[str]:
    (r0, c0), (r1, c1) = cursor, target
    vertical = ["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)
    horizontal = ["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1)
    return vertical + horizontal


def play_line(term: Terminal, game: Game, moves: list[tuple[int, int]], cursor: tuple[int, int]) -> tuple[int, int]:
    """Play ``moves`` with arrow keys and Enter, checking the screen after every placement."""
    for target in moves:
        assert target in layout.shown_region(game.bounds)
        term.send(*keys_to(cursor, target), "enter")
        before = game.piles
        long, short = explain(before, game.play(target))
        cursor = target
        stock = f"Stock      {game.stock_left} card{'s' if game.stock_left != 1 else ''} left"
        explained = (_spell(long.tokens), _spell(short.tokens))
        table = expected_rows(game)
        # One test for the whole frame: output may arrive in pieces.
        term.wait_for(stock, lambda t, e=explained, w=table: t.rows[-1].strip() in e and table_rows(t) == w)
        if not game.is_over:
            assert_next_card(term, game)
    return cursor


def assert_next_card(term: Terminal, game: Game) -> None:
    """The big card in the side panel: rank over suit in its top-left corner, and its number."""
    card = game.next_card
    assert card is not None
    panel = [line[PLAN.panel.x :] for line in term.rows]
    corner = next(n for n, line in enumerate(panel) if line.startswith("╭")) + 1
    assert panel[corner].startswith("│" + card.rank_text + " ")
    assert panel[corner + 1].startswith("│" + SUITS[card.suit] + " ")
    assert f"card {game.placed_count + 1} of 40" in term.text


def _spell(tokens: tuple[object, ...]) -> str:
    return "".join(t if isinstance(t, str) else label(t) for t in tokens)


def test_win_a_seeded_deal_with_the_keyboard(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Next card", "40 cards left", "Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1, (0, 0))
    assert game.status is Status.WON
    term.wait_for("YOU WON!", f"Score {game.score}", "n new deal", "q quit")
    term.send("q")
    assert term.wait_exit() == 0


def test_lose_a_seeded_deal_then_start_a_new_one(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "2"], home)
    term.wait_for("Deal 2: place ")
    game = Game.deal(2)
    rng = random.Random(2)
    cursor = (0, 0)
    while not game.is_over:
        cursor = play_line(term, game, [rng.choice(game.legal_moves())], cursor)
    assert game.status is Status.LOST
    term.wait_for("GAME LOST", "n new deal")
    flat = " ".join(term.text.split())
    assert "face down" in flat or "stock ran out" in flat
    term.send("n")  # the game is over: no question asked
    term.wait_for("40 cards left")
    assert "Deal " in term.rows[-1]


def test_undo_and_redo(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1[:3], (0, 0))
    term.send("u")
    term.wait_for("38 cards left", "Took back " + label(game.stock[2]))
    term.send("u")
    term.wait_for("39 cards left")
    term.send("r")
    term.wait_for("38 cards left")
    term.send("r")
    term.wait_for("37 cards left", lambda t: table_rows(t) == expected_rows(game))


def test_illegal_cell_explains_and_changes_nothing(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "4"], home)
    term.wait_for("Deal 4: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("down", "right", "enter")
    # The cursor shows it in shape, not only in colour: ✕ marks instead of ▶ ◀.
    term.wait_for("can't go there: an empty cell must be next to a card", "39 cards left", "✕")


def test_help_screen_and_back(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("?")
    term.wait_for("Foursquare: rules and keys", "Turning over", "any other key: back to the game")
    term.send("down", "down")
    term.wait_for(lambda t: "lines 3–" in t.text)
    term.send("x")
    term.wait_for("Next card")


def test_quit_asks_first_and_gives_the_terminal_back(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    assert term.line_mode() == (False, False)  # curses owns the terminal
    term.send("enter", "q")
    term.wait_for("Quit this game?")
    term.send("x")  # any other key keeps playing
    term.wait_for(lambda t: "Quit this game?" not in t.text)
    started = time.monotonic()
    term.send("esc")
    term.wait_for("Quit this game?")
    assert time.monotonic() - started < 1.0  # Esc answers at once
    term.send("y")
    assert term.wait_exit() == 0
    assert term.line_mode() == (True, True)
    tail = bytes(term.raw[-200:])
    assert b"\x1b[?1049l" in tail  # back to the normal screen
    assert b"\x1b[?25h" in tail  # cursor visible again


def test_ctrl_c_gives_the_terminal_back(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("ctrl-c")
    assert term.wait_exit() == 130
    assert term.line_mode() == (True, True)
    assert "Traceback" not in term.text


def test_hang_up_ends_the_game_cleanly(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.child.ptyproc.delayafterclose = 1.0  # time to exit on its own before pexpect steps in
    term.child.close(force=False)  # the terminal goes away: the kernel sends SIGHUP
    assert term.child.exitstatus == 128 + signal.SIGHUP


def test_resize_redraws_at_once(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.resize(110, 36)
    term.wait_for(
        lambda t: t.rows[0].rstrip().endswith("? rules & keys") and len(t.rows[0].rstrip()) > 100,
        "┏━━━━━━━━┓",  # the larger cards (this one under the cursor)
        "39 cards left",
    )
    term.resize(80, 24)
    term.wait_for(lambda t: len(t.rows[0].rstrip()) < 80 and "39 cards left" in t.text)


def test_too_small_then_large_enough(term_factory: list[Terminal], home: Path) -> None:
    need_w, need_h = layout.minimum_size()
    term = start(term_factory, ["--seed", "1"], home, width=50, height=12)
    term.wait_for(lambda t: f"at least {need_w}×{need_h}" in " ".join(t.text.split()))
    term.send("enter")  # ignored while the table cannot be seen
    term.resize(need_w, need_h)
    term.wait_for("Next card", "40 cards left")
    term.resize(need_w - 1, need_h)
    term.wait_for(lambda t: "Next card" not in t.text and "make it larger" in " ".join(t.text.split()))


def test_mouse_click_places_a_card(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    region = layout.shown_region((0, 0, 0, 0))
    rect = layout.cell_rect(PLAN, region, (-1, 0))
    term.click(rect.y + 1, rect.x + 2)
    game = Game.deal(1)
    game.play((0, 0))
    game.play((-1, 0))
    term.wait_for("38 cards left", lambda t: table_rows(t) == expected_rows(game))


def test_colours_and_no_color(term_factory: list[Terminal], home: Path) -> None:
    coloured = start(term_factory, ["--seed", "1"], home)
    coloured.wait_for("Deal 1: place ")
    coloured.send("enter")  # the next card is the ace of hearts
    coloured.wait_for("39 cards left", "card 2 of 40")
    assert "31" in ansi_colours(bytes(coloured.raw))  # red suits
    assert not {c for c in ansi_colours(bytes(coloured.raw)) if c.startswith("4") or c.startswith("10")}
    for n, (args, env) in enumerate(
        ((["--seed", "1"], game_env(NO_COLOR="1")), (["--seed", "1", "--no-color"], game_env()))
    ):
        plain = start(term_factory, args, home / str(n), env=env)  # a home each: the first game is saved
        plain.wait_for("Deal 1: place ")
        plain.send("enter")
        plain.wait_for("39 cards left")
        assert ansi_colours(bytes(plain.raw)) == set()


@pytest.mark.parametrize(
    ("args", "env"),
    [(["--ascii"], game_env()), ([], game_env(LC_ALL="C", LANG="C", LC_CTYPE="C"))],
    ids=["--ascii", "LC_ALL=C"],
)
def test_ascii(term_factory: list[Terminal], home: Path, args: list[str], env: dict[str, str]) -> None:
    term = start(term_factory, ["--seed", "1", *args], home, env=env)
    term.wait_for("Deal 1: place ")
    first = str(Game.deal(1).next_card)
    assert f"place {first} in the middle" in term.text
    term.send("enter", "right")
    term.wait_for("39 cards left", "+------+", "#======#")
    assert term.text.isascii()


def test_crash_restores_the_terminal_and_writes_a_report(term_factory: list[Terminal], home: Path) -> None:
    script = (
        "import sys\n"
        "from foursquare import tui\n"
        "from foursquare.app import App\n"
        "from foursquare.engine import Game\n"
        "class Broken(App):\n"
        "    def handle(self, event):\n"
        "        if event == 'x':\n"
        "            raise RuntimeError('broken on purpose')\n"
        "        super().handle(event)\n"
        "sys.exit(tui.run(Broken(Game.deal(1))))\n"
    )
    term = start(term_factory, [], home, command=[sys.executable, "-c", script])
    term.wait_for("Next card")
    term.send("enter", "x")
    assert term.wait_exit() == 1
    assert term.line_mode() == (True, True)
    flat = " ".join(term.text.split())
    assert "something went wrong (RuntimeError: broken on purpose)" in flat
    match = re.search(r"report was written to (\S+)", flat)
    assert match is not None
    report = Path(match.group(1)).read_text(encoding="utf-8")
    Path(match.group(1)).unlink()
    assert "RuntimeError: broken on purpose" in report and '"placements": [[0, 0]]' in report


def test_ctrl_z_suspends_and_fg_redraws(term_factory: list[Terminal], home: Path) -> None:
    game = " ".join(GAME)
    shell = f"set -m; {game} --seed 1; echo SUSPENDED-$?; read line; fg; echo FINISHED-$?"
    term = start(term_factory, [], home, command=["bash", "--norc", "--noprofile", "-c", shell])
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("ctrl-z")
    term.wait_for("SUSPENDED-148")  # 128 + SIGTSTP: stopped, and the shell has the terminal
    term.send("\r")
    term.wait_for(lambda t: "39 cards left" in t.text and "SUSPENDED" not in t.text)
    term.send("q", "y")
    term.wait_for("FINISHED-0")


def run_plain(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GAME, *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env=game_env(),
        **kwargs,  # type: ignore[call-overload]
    )


def test_not_a_terminal_is_a_one_line_error() -> None:
    result = run_plain(["--seed", "3"])
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "needs a terminal" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("term", ["no-such-terminal", "dumb", ""])
def test_unusable_term_is_a_one_line_error(term_factory: list[Terminal], home: Path, term: str) -> None:
    env = game_env(TERM=term or None)
    screen = start(term_factory, ["--seed", "1"], home, env=env)
    assert screen.wait_exit() == 1
    flat = " ".join(screen.text.split())
    assert "foursquare: cannot play here:" in flat and "Traceback" not in flat


@pytest.mark.parametrize("args", [["--seed", "x"], ["--seed", "-1"], ["--seed", str(2**64)], ["--bogus"], ["extra"]])
def test_bad_arguments_exit_2_with_a_message(args: list[str]) -> None:
    result = run_plain(args)
    assert result.returncode == 2
    assert "usage: foursquare" in result.stderr and "error:" in result.stderr
    assert "Traceback" not in result.stderr


def test_version_and_help() -> None:
    version = run_plain(["--version"])
    assert version.returncode == 0 and version.stdout.startswith("foursquare ")
    usage = run_plain(["--help"])
    assert usage.returncode == 0
    for option in ("--seed N", "--no-color", "--ascii", "--version", "NO_COLOR"):
        assert option in usage.stdout


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("foursquare")
    if not script.exists():
        pytest.skip("no console script next to this Python")
    assert os.access(script, os.X_OK)
