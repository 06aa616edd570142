"""Practice on your own mistakes, in words: the position to solve, what an answer is worth, the end of a round.

Shared by the game screen's practice page, plain mode's ``practice`` and
``foursquare practice``.  A position is shown as the player saw it: the
table, the card, the unseen cards counted rank by rank (their order is
secret) and the face-down count; the expert's cell is not named until the
position is solved or its tries are spent.
"""

from __future__ import annotations

from foursquare.engine import GRID, MAX_FACE_DOWN, RANKS, Card, Game, cell_name
from foursquare.expert.practice import AllDone, Attempt, Exercise, Outcome, Preparing
from foursquare.expert.review import Line, Step
from foursquare.words.advice import chance_text
from foursquare.words.cards import Spelling, rank_count
from foursquare.words.catalog import N_, _, ngettext, pgettext
from foursquare.words.faults import fault_words
from foursquare.words.grammar import and_list, capitalized, counted_list
from foursquare.words.review import cards_text, cost_words, line_sentence, verdict_phrase
from foursquare.words.table import table_lines
from foursquare.words.text import Text, Tone

__all__ = [
    "BACK",
    "PLAIN_KEYS",
    "QUIT",
    "attempt_head",
    "attempt_lines",
    "attempt_texts",
    "done_lines",
    "exercise_head",
    "exercise_lines",
    "leave_footer",
    "next_footer",
    "not_an_answer",
    "practice_title",
    "preparing_line",
    "principle_line",
    "skipped",
    "stopped_line",
    "to_go",
    "unseen_line",
]

PLAIN_KEYS = N_("Type the cell you would put it on (two tries), s to skip this position, q to stop practising.")
"""Said through ``_``, as each constant here."""


def skipped() -> str:
    """What ``s`` says of the position it skips."""
    return _("Skipped: that position comes again another time.")


def next_footer(leave: str) -> str:
    """The practice page's keys while an answer is on show."""
    return _("Enter or → the next position · q {leave}").format(leave=_(leave))


def leave_footer(leave: str) -> str:
    """The practice page's keys while there is nothing to answer (a review at work, the round over)."""
    return _("q {leave}").format(leave=_(leave))


BACK = N_("back")
"""What ``q`` does on a practice page opened in the game."""
QUIT = N_("quit")
"""What ``q`` does on the practice page ``foursquare practice`` opened: the program ends, as it began, there."""


def practice_title(exercise: Exercise | None, waiting: int = 0, games: int = 0) -> str:
    """The practice page's title: which game's placement is to be solved, and how many positions are left
    (``waiting`` found after it, ``games`` not looked at yet: :func:`to_go`)."""
    if exercise is None:
        return _("Practice on your mistakes")
    return _("Practice: game {game}, placement {n} ({to_go})").format(
        game=exercise.game_id, n=exercise.step.n, to_go=to_go(waiting, games)
    )


def to_go(waiting: int, games: int) -> str:
    """How many positions are left after the one shown: ``waiting`` found already, and ``games`` kept games
    not looked at yet, whose positions are not known before the expert has reviewed them."""
    if games:
        return ngettext(
            "{count} more found so far, {games} more game to look at",
            "{count} more found so far, {games} more games to look at",
            games,
        ).format(count=waiting, games=games)
    if not waiting:
        return _("the last one")
    return ngettext("{count} more to go", "{count} more to go", waiting).format(count=waiting)


def exercise_head(exercise: Exercise, *, titled: bool = False) -> Text:
    """``Game 12, placement 8 (deal 5): where would you put 7♠?``; ``titled``, under a title that already names
    the game and the placement (:func:`practice_title`): ``Deal 5: where would you put 7♠?``."""
    deal = exercise.before.seed
    fields = {"game": exercise.game_id, "n": exercise.step.n, "deal": deal, "card": exercise.step.card}
    if titled:
        said = (
            _("Deal {deal}: where would you put {card}?")
            if deal is not None
            else _("A deal given by hand: where would you put {card}?")
        )
    elif deal is not None:
        said = _("Game {game}, placement {n} (deal {deal}): where would you put {card}?")
    else:
        said = _("Game {game}, placement {n} (a deal given by hand): where would you put {card}?")
    return Text.filled(said, Tone.HEADING, **fields)


def unseen_line(before: Game, spell: Spelling) -> str:
    """The unseen cards counted rank by rank and the face-down count: all a player knows beside the table."""
    counts = [0] * len(RANKS)
    for card in before.stock[before.placed_count + 1 :]:
        counts[card.rank - 1] += 1
    if spell.words:
        ranks = counted_list([rank_count(r, counts[r - 1]) for r in RANKS])
    else:
        ranks = " ".join(f"{Card(r, 'C').rank_text}:{counts[r - 1]}" for r in RANKS)
    said = ngettext(
        "Unseen, in an order nobody knows: {count} card ({ranks}). Face down: {down} of {most}.",
        "Unseen, in an order nobody knows: {count} cards ({ranks}). Face down: {down} of {most}.",
        sum(counts),
    )
    return said.format(count=sum(counts), ranks=ranks, down=before.face_down_count, most=MAX_FACE_DOWN)


def exercise_lines(exercise: Exercise, spell: Spelling, waiting: int = 0, games: int = 0) -> list[str]:
    """A position to solve, in plain lines: the question, how many are left (:func:`to_go`), the table, the
    unseen cards, the cells and the keys."""
    before = exercise.before
    legal = (", " if spell.words else " ").join(cell_name(cell) for cell in before.legal_moves())
    return [
        spell.text(exercise_head(exercise)),
        _("Positions left after this one: {to_go}.").format(to_go=to_go(waiting, games)),
        *table_lines(before, spell),
        unseen_line(before, spell),
        _("It may go on: {cells}.").format(cells=legal),
        _(PLAIN_KEYS),
    ]


def attempt_head(attempt: Attempt) -> list[Text]:
    """What an answer is worth: whether it is as good as the expert's cell, what it costs otherwise, and (once
    the tries are spent) the expert's cell."""
    judged, step = attempt.judged, attempt.exercise.step
    fields = {
        "cell": cell_name(attempt.cell),
        "expert": cell_name(step.expert_cell),
        "cost": cost_words(judged),
        "verdict": verdict_phrase(judged.verdict),
        "apart": judged.cost,
    }
    if attempt.again:
        costs = _("Not the best: {cell} (where you put it in the game) costs {cost}, {verdict}.").format(**fields)
    else:
        costs = _("Not the best: {cell} costs {cost}, {verdict}.").format(**fields)
    if attempt.outcome is Outcome.SOLVED and attempt.cell == step.expert_cell:
        lines = [Text((_("Solved: {cell} is the expert's own cell.").format(**fields),), Tone.GOOD)]
    elif attempt.outcome is Outcome.SOLVED:
        if judged.cost:
            said = _(
                "Solved: {cell} is as good as the expert's cell, {expert} ({apart:.1f} cards apart, less than the "
                "search can tell)."
            )
        else:
            said = _("Solved: {cell} is as good as the expert's cell, {expert} (the same score).")
        lines = [Text((said.format(**fields),), Tone.GOOD)]
    elif attempt.repeated:
        said = _("{costs} That was your first try too: one more, on another cell.")
        lines = [Text((said.format(costs=costs),), Tone.BAD)]
    elif attempt.outcome is Outcome.TRY_AGAIN:
        lines = [Text((_("{costs} One more try.").format(costs=costs),), Tone.BAD)]
    else:
        lines = [Text((costs,), Tone.BAD), Text((_("The expert's cell is {expert}.").format(**fields),), Tone.HEADING)]
    if attempt.trouble is not None:
        said = _("It could not be kept as solved: {why}").format(why=attempt.trouble)
        lines.append(Text((said,), Tone.ERROR))
    return lines


def attempt_texts(attempt: Attempt) -> list[Text]:
    """:func:`attempt_head`, then the why: what the cells would do and expect (the expert's only once the
    position is solved or its tries are spent), and after the last try the best cells."""
    exercise = attempt.exercise
    before, step = exercise.before, exercise.step
    yours, best = step.line(attempt.cell), step.line(step.expert_cell)
    assert yours is not None and best is not None
    lines = attempt_head(attempt)
    if attempt.outcome is Outcome.TRY_AGAIN:
        return [*lines, *_why(before, [(yours, "yours")], False)]
    lines += _why(before, [(best, "the expert's"), (yours, "yours")], attempt.cell == step.expert_cell)
    if attempt.outcome is Outcome.SHOWN:
        lines.append(Text((_("The best cells: {cells}.").format(cells=_best_lines(step)),)))
    principle = principle_line(before, step)
    if principle is not None:
        lines.append(Text((principle,), Tone.DIM))
    return lines


def principle_line(before: Game, step: Step) -> str | None:
    """The principle of ``foursquare help strategy`` the position is about, as a pointer; None if none shows.

    Read from the placement made in the game (``step``) against the expert's cell: a stack where the
    expert opens a new pile early, a table left where some unseen cards lose wherever they go where the
    expert's leaves none, or the expert leaving more cards face down than the cell played.
    """
    if step.cell == step.expert_cell:
        return None
    if step.n <= GRID * GRID and before.pile(step.expert_cell) is None and before.pile(step.cell) is not None:
        return _("The principle: open new piles early (foursquare help strategy).")
    if step.danger[0].cards > step.danger[1].cards:
        return _("The principle: keep cells open for the aces and tens (foursquare help strategy).")
    if before.preview(step.expert_cell).face_down_count > before.preview(step.cell).face_down_count:
        return _("The principle: cards face down on purpose (foursquare help strategy).")
    return None


def _why(before: Game, lines: list[tuple[Line, str]], same: bool) -> list[Text]:
    """Each cell's line as a sentence (one, when the player's cell is the expert's)."""
    shown = lines[:1] if same else lines
    return [line_sentence(before, line, who if not same else "the expert's and yours") for line, who in shown]


def _best_lines(step: Step) -> str:
    """``c1 17.4 cards 98%, b2 17.0 cards 98%, a3 16.9 cards 96%``."""
    return counted_list(
        [
            _("{cell} {expected} cards {chance}").format(
                cell=cell_name(line.cell), expected=cards_text(line.expected), chance=chance_text(line.chance)
            )
            for line in step.lines[:3]
        ]
    )


def attempt_lines(attempt: Attempt, spell: Spelling) -> list[str]:
    """:func:`attempt_texts` as plain lines."""
    return [spell.text(text) for text in attempt_texts(attempt)]


def preparing_line(preparing: Preparing) -> str:
    """While the expert reviews a kept game to find positions in it."""
    said = ngettext(
        "The expert is reviewing game {game} ({count} placement) to find positions to practise…",
        "The expert is reviewing game {game} ({count} placements) to find positions to practise…",
        preparing.placements,
    )
    return said.format(game=preparing.game_id, count=preparing.placements)


def done_lines(done: AllDone) -> list[str]:
    """The end of a round: what was solved, what stays, and why a game could not be looked at."""
    lines = [
        _("The expert could not review a game: {why}.").format(why=fault_words(error))
        if error
        else _("The expert could not review a game: its review stopped.")
        for error in done.trouble
    ]
    lines += [
        pgettext("a reason as a sentence", "{reason}.").format(reason=capitalized(reason))
        for reason in done.unavailable
    ]
    if done.offered:
        fields = {"solved": done.solved, "offered": done.offered, "shown": done.shown}
        if done.shown:
            said = _(
                "That is every position for now: {solved} solved of {offered}, {shown} shown, "
                "to try again another time."
            )
        else:
            said = _("That is every position for now: {solved} solved of {offered}.")
        lines.append(said.format(**fields))
    elif not done.named:
        lines.append(
            _(
                "Nothing to practise: no kept game has an unsolved placement of yours that cost a card or more, "
                "or much of the chance to win."
            )
        )
    elif len(done.unavailable) < len(done.named):  # a game asked for is there, with nothing left to solve
        games = and_list([str(game_id) for game_id in done.named])
        said = ngettext(
            "Nothing to practise in game {games}: no unsolved placement of yours that cost a card or more, or much "
            "of the chance to win.",
            "Nothing to practise in games {games}: no unsolved placement of yours that cost a card or more, or much "
            "of the chance to win.",
            len(done.named),
        )
        lines.append(said.format(games=games))
    return lines


def not_an_answer(typed: str) -> str:
    """A line that is not a cell, s or q."""
    return _("{typed}: not a cell. {keys}").format(typed=typed, keys=_(PLAIN_KEYS))


def stopped_line(solved: int) -> str:
    """Practice left before the round's end."""
    said = ngettext(
        "Practice stopped: {count} position solved this time; the rest wait for the next time.",
        "Practice stopped: {count} positions solved this time; the rest wait for the next time.",
        solved,
    )
    return said.format(count=solved)
