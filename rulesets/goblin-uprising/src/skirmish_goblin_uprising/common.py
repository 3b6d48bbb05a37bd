"""Small helpers every rules module uses: content and state look-ups, hero gains and losses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish_goblin_uprising.state import TYRANT, GameState, Hero

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.content import Content, Tyrant


def C(game: Game) -> Content:
    """The game's content."""
    return game.ruleset.content_for(game.setup)


def S(game: Game) -> GameState:
    return game.state


def tyrant(game: Game) -> Tyrant:
    return C(game).tyrants[S(game).tyrant_id]


def region_at(game: Game, space: str | None) -> str:
    """The region of a space ("" for a village or off the board)."""
    if not space:
        return ""
    return C(game).rmap.space(space).region


def hero_region(game: Game, hero: Hero) -> str:
    return region_at(game, S(game).where(hero.id))


def heroes_in(game: Game, region: str) -> list[Hero]:
    """Active heroes standing in ``region``, in player order."""
    if not region:
        return []
    return [h for h in S(game).active_heroes() if hero_region(game, h) == region]


def troop_region(game: Game, troop: str) -> str:
    return C(game).region_of_troop(troop)


def enemies_in(game: Game, region: str) -> list[str]:
    """Enemy targets in ``region``: ``troop:TYPE``, ``general:ID`` and ``tyrant``."""
    if not region:
        return []
    s = S(game)
    c = C(game)
    out = [f"troop:{t}" for t, n in s.troops.items() if n and c.region_of_troop(t) == region]
    out += [f"general:{g}" for g in s.generals if region_at(game, s.where(f"general:{g}")) == region]
    if region_at(game, s.where(TYRANT)) == region and s.hp > 0:
        out.append(TYRANT)
    return out


def target_name(game: Game, target: str) -> str:
    c = C(game)
    if target == TYRANT:
        return tyrant(game).name
    kind, _, key = target.partition(":")
    if kind == "troop":
        return c.troops[key].name
    if kind == "general":
        return c.generals[key].name
    return key


def say(game: Game, text: str, rule: str, **data: object) -> None:
    game.emit("rule", text, rule=rule, **data)


def gain_renown(game: Game, hero: Hero, n: int, rule: str) -> None:
    if n <= 0:
        return
    hero.renown += n
    say(game, f"{hero.id} gains {n} Renown ({hero.renown})", rule, hero=hero.id, renown=n)


def lose_renown(game: Game, hero: Hero, n: int, rule: str) -> None:
    lost = min(n, hero.renown)
    hero.renown -= lost
    if lost:
        say(game, f"{hero.id} loses {lost} Renown ({hero.renown})", rule, hero=hero.id, renown=-lost)
    else:
        say(game, f"{hero.id} has no Renown to lose", rule, hero=hero.id)


def gain_essence(game: Game, hero: Hero, n: int, rule: str) -> None:
    before = hero.essence
    hero.essence = min(hero.max_essence, hero.essence + n)
    if hero.essence != before or n:
        say(game, f"{hero.id} gains {hero.essence - before} Essence ({hero.essence}/{hero.max_essence})", rule,
            hero=hero.id, essence=hero.essence - before)


def lose_essence(game: Game, hero: Hero, n: int, rule: str) -> None:
    lost = min(n, hero.essence)
    hero.essence -= lost
    say(game, f"{hero.id} discards {lost} Essence ({hero.essence})", rule, hero=hero.id, essence=-lost)


def heal(game: Game, hero: Hero, n: int, rule: str) -> None:
    before = hero.hp
    hero.hp = min(hero.max_hp, hero.hp + n)
    say(game, f"{hero.id} heals {hero.hp - before} HP ({hero.hp}/{hero.max_hp})", rule, hero=hero.id,
        heal=hero.hp - before)


def draw_goblins(game: Game, hero: Hero, n: int, rule: str) -> list[str]:
    """Draw ``n`` goblins (the discard pile is reshuffled when the deck runs out)."""
    return S(game).goblins.draw(game.rng, game.log, n, to=hero.hand, rule=rule)


def discard_goblin(game: Game, hero: Hero, card: str, rule: str, why: str = "") -> None:
    hero.hand.remove(card)
    S(game).goblins.discard(card, log=game.log, rule=rule)
    if why:
        say(game, f"{hero.id} discards {C(game).goblins[card].name} ({why})", rule, hero=hero.id, card=card)


def moment(game: Game, text: str) -> None:
    """Remember a key moment for the end-of-game summary."""
    S(game).moments.append(f"round {game.round}: {text}")
