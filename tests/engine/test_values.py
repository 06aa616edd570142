"""Value types behave as frozen dataclasses: fields in order, defaults, immutable, equal only within their class."""

from __future__ import annotations

import copy
import pickle

import pytest

from foursquare.engine.values import FrozenError, Value, replace


class Point(Value):
    x: int
    y: int = 0


class Other(Value):
    x: int
    y: int = 0


class Checked(Value):
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")


class Ranked(Value, order=True):
    rank: int
    name: str


class Pair(Point):
    z: int = 9


def test_fields_are_taken_by_position_or_name_with_their_defaults() -> None:
    assert (Point(1, 2).x, Point(1, 2).y) == (1, 2)
    assert Point(y=5, x=3) == Point(3, 5)
    assert Point(4).y == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [((), {}, "missing the argument 'x'"), ((1, 2, 3), {}, "takes 2 arguments"), ((1,), {"x": 2}, "two values"),
     ((1,), {"w": 2}, "unexpected argument 'w'")],
)  # fmt: skip
def test_wrong_arguments_are_a_type_error(args: tuple[int, ...], kwargs: dict[str, int], words: str) -> None:
    with pytest.raises(TypeError, match=words):
        Point(*args, **kwargs)


def test_a_field_cannot_be_set_or_deleted() -> None:
    point = Point(1, 2)
    with pytest.raises(FrozenError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y
    assert point == Point(1, 2)


def test_a_value_equals_only_a_value_of_its_own_class() -> None:
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != Other(1, 2)
    assert Point(1, 2) != (1, 2)
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1, 2), Point(1, 2), Other(1, 2)}) == 2


def test_only_an_ordered_class_orders_by_its_fields() -> None:
    assert sorted([Ranked(2, "a"), Ranked(1, "b"), Ranked(1, "a")]) == [Ranked(1, "a"), Ranked(1, "b"), Ranked(2, "a")]
    with pytest.raises(TypeError):
        assert Point(1) < Point(2)  # type: ignore[operator]


def test_post_init_checks_every_value_made_and_replaced() -> None:
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), n=-1)


def test_replace_is_a_copy_with_fields_changed() -> None:
    point = Point(1, 2)
    assert replace(point, y=7) == Point(1, 7)
    assert point == Point(1, 2)


def test_a_subclass_adds_its_fields_after_its_bases() -> None:
    assert Pair(1, 2, 3) == Pair(x=1, y=2, z=3)
    assert Pair(1).z == 9
    assert Pair(1) != Point(1)


def test_a_field_without_a_default_after_one_with_one_is_refused() -> None:
    with pytest.raises(TypeError, match="without a default follows"):

        class Bad(Value):
            a: int = 0
            b: int  # type: ignore[misc]


def test_repr_match_copy_and_pickle_keep_the_fields() -> None:
    point = Point(1, 2)
    assert repr(point) == "Point(x=1, y=2)"
    match point:
        case Point(x, y):
            assert (x, y) == (1, 2)
        case _:
            pytest.fail("no match")
    assert copy.deepcopy(point) == point
    assert pickle.loads(pickle.dumps(point)) == point
