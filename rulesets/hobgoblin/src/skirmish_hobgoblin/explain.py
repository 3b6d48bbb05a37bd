"""Explaining the battle to a player: glossary, exact odds of attacks, measuring, brief status, final summary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish import SkirmishError
from skirmish_hobgoblin import attacks, expansions, measuring, stats

if TYPE_CHECKING:
    from fractions import Fraction

    from skirmish import Game
    from skirmish_hobgoblin.state import Unit

#: the brief's pointer to the terminal's map command (a screen that draws the map drops it)
TERMINAL_HINT = "; 'show': map"
STATUSES = {
    "Broken": "Doom at or above Courage (Fragile: half Courage, rounded up): causes Panic, removed in the Doom Phase.",
    "Distracted": "may not move into contact with an enemy it was not engaged with; cleared at the end of the round.",
    "Outmanoeuvred": "an enemy touches a side edge, rear edge or rear corner: -1 Courage per such enemy.",
    "Engaged": "in base contact with an enemy unit.",
    "Doom": "tokens a unit gains from hits, panic and terrain; at Courage the unit is Broken.",
    "MP": "movement points: Speed (+Swift, -Slow) at the start of a Movement activation, lost at its end.",
    "First Player": "acts first in every phase; the holder presses the initiative each round.",
    "Force of Will": "after rolling attack dice, discard 1 Mercury or 1 Fortune Card to re-roll one die.",
    "Mercury": "tokens: +1 per full 1,000 points and per Wizard each Magic Phase; spent on spells and re-rolls.",
}


#: how to get into a fight, which the book spreads over Movement and Engagement (``help engage``, ``help charge``)
ENGAGING = ("A unit engages by ending a manoeuvre of its Movement activation in base contact with an enemy (any "
            "manoeuvre will do: advance, wheel, shuffle, reform; each costs MP, and a unit has its Speed in MP). "
            "At the prompt its menu offers 'engage NAME' for every enemy it can reach this activation, with the MP "
            "the path costs, and says why the others cannot be engaged. It is illegal while the unit is "
            "Distracted (it may only touch enemies it already touched), when the path is blocked by terrain or "
            "other units, or when the enemy is beyond its MP. Once engaged, both fight in the Combat Phase.")
HOW_TO = {
    "engage": ENGAGING,
    "charge": "Hobgoblin has no charge move of its own: a unit charges by engaging. " + ENGAGING,
    "how to fight": ENGAGING,
}


def _of(name: str) -> str:
    """The possessive: ``Wolf Riders'``, ``Anvil Guard's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def glossary(ruleset: Any) -> dict[str, str]:
    out: dict[str, str] = dict(STATUSES)
    for k in ruleset.content.keywords.values():
        out[k.name] = k.summary
    for u in ruleset.content.units.values():
        out[u.name] = (f"unit type: Speed {u.speed}, Strikes {u.strikes}, Courage {u.courage}, "
                       f"{u.points} points, keywords x{u.multiplier}")
    for c in ruleset.fortune.cards.values():
        out[c.name] = f"Fortune Card ({c.moment}): {c.summary}"
    for s in ruleset.scenarios.values():
        rolled = f"2D6 {'/'.join(map(str, s.roll))}" if s.roll else "chosen by name"
        out[s.name] = f"scenario ({rolled}): " + (s.how_to_win() or "see the scenario's rules for how it is won")
    out.update(HOW_TO)
    from skirmish_hobgoblin.moves import HELP, spoken

    for kind, what in HELP.items():
        amount = {"reform": 90, "fly": 14}.get(kind, 2)
        out[spoken(kind)] = f"manoeuvre (type e.g. {spoken(kind)} {amount}): the unit {what}"
    for more in reversed(expansions.ask(ruleset, "hobgoblin_glossary")):
        out.update(more)  # (team play: Warlord, Ally, the objectives)
    return out


# ----------------------------------------------------------------------------- odds


def die_outcomes(need: int, *, brutal: bool = False, cursed: bool = False, crit: bool = False
                 ) -> dict[int, Fraction]:
    """Hits one attack die scores (0, 1 or 2 with Critical Hits), with Brutal and Cursed re-rolls."""
    from fractions import Fraction  # here: the brief on every screen needs no odds (start-up, issue 24)

    sixth = Fraction(1, 6)

    def hit(face: int) -> bool:
        return face == 6 or (face != 1 and face >= need)

    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        firsts = [(a, sixth)]
        if brutal and not hit(a):
            firsts = [(b, sixth * sixth) for b in range(1, 7)]
        for face, p in firsts:
            finals = [(face, p)]
            if cursed and hit(face):
                finals = [(c, p * sixth) for c in range(1, 7)]
            for f, q in finals:
                n = (2 if crit and f == 6 else 1) if hit(f) else 0
                out[n] = out.get(n, Fraction(0)) + q
    return out


def hits_distribution(n: int, per_die: dict[int, Fraction]) -> dict[int, Fraction]:
    from fractions import Fraction

    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for h, p in dist.items():
            for k, q in per_die.items():
                nxt[h + k] = nxt.get(h + k, Fraction(0)) + p * q
        dist = nxt
    return dist


def attack_odds(game: Game, attacker: Unit, target: Unit, dice: int, kind: str, cover: bool = False
                ) -> dict[int, Fraction]:
    """The exact distribution of Doom the attack places on ``target`` (before cards and Force of Will)."""
    from fractions import Fraction

    need = attacks.target_number(game, attacker, target, kind, cover=cover)
    close = kind in attacks.CLOSE
    per_die = die_outcomes(need, brutal=close and attacker.has("Brutal"), cursed=close and attacker.has("Cursed"),
                           crit=close and attacker.has("Critical Hits"))
    out: dict[int, Fraction] = {}
    for hits, p in hits_distribution(dice, per_die).items():
        doom, _ = attacks.doom_from_hits(game, target, hits, kind)
        out[doom] = out.get(doom, Fraction(0)) + p
    return dict(sorted(out.items()))


def find_unit(game: Game, name: str) -> Unit:
    state = game.state
    key = name.strip().lower()
    for u in state.units.values():
        if u.id.lower() == key or u.name.lower() == key:
            return u
    hits = [u for u in state.units.values() if u.name.lower().startswith(key)]
    if len(hits) == 1:
        return hits[0]
    raise SkirmishError(f"no unit called '{name}' (units: {', '.join(u.id for u in state.units.values())})")


def _two_units(game: Game, query: str) -> tuple[Unit, Unit]:
    """The attacker and target named in ``query``: ids or names (``r1 b2``, ``Anvil Guard Wolf Riders``,
    ``Anvil Guard, Wolf Riders``)."""
    text = query.strip()
    splits = [text.partition(sep)[::2] for sep in (",", " to ", " v ", " vs ") if sep in text]
    words = text.split()
    splits += [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    for a_name, t_name in splits:
        try:
            return find_unit(game, a_name), find_unit(game, t_name)
        except SkirmishError:
            continue
    raise SkirmishError("name the attacker and the target, by id or name (e.g. odds r1 b2)")


def odds(game: Game, player: str, query: str) -> list[tuple[str, dict[Any, Fraction]]]:
    state = game.state
    out = []
    if query.strip():
        a, t = _two_units(game, query)
        out.append((f"{a.name} attacks {t.name} in close combat ({stats.combat_dice(a)} dice): Doom",
                    attack_odds(game, a, t, stats.combat_dice(a), attacks.COMBAT)))
        if a.has("Ranged"):
            cover = measuring.in_cover(state, a, t)
            out.append((f"{a.name} shoots {t.name} ({stats.shooting_dice(a)} dice{', cover' if cover else ''}): Doom",
                        attack_odds(game, a, t, stats.shooting_dice(a), attacks.SHOOTING, cover)))
        return out
    d = game.pending
    if d is None:
        return []
    for i, o in enumerate(d.options, 1):  # each titled with its number in the menu ('odds 3': choice 3's)
        data = o.data
        if data.get("action") == "shoot":
            a, t = state.units[data["actor"]], state.units[data["target"]]
            out.append((f"{i}. {o.label}", attack_odds(game, a, t, data["dice"], attacks.SHOOTING,
                                                      data.get("cover", False))))
        elif data.get("action") == "assign":
            a = state.units[data["actor"]]
            for tid, n in zip(data["targets"], data["dice"], strict=True):
                t = state.units[tid]
                out.append((f"{i}. {o.label}: {t.name}", attack_odds(game, a, t, n, attacks.COMBAT)))
        elif data.get("action") == "engage":
            a, t = state.units[data["actor"]], state.units[data["target"]]
            out.append((f"{i}. {o.label}: then attacking with {stats.combat_dice(a)} dice",
                        attack_odds(game, a, t, stats.combat_dice(a), attacks.COMBAT)))
        elif data.get("action") == "fight":  # which unit attacks next: each of its fights, as its dice split
            out += _fight_odds(game, i, state.units[data["actor"]])
    return out


def _fight_odds(game: Game, number: int, unit: Unit) -> list[tuple[str, dict[Any, Fraction]]]:
    """The Doom ``unit`` deals when it attacks now: all its dice at its one enemy, or split as evenly as the
    rules let it across several (the split is asked next)."""
    from skirmish_hobgoblin.turns import splits

    enemies = measuring.engaged(game.state, unit)
    if not enemies:
        return []
    dice = stats.combat_dice(unit)
    split = min(splits(game, unit, enemies, dice), key=lambda c: (max(c) - min(c), [-x for x in c]))
    how = "" if len(enemies) == 1 else " (split as evenly as allowed; you choose the split next)"
    return [(f"{number}. {unit.name} attacks {e.name} in close combat ({n} dice){how}: Doom",
             attack_odds(game, unit, e, n, attacks.COMBAT)) for e, n in zip(enemies, split, strict=True)]


# ----------------------------------------------------------------------------- measure


def measure(game: Game, player: str, a_name: str, b_name: str) -> str:
    state = game.state
    a, b = find_unit(game, a_name), find_unit(game, b_name)
    if not (a.in_play and b.in_play):
        raise SkirmishError("both units must be on the table")
    lines = [f"{a.name} ({a.id}) to {b.name} ({b.id}):",
             f"  closest distance {measuring.gap(a, b):.2f}\", from {_of(a.name)} front edge centre "
             f"{measuring.range_to(a, b):.2f}\""]
    sight = measuring.has_los(state, a, b)
    lines.append(f"  line of sight: {'yes' if sight else 'no'}" +
                 (f"; cover: {'yes' if measuring.in_cover(state, a, b) else 'no'}" if sight else ""))
    if a.has("Ranged"):
        rng = stats.shot_range(game, a)
        lines.append(f"  range {rng:g}\": {'in range' if measuring.range_to(a, b) <= rng else 'out of range'}")
    from skirmish.geometry import closest_edge, touching

    if touching(a.rect, b.rect):
        lines.append(f"  engaged: {b.name} touches {_of(a.name)} {measuring.contact_side(a, b)}, "
                     f"{a.name} touches {_of(b.name)} {measuring.contact_side(b, a)}")
    else:
        lines.append(f"  {a.name} faces {_of(b.name)} {closest_edge(b.rect, a.rect.front_centre)} edge")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- summaries


def brief(game: Game, player: str | None, *, screen: bool = False) -> str:
    """The status in a few lines: the terminal's (wrapped at 80 columns, naming its ``show`` command), or with
    ``screen`` a browser panel's (long lines left for the panel to wrap, no terminal command)."""
    state = game.state
    sc = game.ruleset.scenarios.get(state.scenario)
    when = f"Round {game.round} {game.phase}" if game.round else "Set-up"
    what = f"scenario {sc.name}" if sc is not None else ("solo" if state.scenario else "scenario not yet rolled")
    lines = [f"{when} | First Player {state.first or 'not yet decided'} | {what}"]
    lines += _how_won(game, sc, None if screen else 80)
    if game.phase == "Movement":
        lines.append("To fight: end a move touching an enemy" + ("" if screen else " (help engage)")
                     + "; menus name who is in reach")
    for more in reversed(expansions.call(game, "hobgoblin_brief", player=player)):
        lines += more  # (team play)
    for p, s in state.sides.items():
        units = state.of(p)
        hand = s.hand.view(player)
        held = attacks.counted(len(hand) if isinstance(hand, list) else int(hand), "card")
        lines.append(f"{p}: {attacks.counted(len(units), 'unit')}, {sum(u.points for u in units)} pts, "
                     f"Mercury {s.mercury}, VP {s.vp}, {held}")
        cells = []
        for u in units:
            if screen:  # one unit a line, in words: the panel is narrow and the table is drawn beside it
                said = [word for word, on in (("Broken", u.has(stats.BROKEN)), ("Distracted", u.has(stats.DISTRACTED)),
                                              ("engaged", measuring.engaged(state, u))) if on]
                lines.append(f"  {u.id} {u.name}: Doom {u.doom}/{stats.break_point(game, u)}"
                             + "".join(f", {word}" for word in said))
                continue
            flags = "".join(f for f, k in (("B", stats.BROKEN), ("D", stats.DISTRACTED)) if u.has(k))
            flags += "E" if measuring.engaged(state, u) else ""
            cells.append(f"{u.id:<4}{u.name[:15]:<15} {u.doom:>2}/{stats.break_point(game, u):<2} {flags:<3}"
                         f"{u.x:>3.0f},{u.y:<3.0f}")
        lines += ["  " + "  ".join(cells[i:i + 2]).rstrip() for i in range(0, len(cells), 2)]
    if screen:
        if any(state.of(p) for p in state.sides):
            lines.append("  (Doom/the Doom that breaks it)")
        return "\n".join(lines)
    if any(state.of(p) for p in state.sides):
        lines.append(f"  (Doom/Broken at; B Broken, D Distracted, E engaged; x,y inches{TERMINAL_HINT})")
    return "\n".join(lines[:22])


def _how_won(game: Game, sc: Any, width: int | None) -> list[str]:
    """How this battle is won (three lines of ``width`` at most; one line without a width), then the score so far
    on lines of its own."""
    import textwrap

    state = game.state
    if sc is None:
        return []
    win = sc.how_to_win()
    counted = expansions.first(game, "hobgoblin_scores")  # (team play: by team)
    if counted:
        score = ", ".join(f"{who} {vp} VP" for who, vp in counted)
    elif sc.final == "bloodbath":
        score = ", ".join(f"{p} {sum(u.points for u in state.of(p))} pts" for p in state.sides) + " in play"
    else:
        score = ", ".join(f"{p} {s.vp} VP" for p, s in state.sides.items())
    now = f"Now: {score}."  # a line of its own: it changes as the battle goes, the aim does not
    if not win:
        return [now]
    if width is None:
        return [f"To win: {win}", now]
    lines = textwrap.wrap(f"To win: {win}", width, subsequent_indent="  ", break_on_hyphens=False)
    if len(lines) > 3:
        return textwrap.wrap(f"Now: {score} (help {sc.name}: how it is won).", width, break_on_hyphens=False)
    return [*lines, *textwrap.wrap(now, width, subsequent_indent="  ", break_on_hyphens=False)]


def final_summary(game: Game, player: str | None) -> str:
    state = game.state
    result = game.result
    if result is None:
        return ""
    import textwrap

    lines = [f"Result: {result.reason}"]
    lines += [e.text for e in game.log if e.kind == "vp" and e.data.get("team")]  # team play: each objective's VP
    for p in state.sides:
        gone = [u for u in state.units.values() if u.side == p and u.status == "removed"]
        left = state.of(p)
        lines.append(f"{p}: {attacks.counted(len(left), 'unit')} left ({sum(u.points for u in left)} pts); lost "
                     + (", ".join(f"{u.name} (round {u.removed_round})" for u in gone) or "nothing"))
    moments = [e.text for e in game.log if e.kind in ("broken", "removed")][-8:]
    if moments:
        lines.append("Key moments: " + "; ".join(moments))
    lines = [wrapped for line in lines for wrapped in textwrap.wrap(line, 80, subsequent_indent="  ")]
    from skirmish_hobgoblin.render import text_map

    lines += text_map(game, 72, 18)
    return "\n".join(lines)
