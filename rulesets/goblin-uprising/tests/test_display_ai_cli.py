"""What players see (text map, hero sheet, brief, summary, glossary, odds, SVG), the AI heroes, the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from gu_helpers import RULESET, answer, new_game

from skirmish import Game, SkirmishError
from skirmish.agents import AgentContext, View
from skirmish_goblin_uprising.ai import make_ai
from skirmish_goblin_uprising.odds import goblin_successes

EXE = str(Path(sys.executable).with_name("skirmish"))


def skirmish(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp / "xdg")}
    return subprocess.run([EXE, *args], capture_output=True, text=True, env=env, timeout=300, cwd=tmp)


def play_ai(n: int, seed: int, tyrant: str = "dwarf") -> Game:
    game = Game(RULESET, {"players": [f"hero{i + 1}" for i in range(n)], "tyrant": tyrant}, seed=seed)
    agents = {p: make_ai(AgentContext(p, seed + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    return game


def test_describe_shows_map_tyrant_track_scheme_and_sheet() -> None:
    game = new_game(2)
    text = RULESET.describe(game, "hero1")
    for part in ("The Mountains", "Throne", "TYRANT", "Royal Armor 3", "scheme: The Forge Awakens", "track:",
                 "Cleaving Swing", "tribe: Fire Tribe", "Villages:", "token:?"):
        assert part in text, part
    assert "hero2 Wizard" in text and "Firebolt" not in text  # other heroes get a line, not a sheet


def test_text_map_draws_the_board_in_80_by_24() -> None:
    """Issue 22: no board at the terminal, only the list of spaces. The map has a row per region with its spaces
    from the village in to the Gate, who stands where, troops with their type, generals and tokens."""
    from skirmish_goblin_uprising.render import board_map

    game = new_game(6)
    s = game.state
    s.board.move("hero1", "tundra-spawn")
    s.board.move("hero2", "gate")
    s.board.place("general:dwarf", "mountains-inner")
    s.quests["desert-outer"] = "scheme:test"
    s.troops["undead"], s.troop_damage["undead"] = 3, 1
    lines = board_map(game).splitlines()
    assert len(lines) <= 10 and all(len(line) < 80 for line in lines), lines
    assert lines[0].split() == ["Village", "Outer", "Spawn", "(ring)", "Inner"]
    row = {line.split()[0]: line for line in lines[1:] if line[:1].isalpha()}
    assert set(row) >= {"Tundra", "Mountains", "Desert", "Prairie", "Forest", "Corals", "Castle"}
    assert "3 Undead 1dmg h1" in row["Tundra"] and row["Tundra"].endswith("- Gate")
    assert "G:Dwarf" in row["Mountains"] and "2 Dwarf" in row["Mountains"]
    assert "Q" in row["Desert"].split() and "h3" in row["Desert"] and "?" in row["Prairie"].split()
    assert "Gate:" in row["Castle"] and "h2" in row["Castle"] and "Throne: TYRANT" in row["Castle"]
    text = RULESET.describe(game, "hero1")
    assert "\n".join(lines) in text and "Spaces and their neighbours:" in text  # the map, then the list


def test_brief_fits_the_prompt() -> None:
    game = new_game(6)
    lines = RULESET.brief(game, "hero1").splitlines()
    assert len(lines) <= 8 and all(len(line) < 80 for line in lines)


def test_view_hides_the_behavior_card_and_face_down_tokens() -> None:
    game = new_game(2)
    view = game.view("hero1")["state"]
    assert view["tyrant"]["behavior"] == "hidden"
    assert set(view["tokens"].values()) == {"hidden"}
    assert game.state.behavior not in str(view)


def test_determinize_redeals_what_no_hero_knows() -> None:
    game = new_game(2)
    behaviors = {RULESET.determinize(game, "hero1", sample=i).state.behavior for i in range(12)}
    assert len(behaviors) > 1


def test_glossary_explains_rules_and_content() -> None:
    terms = RULESET.glossary()
    for term in ("Oppress", "Aggressive", "Royal Armor", "Barbarian", "Spear Goblin", "Fire Guardian"):
        assert term in terms


def test_odds_of_goblin_dice_are_exact() -> None:
    game = new_game(1)
    dist = goblin_successes(game, 1, 0)
    assert dist == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    dist = goblin_successes(game, 1, 1)
    assert dist == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert sum(goblin_successes(game, 5, 2).values()) == 1
    assert RULESET.odds(game, "hero1", "adventure")[0][1]["difficulty 1"] > 0
    with pytest.raises(SkirmishError):
        RULESET.odds(game, "hero1", "nonsense")


def test_odds_of_an_enemy_attack() -> None:
    game = new_game(1)
    (_, dist), = RULESET.odds(game, "hero1", "enemy troop:dwarf")
    assert dist == {2: Fraction(1, 2), 3: Fraction(1, 3), 4: Fraction(1, 6)}


def test_final_summary_lists_key_moments() -> None:
    game = play_ai(2, 1)
    text = RULESET.final_summary(game, "hero1")
    assert "Game over" in text and "Key moments" in text


def test_svg_board() -> None:
    text = RULESET.svg(new_game(2), None)
    assert text is not None and text.startswith("<svg") and text.count('data-kind="space"') == 26


@pytest.mark.parametrize("seed", range(3))
def test_ai_teams_finish_games(seed: int) -> None:
    game = play_ai(3, seed, ["dwarf", "human", "elven"][seed])
    assert game.result is not None and game.decisions < 2000


def test_ai_never_battles_another_hero_and_helps_adventures() -> None:
    game = play_ai(4, 7)
    answers = [e for e in game.log if e.kind == "answer"]
    assert not any("Battle hero" in e.text for e in answers)


def test_ai_rests_when_hurt() -> None:
    game = new_game(1)
    game.state.heroes["hero1"].hp = 3
    from gu_helpers import reask

    reask(game)
    ai = make_ai(AgentContext("hero1", 1, RULESET, {}, game.players))
    assert ai.decide(View(game, "hero1"), game.pending) == "rest:hp"


def test_ai_takes_a_token_on_its_space() -> None:
    game = new_game(1)
    game.state.tokens["village-mountains"] = "song-of-deeds"
    from gu_helpers import reask

    reask(game)
    ai = make_ai(AgentContext("hero1", 1, RULESET, {}, game.players))
    assert ai.decide(View(game, "hero1"), game.pending) == "interact:village-mountains"


def test_ai_travels_to_its_goal_in_one_answer() -> None:
    from gu_helpers import bare_game, reask

    game = bare_game(1)
    s = game.state
    s.tokens["tundra-spawn"] = "song-of-deeds"  # three spaces away, nothing on the way
    reask(game)
    ai = make_ai(AgentContext("hero1", 1, RULESET, {}, game.players))
    assert ai.decide(View(game, "hero1"), game.pending) == "travel:tundra-spawn"


def test_battling_a_fellow_hero_has_its_help() -> None:
    """Issue 22: "Battle hero2 (a fellow hero, not an enemy)" was offered with no help and no glossary entry."""
    from gu_helpers import reask

    game = new_game(2)
    s = game.state
    s.board.move("hero1", "tundra-outer")  # (villages belong to no region)
    s.board.move("hero2", "tundra-inner")
    s.turn.actions = 0
    reask(game)
    battle = next(o for o in game.pending.options if o.value == "battle:hero:hero2")
    assert "player against player" in battle.help and "fellow hero" in battle.help
    assert "player against player" in RULESET.glossary()["fellow hero"]


def test_battling_the_tyrant_fits_a_line() -> None:
    """Played by hand: "Battle Queen Brannhild the Forgeheart (HP 16/20, Royal Armor 3; it stri..." was cut; "it
    strikes first" is in the help."""
    from gu_helpers import reask

    game = new_game(1)
    game.state.board.move("hero1", "gate")
    game.state.turn.actions = 0
    reask(game)
    battle = next(o for o in game.pending.options if o.value == "battle:tyrant")
    assert battle.label.endswith("(HP 6/6, Royal Armor 1)") and len(battle.label) + 6 <= 80
    assert "it strikes first" in battle.help


def test_every_option_of_whole_games_has_its_help() -> None:
    """Issue 22: every choice the ruleset offers says what it does at 'help' (the respond window's pass options
    are core's)."""
    missing = set()
    for seed, n in ((0, 1), (1, 3), (2, 6), (3, 4)):
        game = Game(RULESET, {"players": [f"hero{i + 1}" for i in range(n)],
                              "tyrant": ("dwarf", "human", "elven", "merfolk")[seed]}, seed=seed)
        agents = {p: make_ai(AgentContext(p, seed + i, RULESET, {}, game.players)) for i, p in enumerate(game.players)}
        while game.pending is not None:
            d = game.pending
            missing |= {(d.kind, o.value) for o in d.options
                        if not o.help and not (d.kind == "respond" and o.value in ("pass", "pass-phase"))}
            game.answer(agents[d.player].decide(View(game, d.player), d), d.player)
    assert not missing


@pytest.mark.parametrize(("armor", "deed"), [(4, "adventure"), (3, "adventure"), (1, "battle:tyrant")])
def test_ai_battles_the_tyrant_only_when_its_blows_can_get_through(armor: int, deed: str) -> None:
    """Issue 22: AI heroes battled the Tyrant for nothing ("Royal Armor 3 stops 2"). A Barbarian with 3 dice, 1
    Essence, 1 Renown and two damage goblins cannot get past 4 Royal Armor (the old AI counted each goblin as 1.5
    damage and attacked) and has 15% against 3: it adventures; against 1 it attacks."""
    from gu_helpers import reask

    game = new_game(1)
    s = game.state
    s.board.move("hero1", "gate")  # the castle region, with the Tyrant on the Throne
    for key in s.troops:
        s.troops[key] = 0
    s.turn.actions = 0
    s.heroes["hero1"].hand.cards[:] = ["wolf-rider", "spear-goblin"]
    s.heroes["hero1"].renown = 1
    s.armor = armor
    reask(game)
    assert "battle:tyrant" in [o.value for o in game.pending.options]
    ai = make_ai(AgentContext("hero1", 1, RULESET, {}, game.players))
    assert ai.decide(View(game, "hero1"), game.pending) == deed


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 4, 6])
def test_ai_teams_win_some_and_lose_some(n: int) -> None:
    wins = sum("heroes" in play_ai(n, seed, tyrant).result.winners for seed in range(4)
               for tyrant in ("dwarf", "human"))
    assert 0 < wins < 8


def test_cli_plays_a_game_of_ai_heroes(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    out = skirmish("play", "goblin-uprising", "--players", "ai,ai", "--seed", "4", "--save", str(save), tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "game over" in out.stdout and save.exists()
    svg = skirmish("svg", str(save), "-o", "-", tmp=tmp_path)
    assert svg.returncode == 0 and svg.stdout.startswith("<svg")


def test_players_listed_set_how_many_heroes_unless_heroes_is_given(tmp_path: Path) -> None:
    two = skirmish("play", "goblin-uprising", "--players", "ai,ai", "--seed", "4", tmp=tmp_path)
    assert two.returncode == 0, two.stderr
    assert "players: hero1 (ai), hero2 (ai)\n" in two.stdout and "hero3" not in two.stdout
    four = skirmish("play", "goblin-uprising", "--players", "ai,random", "--heroes", "4", "--seed", "4", tmp=tmp_path)
    assert four.returncode == 0, four.stderr
    assert "players: hero1 (ai), hero2 (random), hero3 (ai), hero4 (random)\n" in four.stdout


def test_cli_bad_content_directory_is_one_line(tmp_path: Path) -> None:
    setup = tmp_path / "setup.toml"
    setup.write_text(f'players = ["a"]\ncontent = "{tmp_path / "missing"}"\n')
    out = skirmish("play", "goblin-uprising", "--players", "ai", "--setup", str(setup), tmp=tmp_path)
    assert out.returncode != 0 and "does not exist" in out.stderr and "Traceback" not in out.stderr


def test_a_hero_seat_can_answer_by_number() -> None:
    game = new_game(1)
    answer(game, "end")
    assert game.pending.kind == "action"


def test_measure_counts_moves_and_regions() -> None:
    game = new_game(2)
    assert "5 moves" in RULESET.measure(game, "hero1", "hero1", "tyrant")
    assert "same region" in RULESET.measure(game, "hero1", "mountains-outer", "troop:dwarf")
    with pytest.raises(SkirmishError):
        RULESET.measure(game, "hero1", "hero1", "dragon")
