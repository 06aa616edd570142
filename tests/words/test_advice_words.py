"""What the tip says beyond the cell: when it plays for score rather than safety, and when it was cut short."""

from __future__ import annotations

import pytest
from helpers import Told, doomed_game, make_app, place, press

from foursquare.engine import Status, cell_name
from foursquare.expert.advice import Advice, Position
from foursquare.screen.coach import Coach
from foursquare.words.advice import chance_text, tip_forms
from foursquare.words.glyphs import TIP_MARK


def tip_with(ranking: list[float], *, cut_short: bool = False) -> tuple[str, list[tuple[int, int]]]:
    """The tip's words for advice rating the legal cells of deal 1's third card with ``ranking``, in order."""
    app = make_app(1)
    place(app, (0, 0), (0, 1))
    cells = Position.of(app.game).legal_cells()
    rated = tuple(zip(cells, ranking, strict=False))
    scores = tuple((cell, 10.0 - n) for n, (cell, _) in enumerate(rated))

    def think(position: Position) -> Told:
        advice = Advice(rated[0][0], rated[0][1], rated, 3, 1000, 0.0, scores, rated[0][1], cut_short)
        return Told(position, advice)

    Coach(app, think=think, pace=0.0)
    press(app, "t", "y")  # yes to the question before the first tip
    app.tick()
    assert app.message is not None
    return app.message.plain(), [cell for cell, _ in rated]


def test_a_tip_that_is_also_the_safest_says_only_its_chance() -> None:
    words, cells = tip_with([0.9, 0.8, 0.7])
    assert words.endswith(f"on {cell_name(cells[0])} (marked {TIP_MARK}): expect about 10 cards left, 90% to win")


def test_a_tip_for_score_names_the_safest_cell_and_its_chance_too() -> None:
    words, cells = tip_with([0.9, 0.97, 0.7])
    assert ": expect about 10 cards left, 90% to win" in words
    assert words.endswith(f"; safest {cell_name(cells[1])}, 97% to win for 1.0 cards less")


def test_a_tip_says_how_many_unseen_cards_would_then_lose_wherever_they_went() -> None:
    from foursquare.expert.danger import danger_after

    game = doomed_game(38)  # one card to come after this one, and it would lose on most cells
    cell = next(cell for cell in game.legal_moves() if danger_after(game, cell).cards)
    danger = danger_after(game, cell)
    advice = Advice(cell, 0.5, ((cell, 0.5),), 3, 1000, 0.0, ((cell, 3.0),))
    forms = [form.plain() for form in tip_forms(game, advice, marked=False)]
    assert all(f"then {danger.cards} of {danger.unseen} " in form for form in forms)


def test_a_safer_cell_whose_chance_reads_the_same_is_not_named() -> None:
    words, _ = tip_with([0.989, 0.991, 0.7])  # both "about 99%": naming a second cell would only confuse
    assert words.endswith("expect about 10 cards left, 99% to win")


def test_a_tip_cut_short_says_so() -> None:
    words, _ = tip_with([0.9, 0.8], cut_short=True)
    assert "cut short" in words
    assert "cut short" not in tip_with([0.9, 0.8])[0]


@pytest.mark.parametrize(
    ("chance", "words"), [(0.834, "83%"), (0.5, "50%"), (0.996, "99%"), (0.004, "1%"), (1.0, "100%"), (0.0, "0%")]
)
def test_a_chance_is_a_whole_percentage_never_a_false_0_or_100(chance: float, words: str) -> None:
    assert chance_text(chance) == words


def test_a_tip_where_every_cell_loses_says_so_instead_of_pointing_at_one() -> None:
    game = doomed_game()
    cells = game.legal_moves()
    assert all(game.preview(cell).status is Status.LOST for cell in cells)
    rated = tuple((cell, 0.0) for cell in cells)
    advice = Advice(cells[0], 0.0, rated, 1, 10, 0.0, tuple((cell, 0.0) for cell in cells))
    (said,) = tip_forms(game, advice, marked=True)
    assert said.plain() == f"Tip: no cell saves the game: {game.next_card} loses wherever it goes"
