"""The line explaining each placement: every verdict, for rows and columns."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from helpers import WINNING_DEAL, WINNING_LINE, random_placements

from foursquare.engine import (
    MAX_FACE_DOWN,
    Card,
    Cell,
    Game,
    IllegalMove,
    Pile,
    Placement,
    Status,
    cell_name,
    parse_cell,
)
from foursquare.screen import layout
from foursquare.screen.app import NARROWEST
from foursquare.words.cards import Spelling
from foursquare.words.explain import explain, placement_why, preview_words, refusal_words
from foursquare.words.text import Text


def _game(cards: str) -> Game:
    return Game([Card.parse(t) for t in cards.split()])


def long_and_short(before: Mapping[Cell, Pile], placement: Placement) -> tuple[Text, Text]:
    """The explanation of ``placement`` in full, and the form the game screen shows where the full one
    does not fit its narrowest bottom line."""
    forms = explain(before, placement)
    return forms[0], next((form for form in forms[1:] if len(form) <= NARROWEST), forms[-1])


def _forms(game: Game, cells: list[tuple[int, int]]) -> list[Text]:
    """Play ``cells``; every form of the explanation of the last one, longest first."""
    for cell in cells[:-1]:
        game.play(cell)
    before = game.piles
    return explain(before, game.play(cells[-1]))


def _play(game: Game, cells: list[tuple[int, int]]) -> tuple[str, str]:
    """Play ``cells``; the long and short explanations of the last one."""
    for cell in cells[:-1]:
        game.play(cell)
    before = game.piles
    long, short = long_and_short(before, game.play(cells[-1]))
    return long.plain(), short.plain()


def test_first_card_is_alone() -> None:
    long, short = _play(_game("6H 9C"), [(0, 0)])
    assert long == "6H on d4 is alone in its row and column: nothing turned"
    assert short == "6H on d4: alone in row and column"


def test_highest_in_row_names_the_cards_turned_their_cells_and_the_way_they_turned() -> None:
    long, _ = _play(_game("6H 9C 6D"), [(0, 0), (0, 1)])
    assert long == "9C on e4 is highest in its row: turned 6H on d4 face down"


def test_lowest_compares_face_up_cards_only() -> None:
    # After 9C, 6H is face down; 6D is compared with 9C alone and is lowest.
    long, _ = _play(_game("6H 9C 6D"), [(0, 0), (0, 1), (0, -1)])
    assert long == "6D on c4 is lowest in its row: turned 6H on d4 face up and 9C on e4 face down"
    forms = [form.plain() for form in _forms(_game("6H 9C 6D"), [(0, 0), (0, 1), (0, -1)])]
    assert forms[1:] == ["6D on c4 lowest in row: turned 6H on d4 face up and 9C on e4 face down",
                         "6D on c4 lowest in row: 6H d4 up; 9C e4 down",
                         "6D on c4: 6H d4 up; 9C e4 down",
                         "6D on c4: d4 up; e4 down"]  # fmt: skip


def test_between_in_column() -> None:
    long, _ = _play(_game("6H 9C 6D 2S 9S 4C"), [(0, 0), (0, 1), (0, -1), (1, 0), (0, 1), (-1, 0)])
    assert long == "4C on d3 is between 2 and 6 in its column: nothing turned"


def test_all_others_face_down_turns_them_all() -> None:
    long, _ = _play(_game("5H 9C 7D"), [(0, 0), (0, 1), (0, 1)])
    # 9C turned 5H face down; 7D on 9C finds only a face-down card in its row.
    assert long == "7D on e4: its row is all face down, turned 5H on d4 face up"


def test_tie_turns_nothing() -> None:
    long, _ = _play(_game("4H 4C"), [(0, 0), (1, 0)])
    assert long == "4C on d5 ties a 4 in its column: nothing turned"
    forms = [form.plain() for form in _forms(_game("4H 4C"), [(0, 0), (1, 0)])]
    assert forms[-1] == "4C on d5 ties a 4 in column: nothing turned"


def test_tie_with_the_highest_of_several() -> None:
    long, _ = _play(_game("3H 8C 8D"), [(0, 0), (0, 1), (0, 2)])
    # 8C turned 3H down, so the row holds one face-up card: the 8. A tie.
    assert long == "8D on f4 ties an 8 in its row: nothing turned"


def test_row_and_column_both_explained_name_the_cell_and_what_each_turned() -> None:
    long, short = _play(_game("5H 9C 2D 7S 6C"), [(0, 0), (0, 1), (1, 0), (1, 1), (1, 1)])
    assert long == (
        "6C on e5: its row is all face down, turned 2D on d5 face up; "
        "its column is all face down, turned 9C on e4 face up"
    )
    assert short == "6C on e5: 2D d5 and 9C e4 up"  # the verdicts would not fit the narrowest line
    long, short = _play(_game("4H 9C 2D 9S 4C 6C"), [(0, 0), (0, 1), (1, 1), (-1, 0), (1, 0), (1, 0)])
    assert long == (
        "6C on d5: its row is all face down, turned 2D on e5 face up; between 4 and 9 in its column, nothing turned"
    )
    assert short == "6C on d5: row all face down, 2D e5 up; between 4 and 9 in column"


def test_row_and_column_that_both_turn_nothing_say_so_once() -> None:
    long, short = _play(_game("9D 6S 3D 7C 9H 7D"), [(0, 0), (1, 0), (2, 0), (2, 1), (0, 0), (2, 0)])
    assert long == "7D on d6: ties a 7 in its row and between 6 and 9 in its column: nothing turned"
    assert short == "7D on d6: ties a 7 in row, between 6 and 9 in column: nothing turned"


def test_a_form_fits_the_bottom_line_at_70_columns_when_up_to_four_cards_turned() -> None:
    room = 70 - layout.plan(70, 17).table.x - 1  # type: ignore[union-attr]
    assert room == NARROWEST
    for before, placement in random_placements(5, 100):
        forms = explain(before, placement)
        if len(placement.flipped) <= 4:
            assert min(map(len, forms)) <= room, forms[-1].plain()


def _next_way(text: str, start: int, ways: tuple[str, str]) -> str | None:
    """Which of ``ways`` comes first in ``text`` after ``start``."""
    found = [(text.find(way, start), way) for way in ways if text.find(way, start) >= 0]
    return min(found)[1] if found else None


def test_every_form_names_the_cell_and_each_card_turned_by_its_cell_and_the_way_it_turned() -> None:
    seen = {True: 0, False: 0}
    covered = [0]
    for before, placement in random_placements(11, 60):
        forms = explain(before, placement)
        where = cell_name(placement.cell)
        turns = [(before[cell].top, cell_name(cell), not before[cell].face_up) for cell in placement.flipped]
        for n, form in enumerate(forms):
            text = form.plain()
            assert re.search(rf"\b{where}\b", text), text
            for card, cell, up in turns:
                named = f"{card} on {cell}" if n == 0 else f"{card} {cell}"
                if named not in text and n:
                    continue  # a middle form says one line's cards only when the other line is alone
                assert named in text, text
                ways = (" face up", " face down") if n == 0 else (" up", " down")
                assert _next_way(text, text.index(named) + len(named), ways) == ways[0 if up else 1], text
                seen[up] += 1
        pile = before.get(placement.cell)
        if pile is not None and not pile.face_up:  # covering a face-down card is said in every form
            covered[0] += 1
            texts = [form.plain() for form in forms]
            assert all(f"face-down card on {where}" in t or f"face-down {where}" in t for t in texts), texts
        if turns:  # the narrowest forms: each card by its cell, then the cells alone, each with its way
            cards, cells = forms[-2].plain(), forms[-1].plain()
            for card, cell, up in turns:
                assert f"{card} {cell}" in cards or f"{card} on {cell}" in cards, cards
                way = _next_way(cells, cells.index(f" {cell}") + len(cell) + 1, (" up", " down"))
                assert way == (" up" if up else " down"), cells
    assert seen[True] and seen[False] and covered[0]


def test_a_card_placed_on_a_face_down_card_says_it_covers_it() -> None:
    # 9C turns 5H face down; 9D on it covers it and ties the 9 in its row: nothing turned, one fewer face down.
    game = _game("5H 9C 9D")
    forms = [form.plain() for form in _forms(game, [(0, 0), (0, 1), (0, 0)])]
    assert game.face_down_count == 0
    assert forms[0] == "9D covers the face-down card on d4 and ties a 9 in its row: nothing turned"
    assert all("face-down d4" in form or "face-down card on d4" in form for form in forms)


def _preview(cards: str, cells: list[tuple[int, int]], cell: tuple[int, int]) -> str:
    game = _game(cards)
    for placed in cells:
        game.play(placed)
    return preview_words(game, game.preview(cell)).plain()


def test_preview_names_the_cell_and_the_cards_it_would_turn() -> None:
    # The rulebook's example: 6D on c4 would turn 9C down and 6H (face down) back up.
    words = _preview("6H 9C 6D 2S", [(0, 0), (0, 1)], (0, -1))
    assert words == "c4: turns over 9C and 1 face-down card → 1/4 face down"
    assert _preview("6H 9C 6D 2S", [(0, 0)], (0, 1)) == "e4: turns over 6H → 1/4 face down"
    rulebook = "6H 9C 6D 2S 9S 4C 7D"
    assert _preview(rulebook, [(0, 0), (0, 1), (0, -1), (1, 0), (0, 1)], (-1, 0)) == "d3: turns nothing over"


def test_preview_says_first_when_the_card_would_cover_a_face_down_pile() -> None:
    # The rulebook's step 5: 9S onto the face-down 9C on e4 shows it face up again and turns 6D and 6H over.
    rulebook = "6H 9C 6D 2S 9S 4C 7D"
    words = _preview(rulebook, [(0, 0), (0, 1), (0, -1), (1, 0)], (0, 1))
    assert words == "e4: covers a face-down card, turns over 6D and 1 face-down card → 1/4 face down"
    seen = 0
    for seed in range(30):  # covering with nothing turned over still says the face-down count it leaves
        game = Game.deal(seed)
        rng = random.Random(seed)
        while not game.is_over:
            for cell in game.legal_moves():
                pile, ahead = game.pile(cell), game.preview(cell)
                words = preview_words(game, ahead).plain()
                assert ("covers a face-down card, " in words) == (pile is not None and not pile.face_up)
                if pile is not None and not pile.face_up and not ahead.flipped and ahead.status is Status.PLAYING:
                    assert words.endswith(f"turns nothing over → {ahead.face_down_count}/{MAX_FACE_DOWN} face down")
                    seen += 1
            game.play(rng.choice(game.legal_moves()))
    assert seen


def test_preview_says_when_a_placement_wins_or_loses() -> None:
    assert _preview("6H", [], (0, 0)) == "d4: loses: the stock ran out before the square was complete"
    *line, last = WINNING_LINE
    assert _preview(" ".join(map(str, Game.deal(WINNING_DEAL).stock)), line, last).endswith(": wins, score 7")
    rng = random.Random(3)
    losses = 0
    for seed in range(20):
        game = Game.deal(seed)
        while not game.is_over:
            for cell in game.legal_moves():
                ahead = game.preview(cell)
                words = preview_words(game, ahead).plain()
                assert words.startswith(f"{cell_name(cell)}: ")
                if ahead.face_down_count > MAX_FACE_DOWN:
                    assert words.endswith(f"loses ({ahead.face_down_count} face down)")
                    losses += 1
            game.play(rng.choice(game.legal_moves()))
    assert losses


def test_refusal_names_the_cell_and_the_reason() -> None:
    game = _game("6H 9C 6D")
    game.play((0, 0))
    assert refusal_words(game, (1, 1)).plain() == "e5: no, an empty cell must be next to a card (not diagonally)"
    try:
        game.preview((1, 1))
    except IllegalMove as exc:
        assert "e5" in str(exc)
    else:
        raise AssertionError("a diagonal cell has no preview")


def test_what_a_placement_would_do_has_a_last_form_short_enough_for_the_narrowest_review_column() -> None:
    """The review's lines at 70 columns leave 46 for what a cell would do: the last form says it in fewer words
    (cards counted, not named; a loss by its short label) rather than be cut there."""
    rng = random.Random(5)
    lengths = []
    for deal in range(40):
        game = Game.deal(deal)
        while not game.is_over:
            for cell in game.legal_moves():
                forms = placement_why(game, game.preview(cell))
                assert [len(form) for form in forms] == sorted((len(form) for form in forms), reverse=True)
                lengths.append(len(forms[-1]))
                compact = forms[-1].plain()
                assert "before the square was complete" not in compact and not compact.endswith("after")
            game.play(rng.choice(game.legal_moves()))
    assert sum(length <= 46 for length in lengths) / len(lengths) > 0.95


def test_the_last_form_of_what_a_placement_would_do_counts_the_cards_it_turns() -> None:
    game = Game.deal(1)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    forms = [form.plain() for form in placement_why(game, game.preview(parse_cell("d2")))]  # on a face-down card
    assert forms == [
        "covers a face-down card, turns 7H and AH down and 1 up, 2 face down after",
        "covers a face-down card, turns 2 down and 1 up, 2 face down after",
        "on a face-down card, 2 down, 1 up, 2 face down",
    ]


def test_in_words_a_rank_named_in_a_sentence_is_a_word_too() -> None:
    tie = _forms(_game("6H 9C 6D 2S 9S 4C 7D 9D"), [(0, 0), (0, 1), (0, -1), (1, 0), (0, 1), (-1, 0), (1, 0), (1, 1)])
    spoken = Spelling(words=True).text(tie[0])
    assert "ties a nine in its column" in spoken and "ties a 9" in Spelling().text(tie[0])
    between = _forms(_game("6H 9C 6D 2S 9S 4C"), [(0, 0), (0, 1), (0, -1), (1, 0), (0, 1), (-1, 0)])[0]
    spoken = Spelling(words=True).text(between)
    assert spoken == "Four of clubs on d3 is between two and six in its column: nothing turned"
    assert Spelling().text(between) == "4♣ on d3 is between 2 and 6 in its column: nothing turned"
