"""Small helpers every rules module uses: content and state look-ups, hero gains and losses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish_goblin_uprising.state import TYRANT, GameState, Hero

if TYPE_CHECKING:
    from skirmish import Decision, Game, Option
    from skirmish_goblin_uprising.content import Content, Tyrant


_CONTENT = "goblin-uprising.content"  # the game's stash key of its content (see C)


class _Shared:
    """The game's content, kept in its stash by :func:`C`: a copy of the game (a clone) shares it, as content never
    changes; it is never saved or digested."""

    __slots__ = ("content",)

    def __init__(self, content: Content) -> None:
        self.content = content

    def __copy__(self) -> _Shared:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def C(game: Game) -> Content:
    """The game's content (the built-in set unless the set-up names a directory). The rules ask for it about seven
    times a decision, so it is looked up once per game and kept in the game's stash."""
    try:
        return game.stash[_CONTENT].content  # type: ignore[no-any-return]
    except KeyError:
        content = _content(game)
        game.stash[_CONTENT] = _Shared(content)
        return content
    except AttributeError:  # a stand-in for a game without a stash (the odds code's tables): looked up each time
        return _content(game)


def _content(game: Game) -> Content:
    setup = game.setup
    return game.ruleset.content_for(setup) if setup.get("content") else game.ruleset.content


def S(game: Game) -> GameState:
    return game.state


def tyrant(game: Game) -> Tyrant:
    return C(game).tyrants[game.state.tyrant_id]


def region_at(game: Game, space: str | None) -> str:
    """The region of a space ("" for a village or off the board)."""
    if not space:
        return ""
    found = C(game)._look["space_region"].get(space)
    if found is None:  # not a space of the map: the map's look-up says so
        return C(game).rmap.space(space).region
    return found


def hero_region(game: Game, hero: Hero) -> str:
    return region_at(game, game.state.board.where(hero.id))


def heroes_in(game: Game, region: str) -> list[Hero]:
    """Active heroes standing in ``region``, in player order."""
    if not region:
        return []
    s: GameState = game.state
    regions, where, heroes = C(game)._look["space_region"], s.board.where, s.heroes
    return [h for h in map(heroes.__getitem__, s.order) if not h.removed and regions.get(where(h.id)) == region]


def troop_region(game: Game, troop: str) -> str:
    return C(game).region_of_troop(troop)


def _region_troops(look: dict[str, Any]) -> dict[str, str]:
    """Region -> ``troop:TYPE`` of the troop living there (the content's troop -> region table turned round)."""
    memo = look["memo"]
    own = memo.get("region-troop")
    if own is None:
        own = memo["region-troop"] = {r: f"troop:{t}" for t, r in look["troop"].items()}
    return own


def troop_in(game: Game, region: str) -> bool:
    """A troop stands in ``region`` (what ``enemies_in`` would list as ``troop:...``)."""
    target = _region_troops(C(game)._look).get(region) if region else None
    return target is not None and bool(game.state.troops.get(target[6:]))


def enemies_in(game: Game, region: str) -> list[str]:
    """Enemy targets in ``region``: ``troop:TYPE``, ``general:ID`` and ``tyrant``."""
    if not region:
        return []
    s: GameState = game.state
    look = C(game)._look
    regions, where = look["space_region"], s.board.where  # (pieces stand on map spaces)
    target = _region_troops(look).get(region)
    out = [target] if target is not None and s.troops.get(target[6:]) else []
    if s.generals:
        out += [f"general:{g}" for g in s.generals if regions.get(where(f"general:{g}")) == region]
    if s.hp > 0 and regions.get(where(TYRANT)) == region:
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


def a_name(name: str) -> str:
    """``name`` with its indefinite article."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def logging(game: Game) -> bool:
    """True when the game keeps its events or something listens to them.

    Otherwise (bulk simulation with ``keep_log=False``) the rules emit no events of their own and build no event
    texts: nothing would read them, and play does not depend on them (the engine's own events still count).
    """
    log = game.log
    return log.keep or bool(log.listeners)


def say(game: Game, text: str, rule: str, **data: object) -> None:
    if game.log.keep or game.log.listeners:
        game.emit("rule", text, rule=rule, **data)


def gain_renown(game: Game, hero: Hero, n: int, rule: str) -> None:
    if n <= 0:
        return
    hero.renown += n
    if logging(game):
        say(game, f"{hero.id} gains {n} Renown ({hero.renown})", rule, hero=hero.id, renown=n)


def lose_renown(game: Game, hero: Hero, n: int, rule: str) -> None:
    lost = min(n, hero.renown)
    hero.renown -= lost
    if not logging(game):
        return
    if lost:
        say(game, f"{hero.id} loses {lost} Renown ({hero.renown})", rule, hero=hero.id, renown=-lost)
    else:
        say(game, f"{hero.id} has no Renown to lose", rule, hero=hero.id)


def gain_essence(game: Game, hero: Hero, n: int, rule: str) -> None:
    before = hero.essence
    hero.essence = min(hero.max_essence, hero.essence + n)
    if (hero.essence != before or n) and logging(game):
        say(game, f"{hero.id} gains {hero.essence - before} Essence ({hero.essence}/{hero.max_essence})", rule,
            hero=hero.id, essence=hero.essence - before)


def lose_essence(game: Game, hero: Hero, n: int, rule: str) -> None:
    lost = min(n, hero.essence)
    hero.essence -= lost
    if logging(game):
        say(game, f"{hero.id} discards {lost} Essence ({hero.essence})", rule, hero=hero.id, essence=-lost)


def heal(game: Game, hero: Hero, n: int, rule: str) -> None:
    before = hero.hp
    hero.hp = min(hero.max_hp, hero.hp + n)
    if logging(game):
        say(game, f"{hero.id} heals {hero.hp - before} HP ({hero.hp}/{hero.max_hp})", rule, hero=hero.id,
            heal=hero.hp - before)


def draw_goblins(game: Game, hero: Hero, n: int, rule: str) -> list[str]:
    """Draw ``n`` goblins (the discard pile is reshuffled when the deck runs out)."""
    return draw_cards(game, "goblins", n, rule, hero)


def discard_goblin(game: Game, hero: Hero, card: str, rule: str, why: str = "") -> None:
    hero.hand.remove(card)
    discard_cards(game, "goblins", [card], rule)
    if why and logging(game):
        say(game, f"{hero.id} discards {C(game).goblins[card].name} ({why})", rule, hero=hero.id, card=card)


def moment(game: Game, text: str) -> None:
    """Remember a key moment for the end-of-game summary."""
    game.state.moments.append(f"round {game.round}: {text}")


# -- pieces and decks, logged with printed names ------------------------------------------------------
DECK_NAMES = {"goblins": "the goblin deck", "adventures": "the adventure deck", "schemes": "the scheme deck"}


def piece_name(game: Game, piece: str) -> str:
    """A piece on the board as players read it: a hero's seat, the Tyrant's or a general's name."""
    if piece == TYRANT or piece.startswith(("general:", "troop:")):
        return target_name(game, piece)
    return piece


def card_name(game: Game, deck: str, card: str) -> str:
    """The printed name of a card of one of the game's decks."""
    c = C(game)
    if deck == "goblins":
        return c.goblins[card].name
    if deck == "adventures":
        return c.adventures[card].name
    if deck == "schemes":
        return next((sc.name for sc in tyrant(game).schemes if sc.id == card), card)
    return card


def place_piece(game: Game, piece: str, space: str, rule: str) -> None:
    game.state.board.place(piece, space)
    if logging(game):
        game.emit("occupancy", f"{piece_name(game, piece)} placed on {C(game).space_name(space)}", rule=rule,
                  action="place", occupant=piece, space=space)


def move_piece(game: Game, piece: str, to: str, rule: str) -> str:
    here = game.state.board.move(piece, to)
    if not logging(game):
        return here
    c = C(game)
    game.emit("occupancy", f"{piece_name(game, piece)} moves {c.space_name(here)} -> {c.space_name(to)}", rule=rule,
              action="move", occupant=piece, space=to, from_space=here)
    return here


def remove_piece(game: Game, piece: str, rule: str) -> str:
    here = game.state.board.remove(piece)
    if logging(game):
        game.emit("occupancy", f"{piece_name(game, piece)} removed from {C(game).space_name(here)}", rule=rule,
                  action="remove", occupant=piece, space=here)
    return here


def draw_cards(game: Game, deck_id: str, n: int, rule: str, hero: Hero | None = None,
               reshuffle: bool = True) -> list[str]:
    """Draw from one of the game's decks (into a hero's public hand, or face up), logged with card names."""
    deck = getattr(game.state, deck_id)
    before = len(deck.discard_pile)
    drawn = deck.draw(game.rng, None, n, to=hero.hand if hero is not None else None, reshuffle=reshuffle)
    if not logging(game):
        return drawn
    title = DECK_NAMES.get(deck_id, deck_id)
    if before and not deck.discard_pile and reshuffle:
        game.emit("deck", f"the discard pile of {title} is shuffled into a new draw pile ({before} cards)", rule=rule,
                  deck=deck_id, action="reshuffle", size=before)
    if not n:
        return drawn
    who = f"{hero.id} draws" if hero is not None else "drew"
    names = ", ".join(card_name(game, deck_id, card) for card in drawn) or "nothing"
    short = f" (only {len(drawn)} of {n}: {title} is empty)" if len(drawn) < n else ""
    data: dict[str, object] = {"deck": deck_id, "count": len(drawn), "wanted": n, "cards": drawn}
    if hero is not None:
        data["owner"] = hero.id
    game.emit("deck", f"{who} {names} from {title}{short}", rule=rule, action="draw", **data)
    return drawn


def discard_cards(game: Game, deck_id: str, cards: list[str], rule: str) -> None:
    """Put cards on a deck's discard pile, logged with card names."""
    if not cards:
        return
    getattr(game.state, deck_id).discard(cards)
    if not logging(game):
        return
    names = ", ".join(card_name(game, deck_id, card) for card in cards)
    game.emit("deck", f"{names} to the discard pile of {DECK_NAMES.get(deck_id, deck_id)}", rule=rule,
              deck=deck_id, action="discard", cards=list(cards))


def ask_or_only(game: Game, d: Decision, then: Callable[..., Any], *args: Any) -> None:
    """Ask ``d``, unless it offers a single option: then the rules leave no choice and it is resolved at once,
    ``then`` getting that option's value as an answer would (RULINGS GU-S1; the log says so when kept)."""
    if len(d.options) == 1:
        resolve_only(game, d.player, d.kind, d.options[0], d.rule)
        then(game, d.options[0].value, *args)
        return
    game.ask(d, then, *args)


def resolve_only(game: Game, player: str, kind: str, option: Option, rule: str) -> None:
    """Log a choice the rules made for ``player`` because only ``option`` was possible (GU-S1)."""
    log = game.log
    if log.keep or log.listeners:
        game.emit("rule", f"{player}: {kind} -> {option.label or option.value} (the only choice: not asked)",
                  rule=rule, hero=player, decision=kind, value=option.value)
