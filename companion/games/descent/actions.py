"""The table's inputs when no die or choice is awaited: attacks, templates, turns, moves, doors and the
overlord's treachery — each checked (who, where, which dice) before anything changes."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from companion.core import numbers
from companion.core.flow import Act, Arg, Layer, Rejection, reject
from companion.core.messages import Plural, named, named_in
from companion.games.descent import attack, templates, treachery, upkeep
from companion.games.descent.data import POWER_DICE
from companion.games.descent.grid import MAX_SIDE, SIDES, Cell, Figure, adjacent, edge, parse_cell
from companion.games.descent.play import DICE, Play, given
from companion.games.descent.state import Attack, Mode, Treachery


def perform(g: Play, inp: Act) -> Rejection | None:
    handler = _HANDLERS.get(inp.action)
    if handler is None:
        return reject("unknown-action", Layer.MALFORMED, "R-DW-15", "{action} is not something the referee does: "
                      "attack, breath, lightning, start_turn, overlord, move, door or treachery.",
                      action=given(inp.action))
    return handler(g, inp)


def offered(g: Play) -> dict[str, list[str]]:
    """The actions the table may take now, each with its targets: only what some input would make happen
    (an attack on a figure some other can attack, a template some figure can lay, a door where the map has
    one); a figure's turn, move or attack only while a figure lives."""
    alive = [f for f in g.s.figures if f.alive]
    board = g.board()
    armed = [f for f in alive if f.dice]
    out: dict[str, list[str]] = {
        "attack": [t.id for t in alive if any(f is not t and (not f.melee or adjacent(board, f, t)) for f in armed)],
        "start_turn": [f.id for f in alive], "move": [f.id for f in alive]}
    out = {a: targets for a, targets in out.items() if targets}
    for spec in g.d.templates.values():
        if templates.layable(board, spec, armed):
            out[spec.id] = []
    if g.s.map.doors:
        out["door"] = []
    return {**out, "overlord": [], "treachery": []}


def _figure(g: Play, fid: str | None, role: str) -> Figure | Rejection:
    f = g.s.figure(fid or "")
    if f is None:
        return reject("unknown-figure", Layer.MALFORMED, "Map", "No figure {figure} is on the map ({role}).",
                      figure=given(str(fid)), role=role)
    if not f.alive:
        return reject("figure-dead", Layer.ILLEGAL, "Map", "{figure} has been killed.", figure=g.name(f.id))
    return f


def _power(g: Play, args: dict[str, Arg]) -> list[str] | Rejection:
    text = str(args.get("power", "")).strip()
    dice = [d.strip() for d in text.split(",") if d.strip()] if text else []
    for die in dice:
        if die not in g.d.dice:
            return reject("unknown-die", Layer.MALFORMED, DICE, "There is no {given} among the dice: red, blue, "
                          "white, green, yellow, black.", given=given(die))
        if die not in POWER_DICE:
            return reject("not-power-die", Layer.ILLEGAL, DICE, "The {die} is not a power die (green, yellow, "
                          "black).", die=g.die(die))
    return dice


def _pool(g: Play, attacker: Figure, args: dict[str, Arg]) -> list[str] | Rejection:
    extra = _power(g, args)
    if isinstance(extra, Rejection):
        return extra
    dice = [*attacker.dice, *extra]
    if attack.power_count(dice) > attack.MAX_POWER:
        return reject("too-many-power-dice", Layer.ILLEGAL, DICE, Plural(
            "{count} power die: an attack rolls at most 5.", "{count} power dice: an attack rolls at most 5.", "count"),
            count=attack.power_count(dice))
    if not dice:
        return reject("no-dice", Layer.ILLEGAL, DICE, "{figure} has no attack dice.", figure=g.name(attacker.id))
    return dice


def _attack(g: Play, inp: Act) -> Rejection | None:
    attacker = _figure(g, inp.actor, "the attacker")
    if isinstance(attacker, Rejection):
        return attacker
    target = _figure(g, inp.target, "the target")
    if isinstance(target, Rejection):
        return target
    if target.id == attacker.id:
        return reject("self-target", Layer.ILLEGAL, "Map", "A figure does not attack itself.")
    dice = _pool(g, attacker, inp.args)
    if isinstance(dice, Rejection):
        return dice
    mode: Mode = "melee" if attacker.melee else "ranged"
    if mode == "melee" and not adjacent(g.board(), attacker, target):
        return reject("not-adjacent", Layer.ILLEGAL, "R-DW-16", "{attacker} attacks in melee: {target} is not "
                      "adjacent.", attacker=g.name(attacker.id), target=g.name(target.id))
    a = Attack(attacker=attacker.id, mode=mode, targets=[target.id], dice=dice,
               dodgers=[target.id] if "dodge" in target.abilities else [])
    g.s.attack = a
    g.say("attack", DICE, "{attacker} attacks {target} ({mode}).", attacker=g.name(attacker.id),
          target=g.name(target.id), mode=_MODES[mode])
    attack.build_pool(g, a, attacker, target)
    return None


_MODES = {"melee": named("melee"), "ranged": named("ranged"), "breath": named("breath"),
          "lightning": named("lightning")}


NUMBERS: dict[str, tuple[int, int]] = {
    "x": (-MAX_SIDE, 2 * MAX_SIDE), "y": (-MAX_SIDE, 2 * MAX_SIDE), "turn": (0, 270), "flip": (0, 1),
    "open": (0, 1), **{kind: (0, treachery.MAX_POINTS) for kind in treachery.KINDS},
    **{f"spend_{kind}": (-treachery.MAX_POINTS, treachery.MAX_POINTS) for kind in treachery.KINDS}}
"""The acts' whole-number arguments and their bounds (a template's anchor may lie off the map, to be refused
there; a negative spend is refused as overspent): beyond them, or not a whole number, is malformed."""


def _int(args: dict[str, Arg], key: str, default: int = 0) -> int | None:
    return numbers.whole(args.get(key, default), *NUMBERS[key])


def lay(g: Play, inp: Act) -> tuple[Figure, set[Cell], list[str]] | Rejection:
    """The attacker, the squares a template reaches and the figures it affects, or why it cannot lie there;
    changes nothing, so a screen may show a template as a finger moves it before the attack is made."""
    attacker = _figure(g, inp.actor, "the attacker")
    if isinstance(attacker, Rejection):
        return attacker
    spec = g.d.templates[inp.action]
    x, y, turn, flip = (_int(inp.args, k) for k in ("x", "y", "turn", "flip"))
    if x is None or y is None or turn not in templates.TURNS or flip not in (0, 1):
        return reject("bad-placement", Layer.MALFORMED, "R-DW-9", "Place the template with x, y, turn (0, 90, 180 "
                      "or 270) and flip (0 or 1).")
    p = templates.Placement(anchor=(x, y), turn=turn, flip=bool(flip))
    board = g.board()
    if not all(board.on_grid(c) for c in templates.squares(spec, p)):
        return reject("template-off-grid", Layer.ILLEGAL, "R-DW-9", "The {template} does not lie wholly on the "
                      "map.", template=spec.named())
    starts = templates.origins(board, spec, p, attacker)
    if not starts:
        return reject("template-not-against", Layer.ILLEGAL, "R-DW-9", "The {template} must start against "
                      "{attacker}, with no wall or closed door between.", template=spec.named(),
                      attacker=g.name(attacker.id))
    reached = templates.reach(board, spec, p, starts)
    return attacker, reached, templates.affected(board, reached, g.s.figures, attacker.id)


def _template(g: Play, inp: Act) -> Rejection | None:
    laid = lay(g, inp)
    if isinstance(laid, Rejection):
        return laid
    attacker, reached, targets = laid
    dice = _pool(g, attacker, inp.args)
    if isinstance(dice, Rejection):
        return dice
    spec = g.d.templates[inp.action]
    g.say("template", "p. 6" if spec.id == "lightning" else "p. 7",
          Plural("The {template} reaches {squares} and affects {count} figure: {names}.",
                 "The {template} reaches {squares} and affects {count} figures: {names}.", "count"),
          {"targets": targets, "reached": [f"{c[0]},{c[1]}" for c in sorted(reached)]},
          template=spec.named(), squares=named(Plural("{n} square", "{n} squares"), n=len(reached)),
          count=len(targets), names=g.names(targets))
    if not targets:
        return None
    mode: Mode = "lightning" if spec.id == "lightning" else "breath"
    a = Attack(attacker=attacker.id, mode=mode, targets=targets, dice=dice, reached=sorted(reached),
               dodgers=[t for t in targets if "dodge" in g.fig(t).abilities])
    g.s.attack = a
    attack.build_pool(g, a, attacker, None)
    return None


def _start_turn(g: Play, inp: Act) -> Rejection | None:
    f = _figure(g, inp.actor, "whose turn begins")
    if isinstance(f, Rejection):
        return f
    upkeep.start_turn(g, f.id)
    return None


def _overlord(g: Play, inp: Act) -> Rejection | None:
    upkeep.start_overlord(g)
    return None


def _move(g: Play, inp: Act) -> Rejection | None:
    f = _figure(g, inp.actor, "the one moving")
    if isinstance(f, Rejection):
        return f
    to = parse_cell(inp.target or "")
    if to is None:
        return reject("bad-square", Layer.MALFORMED, "Map", "A square is written x,y (as 3,4).")
    board = g.board()
    for sq in msgspec.structs.replace(f, at=to).squares():
        if not board.floor(sq):
            return reject("off-map", Layer.ILLEGAL, "Map", "{square} is off the map or solid rock.",
                          square=f"{sq[0]},{sq[1]}")
        if board.occupant.get(sq, f.id) != f.id or sq in board.boulders:
            return reject("occupied", Layer.ILLEGAL, "Map", "{square} is taken.", square=f"{sq[0]},{sq[1]}")
    f.at = to
    g.say("moved", "R-DW-15", "{figure} is now at {square}.", figure=g.name(f.id), square=f"{to[0]},{to[1]}")
    return None


def _door(g: Play, inp: Act) -> Rejection | None:
    at = parse_cell(inp.target or "")
    side = str(inp.args.get("side", ""))
    wanted = _int(inp.args, "open", 1)
    if at is None or side not in SIDES or wanted not in (0, 1):
        return reject("bad-door", Layer.MALFORMED, "Map", "A door is named by its square (x,y) and side "
                      "(n, e, s or w), with open 1 or 0.")
    door = next((d for d in g.s.map.doors if edge(d.at, d.side) == edge(at, side)), None)
    if door is None:
        return reject("no-door", Layer.ILLEGAL, "Map", "There is no door on side {side} of {square}.", side=side,
                      square=f"{at[0]},{at[1]}")
    door.open = bool(wanted)
    g.say("door", "Map", "The door at {square} is now {state}.", square=f"{at[0]},{at[1]}",
          state=named("open") if door.open else named("closed"))
    return None


def _treachery(g: Play, inp: Act) -> Rejection | None:
    have: dict[str, int] = {}
    spend: dict[str, int] = {}
    for kind in treachery.KINDS:
        h, s = _int(inp.args, kind), _int(inp.args, f"spend_{kind}")
        if h is None or s is None or h < 0:
            return reject("bad-treachery", Layer.MALFORMED, "p. 4", "Treachery is given as whole numbers: event, "
                          "trap, monster and spend_event, spend_trap, spend_monster.")
        have[kind], spend[kind] = h, s
    over = treachery.overspent(have, spend)
    if over is not None:
        return reject("overspent", Layer.ILLEGAL, "p. 4", Plural(
            "The overlord has {have} {kind} treachery and cannot spend {spend}: each card is paid with its own kind.",
            "The overlord has {have} {kind} treachery and cannot spend {spend}: each card is paid with its own kind.",
            "have"), have=have[over], spend=spend[over], kind=_KINDS[over])
    p = treachery.plan(have, spend, g.s.overlord_hand)
    g.s.treachery = Treachery(left=p.left, extra=p.extra, hand=p.hand)
    left = " + ".join(str(p.left[k]) for k in treachery.KINDS)
    g.say("treachery", "R-DW-14", Plural(
        "Treachery left: {left} = {total}; {total} ÷ 2 = {earned} extra card (an odd point is lost); starting hand "
        "{base} + {earned}, at most 8: {hand}.",
        "Treachery left: {left} = {total}; {total} ÷ 2 = {earned} extra cards (an odd point is lost); starting hand "
        "{base} + {earned}, at most 8: {hand}.", "earned"), {"hand": p.hand}, left=left,
          total=p.total_left, earned=p.total_left // treachery.POINTS_PER_CARD, base=g.s.overlord_hand, hand=p.hand)
    return None


_KINDS = {kind: named_in("treachery", kind) for kind in ("event", "trap", "monster")}

_HANDLERS: dict[str, Callable[[Play, Act], Rejection | None]] = {
    "attack": _attack, "breath": _template, "lightning": _template, "start_turn": _start_turn,
    "overlord": _overlord, "move": _move, "door": _door, "treachery": _treachery,
}
