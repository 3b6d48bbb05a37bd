"""Players read printed names: no content id (a content key with '-' or '_') in any text shown to them.

Whole games are played (AI and random heroes, 1 to 6 heroes, every Tyrant); every event text (and its public
text), every decision prompt, option label and help, and the views (describe, brief, final summary) are
searched for ids such as ``village-tundra`` or ``shield-goblin``.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from skirmish import Game, RandomAgent
from skirmish.agents import AgentContext, View
from skirmish_goblin_uprising.ai import make_ai
from skirmish_goblin_uprising.rules import GoblinUprising

RULESET = GoblinUprising()


def content_ids(value: Any, out: set[str] | None = None) -> set[str]:
    """Every id in the content: keys of its tables and ``id`` fields, with '-' or '_' in them."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                out.add(k)
            content_ids(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            content_ids(v, out)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if field.name.startswith("_"):
                continue
            item = getattr(value, field.name)
            if field.name == "id" and isinstance(item, str):
                out.add(item)
            content_ids(item, out)
    return out


IDS = sorted((i for i in content_ids(RULESET.content) if "-" in i or "_" in i), key=len, reverse=True)
PATTERN = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in IDS) + r")(?![\w-])")


def shown_ids(text: str) -> list[str]:
    return PATTERN.findall(text or "")


def play_and_collect(players: int, tyrant: str, agent: str, seed: int) -> list[tuple[str, str]]:
    """Play one game; return (where, text) for every text a player is shown that names a content id."""
    setup = {"players": [f"hero{i + 1}" for i in range(players)], "tyrant": tyrant}
    game = Game(RULESET, setup, seed=seed)
    make = make_ai if agent == "ai" else RandomAgent
    agents = {p: make(AgentContext(p, seed * 10 + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    bad: list[tuple[str, str]] = []

    def check(where: str, text: str) -> None:
        if shown_ids(text):
            bad.append((where, text))

    steps = 0
    while game.pending is not None:
        d = game.pending
        check("prompt", d.prompt)
        for o in d.options:
            check("option", o.label)
            check("option help", o.help)
        if steps % 25 == 0:
            check("describe", RULESET.describe(game, d.player))
            check("brief", RULESET.brief(game, d.player))
        steps += 1
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    for e in game.log:
        check(f"event {e.kind} [{e.rule}]", e.text)
        check(f"event {e.kind} [{e.rule}] (public)", getattr(e, "public_text", "") or "")
        check("rule label", e.rule)
    for p in game.players:
        check("final summary", RULESET.final_summary(game, p))
        check("describe", RULESET.describe(game, p))
    return bad


def test_the_content_has_ids_to_look_for() -> None:
    assert "village-tundra" in IDS and "shield-goblin" in IDS


@pytest.mark.parametrize(("players", "tyrant", "agent", "seed"), [
    (1, "dwarf", "ai", 1), (3, "human", "ai", 3), (4, "elven", "ai", 4), (6, "merfolk", "ai", 6),
    (2, "dwarf", "random", 2), (3, "elven", "random", 7), (5, "merfolk", "random", 5), (6, "human", "random", 8),
])
def test_players_see_printed_names_never_content_ids(players: int, tyrant: str, agent: str, seed: int) -> None:
    bad = play_and_collect(players, tyrant, agent, seed)
    assert not bad, "content ids shown to players:\n" + "\n".join(f"{w}: {t}" for w, t in bad[:20])


def test_event_texts_do_not_repeat_their_rule_label() -> None:
    game = Game(RULESET, {"players": ["hero1", "hero2"]}, seed=3)
    agents = {p: make_ai(AgentContext(p, i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None and game.decisions < 40:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    for e in game.log:
        assert not re.match(r"Set-up \d", e.text), e.text


def test_the_glossary_explains_with_printed_names() -> None:
    bad = {term: text for term, text in RULESET.glossary().items() if shown_ids(text)}
    assert not bad
