"""Plain mode without a terminal: every command, every kind of bad line, the spellings and the input stream."""

from __future__ import annotations

import gettext
import io
import re
from datetime import date
from pathlib import Path
from typing import ClassVar

import pytest
from helpers import (
    DAILY_WINS,
    DAY,
    LOSING_DEAL,
    LOSING_LINE,
    WINNING_DEAL,
    WINNING_LINE,
    TypedAt,
    another_wrong_cell,
    expected_plain_table,
    first_cell_judge,
    new_pile_judge,
    place,
    plain_table,
    screen_for,
    stacking_game,
)

from foursquare.deals import deal_number
from foursquare.engine import MAX_FACE_DOWN, Card, Game, Status, cell_name, parse_cell
from foursquare.expert.advice import Position, advise
from foursquare.expert.review import review
from foursquare.plain.play import COMMANDS, Plain, main
from foursquare.screen.play import Request
from foursquare.session.events import Aid
from foursquare.session.game import GameSession as Session
from foursquare.session.lines import MAX_LINE_BYTES
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.words import catalog
from foursquare.words.advice import chance_text, expected_text, with_note
from foursquare.words.cards import Spelling
from foursquare.words.catalog import use
from foursquare.words.explain import explain
from foursquare.words.helped import declined_line, help_declined, help_question_line, put_off_line
from foursquare.words.keys import typed_offers
from foursquare.words.markdown import rendered
from foursquare.words.pages import not_translated, page
from foursquare.words.results import loss_words
from foursquare.words.table import face_down_words, table_lines, to_come_lines
from foursquare.words.text import Text

FIRST, SECOND = Game.deal(WINNING_DEAL).stock[:2]
TIP_NODES = 20_000
"""A small look-ahead: the tip's tests are about what is said, not how strong it is."""


class Player:
    """Plain mode on one folder, its lines kept: ``player.type(line)`` returns what that line printed."""

    def __init__(self, folder: Path, *, seed: int | None = WINNING_DEAL, daily: bool = False, new: bool = False):
        self.lines: list[str] = []
        self.session, opening = Session.open(folder, seed=seed, daily=daily, new=new, today=lambda: DAY)
        self.plain = Plain(self.session, Spelling(ascii=True), self.lines.append, nodes=TIP_NODES)
        self.plain.begin(opening)

    @property
    def game(self) -> Game:
        return self.session.game

    def type(self, *lines: str) -> list[str]:
        start = len(self.lines)
        for line in lines:
            self.plain.handle(line)
        return self.lines[start:]


@pytest.fixture
def player(tmp_path: Path) -> Player:
    return Player(tmp_path)


def names(cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> list[str]:
    return [cell_name(cell) for cell in cells]


# --- placing --------------------------------------------------------------------


def test_the_start_says_how_to_play_and_where_the_first_card_goes(player: Player) -> None:
    card = Game.deal(WINNING_DEAL).stock[0]
    assert player.lines[0].startswith("Foursquare in plain mode: type a cell name such as d4")
    assert f"Next card: {card}, card 1 of 40. Cards left: 40. Face down: 0 of 4." in player.lines
    assert player.lines[-1] == "It may go on: d4."


def test_a_cell_places_the_next_card_says_why_and_shows_the_table(player: Player) -> None:
    game = Game.deal(WINNING_DEAL)
    for name in names(WINNING_LINE[:8]):
        before = game.piles
        placement = game.play(parse_cell(name))
        out = player.type(name)
        assert out[0] == f"{explain(before, placement)[0].plain()}."
        assert plain_table(out) == expected_plain_table(game)
        card = game.next_card
        assert card is not None
        down = f"Face down: {game.face_down_count} of {MAX_FACE_DOWN}"
        assert (
            f"Next card: {card}, card {game.placed_count + 1} of 40. Cards left: {game.stock_left}. {down}" in out[-2]
        )
        assert out[-1] == f"It may go on: {' '.join(names(game.legal_moves()))}."
    assert player.game == game


def test_cell_names_ignore_case_and_spaces(player: Player) -> None:
    player.type("  D4 ")
    assert player.game.placements == [(0, 0)]


@pytest.mark.parametrize("line", ["d 4", "D 4", "d  4"])
def test_a_cell_typed_with_a_space_in_it_is_that_cell_not_a_command_with_one_word_too_many(
    player: Player, line: str
) -> None:
    out = player.type(line)
    assert player.game.placements == [(0, 0)], out
    assert player.type("a 9") == ["a takes nothing after it: 9 is one word too many."]  # a9 is no cell
    assert "no game 4 in the history" in player.type("v 4")[0]  # v takes a number: v 4 is game 4, no cell


def test_a_won_game_says_so_and_is_counted(player: Player) -> None:
    out = player.type(*names(WINNING_LINE))
    assert out[-6:] == [
        "Deal 16: won, score 7. Face down: 0 of 4.",
        "Won, score 7, on your own.",
        "This game counts in your statistics.",
        "On your own: streak 1, won 100% of 1.",
        "All games: streak 1, won 100% of 1.",
        "n new deal, d replay, u undo, v review, l log, q quit.",
    ]
    stats, _ = player.session.stats()
    assert (stats.played, stats.won) == (1, 1)


def test_a_game_won_again_after_an_undo_or_on_a_deal_counted_before_says_it_does_not_count(
    player: Player, tmp_path: Path
) -> None:
    player.type(*names(WINNING_LINE))
    out = player.type("u", cell_name(WINNING_LINE[-1]))
    assert "Not counted: deal 16 counted when it first ended, before the undo." in out
    player.type("n")
    replay = Player(tmp_path, seed=WINNING_DEAL, new=True)
    assert (
        f"Deal 16 was counted before, so this game will not count: place {FIRST} in the middle (d4) to begin."
        in replay.lines
    )
    out = replay.type(*names(WINNING_LINE))
    assert "Not counted: deal 16 was counted before (a replay)." in out
    assert "On your own: streak 1, won 100% of 1." in out


def test_a_lost_daily_game_says_why_and_gives_the_line_to_share(tmp_path: Path) -> None:
    player = Player(tmp_path, seed=None, daily=True)
    assert any(line.startswith("Daily deal of 2026-11-30 (deal 20261130): place ") for line in player.lines)
    while not player.game.is_over:
        out = player.type(cell_name(player.game.legal_moves()[0]))
    reason = player.game.loss_reason
    assert player.game.status is Status.LOST and reason is not None
    assert f"Deal 20261130: lost: {loss_words(reason)}. {face_down_words(player.game.face_down_count)}." in out
    assert out[-7:-2] == [
        "Lost, on your own.",
        "This game counts in your statistics.",
        "On your own: streak 0, won 0% of 1.",
        "Daily deals won: 0 of 1; days in a row: 0 (longest 0).",
        "All games: streak 0, won 0% of 1.",
    ]
    assert out[-2].startswith("Foursquare daily 2026-11-30 (deal 20261130): lost")
    assert out[-2].endswith(" cards placed, on my own")


def test_after_a_loss_the_table_shows_the_face_down_cards_as_the_screen_does(tmp_path: Path) -> None:
    player = Player(tmp_path, seed=LOSING_DEAL)
    out = player.type(*LOSING_LINE)
    assert player.game.status is Status.LOST
    hidden = [(cell, pile.top) for cell, pile in player.game.piles.items() if not pile.face_up]
    assert hidden
    start = max(n for n, line in enumerate(out) if line.endswith("The table, row by row:"))
    table = " ".join(out[start + 1 :])
    for cell, card in hidden:
        assert f"{cell_name(cell)} ##{Spelling(ascii=True).card(card)} (" in table
    player.type("u")  # back in play: face down is secret again
    assert "##" in " ".join(player.type("")) and not re.search(r"##[0-9AJQK]", " ".join(player.type("")))
    spoken = Player(tmp_path / "words", seed=LOSING_DEAL)
    spoken.plain.spell = Spelling(words=True)
    said = " ".join(spoken.type(*LOSING_LINE))
    cell, card = hidden[0]
    assert f"{cell_name(cell)} face down, {Spelling(words=True).card(card)}, " in said


def test_a_game_lost_with_more_than_four_face_down_gives_the_count_without_out_of_four(tmp_path: Path) -> None:
    player = Player(tmp_path, seed=LOSING_DEAL)
    out = player.type(*LOSING_LINE)
    assert "Deal 5: lost: more than 4 cards face down. Face down: 6." in out
    assert not any("of 4" in line for line in out[-7:])


# --- every command ------------------------------------------------------------------


def test_u_takes_back_and_r_puts_back(player: Player) -> None:
    player.type(*names(WINNING_LINE[:6]))
    player.session.answer_help(True)  # the question before the first take-back has its own tests
    game = player.game.copy()
    out = player.type("u")
    assert out[0] == f"Took back {game.stock[5]} from {cell_name(WINNING_LINE[5])}: turned 7H on d4 face down again."
    out = player.type("undo")
    assert out[0] == f"Took back {game.stock[4]} from {cell_name(WINNING_LINE[4])}: turned 7H on d4 face up again."
    assert player.game.placed_count == 4
    player.type("r", "redo")
    assert player.game == game
    assert plain_table(player.lines) == expected_plain_table(game)
    assert player.type("r")[0] == "Nothing to put back: r puts back a card taken back with u."


def test_placing_elsewhere_after_u_forgets_what_r_could_put_back(player: Player) -> None:
    player.session.answer_help(True)
    player.type("d4", "u", "d4", "u")
    assert player.session.taken_back == [(0, 0)]
    player.type("d4", "d4", "u", "u", "d4")  # the same cell as the card taken back: the other may still come back
    assert player.session.taken_back == [(0, 0)]
    player.type("u", "u", "d4", "e4")
    assert player.type("r")[0].startswith("Nothing to put back")


def test_t_gives_the_experts_cell_and_chance_the_same_every_time(player: Player) -> None:
    player.type(*names(WINNING_LINE[:5]))
    player.session.answer_help(True)
    advice = advise(Position.of(player.game), nodes=TIP_NODES)
    card = player.game.next_card
    out = player.type("t")
    assert len(out) == 1
    tip = (
        f"Tip: {card} on {cell_name(advice.cell)}: expect {expected_text(advice.expected_score)}, "
        f"{chance_text(advice.win_chance)} to win"
    )
    assert out[0] == with_note(Text.of(tip), advice).plain() + "."
    assert player.type("tip") == out
    assert player.game.placed_count == 5  # a tip places nothing


def test_p_says_what_a_placement_would_do_and_changes_nothing(player: Player) -> None:
    player.type(*names(WINNING_LINE[:8]))
    game = player.game.copy()
    card = game.next_card

    def turned(cell: tuple[int, int]) -> tuple[list[str], list[str]]:
        """The face-up cards (with their cells) and the face-down cells that placing on ``cell`` turns over."""
        flipped = game.preview(cell).flipped
        up = [f"{game.piles[at].top} on {cell_name(at)}" for at in flipped if game.piles[at].face_up]
        return up, [cell_name(at) for at in flipped if not game.piles[at].face_up]

    busy = next(cell for cell in game.legal_moves() if len(turned(cell)[0]) == 2 and not turned(cell)[1])
    down = game.preview(busy).face_down_count
    said = f"{card} on {cell_name(busy)} would turn over {' and '.join(turned(busy)[0])}, leaving {down} of 4"
    assert player.type(f"p {cell_name(busy)}") == [said + " face down."]
    mixed = next(cell for cell in game.legal_moves() if len(turned(cell)[0]) == 1 and len(turned(cell)[1]) == 1)
    (up,), (hidden,) = turned(mixed)
    down = game.preview(mixed).face_down_count
    said = f"{card} on {cell_name(mixed)} would turn over {up} and the face-down card on {hidden}, leaving {down}"
    assert player.type(f"p {cell_name(mixed)}") == [said + " of 4 face down."]
    quiet = next(cell for cell in game.legal_moves() if not game.preview(cell).flipped)
    down = game.preview(quiet).face_down_count
    said = f"{card} on {cell_name(quiet)} would turn nothing over, leaving {down} of 4 face down."
    assert player.type(f"preview {cell_name(quiet).upper()}") == [said]
    assert player.game == game


def test_p_says_when_a_placement_would_win_or_lose(player: Player) -> None:
    player.type(*names(WINNING_LINE[:-1]))
    last = cell_name(WINNING_LINE[-1])
    assert player.type(f"p {last}")[0].endswith(", and you would win with score 7.")
    losing = next(cell for cell in player.game.legal_moves() if player.game.preview(cell).status is Status.LOST)
    reason = player.game.preview(losing).loss_reason
    assert reason is not None
    assert player.type(f"p {cell_name(losing)}")[0].endswith(f", and you would lose: {loss_words(reason)}.")


def test_c_lists_the_cards_still_to_come_by_rank(player: Player) -> None:
    player.type(*names(WINNING_LINE[:5]))
    game = player.game
    out = player.type("c")
    assert out[0] == "Still to come after the next card: 34 cards, in an order nobody knows."
    listed = [Card.parse(text) for line in out[1:] for text in line.split(":")[1].split()[1:]]
    assert sorted(listed) == sorted(game.stock[6:])
    assert sum(int(line.split(":")[1].split()[0]) for line in out[1:]) == 34
    assert player.type("cards") == out


def test_n_deals_at_once_when_no_card_is_down(player: Player) -> None:
    out = player.type("n")
    assert player.game.seed != WINNING_DEAL and player.game.placed_count == 0
    assert out[-1] == "It may go on: d4."


def test_n_asks_first_during_a_game_and_only_y_leaves_it(player: Player) -> None:
    player.type("d4")
    out = player.type("n")
    assert out == [
        "Start a new deal? Leaving deal 16 now counts it as a loss in your statistics."
        " Answer y to leave it, n to go on."
    ]
    assert player.type("d5") == ["No: going on with deal 16."]  # anything but y is no, and is not run
    assert player.game.placed_count == 1
    out = player.type("new", "yes")
    assert out[1] == "Deal 16 was left before its end: it counts as a loss in your statistics."
    assert player.game.seed != WINNING_DEAL
    stats, _ = player.session.stats()
    assert stats.played == 1 and stats.lost == 1


def test_d_after_the_end_plays_the_same_deal_again_and_it_does_not_count(tmp_path: Path) -> None:
    player = Player(tmp_path, seed=LOSING_DEAL)
    player.type(*LOSING_LINE)
    out = player.type("d")
    assert not player.game.is_over and player.game == Game.deal(LOSING_DEAL)
    first = Game.deal(LOSING_DEAL).stock[0]
    greeting = f"Deal 5 was counted before, so this game will not count: place {first} in the middle (d4) to begin."
    assert out[0] == greeting
    assert out[-1] == "It may go on: d4."
    out = player.type(*LOSING_LINE)
    assert f"Not counted: deal {LOSING_DEAL} was counted before (a replay)." in out
    stats, _ = player.session.stats()
    assert (stats.played, stats.lost) == (1, 1)


def test_d_waits_for_the_end_of_the_game(player: Player) -> None:
    player.type("d4")
    game = player.game.copy()
    assert player.type("d") == ["d plays the same deal again once this game has ended; n leaves it for a new deal."]
    assert player.type("d x") == ["d takes nothing after it: x is one word too many."]
    assert player.game == game


@pytest.mark.parametrize(
    ("seed", "daily", "new", "question", "dealt"),
    [
        (5, False, False, "Play deal 5?", 5),
        (None, True, False, "Play today's deal?", 20261130),
        (None, False, True, "Start a new deal?", None),
    ],
)
def test_another_deal_asked_for_during_a_game_is_asked_first(
    player: Player, tmp_path: Path, seed: int | None, daily: bool, new: bool, question: str, dealt: int | None
) -> None:
    player.type("d4", "q")
    again = Player(tmp_path, seed=seed, daily=daily, new=new)
    leaving = "Leaving deal 16 now counts it as a loss in your statistics. Answer y to leave it, n to go on."
    assert again.lines[-1] == f"{question} {leaving}"
    assert again.game.seed == WINNING_DEAL and again.game.placed_count == 1  # nothing changes before the answer
    out = again.type("y")
    assert again.game.seed != WINNING_DEAL and again.game.placed_count == 0
    assert dealt is None or again.game.seed == dealt
    assert out[-1] == "It may go on: d4."
    stats, _ = again.session.stats()
    assert stats.lost == 1


def test_s_shows_the_statistics_with_the_scores_in_words(player: Player) -> None:
    assert player.type("s")[-2:] == ["Winning scores on your own: none yet.", "Winning scores in all games: none yet."]
    player.type(*names(WINNING_LINE))
    out = player.type("stats")
    assert out[0].split() == ["On", "your", "own", "All", "games"]
    assert any(line.split() == ["Games", "played", "1", "1"] for line in out)
    assert out[-2:] == ["Winning scores on your own: 7 (1 win).", "Winning scores in all games: 7 (1 win)."]


def test_log_lists_every_card_placed_so_far_numbered_with_its_explanation(player: Player) -> None:
    assert player.type("log") == ["Deal 16 so far: no card placed yet."]
    game = Game.deal(WINNING_DEAL)
    said = []
    for cell in WINNING_LINE[:10]:
        before = game.piles
        said.append(explain(before, game.play(cell))[0].plain())
    player.type(*names(WINNING_LINE[:10]))
    out = player.type("log")
    assert out[0] == "Deal 16 so far: 10 cards placed."
    assert out[1:] == [f"  {n}. {line}." for n, line in enumerate(said, start=1)]
    assert player.type("l") == out
    assert player.type("log 3") == ["log takes nothing after it: 3 is one word too many."]
    player.type(*names(WINNING_LINE[10:]))
    out = player.type("log")
    assert out[0] == "Deal 16: won, score 7, 33 cards." and len(out) == 1 + len(WINNING_LINE)
    assert out[-1].startswith(f"  33. {Game.deal(WINNING_DEAL).stock[32]} ")  # newest last


def test_question_mark_gives_the_rules_and_every_command(player: Player) -> None:
    out = player.type("?")
    text = "\n".join(out)
    for heading in ("Aim", "Placing", "Turning over", "The end", "Commands, one a line"):
        assert heading in out
    for command in ("u", "r", "t", "p CELL", "c", "l", "n", "s", "?", "q"):
        assert any(line.startswith(f"  {command} ") for line in out), command
    assert "Dashed slots" not in text  # that is the screen's
    assert player.type("help") == out
    legend = next(n for n, line in enumerate(out) if line.startswith("The table"))
    listed = out[out.index("Commands, one a line") + 1 : legend]
    starts = [next(n for n in range(3, len(line)) if line[n - 2 : n] == "  " and line[n] != " ") for line in listed]
    assert len(set(starts)) == 1, listed  # what each does starts in one column, two spaces at least after it,
    assert max(map(len, out)) <= 80  # and runs on under it rather than past the width, where a terminal breaks words
    assert any(line.startswith(" " * starts[0]) for line in listed)


def test_a_topic_after_the_question_mark_is_that_page_of_the_help(player: Player) -> None:
    assert player.type("? Rules") == [rendered(page("rules").text)]
    assert player.type("help review")[0].startswith("Reviewing a game\n================\n")
    assert player.type("? revew") == [
        "No help on 'revew': did you mean 'review'? the topics are rules, screen, plain, expert, strategy, review, "
        "data, json."
    ]


def test_a_topic_is_shown_in_the_language_in_use_or_in_english_with_a_line_saying_so(player: Player) -> None:
    use("tl")
    try:
        assert player.type("? rules") == [rendered(page("rules", "tl").text)]
        assert player.type("? data") == [not_translated(), rendered(page("data").text)]
    finally:
        use("en")


def test_a_page_of_the_help_for_speech_has_no_rules_of_dashes_and_its_tables_go_row_by_row(player: Player) -> None:
    lines: list[str] = []
    spoken = Plain(player.session, Spelling(words=True), lines.append)
    spoken.handle("? screen")
    assert lines == [rendered(page("screen").text, spoken=True)]
    assert lines[0].startswith("Playing on the screen\n\n") and "---" not in lines[0]
    assert "\n  u: take back the last card" in lines[0]


def test_q_quits_and_says_the_game_is_saved(player: Player, tmp_path: Path) -> None:
    player.type("d4")
    assert player.type("q") == ["Your game is saved: run foursquare again to go on where you left off."]
    assert not player.plain.running
    again = Player(tmp_path, seed=None)
    assert "Welcome back: deal 16 as you left it, 1 card placed." in again.lines


def test_q_says_nothing_more_when_nothing_is_at_stake(player: Player) -> None:
    assert player.type("QUIT") == []
    assert not player.plain.running


def test_an_empty_line_shows_the_table_again(player: Player) -> None:
    player.type("d4")
    out = player.type("")
    assert out[0] == "Deal 16, 1 card placed. The table, row by row:"
    assert plain_table(out) == expected_plain_table(player.game)


# --- bad lines ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("zz", "zz: not a command. Type a cell such as d4 to place the next card, or ? for help."),
        ("h9", "h9: not a cell: columns go from a to g and rows from 1 to 7 (the first card is on d4)."),
        ("d0", "d0: not a cell: columns go from a to g and rows from 1 to 7 (the first card is on d4)."),
        ("g7", f"{SECOND} can't go on g7: an empty cell must be next to a card (not diagonally)."),
        ("u 3", "u takes nothing after it: 3 is one word too many."),
        ("e4 d5", "e4 takes nothing after it: d5 is one word too many."),
        ("p", "p needs a cell: p e4 says what placing the next card on e4 would do."),
        ("p x", "x: not a cell: columns go from a to g and rows from 1 to 7 (the first card is on d4)."),
        ("p g7", f"{SECOND} can't go on g7: an empty cell must be next to a card (not diagonally)."),
        ("p e4 d5", "p e4 takes nothing after it: d5 is one word too many."),
        ("\x1b[A", "^[[A: not a command. Type a cell such as d4 to place the next card, or ? for help."),
        ("x" * 100, "x" * 23 + "…: not a command. Type a cell such as d4 to place the next card, or ? for help."),
        ("y", "y: no question is waiting. Type a cell such as d4, or ? for help."),
        ("YES", "YES: no question is waiting. Type a cell such as d4, or ? for help."),
    ],
)
def test_a_bad_line_is_one_line_and_changes_nothing(player: Player, line: str, said: str) -> None:
    player.type("d4")
    game = player.game.copy()
    assert player.type(line) == [said]
    assert player.game == game and player.plain.running


def test_nothing_to_take_back(player: Player) -> None:
    assert player.type("u") == ["Nothing to take back."]


REFUSED_AT_THE_END = ["d4", "t", "a", "p d4", "c"]
"""What says the game is over once it is: the cards and the expert's help for the next card."""


@pytest.mark.parametrize("line", REFUSED_AT_THE_END)
def test_once_the_game_is_over_placing_and_the_expert_say_so_and_what_plays_on(player: Player, line: str) -> None:
    player.type(*names(WINNING_LINE))
    out = player.type(line)
    assert out == ["The game is over: n new deal, d replay, u undo, v review, l log, q quit."]
    player.type("u")
    assert not player.game.is_over


def test_the_end_line_offers_what_the_screens_end_box_does_in_its_words(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=LOSING_DEAL))
    place(app, *map(parse_cell, LOSING_LINE))
    assert app.game.is_over
    assert [word for _, word in typed_offers()] == ["new deal", "replay", "undo", "review", "log", "quit"]
    assert [word for _, word in typed_offers()] == [word for _, word in app.end_keys]  # one list, one order


@pytest.mark.parametrize("key", [key for key, _ in typed_offers()])
def test_every_key_the_end_line_offers_runs_there(tmp_path: Path, key: str) -> None:
    player = Player(tmp_path, seed=LOSING_DEAL)
    player.plain.judge = first_cell_judge()
    out = player.type(*LOSING_LINE)
    assert out[-1] == "n new deal, d replay, u undo, v review, l log, q quit."
    assert any(key in words for words in COMMANDS) and key not in REFUSED_AT_THE_END
    said = player.type(key)
    assert not any("not a command" in line or "The game is over" in line for line in said)
    assert said or (key == "q" and not player.plain.running)


# --- the spellings ----------------------------------------------------------------


def test_cards_are_spelled_as_on_the_screen_in_ascii_or_in_words() -> None:
    card = Card.parse("7H")
    assert Spelling().card(card) == "7♥"
    assert Spelling(ascii=True).card(card) == "7H"
    assert Spelling(words=True).card(card) == "seven of hearts"
    assert Spelling(words=True).card(Card.parse("AS")) == "ace of spades"
    assert Spelling(ascii=True).line("fit in 4×4…") == "fit in 4x4..."


def test_in_words_the_table_says_face_down_and_empty() -> None:
    game = Game.deal(WINNING_DEAL)
    for cell in WINNING_LINE[:6]:
        game.play(cell)
    lines = table_lines(game, Spelling(words=True))
    assert lines[1:] == [
        "  c3 empty; d3 six of clubs, 1 card.",
        "  c4 nine of diamonds, 1 card; d4 seven of hearts, 4 cards.",
    ]
    game.undo()
    assert table_lines(game, Spelling(words=True))[1:] == ["  d3 six of clubs, 1 card.", "  d4 face down, 4 cards."]
    sixes = to_come_lines(game, Spelling(words=True))[6]
    assert sixes == "  3 sixes: diamonds, hearts, spades."


def test_the_table_lines_up_in_columns() -> None:
    game = Game.deal(WINNING_DEAL)
    for cell in WINNING_LINE[:8]:
        game.play(cell)
    rows = table_lines(game, Spelling())[1:]
    assert len({row.index(" e") for row in rows if " e" in row}) == 1


# --- the command's input and output -------------------------------------------------


def run_main(stdin: bytes, *args: str, encoding: str = "utf-8", words: bool = False) -> tuple[int, list[str]]:
    """:func:`main` on deal 16 reading ``stdin``: its exit status and the lines it printed."""
    sink = io.TextIOWrapper(io.BytesIO(), encoding=encoding, newline="\n")
    status = main(seed=WINNING_DEAL, words=words, ascii="--ascii" in args, stdin=io.BytesIO(stdin), stdout=sink)
    sink.flush()
    buffer = sink.buffer
    assert isinstance(buffer, io.BytesIO)
    return status, buffer.getvalue().decode(encoding).splitlines()


def test_each_line_read_is_echoed_and_the_end_of_input_saves_and_quits(home: Path) -> None:
    status, lines = run_main(b"d4\r\n\xff\xfe\nd3")
    assert status == 0
    assert "> d4" in lines and lines[lines.index("> d4") + 1].startswith(f"{Spelling().card(FIRST)} on d4 ")
    assert (
        "> \ufffd\ufffd" in lines
        and "\ufffd\ufffd: not a command. Type a cell such as d4 to place the next card, or ? for help." in lines
    )
    assert "> d3" in lines  # the last line needs no line end
    assert lines[-1] == "Your game is saved: run foursquare again to go on where you left off."


def test_a_line_longer_than_any_command_is_refused_and_reading_stops(home: Path) -> None:
    status, lines = run_main(b"d4\n" + b"z" * (MAX_LINE_BYTES * 3) + b"\nd3\n")
    assert status == 1
    assert (
        f"That line is too long to be a command (more than {MAX_LINE_BYTES} characters): the rest is not read." in lines
    )
    assert "> d3" not in lines  # nothing after it is read
    assert lines[-1] == "Your game is saved: run foursquare again to go on where you left off."


def test_the_end_of_input_answers_an_open_question_no(home: Path) -> None:
    status, lines = run_main(b"d4\nn\n")
    assert status == 0
    assert lines[-2:] == [
        "No: going on with deal 16.",
        "Your game is saved: run foursquare again to go on where you left off.",
    ]


@pytest.mark.parametrize(
    ("args", "encoding", "words", "card"),
    [
        ((), "utf-8", False, Spelling().card(FIRST)),
        ((), "ascii", False, str(FIRST)),
        (("--ascii",), "utf-8", False, str(FIRST)),
        ((), "ascii", True, Spelling(words=True).card(FIRST)),
    ],
)
def test_cards_as_on_the_screen_in_ascii_where_asked_or_needed_or_in_words(
    home: Path, args: tuple[str, ...], encoding: str, words: bool, card: str
) -> None:
    status, lines = run_main(b"", *args, encoding=encoding, words=words)
    assert status == 0
    assert lines[2].startswith(f"Next card: {card}, card 1 of 40.")


def test_in_words_a_line_that_starts_with_a_card_starts_with_a_capital(home: Path) -> None:
    status, lines = run_main(b"d4\nd3\nd4\na1\n", words=True)
    assert status == 0
    first = Spelling(words=True).card(FIRST)
    placed = lines[lines.index("> d4") + 1]
    assert placed.startswith(first.capitalize() + " on d4 "), placed
    refused = lines[lines.index("> a1") + 1]
    assert refused[0].isupper() and " can't go on a1" in refused, refused
    assert Spelling(words=True).cards([FIRST]) == first  # inside a sentence, as it is
    assert Spelling(words=True).text(Text.of("Tip: ", FIRST)) == f"Tip: {first}"


# --- practice -------------------------------------------------------------------


def test_practice_offers_the_costly_placements_of_kept_games_and_then_the_table_again(tmp_path: Path) -> None:
    judge = new_pile_judge(other_piles_cost=1.2)  # more than one cell to get wrong
    game, stacked = stacking_game(7, judge, stacks=2)
    lines: list[str] = []
    session, opening = Session.open(tmp_path, seed=WINNING_DEAL, today=lambda: DAY)
    session.store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True))
    plain = Plain(session, Spelling(ascii=True), lines.append, nodes=7, judge=judge)
    plain.begin(opening)
    lines.clear()
    plain.handle("practice")
    assert any(line.startswith(f"Game 1, placement {stacked[0]} (deal 7): where would you put ") for line in lines)
    steps = review(game, judge).steps
    lines.clear()
    plain.handle(cell_name(steps[stacked[0] - 1].expert_cell))
    assert lines[0] == f"Solved: {cell_name(steps[stacked[0] - 1].expert_cell)} is the expert's own cell."
    lines.clear()
    plain.handle(cell_name(steps[stacked[1] - 1].cell))
    assert lines[0].startswith("Not the best: ") and lines[-1].startswith(f"{cell_name(steps[stacked[1] - 1].cell)}, ")
    lines.clear()
    plain.handle(cell_name(steps[stacked[1] - 1].cell))  # the same cell again uses no try
    assert lines[0].endswith("That was your first try too: one more, on another cell.")
    two = steps[stacked[1] - 1]
    lines.clear()
    plain.handle(cell_name(another_wrong_cell(two)))
    assert f"The expert's cell is {cell_name(two.expert_cell)}." in lines
    assert "That is every position for now: 1 solved of 2, 1 shown, to try again another time." in lines
    assert lines[-1].startswith("It may go on: ")  # back to the game
    assert plain.practising is None and session.game.placed_count == 0  # practice placed nothing
    lines.clear()
    plain.handle("practice 1")
    assert lines[0].startswith(f"Game 1, placement {stacked[1]} ")  # the solved one is not offered again
    plain.handle("q")
    lines.clear()
    plain.handle("practice x")
    assert lines == ["practice goes through your finished games; practice N through game N of the list g gives."]
    lines.clear()
    plain.handle("practice 99")
    assert "There is no game 99 in the history (g lists them)." in lines  # g, as v 99 says: the list here


# --- the help a game has -----------------------------------------------------------------

DAYS = list(DAILY_WINS)


def daily_game(folder: Path, day: date, lines: list[str]) -> list[str]:
    """Plain mode on ``day``'s daily deal in ``folder``, given ``lines``: what it printed."""
    out: list[str] = []
    session, opening = Session.open(folder, daily=True, today=lambda: day)
    plain = Plain(session, Spelling(ascii=True), out.append, nodes=3000)
    plain.begin(opening)
    for line in lines:
        plain.handle(line)
    return out


@pytest.mark.slow
def test_four_daily_games_say_how_they_were_played_at_the_end_and_in_the_line_to_share(tmp_path: Path) -> None:
    first = names(DAILY_WINS[DAYS[0]])
    game = Game.deal(deal_number(DAYS[0]))
    for name in first[:5]:
        game.play(parse_cell(name))
    wrong = next(cell_name(cell) for cell in game.legal_moves() if cell_name(cell) != first[5])
    out = daily_game(tmp_path, DAYS[0], [*first[:5], wrong, "u", "y", *first[5:]])
    assert out[out.index(help_question_line(Aid.TAKE_BACK)) + 1].startswith("Took back")
    assert "Won, score 20 (1 take-back)." in out and "This game counts in all games, not on your own." in out
    assert "Foursquare daily 2026-11-30 (deal 20261130): won, score 20 (1 take-back)" in out

    second = names(DAILY_WINS[DAYS[1]])
    out = daily_game(tmp_path, DAYS[1], [*second[:8], "t", "y", "t", *second[8:]])
    assert sum(line.startswith("Tip: ") for line in out) == 2 and out.count(help_question_line(Aid.TIP)) == 1
    assert "Foursquare daily 2026-12-01 (deal 20261201): won, score 19 (1 tip)" in out

    out = daily_game(tmp_path, DAYS[2], [names(DAILY_WINS[DAYS[2]])[0], "a", "y"])
    assert help_question_line(Aid.AUTOPLAY) in out and "The expert plays on to the end." in out
    kept = Session.open(tmp_path, today=lambda: DAYS[2])[0].store.history()[0]
    assert kept.placed is not None and kept.score is not None
    share = (
        f"Foursquare daily 2026-12-02 (deal 20261202): won, score {kept.score} ({kept.placed - 1} cards by autoplay)"
    )
    assert out[-2] == share  # the end comes after the table, as after a game played by hand (below)

    out = daily_game(tmp_path, DAYS[3], names(DAILY_WINS[DAYS[3]]))
    assert not any("counts this game as played with help" in line for line in out)
    assert out[-7:-1] == [
        "Won, score 11, on your own.",
        "This game counts in your statistics.",
        "On your own: streak 1, won 100% of 1.",
        "Daily deals won: 4 of 4; days in a row: 4 (longest 4).",
        "All games: streak 4, won 100% of 4.",
        "Foursquare daily 2026-12-03 (deal 20261203): won, score 11, on my own",
    ]
    stats = daily_game(tmp_path, DAYS[3], ["s"])
    assert any(line.split() == ["Games", "played", "1", "4"] for line in stats)
    assert stats[-2] == "Winning scores on your own: 11 (1 win)."


def test_a_no_keeps_the_game_on_your_own_and_help_off_until_it_ends(player: Player) -> None:
    player.type(*names(WINNING_LINE[:3]))
    assert player.type("u") == [help_question_line(Aid.TAKE_BACK)]
    assert player.type("n") == [declined_line()]
    assert player.game.placed_count == 3
    assert player.type("u") == [help_declined(Aid.TAKE_BACK)]
    assert player.type("t") == [help_declined(Aid.TIP)]
    assert player.type("a") == [help_declined(Aid.AUTOPLAY)]
    out = player.type(*names(WINNING_LINE[3:]))
    assert "Won, score 7, on your own." in out and "This game counts in your statistics." in out
    assert player.type("u")[0].startswith("Took back")  # counted already: undo is free again


def test_a_help_question_left_open_at_the_end_of_input_decides_nothing(home: Path) -> None:
    out = io.StringIO()
    assert main(seed=WINNING_DEAL, stdin=io.BytesIO(b"d4\nu\n"), stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[lines.index("> u") + 1] == help_question_line(Aid.TAKE_BACK)
    assert put_off_line() in lines and declined_line() not in lines
    session, _ = Session.open(home)
    assert session.game.placed_count == 1 and session.answer is None and session.help == Help()


def test_only_n_keeps_a_game_on_your_own_and_a_line_typed_for_something_else_puts_the_question_off(
    home: Path,
) -> None:
    out = io.StringIO()
    assert main(seed=WINNING_DEAL, stdin=io.BytesIO(b"d4\nt\nd3\nt\nn\nt\n"), stdout=out) == 0
    lines = out.getvalue().splitlines()
    after = lines.index("> d3")
    assert lines[after + 1] == put_off_line()  # a cell name is no answer: asked again below
    assert " on d3 " in lines[after + 2]  # ...and the line then places the card on d3, as typed
    assert lines.count(help_question_line(Aid.TIP)) == 2 and lines.count(declined_line()) == 1
    assert lines[-2] == help_declined(Aid.TIP)  # after n, help stays off
    session, _ = Session.open(home)
    assert session.game.placed_count == 2 and session.answer is False and session.help == Help()


def test_v_says_how_the_game_reviewed_was_played(tmp_path: Path) -> None:
    out: list[str] = []
    session, opening = Session.open(tmp_path, seed=28)
    plain = Plain(session, Spelling(ascii=True), out.append, judge=first_cell_judge())
    plain.begin(opening)
    plain.handle("v")  # nothing has ended yet: it says so
    assert out[-1].startswith("No game has ended here yet, so v has nothing to review")
    plain.handle("d4")
    plain.handle("u")
    plain.handle("y")
    while not session.game.is_over:
        plain.handle(cell_name(session.game.legal_moves()[0]))
    start = len(out)
    plain.handle("v")
    assert out[start + 1].startswith("Review of deal 28: you lost") and out[start + 2] == "Played with 1 take-back."
    plain.handle("d")  # the same deal again: this game has not ended, the one before has
    plain.handle("v")
    assert out[-1].startswith("This game has not ended yet, so v has nothing to review; v N reviews game N")


def test_v_reviews_the_game_on_the_table_as_it_ended_after_a_take_back_past_its_first_end(tmp_path: Path) -> None:
    out: list[str] = []
    session, opening = Session.open(tmp_path, seed=28)
    plain = Plain(session, Spelling(ascii=True), out.append, judge=first_cell_judge())
    plain.begin(opening)
    while not session.game.is_over:
        plain.handle(cell_name(session.game.legal_moves()[0]))
    first_end = list(session.game.placements)
    plain.handle("u")
    plain.handle("y")
    n = session.game.placed_count + 1
    other = next(cell for cell in session.game.legal_moves() if cell != first_end[n - 1])
    plain.handle(cell_name(other))
    while not session.game.is_over:
        plain.handle(cell_name(session.game.legal_moves()[0]))
    start = len(out)
    plain.handle("v")
    placed = [line for line in out[start:] if line.startswith(f"  {n}. ")]
    assert len(placed) == 1 and f" on {cell_name(other)}, " in placed[0]  # this ending, not the one kept first


def test_ctrl_d_after_some_typing_starts_the_answer_on_a_line_of_its_own(home: Path) -> None:
    out = io.StringIO()
    assert main(seed=WINNING_DEAL, stdin=TypedAt(b"ab"), stdout=out) == 0  # "ab", then Ctrl-D: no line end
    answer = next(line for line in out.getvalue().splitlines() if "not a command" in line)
    assert answer.startswith("ab: not a command")  # not "> abab: not a command", run on after the prompt


def _plain_table(text: str) -> set[str]:
    """The words in backquotes of the first column of the table of plain-mode commands that follows
    ``## Plain mode`` (the README) or that opens the page (plain.md)."""
    section = text.split("## Plain mode", 1)[-1]
    rows = re.findall(r"^\| (.+?) \|", section.split("\n## ", 1)[0], re.MULTILINE)
    return {word.split()[0] for row in rows for word in re.findall(r"`([^`]+)`", row)}


@pytest.mark.parametrize("path", ["README.md", "foursquare/words/help/plain.md"])
def test_the_readme_and_the_plain_help_page_list_every_plain_command(path: str) -> None:
    listed = _plain_table((Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8"))
    assert {words[0] for words in COMMANDS} <= listed


@pytest.mark.parametrize(
    ("words", "legend"), [(False, "The table: ## a face-down card"), (True, "The table, a cell at a time: its card")]
)
def test_the_help_says_how_the_table_reads_in_the_spelling_it_is_written_in(
    home: Path, words: bool, legend: str
) -> None:
    status, lines = run_main(b"?\n", words=words)
    assert status == 0 and any(line.startswith(legend) for line in lines)
    assert not words or not any("##" in line for line in lines)


def test_a_game_not_in_the_history_points_to_g(tmp_path: Path) -> None:
    out: list[str] = []
    session, opening = Session.open(tmp_path, seed=28)
    plain = Plain(session, Spelling(ascii=True), out.append, judge=first_cell_judge())
    plain.begin(opening)
    plain.handle("v 99")
    assert out[-1] == "There is no game 99 in the history (g lists them)."


def test_in_words_the_statistics_are_sentences_not_a_table(home: Path) -> None:
    status, lines = run_main(b"s\n", words=True)
    said = lines[lines.index("> s") + 1 :]
    assert status == 0 and said[0].startswith("On your own: 0 games played, 0 won, 0 lost (too many cards face down 0")
    assert said[1].startswith("All games: 0 games played") and "best score none yet" in said[1]
    assert not any(line.rstrip().endswith("-") for line in said)


class _Slovak(gettext.NullTranslations):
    """A catalog with two command words and the answer yes of a language: enough to see plain mode take them."""

    WORDS: ClassVar[dict[tuple[str, str], str]] = {
        ("command", "u"): "z",
        ("command", "undo"): "spat",
        ("answer", "y"): "a",
        ("answer", "yes"): "ano",
    }

    def pgettext(self, context: str, message: str) -> str:
        return self.WORDS.get((context, message), message)


def test_plain_modes_command_words_come_through_the_catalog_and_the_english_ones_always_work(tmp_path: Path) -> None:
    catalog.use("sk")
    catalog._State.catalog = _Slovak()
    try:
        player = Player(tmp_path)
        for words in (("z", "spat"), ("u", "undo")):  # the language's words, and the English ones
            player.type("d4", "e4")
            for undo in words:
                player.type(undo)
                if player.plain.question is not None:
                    player.type("a")  # the question before a first take-back: the language's yes
            assert player.game.placed_count == 0, words
        assert not hasattr(player.plain, "z") and not hasattr(player.plain, "spat")  # words are no method names
    finally:
        catalog.use("en")
