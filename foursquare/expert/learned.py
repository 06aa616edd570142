"""A learned horizon: an n-tuple network that values an afterstate, trained by self-play.

An *afterstate* is the table just after a placement, before the next card is
known, with what is still unseen.  Its value is what the search maximises at
its horizon (:data:`~foursquare.expert.evaluation.WIN_BONUS` times the chance
of winning plus the expected score, a loss counting 0), and beside it the
chance of winning alone, so that the expert can say both as it does with the
fitted horizon (:mod:`foursquare.expert.evaluation`).  Each is a sum of
table look-ups (Szubert and Jaśkowski's n-tuple network for 2048):

* **the table**, seen in the 4×4 box anchored at its top-left occupied row and
  column (every table fits one, and always within the search's 7×7 board):
  each cell is one of 23 codes, empty, face down (on a full pile or not) or
  face up with its rank (on a full pile or not).  A pile's height below four
  is left out: only a full pile cannot be covered, and a face-down card on it
  can only be turned back by a flip.  Five shapes of four cells are looked up
  in all eight symmetries of the square (rows and columns play the same part
  in the rules, and so do both directions of each): an outer line and an inner
  one (flips are decided line by line), and the 2×2 squares of a corner, an
  edge and the centre (where piles grow next to one another).  Forty look-ups
  of 23⁴ entries per shape;
* **the summary** the fitted horizon reads (face-down cards, piles,
  face-down cards on full piles, cards unseen): one entry per combination,
  started at the fitted horizon's own value so that self-play begins where
  the hand-fitted expert stands;
* **the unseen aces and tens** by the cards unseen: an ace or a ten is always
  extreme in a line unless one like it shows there, so they decide flips.

Why these: the 2048 programs' lines and squares, fitted to a game whose flips
are decided by lines and whose piles grow side by side; the table alone
cannot say how many cards are still to come, so the summary carries it.  The
learning rate was chosen on the training deals' own learning curve (4,000
games each, the last thousand's wins at one placement ahead): 43% at 0.02,
52% at 0.1, 71% at 0.3, 69% at 1.0; the run starts at 0.5, and its
second phase explores (:mod:`foursquare.expert.train` says how and why).

What it is worth is measured in ``help expert`` (deals 7000-7499, never
trained or tuned on): it is the default expert's horizon.  Judged by its
look-ups, a table costs it far more than the fitted line's one look-up for
every rank; :meth:`Learned.sweep` judges every rank on every cell of a table
at once, sharing the look-ups a placement leaves alone, so that the search
can look two placements ahead everywhere, three at its best few and four at
a close call.

The expert adds up seventeen look-ups, not forty (:func:`fold`): the images
of a shape that read the same four cells in another order (a line read both
ways, the centre square in all eight) are one look-up into the sum of their
tables.  The value is the same to the bit, and the search a quarter quicker
(``help expert`` has the figures); training keeps the forty, which are what
it learns.

The weights are whole numbers (:data:`VALUE_SCALE`, :data:`CHANCE_SCALE` to a
unit) so that the sum is exact and the same on every machine; they ship in
the package, folded, as ``learned.bin`` and are read on first use only, so
that a game that asks for no tip never pays for them.  ``python -m
foursquare.expert.train`` writes them (see there for the deals, the seed and
the schedule).
"""

from __future__ import annotations

import functools
import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from importlib import resources
from operator import add

from foursquare.engine.board import COL_MASK_OF, PILE_LIMIT, ROW_MASK_OF, WIDTH, Board, bits
from foursquare.engine.sizes import GRID, MAX_FACE_DOWN, SQUARE
from foursquare.expert.evaluation import WIN_BONUS

__all__ = [
    "CHANCE_SCALE",
    "CODES",
    "FEATURES",
    "FOLDED",
    "LIVE_MOST",
    "SHAPES",
    "TUPLES",
    "TUPLE_SIZE",
    "VALUE_SCALE",
    "DamagedWeights",
    "FoldedWeights",
    "Learned",
    "codes",
    "features",
    "fold",
    "learned",
    "pack",
    "rare_index",
    "read_trained",
    "read_weights",
    "summary_index",
    "unfold",
    "unpack",
    "write_weights",
]

CODES = 23
"""What a cell of the box can be: empty, face down (full pile or not), face up by rank (full pile or not)."""
_PAIR = CODES * CODES
_MAX_LEFT = 40

SHAPES: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (0, 1), (0, 2), (0, 3)),  # an outer line
    ((1, 0), (1, 1), (1, 2), (1, 3)),  # an inner line
    ((0, 0), (0, 1), (1, 0), (1, 1)),  # a corner square
    ((0, 1), (0, 2), (1, 1), (1, 2)),  # an edge square
    ((1, 1), (1, 2), (2, 1), (2, 2)),  # the centre square
)
"""The tuples' shapes as (row, column) in the 4×4 box, each looked up in the square's eight symmetries."""
TUPLE_SIZE = CODES**4
"""Entries of one shape's table."""


def _symmetries(cell: tuple[int, int]) -> list[int]:
    """Where ``cell`` goes under each of the square's eight symmetries, as a position 0-15 in the box."""
    r, c = cell
    last = GRID - 1
    images = [(r, c), (c, last - r), (last - r, last - c), (last - c, r)]  # the rotations
    images += [(r, last - c) for r, c in images]  # and each mirrored
    return [r * GRID + c for r, c in images]


TUPLES: tuple[tuple[int, int, int, int, int], ...] = tuple(
    (shape * TUPLE_SIZE, *cells)
    for shape, cells_of in enumerate(SHAPES)
    for cells in zip(*(_symmetries(cell) for cell in cells_of), strict=True)
)
"""Every look-up of the network as it is trained: the offset of its shape's table, then its four positions in the
box."""

Tuple = tuple[int, int, int, int, int]
"""A look-up: the offset of its table, then the four positions of the box it reads."""


def _folds() -> tuple[tuple[Tuple, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The look-ups of the folded network, one for each set of four cells that a shape's images read, and for
    each shape the orders in which its images read the same cells: for each, the places in the folded look-up of
    the cells it reads first, second, third and fourth (:func:`fold`)."""
    folded: list[Tuple] = []
    orders_of: list[tuple[tuple[int, ...], ...]] = []
    for shape in range(len(SHAPES)):
        same: dict[frozenset[int], list[Tuple]] = {}
        for look_up in TUPLES:
            if look_up[0] == shape * TUPLE_SIZE:
                same.setdefault(frozenset(look_up[1:]), []).append(look_up)
        folded += [images[0] for images in same.values()]
        orders = {
            tuple(sorted(tuple(images[0].index(p, 1) - 1 for p in image[1:]) for image in images))
            for images in same.values()
        }
        assert len(orders) == 1, "every set of cells of a shape is read in the same orders"
        orders_of.append(orders.pop())
    return tuple(folded), tuple(orders_of)


FOLDED, _ORDERS = _folds()
"""The look-ups the expert adds up: :data:`TUPLES` with those that read the same four cells in another order made one
(the centre square's eight images are one, each line's two directions are one), a quarter less time for the same
value to the bit (:func:`fold`)."""

_PLACES = (CODES**3, CODES**2, CODES, 1)


def _pairs(tuples: Sequence[Tuple]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]:
    """The pairs of cells that ``tuples`` are made of, and each look-up as the offset of its table and the places of
    its two pairs among them: the same pairs serve several look-ups."""
    pairs = tuple(sorted({pair for _, a, b, c, d in tuples for pair in ((a, b), (c, d))}))
    return pairs, tuple((off, pairs.index((a, b)), pairs.index((c, d))) for off, a, b, c, d in tuples)


_TRAINED_PAIRS = _pairs(TUPLES)
_FOLDED_PAIRS = _pairs(FOLDED)
# for each position of the box: the look-ups (by their place in :data:`FOLDED`) that read it, with what its code
# is multiplied by there
_READ_BY: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((t, _PLACES[tup.index(p, 1) - 1]) for t, tup in enumerate(FOLDED) if p in tup[1:]) for p in range(SQUARE)
)
_READS_AT = tuple(frozenset(t for t, _ in read) for read in _READ_BY)
# _SCALED[p][r]: how far each look-up reading position p moves when a card of rank r lies there (not before)
_SCALED = tuple(tuple(tuple(times * r for _, times in read) for r in range(11)) for read in _READ_BY)
_TIMES = tuple(tuple(times for _, times in read) for read in _READ_BY)
# ranks one apart are a look-up's place apart in its table, so that one slice holds a look-up at every rank: quicker
# than looking up rank by rank once this many ranks are judged together
_SLICED = 4
_RANKS_IN = tuple(tuple(r for r in range(11) if mask >> r & 1) for mask in range(1 << 11))
# the ranks of a set of ranks (bit r for rank r), lowest first: read from a table, not a generator, since the
# sweep reads them for every cell

_SUMMARY = TUPLE_SIZE * len(SHAPES)
_D_STRIDE = (MAX_FACE_DOWN + 1) * (SQUARE + 1) * (_MAX_LEFT + 1)
_F_STRIDE = (SQUARE + 1) * (_MAX_LEFT + 1)
_N_STRIDE = _MAX_LEFT + 1
_RARE = _SUMMARY + (MAX_FACE_DOWN + 1) * _D_STRIDE
_FEATURES_END = _RARE + (_MAX_LEFT + 1) * (GRID + 1) * (GRID + 1)
FEATURES = _FEATURES_END
"""How many weights each of the two networks (value and chance) has."""

VALUE_SCALE = 1024
"""Weights of the value are whole numbers of 1/1024 of a card."""
CHANCE_SCALE = 16384
"""Weights of the chance are whole numbers of 1/16384."""

# where a cell of the box is on the board, from the board index of the box's top-left cell
_BOX = tuple(r * WIDTH + c for r in range(GRID) for c in range(GRID))
_ORIGIN_OFFSET = (GRID - 1) * WIDTH + (GRID - 1)  # the board index of (row, col) is (row + 3) * 8 + col + 3


def summary_index(down: int, piles: int, down_full: int, left: int) -> int:
    """Where the summary's weight is, for a live table."""
    return _SUMMARY + down * _D_STRIDE + down_full * _F_STRIDE + piles * _N_STRIDE + left


def codes(board: Board) -> list[int]:
    """The 16 cells of the table's box, in reading order, each as one of :data:`CODES` codes."""
    return _codes(board, (board.r0 * WIDTH + board.c0) + _ORIGIN_OFFSET)


def _codes(board: Board, base: int) -> list[int]:
    """The 16 cells of the 4×4 box whose top-left cell has board index ``base``, each as one of :data:`CODES`."""
    occ = board.occ
    down = board.down
    full = board.full
    ranks = board.rank
    out = []
    for k in _BOX:
        i = base + k
        if not occ >> i & 1:
            out.append(0)
        elif down >> i & 1:
            out.append(1 + (full >> i & 1))
        else:
            out.append(ranks[i] + 2 + 10 * (full >> i & 1))
    return out


def features(board: Board, counts: Sequence[int], left: int) -> list[int]:
    """The weights an afterstate adds up in the network as trained: its 40 tuples, its summary and its unseen aces
    and tens.

    ``counts[r]`` is how many unseen cards have rank ``r`` (index 0 unused), ``left`` their sum.
    """
    return _features(board, counts, left, _TRAINED_PAIRS)


def _features(
    board: Board,
    counts: Sequence[int],
    left: int,
    by: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]],
) -> list[int]:
    """:func:`features` by the look-ups ``by`` (:func:`_pairs`): the network as trained, or folded."""
    out = _look_ups(codes(board), by)
    down = board.down
    out.append(summary_index(down.bit_count(), board.occ.bit_count(), (down & board.full).bit_count(), left))
    out.append(rare_index(counts, left))
    return out


def _look_ups(g: list[int], by: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]) -> list[int]:
    """Where each look-up of ``by`` (:func:`_pairs`) reads its table, for the box's codes ``g``."""
    pairs_of, by_pairs = by
    pairs = [g[a] * CODES + g[b] for a, b in pairs_of]
    return [off + pairs[high] * _PAIR + pairs[low] for off, high, low in by_pairs]


def rare_index(counts: Sequence[int], left: int) -> int:
    """Where the weight of the unseen aces and tens is, ``left`` cards unseen."""
    return _RARE + (left * (GRID + 1) + counts[1]) * (GRID + 1) + counts[10]


class DamagedWeights(ValueError):
    """The weights are not what :func:`write_weights` writes (or not :data:`FEATURES` of them): a broken install,
    never a player's doing; the number of weights found, where there are any."""


LIVE_MOST = 1.0 - 1.0 / CHANCE_SCALE
"""The highest chance the learned value gives a table still in play: only a won table is certain."""

_HALF = 1 << 31
_LOW = (1 << 32) - 1


class Learned:
    """The learned horizon: the value and the chance of winning of a live afterstate.

    Read by the search (:mod:`foursquare.expert.search`) where the fitted
    horizon's :class:`~foursquare.expert.evaluation.Leaves` would be.  Each
    weight holds both networks' in one whole number (the value's times 2³²
    plus the chance's), so that one sum of look-ups gives both.  The weights
    are folded (:func:`fold`): the expert adds up :data:`FOLDED`.
    """

    __slots__ = ("weights",)

    def __init__(self, weights: Sequence[int]) -> None:
        if len(weights) != FEATURES:
            raise DamagedWeights(len(weights))
        self.weights = weights

    def judge(self, board: Board, counts: Sequence[int], left: int) -> tuple[float, float]:
        """The value and the chance of a live afterstate (``left`` unseen cards, ``counts`` by rank).

        Each is kept within what the table can still bring: a win at the
        soonest scores the cards left after the missing piles (one at least),
        and a chance lies between 0 and 1, short of certain (:data:`LIVE_MOST`), so that the search's bounds hold
        and only a win it sees is said to be sure.
        """
        total = sum(map(self.weights.__getitem__, _features(board, counts, left, _FOLDED_PAIRS)))
        return _judged(total, WIN_BONUS + left - max(SQUARE - board.occ.bit_count(), 1))

    def sweep(
        self,
        board: Board,
        counts: list[int],
        left: int,
        every: dict[int, list[tuple[float, float, int]]] | None = None,
    ) -> list[tuple[int, float, float, int]]:
        """One placement from the horizon: for each rank with a count, its best legal cell, as ``(rank, value,
        chance, index)``; what placing it everywhere and :meth:`judge` say, for far fewer look-ups.

        ``left`` counts the unseen cards with the one being placed; a table the placement ends is worth what the
        game's end brings, and ties keep the first cell, as the search's loop over cells does.  Why it is quicker:
        the look-ups that read no cell a placement changes are the table's own, added up once; those that read only
        turned cells differ by which lines turn (four ways at most a cell, and what a line's turning moves is the
        same for every cell placed in it), and only the few that read the placed cell differ by rank, where one
        slice of a look-up's table holds it at every rank.
        """
        weights = self.weights
        get = weights.__getitem__
        occ, down, full, ranks, height = board.occ, board.down, board.full, board.rank, board.height
        after = left - 1
        live = [r for r in range(1, 11) if counts[r]]
        live_mask = sum(1 << r for r in live)
        rare = [0] * 11
        for r in live:
            rare[r] = get(_RARE + (after * (GRID + 1) + counts[1] - (r == 1)) * (GRID + 1) + counts[10] - (r == 10))
        best_value = [0.0] * 11
        best_chance = [0.0] * 11
        best_at = [-1] * 11
        # the table seen from a box: its codes, its look-ups, their weights and their sum
        frames: dict[int, tuple[list[int], list[int], list[int], int]] = {}
        # by the box and a line's cells (the box's index above the cells' bits): how far each look-up reading them
        # moves when they turn, the same for every cell placed in that line (:func:`_line_moved`)
        moves: dict[int, dict[int, int]] = {}
        for i in bits(board.legal()):
            bit = 1 << i
            r0 = min(board.r0, (i >> 3) - 3)  # a new pile above or left of the table moves the box
            c0 = min(board.c0, (i & 7) - 3)
            base = (r0 * WIDTH + c0) + _ORIGIN_OFFSET
            frame = frames.get(base)
            if frame is None:
                g = _codes(board, base)
                found = _look_ups(g, _FOLDED_PAIRS)
                found_weights = list(map(get, found))
                frame = frames[base] = g, found, found_weights, sum(found_weights)
            g, found, found_weights, whole = frame
            k = i - base
            p = (k >> 3) * GRID + (k & 7)
            row = occ & ROW_MASK_OF[i] & ~bit
            col = occ & COL_MASK_OF[i] & ~bit
            # the live ranks that turn each line over: those outside its face-up ranks' span
            row_turns = live_mask & ~_between(row & ~down, ranks) if row else 0
            col_turns = live_mask & ~_between(col & ~down, ranks) if col else 0
            piles = (occ | bit).bit_count()
            now_full = full | bit if occ & bit and height[i] + 1 >= PILE_LIMIT else full
            placed = 12 if now_full & bit else 2
            for by, turned in (
                (live_mask & ~row_turns & ~col_turns, 0),
                (row_turns & ~col_turns, row),
                (col_turns & ~row_turns, col),
                (row_turns & col_turns, row | col),
            ):
                if not by:
                    continue
                now_down = (down & ~bit) ^ turned
                d = now_down.bit_count()
                ended = _end(d, piles, after)
                if ended is not None:
                    for r in _RANKS_IN[by]:
                        if every is not None:
                            every.setdefault(r, []).append((*ended, i))
                        if ended[0] > best_value[r]:
                            best_value[r], best_chance[r] = ended
                            best_at[r] = i
                    continue
                if not turned:
                    shift: dict[int, int] = {}
                elif turned in (row, col):
                    shift = _line_moved(moves, turned, base, g, full, down, ranks)
                else:  # both lines turn: what each one's turning moves, added up
                    shift = dict(_line_moved(moves, row, base, g, full, down, ranks))
                    for t, moved in _line_moved(moves, col, base, g, full, down, ranks).items():
                        shift[t] = shift.get(t, 0) + moved
                rest = whole + get(summary_index(d, piles, (now_down & now_full).bit_count(), after))
                reads_p = _READS_AT[p]
                for t, moved in shift.items():
                    if t not in reads_p:
                        rest += get(found[t] + moved) - found_weights[t]
                at_p = []
                lift = placed - g[p]
                for t, times in _READ_BY[p]:
                    rest -= found_weights[t]
                    at_p.append(found[t] + shift.get(t, 0) + times * lift)
                if by.bit_count() >= _SLICED:  # each look-up at every rank in one slice of its table
                    ten = [weights[a + t : a + t * 11 : t] for a, t in zip(at_p, _TIMES[p], strict=True)]
                    sums = list(map(sum, zip(*ten, strict=True)))
                    by_rank = [(r, sums[r - 1]) for r in _RANKS_IN[by]]
                else:
                    scaled = _SCALED[p]
                    by_rank = [(r, sum(map(get, map(add, at_p, scaled[r])))) for r in _RANKS_IN[by]]
                most = WIN_BONUS + after - max(SQUARE - piles, 1)
                for r, at_rank in by_rank:
                    total = rest + rare[r] + at_rank
                    # the value's part, without the chance's (the low 32 bits, signed): is this cell worth more?
                    if every is not None or (total + _HALF) >> 32 > best_value[r] * VALUE_SCALE:
                        value, said = _judged(total, most)
                        if every is not None:
                            every.setdefault(r, []).append((value, said, i))
                        if value > best_value[r]:
                            best_value[r] = value
                            best_chance[r] = said
                            best_at[r] = i
        return [(r, best_value[r], best_chance[r], best_at[r]) for r in live]


def _line_moved(
    moves: dict[int, dict[int, int]],
    line: int,
    base: int,
    g: list[int],
    full: int,
    down: int,
    ranks: list[int],
) -> dict[int, int]:
    """How far each look-up reading a cell of ``line`` moves in its table when those cells turn over, the box's
    top-left cell at board index ``base`` and its codes ``g`` (:meth:`Learned.sweep`): a cell turned is face up
    where it was face down and back, on the same pile.  Kept in ``moves``, by the box and the cells, for the
    other cells placed in the same line.  (Kept for all the sweeps of a search as well, by the line's cards, it
    took as long to find again as to work out once seventeen look-ups read the table.)"""
    key = base << 64 | line
    shift = moves.get(key)
    if shift is not None:
        return shift
    shift = moves[key] = {}
    for j in bits(line):
        k = j - base
        q = (k >> 3) * GRID + (k & 7)
        on_full = full >> j & 1
        code = ranks[j] + 2 + 10 * on_full if down >> j & 1 else 1 + on_full
        for t, times in _READ_BY[q]:
            shift[t] = shift.get(t, 0) + times * (code - g[q])
    return shift


def _judged(total: int, most: float) -> tuple[float, float]:
    """The value and the chance a sum of packed weights (:class:`Learned`) stands for: the value at most ``most``
    cards and at least 0, the chance from 0 to :data:`LIVE_MOST`."""
    chance = ((total + _HALF) & _LOW) - _HALF
    value = (total - chance) >> 32
    return min(max(value / VALUE_SCALE, 0.0), most), min(max(chance / CHANCE_SCALE, 0.0), LIVE_MOST)


def _end(down: int, piles: int, after: int) -> tuple[float, float] | None:
    """What a table of ``down`` face-down tops and ``piles`` piles is worth if the game is over, with ``after``
    unseen cards; None while it goes on."""
    if down > MAX_FACE_DOWN:
        return 0.0, 0.0
    if piles == SQUARE and down == 0:
        return WIN_BONUS + after, 1.0
    if after == 0:
        return 0.0, 0.0
    return None


def _between(up: int, ranks: list[int]) -> int:
    """The ranks (bit r for rank r) from the lowest to the highest of the face-up piles ``up``, both included: a
    card of one of them turns nothing in their line (none where no pile is face up: every card turns it)."""
    low, high = 11, 0
    while up:
        lowest = up & -up
        up ^= lowest
        r = ranks[lowest.bit_length() - 1]
        if r < low:
            low = r
        if r > high:
            high = r
    return (2 << high) - (1 << low) if low <= high else 0


def fold(weights: Sequence[int]) -> array[int]:
    """The network of ``weights`` (as trained, packed) as the expert adds it up: the same value and chance of
    every table to the bit, in :data:`FOLDED`'s look-ups rather than :data:`TUPLES`'.

    The images of a shape that read the same four cells in other orders look
    up the same table, so their sum is one look-up into a table whose entry
    is the sum of theirs: each entry of the folded table adds the trained
    table's entries for the same cells read in each of those orders.  Whole
    numbers, so the sums are exact.
    """
    out = array("q", weights)
    for shape, orders in enumerate(_ORDERS):
        off = shape * TUPLE_SIZE
        table = out[off : off + TUPLE_SIZE]
        total = [0] * TUPLE_SIZE
        for order in orders:
            strides = [0] * len(order)
            for k, m in enumerate(order):  # the code of the folded look-up's m-th cell is the image's k-th
                strides[m] = _PLACES[k]
            s0, s1, s2, s3 = strides
            read = [
                a + b + c + d
                for a in range(0, CODES * s0, s0)
                for b in range(0, CODES * s1, s1)
                for c in range(0, CODES * s2, s2)
                for d in range(0, CODES * s3, s3)
            ]
            total = list(map(add, total, map(table.__getitem__, read)))
        out[off : off + TUPLE_SIZE] = array("q", total)
    return out


def unfold(weights: Sequence[int]) -> array[int]:
    """The network as trained whose :func:`fold` is ``weights`` (packed), so that training can go on from the
    weights that ship; :class:`FoldedWeights` if no network folds to them.

    Training moves every image of a look-up by the same step from the same
    start, so a shape's table as trained is the same for its cells read in
    each of its orders, and each folded entry is that many times the entry
    as trained: dividing by the number of orders gives it back exactly.
    Weights that do not split so (not the fold of such a network) are
    refused rather than rounded, since folding the result again would not
    give them back.
    """
    if len(weights) != FEATURES:  # fold reads every table of a whole network
        raise DamagedWeights(len(weights))
    value, chance = unpack(weights)
    for shape, orders in enumerate(_ORDERS):
        n = len(orders)
        tables = slice(shape * TUPLE_SIZE, (shape + 1) * TUPLE_SIZE)
        for part in (value, chance):
            if any(w % n for w in part[tables]):
                raise FoldedWeights
            part[tables] = [w // n for w in part[tables]]
    out = pack(value, chance)
    if fold(out) != array("q", weights):  # each table the same in all its orders, as training leaves it
        raise FoldedWeights
    return out


_TRAINED = b"FSQ-NTUPLE-2\n"
_FOLDED = b"FSQ-NTUPLE-3\n"


def pack(value: Sequence[int], chance: Sequence[int]) -> array[int]:
    """Both networks' whole-number weights as one (see :class:`Learned`)."""
    return array("q", [(v << 32) + c for v, c in zip(value, chance, strict=True)])


def unpack(weights: Sequence[int]) -> tuple[list[int], list[int]]:
    """Both networks' whole-number weights from :func:`pack`'s, as :func:`_judged` reads a sum of them."""
    chance = [((w + _HALF) & _LOW) - _HALF for w in weights]
    return [(w - c) >> 32 for w, c in zip(weights, chance, strict=True)], chance


def write_weights(path: str, weights: array[int], *, folded: bool = False) -> None:
    """Write the packed weights, compressed, little-endian: as trained (what training goes on from), or
    ``folded`` (:func:`fold`: what ships as ``learned.bin``)."""
    data = array("q", weights)
    if sys.byteorder == "big":
        data.byteswap()
    with open(path, "wb") as f:
        f.write(_FOLDED if folded else _TRAINED)
        f.write(struct.pack("<I", len(data)))
        f.write(zlib.compress(data.tobytes(), 9))


class FoldedWeights(DamagedWeights):
    """The weights are folded for the expert (:func:`fold`) and no network as trained folds to them: training
    cannot go on from them."""


def read_trained(data: bytes) -> array[int]:
    """The packed weights as trained from what :func:`write_weights` wrote, unfolded (:func:`unfold`) if they
    were written folded; :class:`FoldedWeights` if they cannot be, :class:`DamagedWeights` if they are not
    weights."""
    if data.startswith(_FOLDED):
        return unfold(read_weights(data))
    return _read(data, _TRAINED)


def read_weights(data: bytes) -> array[int]:
    """The packed weights as the expert adds them up (folded) from what :func:`write_weights` wrote either way;
    :class:`DamagedWeights` if it is not that."""
    if data.startswith(_FOLDED):
        return _read(data, _FOLDED)
    weights = _read(data, _TRAINED)
    if len(weights) != FEATURES:  # fold reads every table of a whole network
        raise DamagedWeights(len(weights))
    return fold(weights)


def _read(data: bytes, magic: bytes) -> array[int]:
    """The packed weights of a file that begins with ``magic``; :class:`DamagedWeights` if it is not that."""
    if not data.startswith(magic) or len(data) < len(magic) + 4:
        raise DamagedWeights
    (count,) = struct.unpack_from("<I", data, len(magic))
    weights = array("q")
    try:
        weights.frombytes(zlib.decompress(data[len(magic) + 4 :]))
    except zlib.error:
        raise DamagedWeights from None
    if sys.byteorder == "big":
        weights.byteswap()
    if len(weights) != count:
        raise DamagedWeights(len(weights))
    return weights


@functools.cache
def learned() -> Learned:
    """The learned horizon that ships in the package, read on first use."""
    return Learned(read_weights(resources.files("foursquare.expert").joinpath("learned.bin").read_bytes()))
