"""The log of a game: every placement so far, numbered, with what it did and why, for both ways of playing.

Each explanation is :func:`~foursquare.words.explain.explain`'s full form,
worked out again by replaying the game from its first card, so the log says
exactly what was said as each card went down.
"""

from __future__ import annotations

from collections.abc import Collection

from foursquare.engine import Game
from foursquare.words.explain import explain
from foursquare.words.grammar import plural
from foursquare.words.results import result_words
from foursquare.words.text import Text

__all__ = ["log_entries", "log_title"]


def log_title(game: Game) -> str:
    """What the log covers: ``Deal 5 so far: 12 cards placed``, or how it ended, ``Deal 5: won, score 7, 33 cards``."""
    where = f"Deal {game.seed}" if game.seed is not None else "This game"
    if game.is_over:
        return (
            f"{where}: {result_words(game.status, game.score, game.loss_reason)}, {plural(game.placed_count, 'card')}"
        )
    if not game.placed_count:
        return f"{where} so far: no card placed yet"
    return f"{where} so far: {plural(game.placed_count, 'card')} placed"


def log_entries(game: Game, autoplayed: Collection[int] = ()) -> list[tuple[str, Text]]:
    """Every placement of ``game`` so far, first first: its number (``12.``) and what it did and why, said to
    be autoplay's for the placements ``autoplayed``."""
    replay = Game(game.stock, seed=game.seed)
    entries = []
    for n, cell in enumerate(game.placements, start=1):
        before = replay.piles
        said = explain(before, replay.play(cell))[0]
        entries.append((f"{n}.", Text(("By autoplay: ", *said.tokens), said.tone) if n in autoplayed else said))
    return entries
