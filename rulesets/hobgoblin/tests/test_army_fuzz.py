"""Fuzzing army lists: any table is an army (valid or with numbered problems) or one clear SetupError line."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish import SetupError
from skirmish_hobgoblin.army import parse_army, validate
from skirmish_hobgoblin.content import Content, load_content

scalar = (st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True)
          | st.text(max_size=12) | st.sampled_from(["Heavy Infantry", "Elite", "Ranged [12]", "general", "x\x1b[2J"]))
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                          max_size=4), max_leaves=20)
unit = st.fixed_dictionaries({}, optional={k: value for k in ("type", "name", "width", "depth", "keywords", "general",
                                                              "battle_standard", "allegiance", "artefact")})
army = st.fixed_dictionaries({}, optional={"name": value, "points": value, "units": st.lists(unit, max_size=4) | value})


@cache
def _content() -> Content:
    return load_content()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=army)
def test_any_army_table_is_an_army_or_one_setup_error_line(data: dict) -> None:
    try:
        built = parse_army(data, where="fuzz.toml")
    except SetupError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    for problem in validate(built, _content()):
        assert "\n" not in str(problem)
