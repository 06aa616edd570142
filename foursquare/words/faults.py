"""Every fault the rules, the expert and storage find, in words: one whole message per flaw.

The layers below the words raise :class:`~foursquare.engine.faults.Invalid`
with a :class:`~foursquare.engine.faults.Fault` (a flaw and its facts); this
module is the one place that says it, each flaw a catalog message whose named
fields are the fault's facts.  A fault found inside another (a bad card in a
record's stock) is said inside its sentence, in the ``{inner}`` field.
"""

from __future__ import annotations

import functools

TYPE_CHECKING = False
if TYPE_CHECKING:
    from enum import Enum

    from foursquare.engine.faults import Fault

__all__ = ["fault_words", "messages", "refused_words"]


class _Tables:
    """The messages, by flaw; see :func:`_tables`."""

    def __init__(
        self,
        messages: dict[Enum, str],
        illegal_moves: dict[Enum | None, tuple[str, str]],
        after_the_end: dict[Enum | None, str],
        envelopes: dict[tuple[Enum, Enum], str],
        not_over_after: tuple[str, str],
    ) -> None:
        self.messages = messages
        self.illegal_moves = illegal_moves
        self.after_the_end = after_the_end
        self.envelopes = envelopes
        self.not_over_after = not_over_after


@functools.cache
def _tables() -> _Tables:
    """Every fault's message, made the first time a fault is said: a command that says none loads none of the
    layers whose flaws these are."""
    from foursquare.engine.faults import Flaw as Rules
    from foursquare.engine.game import LossReason, Refusal
    from foursquare.expert.faults import Flaw as Expert
    from foursquare.storage.formats import Envelope
    from foursquare.storage.problems import Flaw as Kept
    from foursquare.words.catalog import N_

    messages: dict[Enum, str] = {
        # the rules
        Rules.DEAL_NUMBER: N_("deal number must be a whole number from 0 to {most}, not {value}"),
        Rules.NOT_A_CARD: N_("not a Foursquare card: rank {value}, suit {other}"),
        Rules.CARD_TEXT: N_("not a card: {value} (expected a rank A, 2-10 and a suit C, D, H, S, e.g. '10H')"),
        Rules.NO_CELL_NAME: N_("no cell name for {value}: cells go from (-3, -3) to (3, 3)"),
        Rules.CELL_NAME: N_("not a cell name: {value} (a column a-g and a row 1-7, such as d4)"),
        Rules.EMPTY_STOCK: N_("the stock is empty"),
        Rules.STOCK_NOT_A_CARD: N_("not a card: {value}"),
        Rules.SAME_CARD_TWICE: N_("the stock holds the same card twice: {names}"),
        Rules.NOTHING_TO_UNDO: N_("nothing to undo"),
        Rules.RECORD_NOT_AN_OBJECT: N_("a game record must be a JSON object"),
        Rules.RECORD_FORMAT: N_("not a Foursquare game record (format {value})"),
        Rules.RECORD_VERSION: N_("unknown game record version {value} (this program reads {number})"),
        Rules.RECORD_DEAL: N_("bad deal number in record: {inner}"),
        Rules.RECORD_NO_STOCK: N_('not a Foursquare game record: it has no "stock" (its 40 cards in order)'),
        Rules.RECORD_STOCK_NOT_TEXTS: N_("the record's stock must be a list of card texts"),
        Rules.RECORD_STOCK: N_("bad stock in record: {inner}"),
        Rules.RECORD_PLACEMENTS_NOT_A_LIST: N_("the record's placements must be a list of [row, col] pairs"),
        Rules.PLACEMENT_NOT_A_PAIR: N_("placement {number}: {value} is not a [row, col] pair"),
        Rules.PLACEMENT: N_("placement {number}: {inner}"),
        # the expert
        Expert.KEPT_CELLS: N_("the kept cells are not the cells the card could go on"),
        Expert.NOT_OVER: N_("the game is not over: {number} placed, {count} in the stock"),
        Expert.NOT_A_CHOICE: N_("the card cannot go on {value}"),
        Expert.UNKNOWN_STRATEGY: N_("unknown strategy {value} (choose from {names})"),
        Expert.UNSEEN_COUNTS: N_("unseen must give a count of 0 or more for each of the {number} ranks"),
        Expert.TWO_PILES_ONE_CELL: N_("two piles on one cell"),
        Expert.PILE_OFF_THE_TABLE: N_("a pile is off the table or empty"),
        Expert.GAME_OVER: N_("the game is over: there is no card to place"),
        Expert.WORK_STOPPED: N_("its work stopped half-way"),
        Expert.WEIGHTS_NOT_PINNED: N_("the records do not pin the weights down: play more deals"),
        # what storage keeps and reads
        Kept.RESULT: N_('"result" is "won", "lost" or "abandoned", not {value}'),
        Kept.NO_LOSS_REASON: N_('a game {other} has no "loss_reason" (null), not {value}'),
        Kept.LOSS_REASON: N_('a lost game has a "loss_reason" of {first} or {second}, not {value}'),
        Kept.SCORE_WITHOUT_WIN: N_("a score goes with a win, and only with a win"),
        Kept.UNNUMBERED: N_("only a numbered deal can be counted"),
        Kept.ENTRY_NOT_AN_OBJECT: N_("{value} is not a JSON object"),
        Kept.DEAL_NUMBER: N_("bad deal number {value}"),
        Kept.ENDING: N_("unknown ending {value}"),
        Kept.WIN_SCORE: N_("a win needs a score from 0 to {number}, not {value}"),
        Kept.SCORE_NOT_WON: N_("a game that was not won has no score ({value})"),
        Kept.HELP_COUNTS: N_("help is counted in whole numbers from 0"),
        Kept.AUTOPLAYED_AT_ORDER: N_(
            "autoplayed_at must list placement numbers from 1, lowest first, no more than were autoplayed"
        ),
        Kept.HELP_NOT_AN_OBJECT: N_("help must be a JSON object or null, not {value}"),
        Kept.HELP_COUNT: N_("help needs {other} as a whole number from 0, not {value}"),
        Kept.PLAYED_BEFORE: N_("played_before must be true or false, not {value}"),
        Kept.AUTOPLAYED_AT: N_("autoplayed_at must be a list of placement numbers or null, not {value}"),
        Kept.AUTOPLAYED_AT_NOT_A_LIST: N_("autoplayed_at is not a JSON list"),
        Kept.SCORE_AND_RESULT: N_("a score of {value} does not go with the result {other}"),
        Kept.RECORD_NOT_AN_OBJECT: N_("the record is not a JSON object"),
        Kept.NO_STREAKS: N_("no streaks"),
        Kept.SPLIT_NOT_THE_TALLY: N_("the tally split by help is not the tally"),
        Kept.SCORE_WITH: N_("a score with {other}"),
        Kept.TALLY_NOT_THE_GAMES: N_("the tally is not that of the counted games"),
        Kept.STREAKS: N_("streaks {number} and {count} with {value} games won"),
        Kept.UNFINISHED_STATEMENT: N_("an unfinished statement in a migration: {value}"),
        Kept.BAD_DATE: N_("bad daily date {value}"),
        Kept.BAD_TIME: N_("bad time {value}"),
        Kept.NO_TIME_ZONE: N_("time {value} has no time zone"),
        Kept.TIME_OUT_OF_RANGE: N_("time {value} is out of range"),
        Kept.NOT_THE_DEALS_STOCK: N_("the stock is not the stock of deal {number}"),
        Kept.SAVED_WITHOUT_DEAL: N_("the saved game has no deal number"),
        Kept.NOT_THE_DAILY_DEAL: N_("deal {number} is not the daily deal of {value}"),
        Kept.NOT_AN_OBJECT: N_("not a JSON object"),
        Kept.EXPORT_VERSION: N_("unknown version {value}; this program reads {number}"),
        Kept.SCORE: N_("bad score {value}"),
        Kept.PLACED: N_("bad number of cards placed {value}"),
        Kept.COUNTED: N_("counted must be true or false, not {value}"),
        Kept.RESULT_TEXT: N_("bad result {value}"),
        Kept.NO_RECORD: N_("no record"),
        Kept.EXPORT_WITHOUT_RECORD: N_("this line of foursquare export was kept without the record of its placements"),
        Kept.GAME_RECORD_NOT_AN_OBJECT: N_("the game record must be a JSON object"),
        Kept.DEAL_RANGE: N_("bad deal number {number}"),
        Kept.SCORE_RANGE: N_("a score goes from 0 to {count}, not {number}"),
        Kept.STARTED_AFTER_ENDED: N_("it started ({value}) after it ended ({other})"),
        Kept.DATED_IN_THE_FUTURE: N_("it is dated in the future ({value})"),
        Kept.RECORD_OF_ANOTHER_DEAL: N_("the record is of deal {count}, not {number}"),
        Kept.RECORD_SCORE: N_("the record's game ended with score {count}, not {number}"),
        Kept.LINE_OTHER_END: N_(
            'the line says "{other}": "{value}", but its record\'s game ended with "{other}": "{first}"'
        ),
        Kept.ABANDONED_OVER: N_("an abandoned game cannot be over"),
        Kept.PLACED_COUNT: N_("{number} cards placed, but the record places {count}"),
        Kept.AUTOPLAY_PAST_THE_END: N_("autoplay made placement {number}, but the record places {count}"),
        Kept.GAMES_NOT_A_LIST: N_("the games must be a list"),
        Kept.GAME: N_("game {number}: {inner}"),
        Kept.COUNTED_TWICE: N_("game {number}: deal {count} is counted twice"),
    }
    """The flaws whose sentence is one message, its fields named after the fault's."""

    illegal_moves: dict[Enum | None, tuple[str, str]] = {
        Refusal.GAME_OVER: (
            N_("cannot place {card} on {cell}: game over"),
            N_("cannot place a card on {cell}: game over"),
        ),
        Refusal.FIRST_CARD_IN_THE_MIDDLE: (
            N_("cannot place {card} on {cell}: first card in the middle"),
            N_("cannot place a card on {cell}: first card in the middle"),
        ),
        Refusal.PILE_FULL: (
            N_("cannot place {card} on {cell}: pile full"),
            N_("cannot place a card on {cell}: pile full"),
        ),
        Refusal.TOO_WIDE: (
            N_("cannot place {card} on {cell}: too wide"),
            N_("cannot place a card on {cell}: too wide"),
        ),
        Refusal.NOT_NEXT_TO_A_CARD: (
            N_("cannot place {card} on {cell}: not next to a card"),
            N_("cannot place a card on {cell}: not next to a card"),
        ),
        None: (
            N_("cannot place {card} on {cell}: not a (row, col) cell"),
            N_("cannot place a card on {cell}: not a (row, col) cell"),
        ),
    }
    """A placement the rules refuse, tersely (as a record's check says it): with the card, and once the game is
    over without one."""

    after_the_end: dict[Enum | None, str] = {
        LossReason.STOCK_EMPTY: N_(
            "placement {number}: the game was over after placement {before} (lost: its stock ran out)"
        ),
        LossReason.TOO_MANY_FACE_DOWN: N_(
            "placement {number}: the game was over after placement {before} (lost: more than {most} cards face down)"
        ),
        None: N_("placement {number}: the game was over after placement {before} (won)"),
    }
    """A record that goes on after its game ended, by how it ended."""

    envelopes: dict[tuple[Enum, Enum], str] = {
        (Kept.NO_OBJECT, Envelope.SAVED_GAME): N_("not a saved game: the file holds no JSON object"),
        (Kept.NO_OBJECT, Envelope.STATISTICS): N_("not a statistics file: the file holds no JSON object"),
        (Kept.NO_OBJECT, Envelope.GAME): N_("not a game: the file holds no JSON object"),
        (Kept.NO_FORMAT, Envelope.SAVED_GAME): N_('not a Foursquare saved game: it has no "format": {value}'),
        (Kept.NO_FORMAT, Envelope.STATISTICS): N_('not a Foursquare statistics file: it has no "format": {value}'),
        (Kept.NO_FORMAT, Envelope.GAME): N_('not a Foursquare game: it has no "format": {value}'),
        (Kept.WRONG_FORMAT, Envelope.SAVED_GAME): N_(
            'not a Foursquare saved game: it has "format": {first}, not "format": {value}'
        ),
        (Kept.WRONG_FORMAT, Envelope.STATISTICS): N_(
            'not a Foursquare statistics file: it has "format": {first}, not "format": {value}'
        ),
        (Kept.WRONG_FORMAT, Envelope.GAME): N_(
            'not a Foursquare game: it has "format": {first}, not "format": {value}'
        ),
        (Kept.VERSION, Envelope.SAVED_GAME): N_(
            "unknown saved game version {value}; this program reads version {number}"
        ),
        (Kept.VERSION, Envelope.STATISTICS): N_(
            "unknown statistics file version {value}; this program reads version {number}"
        ),
        (Kept.VERSION, Envelope.GAME): N_("unknown game version {value}; this program reads version {number}"),
    }
    """A kept file that is not what it should be, by what it should be (a saved game, the statistics, a game)."""

    not_over_after = (
        N_('the line says "{other}": "{value}", but its record\'s game is not over after {number} placement'),
        N_('the line says "{other}": "{value}", but its record\'s game is not over after {number} placements'),
    )
    return _Tables(messages, illegal_moves, after_the_end, envelopes, not_over_after)


def fault_words(fault: Fault) -> str:
    """``fault`` as the clause that says what is wrong (no capital, no full stop): a line's reason."""
    from foursquare.engine import MAX_FACE_DOWN  # the rules are loaded: a fault came from them
    from foursquare.engine.faults import Flaw as Rules
    from foursquare.expert.faults import Flaw as Expert
    from foursquare.storage.problems import Flaw as Kept
    from foursquare.words.catalog import _, ngettext

    tables = _tables()

    fields: dict[str, object] = {
        "value": fault.value,
        "number": fault.number,
        "other": fault.other,
        "count": fault.count,
        "names": ", ".join(fault.names),
        "first": fault.names[0] if fault.names else "",
        "second": fault.names[1] if len(fault.names) > 1 else "",
        "most": fault.number,
        "inner": fault_words(fault.inner) if fault.inner is not None else "",
    }
    flaw = fault.flaw
    if fault.reason is not None and (flaw, fault.reason) in tables.envelopes:
        return _(tables.envelopes[flaw, fault.reason]).format(**fields)
    if flaw is Expert.UNFORESEEN:
        return fault.value or ""  # the error's own words
    if flaw is Rules.ILLEGAL_MOVE:
        with_card, without = tables.illegal_moves[fault.reason]
        message = with_card if fault.value is not None else without
        return _(message).format(card=fault.value, cell=fault.other)
    if flaw is Rules.PLACEMENT_AFTER_THE_END:
        number = fault.number or 0
        return _(tables.after_the_end[fault.reason]).format(number=number, before=number - 1, most=MAX_FACE_DOWN)
    if flaw is Kept.LINE_NOT_OVER:
        singular, plural = tables.not_over_after
        return ngettext(singular, plural, fault.number or 0).format(**fields)
    if flaw is Kept.NOT_WHOLE:
        if fault.count is None:
            return _("{value} is not a whole number from {number}").format(**fields)
        return _("{value} is not a whole number from {number} to {count}").format(**fields)
    return _(tables.messages[flaw]).format(**fields)


def refused_words(exc: ValueError) -> str:
    """What a refused value's error says: its fault in words (:class:`~foursquare.engine.faults.Invalid`),
    else the words it was raised with (a session's own, already worded)."""
    from foursquare.engine.faults import Invalid

    return fault_words(exc.fault) if isinstance(exc, Invalid) else str(exc)


def messages() -> dict[Enum, str]:
    """The flaws whose sentence is one message, each with its message (English, the source)."""
    return dict(_tables().messages)
