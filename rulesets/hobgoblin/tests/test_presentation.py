"""Hobgoblin's presentation: the picture every screen draws, its pieces, legend, frame, panels and hidden hands."""

from __future__ import annotations

import contextlib
import json
import re
import xml.etree.ElementTree as ET

import pytest
from hob_bench import RULESET, battle, unit

from skirmish import Game
from skirmish.geometry import Polygon, distance
from skirmish.plugins import Registry
from skirmish.presentation import Piece, footprint
from skirmish.runner import DecisionLimit, agent_seed, drive
from skirmish_hobgoblin import measuring, picture
from skirmish_hobgoblin.state import REMOVED
from skirmish_hobgoblin.teams.view import TEAM_SHADES

NS = {"s": "http://www.w3.org/2000/svg"}


def _crowded() -> Game:
    """Units shoulder to shoulder near terrain and an edge: the case where labels used to collide."""
    layout = {"pieces": [{"kind": "rubble", "rect": [30, 20, 8, 4, 0]},
                         {"kind": "noxious-pools", "circle": [45, 28, 2.5]},
                         {"kind": "watch-tower", "rect": [12, 30, 4, 4, 0]}]}
    red = [{"name": "Anvil Guard", "x": 20, "y": 14}, {"name": "Long Rifles", "x": 26, "y": 14},
           {"name": "Grudge Cannon", "x": 32, "y": 14}, {"name": "Crossbow Line", "x": 38, "y": 14},
           {"name": "Tunnel Miners", "x": 3, "y": 10, "facing": 180}]
    blue = [{"name": "The Great Wyrm", "x": 20, "y": 34}, {"name": "Wolf Riders", "x": 26, "y": 34},
            {"name": "Wolf Pack", "x": 1.5, "y": 30, "facing": 0}, {"name": "Goblin Mob", "x": 32, "y": 34}]
    return battle(red, blue, layout=layout, cards=True)


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _groups(root: ET.Element, attr: str) -> dict[str, ET.Element]:
    return {g.get(attr): g for g in root.iter() if g.get(attr)}


def test_every_unit_in_play_has_its_element_and_piece_and_svg_is_the_presentations_picture() -> None:
    game = _crowded()
    shown = RULESET.present(game, "red")
    root = _tree(shown.svg)
    assert root.get("viewBox") and root.get("width") and root.get("height")
    drawn = _groups(root, "data-piece")
    for u in game.state.in_play():
        assert u.id in drawn and drawn[u.id].find("s:title", NS) is not None
        piece = shown.piece(u.id)
        assert piece is not None and piece.side == u.side and piece.kind == "unit"
        assert dict(piece.details)["Type"] == u.type_name and "Doom" in dict(piece.details)
    places = _groups(root, "data-place")
    assert {f"terrain{i}" for i in range(1, 4)} <= set(places)
    assert [shown.piece(f"terrain{i}").name for i in range(1, 4)] == [p.name for p in game.state.pieces]
    assert RULESET.svg(game, "red") == shown.svg


def test_a_units_footprint_is_its_rect_facing_and_all() -> None:
    game = _crowded()
    shown = RULESET.present(game, None)
    for u in game.state.in_play():
        rect = footprint(shown.piece(u.id))
        for a, b in zip(rect.corners, u.rect.corners, strict=True):
            assert (a.x, a.y) == pytest.approx((b.x, b.y), abs=1e-3)
    a, b = unit(game, "Anvil Guard"), unit(game, "The Great Wyrm")
    assert RULESET.measure_between(game, "red", (a.x, a.y), (b.x, b.y)).startswith("(")
    from skirmish.presentation import measure_between

    assert measure_between(shown, a.id, b.id)[0] == pytest.approx(measuring.gap(a, b), abs=1e-3)


def test_the_frame_maps_a_units_centre_to_where_it_is_drawn() -> None:
    game = _crowded()
    shown = RULESET.present(game, "blue")
    drawn = _groups(_tree(shown.svg), "data-piece")
    for u in game.state.in_play():
        poly = drawn[u.id].find("s:polygon", NS)
        xy = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
        cx, cy = sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)
        assert shown.frame.to_svg(u.x, u.y) == pytest.approx((cx, cy), abs=0.2)
        assert shown.frame.to_table(cx, cy) == pytest.approx((u.x, u.y), abs=0.02)
        assert all(shown.frame.contains(*shown.frame.to_table(x, y)) for x, y in xy)
    assert (shown.frame.width, shown.frame.depth) == (game.state.width, game.state.depth)


def test_labels_never_overlap_one_another_nor_a_unit() -> None:
    for game in (_crowded(), _played(3, 120)):
        placed = picture.placed_labels(game)
        frame = picture.frame_of(game.state)
        boxes = [p.box for p in placed]
        for box in boxes:  # no label over a unit (its true outline, in inches)
            (x0, y0), (x1, y1) = frame.to_table(box[0], box[3]), frame.to_table(box[2], box[1])
            label = Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            assert all(distance(label, u.rect) > 0 for u in game.state.in_play()), box
        units = [b for u in game.state.in_play() for b in picture.unit_boxes(frame, u)]
        keys = {p.label.key for p in placed}
        assert {u.id for u in game.state.in_play()} | {m.id for m in game.state.markers if not m.removed} <= keys
        assert {p.label.text for p in placed if p.label.key.startswith("terrain")} >= {
            t.name for t in game.state.pieces if not t.name[-1].isdigit()}
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:] + units:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_legend_lists_every_terrain_kind_statuses_and_sides_in_colours_no_terrain_shares() -> None:
    game = _crowded()
    shown = RULESET.present(game, "red")
    labels = [item.label for item in shown.legend]
    for kind in ("Rubble", "Noxious Pools", "Watch Tower"):
        assert any(label.startswith(kind) for label in labels), kind
    for status in ("Broken", "Distracted", "Outmanoeuvred"):
        assert any(status in label for label in labels)
    assert any(label.startswith("red:") for label in labels) and any(label.startswith("blue:") for label in labels)
    assert 'data-role="legend"' in shown.svg and "Noxious Pools" in shown.svg
    armies = [*picture.SIDE_COLOURS[:2], *(c for shades in TEAM_SHADES for c in shades)]
    for _, terrain in (*picture.TERRAIN_COLOURS, ("other", picture.TERRAIN_OTHER)):
        for army in armies:
            (th, ts), (ah, as_) = _hue(terrain), _hue(army)
            apart = min(abs(th - ah), 360 - abs(th - ah))
            assert apart >= 30 or abs(ts - as_) >= 0.3, (terrain, army)


def _hue(colour: str) -> tuple[float, float]:
    """Hue in degrees and saturation of ``#rrggbb``."""
    import colorsys

    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, _, s = colorsys.rgb_to_hls(r, g, b)
    return h * 360, s


def test_keywords_are_glossary_terms_and_statuses_show() -> None:
    game = _crowded()
    wolves = unit(game, "Wolf Riders")
    wolves.keywords.add("Distracted")
    shown = RULESET.present(game, "red")
    glossary = RULESET.glossary()
    for piece in shown.pieces:
        assert set(piece.keywords) <= set(glossary), piece.id
    assert "Distracted" in shown.piece(wolves.id).status
    assert f'data-piece="{wolves.id}"' in shown.svg


def test_removed_units_are_listed_beside_the_table_not_drawn() -> None:
    game = _crowded()
    gone = unit(game, "Goblin Mob")
    gone.status, gone.removed_round = REMOVED, 2
    shown = RULESET.present(game, "red")
    assert f'data-piece="{gone.id}"' not in shown.svg
    assert "Goblin Mob" in dict(shown.panels)["Removed"]
    assert shown.piece(gone.id).shape == ()


def test_a_seat_sees_its_own_fortune_cards_and_never_anothers() -> None:
    game = _crowded()
    for seat in game.players:
        assert RULESET.secrets(game, seat)
    for seat in game.players:
        other = next(p for p in game.players if p != seat)
        shown = json.dumps(RULESET.present(game, seat).to_dict())
        for secret in RULESET.secrets(game, other):
            assert secret not in shown
        panels = dict(RULESET.present(game, seat).panels)
        from skirmish_hobgoblin.fortune import card_name

        cards = [line for line in panels["Your Fortune Cards"].splitlines() if not line.startswith(" ")]
        assert len(cards) == len(game.state.sides[seat].hand.cards)
        for cid in game.state.sides[seat].hand.cards:
            assert card_name(game, cid) in panels["Your Fortune Cards"]
        assert f"{other}'s Fortune Cards" not in panels
    everything = dict(RULESET.present(game, None).panels)
    assert all(f"{p}'s Fortune Cards" in everything for p in game.players)


def test_the_brief_and_the_scenario_say_how_the_battle_is_won() -> None:
    game = _crowded()
    shown = RULESET.present(game, "red")
    from skirmish_hobgoblin import explain

    assert shown.brief == explain.brief(game, "red", screen=True)  # the terminal's brief, unwrapped for a panel
    assert "Bloodbath" in dict(shown.panels)["Scenario"] and "points" in dict(shown.panels)["Scenario"]


def test_the_panel_brief_lists_one_unit_a_line_in_words_and_names_no_terminal_command() -> None:
    game = _crowded()
    from skirmish_hobgoblin import explain

    text = explain.brief(game, "red", screen=True)
    for side in game.players:
        for u in game.state.of(side):
            assert any(line.strip().startswith(f"{u.id} {u.name}: Doom {u.doom}/") for line in text.splitlines()), u.id
    assert "help " not in text and "'show'" not in text
    assert "help engage" in explain.brief(game, "red") or game.phase != "Movement"


def _played(seed: int, decisions: int, agent: str = "random") -> Game:
    registry = Registry()
    ruleset = registry.ruleset("hobgoblin")
    game = Game(ruleset, None, seed=seed)
    agents = {p: registry.make_agent(agent, ruleset, p, agent_seed(seed, i), game.players)
              for i, p in enumerate(game.players)}
    with contextlib.suppress(DecisionLimit):
        drive(game, agents, max_decisions=decisions)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_every_presentation_of_a_short_game_renders(seed: int) -> None:
    registry = Registry()
    ruleset = registry.ruleset("hobgoblin")
    game = Game(ruleset, None, seed=seed)
    agents = {p: registry.make_agent("random", ruleset, p, agent_seed(seed, i), game.players)
              for i, p in enumerate(game.players)}
    seen = [0]

    def look(g: Game) -> None:
        seen[0] += 1
        if seen[0] % 7:
            return
        for seat in (*g.players, None):
            shown = ruleset.present(g, seat)
            root = _tree(shown.svg)
            drawn = _groups(root, "data-piece")
            assert {u.id for u in g.state.in_play()} <= set(drawn)
            json.dumps(shown.to_dict())
            for u in g.state.in_play():  # no unit stands off the table
                w, d = shown.frame.width + 1e-6, shown.frame.depth + 1e-6
                assert all(-1e-6 <= c.x <= w and -1e-6 <= c.y <= d for c in footprint(shown.piece(u.id)).corners)

    with contextlib.suppress(DecisionLimit):
        drive(game, agents, max_decisions=260, after_answer=look)
    final = ruleset.present(game, game.players[0])
    assert re.search(r"<svg [^>]*viewBox=", final.svg)


def test_a_selected_unit_shades_what_it_sees_may_shoot_could_engage_and_reaches() -> None:
    import copy

    game = battle([{"name": "A", "x": 30, "y": 14}, {"name": "R", "type": "Ranged Infantry", "x": 50, "y": 14}],
                  [{"name": "B", "x": 30, "y": 21}, {"name": "Far", "x": 60, "y": 40}])
    before = copy.deepcopy(game.state)
    a, r = unit(game, "A"), unit(game, "R")
    found = {s.kind: s for s in RULESET.shades(game, "red", a.id)}
    assert set(found["see"].pieces) == {unit(game, "B").id, unit(game, "Far").id}
    assert found["charge"].pieces == (unit(game, "B").id,)
    reach = footprint(Piece("reach", "reach", shape=found["reach"].shape))
    assert reach.facing == pytest.approx(a.facing) and reach.centre.y > a.y
    shots = {s.kind: s for s in RULESET.shades(game, "red", r.id)}
    assert "shoot" in shots and set(shots["shoot"].pieces) <= set(shots["see"].pieces)
    assert game.state == before  # looking changes nothing
    assert RULESET.shades(game, "red", "terrain1") == []


def test_chaos_of_war_places_are_drawn_named_and_listed() -> None:
    registry = Registry()
    ruleset = registry.ruleset("hobgoblin")
    game = Game(ruleset, ruleset.apply_options({}, {"chaos": "places-of-power,no-mans-land"}), seed=2)
    agents = {p: registry.make_agent("random", ruleset, p, agent_seed(2, i), game.players)
              for i, p in enumerate(game.players)}
    while len(picture.chaos_places(game)) < 5 and game.decisions < 150:
        with contextlib.suppress(DecisionLimit):
            drive(game, agents, max_decisions=game.decisions + 1)
    places = picture.chaos_places(game)
    assert {kind for _, _, kind, *_ in places} == {"No Man's Land", "Place of Power"}
    shown = ruleset.present(game, "blue")
    drawn = _groups(_tree(shown.svg), "data-place")
    for pid, name, kind, *_ in places:
        assert pid in drawn and shown.piece(pid).name == name
        assert any(item.label == kind for item in shown.legend)
    assert "Places of Power" in dict(shown.panels)["Chaos of War"]


def test_the_browsers_brief_keeps_how_to_win_on_one_line_and_names_no_terminal_command() -> None:
    game = _crowded()
    shown = RULESET.present(game, "red")
    terminal = RULESET.brief(game, "red")
    assert "'show'" in terminal and "'show'" not in shown.brief
    win = [line for line in shown.brief.splitlines() if "Now:" in line]
    assert len(win) == 1 and (win[0].startswith("To win:") or win[0].startswith("Now:"))
    assert max(len(line) for line in terminal.splitlines()) <= 80
