"""What a seat sees of the table through the presentation hook: the picture, its pieces, labels, legend, frame,
panels and shades, for every screen (browser, ``skirmish svg``, ``play --svg-dir``)."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from chob_bench import bench, warrior

from skirmish import Game, Registry
from skirmish.runner import agent_seed, drive
from skirmish_chob_noggoth import picture, turns, warrior_profile
from skirmish_chob_noggoth.state import DEAD, FLED, Piece, Shrine

SVG = "{http://www.w3.org/2000/svg}"


def table_game() -> Game:
    """Warriors crowded near an edge and each other, two casualties where they fell, terrain and two shrines."""
    warriors = [
        warrior("r1", "red", "Brawler", x=10.2, y=5.5, name="Grub"),
        warrior("r2", "red", "Hunter", x=11.3, y=5.5, name="Dreg", rules=["Longshot"]),
        warrior("r3", "red", "Brawler", x=10.7, y=6.6, name="Snot", quality="bad"),
        warrior("r4", "red", "Brawler", x=12.0, y=0.5, name="Wart Along The Edge"),
        warrior("r5", "red", "Brawler", x=13.1, y=0.5, name="Mogg Also On The Edge"),
        warrior("b1", "blue", "Warmachine", x=30.0, y=20.4, name="Old Thunder", quality="veteran"),
        warrior("b2", "blue", "Skirmisher", x=18.0, y=12.0, name="Gone", status=DEAD),
        warrior("b3", "blue", "Skirmisher", x=18.6, y=12.2, name="Ran", status=FLED),
        warrior("b4", "blue", "Hunter", x=20.0, y=10.0, name="Nell"),
    ]
    pieces = [Piece("t1", "Rock", "blocking", "rect", 6, 18, 2, 2), Piece("t2", "Bog", "area", "circle", 26, 8, 3, 3)]
    return bench(warriors, pieces=pieces, shrines=[Shrine("s1", 18.25, 3.5), Shrine("s4", 11.0, 8.0)])


@cache
def _ruleset():
    return Registry().ruleset("chob-noggoth")


def ai_game(seed: int, decisions: int | None = None, after=None) -> Game:
    registry = Registry()
    ruleset = _ruleset()
    game = Game(ruleset, None, seed=seed)
    agents = {p: registry.make_agent("ai", ruleset, p, agent_seed(seed, i), game.players)
              for i, p in enumerate(game.players)}
    if decisions is None:
        return drive(game, agents, after_answer=after)
    while game.pending is not None and game.decisions < decisions:
        d = game.pending
        from skirmish import View

        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
        if after is not None:
            after(game)
    return game


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg" and root.get("viewBox") and root.get("width") and root.get("height")
    return root


def elements(root: ET.Element, attr: str) -> dict[str, ET.Element]:
    return {e.get(attr): e for e in root.iter() if e.get(attr) is not None}


def test_every_warrior_on_the_table_is_drawn_in_its_own_group_with_a_piece() -> None:
    for game in (table_game(), ai_game(5, 40)):
        shown = game.ruleset.present(game, "red")
        root = parse(shown.svg)
        drawn = elements(root, "data-piece")
        for w in game.state.warriors.values():
            piece = shown.piece(w.id)
            assert piece is not None and piece.name == w.name and piece.side == w.side
            if w.on_table:
                assert w.id in drawn and "warrior" in drawn[w.id].get("class")
                assert drawn[w.id].find(SVG + "title") is not None
                assert piece.shape == ("circle", pytest.approx(w.x, abs=1e-3), pytest.approx(w.y, abs=1e-3),
                                       w.radius)
            else:
                assert piece.shape == ()
        assert all(p.id in drawn for p in shown.pieces if p.shape)  # shrines and terrain too
        places = elements(root, "data-place")
        assert {s.id for s in game.state.shrines} | {p.id for p in game.state.pieces} == set(places)


def test_the_svg_is_the_presentations_picture() -> None:
    game = table_game()
    assert game.ruleset.svg(game, None) == game.ruleset.present(game, None).svg


def test_warrior_pieces_carry_their_profile_status_and_glossary_keywords() -> None:
    game = table_game()
    game.state.warriors["r2"].aimed = 1
    shown = game.ruleset.present(game, "blue")
    glossary = {k.casefold() for k in game.ruleset.glossary()}
    dreg = dict(shown.piece("r2").details)
    assert dreg["wounds"] == "2/2" and dreg["Fingers"] == "2" and dreg["rules"] == "Longshot"
    assert dreg["shooting"].endswith(f'{warrior_profile.shooting_range(game, game.state.warriors["r2"]):g}"')
    assert dreg["Aimed tokens"] == "1" and "aimed" in shown.piece("r2").status
    assert {"Hunter", "Longshot", "Standard", "Aimed token", "ready"} <= set(shown.piece("r2").keywords)
    assert shown.piece("b2").status == ("dead",)
    for piece in shown.pieces:
        assert all(k.casefold() in glossary for k in piece.keywords), piece.keywords


def placed_boxes(game: Game) -> list[tuple[str, tuple[float, float, float, float]]]:
    placed, _ = picture.place_all(game, picture.frame_of(game))
    return [(group, p.box) for group, items in placed.items() for p in items]


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("make", [table_game, lambda: ai_game(2, 30), lambda: ai_game(8)], ids=["crowded", "mid",
                                                                                                  "end"])
def test_no_label_overlaps_another_or_a_base(make) -> None:
    game = make()
    frame = picture.frame_of(game)
    boxes = placed_boxes(game)
    assert boxes
    for i, (_, a) in enumerate(boxes):
        for _, b in boxes[i + 1:]:
            assert _apart(a, b), (a, b)
    for w in game.state.on_table():
        cx, cy = frame.to_svg(w.x, w.y)
        r = w.radius * picture.SCALE
        for _, box in boxes:
            assert _apart(box, (cx - r, cy - r, cx + r, cy + r)), (w.name, box)


def test_labels_along_the_table_edge_stay_on_the_table_and_apart() -> None:
    game = table_game()
    frame = picture.frame_of(game)
    left, top = frame.to_svg(0, game.state.depth)
    right, bottom = frame.to_svg(game.state.width, 0)
    for _, (x0, y0, x1, y1) in placed_boxes(game):
        assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom


def test_every_label_is_drawn_once_with_its_text() -> None:
    game = table_game()
    root = parse(game.ruleset.present(game, None).svg)
    labels = [t for t in root.iter(SVG + "text") if t.get("data-label")]
    keys = [t.get("data-label") for t in labels]
    assert sorted(keys) == sorted([*(w.id for w in game.state.on_table()), "b2", "b3", "s1", "s4", "t1", "t2"])
    text = {t.get("data-label"): "".join(t.itertext()) for t in labels if "name" in (t.get("class") or "")}
    assert text["r1"] == "A Grub 2/2"


def test_shrines_are_named_as_the_menus_name_them() -> None:
    game = table_game()
    shown = game.ruleset.present(game, "red")
    root = parse(shown.svg)
    places = elements(root, "data-place")
    labels = {t.get("data-label"): "".join(t.itertext()) for t in root.iter(SVG + "text") if t.get("data-label")}
    for s in game.state.shrines:
        assert s.id in places and "shrine" in places[s.id].get("class")
        assert labels[s.id] == f"shrine {s.id}"
        assert shown.piece(s.id).name == f"shrine {s.id}" and shown.piece(s.id).shape[0] == "circle"
    # the move menus say the same name
    heading = next(o for o in turns.move_options(game, game.state.warriors["r1"], "move", prefix="")
                   if o.data.get("action") == "shrine")
    assert labels[heading.data["shrine"]] in heading.label


def test_terrain_is_named_and_drawn_as_a_place_with_its_footprint() -> None:
    game = table_game()
    shown = game.ruleset.present(game, "red")
    root = parse(shown.svg)
    places = elements(root, "data-place")
    labels = {t.get("data-label"): "".join(t.itertext()) for t in root.iter(SVG + "text") if t.get("data-label")}
    for p in game.state.pieces:
        assert p.id in places and labels[p.id] == p.name
        assert p.kind in shown.piece(p.id).kind
    assert shown.piece("t1").shape == ("polygon", 5.0, 17.0, 7.0, 17.0, 7.0, 19.0, 5.0, 19.0)
    assert shown.piece("t2").shape == ("circle", 26.0, 8.0, 1.5)
    assert game.ruleset.measure_between(game, "red", (26.0, 3.0), "t2").endswith('3.50" (closest points)')


@pytest.mark.parametrize("seed", [1, 4])
def test_the_legend_lists_every_terrain_kind_present_and_the_warbands(seed: int) -> None:
    game = ai_game(seed, 5)
    shown = game.ruleset.present(game, None)
    labels = " | ".join(item.label for item in shown.legend)
    for kind in {p.kind for p in game.state.pieces}:
        assert f"{kind} terrain" in labels
    for p, side in game.state.sides.items():
        assert f"{p}: {side.warband}" in labels
    assert "shrine" in labels and "Aimed token" in labels and "berserk" in labels and "dead" in labels
    legend = parse(shown.svg).find(f".//{SVG}g[@data-role='legend']")
    drawn = " | ".join("".join(t.itertext()) for t in legend.iter(SVG + "text"))
    assert all(item.label in drawn for item in shown.legend)


def test_the_frame_maps_a_warriors_centre_to_where_its_base_is_drawn() -> None:
    game = table_game()
    shown = game.ruleset.present(game, "red")
    frame = shown.frame
    assert (frame.width, frame.depth) == (game.state.width, game.state.depth)
    drawn = elements(parse(shown.svg), "data-piece")
    for w in game.state.on_table():
        base = next(c for c in drawn[w.id].iter(SVG + "circle") if c.get("class") == "base")
        sx, sy = frame.to_svg(w.x, w.y)
        assert float(base.get("cx")) == pytest.approx(sx, abs=0.06)
        assert float(base.get("cy")) == pytest.approx(sy, abs=0.06)
        assert float(base.get("r")) == pytest.approx(w.radius * frame.scale, abs=0.06)
        assert frame.to_table(sx, sy) == (pytest.approx(w.x), pytest.approx(w.y))
    # north is at the top of the picture
    assert frame.to_svg(0, game.state.depth)[1] < frame.to_svg(0, 0)[1]


def test_the_grid_numbers_inches_along_the_edges() -> None:
    game = table_game()
    root = parse(game.ruleset.present(game, None).svg)
    ticks = root.find(f".//{SVG}g[@data-role='ticks']")
    numbers = {"".join(t.itertext()) for t in ticks.iter(SVG + "text")}
    assert {"0", "6", "12", "18", "24", "30", "36"} <= numbers


def test_the_fallen_are_faint_marks_with_their_names_and_listed_in_a_panel() -> None:
    game = table_game()
    shown = game.ruleset.present(game, "red")
    root = parse(shown.svg)
    drawn = elements(root, "data-piece")
    assert drawn["b2"].get("class") == "casualty dead" and drawn["b3"].get("class") == "casualty fled"
    panels = dict(shown.panels)
    assert "Gone (blue): dead" in panels["Casualties"] and "Ran (blue): fled" in panels["Casualties"]
    assert {"Round order", "Warbands", "What just happened"} <= set(panels)
    listed = root.find(f".//{SVG}g[@data-role='casualties']")  # under the legend, for a picture on its own
    text = " ".join("".join(t.itertext()) for t in listed.iter(SVG + "text")).replace("\u00a0", " ")
    assert "b Gone (blue): dead; c Ran (blue): fled" in text
    assert all(len(line) <= picture.PANEL_CHARS for _, body in shown.panels for line in body.splitlines())


def test_what_just_happened_and_the_brief() -> None:
    from skirmish_chob_noggoth import attacks

    game = table_game()
    game.rng.load([5])
    game.run(lambda g: attacks.suffer_wounds(g, g.state.warriors["r1"], 2, rule="Test"))
    shown = game.ruleset.present(game, "red")
    assert "Grub dies" in dict(shown.panels)["What just happened"]
    from skirmish_chob_noggoth import explain

    assert shown.brief == explain.brief(game, "red", screen=True)  # the terminal's brief, unwrapped for a panel


def test_nothing_is_hidden_so_every_seat_sees_the_same() -> None:
    game = ai_game(6, 30)
    ruleset = game.ruleset
    assert ruleset.perfect_information
    assert all(ruleset.secrets(game, seat) == [] for seat in game.players)
    seen = {seat: json.dumps(ruleset.present(game, seat).to_dict(), sort_keys=True) for seat in game.players}
    assert len(set(seen.values())) == 1
    for seat in game.players:
        other = next(p for p in game.players if p != seat)
        assert not any(secret in seen[other] for secret in ruleset.secrets(game, seat))


def test_shades_say_how_far_a_warrior_moves_whom_it_charges_and_shoots() -> None:
    game = table_game()
    nell = game.state.warriors["b4"]
    shades = {(s.kind, s.label): s for s in game.ruleset.shades(game, "blue", "b4")}
    reach = next(s for (kind, _), s in shades.items() if kind == "reach")
    assert reach.shape == ("circle", 20.0, 10.0, warrior_profile.move_allowance(game, nell, "move") + nell.radius)
    rng = next(s for (kind, _), s in shades.items() if kind == "range")
    assert rng.shape[3] == pytest.approx(warrior_profile.shooting_range(game, nell) + nell.radius)
    shot = {t for s in shades.values() if s.kind == "see" for t in s.pieces}
    assert shot == {t.id for t, _, _ in turns.targets(game, nell, warrior_profile.shooting_range(game, nell))}
    charged = {t for s in shades.values() if s.kind == "charge" for t in s.pieces}
    offered = {o.data["target"] for o in turns.move_options(game, nell, "move", prefix="")
               if o.data.get("action") == "charge"}
    assert charged == offered
    assert game.ruleset.shades(game, "blue", "b2") == []  # the dead reach nothing


def test_the_tape_measures_between_warriors_as_the_rules_do() -> None:
    game = table_game()
    text = game.ruleset.measure_between(game, "red", "r1", "b4")
    assert "base to base" in text
    between = game.ruleset.measure_between(game, "red", (0.0, 0.0), (3.0, 4.0))
    assert between.startswith("(0.0, 0.0) to (3.0, 4.0): 5.00")


def test_every_presentation_of_short_ai_games_renders() -> None:
    seen = []

    def look(game: Game) -> None:
        shown = game.ruleset.present(game, game.pending.player if game.pending else None)
        root = parse(shown.svg)
        drawn = elements(root, "data-piece")
        assert all(w.id in drawn for w in game.state.on_table())
        json.dumps(shown.to_dict())
        seen.append(game.decisions)

    for seed in (2, 7):
        game = ai_game(seed, after=look)
        assert game.result is not None
    assert len(seen) > 60


def test_presenting_changes_nothing_in_play() -> None:
    quiet = ai_game(7)
    watched = ai_game(7, after=lambda g: (g.ruleset.present(g, None), [g.ruleset.shades(g, p, w.id)
                                          for p in g.players for w in g.state.on_table()]))
    assert quiet.digest() == watched.digest() and quiet.decisions == watched.decisions
    assert math.isfinite(quiet.decisions)


def test_deployment_strips_are_shown_while_warriors_wait_to_be_placed() -> None:
    game = ai_game(4, 1)
    assert game.round == 0 and game.pending.kind == "deploy"
    shown = game.ruleset.present(game, game.pending.player)
    root = parse(shown.svg)
    assert len([r for r in root.iter(SVG + "rect") if r.get("class") == "deployment"]) == 2
    assert any("deployment strip" in item.label for item in shown.legend)
    assert "Not on the table yet" in dict(shown.panels)
    later = ai_game(4, 40)
    assert not [r for r in parse(later.ruleset.svg(later, None)).iter(SVG + "rect") if r.get("class") == "deployment"]


def test_the_browsers_brief_names_every_warrior_on_one_line_a_side_and_no_terminal_command() -> None:
    game = Game(_ruleset(), None, seed=3)  # set-up: fourteen warriors waiting, long lines
    shown = _ruleset().present(game, game.players[0])
    terminal = _ruleset().brief(game, game.players[0])
    assert "'show'" in terminal and "'show'" not in shown.brief and "help TERM" not in shown.brief
    for w in game.state.warriors.values():
        assert w.name in shown.brief
    assert len(shown.brief.splitlines()) == 1 + len(game.state.sides) + 1  # the round, a line a side, the key
