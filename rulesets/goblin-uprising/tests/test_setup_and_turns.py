"""Set-up in the printed order and the hero's turn: actions, free Renown spending, goblins, tribes, the deed."""

from __future__ import annotations

import pytest
from gu_helpers import RULESET, answer, new_game, reask, values

from skirmish import Game, IllegalAnswer, SetupError


def test_setup_follows_the_printed_order() -> None:
    game = new_game(2)
    rules = [e.rule for e in game.log if e.kind == "setup"]
    firsts = [next(i for i, r in enumerate(rules) if r.startswith(f"Set-up {n}")) for n in (2, 3, 4, 6, 8)]
    assert firsts == sorted(firsts)
    assert any(e.rule.startswith("Set-up 7") for e in game.log)


def test_starting_state() -> None:
    game = new_game(2)
    s = game.state
    h = s.heroes["hero1"]
    assert (h.hp, h.essence, h.renown, len(h.hand)) == (12, 1, 0, 2)
    assert s.where("tyrant") == "throne" and s.where("hero1") == "village-mountains"
    assert s.troops == {"undead": 1, "dwarf": 2, "dragon": 1, "human": 1, "elven": 1, "merfolk": 1, "champion": 1}
    assert s.scheme == "forge-awakens" and s.marker == 0 and not s.revealed and not s.aggressive
    assert game.pending.kind == "action" and game.pending.player == "hero1"


def test_class_components_at_setup() -> None:
    game = new_game(5)
    s = game.state
    assert s.heroes["hero3"].pet == "bear" and s.heroes["hero4"].pet == "wolf" and s.heroes["hero5"].ambush


def test_heroes_choose_class_ability_tribe_and_village_in_order() -> None:
    game = Game(RULESET, {"players": ["a", "b"]}, seed=3)
    kinds = []
    while game.pending.kind != "action":
        kinds.append((game.pending.player, game.pending.kind))
        game.answer(values(game)[0])
    assert kinds == [("a", "class"), ("a", "start-ability"), ("a", "tribe"), ("b", "class"), ("b", "start-ability"),
                     ("b", "tribe"), ("a", "village"), ("b", "village")]


def test_classes_tribes_and_villages_are_unique() -> None:
    game = Game(RULESET, {"players": ["a", "b"]}, seed=3)
    game.answer("class:wizard")
    while game.pending.player == "a":
        game.answer(values(game)[0])
    assert "class:wizard" not in values(game)
    with pytest.raises(SetupError, match="taken by another hero"):
        new_game(2, heroes={"hero2": {"class": "barbarian"}})


def test_one_to_six_heroes_can_play() -> None:
    assert RULESET.min_players == 1 and RULESET.max_players == 6
    new_game(1)
    new_game(6)
    with pytest.raises(SetupError, match="1 to 6 players"):
        Game(RULESET, {"players": [f"p{i}" for i in range(7)]})


def test_setup_errors_are_one_line() -> None:
    for bad, msg in (({"tyrant": "orc"}, "unknown Tyrant 'orc'"), ({"difficulty": "nightmare"}, "unknown difficulty"),
                     ({"options": {"rounds": 3}}, "unknown option 'rounds'"), ({"colour": 1}, "unknown set-up key")):
        with pytest.raises(SetupError, match=msg):
            Game(RULESET, {"players": ["a"], **bad})


def test_move_costs_an_action_and_goes_to_an_adjacent_space() -> None:
    game = new_game(1)
    assert "move:mountains-outer" in values(game) and "move:mountains-spawn" not in values(game)
    answer(game, "move:mountains-outer")
    assert game.state.where("hero1") == "mountains-outer" and game.state.turn.actions == 2


def test_ranger_first_move_each_turn_is_free() -> None:
    game = new_game(4)
    for _ in range(3):
        answer(game, "end") if game.pending.player != "hero4" else None
        while game.pending.player != "hero4":
            game.answer("end" if "end" in values(game) else "adventure" if "adventure" in values(game)
                        else values(game)[0])
    answer(game, "move:prairie-outer")
    assert game.state.turn.actions == 3
    answer(game, "move:prairie-spawn")
    assert game.state.turn.actions == 2


def test_travel_is_several_move_1_actions_along_the_path_shown() -> None:
    game = new_game(1)
    offered = {v[7:] for v in values(game) if v.startswith("travel:")}
    hops = game.ruleset.content.hops("village-mountains")
    assert offered == {sp for sp, d in hops.items() if 2 <= d <= 3}  # 3 actions: 2 or 3 spaces away
    label = next(o.label for o in game.pending.options if o.value == "travel:mountains-spawn")
    assert label == "Travel: Mountains Spawn (2 Moves via Mountains Outer)"
    answer(game, "travel:mountains-spawn")
    assert game.state.where("hero1") == "mountains-spawn" and game.state.turn.actions == 1
    moves = [e for e in game.log if e.kind == "occupancy" and e.data.get("occupant") == "hero1"
             and e.rule == "Move 1"]
    assert [e.data["space"] for e in moves] == ["mountains-outer", "mountains-spawn"]
    assert not any(v.startswith("travel:") for v in values(game))  # one action left: single steps only
    assert "move:mountains-outer" in values(game)


def test_travel_takes_the_first_shortest_step_in_map_order() -> None:
    from skirmish_goblin_uprising.turns import travel_path

    c = new_game(1).ruleset.content
    for here in ("village-mountains", "gate", "throne"):
        for to, d in c.hops(here).items():
            path = travel_path(c, here, to)
            assert len(path) == d and (not path or path[-1] == to)
            at = here
            for step in path:
                assert step in c.rmap.neighbours(at) and c.hops(step)[to] == c.hops(at)[to] - 1
                assert step == next(n for n in c.rmap.neighbours(at) if c.hops(n)[to] == c.hops(at)[to] - 1)
                at = step


def test_ranger_travel_uses_the_free_first_move() -> None:
    game = new_game(4)
    while game.pending.player != "hero4":
        game.answer("end" if "end" in values(game) else "adventure" if "adventure" in values(game)
                    else values(game)[0])
    here = game.state.where("hero4")
    far = {sp for sp, d in game.ruleset.content.hops(here).items() if d == 4}
    assert far and all(f"travel:{sp}" in values(game) for sp in far)  # 3 actions and the free first Move
    answer(game, f"travel:{sorted(far)[0]}")
    assert game.state.turn.actions == 0 and game.state.turn.moved_free
    assert "end" not in values(game)  # actions used up: the deed comes next


def test_rest_regains_two_and_caps_at_the_maximum_once_per_turn() -> None:
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.hp = 11
    answer(game, "rest:hp")
    assert h.hp == 12
    assert "rest:hp" not in values(game) and "rest:essence" not in values(game)


def test_druid_rest_regains_hp_and_essence() -> None:
    game = new_game(3)
    while game.pending.player != "hero3":
        game.answer("end" if "end" in values(game) else "adventure" if "adventure" in values(game)
                    else "take" if "take" in values(game) else values(game)[0])
    h = game.state.heroes["hero3"]
    h.hp, h.essence = 5, 0
    answer(game, "rest:both")
    assert (h.hp, h.essence) == (7, 1)


def test_interact_takes_a_token_and_removes_it() -> None:
    game = new_game(1)
    s = game.state
    s.tokens["mountains-outer"] = "song-of-deeds"
    answer(game, "move:mountains-outer")
    answer(game, "interact:mountains-outer")
    assert s.heroes["hero1"].renown == 1 and "mountains-outer" not in s.tokens


def test_battle_needs_a_target_in_the_region() -> None:
    game = new_game(1)
    answer(game, "end")
    assert not any(v.startswith("battle:") for v in values(game)) and "adventure" in values(game)


def test_deed_comes_when_actions_are_used_up() -> None:
    game = new_game(1)
    for space in ("mountains-outer", "mountains-spawn"):
        answer(game, f"move:{space}")
    answer(game, "rest:hp")
    assert "battle:troop:dwarf" in values(game) and "end" not in values(game)


def test_deed_may_be_chosen_with_actions_left_giving_them_up() -> None:
    """GU-S6: the heroic deed is offered with the actions; choosing it gives up the actions left (GU-25), as "end"
    then the deed did. Battle still needs a target in the region; people are asked to confirm the lost actions."""
    from skirmish import LazyDecision

    game = new_game(1)
    answer(game, "move:mountains-outer")
    answer(game, "move:mountains-spawn")  # 1 action left, the Dwarf troop in the region
    d = game.pending
    assert isinstance(d, LazyDecision) and not d.built  # the deed's options are not built for an action
    deed = [o for o in d.options_of("deed")]
    assert [o.value for o in deed] == ["battle:troop:dwarf", "adventure"]
    assert all(o.data["confirm"] == "your unused actions are lost" for o in deed)
    assert "end" in values(game) and values(game)[-2:] == ["battle:troop:dwarf", "adventure"]
    game.answer("battle:troop:dwarf")
    assert game.state.turn.actions == 0 and game.state.battle is not None
    texts = [e.text for e in game.log.events]
    assert "hero1 gives up 1 unused action" in texts and "hero1 battles Dwarf Soldiers" in texts


def test_deed_with_actions_left_offers_no_battle_without_a_target() -> None:
    game = new_game(1)
    assert [o.value for o in game.pending.options_of("deed")] == ["adventure"]
    game.answer("adventure")
    assert game.state.turn.actions == 0 and "hero1 gives up 3 unused actions" in [e.text for e in game.log.events]


def test_chained_answer_makes_a_free_renown_choice_then_the_next_choice() -> None:
    """GU-S7: one answer may hold free Renown choices (Train, Recruit, Commune) and then any choice, made in order."""
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.renown = 3
    reask(game)
    before = len(game.answers)
    game.answer(["train:roar", "recruit", "move:mountains-outer"])
    assert "roar" in h.abilities and h.renown == 0 and len(h.hand) == 3
    assert game.state.board.where("hero1") == "mountains-outer" and game.state.turn.actions == 2
    assert len(game.answers) == before + 1 and game.pending.kind == "action"
    shown = [e.text for e in game.log.of_kind("answer")][-1]
    assert shown.startswith("hero1: action -> Train (2 Renown): learn Roar") and "; then Recruit" in shown
    assert "; then Move 1: Mountains Outer" in shown


def test_chained_answer_drops_a_later_choice_no_longer_on_offer() -> None:
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.renown = 1
    reask(game)
    game.answer(["recruit", "recruit", "move:mountains-outer"])  # the second Recruit cannot be paid for
    assert h.renown == 0 and len(h.hand) == 3 and game.state.board.where("hero1") == "village-mountains"
    assert game.state.turn.actions == 3 and game.pending.kind == "action" and game.pending.player == "hero1"
    dropped = "hero1: Recruit is no longer on offer; the rest of the answer is dropped"
    assert dropped in [e.text for e in game.log.events]


def test_chained_answer_opens_with_a_renown_choice_on_offer() -> None:
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.renown = 2
    reask(game)
    for bad in (["move:mountains-outer", "rest:hp"], ["commune:fire", "rest:hp"], ["train:roar"],
                ["train:roar", "recruit", "recruit", "recruit", "end"], ["train:roar", 3]):
        with pytest.raises(IllegalAnswer):
            game.answer(bad)
    assert h.renown == 2 and "roar" not in h.abilities  # a refused answer changes nothing


def test_train_follows_the_tree() -> None:
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.renown = 2
    reask(game)
    trains = sorted(v for v in values(game) if v.startswith("train:"))
    assert trains == ["train:rampage", "train:roar"]
    answer(game, "train:rampage")
    assert h.renown == 0 and "rampage" in h.abilities


def test_recruit_and_commune_spend_renown() -> None:
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.renown = 6
    reask(game)
    answer(game, "recruit")
    assert h.renown == 5 and len(h.hand) == 3
    answer(game, "commune:earth")
    assert h.renown == 0 and h.guardian == "earth"


def test_goblin_cards_hero_turn_effect_any_number_of_times_a_turn() -> None:
    """Goblin cards (GU-14): the hero-turn effect may be used at any time of the hero's turn, each card once (it is
    discarded), with no limit per design."""
    game = new_game(1)
    h = game.state.heroes["hero1"]
    h.hand.cards[:] = ["hex-weaver", "hex-weaver"]
    reask(game)
    answer(game, "goblin:hex-weaver")
    assert game.state.turn.actions == 4 and "goblin:hex-weaver" in values(game)
    answer(game, "goblin:hex-weaver")
    assert game.state.turn.actions == 5 and h.hand.cards == []


def test_river_tribe_gives_two_actions() -> None:
    game = new_game(4)
    while game.pending.player != "hero4":
        game.answer("end" if "end" in values(game) else "adventure" if "adventure" in values(game)
                    else "take" if "take" in values(game) else values(game)[0])
    answer(game, "tribe")
    s = game.state
    assert s.turn.actions == 5 and not s.heroes["hero4"].tribe_ready and "tribe" not in values(game)


@pytest.mark.parametrize("card", ["spear-goblin", "goblin-shaman", "tunnel-sapper", "shield-goblin", "trickster",
                                  "goblin-horde", "war-drummer", "hex-weaver", "scavenger", "wolf-rider"])
def test_each_goblin_card_hero_turn_effect(card: str) -> None:
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards[:] = [card]
    h.hp, h.essence = 5, 0
    s.board.move("hero1", "mountains-spawn")
    s.tokens["mountains-inner"] = "song-of-deeds"
    reask(game)
    before = (h.hp, h.essence, h.renown, s.turn.actions, len(s.peeked), len(s.tokens))
    answer(game, f"goblin:{card}")
    if game.pending.kind in ("free-move", "reach", "discard"):
        game.answer(values(game)[0])
    after = (h.hp, h.essence, h.renown, s.turn.actions, len(s.peeked), len(s.tokens))
    effect = RULESET.content.goblins[card].turn.effect
    expected_change = {"essence": 1, "heal": 0, "renown_if_troop": 2, "extra_action": 3, "peek": 4,
                       "interact_adjacent": 5}
    if effect in expected_change:
        i = expected_change[effect]
        assert after[i] != before[i], effect
    elif effect == "free_move":
        assert s.where("hero1") != "mountains-spawn"
    assert card not in h.hand.cards or effect == "draw_discard"


def test_decisions_with_a_single_option_are_not_asked() -> None:
    """GU-S1: the compulsory Adventure when nothing can be battled, an attack with the only ability known."""
    game = new_game(1)
    s = game.state
    h = s.heroes["hero1"]
    h.hand.cards.clear()
    reask(game)
    answer(game, "end")  # nothing to battle, no card to play, no Renown: Adventure is the only deed
    assert game.pending.kind != "action"
    assert any(e.kind == "rule" and e.data.get("decision") == "action" and e.data.get("value") == "adventure"
               and "not asked" in e.text for e in game.log)


def test_an_attack_asks_for_the_ability_only_when_there_is_a_choice() -> None:
    for abilities, asked in ((["cleaving-swing"], False), (["cleaving-swing", "roar"], True)):
        game = new_game(1)
        s = game.state
        h = s.heroes["hero1"]
        h.hand.cards.clear()
        h.abilities = list(abilities)
        s.board.move("hero1", "mountains-spawn")
        reask(game)
        answer(game, "end")
        game.load_dice(["Blank"] * 6)
        answer(game, "battle:troop:dwarf")
        assert (game.pending is not None and game.pending.kind == "ability") is asked
        resolved = [e for e in game.log if e.kind == "rule" and e.data.get("decision") == "ability"]
        assert [e.data["value"] for e in resolved] == ([] if asked else ["ability:cleaving-swing"])


def test_chained_answers_and_standing_passes_replay_from_a_save(tmp_path: object) -> None:
    """GU-S7 and core's standing pass are answers like any other: an AI game's save replays to the same game."""
    from pathlib import Path

    from skirmish import Registry, SaveFile, read_save, replay, write_save
    from skirmish.agents import View
    from skirmish.runner import agent_seed

    reg = Registry()
    rs = reg.ruleset("goblin-uprising")
    game = Game(rs, rs.apply_options(rs.default_setup(), {"heroes": 4}), seed=1003)
    seats = {p: reg.make_agent("ai", rs, p, agent_seed(1003, i), game.players) for i, p in enumerate(game.players)}
    while game.pending is not None:
        d = game.pending
        game.answer(seats[d.player].decide(View(game, d.player), d), d.player)
    values_given = [a.get("value") for a in game.answers]
    assert any(isinstance(v, list) for v in values_given) and "pass-standing" in values_given
    path = Path(str(tmp_path)) / "game.toml"
    write_save(SaveFile.of(game), path)
    again = replay(read_save(path), rs)
    assert again.digest() == game.digest() and again.result == game.result
