"""Games at known points, shared by the tests of saved games, statistics and the daily deal."""

from __future__ import annotations

from foursquare.engine import Game, Status

WINNING_DEAL = 16
"""A deal with a known win: these placements finish the square with 7 cards left in the stock."""
WINNING_LINE = (
    (0, 0), (0, 0), (0, 0), (0, 0), (-1, 0), (0, -1), (0, -2), (-1, 1), (-1, 1), (-2, 1), (-2, 1),
    (-3, 1), (0, 1), (-1, 0), (-1, 0), (-1, 0), (-3, 1), (-3, 0), (-1, -2), (-3, 0), (-1, -2), (-2, 0),
    (-2, -1), (-2, -1), (-2, 0), (-1, -1), (-1, -1), (-3, -1), (-3, -2), (-2, 0), (-2, 0), (-2, -1), (-2, -2),
)  # fmt: skip


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
