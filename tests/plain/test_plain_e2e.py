"""Plain mode through the real ``foursquare`` command: pipes, a dumb terminal, and the screen taking over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import WINNING_DEAL, WINNING_LINE, expected_plain_table, plain_table
from terminal import GAME, Terminal, game_env

from foursquare.engine import Game, Status, cell_name, parse_cell
from foursquare.words.cards import Spelling
from foursquare.words.explain import explain
from foursquare.words.pages import page

pytestmark = pytest.mark.slow  # each test starts the real command

MOVES = [cell_name(cell) for cell in WINNING_LINE]


def pipe(home: Path, args: list[str], lines: list[str], **env: str | None) -> subprocess.CompletedProcess[str]:
    """``foursquare ARGS`` with ``lines`` on standard input and both outputs read, its files in ``home``."""
    return subprocess.run(
        [*GAME, *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=game_env(FOURSQUARE_HOME=str(home), **env),
    )


def help_transcript() -> tuple[str, list[str]]:
    """The command of the plain-mode help page's transcript (its block that starts ``$ ``) and the lines it shows."""
    lines = page("plain").text.splitlines()
    start = next(n for n, line in enumerate(lines[:-1]) if line == "```" and lines[n + 1].startswith("$ "))
    end = lines.index("```", start + 1)
    return lines[start + 1].removeprefix("$ "), lines[start + 2 : end]


def test_the_help_pages_transcript_is_what_the_command_prints(tmp_path: Path) -> None:
    """The plain-mode page says its transcript is the same on every machine: run it as written, in a fresh folder."""
    command, shown = help_transcript()
    bin_dir = os.path.dirname(sys.executable)  # where this environment's ``foursquare`` script is
    done = subprocess.run(
        ["sh", "-c", command],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=game_env(FOURSQUARE_HOME=str(tmp_path / "home"), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}"),
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == shown


def check_transcript(out: list[str], game: Game, moves: list[str]) -> None:
    """Every move in ``out`` echoed, explained as the engine explains it, and followed by the engine's table."""
    at = 0
    for move in moves:
        at = out.index(f"> {move}", at) + 1
        before = game.piles
        placement = game.play(parse_cell(move))
        assert out[at] == f"{explain(before, placement)[0].plain()}."
        end = next((n for n in range(at + 1, len(out)) if out[n].startswith(">")), len(out))
        assert plain_table(out[at:end]) == expected_plain_table(game)
        card = game.next_card
        if card is not None and not game.is_over:
            assert out[end - 2].startswith(f"Next card: {card}, card {game.placed_count + 1} of 40.")
            legal = " ".join(cell_name(cell) for cell in game.legal_moves())
            assert out[end - 1] == f"It may go on: {legal}."


def test_a_whole_seeded_game_through_a_pipe(home: Path) -> None:
    result = pipe(home, ["--plain", "--seed", str(WINNING_DEAL), "--ascii"], MOVES)
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout.splitlines()
    game = Game.deal(WINNING_DEAL)
    check_transcript(out, game, MOVES)
    assert game.status is Status.WON
    assert out[-6:] == [
        f"Deal {WINNING_DEAL}: won, score {game.score}. Face down: 0 of 4.",
        f"Won, score {game.score}, on your own.",
        "This game counts in your statistics.",
        "On your own: streak 1, won 100% of 1.",
        "All games: streak 1, won 100% of 1.",
        "n new deal, d replay, u undo, v review, l log, q quit.",
    ]
    stats = pipe(home, ["stats", "--json"], [])
    assert '"won": 1' in stats.stdout


def test_words_spell_the_cards_for_speech(home: Path) -> None:
    result = pipe(home, ["--words", "--seed", str(WINNING_DEAL)], MOVES[:2])
    out = result.stdout.splitlines()
    assert result.returncode == 0
    second = Game.deal(WINNING_DEAL).stock[1]
    assert f"  d4 {Spelling(words=True).card(second)}, 2 cards." in out
    assert not any(suit in result.stdout for suit in "♣♦♥♠") and str(second) not in result.stdout


def test_standard_input_that_is_not_a_terminal_chooses_plain_mode(home: Path) -> None:
    result = pipe(home, ["--seed", "5"], ["d4", "zz", "q"])
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout.splitlines()
    assert out[0].startswith("Foursquare in plain mode")
    assert out[out.index("> zz") + 1].startswith("zz: not a command.")
    assert out[-1] == "Your game is saved: run foursquare again to go on where you left off."


def test_output_to_a_pipe_from_a_terminal_chooses_plain_mode(terms: list[Terminal], home: Path) -> None:
    term = Terminal([], command=["sh", "-c", f"{' '.join(GAME)} --seed 5 | cat"], home=home)
    terms.append(term)
    term.wait_for("Foursquare in plain mode", "It may go on: d4.")
    term.send("d4\r", "q\r")
    term.wait_for("on d4 is alone", "Your game is saved")
    assert term.wait_exit() == 0


def test_term_dumb_chooses_plain_mode_with_a_prompt(terms: list[Terminal], home: Path) -> None:
    term = Terminal(["--seed", "5"], env=game_env(TERM="dumb"), home=home)
    terms.append(term)
    term.wait_for("It may go on: d4.", lambda t: t.rows[t.screen.cursor.y].startswith("> "))
    assert "\x1b" not in term.raw.decode()  # no cursor movement, no colour
    term.send("d4\r")
    term.wait_for("on d4 is alone", "1 card placed")
    term.send("\x04")  # the end of input: saved, and the game ends as with q
    term.wait_for("Your game is saved")
    assert term.wait_exit() == 0


def test_plain_asked_for_in_a_real_terminal(terms: list[Terminal], home: Path) -> None:
    term = Terminal(["--plain", "--seed", "5"], home=home)
    terms.append(term)
    term.wait_for("Foursquare in plain mode", "It may go on: d4.")
    term.send("d4\r")
    term.wait_for("1 card placed")
    term.send("\x03")  # Ctrl-C: out at once, the game kept
    term.wait_for("Your game is saved")
    assert term.wait_exit() == 130
    assert term.line_mode() == (True, True)


def test_a_game_begun_in_plain_mode_goes_on_in_the_screen_and_back(terms: list[Terminal], home: Path) -> None:
    pipe(home, ["--plain", "--seed", str(WINNING_DEAL)], MOVES[:5])
    game = Game.deal(WINNING_DEAL)
    for move in MOVES[:5]:
        game.play(parse_cell(move))
    screen = Terminal([], home=home)
    terms.append(screen)
    screen.wait_for(f"Welcome back: deal {WINNING_DEAL} as you left it, 5 cards placed", "35 cards left")
    screen.send("u")  # the fifth card taken back in the screen, after its one question
    screen.wait_for("Take back the card?", "counts this game as played with help")
    screen.send("y")
    screen.wait_for("36 cards left")
    screen.send("q")
    screen.wait_for("Quit this game?")
    screen.send("y")
    assert screen.wait_exit() == 0
    game.undo()
    result = pipe(home, ["--ascii"], MOVES[4:])
    out = result.stdout.splitlines()
    assert f"Welcome back: deal {WINNING_DEAL} as you left it, 4 cards placed." in out
    assert plain_table(out[: out.index(f"> {MOVES[4]}")]) == expected_plain_table(game)
    check_transcript(out, game, MOVES[4:])
    assert game.status is Status.WON and f"Deal {WINNING_DEAL}: won, score 7. Face down: 0 of 4." in out
    assert "Won, score 7 (1 take-back)." in out and "This game counts in all games, not on your own." in out


def test_a_reader_that_closed_the_pipe_ends_plain_mode_quietly(home: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(home))
    child = subprocess.Popen(
        [*GAME, "--seed", "5"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdout.close()  # as `| head -3` does once it has read enough
    child.stdin.write(b"d4\n")
    child.stdin.close()
    assert child.wait(timeout=60) == 141
    assert child.stderr.read() == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_plain_mode_on_a_full_disk_is_one_line_and_status_1(home: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*GAME, "--seed", "5"], input="d4\n", stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
            env=game_env(FOURSQUARE_HOME=str(home)),
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == "foursquare: cannot write the output: no space left on the device\n"


def test_cards_in_ascii_where_the_locale_cannot_show_suits(home: Path) -> None:
    result = pipe(home, ["--seed", "5"], ["d4"], LC_ALL="C", LANG="C")
    first = Game.deal(5).stock[0]
    assert result.returncode == 0
    assert f"Next card: {first}, card 1 of 40." in result.stdout
    assert not any(suit in result.stdout for suit in "♣♦♥♠")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_endless_input_without_a_line_end_is_refused_and_the_command_ends(home: Path) -> None:
    """``foursquare --plain </dev/zero``: the first 4 KB without a line end are no command; it stops there."""
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [*GAME, "--plain", "--seed", "5"],
            stdin=zero,
            capture_output=True,
            timeout=60,
            env=game_env(FOURSQUARE_HOME=str(home)),
        )
    out = done.stdout.decode("utf-8", "replace").splitlines()
    assert done.returncode == 1 and done.stderr == b""
    assert any(line.startswith("That line is too long to be a command") for line in out)
