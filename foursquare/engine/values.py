"""Immutable value types, as frozen dataclasses behave, made at almost no cost when their module loads.

The standard :mod:`dataclasses` writes out and compiles the methods of every
class it makes (about a millisecond each on a busy machine) and loads
:mod:`inspect` with it; the game made some forty before its first frame.  A
:class:`Value` gets the same behaviour from methods written once, here:

* ``__init__`` takes the fields (the class's annotations, in order, a class
  attribute being the default) by position or name, then runs
  ``__post_init__`` if the class has one;
* the fields cannot be set or deleted afterwards (:class:`FrozenError`);
* a value equals another only of the very same class with equal fields, and
  hashes by its fields; ``class Card(Value, order=True)`` also orders by
  them, field by field;
* ``repr`` names the class and each field, and ``match`` takes the fields
  by position.

:func:`replace` is a copy with some fields changed.  Type checkers read a
:class:`Value` as a frozen dataclass (``dataclass_transform``).
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar

    from typing_extensions import dataclass_transform  # read by type checkers only, never when running

    V = TypeVar("V", bound="Value")
else:

    def dataclass_transform(**_: object) -> Callable[[type], type]:
        return lambda cls: cls


__all__ = ["FrozenError", "Value", "replace"]


class FrozenError(AttributeError):
    """A field of a value was set or deleted: values never change (a changed copy is :func:`replace`)."""


@dataclass_transform(frozen_default=True, eq_default=True, order_default=False)
class Value:
    """The base of an immutable value type: declare the fields as annotations (see the module's docstring)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """The names of the fields, in order."""
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, *, order: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [
            name
            for name, kind in cls.__dict__.get("__annotations__", {}).items()  # noqa: RUF063 - inspect is the cost avoided
            if not str(kind).startswith(("ClassVar", "typing.ClassVar"))
        ]
        names = (*cls._fields, *(name for name in own if name not in cls._fields))
        defaults = {**cls._defaults, **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
        first_default = next((n for n, name in enumerate(names) if name in defaults), len(names))
        for name in names[first_default:]:
            if name not in defaults:
                raise TypeError(f"{cls.__name__}: the field {name!r} without a default follows one with a default")
        cls._fields = names
        cls._defaults = defaults
        key = attrgetter(*names) if len(names) > 1 else lambda value: tuple(getattr(value, n) for n in names)
        made = {"_key": staticmethod(key), "__match_args__": names}
        if order:
            made.update(__lt__=_lt, __le__=_le, __gt__=_gt, __ge__=_ge)
        for name, method in made.items():
            setattr(cls, name, method)

    @staticmethod
    def _key(value: Value) -> tuple[Any, ...]:
        """The fields' values, in order: each class gets a getter of its own fields."""
        return ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        names = cls._fields
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__}() takes {len(names)} arguments but {len(args)} were given")
        put = object.__setattr__
        for name, given in zip(names, args, strict=False):  # the rest by name or default
            put(self, name, given)
        for name in names[len(args) :]:
            if name in kwargs:
                put(self, name, kwargs.pop(name))
            elif name in cls._defaults:
                put(self, name, cls._defaults[name])
            else:
                raise TypeError(f"{cls.__name__}() missing the argument {name!r}")
        if kwargs:
            name = next(iter(kwargs))
            twice = name in names
            raise TypeError(f"{cls.__name__}() got {'two values for' if twice else 'an unexpected'} argument {name!r}")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key(self) == self._key(other)

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


def _compared(test: Callable[[tuple[Any, ...], tuple[Any, ...]], bool]) -> Callable[[Value, object], object]:
    """An ordering method of the values of ``order=True`` classes: by the fields, of the very same class only."""

    def compare(self: Value, other: object) -> object:  # a bool, or NotImplemented
        if other.__class__ is not self.__class__:
            return NotImplemented
        return test(self._key(self), self._key(other))

    return compare


_lt = _compared(lambda a, b: a < b)
_le = _compared(lambda a, b: a <= b)
_gt = _compared(lambda a, b: a > b)
_ge = _compared(lambda a, b: a >= b)


def replace(value: V, /, **changes: Any) -> V:
    """A copy of ``value`` with the fields named in ``changes`` changed (and checked again, as when made)."""
    return type(value)(**{**{name: getattr(value, name) for name in value._fields}, **changes})
