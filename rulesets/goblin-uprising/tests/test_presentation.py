"""Goblin Uprising's presentation: the board picture the browser, ``skirmish svg`` and ``--svg-dir`` draw."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from gu_helpers import RULESET, new_game

from skirmish import AgentContext, Game, View
from skirmish_goblin_uprising.ai import make_ai
from skirmish_goblin_uprising.bookkeeping import C
from skirmish_goblin_uprising.picture import NODE, layout

NS = "{http://www.w3.org/2000/svg}"


def ai_game(n: int, seed: int, upto: int | None = None, tyrant: str = "dwarf") -> Game:
    """An AI game of ``n`` heroes, played to the end or until ``upto`` decisions were answered."""
    game = Game(RULESET, {"players": [f"hero{i + 1}" for i in range(n)], "tyrant": tyrant}, seed=seed)
    agents = {p: make_ai(AgentContext(p, seed + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None and (upto is None or game.decisions < upto):
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """The start, a mid-game and the end of AI games (six heroes at the start: the most marks)."""
    return [new_game(6), ai_game(3, 1, 120), ai_game(2, 2, 60, "elven"), ai_game(3, 1)]


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _ids(root: ET.Element, attr: str) -> list[str]:
    return [e.get(attr, "") for e in root.iter() if e.get(attr) is not None]


def test_the_picture_is_a_whole_svg_document_a_browser_can_scale(games: list[Game]) -> None:
    for game in games:
        svg = RULESET.present(game, None).svg
        assert svg is not None
        root = _root(svg)
        assert root.tag == f"{NS}svg" and root.get("viewBox") and float(root.get("width", 0)) >= 900
        assert root.find(f"{NS}title") is not None
        assert RULESET.svg(game, None) == svg  # svg() draws present()'s picture


def test_every_space_has_its_place_and_every_piece_its_mark(games: list[Game]) -> None:
    for game in games:
        s = game.state
        shown = RULESET.present(game, "hero1")
        root = _root(shown.svg or "")
        places = _ids(root, "data-place")
        assert set(places) == set(C(game).rmap.space_ids)
        circles = [e.get("data-place") for e in root.iter() if e.get("data-kind") == "space"
                   and e.find(f"{NS}circle") is not None]
        assert sorted(circles) == sorted(C(game).rmap.space_ids)  # each space's circle, once
        names = [e.get("data-place") for e in root.iter() if e.get("data-kind") == "name"]
        assert sorted(names) == sorted(C(game).rmap.space_ids)  # and its name, which a click picks too
        marks = _ids(root, "data-piece")
        assert len(marks) == len(set(marks)), "a piece is drawn twice"
        on_board = [hid for hid in s.order if s.board.where(hid)]
        expected = {*on_board, *(f"general:{g}" for g in s.generals), *(f"troop:{t}" for t, n in s.troops.items() if n),
                    *(f"token:{sp}" for sp in s.tokens if sp not in s.quests), *(f"quest:{sp}" for sp in s.quests),
                    *(f"guardian:{s.heroes[h].guardian}" for h in on_board if s.heroes[h].guardian)}
        if s.board.where("tyrant"):
            expected.add("tyrant")
        assert expected <= set(marks), expected - set(marks)
        pieces = {p.id for p in shown.pieces}
        assert set(marks) <= pieces, set(marks) - pieces  # every mark has its details
        assert set(places) <= pieces  # and every space


def test_no_label_covers_a_space_or_another_label(games: list[Game]) -> None:
    for game in games:
        lay = layout(game)
        boxes = [p.box for p in lay.labels]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
            for sid, (x, y) in lay.pos.items():  # no label over a space's circle nor the marks on it
                n = lay.nodes[sid]
                assert a[2] <= n[0] or n[2] <= a[0] or a[3] <= n[1] or n[3] <= a[1], (sid, a)
                assert n[0] <= x - NODE and x + NODE <= n[2] and n[1] <= y - NODE and y + NODE <= n[3]
        names = {p.label.key for p in lay.labels}
        assert {f"name:{sid}" for sid in lay.pos} <= names  # every space is named
        assert {f"region:{r.id}" for r in C(game).board.regions} <= names  # and every region


def test_troops_are_drawn_with_their_type_and_number(games: list[Game]) -> None:
    game = games[1]
    svg = RULESET.present(game, "hero1").svg or ""
    c = C(game)
    troops = {t: n for t, n in game.state.troops.items() if n}
    assert troops
    for troop, n in troops.items():
        found = re.search(rf'<g data-piece="troop:{troop}"[^>]*>.*?</g>', svg, re.S)
        assert found and f"{n}\u00d7 {c.troops[troop].name}" in found.group(0)


def test_pieces_carry_details_glossary_keywords_and_places(games: list[Game]) -> None:
    gloss = RULESET.glossary()
    for game in games:
        shown = RULESET.present(game, "hero1")
        kinds = {p.kind for p in shown.pieces}
        assert {"hero", "tyrant", "space"} <= kinds
        for p in shown.pieces:
            assert p.details, p.id
            assert all(k in gloss for k in p.keywords), (p.id, [k for k in p.keywords if k not in gloss])
            if p.kind in ("hero", "general", "troop", "tyrant") and p.place:
                assert p.place in C(game).rmap
        hero = shown.piece("hero1")
        assert hero is not None and hero.side == "heroes"
        if game.state.heroes["hero1"].cls:
            assert {"HP", "Renown"} <= dict(hero.details).keys() and "Renown" in hero.keywords
        tyrant = shown.piece("tyrant")
        assert tyrant is not None and "Royal Armor" in dict(tyrant.details) and tyrant.side == "Tyrant"


def test_legend_brief_and_panels() -> None:
    game = ai_game(2, 3, 60)
    shown = RULESET.present(game, "hero1")
    labels = [item.label for item in shown.legend]
    assert any("village" in x for x in labels) and any("spawn" in x for x in labels)
    assert any("token" in x for x in labels) and any("Tyrant" in x for x in labels)
    assert any("general" in x for x in labels) and any("Dwarf Soldiers" in x for x in labels)
    assert any("hero1" in x for x in labels) and any("hero2" in x for x in labels)
    assert shown.brief == RULESET.brief(game, "hero1")
    titles = [t for t, _ in shown.panels]
    assert {"Destruction track", "Scheme", "Tyrant", "Your hand", "Renown"} <= set(titles)
    assert 'data-role="legend"' in (shown.svg or "")


def test_nobody_sees_what_is_face_down() -> None:
    """The behavior card and unlooked-at tokens are hidden from every player (and from ``None``), and no seat's
    secrets reach another seat's presentation."""
    game = ai_game(3, 4, 40)
    s, c = game.state, C(game)
    assert not s.revealed and [sp for sp in s.tokens if sp not in s.peeked]
    hidden = [b.name for b in c.tyrants[s.tyrant_id].behaviors]
    hidden += [c.tokens[s.tokens[sp]].name for sp in s.tokens if sp not in s.peeked]
    hidden = [h for h in hidden if all(c.tokens[s.tokens[sp]].name != h for sp in s.peeked)]
    for viewer in (None, *game.players):
        text = json.dumps(RULESET.present(game, viewer).to_dict())
        assert not [h for h in hidden if h in text], viewer
        for seat in game.players:
            if seat != viewer and viewer is not None:
                assert not [x for x in RULESET.secrets(game, seat) if x in text]


def test_a_private_hand_shows_only_its_size_to_others() -> None:
    game = ai_game(2, 5, 30)
    hand = game.state.heroes["hero2"].hand
    hand.public = False
    assert hand.cards
    names = [C(game).goblins[g].name for g in hand.cards]
    other = RULESET.present(game, "hero1")
    row = dict(other.piece("hero2").details)["hand"]  # type: ignore[union-attr]
    assert row == f"{len(names)} goblin card{'' if len(names) == 1 else 's'}"
    assert "hero2's hand" not in [t for t, _ in other.panels]
    own = RULESET.present(game, "hero2")
    assert all(n in dict(own.piece("hero2").details)["hand"] for n in names)  # type: ignore[union-attr]
    assert ("Your hand" in [t for t, _ in own.panels])


def test_a_click_on_a_space_finds_the_option_that_goes_there() -> None:
    game = ai_game(2, 6, 40)
    while game.pending is not None and not (game.pending.kind == "action" and game.pending.context.get("actions")):
        ai = make_ai(AgentContext(game.pending.player, 1, RULESET, {}, game.players))
        game.answer(ai.decide(View(game, game.pending.player), game.pending), game.pending.player)
    d = game.pending
    assert d is not None
    places = set(_ids(_root(RULESET.present(game, d.player).svg or ""), "data-place"))
    going = [o.data["space"] for o in d.options if o.data.get("action") in ("move", "travel")]
    assert going and set(going) <= places
    shades = RULESET.shades(game, d.player, d.player)
    reach = [sh for sh in shades if sh.kind == "reach"]
    assert reach and set(reach[0].pieces) == set(going)
    assert RULESET.shades(game, d.player, "tyrant") == []  # only the acting hero has somewhere to go


@pytest.mark.parametrize("seed", [7, 8])
def test_every_state_of_an_ai_game_presents(seed: int) -> None:
    game = Game(RULESET, {"players": ["hero1", "hero2"], "tyrant": "human", "options": {"max_rounds": 6}},
                seed=seed)
    agents = {p: make_ai(AgentContext(p, seed + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        shown = RULESET.present(game, d.player)
        _root(shown.svg or "")
        json.dumps(shown.to_dict())
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert 'data-role="outcome"' in (RULESET.present(game, None).svg or "")
