"""The log of a game: every placement so far, numbered, with what it did and why, for both ways of playing.

Each explanation is :func:`~foursquare.words.explain.explain`'s full form,
worked out again by replaying the game from its first card, so the log says
exactly what was said as each card went down.
"""

from __future__ import annotations

from collections.abc import Collection

from foursquare.engine import Game
from foursquare.words.catalog import _, ngettext, pgettext
from foursquare.words.explain import explain
from foursquare.words.results import result_words
from foursquare.words.text import Text

__all__ = ["log_entries", "log_sentence", "log_title"]


def log_title(game: Game) -> str:
    """What the log covers: ``Deal 5 so far: 12 cards placed``, or how it ended, ``Deal 5: won, score 7, 33 cards``."""
    count = game.placed_count
    fields: dict[str, object] = {"deal": game.seed, "count": count}
    dealt = game.seed is not None
    if game.is_over:
        fields["result"] = result_words(game.status, game.score, game.loss_reason)
        if dealt:
            said = ngettext("Deal {deal}: {result}, {count} card", "Deal {deal}: {result}, {count} cards", count)
        else:
            said = ngettext("This game: {result}, {count} card", "This game: {result}, {count} cards", count)
    elif not count:
        said = _("Deal {deal} so far: no card placed yet") if dealt else _("This game so far: no card placed yet")
    elif dealt:
        said = ngettext("Deal {deal} so far: {count} card placed", "Deal {deal} so far: {count} cards placed", count)
    else:
        said = ngettext("This game so far: {count} card placed", "This game so far: {count} cards placed", count)
    return said.format(**fields)


def log_sentence(game: Game) -> str:
    """:func:`log_title` as a sentence, for plain mode's ``l``."""
    return pgettext("a title as a sentence", "{title}.").format(title=log_title(game))


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
