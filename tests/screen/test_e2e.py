"""The real ``foursquare`` command in a pseudo-terminal, read back through a terminal emulator."""

from __future__ import annotations

import functools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import WINNING_LINE_DEAL_1, count, on_disk
from terminal import GAME, Terminal, ansi_colours, game_env

from foursquare.deals import deal_number
from foursquare.engine import Game, Status
from foursquare.screen import layout
from foursquare.screen.tui import GONE_AFTER
from foursquare.storage.stats import Ending, Result
from foursquare.words.cards import Spelling
from foursquare.words.explain import explain
from foursquare.words.results import loss_words
from foursquare.words.text import Text, Token

pytestmark = pytest.mark.slow  # each runs the real game in a pseudo-terminal

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_PLAN = layout.plan(80, 24)
assert _PLAN is not None
PLAN: layout.Plan = _PLAN
assert PLAN is not None


def label(card: object) -> str:
    text = str(card)
    return text[:-1] + SUITS[text[-1]]


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


def panel_text(term: Terminal) -> str:
    """The words of the side panel, frames left out, lines joined."""
    return " ".join(" ".join(row[PLAN.panel.x :] for row in term.rows).replace("║", " ").split())


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
        forms = explain(before, game.play(target))
        cursor = target
        stock = f"Stock      {game.stock_left} card{'s' if game.stock_left != 1 else ''} left"
        explained = tuple(_spell(form.tokens) for form in forms)
        table = expected_rows(game)
        # One test for the whole frame: output may arrive in pieces.
        term.wait_for(stock, lambda t, e=explained, w=table: message(t) in e and table_rows(t) == w)  # type: ignore[misc]
        if not game.is_over:
            assert_next_card(term, game)
    return cursor


def message(term: Terminal) -> str:
    """The message at the bottom: the last row, and the row above it when the message takes two (at 80×24 that
    row is blank otherwise)."""
    return " ".join(row.strip() for row in term.rows[-2:] if row.strip())


def assert_next_card(term: Terminal, game: Game) -> None:
    """The big card in the side panel: rank over suit in its top-left corner, and its number."""
    card = game.next_card
    assert card is not None
    panel = [line[PLAN.panel.x :] for line in term.rows]
    corner = next(n for n, line in enumerate(panel) if line.startswith("╭")) + 1
    assert panel[corner].startswith("│" + card.rank_text + " ")
    assert panel[corner + 1].startswith("│" + SUITS[card.suit] + " ")
    assert f"card {game.placed_count + 1} of 40" in term.text


def _spell(tokens: tuple[Token, ...]) -> str:
    return Spelling().text(Text(tokens))


def test_win_a_seeded_deal_with_the_keyboard(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Next card", "40 cards left", "Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1, (0, 0))
    assert game.status is Status.WON
    term.wait_for("YOU WON!", f"Won, score {game.score},", "n new deal", "q quit")
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
    assert game.loss_reason is not None
    assert loss_words(game.loss_reason).capitalize() in panel_text(term)
    term.send("n")  # the game is over: no question asked
    term.wait_for("40 cards left", lambda t: "Deal " in t.rows[-1])  # the whole new frame, not part of it


def test_undo_and_redo(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1[:3], (0, 0))
    term.send("u")
    term.wait_for("Take back the card?", "y take it back")  # the first take-back of a game asks
    term.send("y")
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
    term.wait_for("can't go on e5: an empty cell must be next to a card", "39 cards left", "✕")


def test_help_screen_and_back(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("?")
    term.wait_for("Foursquare: rules and keys", "Turning over", "any other key: back")
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
    assert "Traceback" not in term.text and "game is saved" not in term.text  # no card down: nothing to keep


def test_ctrl_c_in_a_game_says_it_is_kept_as_q_would(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("ctrl-c")
    assert term.wait_exit() == 130
    assert "Your game is saved: run foursquare again to go on where you left off." in term.text


def test_hang_up_ends_the_game_cleanly(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.child.close(force=False, wait=10.0)  # the terminal goes away: the kernel sends SIGHUP
    assert term.child.wait() == 128 + signal.SIGHUP


def test_resize_redraws_at_once(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.resize(110, 36)
    term.wait_for(
        lambda t: t.rows[0].rstrip().endswith("? rules & keys") and len(t.rows[0].rstrip()) > 100,
        lambda t: any(re.search("┏[^ ]{8}┓", row) for row in t.rows),  # the larger cards (this one under the cursor)
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
    rect = layout.cell_rect(PLAN, layout.first_view(region), (-1, 0))
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
    term.wait_for("39 cards left", "+flips-+", "#======#")
    assert term.text.isascii()


def test_crash_restores_the_terminal_and_writes_a_report(term_factory: list[Terminal], home: Path) -> None:
    script = (
        "import sys\n"
        "from foursquare.screen import tui\n"
        "from foursquare.screen.app import App\n"
        "from foursquare.engine import Game\n"
        "from foursquare.session.game import GameSession\n"
        "class Broken(App):\n"
        "    def handle(self, event):\n"
        "        if event == 'x':\n"
        "            raise RuntimeError('broken on purpose')\n"
        "        super().handle(event)\n"
        "sys.exit(tui.run(Broken(GameSession.in_memory(Game.deal(1)))))\n"
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


@pytest.mark.parametrize(
    "shell",
    [
        None,  # the game alone in its session, as tmux new-session starts it: no shell to stop it for
        "trap '' TSTP; exec {game} --seed 1",  # a shell that has Ctrl-Z's signal ignored, for its children too
    ],
)
def test_ctrl_z_without_job_control_says_in_one_line_that_the_game_cannot_be_suspended(
    term_factory: list[Terminal], home: Path, shell: str | None
) -> None:
    command = None if shell is None else ["sh", "-c", shell.format(game=" ".join(GAME))]
    term = start(term_factory, ["--seed", "1"] if shell is None else [], home, command=command)
    term.wait_for("Deal 1: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("ctrl-z")
    term.wait_for("cannot suspend the game here")
    assert "39 cards left" in term.text  # the game goes on, drawn as it was
    term.send("enter")
    term.wait_for("38 cards left")
    term.send("q", "y")
    assert term.wait_exit() == 0


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="Windows has no SIGTSTP: Ctrl-Z is a key there")
def test_ctrl_z_held_down_without_job_control_is_not_taken_for_a_hang_up(
    term_factory: list[Terminal], home: Path
) -> None:
    term = start(term_factory, ["--seed", "1"], home)  # alone in its session: each stop is dropped
    term.wait_for("Deal 1: place ")
    for _ in range(GONE_AFTER + 100):  # each cuts the wait for a key short, as a terminal gone would
        term.child.kill(signal.SIGTSTP)
        until = time.monotonic() + 0.01  # a key's repeat, quick enough that no two come together
        while time.monotonic() < until:
            term.pump(until - time.monotonic())
    term.wait_for("cannot suspend the game here")
    assert term.child.isalive(), term.raw[-300:]
    term.send("q", "y")
    assert term.wait_exit() == 0


def run_plain(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    """``foursquare ARGS`` with no terminal, keeping its files in ``home``."""
    return subprocess.run(
        [*GAME, *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env=game_env(FOURSQUARE_HOME=str(home)),
    )


@pytest.mark.parametrize("term", ["no-such-terminal", ""])
def test_unusable_term_is_a_one_line_error(term_factory: list[Terminal], home: Path, term: str) -> None:
    env = game_env(TERM=term or None)
    screen = start(term_factory, ["--seed", "1"], home, env=env)
    assert screen.wait_exit() == 1
    flat = " ".join(screen.text.split())
    assert "foursquare: cannot play here:" in flat and "Traceback" not in flat
    assert "(foursquare --plain plays line by line)" in flat
    assert max(map(len, screen.raw.decode().splitlines())) <= screen.screen.columns  # broken between words


@pytest.mark.parametrize(
    "args",
    [["--seed", "x"], ["--seed", "-1"], ["--seed", str(2**64)], ["--bogus"], ["extra"], ["--seed", "3", "--daily"]],
)
def test_bad_arguments_exit_2_with_a_message(home: Path, args: list[str]) -> None:
    result = run_plain(args, home)
    assert result.returncode == 2
    assert result.stderr.startswith("foursquare: error: ") and len(result.stderr.splitlines()) == 1  # no usage
    assert "Traceback" not in result.stderr


def test_version_and_help(home: Path) -> None:
    version = run_plain(["--version"], home)
    assert version.returncode == 0 and version.stdout.startswith("foursquare ")
    usage = run_plain(["--help"], home)
    assert usage.returncode == 0
    for option in ("--seed N", "--daily", "--new", "--no-color", "--ascii", "--version", "NO_COLOR"):
        assert option in usage.stdout


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("foursquare")
    if not script.exists():
        pytest.skip("no console script next to this Python")
    assert os.access(script, os.X_OK)


# --- saved games, statistics and deal numbers ------------------------------------


def stats_json(home: Path) -> dict[str, Any]:
    """What ``foursquare stats --json`` prints for the statistics kept in ``home``."""
    result = run_plain(["stats", "--json"], home)
    assert result.returncode == 0, result.stderr
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


def after_the_game(term: Terminal) -> str:
    """What the program wrote to the terminal after giving it back (leaving the alternate screen)."""
    raw = bytes(term.raw)
    return raw[raw.rindex(b"\x1b[?1049l") :].decode("utf-8", "replace")


def visible_deal(term: Terminal) -> int | None:
    """The deal number the panel shows, or None while something covers it (a dialog, a half-drawn frame)."""
    match = re.search(r"Deal {2,}(\d+)", term.text)
    return int(match.group(1)) if match is not None else None


def shown_deal(term: Terminal) -> int:
    deal = visible_deal(term)
    assert deal is not None, term.text
    return deal


def random_line(deal: int, placements: int) -> list[tuple[int, int]]:
    """The first cells of a game on ``deal`` played at random (the choices seeded with ``deal`` too)."""
    game, rng = Game.deal(deal), random.Random(deal)
    for _ in range(placements):
        game.play(rng.choice(game.legal_moves()))
    return game.placements


def play_to_the_end(term: Terminal, game: Game, seed: int) -> None:
    """Play random legal cells until the game ends, checking every placement but the last on screen.

    The last one is only sent: what the message line says then is the caller's to check.
    """
    rng = random.Random(seed)
    cursor = (0, 0)
    while True:
        cell = rng.choice(game.legal_moves())
        probe = game.copy()
        probe.play(cell)
        if probe.is_over:
            term.send(*keys_to(cursor, cell), "enter")
            game.play(cell)
            return
        cursor = play_line(term, game, [cell], cursor)


def _not_shown(said: str, term: Terminal) -> bool:
    return said not in term.text


def test_every_key_that_does_nothing_on_the_table_says_so_named_or_not(
    term_factory: list[Terminal], home: Path
) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    for key, said in [("x", "x: not a key here"), ("tab", "Tab: not a key here"), ("f1", "Not a key here"),
                      ("insert", "Not a key here"), ("ctrl-a", "Not a key here")]:  # fmt: skip
        term.send(key)
        term.wait_for(said)
        term.send("right")  # the next key ends the note
        term.wait_for(functools.partial(_not_shown, said))


def test_killed_mid_game_the_next_start_shows_the_same_position(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1[:5], (0, 0))
    term.send("\x0c")  # Ctrl-L redraws the screen, and like any key ends the highlight of the last cards turned
    term.wait_for(lambda t: not any("╔" in row[: PLAN.panel.x] for row in t.rows))
    term.settle()  # the whole frame, not the part drawn when the highlight went
    before = term.rows[:-2]  # all but the message's two rows
    term.child.kill(signal.SIGKILL)
    assert term.wait_exit() == 128 + signal.SIGKILL

    again = start(term_factory, [], home)
    again.wait_for("Welcome back: deal 1 as you left it, 5 cards placed", lambda t: t.rows[:-2] == before)
    assert table_rows(again) == expected_rows(game)
    assert f"{game.stock_left} cards left" in again.text and shown_deal(again) == 1
    assert_next_card(again, game)
    play_line(again, game, WINNING_LINE_DEAL_1[5:7], WINNING_LINE_DEAL_1[4])  # and play on from there


def test_quit_keeps_the_game_and_the_next_start_resumes_it(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "2"], home)
    term.wait_for("Deal 2: place ")
    game = Game.deal(2)
    play_line(term, game, random_line(2, 3), (0, 0))
    term.send("q")
    term.wait_for("Quit this game?", "Your game is saved")
    term.send("y")
    assert term.wait_exit() == 0
    again = start(term_factory, [], home)
    again.wait_for(
        "Welcome back: deal 2 as you left it, 3 cards placed", lambda t: table_rows(t) == expected_rows(game)
    )
    assert f"{game.stock_left} cards left" in again.text and shown_deal(again) == 2
    assert stats_json(home)["played"] == 0  # quitting is not losing


def test_new_deals_ask_first_and_count_the_game_left_as_lost(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "3"], home)
    term.wait_for("Deal 3: place ")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("q", "y")
    assert term.wait_exit() == 0

    again = start(term_factory, ["--new"], home)
    again.wait_for("Start a new deal?", "Leaving deal 3 now counts it as a loss", "y new deal", "card 2 of 40")
    again.send("y")
    again.wait_for("40 cards left", lambda t: "Start a new deal?" not in t.text and visible_deal(t) not in (None, 3))
    figures = stats_json(home)
    assert (figures["played"], figures["lost"], figures["losses"]["abandoned"]) == (1, 1, 1)

    deal = shown_deal(again)
    again.send("enter", "n")
    again.wait_for("Start a new deal?", f"Leaving deal {deal} now counts it as a loss")
    again.send("x")  # no: nothing changes
    again.wait_for(lambda t: "Start a new deal?" not in t.text and "39 cards left" in t.text)
    again.send("n", "y")
    again.wait_for("40 cards left", lambda t: visible_deal(t) not in (None, deal))
    assert stats_json(home)["losses"]["abandoned"] == 2


def test_daily_deal_ends_with_a_line_to_share_printed_after_the_game(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--daily"], home)
    term.wait_for("Daily deal of ", "40 cards left")
    deal = shown_deal(term)
    day = date(deal // 10000, deal // 100 % 100, deal % 100)
    assert deal == deal_number(day) and day in (date.today(), date.today() - timedelta(days=1))
    game = Game.deal(deal)
    play_to_the_end(term, game, deal)
    if game.status is Status.WON:
        result = f"won, score {game.score}, on my own"
    else:
        result = f"lost, {game.placed_count} of 40 cards placed, on my own"
    share = f"Foursquare daily {day.isoformat()} (deal {deal}): {result}"
    short = share.replace(" cards placed,", " placed,")

    def shared(t: Terminal) -> bool:
        """The line to share on the message rows, whole on two rows or in its shorter form on the last."""
        return (message(t).endswith(share) or t.rows[-1].strip() == short) and table_rows(t) == expected_rows(game)

    term.wait_for(shared)
    term.send("q")  # the game is over: no question
    assert term.wait_exit() == 0
    assert share + "\r\n" in after_the_game(term)
    assert stats_json(home)["played"] == 1


def test_a_won_game_counts_and_s_shows_it_in_the_statistics(term_factory: list[Terminal], home: Path) -> None:
    assert stats_json(home)["played"] == 0
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    play_line(term, game, WINNING_LINE_DEAL_1, (0, 0))
    term.wait_for("YOU WON!")
    assert game.score is not None
    figures = stats_json(home)
    assert (figures["played"], figures["won"], figures["best_score"]) == (1, 1, game.score)
    assert figures["histogram"][game.score] == 1

    term.send("s")
    bars = f"  1 ┤{'   ' * game.score} ██"
    term.wait_for(
        "Foursquare: your statistics",
        "Winning scores",
        lambda t: any(r.startswith(bars) for r in t.rows),
        lambda t: any(r.startswith("score  0  1  2") and r.rstrip().endswith("23 24") for r in t.rows),
    )
    flat = " ".join(term.text.split())
    assert "On your own All games" in flat and "Games played 1 1" in flat and "Won 1 (100.0%) 1 (100.0%)" in flat
    assert f"Best score {game.score} {game.score}" in flat
    term.send("x")
    term.wait_for("YOU WON!")
    term.send("?")
    term.wait_for("Foursquare: rules and keys")
    wanted = "your statistics: games won and lost"
    for _ in range(3):  # a page down at a time until the key's line shows: how far down depends on the rules above
        term.send(" ")
        try:
            term.wait_for(wanted, timeout=2.0)
            break
        except AssertionError:
            continue
    term.wait_for(wanted)


def test_statistics_screen_in_ascii(term_factory: list[Terminal], home: Path) -> None:
    for deal, score in ((5, 3), (6, 3), (7, 10)):
        count(home, Result(deal, Ending.WON, score))
    term = start(term_factory, ["--ascii"], home)
    term.wait_for("40 cards left")
    term.send("s")
    # the page arrives in pieces: wait for its chart's bar and its axis both, then read it whole
    term.wait_for(
        "Games played",
        lambda t: any(r.startswith("  2 +") and r.rstrip().endswith("##") for r in t.rows) and "+----" in t.text,
    )
    assert term.text.isascii() and "+----" in term.text


def test_a_damaged_saved_game_is_moved_aside_with_one_line(term_factory: list[Terminal], home: Path) -> None:
    home.mkdir()
    (home / "game.json").write_text('{"format": "foursquare-saved-game", "version": 1, "game": [')
    term = start(term_factory, [], home)
    term.wait_for("Damaged saved game renamed game.json.…corrupt; more when you quit.", "40 cards left", "Next card")
    assert "Traceback" not in term.text
    aside = list(home.glob("game.json.*.corrupt"))
    assert len(aside) == 1 and aside[0].read_text().endswith('"game": [')
    fresh = on_disk(home)
    assert fresh.placed_count == 0 and shown_deal(term) == fresh.seed
    term.send("q")  # no card placed: nothing to ask
    assert term.wait_exit() == 0
    tail = " ".join(after_the_game(term).split())
    assert "foursquare: The saved game could not be used (not valid JSON" in tail
    assert f"; it was moved to {aside[0]} and a new game was dealt." in tail


def test_a_data_folder_that_cannot_be_used_is_one_line_and_the_game_goes_on(
    term_factory: list[Terminal], home: Path
) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file, not a folder")
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Cannot keep games in", "40 cards left")
    term.send("enter", "q")
    term.wait_for("Quit this game?", "could not be saved, so it will be lost")
    term.send("y")
    assert term.wait_exit() == 0
    assert home.read_text() == "a file, not a folder"


# --- the expert: tip and autoplay --------------------------------------------------

QUICK_EXPERT = game_env(FOURSQUARE_THINK_SECONDS="0.3")
"""The expert thinks at most this long per card, so that these tests stay quick whatever its strength."""


def test_t_marks_the_experts_cell_with_its_chance_of_winning(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home, env=QUICK_EXPERT)
    term.wait_for("Deal 1: place ", "t tip  a autoplay")
    term.send("enter")
    term.wait_for("39 cards left")
    term.send("t")
    term.wait_for("Show a tip?", "A tip counts this game as played with help")
    term.send("y")
    tip = re.compile(r" Tip: \S+ on [a-g][1-7] \(marked ★tip★\): expect about \d+ cards? left, \d+% to win *")
    term.wait_for(lambda t: tip.fullmatch(t.rows[-1]) is not None)
    table = [line[: PLAN.panel.x] for line in term.rows[:-1]]
    marked = [(y, line.index("★tip★")) for y, line in enumerate(table) if "★tip★" in line]
    assert len(marked) == 1
    y, x = marked[0]
    # The cursor went to the tip: its ▶ ◀ marks are beside the marked frame.
    assert any("▶┃" in line[x - 3 : x + 1] for line in table[y : y + 4])
    term.send("enter")  # the player takes the tip: the mark goes
    term.wait_for("38 cards left", lambda t: "★tip★" not in t.text)


def test_a_autoplays_until_any_key_stops_it(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home, env=QUICK_EXPERT)
    term.wait_for("Deal 1: place ")
    term.send("a")
    term.wait_for("Let the expert play on?", "y let it play")  # asked before it starts
    term.send("y")
    term.wait_for("Autoplay (any key stops)")
    term.wait_for(  # three cards placed, one at a time; the bottom row may be painted after the stock count
        "37 cards left", lambda t: t.rows[-1].strip() != "" and "Autoplay" not in t.rows[-1], timeout=20
    )
    term.send("x")
    term.wait_for(lambda t: "Autoplay stopped after" in t.rows[-1])
    found = re.search(r"Autoplay stopped after (\d+) cards?: your turn", term.rows[-1])
    assert found is not None and int(found.group(1)) >= 3
    placed = int(found.group(1))
    assert "Autoplay (any key stops)" not in term.text
    term.send("q")  # keys are the player's again
    term.wait_for("Quit this game?")
    term.send("y")
    assert term.wait_exit() == 0
    assert on_disk(home).placed_count == placed  # nothing placed after the key


def test_an_unusable_thinking_time_is_a_one_line_error(term_factory: list[Terminal], home: Path) -> None:
    term = start(term_factory, ["--seed", "1"], home, env=game_env(FOURSQUARE_THINK_SECONDS="soon"))
    assert term.wait_exit() == 2
    flat = " ".join(term.text.split())
    assert "foursquare: FOURSQUARE_THINK_SECONDS must be a number of seconds" in flat and "Traceback" not in flat


# --- the help a game has -------------------------------------------------------------------


def asked_to_take_back(term_factory: list[Terminal], home: Path) -> tuple[Terminal, Game, tuple[int, int]]:
    """Deal 1 with its first four winning cards placed, and ``u`` pressed: the question is open."""
    term = start(term_factory, ["--seed", "1"], home)
    term.wait_for("Deal 1: place ")
    game = Game.deal(1)
    cursor = play_line(term, game, WINNING_LINE_DEAL_1[:4], (0, 0))
    term.send("u")
    term.wait_for("Take back the card?", "A take-back counts this game as played with help", "y take it back")
    assert on_disk(home).placed_count == 4  # nothing taken back before the answer
    return term, game, cursor


def test_a_take_back_asks_once_and_the_end_box_and_statistics_say_the_game_had_help(
    term_factory: list[Terminal], home: Path
) -> None:
    term, game, _ = asked_to_take_back(term_factory, home)
    term.send("y")
    game.undo()
    term.wait_for("37 cards left", "Took back ")
    term.send("u")  # asked once a game
    game.undo()
    term.wait_for("38 cards left", lambda t: "Take back the card?" not in t.text)
    play_line(term, game, WINNING_LINE_DEAL_1[2:], WINNING_LINE_DEAL_1[2])  # the cursor is where the card was
    term.wait_for("YOU WON!", lambda t: "(2 take-backs)" in panel_text(t))
    panel = panel_text(term)
    assert f"Won, score {game.score} (2 take-backs)." in panel and "counts in all games, not on your own" in panel
    assert "On your own: none yet." in panel
    figures = stats_json(home)
    assert (figures["won"], figures["on_your_own"]["played"], figures["before_help_was_recorded"]) == (1, 0, 0)
    listed = run_plain(["history", "--json"], home)
    assert json.loads(listed.stdout)[0]["help"] == {"take_backs": 2, "tips": 0, "autoplayed": 0}


def test_no_keeps_the_game_on_your_own_and_its_win_heads_the_statistics(
    term_factory: list[Terminal], home: Path
) -> None:
    term, game, cursor = asked_to_take_back(term_factory, home)
    term.send("n")
    term.wait_for(lambda t: "No: this game stays on your own." in message(t))
    term.send("u")
    term.wait_for(lambda t: "No take-back: you chose to play this game on your own" in message(t))
    assert on_disk(home).placed_count == 4  # the answer stands: nothing taken back
    play_line(term, game, WINNING_LINE_DEAL_1[4:], cursor)
    term.wait_for("YOU WON!", lambda t: f"Won, score {game.score}, on your own." in panel_text(t))
    assert "On your own: streak 1, won 100% of 1." in panel_text(term)
    term.send("s")
    term.wait_for("Foursquare: your statistics", "Winning scores on your own")
    assert term.rows[2].split() == ["On", "your", "own", "All", "games"]
    figures = stats_json(home)
    assert (figures["on_your_own"]["played"], figures["on_your_own"]["won"]) == (1, 1)
