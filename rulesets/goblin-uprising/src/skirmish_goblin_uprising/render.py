"""What players see: the view (plain data), the text map and hero sheets, a brief status, the end summary,
the glossary (the SVG board is picture.py's).

Hidden from every hero: the face-down behavior card, the order of the decks and face-down exploration tokens
(tokens the heroes have looked at are shown to all: co-op table talk is open).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any, cast

from skirmish import SkirmishError, counted
from skirmish_goblin_uprising.bookkeeping import C, a_name, region_at, target_name, tyrant
from skirmish_goblin_uprising.sheets import board_view, hero_view
from skirmish_goblin_uprising.state import TYRANT

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.state import GameState


def track_preview(game: Game, n: int = 3) -> list[str]:
    s: GameState = game.state
    t = tyrant(game)
    out = []
    for i in range(s.marker, min(s.marker + n, len(t.track))):
        space = t.track[i]
        what = ", ".join(_tyranny_text(game, e) for e in space.effects) or "no effect"
        out.append(f"{i + 1}: {counted(space.rolls, 'reinforcement')}; {what}")
    if s.marker >= len(t.track):
        out.append("end of the track: every move repeats the last space")
    return out


def _tyranny_text(game: Game, e: Any) -> str:
    n = e.amount()
    c = C(game)
    general = ("a random general" if e.general == "random"
               else f"the {c.generals[e.general].name}" if e.general in c.generals else f"the {e.general} General")
    troop = c.troops[e.troop].name[:-1] if e.troop in c.troops else e.troop
    names = {"spawn_general": f"spawn {general}",
             "discard_all": f"every hero discards {n} goblin", "aggressive": "the Tyrant turns Aggressive",
             "reveal_behavior": "reveal the behavior card", "lose_renown_all": f"every hero loses {n} Renown",
             "oppress": "Oppress becomes active", "armor": f"+{n} Royal Armor", "tyrant_heal": f"the Tyrant heals {n}",
             "damage_all": f"{n} damage to every hero", "drain_all": f"every hero loses {n} Essence",
             "spawn_home": f"spawn {counted(n, 'troop')} at home", "spawn_random": counted(n, "reinforcement"),
             "spawn_troop": f"spawn {a_name(troop)}",
             "damage_region": f"{n} damage to heroes in {c.region_name(e.region) if e.region else 'there'}",
             "quest": "place a Quest token", "heal_full": "the Tyrant heals to full", "flight": "the Tyrant flees",
             "countdown": f"lose after {n} more marker moves", "spawn_all_generals": "every general spawns",
             "undying": "the Tyrant must fall twice", "damage_ring": f"{n} damage around", "discard_region":
             f"heroes there discard {n}"}
    return names.get(e.effect, e.effect)


def view_data(game: Game, player: str | None) -> dict[str, Any]:
    """The view every hero shares (no hidden information in it; ``player`` does not change it)."""
    s: GameState = game.state
    regions = C(game)._look["space_region"]
    where = s.board.where
    heroes = {}
    for hid in s.order:
        space = where(hid) or ""
        heroes[hid] = hero_view(s.heroes[hid], space, regions.get(space, ""))
    board = board_view(game)
    return {
        "content": str(game.setup.get("content", "")),
        "round": game.round,
        "tyrant": board["tyrant"],
        "track": {"marker": s.marker, "length": board["track"]},
        "scheme": board["scheme"],
        "schemes_left": len(s.schemes.draw_pile), "foiled": list(s.foiled),
        "heroes": heroes,
        "troops": board["troops"],
        "generals": board["generals"],
        "tokens": board["tokens"],
        "quests": board["quests"],
        "decks": {"goblins": len(s.goblins.draw_pile), "adventures": len(s.adventures.draw_pile)},
        "turn": {"hero": s.turn.hero, "actions": s.turn.actions} if s.turn else {},
        "combat": {"hero": s.combat.hero, "target": s.combat.target, "dice": list(s.combat.dice),
                   "converted": s.combat.converted, "uprisings": s.combat.uprisings} if s.combat else {},
    }


# ----------------------------------------------------------------------------- text


def _hero_line(game: Game, hid: str) -> str:
    s: GameState = game.state
    c = C(game)
    h = s.heroes[hid]
    if h.removed:
        return f"{hid}: removed from the game"
    if not h.cls:
        return f"{hid}: still choosing a class"
    cls = c.classes[h.cls].name if h.cls else "?"
    where = c.space_name(s.board.where(hid) or "") if s.board.where(hid) else "-"
    return (f"{hid} {cls} @ {where}: HP {h.hp}/{h.max_hp} Ess {h.essence}/{h.max_essence} Ren {h.renown} "
            f"L{h.leadership} hand {len(h.hand)}")


def hero_sheet(game: Game, hid: str) -> str:
    s: GameState = game.state
    c = C(game)
    h = s.heroes[hid]
    if not h.cls:
        return f"{hid}: (not chosen yet)"
    cls = c.classes[h.cls]
    from skirmish_goblin_uprising.combat import effect_text
    from skirmish_goblin_uprising.explain import ability_text, guardian_passive_text, passive_text, pet_text
    from skirmish_goblin_uprising.turns import guardian_text, tribe_text, turn_text

    lines = [_hero_line(game, hid)]
    lines.append(f"  passive: {passive_text(cls.passive)}" + (f" (Fury {h.fury})" if cls.passive == "fury" else "")
                 + (f" (Ambush token {'held' if h.ambush else 'spent'})" if cls.passive == "ambush" else ""))
    for a in cls.abilities:
        mark = "*" if a.id in h.abilities else " "
        need = f" (needs {cls.ability(a.requires).name})" if a.requires else ""
        lines.append(f"  {mark} L{a.level} {a.name}: {ability_text(a, h.leadership)}{need}")
    tribe = c.tribes[h.tribe] if h.tribe else None
    if tribe:
        lines.append(f"  tribe: {tribe.name} ({'ready' if h.tribe_ready else 'exhausted'}): {tribe_text(tribe)}")
    if h.guardian:
        g = c.guardians[h.guardian]
        lines.append(f"  guardian: {g.name}: passive: {guardian_passive_text(g.passive)}; 2 actions: "
                     f"{guardian_text(g.active)}")
    if h.pet:
        lines.append(f"  pet: {c.pets[h.pet].name}: {pet_text(c.pets[h.pet])}")
    for card in h.hand.cards:
        gob = c.goblins[card]
        lines.append(f"  goblin {gob.name}: uprising {effect_text(gob.uprising, h.leadership)} | turn "
                     f"{turn_text(gob.turn, h.leadership)}")
    return "\n".join(lines)


def board_text(game: Game) -> str:
    s: GameState = game.state
    c = C(game)
    lines: list[str] = []
    rows: list[tuple[int, str, str, str, str]] = []
    for r in c.board.regions:
        bits = []
        troop = r.troop
        if s.troops.get(troop):
            bits.append(f"{s.troops[troop]}x {c.troops[troop].name} ({s.troop_damage.get(troop, 0)}/"
                        f"{c.troops[troop].hp} dmg)")
        lines.append(f"{r.name}" + (f"  [{'; '.join(bits)}]" if bits else ""))
        for sid in c.rmap.spaces_in(r.id):
            who = [o for o in s.board.occupants(sid)]
            names = [("TYRANT" if o == TYRANT else target_name(game, o) if o.startswith("general:") else o)
                     for o in who]
            marks = []
            sp = c.rmap.space(sid)
            if "spawn" in sp.tags:
                marks.append("spawn")
            if sid in s.tokens:
                marks.append(f"token:{c.tokens[s.tokens[sid]].name}" if sid in s.peeked else "token:?")
            if sid in s.quests:
                marks.append("QUEST")
            near = ", ".join(c.space_name(n) for n in c.rmap.neighbours(sid))
            rows.append((len(lines), c.space_name(sid), " ".join(names), " ".join(marks), near))
            lines.append("")
    widths = [max((len(cast(str, row[k])) for row in rows), default=0) for k in (1, 2, 3)]
    for at, name, occ, tags, near in rows:  # columns only as wide as what they hold
        cells = [f"{name:<{widths[0]}}"] + [f"{text:<{w}}" for text, w in ((occ, widths[1]), (tags, widths[2])) if w]
        lines[at] = f"  {' '.join(cells)} -> {near}"
    villages = [f"{c.space_name(v)}: {' '.join(s.board.occupants(v)) or '-'}" for v in c.villages]
    lines.append("Villages: " + "; ".join(villages))
    return "\n".join(lines)


#: the key under the text map
MAP_KEY = ("Key: h1 hero1, G:Dwarf a general, 4 Undead troops (1dmg: damage on their tile),",
           "     ? token (?Name: seen), Q Quest, . empty; (ring): linked to the next row")
MAP_CELL = 24  # the widest a map cell may be (a longer one is cut with "~")


def _short(name: str) -> str:
    """"The Tundra" -> "Tundra", "Undead Soldiers" -> "Undead"."""
    words = name.split()
    if words and words[0] == "The" and len(words) > 1:
        words = words[1:]
    return words[0] if len(words) > 1 and words[-1] in ("Soldiers", "General") else " ".join(words)


def _map_cell(game: Game, sid: str) -> str:
    """What stands on one space, in a few characters (see ``MAP_KEY``)."""
    s: GameState = game.state
    c = C(game)
    bits = []
    sp = c.rmap.space(sid)
    if "spawn" in sp.tags and sp.region:
        troop = c.region_spec(sp.region).troop
        count = s.troops.get(troop, 0)
        if count:
            dmg = s.troop_damage.get(troop, 0)
            bits.append(f"{count} {_short(c.troops[troop].name)}" + (f" {dmg}dmg" if dmg else ""))
    for o in s.board.occupants(sid):
        if o == TYRANT:
            bits.append("TYRANT")
        elif o.startswith("general:"):
            bits.append(f"G:{_short(target_name(game, o))}")
        else:
            bits.append(f"h{o[4:]}" if o.startswith("hero") and o[4:].isdigit() else o)
    if sid in s.tokens:
        bits.append(f"?{c.tokens[s.tokens[sid]].name.split()[0]}" if sid in s.peeked else "?")
    if sid in s.quests:
        bits.append("Q")
    text = " ".join(bits) or "."
    return text if len(text) <= MAP_CELL else text[:MAP_CELL - 1] + "~"


def board_map(game: Game) -> str:
    """The board as a compact text map (80 columns, 10 lines on the house board): a row per outer region, its
    spaces in columns from the edge (villages) in to the castle, each showing who and what stands there; "-" joins
    spaces of a row, "|" (or "(ring)" in a column's title) spaces of the rows above and below, the castle's row
    last. Built from the board's adjacency, so a replaced board.toml
    draws as well (links the grid cannot show are in the list that follows it in ``describe``)."""
    c = C(game)
    b = c.board
    dist = c.hops(b.throne)
    adjacent = c.rmap.adjacent
    region_of = c._look["space_region"]
    rows: list[tuple[str, dict[int, list[str]]]] = []
    for r in b.regions:
        if r.id == b.castle:
            continue
        cols: dict[int, list[str]] = {}
        for sid in c.rmap.spaces_in(r.id):
            cols.setdefault(dist.get(sid, 99), []).append(sid)
        rows.append((r.id, cols))
    index = {rid: i for i, (rid, _) in enumerate(rows)}
    for v in c.villages:  # a village sits in the row of the region next to it
        home = next((region_of.get(n, "") for n in c.rmap.neighbours(v) if region_of.get(n, "") in index), "")
        if home:
            rows[index[home]][1].setdefault(dist.get(v, 99), []).append(v)
    columns = sorted({d for _, cols in rows for d in cols}, reverse=True)
    cells = [[", ".join(_map_cell(game, sid) for sid in cols.get(d, [])) for d in columns] for _, cols in rows]

    def title(d: int) -> str:  # the word the column's spaces share ("Outer"), else nothing
        last = {c.space_name(sid).split()[-1] for _, cols in rows for sid in cols.get(d, [])}
        return last.pop() if len(last) == 1 else ""

    # links between a row and the next (the last row's next is the first): drawn as a line of "|" under the rows,
    # or, when a column links every row to the next and the others none (the house board's ring of spawns), as
    # "(ring)" in that column's title
    down = [[any(adjacent(a, z) for a in cols.get(d, []) for z in rows[(i + 1) % len(rows)][1].get(d, []))
             for d in columns] for i, (_, cols) in enumerate(rows)]
    ring = len(rows) > 2 and all(len(set(col)) == 1 for col in zip(*down, strict=True))
    heads = [title(d) + (" (ring)" if ring and down[0][k] else "") for k, d in enumerate(columns)]
    widths = [max(len(heads[k]), *(len(row[k]) for row in cells)) for k in range(len(columns))]
    labels = [_short(c.region_name(rid)) for rid, _ in rows]
    lw = max(len(x) for x in [*labels, "Castle"])
    castle = set(c.rmap.spaces_in(b.castle))
    lines = [" " * (lw + 1) + "   ".join(f"{h:<{w}}" for h, w in zip(heads, widths, strict=True)).rstrip()]
    for i, (_rid, cols) in enumerate(rows):
        line = f"{labels[i]:<{lw}} "
        for k, d in enumerate(columns):
            line += f"{cells[i][k]:<{widths[k]}}"
            if k + 1 < len(columns):
                here, there = cols.get(d, []), cols.get(columns[k + 1], [])
                line += " - " if any(adjacent(a, z) for a in here for z in there) else "   "
        inner = cols.get(columns[-1], [])
        gates = [g for g in castle if any(adjacent(a, g) for a in inner)]
        tail = f" - {', '.join(c.space_name(g) for g in gates)}" if gates else ""
        lines.append((line + tail).rstrip()[:79])
        if not ring and any(down[i]):
            links = " " * (lw + 1) + "".join(f"{'|' if on else ' ':<{widths[k]}}   " for k, on in enumerate(down[i]))
            lines.append(links.rstrip() + (f"   (to {labels[0]})" if i == len(rows) - 1 else ""))
    order = sorted(castle, key=lambda sid: -dist.get(sid, 0))  # the castle's troops show on its spawn space
    lines.append((f"{'Castle':<{lw}} " + " - ".join(f"{c.space_name(sid)}: {_map_cell(game, sid)}"
                                                      for sid in order))[:79])
    return "\n".join([*lines, *MAP_KEY])


def tyrant_text(game: Game) -> str:
    s: GameState = game.state
    t = tyrant(game)
    from skirmish_goblin_uprising.tyranny import goal_text

    lines = [f"{t.name} ({t.race} Tyrant): HP {s.hp}/{s.max_hp}  Royal Armor {s.armor}  damage {s.damage}  "
             f"{'AGGRESSIVE' if s.aggressive else 'not aggressive'}  Crowns {s.crowns}"
             + ("  OPPRESS" if s.oppress else "")]
    lines.append(f"  ability: {t.ability.name} - {t.pressure}")
    lines.append(f"  behavior card: {t.behavior(s.behavior).name if s.revealed else 'face down'}"
                 + (f" (countdown {s.countdown})" if s.countdown > 0 else ""))
    lines.append(f"  track: marker {s.marker}/{len(t.track)}; the next spaces:")
    lines += [f"    {space}" for space in track_preview(game)]
    if s.scheme:
        sc = t.scheme(s.scheme)
        progress = s.kills_round if sc.goal.condition == "kills_in_round" else s.progress
        lines.append(f"  scheme: {sc.name} - {goal_text(game, sc.goal)} (progress {progress}); "
                     f"{len(s.schemes)} more in the deck")
    else:
        lines.append("  scheme: none active")
    return "\n".join(lines)


def describe(game: Game, player: str | None) -> str:
    s: GameState = game.state
    parts = [f"Round {game.round} {game.phase}".strip(), tyrant_text(game), "Spaces and their neighbours:",
             board_text(game)]
    for hid in s.order:
        parts.append(hero_sheet(game, hid) if hid == player or player is None else _hero_line(game, hid))
    parts.append(board_map(game))  # last: what stays on the screen above the question
    return "\n".join(_fit(line) for line in "\n".join(parts).splitlines())


def _fit(line: str, width: int = 79) -> str:
    """A line of the whole picture wrapped to an 80-column terminal, its continuation indented under it."""
    if len(line) <= width:
        return line
    lead = len(line) - len(line.lstrip())
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=" " * (lead + 4), break_on_hyphens=False,
                                   break_long_words=False))


def brief(game: Game, player: str | None) -> str:
    s: GameState = game.state
    t = tyrant(game)
    head = (f"R{game.round} {t.name.split()[0]} HP {s.hp}/{s.max_hp} Armor {s.armor} track {s.marker}/"
            f"{len(t.track)}" + (" OPPRESS" if s.oppress else "") + (f" scheme: {t.scheme(s.scheme).name}"
                                                                       if s.scheme else ""))
    lines = [head[:79]]
    for hid in s.order:
        lines.append(_hero_line(game, hid)[:79])
    return "\n".join(lines)


def final_summary(game: Game, player: str | None) -> str:
    s: GameState = game.state
    res = game.result
    names = {"Tyrant": "the Tyrant", "heroes": "the heroes"}
    winners = ", ".join(names.get(w, w) for w in res.winners) if res else ""
    verb = "wins" if res and len(res.winners) == 1 and res.winners[0] != "heroes" else "win"
    lines = [f"Game over after {counted(game.round, 'round')}: " + (f"{winners} {verb} - {res.reason}" if res else
                                                            "not finished")]
    lines.append(f"Tyrant HP {s.hp}/{s.max_hp}, Royal Armor {s.armor}, schemes foiled {len(s.foiled)}, "
                 f"marker {s.marker}/{len(tyrant(game).track)}")
    for hid in s.order:
        h = s.heroes[hid]
        cls = C(game).classes[h.cls].name if h.cls else "no class"
        lines.append(f"  {hid} ({cls}): {h.kills} enemies defeated, {counted(h.falls, 'fall')}, Renown {h.renown}"
                     + (", removed" if h.removed else ""))
    lines.append("Key moments:")
    lines += [f"  {m.replace('(hero:', '(')}" for m in s.moments[-12:]]
    return "\n".join(lines)


def measure(game: Game, a: str, b: str) -> str:
    """How many Move 1 actions separate two pieces or spaces, and whether they share a region."""
    s: GameState = game.state
    c = C(game)

    def locate(name: str) -> str:
        if name in c.rmap:
            return name
        if name.startswith("troop:") and name[6:] in c.troops:
            return c.spawn_space(c.region_of_troop(name[6:]))
        space = s.board.where(name)
        if space is None:
            raise SkirmishError(f"no piece or space called '{name}' on the board (heroes, tyrant, general:ID, "
                                "troop:ID or a space id)")
        return space

    sa, sb = locate(a), locate(b)
    moves = c.rmap.distance(sa, sb)
    ra, rb = region_at(game, sa), region_at(game, sb)
    same = "same region: they can fight" if ra and ra == rb else "different regions"
    return f"{a} ({c.space_name(sa)}) to {b} ({c.space_name(sb)}): {counted(moves, 'move')}; {same}"
