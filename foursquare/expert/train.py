"""Train the learned horizon by self-play: ``python -m foursquare.expert.train``.

Temporal-difference learning on afterstates, as Szubert and Jaśkowski
trained n-tuple networks for 2048.  The player places each card where the
network (:mod:`foursquare.expert.learned`) values the afterstate most, one
placement ahead and no search; a won or lost table counts at its exact
value.  After each placement the afterstate before is moved towards the one
chosen now, TD(0): ``w += alpha / n · (V(next) - V(before))`` for each of its
``n`` weights, the value and the chance of winning alike (a win is worth
:data:`~foursquare.expert.evaluation.WIN_BONUS` plus its score, a loss 0).
The summary's weights start at the fitted horizon's values (or at the
weights of ``--start``), so the first games are played as the fitted
horizon would play them at one placement ahead.

A phase may explore (``:explore=SHARE``): that share of the placements goes
to one of the best :data:`~foursquare.expert.search.BEAM` cells at random,
while the afterstate before still moves towards the best one's value, so
the value learned stays that of the best play (as Q-learning learns from
the best move rather than the one made).  Why: the expert's search looks
past the best three cells for each card, not the best one alone, so its
value must be right on tables that a player one placement ahead never
leaves; played greedily, training sees only the tables of its own choices.

A run is one or more phases (``--phase FIRST:GAMES:RATE``): deals FIRST on,
in order, each once, the rate falling linearly from RATE to a tenth of it,
or with ``:coherent`` after it staying at RATE while each weight learns at
its own pace (temporal coherence, :class:`_Network`); each phase starts from
the weights as the one before would write them, so that ``--start`` from a
phase's file goes on exactly as one run would.  With no ``--phase`` the runs
of :data:`RUNS` are trained, each from the fitted horizon, and their
:func:`mean` written (``--mean FILE ...`` writes the mean of files already
trained): that is the file that ships, folded as the expert adds it up
(:func:`~foursquare.expert.learned.fold`: the same value, a quicker search).
``--out FILE`` writes the weights as trained instead.  ``--start`` and
``--mean`` read either: a folded file is unfolded exactly
(:func:`~foursquare.expert.learned.unfold`), so that a run can go on from
the weights that ship.  It is one run of two phases.  First deals 2,000,000 to
2,999,999, a range used for nothing else (the learning rate was chosen on
the first 4,000 of them; the figures of ``help expert`` come from deals 7000
on, never trained or tuned on), 44 minutes on one core of the shared machine
(384 deals a second); its last 20,000 deals won 93.4% of the time one
placement ahead.  Then deals 17,900,000 to 18,499,999, also used for
nothing else, the rate falling from 0.05 to 0.005, a fifth of the
placements exploring, by TD(lambda) at 0.5 (``:lambda=0.5``, below): 34
minutes with other work on both cores (294 deals a second), 89.5% of its
last 20,000 deals won (exploring costs some).  The second phase that
shipped before it learned by TD(0) on deals 8,200,000 to 8,799,999; on the
tuning deals 112800-114099 the expert scored 0.11 ± 0.18 cards a deal more
with this one (1,293 of 1,300 won against 1,287), on the report deals
16000-16999 0.16 ± 0.19 more (996 of 1,000 won against 993) and on
5000-5499 0.10 ± 0.23 less (498 of 500 won against 499).

A phase may learn by TD(lambda) (``:lambda=L``): the game is played to its
end by the weights it began with, then each afterstate moves towards its
lambda-return, the next placement's best value mixed at L with the return
of the afterstate chosen then, as long as that placement was the best one
(where it explored the mix stops, as Watkins's Q(lambda) cuts its trace, so
the value learned stays the best play's).  Why: what a placement is worth
shows a few cards later, when a line flips or the table fills, and the
return carries it back at once rather than one game at a time.  From the
fitted horizon at the first phase's rate of 0.5 it diverged (the weights
overflowed within the first thousand games, deals 17,900,000 on), so the
first phase stays TD(0).

What else was trained, measured on the tuning deals 102000-102299 against
the first phase's value, which shipped alone before the second (21.55 cards
a deal under the expert's search, 20.55 two placements ahead, 18.85 one
ahead), paired by deal:

* a second phase at a tenth of the rate (``--phase 4000000:500000:0.05``):
  two placements ahead 20.98, but 21.41 under the search (-0.14 ± 0.21);
* the same deals for 1,500,000 (``--phase 2000000:1500000:0.5``, 72
  minutes): 20.64 two ahead, 21.46 under the search (-0.09 ± 0.37), 17.83
  one ahead: past a million deals, more buys nothing;
* each weight at its own rate (``--phase 2000000:1000000:1.0:coherent``, 53
  minutes): faster at first (one placement ahead, 90.3% of the 20,000 deals
  after the first 100,000 won, against 85.6% with the rate falling over
  1,500,000), then level near 92.5%; 17.26 one ahead, 20.46 two ahead and
  21.34 under the search (-0.20 ± 0.28);
* the mean of that run and the one that ships, an ensemble at the cost of
  one value (``--mean``): 20.85 two ahead (+0.29 ± 0.43) but 21.23 under
  the search (-0.31 ± 0.38); the mean of all three, 20.98 two ahead (+0.42 ±
  0.42), scored 20.83 under the search against 21.06 on deals 103000-103299
  (-0.23 ± 0.56);
* two stages of weights, one for the tables of the first 13 placements (27
  cards or more unseen) and one for the rest, each begun at the weights
  that ship and trained on deals 5,000,000-5,499,999 (the rate falling from
  0.2 to 0.02, 25 minutes), measured on deals 104100-104399: 20.75 two
  placements ahead against 20.22 (+0.53 ± 0.53, and +0.67 ± 0.49 against
  the same deals trained with one stage), but 21.03 under the search against
  21.09 (-0.06 ± 0.33).  Its code is not kept;
* the weights that ship moved towards the search's own values: 137,000
  tables left by deals 6,000,000-6,003,699 and 6,005,000-6,008,799 played
  two placements ahead, each valued by the search two placements further
  (every next card, its three best cells, then every cell for the card
  after), then two passes at a rate of 0.1 (or four at 0.03).  On tables
  kept aside it is 1.11 cards from the search (root mean square) against
  1.53, but on deals 105000-105299 it scored 20.46 two placements ahead as
  the weights that ship do (0.00 ± 0.50), and 21.08 under the search
  against 21.15 (-0.08 ± 0.39; at 0.03, -0.01 ± 0.36).  Its code is not
  kept.

A better value two placements ahead has not yet made a better expert, nor
has a value taught by the search, nor a look four placements ahead at the
best two cells at seventeen times the time; four ahead at every cell has,
at ninety times the time (``help expert``).

A phase that explores draws its cells from a generator of its own, seeded
with ``--seed``; the same command writes the same weights.  numpy adds up
the look-ups (``pip install -e '.[train]'``); the program itself reads the
weights without it.  The learning curve is printed as it goes: for each
block of games the wins, the score a deal (a loss 0), what the network said
at each deal's first card and its mean TD error.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import random
import sys
import time
from array import array
from collections.abc import Sequence
from importlib import resources
from typing import Any, NamedTuple

from foursquare.engine.board import MAX_FACE_DOWN, SQUARE, Board, bits
from foursquare.engine.cards import shuffled_deck
from foursquare.expert.evaluation import WIN_BONUS, horizon_chance, horizon_value
from foursquare.expert.learned import (
    CHANCE_SCALE,
    CODES,
    FEATURES,
    TUPLES,
    VALUE_SCALE,
    DamagedWeights,
    FoldedWeights,
    codes,
    fold,
    pack,
    rare_index,
    read_trained,
    summary_index,
    unpack,
    write_weights,
)
from foursquare.expert.search import BEAM

__all__ = ["RUNS", "Phase", "main", "mean"]

_RANKS = 10
_COHERENT = "coherent"
"""What follows a phase's rate to make it coherent (:class:`_Network`)."""
_EXPLORE = "explore="
"""What comes before the share of a phase's placements that explore (:class:`Phase`)."""
_LAMBDA = "lambda="
"""What comes before a phase's lambda, if it learns by TD(lambda) (:func:`_returns`)."""


@functools.cache
def _tuples() -> Any:
    """:data:`~foursquare.expert.learned.TUPLES` as an array."""
    import numpy as np

    return np.array(TUPLES, dtype=np.intp)


def _features(rows: Any) -> Any:
    """:func:`~foursquare.expert.learned.features` of many afterstates at once, from their codes, summary and
    rare-card index (one row each)."""
    import numpy as np

    tuples = _tuples()
    size = CODES
    g = rows[:, :SQUARE]
    found = tuples[:, 0] + ((g[:, tuples[:, 1]] * size + g[:, tuples[:, 2]]) * size + g[:, tuples[:, 3]]) * size
    return np.concatenate((found + g[:, tuples[:, 4]], rows[:, SQUARE:]), axis=1)


def _start() -> tuple[Any, Any]:
    """Both networks before training: the n-tuples at 0, the summary at the fitted horizon."""
    import numpy as np

    value = np.zeros(FEATURES)
    chance = np.zeros(FEATURES)
    for d in range(MAX_FACE_DOWN + 1):
        for f in range(d + 1):
            for n in range(SQUARE + 1):
                for left in range(1, 41):
                    k = summary_index(d, n, f, left)
                    value[k] = horizon_value(d, n, f, left)
                    chance[k] = horizon_chance(d, n, f, left)
    return value, chance


class _Network:
    """One network's weights in training and, in a coherent phase, what sets each weight's own rate.

    Temporal coherence (Beal and Smith; Jaśkowski's 2048 program learns
    by it): a weight moves by the phase's rate times ``|Σ e| / Σ |e|`` of
    the errors ``e`` it has been moved by so far (1 before any), so that a
    weight whose errors agree keeps learning fast and one whose errors
    cancel out settles, each at its own pace, with no schedule to choose.
    """

    def __init__(self, weights: Any, coherent: bool) -> None:
        import numpy as np

        self.weights = weights
        self.sums: Any = np.zeros(len(weights)) if coherent else None
        self.sizes: Any = np.zeros(len(weights)) if coherent else None

    def learn(self, found: Any, target: float, step: float) -> float:
        """Move the value of ``found`` (its weights' indices) towards ``target``, ``step`` per weight; the error."""
        import numpy as np

        error = target - float(self.weights[found].sum())
        if self.sums is None:
            np.add.at(self.weights, found, step * error)
        else:
            sizes = self.sizes[found]
            own = np.divide(np.abs(self.sums[found]), sizes, out=np.ones_like(sizes), where=sizes > 0)
            np.add.at(self.weights, found, step * own * error)
            np.add.at(self.sums, found, error)
            np.add.at(self.sizes, found, abs(error))
        return error


Choice = tuple[float, int, int]
"""A placement :func:`_play` may make: its value, its cell (board index), and its row of features (-1 if it ends
the game)."""


def _choose(choices: list[Choice], explore: float, rng: random.Random) -> tuple[Choice, Choice]:
    """The placement to make and the one to learn from: the best (ties: the first cell in reading order), but a
    share ``explore`` of the time the placement made is one of the best :data:`~foursquare.expert.search.BEAM` at
    random, while the table before still learns what the best brings (the module's docstring says why)."""
    best = min(choices, key=_best_first)
    if explore and rng.random() < explore:
        return rng.choice(sorted(choices, key=_best_first)[:BEAM]), best
    return best, best


def _best_first(choice: Choice) -> tuple[float, int]:
    """How :func:`_choose` orders placements: the higher value first, then the first cell in reading order."""
    return -choice[0], choice[1]


Step = tuple[Any, float, float, bool]
"""What a game taught about one afterstate it chose: its features, the best value and chance of winning that the
next card brought, and whether the placement made then was that best one (:func:`_returns`)."""


def _returns(steps: list[Step], lam: float) -> list[tuple[Any, float, float]]:
    """Each afterstate of a game with its lambda-return, the last first (the order they learn in), the targets of
    TD(lambda): the best value one card on, mixed with the return of the afterstate chosen then at ``lam``, as far
    as the placements were the best ones.

    The mix stops where a placement explored, as Watkins's Q(lambda) cuts its trace: what an explored
    placement brought is not what the best one would have, and the value learned is the best play's
    (the module's docstring says why).
    """
    out: list[tuple[Any, float, float]] = []
    value = chance = 0.0
    for n, (features, best_value, best_chance, greedy) in enumerate(reversed(steps)):
        if n and greedy:
            value, chance = (1 - lam) * best_value + lam * value, (1 - lam) * best_chance + lam * chance
        else:
            value, chance = best_value, best_chance
        out.append((features, value, chance))
    return out


def _play(
    phase: Phase, n: int, value_net: _Network, chance_net: _Network, rng: random.Random
) -> tuple[int, float, float]:
    """Play the ``n``-th deal of ``phase`` once by the networks and learn from it as the phase does: its score (-1
    lost), the first value said, |TD error|.

    With the phase's lambda 0 each afterstate learns as soon as the next is chosen, TD(0); otherwise the game is
    played to its end by the same weights and each afterstate then learns its lambda-return (:func:`_returns`).
    """
    import numpy as np

    rate, explore, lam = phase.rate_at(n), phase.explore, phase.lam
    value, chance = value_net.weights, chance_net.weights
    errors = 0.0
    steps = 0

    def learn(features: Any, target_v: float, target_c: float) -> None:
        """Move both networks' value of ``features`` towards its targets, the error kept for the curve."""
        nonlocal errors, steps
        step = rate / len(features)
        errors += abs(value_net.learn(features, target_v, step))
        chance_net.learn(features, target_c, step)
        steps += 1

    ranks = [card.rank for card in shuffled_deck(phase.first + n)]
    counts = [0] + [len(ranks) // _RANKS] * _RANKS
    board = Board()
    before: Any = None  # the features of the afterstate chosen last
    first = 0.0
    score = -1
    taught: list[Step] = []
    for t, rank in enumerate(ranks):
        counts[rank] -= 1
        left = len(ranks) - 1 - t
        live: list[list[int]] = []
        live_cells: list[int] = []
        finals: list[tuple[int, float]] = []  # (cell, exact value) of tables that end the game
        for i in bits(board.legal()):
            undo = board.place(i, rank)
            down = board.down.bit_count()
            if down > MAX_FACE_DOWN:
                finals.append((i, 0.0))
            elif down == 0 and board.occ.bit_count() == SQUARE:
                finals.append((i, WIN_BONUS + left))
            elif left == 0:
                finals.append((i, 0.0))
            else:
                down = board.down
                live.append(
                    [
                        *codes(board),
                        summary_index(down.bit_count(), board.occ.bit_count(), (down & board.full).bit_count(), left),
                        rare_index(counts, left),
                    ]
                )
                live_cells.append(i)
            board.unplace(undo)
        found = _features(np.array(live, dtype=np.intp).reshape(len(live), SQUARE + 2))
        values = value[found].sum(axis=1)
        choices: list[Choice] = [(v, i, k) for k, (i, v) in enumerate(zip(live_cells, values.tolist(), strict=True))]
        choices += [(v, i, -1) for i, v in finals]
        made, best = _choose(choices, explore, rng)
        v, i, k = made
        target_v, _, target_k = best
        target_c = float(chance[found[target_k]].sum()) if target_k >= 0 else 1.0 if target_v > 0 else 0.0
        if before is None:
            first = target_v
        elif lam:
            taught.append((before, target_v, target_c, made == best))
        else:
            learn(before, target_v, target_c)
        board.place(i, rank)
        if k < 0:
            score = left if v > 0 else -1
            break
        before = found[k]
    for features, target_v, target_c in _returns(taught, lam):
        learn(features, target_v, target_c)
    return score, first, errors / max(steps, 1)


class Phase(NamedTuple):
    """One run of deals in order, each once: the learning rate falls linearly from ``rate`` to a tenth of it, or
    in a ``coherent`` phase stays at ``rate`` and each weight learns at its own pace (:class:`_Network`); a share
    ``explore`` of the placements goes to one of the best :data:`~foursquare.expert.search.BEAM` cells at random
    (the module's docstring says why); with ``lam`` above 0 it learns by TD(lambda) (:func:`_returns`)."""

    first: int
    games: int
    rate: float
    coherent: bool = False
    explore: float = 0.0
    lam: float = 0.0

    def __str__(self) -> str:
        return (
            f"{self.first}:{self.games}:{self.rate}"
            + (f":{_COHERENT}" if self.coherent else "")
            + (f":{_EXPLORE}{self.explore}" if self.explore else "")
            + (f":{_LAMBDA}{self.lam}" if self.lam else "")
        )

    def rate_at(self, n: int) -> float:
        """The rate for the ``n``-th deal of the phase, from 0."""
        return self.rate if self.coherent else self.rate * (1.0 - 0.9 * n / self.games)


RUNS: tuple[tuple[Phase, ...], ...] = (
    (Phase(2_000_000, 1_000_000, 0.5), Phase(17_900_000, 600_000, 0.05, explore=0.2, lam=0.5)),
)
"""The runs whose :func:`mean` ships, each from the fitted horizon: one, a million deals, the rate falling from 0.5
to 0.05, then 600,000 more by TD(lambda) at 0.5 with a fifth of the placements exploring, the rate falling from
0.05 to 0.005."""


def _share(rest: list[str], key: str) -> float:
    """The number from 0 to 1 after ``key`` if it comes first in ``rest`` (and off ``rest``), else 0."""
    if not rest or not rest[0].startswith(key):
        return 0.0
    share = float(rest.pop(0).removeprefix(key))
    if not 0.0 <= share <= 1.0:  # nor NaN
        raise ValueError
    return share


def _phase(text: str) -> Phase:
    """A phase from ``FIRST:GAMES:RATE``, then ``:coherent`` for a coherent one, ``:explore=SHARE`` for one that
    explores and ``:lambda=L`` for one that learns by TD(lambda), in that order."""
    try:
        first, games, rate, *rest = text.split(":")
        coherent = rest[:1] == [_COHERENT]
        rest = rest[coherent:]
        explore = _share(rest, _EXPLORE)
        lam = _share(rest, _LAMBDA)
        if rest:
            raise ValueError
        return Phase(int(first), int(games), float(rate), coherent, explore, lam)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"FIRST:GAMES:RATE, then :{_COHERENT}, :{_EXPLORE}SHARE and :{_LAMBDA}L if wanted (deal, deals, rate, a"
            f" share and a lambda from 0 to 1), not {text!r}"
        ) from None


Whole = tuple[list[int], list[int]]
"""Both networks' whole-number weights, as the file holds them (:func:`~foursquare.expert.learned.unpack`)."""


def _whole(value: Any, chance: Any) -> Whole:
    """Both networks rounded to the whole-number weights of the file."""
    import numpy as np

    return (
        np.rint(value * VALUE_SCALE).astype(np.int64).tolist(),
        np.rint(chance * CHANCE_SCALE).astype(np.int64).tolist(),
    )


def _floats(whole: Whole) -> tuple[Any, Any]:
    """Both networks from their whole-number weights, as training holds them: where ``--start`` and every phase
    after a run's first begin, so that a phase goes on from a file exactly as it would within one run."""
    import numpy as np

    value, chance = whole
    return np.array(value) / VALUE_SCALE, np.array(chance) / CHANCE_SCALE


def mean(networks: Sequence[Whole]) -> array[int]:
    """The network whose value is the mean of ``networks``' values, packed: each weight their mean, rounded.

    A value is a sum of weights, so the mean of the weights is the mean of
    the values (to the rounding): an ensemble at the cost of one network.
    """
    n = len(networks)
    return pack(*([round(sum(ws) / n) for ws in zip(*part, strict=True)] for part in zip(*networks, strict=True)))


def _report(block: list[tuple[int, float, float]], games: int, start: float) -> None:
    """One line of the learning curve, for the games of ``block``."""
    won = sum(s >= 0 for s, _, _ in block)
    score = sum(max(s, 0) for s, _, _ in block) / len(block)
    said = sum(f for _, f, _ in block) / len(block)
    error = sum(e for _, _, e in block) / len(block)
    speed = games / (time.perf_counter() - start)
    print(f"{games:>8} {won / len(block):>6.1%} {score:>6.2f} {said:>6.2f} {error:>8.3f} {speed:>8.1f}", flush=True)


def _run(phases: Sequence[Phase], start: tuple[Any, Any], seed: int, every: int) -> Whole:
    """Train from ``start`` (both networks, left as they are) through ``phases``, printing the learning curve.

    Each phase explores by a generator of its own, seeded with ``seed``, so that a phase begun from the file of
    the one before (``--start``) explores as it does within the run.
    """
    value, chance = start[0].copy(), start[1].copy()
    for k, phase in enumerate(phases):
        if k:  # from the weights as the phase before would write them, so that --start from its file goes on exactly
            value, chance = _floats(_whole(value, chance))
        print(
            f"# deals {phase.first}-{phase.first + phase.games - 1}, rate {phase.rate}"
            + (" (coherent)" if phase.coherent else "")
            + (f", explore {phase.explore}, seed {seed}" if phase.explore else "")
            + (f", lambda {phase.lam}" if phase.lam else "")
        )
        print(f"{'games':>8} {'won':>6} {'score':>6} {'said':>6} {'|error|':>8} {'games/s':>8}")
        begun = time.perf_counter()
        block: list[tuple[int, float, float]] = []
        value_net, chance_net = _Network(value, phase.coherent), _Network(chance, phase.coherent)
        rng = random.Random(seed)
        for n in range(phase.games):
            block.append(_play(phase, n, value_net, chance_net, rng))
            if len(block) == every or n + 1 == phase.games:
                _report(block, n + 1, begun)
                block = []
    return _whole(value, chance)


def _read(path: str) -> Whole:
    """The whole-number weights as trained of a file of weights, unfolded if it was folded for the expert (as the
    package's ``learned.bin`` is); :class:`OSError` or :class:`DamagedWeights` if unreadable
    (:class:`~foursquare.expert.learned.FoldedWeights` if folded from no network as trained)."""
    with open(path, "rb") as f:
        return unpack(read_trained(f.read()))


def _why(error: Exception) -> str:
    """Why a file of weights could not be read, for the message that refuses it."""
    if isinstance(error, FoldedWeights):
        return (
            "its weights are folded for the expert, but from no weights that training leaves (each table the same"
            " for its cells read in every order), so there is nothing to go on from: use weights a run wrote, with"
            " --out or as the package's learned.bin"
        )
    if isinstance(error, DamagedWeights):
        found = f" (it holds {error.args[0]:,} weights, a network {FEATURES:,})" if error.args else ""
        return f"it is not a file of weights that training or the package writes{found}"
    if isinstance(error, OSError) and error.strerror:  # "No such file or directory", without the errno around it
        return error.strerror
    return str(error)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foursquare.expert.train", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--phase",
        type=_phase,
        action="append",
        metavar="FIRST:GAMES:RATE",
        help="deals FIRST on, GAMES of them, the rate falling from RATE (or with :coherent after it, each weight"
        " at its own rate; with :explore=SHARE after that, that share of the placements to one of the best few"
        " cells at random; with :lambda=L last, learning by TD(lambda)); again for each phase of one run (default: the"
        " mean of the runs " + " and ".join(" then ".join(map(str, run)) for run in RUNS) + ")",
    )
    parser.add_argument(
        "--start",
        help="begin from the weights in this file (as trained, or folded as the package's learned.bin) rather than"
        " from the fitted horizon",
    )
    parser.add_argument("--mean", nargs="+", metavar="FILE", help="train nothing: write the mean of these weights")
    parser.add_argument("--seed", type=int, default=41, help="seeds the placements that explore (default: 41)")
    parser.add_argument("--every", type=int, default=1000, help="games per line of the learning curve")
    parser.add_argument(
        "--out",
        help="where to write the weights as trained (default: the package's learned.bin, folded as the expert reads"
        " them; --start and --mean read either)",
    )
    args = parser.parse_args(argv)
    if args.mean and (args.phase or args.start):
        parser.error("--mean trains nothing: it takes no --phase or --start")
    out = args.out or str(resources.files("foursquare.expert").joinpath("learned.bin"))
    folded = args.out is None
    begun = time.perf_counter()
    if args.mean:
        networks = []
        for path in args.mean:
            try:
                networks.append(_read(path))
            except (OSError, DamagedWeights) as error:
                print(f"cannot read the weights of {path} to average: {_why(error)}", file=sys.stderr)
                return 1
    else:
        if importlib.util.find_spec("numpy") is None:
            print("training needs numpy: pip install -e '.[train]'", file=sys.stderr)
            return 1
        if args.start:
            try:
                whole = _read(args.start)
                if len(whole[0]) != FEATURES:  # a file of weights, but not of a whole network to go on from
                    raise DamagedWeights(len(whole[0]))
                start = _floats(whole)
            except (OSError, DamagedWeights) as error:
                print(f"cannot start from {args.start}: {_why(error)}", file=sys.stderr)
                return 1
        else:
            start = _start()
        runs = [args.phase] if args.phase else RUNS
        networks = [_run(run, start, args.seed, args.every) for run in runs]
    weights = mean(networks)
    write_weights(out, fold(weights) if folded else weights, folded=folded)
    print(f"# wrote {out} in {time.perf_counter() - begun:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
