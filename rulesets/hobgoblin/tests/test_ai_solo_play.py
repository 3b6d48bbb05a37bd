"""The AI against Him (issue 26): His solo victory is on points of units still in play, and He starts with more of
them at Normal and Hardcore; set-up views as in ``test_ai_choices.py``."""

from __future__ import annotations

from test_ai_choices import unit, view

from skirmish_hobgoblin.ai import objectives


def _armies(his_keywords: str) -> list[dict[str, object]]:
    """Red has lost a 300-point unit, blue (4 x 600 points left) two 300-point units: red has lost less, yet has
    fewer points in play (900 to 2,400)."""
    red = [unit(f"r{i}", "red", "heavy-infantry", 10.0 + 8 * i, 10.0) for i in range(3)]
    red.append(unit("r9", "red", "heavy-infantry", 0, 0, status="removed"))
    blue = [unit(f"b{i}", "blue", "heavy-infantry", 10.0 + 8 * i, 38.0, facing=270.0, points=600,
                 keywords=his_keywords) for i in range(4)]
    blue += [unit(f"b{8 + i}", "blue", "heavy-infantry", 0, 0, status="removed", keywords=his_keywords)
             for i in range(2)]
    return red + blue


def test_against_him_leading_means_more_points_in_play_not_fewer_lost():
    """Bloodbath counts the points each side lost; His solo victory counts the points still in play. Against Him
    the AI that has lost less is still behind; His units are then worth their points (HIM_EDGE, no Bloodbath edge:
    His victory is on points alone)."""
    units = _armies("Undistractable")
    v = view(units)
    assert objectives.solo_enemy(v, "red")
    assert not objectives.ahead(v, "red")
    assert objectives.unit_worth(v, "red", units[4]) == objectives.VP * objectives.HIM_EDGE
    plain = view(_armies(""))  # the same losses in a plain Bloodbath game: red leads
    assert not objectives.solo_enemy(plain, "red")
    assert objectives.ahead(plain, "red") and objectives.unit_worth(plain, "red", units[4]) == 0.0
