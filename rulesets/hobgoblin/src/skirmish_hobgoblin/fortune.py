"""Fortune Cards: the shared 48-card deck, hidden hands, and each card at its printed moment.

Card instances are ids ``card:<card>:<copy>``; what a card does is data (``data/fortune.toml``:
its moment, target, conditions and the name of its effect function below). A player is asked
only when a card in hand can be played now, through core response windows ("pass until the end
of this phase" stops the asking).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from skirmish import Deck, Option, SetupError, load_toml, structure
from skirmish_hobgoblin import expansions, measuring, stats
from skirmish_hobgoblin.tables import kp

if TYPE_CHECKING:
    from skirmish import Game, Option
    from skirmish_hobgoblin.attacks import Attack
    from skirmish_hobgoblin.state import Unit

RULE = "Fortune Cards"
MOMENTS = ("any", "initiative", "move-start", "phase-start", "move-end", "hits", "panic", "shot-doom", "spell")


@attrs.frozen
class Card:
    id: str
    name: str
    moment: str
    target: str
    effect: str
    summary: str
    needs: tuple[str, ...] = ()
    keyword: str = ""
    until: str = ""
    dice: str = ""
    phase: str = ""
    amount: int = 0
    distance: float = 0.0


@attrs.frozen
class FortuneDeck:
    copies: int
    cards: dict[str, Card]


def load_cards(extend: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> FortuneDeck:
    raw = load_toml("skirmish_hobgoblin.data", "fortune.toml")
    if extend is not None:
        raw = extend({"fortune": raw})["fortune"]
    cards = {}
    for cid, card in _built(dict(raw.get("cards", {})), Card, "fortune card").items():
        if card.moment not in MOMENTS:
            raise SetupError(f"fortune card {cid}: unknown moment {card.moment!r}")
        if card.effect not in EFFECTS:
            raise SetupError(f"fortune card {cid}: unknown effect {card.effect!r}")
        cards[cid] = card
    return FortuneDeck(int(raw.get("copies", 2)), cards)


def _built(entries: dict[str, Any], cls: type, what: str) -> dict[str, Any]:
    """Each entry built as ``cls`` (with its key as ``id``), kept between runs (a replay imports no cattrs)."""
    from skirmish import cached_build

    def build(data: dict[str, Any]) -> dict[str, Any]:
        return {key: structure({"id": key, **entry}, cls, f"{what} {key}") for key, entry in data.items()}

    return cached_build(build, entries, kind=f"{cls.__module__}.{cls.__qualname__}")


def new_deck(game: Game) -> Deck:
    fd = game.ruleset.fortune
    return Deck("the Fortune deck", [f"card:{cid}:{n}" for cid in fd.cards for n in range(1, fd.copies + 1)])


def card_key(card_id: str) -> str:
    return card_id.split(":")[1] if card_id.count(":") == 2 else card_id


def card_of(game: Game, card_id: str) -> Card:
    return game.ruleset.fortune.cards[card_key(card_id)]


def card_name(game: Game, card_id: str) -> str:
    return card_of(game, card_id).name


def draw(game: Game, player: str, n: int = 1, rule: str = RULE) -> None:
    """Draw ``n`` cards (reshuffling the discards); with both piles empty, 1 Mercury per missing card."""
    state = game.state
    side = state.sides[player]
    got = state.deck.draw(game.rng, None, n, to=side.hand, rule=rule)
    if got:  # printed card names for their holder, a count for everyone else
        many = f"{len(got)} card{'s' if len(got) != 1 else ''}"
        game.emit("deck", f"{player} draws {', '.join(card_name(game, c) for c in got)}", rule=rule,
                  visible_to=(player,), public_text=f"{player} draws {many}", player=player, change=len(got))
    short = n - len(got)
    if short > 0:
        gain = short * game.ruleset.rules.game.empty_deck_mercury
        side.mercury += gain
        game.emit("mercury", f"{player}: no cards left to draw, gains {gain} Mercury instead", rule=rule,
                  player=player, change=gain)


def discard_from_hand(game: Game, player: str, card_id: str, why: str = "") -> None:
    state = game.state
    state.sides[player].hand.remove(card_id, rule=RULE, why=why)
    state.deck.discard(card_id, rule=RULE)
    game.emit("card", f"{player} discards {card_name(game, card_id)}{f' ({why})' if why else ''}", rule=RULE,
              player=player, card=card_id)


# ------------------------------------------------------------------------------ conditions


def _ok(game: Game, card: Card, unit: Unit) -> bool:
    state = game.state
    for need in card.needs:
        if need == "broken" and not unit.has(stats.BROKEN):
            return False
        if need == "unbroken" and unit.has(stats.BROKEN):
            return False
        if need == "engaged" and not measuring.engaged(state, unit):
            return False
        if need == "charged" and unit.advanced < kp(game.ruleset.content, "devastating-charge", "advance"):
            return False
        if need == "mobile" and (unit.has("Immobile") or unit.id in state.activated):
            return False
        if need == "doomed" and unit.doom <= 0:
            return False
        if need == "facing-broken" and not any(e.has(stats.BROKEN) for e in measuring.engaged(state, unit)):
            return False
    if unit.has("Nullify"):
        return False
    return not (card.effect == "grant" and card.keyword and "[" not in card.keyword and unit.has(card.keyword))


def _targets(game: Game, player: str, card: Card) -> list[Unit]:
    state = game.state
    chosen = expansions.first(game, "hobgoblin_card_targets", player=player, card=card)  # (Unlikely Allies)
    if chosen is not None:
        return [u for u in chosen if _ok(game, card, u)]
    if card.target == "friendly":
        return [u for u in state.of(player) if _ok(game, card, u)]
    if card.target == "enemy":
        return [u for u in state.of(state.enemy_of(player)) if _ok(game, card, u)]
    return []


def hand_cards(game: Game, player: str, moment: str, phase: str = "") -> list[tuple[str, Card]]:
    """One card id per distinct card of ``moment`` in the hand."""
    seen: dict[str, tuple[str, Card]] = {}
    for cid in game.state.sides[player].hand.cards:
        card = card_of(game, cid)
        if card.moment == moment and (not phase or card.phase == phase) and card.id not in seen:
            seen[card.id] = (cid, card)
    return list(seen.values())


def offers(game: Game, player: str, moment: str, *, units: list[Unit] | None = None, phase: str = "") -> list[Option]:
    """Options to play each playable card of ``moment`` (on each unit it may go on)."""
    return list(_offered(game, player, moment, units, phase))


def playable(game: Game, player: str, moment: str, *, units: list[Unit] | None = None, phase: str = "") -> bool:
    """Whether :func:`offers` would offer anything (stops at the first option, without building the others)."""
    return next(_offered(game, player, moment, units, phase), None) is not None


def _offered(game: Game, player: str, moment: str, units: list[Unit] | None, phase: str) -> Iterator[Option]:
    only = None if units is None else {x.id for x in units}
    for cid, card in hand_cards(game, player, moment, phase):
        if card.target == "none":
            if card.effect == "carpe_diem" and moment != "initiative":
                continue
            offered = expansions.first(game, "hobgoblin_card_offers", player=player, card_id=cid, card=card)
            if offered is not None:  # (Unlikely Allies: Mercury for an Ally, not yourself)
                yield from offered
                continue
            yield Option(f"play {cid}", f"play {card.name}", card.summary, data={"action": "card", "card": cid,
                         "name": card.name})
            continue
        for u in _targets(game, player, card):
            if only is not None and u.id not in only:
                continue
            yield Option(f"play {cid} on {u.id}", f"play {card.name} on {u.name}", card.summary,
                         data={"action": "card", "card": cid, "name": card.name, "target": u.id,
                               "group": card.name})


def _parse(value: str) -> tuple[str, str]:
    words = value.split()
    return words[1], (words[3] if len(words) > 3 else "")


def play(game: Game, player: str, value: str, **extra: Any) -> None:
    """Play the card named by an offered option value."""
    cid, uid = _parse(value)
    card = card_of(game, cid)
    state = game.state
    state.sides[player].hand.remove(cid, rule=RULE, why="played")
    state.deck.discard(cid, rule=RULE)
    unit = state.units.get(uid) if uid else None
    ally = uid if uid in state.sides else ""  # Unlikely Allies: a card played for an Ally
    game.emit("card", f"{player} plays {card.name}" + (f" on {unit.name}" if unit else f" for {ally}" if ally else ""),
              rule=card.name, player=player, card=cid, target=uid)
    EFFECTS[card.effect](game, ally or player, card, unit, **extra)
    expansions.call(game, "hobgoblin_card_played", player=player, card_id=cid, unit=unit)  # (spells, Fateful Deeds)


# ------------------------------------------------------------------------------ windows


def _window(game: Game, name: str, players: list[str], moment: str, *, units: list[Unit] | None = None,
            phase: str = "", extra: dict[str, Any] | None = None, mode: str = "cycle",
            info: dict[str, Any] | None = None) -> None:
    """Ask ``players`` in turn whether to play a card of ``moment``; ``info`` goes into the decision's context (what
    the window is about, for the player to read without the log)."""
    from skirmish import open_window

    def offer(g: Game, p: str) -> list[Option]:
        return offers(g, p, moment, units=units, phase=phase)

    def resolve(g: Game, p: str, value: Any) -> None:
        play(g, p, value, **(extra or {}))

    if any(playable(game, p, moment, units=units, phase=phase) for p in players):
        open_window(game, name, players, offer, resolve, rule=RULE, mode=mode,
                    context={"phase": game.phase, "moment": moment, **(info or {})},
                    prompt=f"{name}: play a Fortune Card now? ('help' says what each card does)")


def any_time(game: Game, why: str = "") -> None:
    """A moment where "any time" cards may be played (both players, First Player first)."""
    _window(game, f"Fortune Cards{f' ({why})' if why else ''}", game.state.order(), "any")


def after_attack(game: Game) -> None:
    """After each attack (its Doom placed): "any time" cards (ruling B-8)."""
    any_time(game, "after an attack")


def phase_start(game: Game, phase: str) -> None:
    _window(game, f"start of the {phase} Phase", game.state.order(), "phase-start", phase=phase)
    any_time(game, f"{phase} Phase")


def move_start(game: Game, unit: Unit) -> None:
    _window(game, f"{unit.name} starts its activation", _owners(game, unit), "move-start", units=[unit])


def move_end(game: Game) -> None:
    _window(game, "end of the Movement Phase", game.state.order(), "move-end")


def initiative_roll(game: Game) -> None:
    _window(game, "after the initiative roll", game.state.order(), "initiative")


def hit_window(game: Game, atk: Attack) -> None:
    """Enchanted Shield / Tattered Banner: the defender may cut the hits before Doom is placed."""
    target = game.state.units[atk.target]
    if atk.hits > 0:
        suffer = f"{atk.hits} hit{'' if atk.hits == 1 else 's'}"
        _window(game, f"{target.name} would suffer {suffer}", _owners(game, target), "hits", units=[target],
                extra={"attack": atk}, info={"target": target.id, "hits": atk.hits, "attack": game.log.count})


def after_shot_doom(game: Game, unit: Unit) -> None:
    _window(game, f"{unit.name} took Doom from shooting", _owners(game, unit), "shot-doom", units=[unit])


def _owners(game: Game, unit: Unit) -> list[str]:
    """Who may play cards for a unit's own side: its player (team play: its player's Allies)."""
    owners = expansions.first(game, "hobgoblin_card_owners", unit=unit)  # (team play: its player's Allies)
    return [unit.side] if owners is None else owners


def after_panic(game: Game, unit: Unit) -> None:
    enemies = [p for p in game.state.order() if not game.state.allied(p, unit.side)]  # team play: every enemy
    _window(game, f"{unit.name} took Doom from panic", enemies, "panic", units=[unit])


# ------------------------------------------------------------------------------ effects


def _roll(game: Game, dice: str, why: str) -> int:
    n = game.rng.roll(6, rule=RULE, why=why)
    return (n + 1) // 2 if dice.upper() == "D3" else n


def _grant(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    from skirmish import Keyword

    unit.keywords.add(Keyword.parse(card.keyword, until=card.until or None, source=card.id), log=game.log,
                      rule=card.name)
    stats.refresh(game, unit, card.name)


def _discard_doom(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    n = _roll(game, card.dice, f"{card.name}: {card.dice} Doom discarded")
    stats.discard_doom(game, unit, n, card.name)


def _add_doom(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    n = _roll(game, card.dice, f"{card.name}: {card.dice} Doom")
    stats.add_doom(game, unit, n, card.name)


def _mercury(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    game.state.sides[player].mercury += card.amount
    game.emit("mercury", f"{player} gains {card.amount} Mercury", rule=card.name, player=player, change=card.amount)


def _go_down_fighting(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    for e in measuring.engaged(game.state, unit):
        stats.add_doom(game, e, 1, card.name)


def _carpe_diem(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    from skirmish import Decision

    other = game.state.enemy_of(player)
    mine = game.state.enemy_of(other)  # the player (team play: their Warlord)
    game.ask(Decision(player, "first-player", f"{card.name}: who takes the First Player token?",
                      options=[Option(mine, f"{mine} takes it", data={"action": "take", "player": mine}),
                               Option(other, f"{other} takes it", data={"action": "give", "player": other})],
                      rule=card.name, context={"phase": game.phase, "action": "first-player"}),
             _set_first)


def _set_first(game: Game, answer: Any) -> None:
    game.state.first = answer
    game.emit("first-player", f"{answer} holds the First Player token", rule="Carpe Diem", player=answer)


def _cancel_hit(game: Game, player: str, card: Card, unit: Unit | None, attack: Attack | None = None, **_: Any) -> None:
    if attack is not None and attack.hits > 0:
        attack.hits -= 1
        game.emit("note", f"{card.name}: 1 hit cancelled ({attack.hits} left)", rule=card.name)


def _halve_hits(game: Game, player: str, card: Card, unit: Unit | None, attack: Attack | None = None, **_: Any) -> None:
    if attack is not None and attack.hits > 0:
        attack.hits = (attack.hits + 1) // 2
        game.emit("note", f"{card.name}: hits halved to {attack.hits}", rule=card.name)


def _flag(name: str) -> Callable[..., None]:
    def effect(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
        act = game.state.activation
        if act is not None and unit is not None and act.unit == unit.id:
            setattr(act, name, True)

    return effect


def _decisive_move(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    from skirmish_hobgoblin import turns

    turns.activate_now(game, unit)


def _bold_challenge(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    unit.used.append("bold-challenge")
    game.emit("note", f"{unit.name} issues a Bold Challenge", rule=card.name, unit=unit.id)


def _relentless(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    assert unit is not None
    from skirmish_hobgoblin import moves

    out = moves.check(game, unit, "advance", card.distance, mp=99, distracted=False)
    dist = card.distance
    if out.error:
        dist = moves.max_amount(game, unit, "advance", mp=99, distracted=False)
        dist = min(dist, card.distance)
        out = moves.check(game, unit, "advance", dist, mp=99, distracted=False) if dist > 0 else out
    if dist > 0 and not out.error and out.end is not None:
        unit.place(out.end)
        game.emit("move", f"{unit.name} advances {dist:g}\" (Relentless)", rule=card.name, unit=unit.id)
        stats.refresh_all(game)


def _spell_card(game: Game, player: str, card: Card, unit: Unit | None, **_: Any) -> None:
    """Cards of the magic rules (next issue): never offered yet."""


EFFECTS: dict[str, Callable[..., None]] = {
    "grant": _grant, "discard_doom": _discard_doom, "add_doom": _add_doom, "mercury": _mercury,
    "go_down_fighting": _go_down_fighting, "carpe_diem": _carpe_diem, "cancel_hit": _cancel_hit,
    "halve_hits": _halve_hits, "barge_through": _flag("ignore_friends"),
    "better_part_of_valour": _flag("no_punish"), "decisive_move": _decisive_move,
    "bold_challenge": _bold_challenge, "relentless": _relentless, "spell_card": _spell_card,
}
