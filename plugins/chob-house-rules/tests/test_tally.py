"""The kill tally: the counting, the observer (variant games only, never clones) and the chob-tally command."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from skirmish import AgentContext, Event, Game, RandomAgent, SaveFile, View, write_save
from skirmish.testing import play_random
from skirmish_chob_house_rules import tally
from skirmish_chob_house_rules.tally import KillTally


def ev(seq: int, kind: str, **data) -> Event:
    return Event(seq, kind, kind, "", data)


def test_a_death_is_credited_to_the_last_attacker_of_the_victim():
    t = KillTally().feed_all([ev(0, "attack", attacker="r1", target="b1"), ev(1, "attack", attacker="r2",
                                                                              target="b1"),
                              ev(2, "wound", target="b1"), ev(3, "death", target="b1")])
    assert t.kills == {"r2": ["b1"]} and t.uncredited == []


@pytest.mark.parametrize("between", ["hits", "answer", "phase"])
def test_hits_from_no_attack_and_later_decisions_credit_nobody(between):
    t = KillTally().feed_all([ev(0, "attack", attacker="r1", target="b1"), ev(1, between, target="b1"),
                              ev(2, "death", target="b1")])
    assert t.kills == {} and t.uncredited == ["b1"]


def test_a_parry_wound_is_credited_to_the_warrior_who_parried():
    t = KillTally().feed_all([ev(0, "attack", attacker="r1", target="b1"), ev(1, "parry", target="r1"),
                              ev(2, "death", target="r1")])
    assert t.kills == {"b1": ["r1"]}


def _finished_game(registry, name: str = "chob-noggoth-house") -> Game:
    """The first seed whose random game has a credited kill."""
    ruleset = registry.ruleset(name)
    for seed in range(10):
        game = play_random(ruleset, seed)
        if KillTally().feed_all(game.log).kills:
            return game
    raise AssertionError("no game with a kill in 10 seeds")


def test_the_observer_keeps_each_variant_games_tally_in_its_stash(registry):
    game = _finished_game(registry)
    kept = game.stash[tally.STASH]
    assert tally.live(game) == KillTally().feed_all(game.log).counts() and tally.live(game)
    assert json.loads(json.dumps(kept)) == kept  # plain data
    assert tally.figures(game) == {"chob-house-rules: credited kills": float(sum(tally.live(game).values())),
                                   "chob-house-rules: uncredited deaths": float(len(kept["uncredited"]))}


def test_the_observer_is_not_called_for_bundled_games(registry):
    game = play_random(registry.ruleset("chob-noggoth"), 0)
    assert tally.STASH not in game.stash and tally.live(game) == {}


def test_look_ahead_clones_carry_the_tally_so_far_and_are_not_observed(registry):
    game = Game(registry.ruleset("chob-noggoth-house"), seed=1)
    agents = {p: RandomAgent(AgentContext(p, i, game.ruleset)) for i, p in enumerate(game.players)}
    while game.pending is not None and game.round < 3:
        game.answer(agents[game.pending.player].decide(View(game, game.pending.player), game.pending))
    so_far = tally.live(game)
    clone = game.clone()
    assert clone.stash == game.stash and clone.stash[tally.STASH] is not game.stash[tally.STASH]
    while clone.pending is not None:
        clone.answer(agents[clone.pending.player].decide(View(clone, clone.pending.player), clone.pending))
    assert clone.over and tally.live(clone) == so_far and tally.live(game) == so_far


def test_simulate_reports_the_tally_the_same_in_one_process_and_in_two(registry):
    from skirmish import simulate

    one, records = simulate(registry, "chob-noggoth-house", 6, ["random"], workers=1)
    two, _ = simulate(registry, "chob-noggoth-house", 6, ["random"], workers=2)
    assert two.workers == 2 and one.extra == two.extra
    key = "chob-house-rules: credited kills"
    assert one.extra[key] == sum(r.extra[key] for r in records) / 6 > 0
    bundled, _ = simulate(registry, "chob-noggoth", 2, ["random"], workers=1)
    assert key not in bundled.extra


@pytest.fixture(scope="module")
def command(registry):
    return registry.commands["chob-tally"].command


@pytest.fixture(scope="module")
def saved(registry, tmp_path_factory):
    game = _finished_game(registry)
    path = tmp_path_factory.mktemp("saves") / "house.toml"
    write_save(SaveFile.of(game), path)
    return game, path


def test_the_command_prints_each_warriors_kills(command, saved):
    game, path = saved
    out = CliRunner().invoke(command, [str(path)])
    assert out.exit_code == 0, out.output
    counts = KillTally().feed_all(game.log).counts()
    assert out.output.startswith(f"Kill tally: chob-noggoth-house (seed {game.seed})")
    names = {w.id: w.name for w in game.state.warriors.values()}
    for wid, n in counts.items():
        line = next(line for line in out.output.splitlines() if line.strip().startswith(names[wid] + " "))
        assert f" {n}  (" in line
    assert len(out.output.splitlines()) >= 1 + len(names)


def test_the_command_speaks_json(command, saved):
    game, path = saved
    out = CliRunner().invoke(command, [str(path), "--json"])
    data = json.loads(out.output)
    kills = {r["id"]: r["kills"] for r in data["warriors"] if r["kills"]}
    assert kills == KillTally().feed_all(game.log).counts()
    assert len(data["warriors"]) == len(game.state.warriors)


def test_the_command_reads_bundled_games_too(command, registry, tmp_path):
    game = play_random(registry.ruleset("chob-noggoth"), 0)
    write_save(SaveFile.of(game), tmp_path / "bundled.toml")
    out = CliRunner().invoke(command, [str(tmp_path / "bundled.toml")])
    assert out.exit_code == 0 and out.output.startswith("Kill tally: chob-noggoth (seed 0)")


@pytest.mark.parametrize(("text", "message"), [(None, "no save file at"), ("not = [toml", "not a valid save file")])
def test_a_bad_save_is_one_line_and_exit_1(command, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    if text is not None:
        path.write_text(text)
    out = CliRunner().invoke(command, [str(path)])
    assert out.exit_code == 1 and message in out.output and "Traceback" not in out.output


def test_a_saved_and_replayed_game_has_the_same_tally_in_its_stash(registry, tmp_path):
    from skirmish import read_save, replay

    game = _finished_game(registry)
    write_save(SaveFile.of(game), tmp_path / "g.toml")
    again = replay(read_save(tmp_path / "g.toml"), registry.ruleset("chob-noggoth-house"))
    assert again.stash[tally.STASH] == game.stash[tally.STASH] and tally.live(again)
