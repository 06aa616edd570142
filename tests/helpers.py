"""What many tests share: games at known points, and driving the game screen without a terminal.

Test files import from here (and the pseudo-terminal driver in ``terminal``),
never from one another.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import random
import re
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from foursquare import cli
from foursquare.engine import Cell, Game, Pile, Placement, Status, cell_name, full_deck, parse_cell
from foursquare.expert.advice import Advice, Position
from foursquare.expert.review import Judge, Review, Step, expert_judge, review
from foursquare.screen.app import App, Settings
from foursquare.screen.keys import Input, Key
from foursquare.screen.play import Request, build
from foursquare.screen.render import render
from foursquare.session.game import GameSession, Opening
from foursquare.storage.formats import FinishedGame, saved_game_json, utc_now
from foursquare.storage.library import Found, Library
from foursquare.storage.schema import DB_FILE
from foursquare.storage.stats import Ending, Records, Result, Stats
from foursquare.storage.store import Store
from foursquare.words.faults import refused_words

if TYPE_CHECKING:  # a type only: the benchmarks import these helpers outside pytest
    import pytest


class TypedAt(io.BytesIO):
    """Keys typed at a terminal: what a command reads when a player sits at it."""

    def isatty(self) -> bool:
        return True


class ShownAt(io.StringIO):
    """Text to or from a terminal: what is written to it, or typed at it as ``input()`` reads it."""

    def isatty(self) -> bool:
        return True


WINDOWS = sys.platform == "win32"
"""Tests of what only POSIX systems have (symlinks for anyone, FIFOs, file modes, resource limits, signals such as
SIGXFSZ) are skipped there, each saying why; a test beside each checks what Windows does instead."""

NO_SYMLINKS = "making a symbolic link on Windows takes an administrator or developer mode"
NO_FIFOS = "Windows has no FIFOs (os.mkfifo)"
NO_FILE_MODES = "Windows file modes are only read-only or not (chmod sets nothing else)"
NO_FILE_SIZE_LIMIT = "a full disk is made here by a file size limit (RLIMIT_FSIZE, SIGXFSZ), which Windows lacks"

DAY = date(2026, 11, 30)
"""The date the screen tests play on."""

WINNING_DEAL = 16
"""A deal with a known win: these placements finish the square with 7 cards left in the stock."""
WINNING_LINE = (
    (0, 0), (0, 0), (0, 0), (0, 0), (-1, 0), (0, -1), (0, -2), (-1, 1), (-1, 1), (-2, 1), (-2, 1),
    (-3, 1), (0, 1), (-1, 0), (-1, 0), (-1, 0), (-3, 1), (-3, 0), (-1, -2), (-3, 0), (-1, -2), (-2, 0),
    (-2, -1), (-2, -1), (-2, 0), (-1, -1), (-1, -1), (-3, -1), (-3, -2), (-2, 0), (-2, 0), (-2, -1), (-2, -2),
)  # fmt: skip

WINNING_LINE_DEAL_1 = [
    (0, 0), (-1, 0), (0, -1), (-1, 1), (-2, 0), (-3, 0), (-1, 2), (-1, -1), (0, 1), (-3, 1), (-3, 1), (-2, 1),
    (-1, 2), (-3, 2), (-2, 2), (-2, -1), (0, 2), (-1, 0), (-3, -1), (-1, -1), (-2, -1), (-2, -1), (-2, -1),
    (-3, -1), (-3, -1),
]  # fmt: skip
"""Deal 1 won by these placements."""

LOSING_DEAL = 5
"""The deal of the report that played carelessly loses: see :data:`LOSING_LINE`."""
LOSING_LINE = (
    "d4", "d5", "d6", "d7", "e7", "f7", "g7", "g7", "g7", "g7", "f7", "f7", "f7", "e7", "e7", "e7", "d7", "d7",
    "d7", "g6", "g6", "g6", "g6", "f6", "f6", "f6", "f6",
)  # fmt: skip
"""Deal 5 placed carelessly by cell name: its 27th card loses with 6 cards face down, more than the 4 allowed."""

DAILY_WINS: dict[date, tuple[Cell, ...]] = {
    date(2026, 11, 30): (
        (0, 0), (-1, 0), (-1, -1), (-1, -2), (-2, -2), (-3, -2), (-3, -1), (0, 0), (0, -2), (-2, -2), (-3, -3),
        (-3, 0), (0, -3), (-2, -3), (-2, -3), (-2, 0), (-1, -1), (0, -1), (-1, -3), (-2, -1),
    ),
    date(2026, 12, 1): (
        (0, 0), (-1, 0), (-1, -1), (-2, -1), (-2, -2), (0, -1), (-2, 0), (-3, -2), (0, -2), (-1, -2), (-1, -3),
        (-1, 0), (-2, -3), (0, -3), (-3, -1), (-3, -3), (-2, -3), (-1, -1), (-3, -1), (-3, 0), (-1, -1),
    ),
    date(2026, 12, 2): (
        (0, 0), (-1, 0), (-1, -1), (-1, -2), (-2, -2), (0, -2), (-2, -1), (1, 0), (1, -2), (-2, 0), (0, -3),
        (0, -1), (1, -1), (1, -1), (-2, -3), (1, -3), (1, -3), (-1, -3), (-1, -3),
    ),
    date(2026, 12, 3): (
        (0, 0), (-1, 0), (-2, 0), (-2, -1), (-2, -2), (-3, -2), (-3, -1), (-1, -2), (-1, -1), (-3, -3), (-1, -3),
        (-1, -3), (-1, -1), (-3, 0), (-2, -3), (0, -1), (-3, -1), (-3, -1), (-3, -1), (-2, -2), (-1, 0), (0, 0),
        (-3, 0), (-1, -3), (-1, -3), (0, -3), (0, -3), (0, -2), (0, -3),
    ),
}  # fmt: skip
"""Four days whose daily deals have a known win (found by the expert): scores 20, 19, 21 and 11."""


OUTCOMES_DEAL = 27
"""A deal with a position where every kind of outcome is on offer: see :data:`OUTCOMES_LINE`."""
OUTCOMES_LINE = (
    (0, 0), (0, 0), (0, 0), (0, 0), (0, -1), (1, 0), (2, 0), (0, -2), (1, 1), (1, 1), (-1, 0), (0, 1), (-1, 0),
    (-1, 0), (-1, 0), (2, 0), (2, 0), (2, 0), (2, -1), (2, -1), (1, -1), (2, -2), (1, -2), (1, -2), (2, -2),
    (1, -2), (-1, -1), (-1, -1), (-1, -2), (0, 1), (0, 1), (0, -1), (1, 0), (1, 1), (-1, 1), (2, 1),
)  # fmt: skip
"""After these placements the next card (8♦) loses on b3, wins on e6, goes on top of the pile on b4 with 4 face
down after, and turns two face-down cards up on b6 (3 face down now, 1 after)."""


def command(*argv: str, judge: Judge | None = None) -> int:
    """``foursquare ARGV`` run by the command line's own entry point, which words every error once; the status.

    ``judge`` stands in for the expert of ``foursquare review`` (no child process is started).
    """
    if judge is None:
        return cli.main(list(argv))
    from foursquare.commands import review

    return cli.main(list(argv), commands={"review": lambda args: review.main(args, judge=judge)})


def won_game() -> Game:
    """Deal 16, won with score 7."""
    game = Game.deal(WINNING_DEAL)
    for cell in WINNING_LINE:
        game.play(cell)
    assert game.status is Status.WON
    return game


def play_out(game: Game) -> Game:
    """Play the first legal cell until the game ends (on most deals, a loss)."""
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def lost_game(deal: int = 20261130) -> Game:
    game = play_out(Game.deal(deal))
    assert game.status is Status.LOST
    return game


def played(deal: int, placements: int) -> Game:
    """A game in progress on ``deal`` with ``placements`` cards down (first legal cells)."""
    game = Game.deal(deal)
    for _ in range(placements):
        game.play(game.legal_moves()[0])
    assert not game.is_over
    return game


def open_in(folder: Path, request: Request | None = None) -> tuple[GameSession, Opening]:
    """The session on ``folder`` as a playing command opens it, on :data:`DAY`."""
    request = request or Request()
    return GameSession.open(folder, seed=request.seed, daily=request.daily, new=request.new, today=lambda: DAY)


def screen_for(folder: Path, request: Request | None = None, **kwargs: Any) -> App:
    """The game screen as :func:`foursquare.screen.play.main` builds it on ``folder``, with the opening shown."""
    session, opening = open_in(folder, request)
    return build(session, opening, **kwargs)


def session_on(game: Game, deals: list[int] | None = None) -> GameSession:
    """A session on ``game`` that keeps nothing, with new deals taken from ``deals`` in order."""
    queue = list(deals or [77, 78, 79])
    return GameSession.in_memory(game, dealer=lambda: queue.pop(0))


def kept_session_on(game: Game) -> GameSession:
    """A session on ``game``, just ended and kept as the session keeps a finished game (nothing kept on disk)."""
    session = session_on(game)
    session.game_id = session.store.record(
        FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)
    ).game_id
    return session


def make_app(seed: int = 1, deals: list[int] | None = None, settings: Settings | None = None) -> App:
    """The game screen on deal ``seed`` (nothing kept), with new deals taken from ``deals`` in order."""
    return App(session_on(Game.deal(seed), deals), settings=settings)


def press(app: App, *keys: Input) -> None:
    """Send keys to the app as a player would."""
    for key in keys:
        app.handle(key)


def place(app: App, *cells: Cell) -> None:
    """Place the next cards on ``cells`` with the cursor and Enter."""
    for cell in cells:
        app.cursor = cell
        app.handle(Key.ENTER)


def screen_text(app: App, *, ascii: bool = False) -> str:
    """The frame the app would paint, as lines of text: each span written over what was drawn before it,
    as the terminal shows it (blank rows at the bottom left out)."""
    grid = [[" "] * app.width for _ in range(app.height)]
    for span in render(app, app.width, app.height, ascii=ascii):
        grid[span.y][span.x : span.x + len(span.text)] = list(span.text)
    return "\n".join("".join(row).rstrip() for row in grid).rstrip("\n")


# --- plain mode -----------------------------------------------------------------

PLAIN_CELL = re.compile(r"\b([a-g][1-7]) (##|\.|[0-9A]+[CDHS])(?: \(([1-4])\))?")


def plain_table(lines: Sequence[str]) -> dict[str, tuple[str, int]]:
    """The last table plain mode printed in ASCII: cell name → (top card, ``##`` or ``.``; pile height)."""
    start = max(n for n, line in enumerate(lines) if line.endswith("The table, row by row:"))
    table: dict[str, tuple[str, int]] = {}
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        for name, top, height in PLAIN_CELL.findall(line):
            table[name] = (top, int(height or 0))
    return table


def expected_plain_table(game: Game) -> dict[str, tuple[str, int]]:
    """What :func:`plain_table` should read for ``game``: every cell of the box of its piles."""
    assert game.bounds is not None
    top, bottom, left, right = game.bounds
    table = {}
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            pile = game.pile((r, c))
            shown = (str(pile.top) if pile.face_up else "##", len(pile)) if pile is not None else (".", 0)
            table[cell_name((r, c))] = shown
    return table


# --- the data folder's database -------------------------------------------------


def counted(folder: Path) -> list[Result]:
    """The games that count in the statistics of ``folder``, in the order they were counted."""
    with Store.open(folder, create=False)[0] as store:
        return [game.result for game in reversed(store.history()) if game.counted]


def count(folder: Path, result: Result) -> bool:
    """Count ``result`` in ``folder`` as if a game had ended so (a game without its record); whether it counted."""
    finished = FinishedGame(None, result.deal, None, None, utc_now(), result.ending, result.score, None, True)
    with Store.open(folder)[0] as store:
        return store.record(finished).counted


def left_again(folder: Path, games: int) -> None:
    """``games`` games left before the end on one twelve-digit deal, kept in ``folder``: all but the first not
    counted, and none a replay (no help recorded), so that they read the longest result a list shows."""
    with Store.open(folder)[0] as store:
        for _ in range(games):
            store.record(FinishedGame(None, 123456789012, None, None, utc_now(), Ending.ABANDONED, None, 31, True))


def stats_of(folder: Path) -> Stats:
    """The statistics of ``folder`` as the database works them out."""
    with Store.open(folder, create=False)[0] as store:
        return store.stats()


def records_of(folder: Path) -> Records:
    """Both records of ``folder`` (all games, on your own) as the database works them out."""
    with Store.open(folder, create=False)[0] as store:
        return store.records()


def on_disk(folder: Path) -> Game:
    """The game in progress kept in ``folder``."""
    with Store.open(folder, create=False)[0] as store:
        current = store.current()
    assert current is not None
    return current.game


def keep(folder: Path, game: Game, daily: date | None = None) -> None:
    """Keep ``game`` as the game in progress in ``folder``, as a window that then died would have."""
    with Store.open(folder)[0] as store:
        store.save_current(game, daily, utc_now())


@contextlib.contextmanager
def no_room_to_grow(folder: Path) -> Iterator[None]:
    """No file in ``folder`` may grow meanwhile: writing is refused as on a full disk (a real refusal
    by the operating system, through a file size limit on this process)."""
    import resource  # POSIX only: the tests that use it are skipped on Windows (see POSIX_ONLY)

    limit = max(path.stat().st_size for path in folder.iterdir() if path.is_file())
    before = resource.getrlimit(resource.RLIMIT_FSIZE)
    signal_before = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, before)
        signal.signal(signal.SIGXFSZ, signal_before)


@contextlib.contextmanager
def busy(folder: Path) -> Iterator[None]:
    """Another process's write transaction holds the database of ``folder`` meanwhile."""
    other = sqlite3.connect(folder / DB_FILE, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.close()


def write_old_game(path: Path, game: Game, daily: date | None) -> None:
    """Write ``game.json`` as versions before the database kept the game in progress."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved_game_json(game, daily)), "utf-8")


def first_cell_judge(chance: float = 0.9, expected: float = 18.0, cost: float = 2.5, drop: float = 0.2) -> Judge:
    """A fake expert: always the first legal cell with ``chance`` and ``expected`` cards to come, every other
    cell ``drop`` less chance and ``cost`` cards less."""

    def judge(position: Position) -> Advice:
        cells = position.legal_cells()
        ranking = ((cells[0], chance), *((cell, max(0.0, chance - drop)) for cell in cells[1:]))
        scores = ((cells[0], expected), *((cell, max(0.0, expected - cost)) for cell in cells[1:]))
        return Advice(cells[0], chance, ranking, 1, 1, 0.0, scores)

    return judge


def new_pile_judge(
    chance: float = 0.95, expected: float = 18.0, stack_cost: float = 1.2, other_piles_cost: float = 0.0
) -> Judge:
    """A fake expert that always opens a new pile where it can: every new pile is worth ``expected`` cards
    (the first in reading order is its choice; the others ``other_piles_cost`` less), every stack
    ``stack_cost`` less, all at ``chance``."""

    def judge(position: Position) -> Advice:
        occupied = {cell for cell, _ in position.piles}
        cells = sorted(position.legal_cells(), key=lambda cell: (cell in occupied, cell))
        costs = [stack_cost if cell in occupied else other_piles_cost if n else 0.0 for n, cell in enumerate(cells)]
        scores = tuple((cell, expected - cost) for cell, cost in zip(cells, costs, strict=True))
        ranking = tuple((cell, chance) for cell in cells)
        return Advice(cells[0], chance, ranking, 1, 1, 0.0, scores)

    return judge


def another_wrong_cell(step: Step) -> Cell:
    """A cell for the card of ``step`` that is neither the expert's nor the player's: a second wrong try at it
    under ``new_pile_judge(other_piles_cost=...)``."""
    return next(line.cell for line in step.lines if line.cell not in (step.cell, step.expert_cell))


def stacking_game(deal: int, judge: Judge, stacks: int = 7) -> tuple[Game, list[int]]:
    """Deal ``deal`` played on the expert's cells, but the first ``stacks`` times the expert opens a pile where
    the card could go on one, stacked instead (on the stack the expert rates best); the placements stacked."""
    game = Game.deal(deal)
    stacked: list[int] = []
    while not game.is_over:
        advice = judge(Position.of(game))
        cell = advice.cell
        if len(stacked) < stacks and game.pile(cell) is None:
            stack = next((other for other, _ in advice.ranking if game.pile(other) is not None), None)
            if stack is not None:
                stacked.append(game.placed_count + 1)
                cell = stack
        game.play(cell)
    assert len(stacked) == stacks
    return game, stacked


@dataclasses.dataclass
class Told:
    """Advice that has come already: what a fake expert of the screen's tip and autoplay returns."""

    position: Position
    advice: Advice

    def done(self) -> bool:
        return True

    def cancel(self) -> None:
        pass


def line_expert(line: Sequence[Cell]) -> Callable[[Position], Told]:
    """A fake expert for the screen's tip and autoplay that advises the cells of ``line`` in turn, at once."""

    def think(position: Position) -> Told:
        cell = line[len(full_deck()) - 1 - sum(position.unseen)]  # the cards placed so far
        return Told(position, Advice(cell, 0.9, ((cell, 0.9),), 1, 1, 0.0))

    return think


def reordered(game: Game, seed: int) -> Game:
    """``game`` with the cards it never drew shuffled: the same game as far as the player could tell."""
    known = game.placed_count + 1
    rest = list(game.stock[known:])
    random.Random(seed).shuffle(rest)
    assert rest != list(game.stock[known:])
    other = Game([*game.stock[:known], *rest])
    for cell in game.placements:
        other.play(cell)
    return other


_DOOMED = (
    "d4 d5 c4 d4 d3 e4 d6 f4 c5 f5 f4 e6 f4 e3 f5 d3 e4 f5 d6 c3 "
    "f5 e4 c5 f6 f3 c6 d3 d3 f3 f4 e4 c3 d5 e3 f6 f3 c6 f6 c6"
)


def doomed_game(placed: int | None = None) -> Game:
    """Deal 0 played so that its last card loses on every cell (or its first ``placed`` placements of that line)."""
    game = Game.deal(0)
    for name in _DOOMED.split()[:placed]:
        game.play(parse_cell(name))
    return game


def finds_noted(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The games looked up in the history from now on (:meth:`Library.find`), in order: to see one is not
    looked up twice."""
    asked: list[int | None] = []
    find = Library.find

    def noted(library: Library, game_id: int | None) -> Found:
        asked.append(game_id)
        return find(library, game_id)

    monkeypatch.setattr(Library, "find", noted)
    return asked


@contextlib.contextmanager
def raises_saying(kind: type[ValueError], match: str | None = None) -> Iterator[pytest.ExceptionInfo[ValueError]]:
    """``pytest.raises(kind)`` whose refusal, as the player reads it (the words of its fault), matches ``match``:
    the layers below the words raise codes, so the sentence is checked where it is made."""
    with pytest.raises(kind) as raised:
        yield raised
    if match is not None:
        said = refused_words(raised.value)
        assert re.search(match, said), said


def random_placements(seed: int, deals: int) -> Iterator[tuple[Mapping[Cell, Pile], Placement]]:
    """Every placement of random games on deals 0 to ``deals - 1``, with the piles just before it."""
    rng = random.Random(seed)
    for deal in range(deals):
        game = Game.deal(deal)
        while not game.is_over:
            before = game.piles
            yield before, game.play(rng.choice(game.legal_moves()))


def careless_game(deal: int = 424242, seed: int = 3) -> Game:
    """Deal ``deal`` as another player plays it, carelessly: any cell that does not lose at once, at random
    (``seed``): a game with costly placements for the review to explain."""
    rng = random.Random(seed)
    game = Game.deal(deal)
    while not game.is_over:
        legal = game.legal_moves()
        safe = [cell for cell in legal if game.preview(cell).status is not Status.LOST] or legal
        game.play(rng.choice(safe))
    return game


QUICK_NODES = 5_000
"""A node budget that keeps the real expert's reviews quick in tests: its advice still says why, rank by rank."""
_REVIEWED: dict[tuple[int | None, tuple[Cell, ...]], Review] = {}


def quick_review(game: Game) -> Review:
    """``game`` reviewed by the real expert at :data:`QUICK_NODES` (once per test run: it is the same each time)."""
    key = (game.seed, tuple(game.placements))
    if key not in _REVIEWED:
        _REVIEWED[key] = review(game, expert_judge(QUICK_NODES))
    return _REVIEWED[key]
