"""The AI spends Mercury the rest of the game cannot use (issue 26: games ended with Mercury unspent)."""

from __future__ import annotations

from test_ai_choices import view

from skirmish_hobgoblin.magic import ai as magic_ai


def test_mercury_beyond_what_the_rounds_left_will_use_is_cheap():
    """Round 3 (3 rounds left with this one): 10 tokens are more than 3 a round will spend, so each is priced as in
    the last round; 6 are not, and keep their Force of Will worth."""
    rich = view([], rnd=3, mercury=10)
    poor = view([], rnd=3, mercury=6)
    assert magic_ai.mercury_worth(rich, "red") == magic_ai.LAST_ROUND_VALUE
    assert magic_ai.mercury_worth(poor, "red") == magic_ai.FORCE_OF_WILL_VALUE
    assert magic_ai.mercury_worth(view([], rnd=1, mercury=10), "red") == magic_ai.PLENTY_VALUE  # 5 rounds to go

