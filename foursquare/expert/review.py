"""The review of a finished game: the expert's verdict on every placement, and the game in figures.

For each placement the expert judges the position the player had in front
of them (:meth:`Position.of <foursquare.expert.advice.Position.of>`: the
table, the card and the unseen cards as counts, never the stock's order),
and rates every cell it could have gone on (:class:`Line`).  It speaks in
the game's own currency, the score: the **expected score before** is what
the expert's own cell expects (cards left in the stock at the win, a loss
counting 0), the **expected score after** what the cell the player chose
expects (0 once that placement lost the game, the score once it won), and
the difference, the **cost** in cards, is the verdict (:func:`verdict`),
with the win chance before and after beside it (a drop of 20 points or a
loss at once is a blunder whatever the cards say).  Both come from the same
advice, so the expert's own cell costs nothing.  The expert also plays the
same deal from the start, so a player can compare scores.  Placements
autoplay made are judged and shown like the others, but the accuracy, the
count of verdicts and the worst placement are the player's own
(:meth:`Review.autoplayed`).

Pure: no I/O, no terminal.  The expert is passed in as a function of a
position (:data:`Judge`), so the same review comes from the real expert with
a node budget (the same on any machine, busy or idle) or from a test's fake.
:mod:`foursquare.expert.reviewing` runs a review in the background for a screen.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from foursquare.engine import Card, Cell, Game, Status, cell_name, parse_cell
from foursquare.engine.faults import Fault, Invalid
from foursquare.engine.game import Word
from foursquare.engine.values import Value, replace
from foursquare.expert.danger import NO_DANGER, Danger, danger_after
from foursquare.expert.faults import Flaw
from foursquare.expert.reasons import Why, why_of
from foursquare.expert.shown import tenths, whole_percent

if TYPE_CHECKING:  # the search is imported when a position is first judged: the verdicts' words load without it
    from foursquare.expert.advice import Advice, CancelFlag, Position

__all__ = [
    "ACCURACY_CURVE",
    "BLUNDER_POINTS",
    "PRACTICE_COST",
    "THRESHOLDS",
    "Judge",
    "Line",
    "NotOver",
    "Review",
    "Step",
    "Verdict",
    "accuracy",
    "before_placement",
    "check_reviewable",
    "expert_game",
    "expert_judge",
    "judge_step",
    "loses_at_once",
    "placement_accuracy",
    "played_out",
    "player_steps",
    "rated_lines",
    "replayed",
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
        """A mistake or a blunder: what the chart marks loudest."""
        return self in (Verdict.MISTAKE, Verdict.BLUNDER)

    @property
    def cost_something(self) -> bool:
        """Anything but best: what ``n``/``N`` step through."""
        return self is not Verdict.BEST

    @property
    def explained(self) -> bool:
        """An inaccuracy or worse: a placement the review says why of (:class:`~foursquare.expert.reasons.Why`)."""
        return self not in (Verdict.BEST, Verdict.GOOD)


THRESHOLDS: tuple[tuple[float, Verdict], ...] = (
    (0.5, Verdict.BEST),
    (1.0, Verdict.GOOD),
    (2.0, Verdict.INACCURACY),
    (4.0, Verdict.MISTAKE),
)
"""A cost below each figure (in cards of expected score, as read: to a tenth) earns that verdict; more is a blunder.

Chosen from ``python -m tests.benchmarks.verdicts`` (deals 300000-300039,
the review's 1,500,000 nodes; see ``foursquare help review``), and checked
again with the expert of today's horizon:

* ``best`` under 0.5: where the same position searched with half or four
  times the budget prefers another cell (110 of 1,478 searches), the
  reviewing search says that cell costs 0.1 (median), 0.3 (75th percentile),
  0.7 (90th); the search's own value of one cell moves 0.3 (75th percentile)
  between those searches.  0.5 lies above the median and the 75th
  percentile of both, so most cells the search cannot tell apart (83%) read
  best; the expert's own cell is best by construction.
* ``inaccuracy`` from 1.0 card: the issue's rule; 81% of stacks where the
  expert opens a pile cost that much (median 1.6), and greedy's cell more
  than a third of the time (median 0.6).
* ``mistake`` from 2.0: 9.5% of such stacks, 14% of greedy's cells, 43% of
  random cells.
* ``blunder`` from 4.0: 1.2% of stacks, 2.3% of greedy's cells, 25% of
  random cells (most of them a game thrown away).
"""

BLUNDER_POINTS = 20
"""A drop in win chance of this many points (as read: whole percentages) is a blunder whatever the cards say."""

PRACTICE_COST = 1.0
"""A placement that cost this many cards or more becomes a position to practise on (:attr:`Step.worth_practising`)."""

CACHE_VERSION = 4
"""The version of what :meth:`Review.to_cache` writes (2: expected scores and every cell's figures; 3: the
expected scores as the expert says them, shifted by :data:`~foursquare.expert.calibration.SCORE_OFFSETS`; 4: why
each costly placement cost what it did, and the danger after each)."""

ACCURACY_CURVE = (103.1668, 0.45, 3.1668)
"""A placement's accuracy from its cost ``c`` in cards: ``a·e^(−b·(c − best)) − c0``, 100 for a best placement.

``best`` is the first threshold of :data:`THRESHOLDS`: a placement the search
cannot tell from the expert's scores 100, and from there the curve is
lichess's (``a`` and ``c0`` are its figures) with ``b`` per card in place of
per point of win chance: a card reads about 79, two 49, four 18, 8.3 or more
0.  ``b`` is chosen so that seven stacks of a card or more among 25
placements read below 95 (``(17 × 100 + 7 × 79) / 24`` is 93.9); on
``python -m tests.benchmarks.verdicts --games-only`` (deals 300000-300039)
the expert's games read 100, a player that stacks one time in three where
the expert opens a pile 89.7 on average (its games with five stacks or more
93.6 at the highest), greedy 80.2 and random 67.5.
"""


def verdict(cost: float, drop_points: int = 0, *, loses_at_once: bool = False) -> Verdict:
    """The verdict on a placement that cost ``cost`` cards of expected score and ``drop_points`` of win chance.

    ``loses_at_once``: the placement lost the game there and then where another
    cell would not have; that, or a drop of :data:`BLUNDER_POINTS` or more, is a blunder.
    """
    if loses_at_once or drop_points >= BLUNDER_POINTS:
        return Verdict.BLUNDER
    for limit, name in THRESHOLDS:
        if cost < limit - 1e-9:  # the cost is read to a tenth: 1.0 is not below 1.0
            return name
    return Verdict.BLUNDER


def placement_accuracy(cost: float) -> float:
    """A placement's accuracy, 0 to 100, from the cards of expected score it cost (:data:`ACCURACY_CURVE`)."""
    a, b, c = ACCURACY_CURVE
    beyond = max(0.0, cost - THRESHOLDS[0][0])
    return 100.0 if beyond <= 0 else min(100.0, max(0.0, a * math.exp(-b * beyond) - c))


def accuracy(steps: Sequence[Step]) -> float:
    """The game's accuracy, 0 to 100: the mean accuracy of the placements where there was a choice.

    A placement with one legal cell (the first card, always) says nothing of
    the player; with no choice at all the game is 100.
    """
    chosen = [step.accuracy for step in steps if step.had_choice]
    return round(sum(chosen) / len(chosen), 1) if chosen else 100.0


Judge = Callable[["Position"], "Advice"]
"""The expert, as the review needs it: a position in, advice rating every legal cell out."""


def expert_judge(
    nodes: int | None = None, cancel: CancelFlag | None = None, known: Mapping[Position, Advice] | None = None
) -> Judge:
    """The real expert with a budget of ``nodes`` per placement (by default
    :data:`~foursquare.expert.advice.DEFAULT_NODES`) and no clock: every review of a game agrees.

    Positions seen twice (the player played the expert's cell, so its game
    and the expert's run together) are judged once.  ``known`` is advice
    already found with this budget and no clock (a screen's pondering), by
    position: the very advice the judge would find, taken as it is.
    """
    from foursquare.expert.advice import DEFAULT_NODES, advise

    budget = DEFAULT_NODES if nodes is None else nodes
    seen: dict[Position, Advice] = dict(known or {})

    def judge(position: Position) -> Advice:
        advice = seen.get(position)
        if advice is None:
            advice = seen[position] = advise(position, math.inf, nodes=budget, cancel=cancel)
        return advice

    return judge


class Line(Value):
    """One cell the card could go on, as the expert rates it: like a line of an analysis board."""

    cell: Cell
    expected: float
    """The expected score from there (cards left at the end, a loss 0), to a tenth of a card."""
    chance: float
    """The chance of winning from there (0 to 1), to four decimals."""

    def to_json(self) -> dict[str, Any]:
        return {"cell": cell_name(self.cell), "expected": self.expected, "chance": self.chance}

    @classmethod
    def from_json(cls, value: Any) -> Line:
        return cls(parse_cell(value["cell"]), float(value["expected"]), float(value["chance"]))


def rated_lines(before: Game, advice: Advice) -> tuple[Line, ...]:
    """Every cell ``advice`` rates for ``before``'s next card, rounded as kept: the expert's cell first, then
    the others by the expected score they show (then the win chance).

    The search ranks the cells it looked at deepest first, whatever their
    values; a list read by its numbers must fall as it goes.  A cell that
    ends the game at once is worth what it ends with: a win its score for
    certain, a loss 0.
    """
    scores = dict(advice.scores)
    lines = []
    for cell, chance in advice.ranking:
        expected = scores.get(cell, 0.0)
        outcome = before.preview(cell)
        if outcome.status is Status.WON:
            expected, chance = float(outcome.score or 0), 1.0
        elif outcome.status is Status.LOST:
            expected, chance = 0.0, 0.0
        lines.append(Line(cell, tenths(expected) / 10, round(min(1.0, max(0.0, chance)), 4)))
    best, *rest = lines
    rest.sort(key=lambda line: (-line.expected, -line.chance))  # stable: ties keep the search's order
    return (best, *rest)


def loses_at_once(before: Game, cell: Cell) -> bool:
    """Whether placing ``before``'s next card on ``cell`` loses there and then where some other cell would not."""
    return before.preview(cell).status is Status.LOST and not before.loses_wherever()


class Step(Value):
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
    expected_before: float = 0.0
    """The expected score before the placement, with the expert's cell (cards left at the end, a loss 0)."""
    expected_after: float = 0.0
    """The expected score after the player's placement: 0 once it lost the game, the score once it won."""
    lines: tuple[Line, ...] = ()
    """Every cell the card could go on, best first, with its expected score and chance."""
    lost_at_once: bool = False
    """The player's cell lost the game there and then where another cell would not have (never the expert's
    own cell: whatever the search says, that one is best)."""
    why: Why | None = None
    """Why the placement cost what it did, on an inaccuracy or worse (None elsewhere, or where the expert's advice
    did not say: a test's fake)."""
    danger: tuple[Danger, Danger] = (NO_DANGER, NO_DANGER)
    """The unseen cards that would then lose wherever they went: after the player's cell, after the expert's."""

    @property
    def drop(self) -> float:
        """The win chance the player's cell gave away (never below 0)."""
        return max(0.0, self.chance_before - self.chance_after)

    @property
    def drop_points(self) -> int:
        """The drop in win chance in whole points, as read: the percentage before less the one after."""
        return max(0, whole_percent(self.chance_before) - whole_percent(self.chance_after))

    @property
    def cost(self) -> float:
        """The cards of expected score the player's cell gave away, to a tenth, as read: before less after."""
        return max(0, tenths(self.expected_before) - tenths(self.expected_after)) / 10

    @property
    def verdict(self) -> Verdict:
        return verdict(self.cost, self.drop_points, loses_at_once=self.lost_at_once)

    @property
    def had_choice(self) -> bool:
        """Whether the card could go on more than one cell: a placement without a choice (the first card, always)
        is best by default and says nothing of the player, so the accuracy, the counts and practice leave it out."""
        return self.choices > 1

    @property
    def worth_practising(self) -> bool:
        """Whether practice offers it: there was a choice, and it cost :data:`PRACTICE_COST` cards or more, or
        was a blunder by the win chance it lost (or the game, at once), which late in a deal costs less."""
        return self.had_choice and (self.cost >= PRACTICE_COST or self.verdict is Verdict.BLUNDER)

    @property
    def accuracy(self) -> float:
        """This placement's accuracy, 0 to 100 (:func:`placement_accuracy`; a loss at once scores 0)."""
        return 0.0 if self.lost_at_once else placement_accuracy(self.cost)

    def line(self, cell: Cell) -> Line | None:
        """What the expert said of ``cell`` for this card; None if it is not one it could go on."""
        return next((line for line in self.lines if line.cell == cell), None)

    def to_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "n": self.n,
            "card": str(self.card),
            "cell": cell_name(self.cell),
            "expert_cell": cell_name(self.expert_cell),
            "chance_before": round(self.chance_before, 4),
            "chance_after": round(self.chance_after, 4),
            "verdict": self.verdict.value,
            "expected_before": tenths(self.expected_before) / 10,
            "expected_after": tenths(self.expected_after) / 10,
            "cost": self.cost,
            "lines": [line.to_json() for line in self.lines],
        }
        value["danger"] = {"yours": self.danger[0].to_json(), "expert": self.danger[1].to_json()}
        if self.why is not None and self.verdict.explained:
            value["why"] = self.why.to_json()
        return value


def judge_step(before: Game, cell: Cell, judge: Judge) -> Step:
    """The verdict on placing ``before``'s next card on ``cell``, from what the player could see then.

    The player's cell is judged against the expert's from the same advice (one
    search), so the expert's own cell costs nothing by construction.
    """
    from foursquare.expert.advice import Position
    from foursquare.expert.evaluation import WIN_BONUS

    position = Position.of(before)
    advice = judge(position)
    lines = rated_lines(before, advice)
    best = lines[0]
    mine = next((line for line in lines if line.cell == cell), Line(cell, 0.0, 0.0))
    step = Step(
        before.placed_count + 1,
        position.next_card,
        cell,
        best.cell,
        best.chance,
        mine.chance,
        len(lines),
        best.expected,
        mine.expected,
        lines,
        cell != best.cell and loses_at_once(before, cell),
        None,
        (danger_after(before, cell), danger_after(before, best.cell)),
    )
    if not step.verdict.explained:
        return step
    return replace(step, why=why_of(before, cell, best.cell, step.cost, dict(advice.replies), WIN_BONUS))


def before_placement(game: Game, n: int) -> Game:
    """``game`` as it was just before its placement ``n`` (1 for the first card): what the player saw then."""
    before = Game(game.stock, seed=game.seed)
    for cell in game.placements[: n - 1]:
        before.play(cell)
    return before


def replayed(game: Game) -> Iterator[tuple[Game, Cell]]:
    """Each placement of ``game`` with the game just before it (a copy), in one replay."""
    before = Game(game.stock, seed=game.seed)
    for cell in game.placements:
        yield before.copy(), cell
        before.play(cell)


def player_steps(game: Game, judge: Judge, first: int = 1) -> Iterator[Step]:
    """The verdict on each of ``game``'s placements from number ``first`` on, in order, one at a time."""
    for n, (before, cell) in enumerate(replayed(game), start=1):
        if n >= first:
            yield judge_step(before, cell, judge)


def expert_game(game: Game, judge: Judge, on_card: Callable[[int], None] | None = None) -> Game:
    """The expert's own game on ``game``'s deal, from the start, cards drawn in the stock's order.

    ``on_card`` is told how many cards the expert has placed after each.
    """
    from foursquare.expert.advice import Position

    return played_out(game, lambda own: judge(Position.of(own)).cell, on_card)


def played_out(game: Game, choose: Callable[[Game], Cell], on_card: Callable[[int], None] | None = None) -> Game:
    """``game``'s deal played from the start to its end, each card where ``choose`` says for the game so far.

    ``on_card`` is told how many cards are placed after each.  The expert's
    own game (:func:`expert_game`) is this with the expert's cells; a review
    split between processes chooses some of them from verdicts already in.
    """
    own = Game(game.stock, seed=game.seed)
    while not own.is_over:
        own.play(choose(own))
        if on_card is not None:
            on_card(own.placed_count)
    return own


class Review(Value):
    """A whole game reviewed: its result, each placement's verdict and the expert's own result on the deal."""

    deal: int | None
    result: Status
    score: int | None
    steps: tuple[Step, ...]
    expert_result: Status
    expert_score: int | None
    counts: Mapping[Verdict, int] = MappingProxyType({})
    """How many of the player's own placements got each verdict (none by default: an empty mapping no one can
    change)."""
    autoplayed_at: tuple[int, ...] = ()
    """The placements autoplay made, by number: judged like the others, but not the player's to answer for."""

    @classmethod
    def of(cls, game: Game, steps: Sequence[Step], expert_result: Status, expert_score: int | None) -> Review:
        """The review of ``game``, every placement taken as the player's until told otherwise (:meth:`autoplayed`)."""
        return cls(game.seed, game.status, game.score, tuple(steps), expert_result, expert_score, _counts(steps))

    def autoplayed(self, at: tuple[int, ...] | None) -> Review:
        """This review with placements ``at`` made by autoplay (None: not known, so all are the player's).

        Who made a placement is a fact of the game, kept with its help, not
        of the expert's work: a review made or kept without it is told here.
        """
        at = at or ()
        if at == self.autoplayed_at:
            return self
        return replace(self, counts=_counts(step for step in self.steps if step.n not in at), autoplayed_at=at)

    def by_autoplay(self, n: int) -> bool:
        """Whether autoplay made placement ``n``."""
        return n in self.autoplayed_at

    @property
    def own_steps(self) -> tuple[Step, ...]:
        """The placements the player made, not autoplay."""
        return tuple(step for step in self.steps if step.n not in self.autoplayed_at)

    @property
    def accuracy(self) -> float:
        """The accuracy of the player's own placements (:func:`accuracy`)."""
        return accuracy(self.own_steps)

    @property
    def has_accuracy(self) -> bool:
        """Whether the player made a placement with a choice: where autoplay made every one, the accuracy (100
        by :func:`accuracy`'s rule) says nothing of the player, and is not said."""
        return not self.autoplayed_at or any(step.had_choice for step in self.own_steps)

    @property
    def expected_start(self) -> float:
        """What the expert expected of the deal at the first card (cards left at the end, a loss 0)."""
        return self.steps[0].expected_before if self.steps else 0.0

    @property
    def worst(self) -> Step | None:
        """The player's own placement with the harshest verdict, then the most cards and win chance lost (the
        first of equals), or None if all were best: a blunder by win chance comes before a costlier mistake."""
        order = list(Verdict)
        worst = max(
            self.own_steps, key=lambda step: (order.index(step.verdict), step.cost, step.drop_points), default=None
        )
        return worst if worst is not None and worst.verdict is not Verdict.BEST else None

    def to_cache(self, nodes: int) -> dict[str, Any]:
        """The review as kept with the game: :meth:`to_json` and what else :meth:`from_cache` needs."""
        return {"version": CACHE_VERSION, "nodes": nodes, "review": self.to_json()}

    @classmethod
    def from_cache(cls, value: Any, game: Game, nodes: int) -> Review | None:
        """The review :meth:`to_cache` kept for ``game`` at ``nodes``; None if it is for another game or strength,
        or was kept by an older version (it is then made again)."""
        try:
            if value["version"] != CACHE_VERSION or value["nodes"] != nodes:
                return None
            review = value["review"]
            placements = review["placements"]
            befores = [before for before, _ in replayed(game)]
            if len(placements) != len(befores):
                return None
            steps = tuple(_kept_step(entry, before) for entry, before in zip(placements, befores, strict=True))
            expert = review["expert"]
            expert_result, expert_score = Status(expert["result"]), expert["score"]
        except (KeyError, TypeError, ValueError, IndexError):
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
        value: dict[str, Any] = {
            "deal": self.deal,
            "result": self.result.value,
            "score": self.score,
            "accuracy": self.accuracy,
            "expert": {"result": self.expert_result.value, "score": self.expert_score},
            "expected_start": tenths(self.expected_start) / 10,
            "placements": [step.to_json() for step in self.steps],
        }
        if self.autoplayed_at:  # only then: a game played alone reads as it always did
            if not self.has_accuracy:
                value["accuracy"] = None
            value["autoplayed_at"] = list(self.autoplayed_at)
            for entry in value["placements"]:
                entry["autoplay"] = self.by_autoplay(entry["n"])
        return value


def _counts(steps: Iterable[Step]) -> dict[Verdict, int]:
    """How many of ``steps`` with a choice got each verdict, every verdict named: a card with one cell to go on
    (the first, always) is best by default and says nothing of the player, as in :func:`accuracy`."""
    counts = Counter(step.verdict for step in steps if step.had_choice)
    return {name: counts[name] for name in Verdict}


def _kept_step(entry: Any, before: Game) -> Step:
    """A step as :meth:`Step.to_json` kept it, for the placement made on ``before``."""
    lines = tuple(Line.from_json(line) for line in entry["lines"])
    cell, expert_cell = parse_cell(entry["cell"]), parse_cell(entry["expert_cell"])
    if not lines or {line.cell for line in lines} != set(before.legal_moves()):
        raise Invalid(Fault(Flaw.KEPT_CELLS))
    why = entry.get("why")
    return Step(
        int(entry["n"]),
        Card.parse(entry["card"]),
        cell,
        expert_cell,
        float(entry["chance_before"]),
        float(entry["chance_after"]),
        len(lines),
        float(entry["expected_before"]),
        float(entry["expected_after"]),
        lines,
        cell != expert_cell and loses_at_once(before, cell),
        None if why is None else Why.from_json(why, before, cell, expert_cell),
        (danger_after(before, cell), danger_after(before, expert_cell)),  # exact by the rules, and quick
    )


class NotOver(Invalid):
    """Only a finished game is reviewed: this one has ``placed`` cards down and ``left`` in the stock."""

    def __init__(self, placed: int, left: int) -> None:
        super().__init__(Fault(Flaw.NOT_OVER, number=placed, count=left))
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
