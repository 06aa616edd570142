"""Players for headless games: a strategy picks a cell for a :class:`Position`'s next card.

Three of them, to measure one another by: ``random`` (any legal cell),
``greedy`` (the fewest face-down cards right now) and ``expert`` (look-ahead,
see :mod:`foursquare.expert.advice`).  All see only a :class:`Position`, never the
stock.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from foursquare.engine.board import CELL, MAX_FACE_DOWN, SQUARE, Cell, bits
from foursquare.expert.advice import DEFAULT_NODES, DEFAULT_SECONDS, MIN_DEPTH, Position, advise

__all__ = ["STRATEGIES", "Strategy", "greedy", "make_strategy"]

Strategy = Callable[[Position], Cell]
"""Picks a legal cell for the position's next card."""

STRATEGIES = ("random", "greedy", "expert")


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


def make_strategy(
    name: str, seed: int = 0, *, seconds: float = DEFAULT_SECONDS, nodes: int = DEFAULT_NODES, depth: int = MIN_DEPTH
) -> Strategy:
    """The strategy called ``name``; ``seed`` makes ``random`` repeatable, the rest tune ``expert``."""
    if name == "random":
        rng = random.Random(seed)
        return lambda position: rng.choice(position.legal_cells())
    if name == "greedy":
        return greedy
    if name == "expert":
        return lambda position: advise(position, seconds, nodes=nodes, min_depth=depth).cell
    raise ValueError(f"unknown strategy {name!r} (choose from {', '.join(STRATEGIES)})")
