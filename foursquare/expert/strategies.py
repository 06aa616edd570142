"""Players for headless games: a strategy picks a cell for a :class:`Position`'s next card.

Three of them, to measure one another by: ``random`` (any legal cell),
``greedy`` (the fewest face-down cards right now) and ``expert`` (look-ahead,
see :mod:`foursquare.expert.advice`).  All see only a :class:`Position`, never the
stock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from foursquare.engine.board import CELL, MAX_FACE_DOWN, SQUARE, Cell, bits
from foursquare.engine.faults import Fault, Invalid
from foursquare.expert.advice import DEFAULT_NODES, MIN_DEPTH, Position, advise
from foursquare.expert.faults import Flaw

__all__ = [
    "STRATEGIES",
    "Choice",
    "Chooser",
    "Player",
    "Strategy",
    "greedy",
    "make_chooser",
    "make_player",
    "make_strategy",
]

Strategy = Callable[[Position], Cell]
"""Picks a legal cell for the position's next card."""
Player = Callable[[Position], tuple[Cell, float | None]]
"""Picks a legal cell and says its chance of winning from there (None: a player with no idea)."""

STRATEGIES = ("random", "greedy", "expert")


class Choice(NamedTuple):
    """A player's cell and what it said of it: the chance of winning and the expected score (None: no idea)."""

    cell: Cell
    chance: float | None
    expected: float | None


Chooser = Callable[[Position], Choice]
"""Picks a legal cell and says what it expects from there."""


def greedy(position: Position) -> Cell:
    """The placement that leaves the fewest face-down cards.

    Ties go to a win, then to a new pile (the square needs sixteen), then to
    the first cell in reading order, so that greedy play is repeatable.
    """
    board = position.board()
    rank = position.next_card.rank
    choices = []
    for i in bits(board.legal()):
        undo = board.place(i, rank)
        down = board.down.bit_count()
        piles = board.occ.bit_count()
        board.unplace(undo)
        won = down == 0 and piles == SQUARE
        choices.append((not won, down > MAX_FACE_DOWN, down, -piles, CELL[i]))
    return min(choices)[-1]


def make_chooser(
    name: str, seed: int = 0, *, seconds: float | None = None, nodes: int = DEFAULT_NODES, depth: int = MIN_DEPTH
) -> Chooser:
    """The player called ``name``, saying what it expects; ``seed`` makes ``random`` repeatable.

    Only ``expert`` says a chance and an expected score.  Its work is bounded
    by ``nodes`` (and by ``seconds`` only if given), so that figures measured
    with it can be reproduced on any machine.
    """
    if name == "random":
        rng = random.Random(seed)
        return lambda position: Choice(rng.choice(position.legal_cells()), None, None)
    if name == "greedy":
        return lambda position: Choice(greedy(position), None, None)
    if name == "expert":

        def expert(position: Position) -> Choice:
            advice = advise(position, seconds, nodes=nodes, min_depth=depth)
            return Choice(advice.cell, advice.win_chance, advice.expected_score)

        return expert
    raise Invalid(Fault(Flaw.UNKNOWN_STRATEGY, repr(name), names=tuple(STRATEGIES)))


def make_player(
    name: str, seed: int = 0, *, seconds: float | None = None, nodes: int = DEFAULT_NODES, depth: int = MIN_DEPTH
) -> Player:
    """The player called ``name`` (see :func:`make_chooser`): its cell and its chance of winning from there."""
    choose = make_chooser(name, seed, seconds=seconds, nodes=nodes, depth=depth)

    def player(position: Position) -> tuple[Cell, float | None]:
        choice = choose(position)
        return choice.cell, choice.chance

    return player


def make_strategy(
    name: str, seed: int = 0, *, seconds: float | None = None, nodes: int = DEFAULT_NODES, depth: int = MIN_DEPTH
) -> Strategy:
    """The strategy called ``name``: :func:`make_player` without the chance."""
    player = make_player(name, seed, seconds=seconds, nodes=nodes, depth=depth)
    return lambda position: player(position)[0]
