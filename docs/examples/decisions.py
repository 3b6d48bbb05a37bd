"""Decisions: a finite choice with Option.data and context, and a form of each field kind."""

from __future__ import annotations

from skirmish import Decision, Option, Param, choose

# A finite decision: each Option has a value (what is saved), a label (for people) and data (for agents).
shoot = choose(
    "Red", "target", "Red, shoot at whom?",
    [Option("shoot:u7", "shoot the Wolves (3 dice, 4+)", data={"action": "shoot", "actor": "u3", "target": "u7",
                                                              "dice": 3, "need": 4}),
     Option("hold", "hold fire", data={"action": "hold", "actor": "u3"})],
    rule="Shooting", context={"actor": "u3", "action": "shoot", "targets": ["u7"], "phase": "Shooting"})
assert shoot.check(None, "hold") == ("hold", None)
assert shoot.check(None, "fly")[1]  # refused, with a reason

# A form: one Param per field. Answers are plain data (a table of field -> value).
fields = [
    Param("inches", "int", 0, 6, help="how far to advance"),
    Param("speed", "float", 0.5, 2.0, step=0.5),
    Param("charge", "bool"),
    Param("stance", "choice", choices=("attack", "defend")),
    Param("dropped", "subset", 0, 2, choices=("sword", "shield", "lamp")),  # 0 to 2 distinct items
    Param("dice", "assign", total=5, high=4, choices=("u7", "u8")),          # 5 dice shared, at most 4 each
    Param("at", "point", bounds=(0, 0, 48, 48), step=0.5),                   # {"x", "y"} on the table
    Param("pose", "pose", bounds=(0, 0, 48, 48)),                            # {"x", "y", "facing"}
]


def no_charge_at_zero(game, answer):
    """A validator says why a combination is refused (None when it is fine)."""
    return "a charge must move" if answer["charge"] and answer["inches"] == 0 else None


move = Decision("Red", "move", "Red, move the Wolves", params=fields, validator=no_charge_at_zero,
                examples=({"inches": 3, "speed": 1.0, "charge": False, "stance": "attack", "dropped": [],
                           "dice": {"u7": 3, "u8": 2}, "at": {"x": 1, "y": 1}, "pose": {"x": 1, "y": 1,
                                                                                         "facing": 90}},),
                rule="Movement", context={"actor": "u3"})

answer = {"inches": "4", "speed": 1.2, "charge": "yes", "stance": "defend", "dropped": "lamp, sword",
          "dice": {"u7": 4, "u8": 1}, "at": "10,1", "pose": [10, 1, 450]}
value, refusal = move.check(object(), answer)  # any game object: this validator does not look at it
assert refusal is None, refusal
assert value == {"inches": 4, "speed": 1.0, "charge": True, "stance": "defend", "dropped": ["lamp", "sword"],
                 "dice": {"u7": 4, "u8": 1}, "at": {"x": 10.0, "y": 1.0}, "pose": {"x": 10.0, "y": 1.0,
                                                                                    "facing": 90.0}}
assert move.check(None, {**answer, "dice": {"u7": 5}})[1] == "dice: at most 4 to u7"
assert move.check(None, {**answer, "dice": {"u7": 2}})[1] == "dice must add up to 5 (these add up to 2)"
assert move.check(object(), {**answer, "inches": 0})[1] == "a charge must move"
print(move.describe())
