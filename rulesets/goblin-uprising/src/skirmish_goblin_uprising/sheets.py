"""What heroes know, as plain data the rules build: a hero's sheet and the board's shared sections.

The view (:func:`skirmish_goblin_uprising.render.view_data`) shows them, and the rules hand them to the hero
with its decisions (the hero-turn menu's ``me`` and ``board``, a combat roll's ``me``), so an agent reads what
it needs from the decision's context. Nothing here is hidden from any hero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish_goblin_uprising.bookkeeping import C
from skirmish_goblin_uprising.state import TYRANT

if TYPE_CHECKING:
    from skirmish import Game
    from skirmish_goblin_uprising.state import GameState


class _Board:
    """The board sections last built for one game state, with the values they were built from: a speed cache of
    one game, kept in its ``stash`` under :data:`BOARD_KEY`. It never enters a digest, a save or a view's
    contents, and a copy of the game (a clone, or the backup taken while loaded dice are pending) starts with a
    blank one."""

    __slots__ = ("state", "tyrant_in", "tyrant", "scheme_in", "scheme", "troops_in", "damage_in", "troops",
                 "generals_in", "generals", "tokens_in", "peeked_in", "tokens", "quests_in", "quests", "sections")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.tyrant_in: tuple[Any, ...] = ()
        self.scheme_in: tuple[Any, ...] = ()
        self.troops_in: dict[str, int] | None = None
        self.damage_in: dict[str, int] | None = None
        self.generals_in: tuple[Any, ...] | None = None
        self.tokens_in: dict[str, str] | None = None
        self.peeked_in: list[str] | None = None
        self.quests_in: tuple[Any, ...] | None = None
        self.tyrant: dict[str, Any] = {}
        self.scheme: dict[str, Any] = {}
        self.troops: dict[str, Any] = {}
        self.generals: dict[str, Any] = {}
        self.tokens: dict[str, str] = {}
        self.quests: dict[str, str] = {}
        self.sections: dict[str, Any] = {}

    def __copy__(self) -> _Board:
        return _Board(None)

    def __deepcopy__(self, _memo: Any) -> _Board:
        return _Board(None)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Board, (None,))


BOARD_KEY = "goblin-uprising.board"


def board_view(game: Game, *, unchanged: bool = False) -> dict[str, Any]:
    """The view's shared board sections: ``tyrant``, ``scheme``, ``troops``, ``generals``, ``tokens``, ``quests``
    (and ``track``, the track's length).

    Each section is built again only when a value it shows changed (compared with the values it was built from;
    dicts the rules only add to or delete from compare in order where order can change), else the same dict is
    handed out again, and the whole mapping is the same dict while no section changed. Views and hero-turn
    decisions share them: nobody may change a view's dicts. ``unchanged``: the caller knows that nothing a section
    shows changed since the last call for this state (a hero's quiet action in between): the sections last built
    are handed out without comparing.
    """
    s: GameState = game.state
    cache = game.stash.get(BOARD_KEY)
    if unchanged and cache is not None and cache.state is s and cache.sections:
        return cache.sections  # type: ignore[no-any-return]
    if cache is None or cache.state is not s:
        cache = game.stash[BOARD_KEY] = _Board(s)
    changed = False
    tspace = s.board.where(TYRANT) or ""
    key: tuple[Any, ...] = (s.tyrant_id, s.hp, s.max_hp, s.armor, s.damage, s.aggressive, tspace, s.crowns,
                            s.behavior, s.revealed, s.oppress, s.countdown)
    c = None
    if key != cache.tyrant_in:
        c = C(game)
        t = c.tyrants[s.tyrant_id]
        cache.tyrant = {"id": t.id, "name": t.name, "hp": s.hp, "max_hp": s.max_hp, "armor": s.armor,
                        "damage": s.damage, "aggressive": s.aggressive, "space": tspace,
                        "region": c._look["space_region"].get(tspace, "") if tspace else "", "crowns": s.crowns,
                        "behavior": t.behavior(s.behavior).name if s.revealed else "hidden", "revealed": s.revealed,
                        "oppress": s.oppress, "countdown": s.countdown}
        cache.tyrant_in = key
        changed = True
    key = (s.tyrant_id, s.scheme, s.progress, s.kills_round)
    if key != cache.scheme_in:
        c = c or C(game)
        cache.scheme = (_scheme_view(game, c.memo, c.tyrants[s.tyrant_id], s.scheme, s.progress, s.kills_round)
                        if s.scheme else {})
        cache.scheme_in = key
        changed = True
    troops, damage = s.troops, s.troop_damage  # keys are only ever added: equal dicts list them in the same order
    if troops != cache.troops_in or damage != cache.damage_in:
        c = c or C(game)
        specs, regions = c.troops, c._look["troop"]
        cache.troops = {k: {"count": n, "damage": damage.get(k, 0), "hp": specs[k].hp, "region": regions[k]}
                        for k, n in troops.items() if n}
        cache.troops_in, cache.damage_in = dict(troops), dict(damage)
        changed = True
    generals = tuple(s.generals.items())  # generals leave and come back: compared in order
    if generals != cache.generals_in:
        c = c or C(game)
        gen_specs = c.generals
        cache.generals = {g: {"damage": d, "hp": gen_specs[g].hp, "region": gen_specs[g].region}
                          for g, d in generals}
        cache.generals_in = generals
        changed = True
    tokens, peeked = s.tokens, s.peeked  # tokens are only ever taken away after set-up
    if tokens != cache.tokens_in or peeked != cache.peeked_in:
        cache.tokens = {sp: (tok if sp in peeked else "hidden") for sp, tok in tokens.items()}
        cache.tokens_in, cache.peeked_in = dict(tokens), list(peeked)
        changed = True
    quests = tuple(s.quests.items())  # quests come and go: compared in order
    if quests != cache.quests_in:
        cache.quests = dict(quests)
        cache.quests_in = quests
        changed = True
    if changed or not cache.sections:
        c = c or C(game)
        cache.sections = {"tyrant": cache.tyrant, "track": len(c.tyrants[s.tyrant_id].track), "scheme": cache.scheme,
                          "troops": cache.troops, "generals": cache.generals, "tokens": cache.tokens,
                          "quests": cache.quests}
    return cache.sections


def hero_view(h: Any, space: str, region: str) -> dict[str, Any]:
    """One hero as the view shows it (also handed to the hero with each hero-turn decision)."""
    return {"class": h.cls, "tribe": h.tribe, "hp": h.hp, "max_hp": h.max_hp, "essence": h.essence,
            "max_essence": h.max_essence, "leadership": h.leadership, "renown": h.renown,
            "hand": list(h.hand.cards), "abilities": list(h.abilities), "tribe_ready": h.tribe_ready,
            "guardian": h.guardian, "pet": h.pet, "space": space, "region": region,
            "village": h.village, "removed": h.removed, "fury": h.fury, "ambush": h.ambush,
            "falls": h.falls}


def _scheme_view(game: Game, memo: dict[Any, Any], t: Any, sid: str, progress: int, kills: int) -> dict[str, Any]:
    """The active scheme as the view shows it (its fixed part built once per content set and Tyrant)."""
    key = ("scheme-view", t.id, sid)
    fixed = memo.get(key)
    if fixed is None:
        from skirmish_goblin_uprising.tyranny import goal_text

        scheme = t.scheme(sid)
        fixed = memo[key] = {"id": scheme.id, "name": scheme.name, "goal": scheme.goal.condition,
                             "n": scheme.goal.n, "region": scheme.goal.region, "text": goal_text(game, scheme.goal)}
    return {**fixed, "progress": progress, "kills_round": kills}
