"""Decisions: what the engine asks, who must answer, and which answers are legal.

A decision offers either a finite list of :class:`Option` s, or a parametric form
of :class:`Param` s (e.g. "advance N inches", a subset, dice assigned across targets,
a point or a pose) checked by a validator that explains a refusal. Answers are plain
data (str, int, float, bool, lists and string-keyed tables of those) so they can be
written to a save file.

Agents never read prompt text: a decision's ``context`` and each option's ``data``
carry the acting piece, the kind of choice, the targets and the numbers as data.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from skirmish.errors import IllegalAnswer

if TYPE_CHECKING:
    from skirmish.engine import Game

Answer = Any  # str | int | float | bool | list[Answer] | dict[str, Answer]
Validator = Callable[["Game", dict[str, Any]], "str | None"]


def normalize(value: Any) -> Any:
    """Canonical plain-data form of an answer (tuples become lists, as after TOML)."""
    if isinstance(value, tuple | list):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {str(k): normalize(v) for k, v in value.items()}
    if value is None:
        raise IllegalAnswer("an answer cannot be empty (None)")
    return value


@attrs.frozen(slots=True, init=False)
class Option:
    """One legal answer: its value (what is saved), a label for people, and structured ``data`` for agents.

    ``data`` (e.g. ``{"action": "shoot", "actor": "r1", "target": "b2", "dice": 3}``) is not part
    of the option's identity: two options are equal when their values and labels are.
    """

    value: Answer = attrs.field(converter=normalize)
    label: str = ""
    help: str = ""
    data: dict[str, Any] = attrs.field(factory=dict, eq=False, hash=False)

    def __init__(self, value: Answer, label: str = "", help: str = "", data: dict[str, Any] | None = None) -> None:
        # attrs' generated __init__, without a call to ``normalize`` for the usual string value and with the
        # slots set through their descriptors (a third of the cost of ``object.__setattr__``)
        _o_value(self, value if type(value) is str else normalize(value))
        _o_label(self, label)
        _o_help(self, help)
        _o_data(self, {} if data is None else data)

    def __str__(self) -> str:
        return self.label or str(self.value)


PARAM_KINDS = ("int", "float", "bool", "choice", "subset", "assign", "point", "pose")
"""The kinds of form field."""


@attrs.frozen(slots=True)
class Param:
    """One field of a parametric form.

    ``kind`` is one of :data:`PARAM_KINDS`:

    - ``"int"`` / ``"float"``: a number within ``[low, high]`` (floats rounded to ``step``);
    - ``"bool"``: yes or no; ``"choice"``: one of ``choices``;
    - ``"subset"``: a list of distinct ``choices``, between ``low`` and ``high`` of them
      (``high`` 0: up to all);
    - ``"assign"``: a table ``{choice: whole number >= 0}`` over ``choices`` summing to exactly
      ``total``, at most ``high`` each when ``high`` > 0 (attack dice across targets, damage);
    - ``"point"``: ``{"x", "y"}`` within ``bounds`` ``(x0, y0, x1, y1)``, rounded to ``step``;
    - ``"pose"``: ``{"x", "y", "facing"}``, a point and a facing in degrees (0 up to 360).
    """

    name: str
    kind: str = attrs.field(default="int", validator=attrs.validators.in_(PARAM_KINDS))
    low: float = 0
    high: float = 0
    choices: tuple[Any, ...] = attrs.field(default=(), converter=tuple)
    step: float = attrs.field(default=0.01, validator=attrs.validators.gt(0))
    help: str = ""
    total: int = 0
    bounds: tuple[float, ...] = attrs.field(default=(), converter=tuple)

    def check(self, value: Any) -> tuple[Any, str | None]:
        """Coerce ``value``; return ``(value, None)`` or ``(value, refusal message)``."""
        kind = self.kind
        if kind == "choice":
            found = self._choice(value)
            if found is not _MISSING:
                return found, None
            return value, f"{self.name} must be one of {', '.join(map(str, self.choices))}"
        if kind == "bool":
            if isinstance(value, bool):
                return value, None
            text = str(value).lower()
            if text in ("yes", "y", "true", "1"):
                return True, None
            if text in ("no", "n", "false", "0"):
                return False, None
            return value, f"{self.name} must be yes or no"
        if kind == "subset":
            return self._check_subset(value)
        if kind == "assign":
            return self._check_assign(value)
        if kind in ("point", "pose"):
            return self._check_point(value)
        number, err = _number(self.name, value, kind == "int")
        if err:
            return value, err
        if kind == "float":
            number = round(round(number / self.step) * self.step, 6)
        if not self.low <= number <= self.high:
            return value, f"{self.name} must be between {_fmt(self.low)} and {_fmt(self.high)}"
        return number, None

    def _choice(self, value: Any) -> Any:
        for c in self.choices:
            if c == value or str(c) == str(value):
                return c
        return _MISSING

    def _check_subset(self, value: Any) -> tuple[Any, str | None]:
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list | tuple):
            return value, f"{self.name} must be a list of {', '.join(map(str, self.choices))}"
        out: list[Any] = []
        for item in value:
            found = self._choice(item)
            if found is _MISSING:
                return value, f"{item!s} is not one of {', '.join(map(str, self.choices))} ({self.name})"
            if found in out:
                return value, f"{item!s} is named twice in {self.name}"
            out.append(found)
        most = int(self.high) or len(self.choices)
        if not int(self.low) <= len(out) <= most:
            wanted = f"{int(self.low)}" if int(self.low) == most else f"{int(self.low)} to {most}"
            return value, f"{self.name} takes {wanted} of {', '.join(map(str, self.choices))}, not {len(out)}"
        return out, None

    def _check_assign(self, value: Any) -> tuple[Any, str | None]:
        if not isinstance(value, dict):
            return value, f"{self.name} must give a number to each of {', '.join(map(str, self.choices))}"
        out = {str(c): 0 for c in self.choices}
        for key, amount in value.items():
            found = self._choice(key)
            if found is _MISSING:
                return value, f"{key!s} is not one of {', '.join(map(str, self.choices))} ({self.name})"
            number, err = _number(f"{self.name} for {key}", amount, True)
            if err:
                return value, err
            if number < 0:
                return value, f"{self.name} for {key} cannot be negative"
            if self.high and number > self.high:
                return value, f"{self.name}: at most {_fmt(self.high)} to {key}"
            out[str(found)] = int(number)
        given = sum(out.values())
        if given != self.total:
            return value, f"{self.name} must add up to {self.total} (these add up to {given})"
        return out, None

    def _check_point(self, value: Any) -> tuple[Any, str | None]:
        fields = ("x", "y", "facing") if self.kind == "pose" else ("x", "y")
        if isinstance(value, str):
            value = [v for v in value.replace(",", " ").split() if v]
        if isinstance(value, list | tuple):
            if len(value) != len(fields):
                return value, f"{self.name} needs {', '.join(fields)}"
            value = dict(zip(fields, value, strict=True))
        if not isinstance(value, dict):
            return value, f"{self.name} needs {', '.join(fields)}"
        missing = [f for f in fields if f not in value]
        extra = sorted(set(map(str, value)) - set(fields))
        if missing or extra:
            return value, f"{self.name} needs {', '.join(fields)}" + (f", not {extra[0]}" if extra else "")
        out: dict[str, float] = {}
        for f in fields:
            number, err = _number(f"{self.name} {f}", value[f], False)
            if err:
                return value, err
            out[f] = round(round(number / self.step) * self.step, 6)
        if "facing" in out:
            out["facing"] = round(out["facing"] % 360.0, 6)
        if len(self.bounds) == 4:
            x0, y0, x1, y1 = self.bounds
            if not (x0 <= out["x"] <= x1 and y0 <= out["y"] <= y1):
                return value, (f"{self.name} must lie within x {_fmt(x0)}..{_fmt(x1)}, "
                               f"y {_fmt(y0)}..{_fmt(y1)}")
        return out, None

    def describe(self) -> str:
        """How to type this field at a prompt."""
        kind = self.kind
        if kind == "choice":
            return f"{self.name} in {{{', '.join(map(str, self.choices))}}}"
        if kind == "bool":
            return f"{self.name}=yes|no"
        if kind == "subset":
            return f"{self.name}=a,b,... from {{{', '.join(map(str, self.choices))}}}"
        if kind == "assign":
            return f"{self.name}: {self.total} shared as " + " ".join(f"{c}=N" for c in self.choices)
        if kind in ("point", "pose"):
            where = ""
            if len(self.bounds) == 4:
                x0, y0, x1, y1 = self.bounds
                where = f" (x {_fmt(x0)}..{_fmt(x1)}, y {_fmt(y0)}..{_fmt(y1)})"
            return f"{self.name}=x,y{',facing' if kind == 'pose' else ''}{where}"
        return f"{self.name}={_fmt(self.low)}..{_fmt(self.high)}"


_MISSING = object()


def _number(name: str, value: Any, whole: bool) -> tuple[float, str | None]:
    if isinstance(value, bool):
        return 0, f"{name} must be a number"
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0, f"{name} must be a number"
    if not math.isfinite(number):
        return 0, f"{name} must be a finite number"
    if whole:
        if number != int(number):
            return 0, f"{name} must be a whole number"
        return int(number), None
    return number, None


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _examples(xs: Iterable[Answer]) -> tuple[Answer, ...]:
    return tuple(normalize(x) for x in xs)


@attrs.frozen(slots=True, init=False)
class Decision:
    """A pending question for one player.

    ``kind`` names the decision for agents and scripts ("target", "move"...),
    ``rule`` the rule that asks it. For a form, ``examples`` are known-legal
    answers (random agents fall back on them, the conformance suite checks them).
    ``context`` is structured plain data about the question (who acts, which piece,
    the targets and numbers involved, e.g. ``{"actor": "u3", "action": "shoot"}``);
    agents read it instead of the prompt. It is not part of the decision's identity.
    """

    player: str
    kind: str
    prompt: str
    options: tuple[Option, ...] = attrs.field(default=(), converter=tuple)
    params: tuple[Param, ...] = attrs.field(default=(), converter=tuple)
    validator: Validator | None = attrs.field(default=None, eq=False)
    examples: tuple[Answer, ...] = attrs.field(default=(), converter=_examples)
    rule: str = ""
    context: dict[str, Any] = attrs.field(factory=dict, eq=False, hash=False)

    def __init__(self, player: str, kind: str, prompt: str, options: Iterable[Option] = (),
                 params: Iterable[Param] = (), validator: Validator | None = None, examples: Iterable[Answer] = (),
                 rule: str = "", context: dict[str, Any] | None = None) -> None:
        # attrs' generated __init__ with the converters and the check written in (a decision is made per answer)
        options = options if type(options) is tuple else tuple(options)
        params = params if type(params) is tuple else tuple(params)
        if bool(options) == bool(params):
            raise ValueError(f"decision {kind!r} needs options or params (exactly one of them)")
        _d_player(self, player)
        _d_kind(self, kind)
        _d_prompt(self, prompt)
        _d_options(self, options)
        _d_params(self, params)
        _d_validator(self, validator)
        _d_examples(self, _examples(examples) if examples else ())
        _d_rule(self, rule)
        _d_context(self, {} if context is None else context)

    @property
    def is_form(self) -> bool:
        return bool(self.params)

    def check(self, game: Game | None, value: Answer) -> tuple[Answer, str | None]:
        """Normalise ``value`` and say why it is refused (``None`` when legal)."""
        if self.options:
            _, value, err = self.match(game, value)
            return value, err
        try:
            value = normalize(value)
        except IllegalAnswer as exc:
            return value, str(exc)
        if not isinstance(value, dict):
            return value, f"'{self.prompt}' wants {', '.join(p.name for p in self.params)}"
        extra = set(value) - {p.name for p in self.params}
        if extra:
            return value, f"unknown field {sorted(extra)[0]!r} (expected {', '.join(p.name for p in self.params)})"
        out: dict[str, Any] = {}
        for p in self.params:
            if p.name not in value:
                return value, f"missing {p.name}"
            out[p.name], err = p.check(value[p.name])
            if err:
                return value, err
        if self.validator is not None and game is not None:
            err = self.validator(game, out)
            if err:
                return out, err
        return out, None

    def match(self, game: Game | None, value: Answer) -> tuple[Option | None, Answer, str | None]:
        """``(option, value, refusal)``: the option answered (``None`` for a form), the normalised value, and why
        it is refused (``None`` when legal). One pass does what :meth:`check` and :meth:`option_for` do."""
        options = self.options
        if not options:
            value, err = self.check(game, value)
            return None, value, err
        if type(value) is not str:
            try:
                value = normalize(value)
            except IllegalAnswer as exc:
                return None, value, str(exc)
        for opt in options:
            if opt.value == value:
                return opt, opt.value, None
        return None, value, f"{value!r} is not one of the answers to '{self.prompt}'"

    def option_for(self, value: Answer) -> Option | None:
        if type(value) is not str:
            value = normalize(value)
        for opt in self.options:
            if opt.value == value:
                return opt
        return None

    def describe(self) -> str:
        """A short text of what is asked and how to answer."""
        if self.options:
            lines = [self.prompt] + [f"  {i}. {o}" for i, o in enumerate(self.options, 1)]
        else:
            lines = [self.prompt, "  answer with " + " ".join(p.describe() for p in self.params)]
        return "\n".join(lines)


class LazyDecision(Decision):
    """A finite decision whose options are built per *family* (e.g. per acting piece) when asked for.

    ``families`` names the groups of options in order (e.g. warrior ids); ``build(game, family, *args)``
    gives one family's options. ``fixed`` options (e.g. "end") are always there, listed after the families'
    (``fixed_first``: before them). The whole list, ``options``, is built on first read: by ``build_all(game,
    *args)`` when given (it must equal the families' lists in order between the fixed options), else family by
    family. ``family_of(value)`` names the family an answer belongs to (``None``: none), so that an answer is
    checked by building only that family; without it the whole list is built. ``prompt`` and ``context`` may be
    callables ``(game, *args)`` giving the text and the dict, made on first read. The options are built from
    ``game`` as it stands when they are first read: read them before the game moves on (the engine checks
    answers before taking them).
    ``skirmish.testing`` checks that a family's answers are exactly the whole list's.
    """

    __slots__ = ("game", "families", "fixed", "fixed_first", "_build", "_build_all", "_family_of", "_args",
                 "_lists", "_prompt_of", "_context_of")

    def __init__(self, game: Game, player: str, kind: str, prompt: str | Callable[..., str], *,
                 families: Iterable[str], build: Callable[..., Iterable[Option]],
                 build_all: Callable[..., Iterable[Option]] | None = None,
                 family_of: Callable[[Answer], str | None] | None = None, fixed: Iterable[Option] = (),
                 fixed_first: bool = False, args: tuple[Any, ...] = (), rule: str = "",
                 context: dict[str, Any] | Callable[..., dict[str, Any]] | None = None) -> None:
        _d_player(self, player)
        _d_kind(self, kind)
        if isinstance(prompt, str):
            _d_prompt(self, prompt)
            _l_prompt_of(self, None)
        else:
            _l_prompt_of(self, prompt)
        _d_params(self, ())
        _d_validator(self, None)
        _d_examples(self, ())
        _d_rule(self, rule)
        if callable(context):
            _l_context_of(self, context)
        else:
            _d_context(self, {} if context is None else context)
            _l_context_of(self, None)
        _l_game(self, game)
        _l_families(self, tuple(families))
        _l_fixed(self, tuple(fixed))
        _l_fixed_first(self, fixed_first)
        _l_build(self, build)
        _l_build_all(self, build_all)
        _l_family_of(self, family_of)
        _l_args(self, tuple(args))
        _l_lists(self, {})
        if not self.families and not self.fixed:
            raise ValueError(f"decision {kind!r} needs families or fixed options")

    @property  # type: ignore[override]
    def options(self) -> tuple[Option, ...]:
        """Every option, built on first read."""
        try:
            return _d_options_get(self, LazyDecision)  # type: ignore[no-any-return]
        except AttributeError:
            pass
        if self._build_all is not None:
            built = tuple(self._build_all(self.game, *self._args))
        else:
            lists = [o for f in self.families for o in self.options_of(f)]
            built = (*self.fixed, *lists) if self.fixed_first else (*lists, *self.fixed)
        if not built:
            raise ValueError(f"decision {self.kind!r} offers no option")
        _d_options(self, built)
        return built

    @property  # type: ignore[override]
    def prompt(self) -> str:
        """The question, made on first read when the ruleset gave a callable."""
        try:
            return _d_prompt_get(self, LazyDecision)  # type: ignore[no-any-return]
        except AttributeError:
            pass
        assert self._prompt_of is not None
        text = self._prompt_of(self.game, *self._args)
        _d_prompt(self, text)
        return text

    @property  # type: ignore[override]
    def context(self) -> dict[str, Any]:
        """The data for agents, made on first read when the ruleset gave a callable."""
        try:
            return _d_context_get(self, LazyDecision)  # type: ignore[no-any-return]
        except AttributeError:
            pass
        assert self._context_of is not None
        made = self._context_of(self.game, *self._args)
        _d_context(self, made)
        return made  # type: ignore[no-any-return]

    @property
    def built(self) -> bool:
        """Whether the whole list has been built."""
        try:
            _d_options_get(self, LazyDecision)
        except AttributeError:
            return False
        return True

    def options_of(self, family: str, game: Game | None = None) -> tuple[Option, ...]:
        """The options of one family (built on first request; ``game``: the game to build from, default the
        decision's)."""
        lists = self._lists
        hit = lists.get(family)
        if hit is None:
            if family not in self.families:
                return ()
            if self._family_of is not None and self.built:
                of = self._family_of
                hit = tuple(o for o in self.options if of(o.value) == family)
            else:
                hit = tuple(self._build(self.game if game is None else game, family, *self._args))
            lists[family] = hit
        return hit  # type: ignore[no-any-return]

    def check(self, game: Game | None, value: Answer) -> tuple[Answer, str | None]:
        _, value, err = self.match(game, value)
        return value, err

    def match(self, game: Game | None, value: Answer) -> tuple[Option | None, Answer, str | None]:
        """As :meth:`Decision.match`, building only the family ``family_of`` names for the answer."""
        if self._family_of is None or self.built:
            return Decision.match(self, game, value)
        if type(value) is not str:
            try:
                value = normalize(value)
            except IllegalAnswer as exc:
                return None, value, str(exc)
        for opt in self.fixed:
            if opt.value == value:
                return opt, opt.value, None
        family = self._family_of(value)
        if family is not None:
            for opt in self.options_of(family, game):
                if opt.value == value:
                    return opt, opt.value, None
        return None, value, f"{value!r} is not one of the answers to '{self.prompt}'"

    def option_for(self, value: Answer) -> Option | None:
        return self.match(None, value)[0]

    def unbuilt(self) -> LazyDecision:
        """A fresh copy that has built nothing yet (for checks that compare the lazy and the whole list)."""
        return LazyDecision(self.game, self.player, self.kind, self._prompt_of or self.prompt,
                            families=self.families, build=self._build, build_all=self._build_all,
                            family_of=self._family_of, fixed=self.fixed, fixed_first=self.fixed_first,
                            args=self._args, rule=self.rule, context=self._context_of or self.context)

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyDecision:
        return self  # immutable once asked, like a pending decision a clone shares

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.player, self.kind, self.prompt, self.options, (), None, (), self.rule, self.context))


def slot_setters(cls: type, names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The ``__set__`` of each named slot of a (frozen, slotted) class, for a fast hand-written ``__init__``."""
    return tuple(cls.__dict__[name].__set__ for name in names.split())


_o_value, _o_label, _o_help, _o_data = slot_setters(Option, "value label help data")
(_d_player, _d_kind, _d_prompt, _d_options, _d_params, _d_validator, _d_examples, _d_rule,
 _d_context) = slot_setters(Decision, "player kind prompt options params validator examples rule context")
_d_options_get = Decision.__dict__["options"].__get__
_d_prompt_get = Decision.__dict__["prompt"].__get__
_d_context_get = Decision.__dict__["context"].__get__
(_l_game, _l_families, _l_fixed, _l_fixed_first, _l_build, _l_build_all, _l_family_of, _l_args, _l_lists,
 _l_prompt_of, _l_context_of) = slot_setters(LazyDecision, "game families fixed fixed_first _build _build_all "
                                                           "_family_of _args _lists _prompt_of _context_of")


def choose(player: str, kind: str, prompt: str, options: Sequence[Option | tuple[Any, str] | Any], *,
           rule: str = "", context: dict[str, Any] | None = None) -> Decision:
    """Shorthand for a finite decision; options may be Options, (value, label) pairs or bare values."""
    opts = []
    for o in options:
        if isinstance(o, Option):
            opts.append(o)
        elif isinstance(o, tuple) and len(o) == 2 and isinstance(o[1], str):
            opts.append(Option(o[0], o[1]))
        else:
            opts.append(Option(o, str(o)))
    return Decision(player, kind, prompt, options=tuple(opts), rule=rule, context=dict(context or {}))
