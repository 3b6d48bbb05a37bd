"""The Tall Races' side: spawning, the destruction track, schemes, behavior cards, the Tyrant's turn, the end.

Every effect the Tyrant's side applies (general entries, track spaces, scheme upkeep and reveal, behavior
cards) is a function in :data:`TYRANNY`, named by the content's ``effect`` field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish import Do
from skirmish_goblin_uprising.bookkeeping import (
    C,
    a_name,
    discard_cards,
    draw_cards,
    heroes_in,
    logging,
    lose_essence,
    lose_renown,
    moment,
    move_piece,
    place_piece,
    region_at,
    say,
    tyrant,
)
from skirmish_goblin_uprising.state import TYRANT

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Effect
    from skirmish_goblin_uprising.state import GameState, Hero

#: house rule ``quiet_failed_spawns`` (off by default, GU-34): the most extra marker moves a round
QUIET_SPAWN_CAP = 12


# ----------------------------------------------------------------------------- random regions


def roll_region(game: Game, why: str, rule: str = "Random Region") -> str:
    """Roll the region die; returns the region it names."""
    c = C(game)
    log = logging(game)
    face = game.rng.roll(len(c.dice["region"].faces), rule=rule, why=f"region die ({why})" if log else "",
                         faces=c.dice["region"].faces, log=log)
    region = c.region_of_face(c.dice["region"].faces[face - 1])
    if logging(game):
        say(game, f"the region die names {c.region_name(region)}", rule, region=region)
    return region


def random_region(game: Game, why: str, valid: Callable[[str], bool], rule: str = "Random Region") -> str:
    """A rolled region where the effect can happen: one re-roll; ``""`` when both are invalid (resolved)."""
    for attempt in range(2):
        region = roll_region(game, why if not attempt else f"{why}, re-roll", rule)
        if valid(region):
            return region
    if logging(game):
        say(game, f"no valid region for {why}: the effect counts as resolved", rule)
    return ""


# ----------------------------------------------------------------------------- spawning


def spawn_troop(game: Game, troop: str, rule: str = "Spawning Troops") -> bool:
    """Place one miniature of ``troop`` on its region's marked space; none left: the marker moves down 1."""
    s: GameState = game.state
    c = C(game)
    if s.troops.get(troop, 0) >= c.troops[troop].count:
        if logging(game):
            say(game, f"no {c.troops[troop].name} left to spawn: the destruction marker moves down 1", rule,
                troop=troop)
        queue_extra_move(game, f"no {troop} miniature left")
        return False
    s.troops[troop] = s.troops.get(troop, 0) + 1
    region = c.region_of_troop(troop)
    if logging(game):
        game.emit("spawn", f"{a_name(c.troops[troop].name[:-1])} spawns in {c.region_name(region)} "
                  f"({s.troops[troop]} there)", rule=rule, troop=troop, region=region)
    _on_spawn(game, troop)
    return True


def spawn_in_region(game: Game, region: str, rule: str) -> bool:
    return spawn_troop(game, C(game).region_spec(region).troop, rule)


def spawn_random(game: Game, rule: str = "Reinforcement") -> None:
    """A troop spawns in a rolled region (one re-roll when that troop has no miniature left)."""
    s: GameState = game.state
    c = C(game)

    def has_left(region: str) -> bool:
        troop = c.region_spec(region).troop
        return s.troops.get(troop, 0) < c.troops[troop].count

    region = roll_region(game, "reinforcement", rule)
    if not has_left(region):
        region2 = roll_region(game, "reinforcement, re-roll", rule)
        region = region2
    spawn_in_region(game, region, rule)


def _on_spawn(game: Game, troop: str) -> None:
    """The Tyrannical Ability, where it counts spawns."""
    s: GameState = game.state
    ability = tyrant(game).ability
    if ability.effect not in ("crown_on_spawn", "rising_tide") or ability.troop != troop:
        return
    s.crowns += 1
    rule = f"Tyrannical Ability: {ability.name}"
    if logging(game):
        say(game, f"a Crown is added ({s.crowns}/{ability.n})", rule, crowns=s.crowns)
    if s.crowns < ability.n:
        return
    s.crowns = 0
    if ability.effect == "crown_on_spawn":
        if logging(game):
            general = C(game).generals[ability.general].name
            say(game, f"{ability.n} Crowns: they are removed and the {general} is called", rule)
        game.call(_spawn_general_step, ability.general, rule)
    else:
        if logging(game):
            say(game, f"{ability.n} Crowns: they are removed and the destruction marker moves down 1", rule)
        queue_extra_move(game, ability.name)


def _spawn_general_step(game: Game, general: str, rule: str) -> None:
    spawn_general(game, general, rule)


def spawn_general(game: Game, general: str, rule: str = "Spawning Generals") -> None:
    """Place a general on its region's marked space ("random": the region die picks the region and its general).

    A general already on the board moves the destruction marker down 1 instead.
    """
    s: GameState = game.state
    c = C(game)
    if general == "random":
        region = roll_region(game, "a general", rule)
        general = next((g for g, spec in c.generals.items() if spec.region == region), "")
        if not general:
            if logging(game):
                say(game, f"no general belongs to {c.region_name(region)}: the effect counts as resolved", rule)
            return
    spec = c.generals[general]
    if general in s.generals:
        if logging(game):
            say(game, f"the {spec.name} is already on the board: the destruction marker moves down 1", rule)
        queue_extra_move(game, f"{spec.name} already out")
        return
    s.generals[general] = 0
    place_piece(game, f"general:{general}", c.spawn_space(spec.region), rule)
    if logging(game):
        game.emit("spawn", f"the {spec.name} enters {c.region_name(spec.region)}", rule=rule, general=general)
    moment(game, f"the {spec.name} entered the board")
    for e in reversed(spec.entry):
        game.call(apply_tyranny, e, f"{spec.name}: entry", spec.region)


# ----------------------------------------------------------------------------- the destruction track


def quiet_spawns(game: Game) -> bool:
    """The house rule ``quiet_failed_spawns`` (GU-34) is switched on."""
    return bool(game.setup.get("options", {}).get("quiet_failed_spawns"))


def queue_extra_move(game: Game, why: str) -> None:
    """A marker move owed by a failed spawn: resolved once the current move (or effect) is done (GU-34)."""
    s: GameState = game.state
    if quiet_spawns(game) and s.moves_this_round >= QUIET_SPAWN_CAP:
        if logging(game):
            say(game, f"extra marker move ({why}) ignored: {QUIET_SPAWN_CAP} extra moves this round already",
                "House: quiet failed spawns")
        return
    s.moves_this_round += 1
    s.extra_moves += 1


def run_extra_moves(game: Game) -> None:
    """Resolve owed extra marker moves one by one; each is a full move, with its bracket's reinforcements (the
    book rolls them every time the marker moves: GU-34), unless the house rule ``quiet_failed_spawns`` is on."""
    s: GameState = game.state
    if s.extra_moves <= 0 or game.result is not None:
        return
    s.extra_moves -= 1
    if s.extra_moves > 0:
        game.call(run_extra_moves)
    move_marker(game, reinforce=not quiet_spawns(game), why="an owed extra move")


def move_marker(game: Game, *, reinforce: bool = True, why: str = "") -> None:
    """Move the destruction marker down 1: Oppress, reinforcements of the bracket, then the space's effect."""
    s: GameState = game.state
    t = tyrant(game)
    rule = "Destruction Track"
    if s.oppress:
        game.call(_after_oppress, reinforce, why)
        oppress_damage(game)
        return
    _advance(game, t, rule, reinforce, why)


def _after_oppress(game: Game, reinforce: bool, why: str) -> None:
    if game.result is None:
        _advance(game, tyrant(game), "Destruction Track", reinforce, why)


def _advance(game: Game, t: Any, rule: str, reinforce: bool, why: str) -> None:
    s: GameState = game.state
    if s.countdown > 0:
        s.countdown -= 1
        if logging(game):
            say(game, f"the marker moves with the behavior card's countdown running: {s.countdown} moves left",
                "Behavior card", countdown=s.countdown)
        if s.countdown == 0:
            moment(game, "the countdown of the behavior card ran out")
            game.finish(["Tyrant"], "the behavior card's countdown ran out before the Tyrant fell",
                   rule="Behavior card")
            return
    at_end = s.marker >= len(t.track)
    s.marker = min(s.marker + 1, len(t.track))
    space = t.track[s.marker - 1]
    text = "repeats the last space" if at_end else f"moves down to space {s.marker}"
    if logging(game):
        game.emit("track", f"the destruction marker {text}" + (f" ({why})" if why else ""), rule=rule,
                  marker=s.marker, rolls=space.rolls if reinforce else 0)
    # reinforcements of the new bracket first, then the space's effect (Tyranny phase order, GU-17),
    # then any extra moves owed by failed spawns
    game.call(run_extra_moves)
    for e in reversed(space.effects):
        game.call(apply_tyranny, e, f"{rule}: space {s.marker}", "")
    if reinforce:
        for _ in range(space.rolls):
            game.call(_reinforce_step)


def _reinforce_step(game: Game) -> None:
    spawn_random(game, "Destruction Track: reinforcements")


def oppress_damage(game: Game) -> None:
    """Oppress: 2 damage (the sheet's number) to every hero; under Oppress a hero who falls is removed."""
    from skirmish_goblin_uprising.damage import deal_damage

    n = tyrant(game).oppress
    if logging(game):
        say(game, f"Oppress: {n} damage to every goblin hero", "Oppress")
    for hero in reversed(game.state.active_heroes()):
        game.call(deal_damage, hero.id, n, False, "Oppress", "Oppress")


# ----------------------------------------------------------------------------- tyranny effects


def apply_tyranny(game: Game, e: Effect, rule: str, region: str) -> None:
    """Resolve one effect of the Tyrant's side (``region``: where the card acts, if it names none)."""
    if game.result is not None:
        return
    TYRANNY[e.effect](game, e, rule, region)


def _t_spawn_troop(game: Game, e: Effect, rule: str, region: str) -> None:
    for _ in range(max(1, e.amount())):
        spawn_troop(game, e.troop, rule)


def _t_spawn_home(game: Game, e: Effect, rule: str, region: str) -> None:
    for _ in range(max(1, e.amount())):
        spawn_in_region(game, tyrant(game).home, rule)


def _t_spawn_random(game: Game, e: Effect, rule: str, region: str) -> None:
    for _ in range(max(1, e.amount())):
        game.call(_reinforce_step)


def _t_spawn_general(game: Game, e: Effect, rule: str, region: str) -> None:
    spawn_general(game, e.general, rule)


def _damage_heroes(game: Game, heroes: list[Hero], n: int, rule: str) -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    for hero in reversed(heroes):
        game.call(deal_damage, hero.id, n, False, rule, rule)


def _t_damage_region(game: Game, e: Effect, rule: str, region: str) -> None:
    where = e.region or region
    heroes = heroes_in(game, where)
    if logging(game):
        say(game, f"{e.amount()} damage to each hero in {C(game).region_name(where)} ({len(heroes)})", rule)
    _damage_heroes(game, heroes, e.amount(), rule)


def _t_damage_ring(game: Game, e: Effect, rule: str, region: str) -> None:
    c = C(game)
    spawn = c.spawn_space(region)
    near = {region} | {c.rmap.space(n).region for n in c.rmap.neighbours(spawn) if c.rmap.space(n).region}
    near.discard(c.board.castle)
    heroes = [h for h in game.state.active_heroes() if region_at(game, game.state.board.where(h.id)) in near]
    if logging(game):
        say(game, f"{e.amount()} damage to each hero in {', '.join(sorted(c.region_name(r) for r in near))}", rule)
    _damage_heroes(game, heroes, e.amount(), rule)


def _t_damage_all(game: Game, e: Effect, rule: str, region: str) -> None:
    if logging(game):
        say(game, f"{e.amount()} damage to every hero", rule)
    _damage_heroes(game, game.state.active_heroes(), e.amount(), rule)


def _t_discard_region(game: Game, e: Effect, rule: str, region: str) -> None:
    from skirmish_goblin_uprising.damage import ask_discard

    for hero in reversed(heroes_in(game, e.region or region)):
        game.call(ask_discard, hero.id, e.amount(), rule)


def _t_discard_all(game: Game, e: Effect, rule: str, region: str) -> None:
    from skirmish_goblin_uprising.damage import ask_discard

    for hero in reversed(game.state.active_heroes()):
        game.call(ask_discard, hero.id, e.amount(), rule)


def _t_drain_all(game: Game, e: Effect, rule: str, region: str) -> None:
    for hero in game.state.active_heroes():
        lose_essence(game, hero, e.amount(), rule)


def _t_lose_renown_all(game: Game, e: Effect, rule: str, region: str) -> None:
    for hero in game.state.active_heroes():
        lose_renown(game, hero, e.amount(), rule)


def _t_armor(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    before = s.armor
    s.armor = min(10, s.armor + e.amount())
    if logging(game):
        say(game, f"the Tyrant gains {s.armor - before} Royal Armor ({s.armor})", rule, armor=s.armor)


def _t_tyrant_heal(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    before = s.hp
    s.hp = min(s.max_hp, s.hp + e.amount())
    if logging(game):
        say(game, f"the Tyrant heals {s.hp - before} HP ({s.hp}/{s.max_hp})", rule)


def _t_heal_full(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    s.hp = s.max_hp
    if logging(game):
        say(game, f"the Tyrant heals to full ({s.hp})", rule)


def _t_aggressive(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    if not s.aggressive:
        s.aggressive = True
        if logging(game):
            say(game, "the Tyrant's Aggressive keyword is now active", rule)
        moment(game, "the Tyrant became Aggressive")


def _t_reveal_behavior(game: Game, e: Effect, rule: str, region: str) -> None:
    reveal_behavior(game, rule)


def _t_oppress(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    if not s.oppress:
        s.oppress = True
        if logging(game):
            say(game, "Oppress is now active: every marker move deals damage, and fallen heroes are removed", rule)
        moment(game, "Oppress became active")


def _t_quest(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    source = f"scheme:{s.scheme}" if rule.startswith("Scheme") else f"quest:{rule}"
    place_quest(game, source, rule)


def place_quest(game: Game, source: str, rule: str) -> str:
    """Put a Quest token on the Inner (else Outer) space of a rolled region; returns the space."""
    c = C(game)
    s: GameState = game.state

    def free_spot(region: str) -> str:
        for sid in reversed(c.rmap.spaces_in(region)):
            if c.rmap.space(sid).tags and "spawn" in c.rmap.space(sid).tags:
                continue
            if sid not in s.quests:
                return sid
        return ""

    region = random_region(game, "a quest", lambda r: bool(free_spot(r)), rule)
    if not region:
        return ""
    space = free_spot(region)
    s.quests[space] = source
    if logging(game):
        game.emit("quest", f"a Quest token is placed on {c.space_name(space)}", rule=rule, space=space, source=source)
    return space


def _t_heal_full_flag(game: Game, e: Effect, rule: str, region: str) -> None:
    _t_heal_full(game, e, rule, region)


def _t_flight(game: Game, e: Effect, rule: str, region: str) -> None:
    game.state.flight = True
    if logging(game):
        say(game, "from now on the Tyrant flees to a random region in every Upkeep", rule)


def _t_countdown(game: Game, e: Effect, rule: str, region: str) -> None:
    game.state.countdown = e.amount()
    if logging(game):
        say(game, f"the heroes must defeat the Tyrant before the marker moves {e.amount()} more times", rule)


def _t_spawn_all_generals(game: Game, e: Effect, rule: str, region: str) -> None:
    s: GameState = game.state
    for g in reversed([g for g in C(game).generals if g not in s.generals]):
        game.call(_spawn_general_step, g, rule)


def _t_undying(game: Game, e: Effect, rule: str, region: str) -> None:
    game.state.undying = True
    if logging(game):
        say(game, "the Tyrant must be defeated twice: the first time it rises again with half its HP", rule)


TYRANNY: dict[str, Callable[[Game, Any, str, str], None]] = {
    "spawn_troop": _t_spawn_troop, "spawn_home": _t_spawn_home, "spawn_random": _t_spawn_random,
    "spawn_general": _t_spawn_general, "damage_region": _t_damage_region, "damage_ring": _t_damage_ring,
    "damage_all": _t_damage_all, "discard_region": _t_discard_region, "discard_all": _t_discard_all,
    "drain_all": _t_drain_all, "lose_renown_all": _t_lose_renown_all, "armor": _t_armor,
    "tyrant_heal": _t_tyrant_heal, "aggressive": _t_aggressive, "reveal_behavior": _t_reveal_behavior,
    "oppress": _t_oppress, "quest": _t_quest, "heal_full": _t_heal_full, "flight": _t_flight,
    "countdown": _t_countdown, "spawn_all_generals": _t_spawn_all_generals, "undying": _t_undying,
}


# ----------------------------------------------------------------------------- behavior card


def reveal_behavior(game: Game, rule: str = "Behavior card") -> None:
    s: GameState = game.state
    if s.revealed:
        return
    s.revealed = True
    b = tyrant(game).behavior(s.behavior)
    if logging(game):
        game.emit("behavior", f"the behavior card is revealed: {b.name}", rule=rule, behavior=b.id)
    moment(game, f"the behavior card {b.name} was revealed")
    for e in reversed(b.effects):
        game.call(apply_tyranny, e, f"Behavior: {b.name}", "")


# ----------------------------------------------------------------------------- schemes


def reveal_next_scheme(game: Game) -> None:
    s: GameState = game.state
    drawn = draw_cards(game, "schemes", 1, "Schemes", reshuffle=False)
    s.progress = 0
    s.participants = []
    if not drawn:
        s.scheme = ""
        if logging(game):
            say(game, "the scheme deck is empty: no scheme is active", "Schemes")
        return
    s.scheme = drawn[0]
    sc = tyrant(game).scheme(s.scheme)
    if logging(game):
        game.emit("scheme", f"new scheme: {sc.name} - {goal_text(game, sc.goal)}", rule="Schemes", scheme=sc.id)
    for e in reversed(sc.reveal):
        game.call(apply_tyranny, e, f"Scheme: {sc.name}", tyrant(game).home)
    game.call(check_scheme)


def goal_text(game: Game, goal: Any) -> str:
    return _goal_text(C(game), goal)


def _goal_text(c: Any, goal: Any) -> str:
    return {
        "kills_in_round": f"foiled when the heroes defeat {goal.n} troops in one round",
        "kills_total": f"foiled when the heroes defeat {goal.n} troops",
        "kill_general": "foiled when the heroes defeat a general",
        "explore": f"foiled when the heroes take {goal.n} exploration or quest tokens",
        "adventures": f"foiled when the heroes succeed at {goal.n} adventures",
        "clear_region": f"foiled when no troop is left in {c.region_name(goal.region)}",
        "quest": "foiled when a hero resolves its Quest token",
        "hurt_tyrant": f"foiled when the heroes strike the Tyrant for {goal.n} damage in all (before Royal Armor)",
    }[goal.condition]


def scheme_event(game: Game, kind: str, hero: str, amount: int = 1, region: str = "") -> None:
    """Count progress towards the active scheme's goal (``kind`` as the goal conditions), then check it."""
    s: GameState = game.state
    if not s.scheme:
        return
    goal = tyrant(game).scheme(s.scheme).goal
    counts = {"kills_in_round": "kill", "kills_total": "kill", "kill_general": "general", "explore": "explore",
              "adventures": "adventure", "hurt_tyrant": "hurt", "clear_region": "kill", "quest": "quest"}
    if counts[goal.condition] != kind:
        return
    if goal.condition == "clear_region" and region != goal.region:
        return
    if goal.condition == "quest":
        return
    s.progress += amount
    if hero and hero not in s.participants:
        s.participants.append(hero)
    check_scheme(game)


def scheme_met(game: Game) -> bool:
    s: GameState = game.state
    if not s.scheme:
        return False
    goal = tyrant(game).scheme(s.scheme).goal
    if goal.condition == "kills_in_round":
        return s.kills_round >= goal.n
    if goal.condition == "clear_region":
        troop = C(game).region_spec(goal.region).troop
        return s.troops.get(troop, 0) == 0
    if goal.condition == "kill_general":
        return s.progress >= 1
    if goal.condition == "quest":
        return False
    return s.progress >= goal.n


def check_scheme(game: Game) -> None:
    if game.result is None and scheme_met(game):
        foil_scheme(game)


def foil_scheme(game: Game, hero: str = "") -> None:
    """The active scheme is foiled: Royal Armor comes off, those who took part gain Renown, the next is revealed."""
    s: GameState = game.state
    sc = tyrant(game).scheme(s.scheme)
    if hero and hero not in s.participants:
        s.participants.append(hero)
    rule = "Schemes: foiled"
    if logging(game):
        game.emit("scheme", f"the scheme {sc.name} is foiled!", rule=rule, scheme=sc.id, foiled=True)
    moment(game, f"the heroes foiled {sc.name}")
    removed = min(sc.armor, s.armor)
    s.armor -= removed
    if logging(game):
        say(game, f"the Tyrant loses {removed} Royal Armor ({s.armor} left)", rule, armor=s.armor)
    takers = [s.heroes[h] for h in s.participants if not s.heroes[h].removed] or s.active_heroes()
    from skirmish_goblin_uprising.bookkeeping import gain_renown

    for h in takers:
        gain_renown(game, h, sc.renown, rule)
    s.foiled.append(sc.id)
    discard_cards(game, "schemes", [sc.id], rule)
    s.scheme = ""
    for space, source in list(s.quests.items()):
        if source == f"scheme:{sc.id}":
            del s.quests[space]
    reveal_next_scheme(game)


# ----------------------------------------------------------------------------- the Tyrant's turn


def upkeep_phase(game: Game) -> None:
    s: GameState = game.state
    t = tyrant(game)
    s.earth_used = []
    from skirmish_goblin_uprising.anytime import open_moment

    steps: list[Any] = [Do(open_moment, ("the Upkeep phase begins", "tribe"))]  # tribe cards: any moment

    if s.flight and s.hp > 0:
        steps.append(Do(_flee))
    if s.scheme:
        sc = t.scheme(s.scheme)
        if logging(game):
            say(game, f"Upkeep: the scheme {sc.name} acts", "Upkeep")
        steps += [Do(apply_tyranny, (e, f"Scheme: {sc.name}", t.home)) for e in sc.upkeep]
    if t.ability.effect == "tax_renown":
        steps.append(Do(_tax_renown))
    steps.append(Do(run_extra_moves))
    game.schedule(*steps)


def _flee(game: Game) -> None:
    c = C(game)
    region = roll_region(game, "the Tyrant's flight", "Behavior: Flight")
    move_piece(game, TYRANT, c.spawn_space(region), "Behavior: Flight")
    if logging(game):
        say(game, f"the Tyrant flees to {c.region_name(region)}", "Behavior: Flight", region=region)


def _tax_renown(game: Game) -> None:
    ability = tyrant(game).ability
    for hero in game.state.active_heroes():
        if hero.renown >= ability.n:
            lose_renown(game, hero, 1, f"Tyrannical Ability: {ability.name}")


def tyranny_phase(game: Game) -> None:
    from skirmish_goblin_uprising.anytime import open_moment

    game.call(_tyranny_move)
    open_moment(game, "the Tyranny phase begins", "tribe")  # tribe cards: any moment (before Oppress, too)


def _tyranny_move(game: Game) -> None:
    if game.result is None:
        move_marker(game, reinforce=True, why="Tyranny")


def attack_phase(game: Game) -> None:
    """The Tyrant (if Aggressive), then Aggressive armies and generals in region-die order, Champions last."""
    from skirmish_goblin_uprising.combat import enemy_attack_phase

    s: GameState = game.state

    c = C(game)
    t = tyrant(game)
    steps: list[Any] = []
    if t.ability.effect == "hunt" and s.hp > 0:
        steps.append(Do(_hunt))
    if s.aggressive and s.hp > 0:
        steps.append(Do(enemy_attack_phase, (TYRANT,)))
    order = [c.region_of_face(f) for f in c.dice["region"].faces] + [c.board.castle]
    for region in order:
        for g in s.generals:
            if c.generals[g].aggressive and c.generals[g].region == region:
                steps.append(Do(enemy_attack_phase, (f"general:{g}",)))
        troop = c.region_spec(region).troop
        if c.troops[troop].aggressive and region != c.board.castle:
            steps.append(Do(enemy_attack_phase, (f"troop:{troop}",)))
    for troop, spec in c.troops.items():
        if spec.aggressive and c.region_of_troop(troop) == c.board.castle:
            steps.append(Do(enemy_attack_phase, (f"troop:{troop}",)))
    steps.append(Do(run_extra_moves))
    game.schedule(*steps)


def _hunt(game: Game) -> None:
    from skirmish_goblin_uprising.damage import deal_damage

    ability = tyrant(game).ability
    heroes = game.state.active_heroes()
    if not heroes:
        return
    if len(heroes) == 1:
        if logging(game):
            say(game, f"{ability.name}: a lone hero has no rival in Renown; the Tyrant does not shoot (house rule)",
                f"Tyrannical Ability: {ability.name}")
        return
    prey = max(heroes, key=lambda h: (h.renown, -game.state.order.index(h.id)))
    if logging(game):
        say(game, f"{ability.name}: the Tyrant shoots {prey.id}, the most renowned hero, for {ability.n}",
            f"Tyrannical Ability: {ability.name}", hero=prey.id)
    deal_damage(game, prey.id, ability.n, False, ability.name, f"Tyrannical Ability: {ability.name}")


# ----------------------------------------------------------------------------- the end


def tyrant_defeated(game: Game, hero: str) -> None:
    """The Tyrant's HP reached 0: the heroes win, unless a revealed behavior card says otherwise."""
    s: GameState = game.state
    if s.revealed and s.undying and not s.defeated_once:
        s.defeated_once = True
        s.hp = max(1, s.max_hp // 2)
        if logging(game):
            say(game, f"Undying: the Tyrant rises again with {s.hp} HP", "Behavior card")
        moment(game, "the Tyrant fell and rose again (Undying)")
        return
    moment(game, f"{hero} struck the Tyrant down")
    why = "the Tyrant is defeated" + ("" if not s.revealed else " (as the behavior card allows)")
    game.finish(["heroes"], why, rule="Winning the Game")


def check_all_removed(game: Game) -> None:
    if game.result is None and not game.state.active_heroes():
        game.finish(["Tyrant"], "every hero has been removed from the game", rule="Losing the Game")
