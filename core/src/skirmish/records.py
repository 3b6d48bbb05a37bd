"""Small frozen records for the modules every command imports (what ``dataclass(frozen=True)`` gives, cheaper).

A frozen dataclass writes and compiles six methods per class when its module is imported: about 4 M instructions
each, a tenth of ``skirmish rulesets``. :class:`Record` gives the same behaviour (keyword or positional
construction with defaults, equality, hashing, ``repr``, no assignment after construction) from one set of
methods shared by all, plus :meth:`Record.replace` for ``dataclasses.replace``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


class FrozenRecordError(AttributeError):
    """An assignment to a field of a frozen record."""


class Factory:
    """A field's default made afresh for each record (``dataclasses.field(default_factory=...)``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class Record:
    """A frozen record: subclasses name their fields in ``__slots__`` (in order) and their defaults in
    ``defaults`` (a value, or a :class:`Factory`); ``__post_init__`` may normalise a field with
    ``object.__setattr__``."""

    __slots__ = ()
    defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        fields: tuple[str, ...] = cls.__slots__  # type: ignore[assignment]
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes at most {len(fields)} arguments ({len(args)} given)")
        for name in kwargs:
            if name not in fields:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
        for i, name in enumerate(fields):
            if i < len(args):
                if name in kwargs:
                    raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
                value = args[i]
            elif name in kwargs:
                value = kwargs[name]
            elif name in cls.defaults:
                value = cls.defaults[name]
                if isinstance(value, Factory):
                    value = value.make()
            else:
                raise TypeError(f"{cls.__name__}() missing required argument {name!r}")
            object.__setattr__(self, name, value)
        self.__post_init__()

    def __post_init__(self) -> None:
        """Normalise fields after construction (nothing by default)."""

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in order."""
        return tuple(getattr(self, name) for name in type(self).__slots__)

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (as ``dataclasses.replace``)."""
        cls = type(self)
        return cls(**{name: changes.get(name, getattr(self, name)) for name in cls.__slots__}
                   | {k: v for k, v in changes.items() if k not in cls.__slots__})

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r} of a {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r} of a {type(self).__name__}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()  # type: ignore[attr-defined, no-any-return]

    def __hash__(self) -> int:
        return hash((type(self).__qualname__, *self.values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__slots__)
        return f"{type(self).__qualname__}({inner})"

    def __getstate__(self) -> tuple[Any, ...]:
        return self.values()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(type(self).__slots__, state, strict=True):
            object.__setattr__(self, name, value)
