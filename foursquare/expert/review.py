"""The review of a finished game: the expert's verdict on every placement, and the game in figures.

For each placement the expert judges the position the player had in front
of them (:meth:`Position.of <foursquare.expert.advice.Position.of>`: the
table, the card and the unseen cards as counts, never the stock's order),
and rates every cell it could have gone on.  The win chance *before* is the
chance with the expert's own cell, the chance *after* is the chance of the
cell the player chose (0 once that placement lost the game, 1 once it won),
and the drop between them, in points of win chance, is the verdict
(:func:`verdict`).  The expert also plays the same deal from the start, so a
player can compare scores.

Pure: no I/O, no terminal.  The expert is passed in as a function of a
position (:data:`Judge`), so the same review comes from the real expert with
a node budget (the same on any machine, busy or idle) or from a test's fake.
:mod:`foursquare.expert.reviewing` runs a review in the background for a screen.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from foursquare.engine import Card, Cell, Game, Status, cell_name, parse_cell
from foursquare.engine.game import Word
from foursquare.expert.advice import DEFAULT_NODES, Advice, CancelFlag, Position, advise

__all__ = [
    "ACCURACY_CURVE",
    "THRESHOLDS",
    "Judge",
    "NotOver",
    "Review",
    "Step",
    "Verdict",
    "accuracy",
    "check_reviewable",
    "expert_game",
    "expert_judge",
    "judge_step",
    "placement_accuracy",
    "player_steps",
    "review",
    "verdict",
]


class Verdict(Word):
    """How much a placement cost, mildest first."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def is_error(self) -> bool:
        """A mistake or a blunder: what ``n``/``N`` jump to."""
        return self in (Verdict.MISTAKE, Verdict.BLUNDER)


THRESHOLDS: tuple[tuple[float, Verdict], ...] = (
    (1.0, Verdict.BEST),
    (5.0, Verdict.GOOD),
    (10.0, Verdict.INACCURACY),
    (20.0, Verdict.MISTAKE),
)
"""A drop in win chance below each figure (in points: 0 to 100) earns that verdict; 20 points or more is a blunder."""

CACHE_VERSION = 1
"""The version of what :meth:`Review.to_cache` writes."""

ACCURACY_CURVE = (103.1668, 0.04354, 3.1668)
"""Lichess's curve from a drop of ``d`` points to a placement's accuracy: ``a·e^(−b·d) − c`` (100 at no drop)."""


def verdict(drop: float) -> Verdict:
    """The verdict on a placement that lost ``drop`` (0 to 1) of win chance."""
    points = max(0.0, drop) * 100
    for limit, name in THRESHOLDS:
        if points < limit:
            return name
    return Verdict.BLUNDER


def placement_accuracy(drop: float) -> float:
    """A placement's accuracy, 0 to 100, from the win chance (0 to 1) it gave away."""
    a, b, c = ACCURACY_CURVE
    return min(100.0, max(0.0, a * math.exp(-b * max(0.0, drop) * 100) - c))


def accuracy(steps: Sequence[Step]) -> float:
    """The game's accuracy, 0 to 100: the mean accuracy of the placements where there was a choice.

    A placement with one legal cell (the first card, always) says nothing of
    the player; with no choice at all the game is 100.
    """
    chosen = [placement_accuracy(step.drop) for step in steps if step.choices > 1]
    return round(sum(chosen) / len(chosen), 1) if chosen else 100.0


Judge = Callable[[Position], Advice]
"""The expert, as the review needs it: a position in, advice rating every legal cell out."""


def expert_judge(nodes: int = DEFAULT_NODES, cancel: CancelFlag | None = None) -> Judge:
    """The real expert with a budget of ``nodes`` per placement and no clock: every review of a game agrees.

    Positions seen twice (the player played the expert's cell, so its game
    and the expert's run together) are judged once.
    """
    seen: dict[Position, Advice] = {}

    def judge(position: Position) -> Advice:
        advice = seen.get(position)
        if advice is None:
            advice = seen[position] = advise(position, math.inf, nodes=nodes, cancel=cancel)
        return advice

    return judge


@dataclass(frozen=True, slots=True)
class Step:
    """The expert's view of one placement."""

    n: int
    """1 for the first card."""
    card: Card
    cell: Cell
    """Where the player put it."""
    expert_cell: Cell
    chance_before: float
    """The chance of winning before the placement, with the expert's cell."""
    chance_after: float
    """The chance of winning after the player's placement: 0 once it lost the game, 1 once it won."""
    choices: int
    """How many cells the card could go on."""

    @property
    def drop(self) -> float:
        """The win chance the player's cell gave away (never below 0)."""
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def verdict(self) -> Verdict:
        return verdict(self.drop)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "card": str(self.card),
            "cell": cell_name(self.cell),
            "expert_cell": cell_name(self.expert_cell),
            "chance_before": round(self.chance_before, 4),
            "chance_after": round(self.chance_after, 4),
            "verdict": self.verdict.value,
        }


def _settled(before: Game, cell: Cell, chance: float) -> float:
    """``chance`` for placing on ``cell``, or 1 or 0 when that placement ends the game at once."""
    outcome = before.preview(cell).status
    if outcome is Status.WON:
        return 1.0
    if outcome is Status.LOST:
        return 0.0
    return chance


def judge_step(before: Game, cell: Cell, judge: Judge) -> Step:
    """The verdict on placing ``before``'s next card on ``cell``, from what the player could see then."""
    position = Position.of(before)
    advice = judge(position)
    chances = dict(advice.ranking)
    chance_before = _settled(before, advice.cell, advice.win_chance)
    after = chance_before if cell == advice.cell else _settled(before, cell, chances.get(cell, 0.0))
    return Step(before.placed_count + 1, position.next_card, cell, advice.cell, chance_before, after, len(chances))


def _replay(game: Game) -> Iterator[tuple[Game, Cell]]:
    """Each placement of ``game`` with the game just before it."""
    before = Game(game.stock, seed=game.seed)
    for cell in game.placements:
        yield before.copy(), cell
        before.play(cell)


def player_steps(game: Game, judge: Judge, first: int = 1) -> Iterator[Step]:
    """The verdict on each of ``game``'s placements from number ``first`` on, in order, one at a time."""
    for n, (before, cell) in enumerate(_replay(game), start=1):
        if n >= first:
            yield judge_step(before, cell, judge)


def expert_game(game: Game, judge: Judge, on_card: Callable[[int], None] | None = None) -> Game:
    """The expert's own game on ``game``'s deal, from the start, cards drawn in the stock's order.

    ``on_card`` is told how many cards the expert has placed after each.
    """
    own = Game(game.stock, seed=game.seed)
    while not own.is_over:
        own.play(judge(Position.of(own)).cell)
        if on_card is not None:
            on_card(own.placed_count)
    return own


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game reviewed: its result, each placement's verdict and the expert's own result on the deal."""

    deal: int | None
    result: Status
    score: int | None
    steps: tuple[Step, ...]
    expert_result: Status
    expert_score: int | None
    counts: dict[Verdict, int] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, steps: Sequence[Step], expert_result: Status, expert_score: int | None) -> Review:
        counts = Counter(step.verdict for step in steps)
        return cls(
            game.seed,
            game.status,
            game.score,
            tuple(steps),
            expert_result,
            expert_score,
            {name: counts[name] for name in Verdict},
        )

    @property
    def accuracy(self) -> float:
        return accuracy(self.steps)

    @property
    def costliest(self) -> Step | None:
        """The placement that gave away the most win chance (the first of equals), or None if none gave any away."""
        worst = max(self.steps, key=lambda step: step.drop, default=None)
        return worst if worst is not None and worst.verdict is not Verdict.BEST else None

    def to_cache(self, nodes: int) -> dict[str, Any]:
        """The review as kept with the game: :meth:`to_json` and what else :meth:`from_cache` needs."""
        return {
            "version": CACHE_VERSION,
            "nodes": nodes,
            "review": self.to_json(),
            "choices": [step.choices for step in self.steps],
        }

    @classmethod
    def from_cache(cls, value: Any, game: Game, nodes: int) -> Review | None:
        """The review :meth:`to_cache` kept for ``game`` at ``nodes``; None if it is for another game or strength."""
        try:
            if value["version"] != CACHE_VERSION or value["nodes"] != nodes:
                return None
            review, choices = value["review"], value["choices"]
            placements = review["placements"]
            steps = tuple(
                Step(
                    entry["n"],
                    Card.parse(entry["card"]),
                    parse_cell(entry["cell"]),
                    parse_cell(entry["expert_cell"]),
                    float(entry["chance_before"]),
                    float(entry["chance_after"]),
                    int(count),
                )
                for entry, count in zip(placements, choices, strict=True)
            )
            expert = review["expert"]
            expert_result, expert_score = Status(expert["result"]), expert["score"]
        except (KeyError, TypeError, ValueError):
            return None
        if [step.cell for step in steps] != game.placements or [step.card for step in steps] != list(
            game.stock[: game.placed_count]
        ):
            return None
        if not isinstance(expert_score, (int, type(None))):
            return None
        return cls.of(game, steps, expert_result, expert_score)

    def to_json(self) -> dict[str, Any]:
        """The review for scripts: the keys ``foursquare review --json`` prints."""
        return {
            "deal": self.deal,
            "result": self.result.value,
            "score": self.score,
            "accuracy": self.accuracy,
            "expert": {"result": self.expert_result.value, "score": self.expert_score},
            "placements": [step.to_json() for step in self.steps],
        }


class NotOver(ValueError):
    """Only a finished game is reviewed: this one has ``placed`` cards down and ``left`` in the stock."""

    def __init__(self, placed: int, left: int) -> None:
        super().__init__(f"the game is not over: {placed} placed, {left} in the stock")
        self.placed = placed
        self.left = left


def check_reviewable(game: Game) -> None:
    """Raise :class:`NotOver` unless ``game`` is over: only a finished game is reviewed."""
    if not game.is_over:
        raise NotOver(game.placed_count, game.stock_left)


def review(game: Game, judge: Judge, *, on_step: Callable[[Step], None] | None = None) -> Review:
    """Review finished ``game`` with ``judge`` in this thread; ``on_step`` gets each verdict as it comes."""
    check_reviewable(game)
    steps: list[Step] = []
    for step in player_steps(game, judge):
        steps.append(step)
        if on_step is not None:
            on_step(step)
    expert = expert_game(game, judge)
    return Review.of(game, steps, expert.status, expert.score)
