"""Whole games: random and ai agents for many seeds, the ai against random, saving and replaying."""

from __future__ import annotations

import pytest

from skirmish import Game, SaveFile, drive, play_one, read_save, replay, simulate, write_save
from skirmish_tavern_brawl.rules import TavernBrawl

PLAYERS = {2: ["Red", "Blue"], 3: ["Red", "Blue", "Green"], 4: ["Red", "Blue", "Green", "Gold"]}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("agents", [["random"], ["ai"], ["ai", "random"]])
def test_games_end_within_max_decisions(registry, players, agents):
    limit = TavernBrawl.max_decisions
    for seed in range(60):
        record = play_one(registry, "tavern-brawl", seed, agents, setup={"players": PLAYERS[players]})
        assert record.finished and record.winners, (seed, record)
        assert record.decisions < limit


def test_longest_brawl_ends_within_max_decisions(registry):
    setup = {"players": PLAYERS[4], "rounds": 20}
    worst = max(play_one(registry, "tavern-brawl", seed, ["random"], setup=setup).decisions for seed in range(30))
    assert worst < TavernBrawl.max_decisions / 4


def test_ai_beats_random(registry):
    summary, records = simulate(registry, "tavern-brawl", 100, ["ai", "random"], alternate=True)
    ai_wins = sum(1 for r in records if r.winners and all(r.agents[r.players.index(w)] == "ai" for w in r.winners))
    print(f"ai beat random in {ai_wins}/100 games ({summary.games_per_second:.0f} games/s)")
    assert ai_wins >= 80


def test_ai_beats_random_in_a_crowd(registry):
    setup = {"players": PLAYERS[4]}
    _, records = simulate(registry, "tavern-brawl", 60, ["ai", "random", "random", "random"], setup=setup)
    ai_wins = sum(1 for r in records if "Red" in r.winners)
    assert ai_wins >= 30  # one ai among three random brawlers: a fair share would be 15


def test_save_and_replay_give_the_same_brawl(registry, tmp_path):
    ruleset = registry.ruleset("tavern-brawl")
    game = Game(ruleset, {"players": PLAYERS[3]}, seed=7)
    agents = {p: registry.make_agent(name, ruleset, p, i) for i, (p, name) in
              enumerate(zip(game.players, ["ai", "random", "ai"], strict=True))}
    drive(game, agents, max_decisions=ruleset.max_decisions)
    write_save(SaveFile.of(game, {p: "ai" for p in game.players}), tmp_path / "brawl.toml")
    again = replay(read_save(tmp_path / "brawl.toml"), ruleset)
    assert again.digest() == game.digest() and again.result == game.result
    assert [e.text for e in again.log] == [e.text for e in game.log]
