"""Engine speed: random games from seeded deals, placements per second.

Run ``python -m tests.benchmarks.engine``.  A benchmark, not a test: it prints
figures for people to compare before and after a change.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from foursquare.engine import Card, Game, shuffled_deck


def _play_random(stocks: list[list[Card]]) -> list[Game]:
    """Play a random game on each stock through the public API."""
    rng = random.Random(0)
    games = []
    for stock in stocks:
        game = Game(stock)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        games.append(game)
    return games


def _undo_all(games: list[Game]) -> None:
    for game in games:
        while game.placed_count:
            game.undo()


def _preview_vs_play(games: list[Game]) -> tuple[float, float]:
    """Per second: previews of every legal cell, and the same cells played then undone."""
    positions = []
    for game in games:
        for cut in range(0, game.placed_count, 3):
            replay = Game(game.stock)
            for cell in game.placements[:cut]:
                replay.play(cell)
            positions.append((replay, replay.legal_moves()))
    count = sum(len(cells) for _, cells in positions)
    start = time.perf_counter()
    for game, cells in positions:
        for cell in cells:
            game.preview(cell)
    middle = time.perf_counter()
    for game, cells in positions:
        for cell in cells:
            game.play(cell)
            game.undo()
    end = time.perf_counter()
    return count / (middle - start), count / (end - middle)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.engine", description=__doc__)
    parser.add_argument("--games", type=int, default=20_000, help="random games per run (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is shown (default 3)")
    args = parser.parse_args(argv)
    n = args.games
    print(f"{n} random games on deals 0..{n - 1}, one core, Python {sys.version.split()[0]}")
    start = time.perf_counter()
    stocks = [shuffled_deck(seed) for seed in range(n)]
    print(f"{'deals shuffled':<48} {n / (time.perf_counter() - start):>12,.0f} /s")
    best_play = best_undo = best_preview = best_play_undo = 0.0
    for _ in range(args.repeat):
        start = time.perf_counter()
        games = _play_random(stocks)
        middle = time.perf_counter()
        placements = sum(g.placed_count for g in games)
        restart = time.perf_counter()
        _undo_all(games)
        end = time.perf_counter()
        best_play = max(best_play, placements / (middle - start))
        best_undo = max(best_undo, placements / (end - restart))
        previews, plays = _preview_vs_play(_play_random(stocks[: max(1, n // 10)]))
        best_preview = max(best_preview, previews)
        best_play_undo = max(best_play_undo, plays)
    print(f"{'placements (legal_moves + random choice + play)':<48} {best_play:>12,.0f} /s  (best of {args.repeat})")
    print(f"{'undos':<48} {best_undo:>12,.0f} /s  (best of {args.repeat})")
    print(f"{'previews (Game.preview)':<48} {best_preview:>12,.0f} /s  (best of {args.repeat})")
    print(f"{'the same cells played, then undone':<48} {best_play_undo:>12,.0f} /s  (best of {args.repeat})")
    print(f"{'average placements per random game':<48} {placements / n:>12.1f}")


if __name__ == "__main__":
    main()
