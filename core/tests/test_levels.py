

def test_kinds_worth_looks_only_at_its_kinds_with_two_options_or_more() -> None:
    from skirmish.decisions import Decision, Option
    from skirmish.levels import kinds_worth

    worth = kinds_worth(["shoot"])
    two = [Option("a", "a"), Option("b", "b")]
    assert worth(None, Decision("red", "shoot", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "move", "?", options=two))  # type: ignore[arg-type]
    assert not worth(None, Decision("red", "shoot", "?", options=two[:1]))  # type: ignore[arg-type]
