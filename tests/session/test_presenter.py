"""The presenter: each event of the session worded once, for the screen and plain mode alike."""

from __future__ import annotations

from datetime import date

from helpers import WINNING_DEAL, WINNING_LINE, session_on

from foursquare.engine import Game
from foursquare.engine.values import replace
from foursquare.session.events import Event, Finished, HelpHeld, Nothing, Permission, Placed, Refused, TookBack, Trouble
from foursquare.session.presenter import Answer, Message, greeted, help_answered, help_gate, present
from foursquare.storage.helped import Aid
from foursquare.words.explain import explain, took_back
from foursquare.words.helped import declined_line, help_cost, help_declined, help_question_line, put_off_line
from foursquare.words.session import counted_lost

OFFERS = (("d", "the same deal again"), ("n", "a new deal"))


def test_a_placement_is_its_explanation_in_every_form_and_where_it_went() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    before = session.game.piles
    events = session.place(WINNING_LINE[0])
    (placed,) = [event for event in events if isinstance(event, Placed)]
    (shown,) = present([placed], session.game, OFFERS)
    assert shown.message == Message(tuple(explain(before, placed.placement)), ".")
    assert shown.placed == WINNING_LINE[0] and shown.taken_from is None and shown.changed
    assert shown.turned == frozenset(placed.placement.flipped)


def test_a_take_back_says_what_turned_back_and_where_the_card_came_from() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    session.place(WINNING_LINE[0])
    session.place(WINNING_LINE[1])
    session.answer_help(True)  # the first take-back of a game on your own is asked first
    (undone,) = [event for event in session.undo() if isinstance(event, TookBack)]
    (shown,) = present([undone], session.game, OFFERS)
    assert shown.message is not None and shown.message.forms == (took_back(undone.card, undone.cell, undone.turned),)
    assert shown.taken_from == WINNING_LINE[1] and shown.placed is None


def test_a_refusal_once_the_game_is_over_offers_the_front_ends_keys() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    for cell in WINNING_LINE:
        session.place(cell)
    assert session.game.is_over
    refusal = session.game.refusal((0, 0))
    assert refusal is not None
    (shown,) = present([Refused((0, 0), refusal)], session.game, OFFERS)
    said = shown.message.forms[0].plain() if shown.message else ""
    assert said.startswith("The game is over") and "the same deal again" in said and not shown.changed


def test_the_end_of_a_daily_deal_has_its_line_to_share_in_two_forms() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    events = [event for cell in WINNING_LINE for event in session.place(cell)]
    (finished,) = [event for event in events if isinstance(event, Finished)]
    (plain,) = present([finished], session.game, OFFERS)
    assert plain.ending is not None and plain.ending.lines and plain.ending.share is None
    daily = replace(finished, daily=date(2026, 12, 3))
    (shared,) = present([daily], session.game, OFFERS)
    assert shared.ending is not None and shared.ending.share is not None
    long, short = (form.plain() for form in shared.ending.share.forms)
    assert "2026-12-03" in long and len(short) <= len(long)


def test_nothing_to_undo_and_trouble_are_messages_and_trouble_is_kept() -> None:
    game = Game.deal(3)
    (nothing, trouble) = present([Nothing.TO_UNDO, Trouble("The disk is full.", "Disk full.")], game, OFFERS)
    assert nothing.message is not None and nothing.message.stop == "."
    assert trouble.trouble is not None and trouble.message is not None
    assert [form.plain() for form in trouble.message.forms] == ["The disk is full.", "Disk full."]


def test_a_greeting_is_said_until_the_game_is_over() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    shown = greeted(session.greeting(), session.game)
    assert shown.greeting is not None and shown.greeting.forms[0].plain().startswith("Deal 16") and shown.dealt
    for cell in WINNING_LINE:
        session.place(cell)
    assert greeted(session.greeting(), session.game).greeting is None


def test_help_held_says_its_cost_and_asks_again_in_plain_mode() -> None:
    (held,) = present([HelpHeld(Aid.TIP, declined=False)], Game.deal(3), OFFERS)
    assert held.message is not None and [f.plain() for f in held.message.forms] == [
        help_cost(Aid.TIP, False),
        help_cost(Aid.TIP, True),
    ]
    assert held.asked is not None and held.asked.line == help_question_line(Aid.TIP)
    (declined,) = present([HelpHeld(Aid.TIP, declined=True)], Game.deal(3), OFFERS)
    assert declined.message is not None and declined.message.forms[0].plain() == help_declined(Aid.TIP)


def test_the_help_gate_and_its_answers() -> None:
    assert (
        help_gate(Permission.FREE, Aid.AUTOPLAY).asked is None and help_gate(Permission.FREE, Aid.AUTOPLAY).said is None
    )
    declined = help_gate(Permission.DECLINED, Aid.TAKE_BACK)
    assert declined.said is not None and declined.said.forms[1].plain() == help_declined(Aid.TAKE_BACK, True)
    asked = help_gate(Permission.ASK, Aid.TAKE_BACK).asked
    assert asked is not None and asked.line == help_question_line(Aid.TAKE_BACK) and asked.yes and asked.later


def test_an_answer_to_the_help_question_is_said_told_the_session_unless_put_off_and_runs_the_help_on_yes() -> None:
    heard: list[bool] = []

    def hear(yes: bool) -> list[Event]:
        heard.append(yes)
        return [Nothing.TO_UNDO]

    yes = help_answered(Answer.YES, hear)
    assert yes.said is None and yes.events == (Nothing.TO_UNDO,) and yes.go and heard == [True]
    no = help_answered(Answer.NO, hear)
    assert no.said is not None and no.said.forms[0].plain() == declined_line(False)
    assert no.events == (Nothing.TO_UNDO,) and not no.go and heard == [True, False]
    later = help_answered(Answer.LATER, hear)
    assert later.said is not None and later.said.forms[1].plain() == put_off_line(True)
    assert later.events == () and not later.go and heard == [True, False]  # the session never heard it


def test_a_deal_left_in_progress_is_said_to_count_as_a_loss() -> None:
    session = session_on(Game.deal(WINNING_DEAL))
    shown = greeted(session.greeting(), session.game, lost=7)
    assert shown.left is not None and shown.left.forms[0].plain() == counted_lost(7)
    assert greeted(session.greeting(), session.game).left is None
