"""The game as plain lines: how the face-down count reads, in play and once the game is lost, and what the end
offers."""

from __future__ import annotations

from helpers import LOSING_DEAL, LOSING_LINE

from foursquare.engine import MAX_FACE_DOWN, Game, LossReason, parse_cell
from foursquare.words.cards import Spelling
from foursquare.words.explain import game_over_text
from foursquare.words.keys import AT_THE_END, BINDINGS, typed_offers
from foursquare.words.table import face_down_words, over_line, status_lines


def test_the_face_down_count_reads_out_of_four_up_to_the_limit_and_as_more_than_four_past_it() -> None:
    for count in range(MAX_FACE_DOWN + 1):
        assert face_down_words(count) == f"Face down: {count} of {MAX_FACE_DOWN}"
    for count in range(MAX_FACE_DOWN + 1, 11):
        assert face_down_words(count) == f"Face down: {count}"


def test_a_game_lost_with_too_many_face_down_does_not_say_6_of_4() -> None:
    game = Game.deal(LOSING_DEAL)
    for name in LOSING_LINE:
        game.play(parse_cell(name))
    assert game.loss_reason is LossReason.TOO_MANY_FACE_DOWN and game.face_down_count == 6
    end = status_lines(game, Spelling(ascii=True))[0]
    assert end == "Deal 5: lost: more than 4 cards face down. Face down: 6."


def test_the_end_line_names_each_key_offered_once_with_the_end_boxs_word() -> None:
    offered = typed_offers()
    assert over_line(offered) == "n new deal, d replay, u undo, v review, l log, q quit"
    assert [key for key, _ in offered] == list(dict.fromkeys(key for key, _ in offered))
    assert [word for _, word in offered] == [BINDINGS[action].offer for action in AT_THE_END]


def test_the_game_over_sentence_offers_the_keys_it_is_given() -> None:
    assert game_over_text([("n", "new deal"), ("q", "quit")]).plain() == "The game is over: n new deal, q quit"
    assert game_over_text(()).plain() == "The game is over"
