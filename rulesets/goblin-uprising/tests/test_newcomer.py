"""What a newcomer trips on: every word the screens use is in ``help TERM``, no internal id reaches a player, and
every choice says what it does (issue 8, "Playing it")."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from gu_helpers import RULESET, answer, new_game, reask

from skirmish import Game
from skirmish_goblin_uprising.content import EFFECTS
from skirmish_goblin_uprising.render import final_summary, hero_sheet, tyrant_text

EXE = str(Path(sys.executable).with_name("skirmish"))
RAW_IDS = sorted({name for names in EFFECTS.values() for name in names if "_" in name})


def _no_raw_id(text: str) -> None:
    found = [raw for raw in RAW_IDS if re.search(rf"\b{raw}\b", text)]
    assert not found, f"internal ids shown to a player: {found} in {text!r}"


def _labels(game: Game) -> list[str]:
    assert game.pending is not None
    return [o.label for o in game.pending.options]


def test_glossary_knows_every_word_the_screens_use() -> None:
    terms = {k.lower() for k in RULESET.glossary()}
    for word in ("Fury", "Ambush", "Crowns", "Essence", "Ess", "Renown", "Ren", "Leadership", "HP", "hand",
                 "Star", "Blank", "Goblin die", "enemy die", "Tyrant die", "region die", "scheme", "spawn",
                 "counter-attack", "heroic deed", "Rest", "Travel", "tribe card", "guardian", "pet", "dmg",
                 "Upkeep", "Tyranny", "Attack", "green", "red", "Axe", "Arrow", "Power", "Reinforce", "Discard",
                 "Tyrannical Ability", "miniature", "Champion", "marker", "Gate", "Throne", "Dwarf Soldiers",
                 "Dwarf General"):
        assert word.lower() in terms, word


def test_glossary_names_every_ability_pet_scheme_and_tyrant_ability() -> None:
    c = RULESET.content
    terms = RULESET.glossary()
    names = [a.name for cl in c.classes.values() for a in cl.abilities] + [p.name for p in c.pets.values()]
    names += [t.ability.name for t in c.tyrants.values()] + [s.name for t in c.tyrants.values() for s in t.schemes]
    assert not [n for n in names if n not in terms]


def test_glossary_explains_in_words_not_effect_ids() -> None:
    terms = RULESET.glossary()
    for text in terms.values():
        _no_raw_id(text)
    assert "reroll any of your dice" in terms["Fire Tribe"]
    assert "Fury token" in terms["Barbarian"]
    assert "+L/2 damage" in terms["Spear Goblin"] and "Leadership" in terms["Spear Goblin"]
    assert "2 actions" in terms["Fire Guardian"] and "defeat a troop" in terms["Fire Guardian"]


def test_hero_sheet_explains_passive_guardian_and_pet() -> None:
    game = new_game(4)
    s = game.state
    s.heroes["hero1"].guardian = "earth"
    sheet = hero_sheet(game, "hero1")
    _no_raw_id(sheet)
    assert "passive: taking damage in a battle gives you a Fury token" in sheet
    assert "guardian: Earth Guardian: passive: your first damage each Tyrant's turn is 1 less" in sheet
    ranger = hero_sheet(game, "hero4")
    assert "pet: Wolf: +1 Goblin die when you attack a troop" in ranger
    assert "first Move 1 each turn costs no action" in ranger


def test_track_preview_says_what_its_rolls_are() -> None:
    text = tyrant_text(new_game(1))
    assert "1 reinforcement;" in text and "(s)" not in text


def test_final_summary_names_classes_and_the_tyrant_wins() -> None:
    game = new_game(2)
    game.state.oppress = True
    game.finish(["Tyrant"], "a test ending", rule="test")
    text = final_summary(game, "hero1")
    assert "the Tyrant wins - a test ending" in text
    assert "hero1 (Barbarian)" in text and "hero2 (Wizard)" in text


def test_final_summary_when_the_heroes_win() -> None:
    game = new_game(2)
    game.finish(["heroes"], "a test ending", rule="test")
    assert "the heroes win - a test ending" in final_summary(game, "hero1")


def test_class_choice_says_what_the_passive_does() -> None:
    game = Game(RULESET, {"players": ["hero1"], "tyrant": "dwarf"}, seed=1)
    labels = _labels(game)
    assert "Barbarian: HP 12, Leadership 2, Essence 2; Fury when hurt in a battle" in labels
    assert any(label.startswith("Druid:") and "Rest gives HP and Essence" in label for label in labels)


def test_class_choice_names_the_level_1_abilities_to_pick_from() -> None:
    game = Game(RULESET, {"players": ["hero1"], "tyrant": "dwarf"}, seed=1)
    assert game.pending is not None
    content = game.ruleset.content
    for option in game.pending.options:
        cls = content.classes[option.value.removeprefix("class:")]
        first = [a.name for a in cls.abilities if a.level == 1]
        assert first and f"level 1 abilities: {', '.join(first)}" in option.help
        assert "ABILITY" not in option.help


def test_hero_turn_choices_say_what_they_do() -> None:
    game = new_game(2)
    hero = game.state.heroes["hero1"]
    hero.renown = 7
    reask(game)
    labels = _labels(game)
    assert "Rest: regain 2 HP (12/12: already full, gains nothing)" in labels
    assert any(label.startswith("Train (2 Renown): learn Roar (level 1: 3 dice; prevent 1 damage") for label in labels)
    commune = [label for label in labels if label.startswith("Commune (5 Renown): Earth Guardian")]
    assert commune and "2 actions: you and every hero in your region heal 3" in commune[0]
    assert "End your actions: heroic deed next, unused ones lost" in labels
    travel = [label for label in labels if label.startswith("Travel: ")]
    # the compact list puts every travel on one line, destinations first; a long path is cut at the end of the line
    assert travel and all(re.match(r"Travel: [A-Za-z ]+ \(\d Moves via [A-Za-z ,]+(; the first free: Ranger)?\)$",
                                   label) for label in travel), travel


def test_a_long_hero_turn_menu_fits_under_the_status() -> None:
    """Issue 22: a hero on a spawn space with 3 actions had 30-39 choices, one line per "Travel to X", and the
    status scrolled away. The options carry their group (Move 1, Travel...), so the CLI's menu is one line each."""
    from skirmish_cli import render

    game = new_game(3)
    game.state.board.move("hero1", "tundra-spawn")
    game.state.heroes["hero1"].renown = 7
    reask(game)
    d = game.pending
    assert len(d.options) >= 30
    assert {render.option_group(o) for o in d.options if o.value.startswith("travel:")} == {"Travel"}
    assert {render.option_group(o) for o in d.options if o.value.startswith("move:")} == {"Move 1"}
    menu = render.decision_text(d, limit=14).splitlines()
    brief = game.ruleset.brief(game, "hero1").splitlines()
    assert len(menu) <= 12 and len(menu) + len(brief) + 2 <= 24, menu
    assert any(line.split()[0] == "Travel" for line in menu[1:]), menu


def test_battle_against_another_hero_says_so() -> None:
    game = new_game(2)
    s = game.state
    from skirmish_goblin_uprising.bookkeeping import move_piece

    move_piece(game, "hero1", "tundra-outer", "test")
    move_piece(game, "hero2", "tundra-outer", "test")
    reask(game)
    answer(game, "end")
    labels = _labels(game)
    assert "Battle hero2 (a fellow hero, not an enemy)" in labels, labels
    assert "Battle Undead Soldiers (1 miniature, 2/2 HP left on the tile)" in labels, labels
    assert s.heroes["hero2"].hp > 0


def _play(args: list[str], lines: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "xdg"), "NO_COLOR": "1"}
    return subprocess.run([EXE, "play", "goblin-uprising", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, env=env, timeout=300, cwd=tmp)


def test_cli_help_terms_from_the_screens(tmp_path: Path) -> None:
    out = _play(["--seed", "3", "--heroes", "1"],
                ["help fury", "help crowns", "help fire tribe", "help cleaving swing", "help star", "help L", "quit"],
                tmp_path)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())  # the prompt wraps long lines
    assert "no entry for" not in text and "could be" not in text
    assert "Fury token" in text and "three bring the Dwarf General" in text
    assert "reroll any of your dice" in text and "Barbarian ability, level 1" in text
    assert "L: Leadership" in text
    _no_raw_id(text)


def test_cli_class_choices_fit_the_line(tmp_path: Path) -> None:
    out = _play(["--seed", "3", "--heroes", "1"], ["quit"], tmp_path)
    lines = [line for line in out.stdout.splitlines() if re.match(r"\s+\d\. ", line)]
    assert len(lines) == 6 and not [line for line in lines if line.endswith("...")], lines


def test_svg_board_keeps_everything_inside_and_has_a_key() -> None:
    game = new_game(6)
    text = RULESET.svg(game, None)
    assert text is not None
    x0, y0, w, h = map(float, re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', text).groups())
    for cx, cy, r in re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"', text):
        x, y, r = float(cx), float(cy), float(r)
        assert x0 <= x - r and x + r <= x0 + w and y0 <= y - r and y + r <= y0 + h
    for tag, words in re.findall(r'<text ([^>]*)>([^<]*)<', text):
        x, y = (float(re.search(rf' ?{k}="([-\d.]+)"', tag).group(1)) for k in ("x", "y"))
        size = float(re.search(r'font-size="([\d.]+)"', tag).group(1))
        width = len(words) * size * 0.6  # a rough width of the letters
        left = {"middle": x - width / 2, "end": x - width}.get(
            (re.search(r'text-anchor="(\w+)"', tag) or re.match("()", "")).group(1), x)
        assert y0 < y - size and y <= y0 + h, (y, words)
        assert x0 <= left and left + width <= x0 + w, (x, words)
    assert 'data-role="legend"' in text and "Scheme: The Forge Awakens" in text


def test_a_forced_discard_says_why() -> None:
    from skirmish_goblin_uprising.damage import ask_discard

    game = new_game(2)
    hero = game.state.heroes["hero1"]
    assert len(set(hero.hand.cards)) >= 2
    game.pending = None
    game._waiting = None
    game.call(ask_discard, "hero1", 1, "Scheme: The Iron Tithe")
    game.advance()
    assert game.pending.prompt == "hero1: discard a goblin (1 to go) - Scheme: The Iron Tithe"


def test_damage_from_a_hero_names_the_hero_not_its_id() -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    game = new_game(2)
    game.pending = None
    game._waiting = None
    game.call(deal_damage, "hero1", 2, False, "hero:hero2", "Combat")
    game.advance()
    assert game.pending.prompt == "hero1: 2 damage coming (hero2). Prevent some?"
    assert any(e.text == "hero1 is dealt 2 damage (hero2)" for e in game.log)
    game.state.moments.append("round 1: hero1 fell in battle (hero:hero2)")
    game.finish(["Tyrant"], "a test ending", rule="test")
    assert "hero1 fell in battle (hero2)" in final_summary(game, "hero1")


def test_a_helper_is_asked_about_the_adventure_by_name() -> None:
    game = new_game(2)
    game.state.board.move("hero1", "mountains-outer")
    game.state.board.move("hero2", "mountains-spawn")  # helpers are invited from the adventurer's region (GU-32)
    game.state.adventures.put_top("sabotage-the-forge")
    reask(game)
    for _ in range(50):
        d = game.pending
        if d.kind == "respond" and d.rule == "Adventure: help":
            break
        vals = [o.value for o in d.options]
        pick = next((v for v in ("end", "adventure", "take", "done", "green", "pass") if v in vals), vals[0])
        game.answer(pick)
    assert d.kind == "respond" and d.player == "hero2"
    pattern = r"(hero2: )?hero1 invites you to help the adventure [A-Z][\w' ]+ \(\d successes\): accept\?"
    assert re.fullmatch(pattern, d.prompt), d.prompt


def test_the_bone_tribe_choice_says_what_falling_does() -> None:
    from skirmish_goblin_uprising.damage import falling

    game = new_game(6)  # hero6 holds the Bone Tribe
    game.pending = None
    game._waiting = None
    game.state.heroes["hero6"].hp = 0
    game.call(falling, "hero6", "Oppress")
    game.advance()
    d = game.pending
    assert d.prompt == "hero6 is at 0 HP: use the Bone Tribe card?"
    assert "fall, keeping the card: back to Corals Village with full HP; the destruction marker moves down" in [
        o.label for o in d.options]


def test_show_fits_an_80_column_terminal_all_game_long() -> None:
    from skirmish.agents import AgentContext, View
    from skirmish_goblin_uprising.ai import make_ai

    game = Game(RULESET, {"players": ["hero1", "hero2", "hero3", "hero4"], "tyrant": "elven"}, seed=5)
    agents = {p: make_ai(AgentContext(p, i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    shown = 0
    while game.pending is not None:
        d = game.pending
        if shown % 25 == 0:
            text = RULESET.describe(game, d.player)
            assert max(len(line) for line in text.splitlines()) < 80, text
        shown += 1
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert shown > 100
