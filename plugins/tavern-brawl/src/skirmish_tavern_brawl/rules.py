"""Tavern Brawl: the rules.

How to read this file. :class:`TavernBrawl` (at the bottom) is what the engine calls.
A round is three phases (Last Orders, Brawl, Patch-up) in an order the barkeep's die
picks each round. Each phase body schedules small steps: plain functions run by
``Do(fn, args)``, which call ``fn(game, *args)``. A step that needs a player's choice
asks it with ``game.ask(decision, then, *args)``; the engine stops there and calls
``then(game, answer, *args)`` once the player has answered. So the rules never wait
for anyone, and a game can be cloned or saved between any two decisions.

Three habits keep a ruleset honest:

* every random thing goes through ``game.rng`` (loaded dice in tests, replays);
* every rule says what it did with ``game.emit(..., rule="Name of the rule")``;
* a hidden card never reaches a public event: ``Deck.draw(to=hand)`` logs the card
  for its owner only, and a card is taken out of the hand *before* it is revealed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

from skirmish import (
    Decision,
    Deck,
    Do,
    Game,
    GameRNG,
    Hand,
    Keyword,
    KeywordSet,
    Option,
    Param,
    Phase,
    Ruleset,
    SetupError,
    Tokens,
    choose,
)
from skirmish_tavern_brawl.content import Card, Content, build_content, raw_content
from skirmish_tavern_brawl.state import ALE, BRUISE, Attack, Brawler, TavernState, card_kind

PUNCH = "punch"  # the attack everyone always has, with no card
PASS = "pass"
DUCKING, TRIPPED = "Ducking", "Tripped"  # the temporary keywords (until the end of the round)


# -- small helpers ------------------------------------------------------------------------
def content_of(game: Game) -> Content:
    return game.ruleset.content


def brawler(game: Game, player: str) -> Brawler:
    return game.state.brawlers[player]


def standing(game: Game) -> list[str]:
    """Players whose brawlers are still on their feet, in seat order."""
    return [p for p in game.players if not game.state.brawlers[p].out]


def opponents(game: Game, player: str) -> list[str]:
    return [p for p in standing(game) if p != player]


def hook(game: Game, name: str) -> Any:
    """One of the ruleset's own hooks, or None when the game runs without plugins."""
    return getattr(game.hooks, name, None) if game.hooks is not None else None


def glory(game: Game) -> dict[str, float]:
    return {p: b.glory for p, b in game.state.brawlers.items()}


def plural(n: int, word: str, words: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


# -- the attack numbers ----------------------------------------------------------------------
def attack_numbers(content: Content, brawn: int, attacker_keywords: KeywordSet, victim_keywords: KeywordSet,
                   card: Card | None) -> tuple[int, int]:
    """Dice and target number of an attack, before house rules (``card`` None: a punch).

    Pure, so the AI uses it too. Dice: brawn, plus the card's dice, plus Strong for
    thrown things. Target: the card's (5 for a punch), +Nimble of the victim,
    +1 if the victim is Ducking, +1 if the attacker is Tripped.
    """
    if card is None:
        dice, target = brawn, content.rules.punch_target
    else:
        strong = attacker_keywords.value("Strong", 0) or 0
        dice = brawn + card.dice + (strong if card.thrown else 0)
        target = card.target
    target += victim_keywords.value("Nimble", 0) or 0
    target += int(DUCKING in victim_keywords) + int(TRIPPED in attacker_keywords)
    return dice, target


def clamp_target(target: int) -> int:
    """A 1 always misses and a 6 always hits."""
    return max(2, min(6, target))


def attack_odds(game: Game, attacker: str, victim: str, card_id: str) -> tuple[int, int]:
    """Dice and target number of an attack in this game, house rules included."""
    a, v = brawler(game, attacker), brawler(game, victim)
    card = None if card_id == PUNCH else content_of(game).cards[card_id]
    dice, target = attack_numbers(content_of(game), a.brawn, a.keywords, v.keywords, card)
    modify = hook(game, "tavern_brawl_modify_target")
    if modify is not None:
        target += sum(modify(game=game, attacker=attacker, victim=victim, card=card_id, target=target))
    return dice, clamp_target(target)


# -- Last Orders: draw a card, gain ale -------------------------------------------------------
def last_orders(game: Game) -> None:
    """Last Orders: every brawler still standing draws a card and gains ale."""
    game.schedule(*(Do(serve, (p,)) for p in standing(game)))


def serve(game: Game, player: str) -> None:
    rules = content_of(game).rules
    b = brawler(game, player)
    game.state.deck.draw(game.rng, game.log, 1, to=b.hand, rule="Last Orders")  # only b's owner sees which
    gain = rules.ale_per_round + ("Hard Drinker" in b.keywords)
    b.tokens.add(ALE, gain, log=game.log, rule="Last Orders")
    if len(b.hand) > rules.hand_limit:
        cards = content_of(game).cards
        options = [(kind, cards[kind].name) for kind in dict.fromkeys(card_kind(c) for c in b.hand)]
        game.ask(choose(player, "discard", f"{player}, you hold more than {rules.hand_limit} cards: discard one",
                        options, rule="Hand Limit"), discard, player)


def discard(game: Game, kind: str, player: str) -> None:
    b = brawler(game, player)
    card = take_from_hand(b, kind)
    game.state.deck.discard(card)
    game.emit("discard", f"{player} discards {content_of(game).cards[kind].name} (hand limit)", rule="Hand Limit",
              player=player, card=card)


def take_from_hand(b: Brawler, kind: str) -> str:
    """Remove the first card of ``kind`` from the hand (unlogged: the caller reveals it)."""
    card = next(c for c in b.hand if card_kind(c) == kind)
    return b.hand.remove(card)


# -- Brawl: each brawler plays tricks, then attacks (or passes) -------------------------------
def brawl(game: Game) -> None:
    """Brawl: each brawler still standing takes a turn; the first seat moves one on each round."""
    seats = list(game.players)
    first = (game.round - 1) % len(seats)
    game.schedule(*(Do(take_turn, (p,)) for p in seats[first:] + seats[:first]))


def take_turn(game: Game, player: str) -> None:
    if not brawler(game, player).out:
        game.ask(turn_decision(game, player), act, player)


def turn_decision(game: Game, player: str) -> Decision:
    """The finite list of what ``player`` may do now: punch, play a card, or pass."""
    cards = content_of(game).cards
    b = brawler(game, player)
    options = []
    for victim in opponents(game, player):
        dice, target = attack_odds(game, player, victim, PUNCH)
        options.append(Option(f"{PUNCH}:{victim}", f"punch {victim} ({dice} dice, {target}+)"))
    for kind in dict.fromkeys(card_kind(c) for c in b.hand):  # each kind once, however many copies
        card = cards[kind]
        if card.kind == "attack":
            for victim in opponents(game, player):
                dice, target = attack_odds(game, player, victim, kind)
                options.append(Option(f"{kind}:{victim}", f"{card.name} at {victim} ({dice} dice, {target}+)",
                                      card.text))
        elif card.aimed:
            options.extend(Option(f"{kind}:{victim}", f"{card.name} on {victim}", card.text)
                           for victim in opponents(game, player))
        else:
            options.append(Option(kind, card.name, card.text))
    options.append(Option(PASS, "pass (end your turn without attacking)"))
    return Decision(player, "action", f"{player}, your turn: play a trick, attack, or pass", options=options,
                    rule="Brawl")


def act(game: Game, answer: str, player: str) -> None:
    if answer == PASS:
        game.emit("pass", f"{player} keeps their head down", rule="Brawl", player=player)
        return
    kind, _, target = answer.partition(":")
    if kind == PUNCH:
        start_attack(game, player, target, PUNCH)
        return
    card = content_of(game).cards[kind]
    played = take_from_hand(brawler(game, player), kind)  # out of the hand first, then revealed
    game.state.deck.discard(played)
    game.state.stats["cards_played"] += 1
    at = f" {'at' if card.kind == 'attack' else 'on'} {target}" if target else ""
    game.emit("play", f"{player} plays {card.name}{at}", rule=card.name, player=player, card=played, target=target)
    steps = [Do(card_effect, (player, kind, target))]
    if card.kind == "trick":
        steps.append(Do(take_turn, (player,)))  # a trick does not end the turn
    game.schedule(*steps)


def card_effect(game: Game, player: str, card_id: str, target: str) -> None:
    """Carry out a played card: a house-rules plugin first, else the effect its data names."""
    card = content_of(game).cards[card_id]
    custom = hook(game, "tavern_brawl_card_effect")
    if custom is not None and custom(game=game, player=player, card_id=card_id, card=card, target=target):
        return
    effect = EFFECTS.get(card.effect)
    if effect is None:
        game.emit("fizzle", f"{card.name} does nothing (no rule carries out '{card.effect}')", rule=card.name)
        return
    effect(game, player, card_id, card, target)


# The card effects that data may name (cards.toml "effect"). Each is (game, player, card_id, card, target).
def effect_attack(game: Game, player: str, card_id: str, card: Card, target: str) -> None:
    start_attack(game, player, target, card_id)


def effect_duck(game: Game, player: str, card_id: str, card: Card, target: str) -> None:
    brawler(game, player).keywords.add(Keyword(DUCKING, until="round", source=card_id), log=game.log, rule=card.name)


def effect_trip(game: Game, player: str, card_id: str, card: Card, target: str) -> None:
    brawler(game, target).keywords.add(Keyword(TRIPPED, until="round", source=card_id), log=game.log, rule=card.name)


def effect_drink(game: Game, player: str, card_id: str, card: Card, target: str) -> None:
    brawler(game, player).tokens.add(ALE, card.amount, log=game.log, rule=card.name)


def effect_heal(game: Game, player: str, card_id: str, card: Card, target: str) -> None:
    brawler(game, player).tokens.remove(BRUISE, card.amount, log=game.log, rule=card.name, allow_partial=True)


EFFECTS: dict[str, Callable[[Game, str, str, Card, str], None]] = {
    "attack": effect_attack, "duck": effect_duck, "trip": effect_trip, "drink": effect_drink, "heal": effect_heal,
}


# -- Attacks: roll a pool against the target, re-roll, bruise ------------------------------------
def start_attack(game: Game, attacker: str, victim: str, card_id: str) -> None:
    """Roll the pool; Lucky re-rolls one miss free; then ale buys re-rolls (a form decision)."""
    dice, target = attack_odds(game, attacker, victim, card_id)
    what = "bare fists" if card_id == PUNCH else content_of(game).cards[card_id].name
    values = game.rng.rolls_of(dice, rule="Attack", why=f"{attacker} attacks {victim} with {what}, "
                                                          f"hitting on {target}+")
    attack = game.state.attack = Attack(attacker, victim, card_id, values, target)
    a = brawler(game, attacker)
    if "Lucky" in a.keywords and attack.rerollable():
        reroll(game, attack, 1, rule="Lucky")
    if a.ale and attack.rerollable():
        game.ask(reroll_decision(game, attack), spend_ale, attacker)
    else:
        game.call(resolve_attack)


def reroll(game: Game, attack: Attack, n: int, *, rule: str) -> None:
    """Re-roll ``n`` missed dice (each die at most once per attack)."""
    which = attack.rerollable()[:n]
    before = " ".join(str(attack.dice[i]) for i in which)
    after = game.rng.rolls_of(len(which), rule=rule, why=f"{attack.attacker} re-rolls {before}")
    for i, value in zip(which, after, strict=True):
        attack.dice[i] = value
    attack.rerolled.extend(which)
    game.state.stats["rerolls"] += len(which)


def reroll_decision(game: Game, attack: Attack) -> Decision:
    """A parametric form: how many missed dice to re-roll, at 1 ale each."""
    misses = len(attack.rerollable())
    ale = brawler(game, attack.attacker).ale
    return Decision(
        attack.attacker, "reroll",
        f"{attack.attacker}: you rolled {' '.join(map(str, attack.dice))} needing {attack.target}+. "
        f"Re-roll how many of the {plural(misses, 'missed die', 'missed dice')}, at 1 ale each? (you have {ale} ale)",
        params=(Param("dice", "int", 0, len(attack.dice), help="missed dice to re-roll (1 ale each)"),),
        validator=check_reroll,
        examples=({"dice": 0}, {"dice": min(ale, misses)}),
        rule="Dutch Courage",
    )


def check_reroll(game: Game, answer: Mapping[str, Any]) -> str | None:
    """Why a re-roll answer is refused (None when it is fine)."""
    attack = game.state.attack
    n, misses, ale = answer["dice"], len(attack.rerollable()), brawler(game, attack.attacker).ale
    if n > misses:
        return f"only {plural(misses, 'missed die', 'missed dice')} can be re-rolled (hits and re-rolled dice cannot)"
    if n > ale:
        return f"you have only {ale} ale, and each re-roll costs 1"
    return None


def spend_ale(game: Game, answer: Mapping[str, Any], player: str) -> None:
    n = answer["dice"]
    if n:
        brawler(game, player).tokens.remove(ALE, n, log=game.log, rule="Dutch Courage")
        reroll(game, game.state.attack, n, rule="Dutch Courage")
    resolve_attack(game)


def resolve_attack(game: Game) -> None:
    """Count the hits: each is a bruise on the victim and a point of glory for the attacker."""
    attack, game.state.attack = game.state.attack, None
    a, v = brawler(game, attack.attacker), brawler(game, attack.victim)
    hits = attack.hits()
    if hits and "Thick Skull" in v.keywords:
        hits -= 1
        game.emit("shrug", f"{v.player} shrugs off one hit", rule="Thick Skull", player=v.player)
    game.emit("attack", f"{a.player} lands {plural(hits, 'hit')} on {v.player} "
                        f"({' '.join(map(str, attack.dice))} needing {attack.target}+)",
              rule="Attack", attacker=a.player, victim=v.player, card=attack.card, hits=hits, dice=list(attack.dice),
              target=attack.target)
    if not hits:
        return
    v.tokens.add(BRUISE, hits, log=game.log, rule="Attack")
    a.glory += hits
    game.state.stats["bruises"] += hits
    if v.bruises >= v.grit:
        knock_out(game, v, a)


def knock_out(game: Game, victim: Brawler, by: Brawler) -> None:
    """Knocked out: the brawler's hand goes face up on the discard pile; the last one standing wins."""
    victim.out = True
    by.glory += content_of(game).rules.knockout_glory
    game.state.stats["knockouts"] += 1
    cards = list(victim.hand)
    victim.hand.cards.clear()  # out of the hand before the cards are shown
    game.emit("knock-out", f"{victim.player} is out cold under a table; {by.player} gains "
                           f"{content_of(game).rules.knockout_glory} glory", rule="Knock-out",
              player=victim.player, by=by.player)
    game.state.deck.discard(cards, log=game.log, rule="Knock-out")
    left = standing(game)
    if len(left) == 1:
        game.finish(left, "last brawler standing", rule="Knock-out", scores=glory(game))


# -- Patch-up: drink ale to heal bruises ---------------------------------------------------------
def patch_up(game: Game) -> None:
    """Patch-up: each brawler still standing may drink ale, healing 1 bruise per ale."""
    game.schedule(*(Do(offer_patch_up, (p,)) for p in standing(game)))


def offer_patch_up(game: Game, player: str) -> None:
    b = brawler(game, player)
    most = min(b.ale, b.bruises)
    if most:
        options = [(0, "keep your ale")] + [(n, f"drink {n} ale: heal {plural(n, 'bruise')}")
                                             for n in range(1, most + 1)]
        game.ask(choose(player, "patch-up", f"{player}: {b.bruises}/{b.grit} bruises, {b.ale} ale. Drink to heal?",
                        options, rule="Patch-up"), drink_up, player)


def drink_up(game: Game, n: int, player: str) -> None:
    if n:
        b = brawler(game, player)
        b.tokens.remove(ALE, n, log=game.log, rule="Patch-up")
        b.tokens.remove(BRUISE, n, log=game.log, rule="Patch-up")


PHASES = {
    "last-orders": Phase("last-orders", last_orders, "Last Orders"),
    "brawl": Phase("brawl", brawl, "Brawl"),
    "patch-up": Phase("patch-up", patch_up, "Patch-up"),
}


# -- the ruleset -------------------------------------------------------------------------------
class TavernBrawl(Ruleset):
    """A tavern brawl for 2-4: throw tankards and stools from a hidden hand; last one standing wins."""

    name = "tavern-brawl"
    title = "Tavern Brawl"
    version = "0.1.0"
    min_players = 2
    max_players = 4
    max_decisions = 2_000  # at most 20 rounds x 4 brawlers x (5 tricks + attack + re-roll + discard + patch-up)
    perfect_information = False  # hands are hidden

    def __init__(self) -> None:
        super().__init__()
        self._content: Content | None = None

    @property
    def content(self) -> Content:
        """The game's data, built once, after plugins had their say (``skirmish_extend_content``)."""
        if self._content is None:
            raw = raw_content()
            any_effect = False
            if self.hooks is not None:
                self.hooks.skirmish_extend_content(ruleset=self.name, content=raw)
                custom = getattr(self.hooks, "tavern_brawl_card_effect", None)
                any_effect = bool(custom is not None and custom.get_hookimpls())
            self._content = build_content(raw, EFFECTS, any_effect=any_effect)
        return self._content

    # -- set-up ----------------------------------------------------------------------------
    def default_setup(self) -> dict[str, Any]:
        return {"players": ["Red", "Blue"], "brawlers": {"Red": "bard", "Blue": "cooper"},
                "rounds": self.content.rules.rounds}

    def check_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Players (2-4), a brawler type for each (filled in when left out), and the number of rounds."""
        setup = super().check_setup(setup)
        players = setup["players"]
        unknown = sorted(set(setup) - {"players", "brawlers", "rounds"})
        if unknown:
            raise SetupError(f"unknown set-up option '{unknown[0]}' (tavern-brawl takes players, brawlers, rounds)")
        kinds = self.content.brawlers
        chosen = setup.get("brawlers", {})
        if not isinstance(chosen, Mapping):
            raise SetupError("set-up 'brawlers' must be a table of player = brawler type")
        for player, kind in chosen.items():
            if player not in players:
                raise SetupError(f"set-up 'brawlers' names '{player}', who is not one of the players")
            if kind not in kinds:
                raise SetupError(f"unknown brawler type '{kind}' for {player} (choose from: {', '.join(kinds)})")
        spare = iter(k for k in kinds if k not in chosen.values())  # players left out get unused types
        brawlers = {p: chosen.get(p) or next(spare, next(iter(kinds))) for p in players}
        rounds = setup.get("rounds", self.content.rules.rounds)
        most = self.content.rules.max_rounds
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= most:
            raise SetupError(f"set-up 'rounds' must be a whole number from 1 to {most}, not {rounds!r}")
        return {"players": list(players), "brawlers": brawlers, "rounds": rounds}

    # -- play ------------------------------------------------------------------------------
    def create(self, game: Game) -> TavernState:
        content, rules = self.content, self.content.rules
        width = max(2, len(str(max((c.count for c in content.cards.values()), default=1))))
        cards = [f"{kind}#{i:0{width}d}" for kind, card in content.cards.items() for i in range(1, card.count + 1)]
        deck = Deck("the deck", cards)
        deck.shuffle(game.rng, game.log, rule="Set-up")
        brawlers = {}
        for player in game.players:
            kind = content.brawlers[game.setup["brawlers"][player]]
            b = Brawler(player, game.setup["brawlers"][player], kind.grit, kind.brawn,
                        Tokens(player, caps={ALE: rules.ale_cap}), KeywordSet.of(player, kind.keywords), Hand(player))
            game.emit("brawler", f"{player} is {kind.name}: grit {kind.grit}, brawn {kind.brawn}, {kind.text}",
                      rule="Set-up", player=player, brawler=b.kind)
            b.tokens.add(ALE, rules.start_ale, log=game.log, rule="Set-up")
            deck.draw(game.rng, game.log, rules.start_hand, to=b.hand, rule="Set-up")
            brawlers[player] = b
        return TavernState(brawlers, deck)

    def phases(self) -> Mapping[str, Phase]:
        return PHASES

    def phase_order(self, game: Game) -> list[str]:
        """The barkeep's die picks this round's order of phases (rules.toml round_orders)."""
        orders = self.content.rules.round_orders
        roll = game.rng.roll(len(orders), rule="Round Order", why="the barkeep's die")
        game.state.order = list(orders[roll - 1])
        return game.state.order

    def last_round(self, game: Any) -> int | None:
        """The Watch arrives after the set-up's number of rounds."""
        return int(game.setup["rounds"])

    def end_of_round(self, game: Game) -> None:
        """After the last round the Watch arrives: most glory among those standing wins (ties share)."""
        if game.round < game.setup["rounds"]:
            return
        left = standing(game)
        best = max(brawler(game, p).glory for p in left)
        game.finish([p for p in left if brawler(game, p).glory == best],
                    f"the Watch arrives after {game.round} rounds: most glory among those standing",
                    rule="The Watch", scores=glory(game))

    # -- seeing ----------------------------------------------------------------------------
    def view(self, game: Game, player: str | None) -> dict[str, Any]:
        """Everything is public except hands: other players see only how many cards one holds."""
        st = game.state
        attack = st.attack
        return {
            "round_order": list(st.order),
            "rounds": game.setup["rounds"],
            "draw_pile": len(st.deck),
            "discard_pile": list(st.deck.discard_pile),
            "brawlers": {p: self._brawler_view(b, player) for p, b in st.brawlers.items()},
            "attack": {} if attack is None else {"attacker": attack.attacker, "victim": attack.victim,
                                                 "card": attack.card, "dice": list(attack.dice),
                                                 "target": attack.target, "rerolled": list(attack.rerolled)},
        }

    def _brawler_view(self, b: Brawler, player: str | None) -> dict[str, Any]:
        out = {"type": b.kind, "grit": b.grit, "brawn": b.brawn, "bruises": b.bruises, "ale": b.ale,
               "glory": b.glory, "out": b.out, "keywords": [str(k) for k in b.keywords], "hand_size": len(b.hand)}
        if b.hand.visible_to(player):
            out["hand"] = list(b.hand)
        return out

    def secrets(self, game: Game, player: str) -> list[str]:
        return list(brawler(game, player).hand)

    def describe(self, game: Game, player: str | None) -> str:
        st, cards, kinds = game.state, self.content.cards, self.content.brawlers
        lines = [f"Round {game.round} of {game.setup['rounds']}"
                 + (f" ({' > '.join(st.order)})" if st.order else "") + (f", {game.phase}" if game.phase else ""),
                 f"Deck: {plural(len(st.deck), 'card')} to draw, {len(st.deck.discard_pile)} discarded"]
        width = max(len(p) for p in game.players)
        for p, b in st.brawlers.items():
            who = f"  {p:<{width}}  {kinds[b.kind].name:<15}"
            if b.out:
                lines.append(f"{who} KNOCKED OUT (glory {b.glory})")
                continue
            if b.hand.visible_to(player):
                hand = ", ".join(cards[card_kind(c)].name for c in b.hand) or "no cards"
            else:
                hand = plural(len(b.hand), "card")
            keywords = f"  [{b.keywords}]" if b.keywords.entries else ""
            lines.append(f"{who} bruises {b.bruises}/{b.grit}  ale {b.ale}  glory {b.glory}  hand: {hand}{keywords}")
        if st.attack is not None:
            a = st.attack
            lines.append(f"Attack: {a.attacker} on {a.victim}, dice {' '.join(map(str, a.dice))} needing {a.target}+")
        return "\n".join(lines)

    def determinize(self, game: Game, player: str, *, sample: int = 0) -> Game:
        """A clone as ``player`` knows it: other hands and the draw pile re-dealt from the unseen cards.

        Meant for the player whose decision is pending (another player's pending decision
        lists that player's real cards). ``sample`` picks a different re-deal. The clone
        also gets dice of its own, so looking ahead cannot reveal this game's next rolls.
        """
        clone = game.clone()
        st = clone.state
        others = [b for p, b in st.brawlers.items() if p != player]
        unseen = list(st.deck.draw_pile) + [c for b in others for c in b.hand]
        key = f"{game.seed}:{game.rng.draws}:{game.decisions}:{player}:{sample}".encode()
        seed = int.from_bytes(hashlib.sha256(key).digest()[:8], "big")
        random.Random(seed).shuffle(unseen)
        for b in others:
            size = len(b.hand)
            b.hand.cards = unseen[:size]
            del unseen[:size]
        st.deck.draw_pile = unseen
        dice = GameRNG(seed, log=clone.log)
        dice.load(clone.rng.loaded)  # dice loaded by a test or a rehearsal are known to all
        dice.rolls, dice.draws = clone.rng.rolls, clone.rng.draws
        clone.rng = dice
        return clone

    def summary(self, game: Game) -> dict[str, float]:
        return {k: float(v) for k, v in game.state.stats.items()}
