"""A hero's turn (rulebook "Your turn"): 4 actions, and what each action may do now.

`options` lists every action the active hero may take now with its legal targets (the screen draws
its buttons from it); `check` says why an action is refused, before anything changes; `perform` does it.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.flow import Act, Layer, Rejection, reject
from companion.core.messages import Listed, Named, Plural, named, named_in
from companion.games.covenant import combat, death, explore, labels, loot, movement, rounds, traits
from companion.games.covenant.play import Play
from companion.games.covenant.state import DrawStep, Hero

ACTION_NAMES = {
    "move": named_in("action", "Move"), "attack": named_in("action", "Attack"),
    "fireball": named_in("action", "Fireball"), "reveal": named_in("action", "Open a door"),
    "open_chest": named_in("action", "Open a chest"), "drink": named_in("action", "Drink a potion"),
    "trade": named_in("action", "Trade"), "revive": named_in("action", "Revive"),
    "pickup": named_in("action", "Pick up"), "buy": named_in("action", "Buy from the Merchant"),
    "end": named_in("action", "End turn"),
}


def reveal_targets(g: Play, hero: Hero) -> list[str]:
    if explore.reveal_blocked(g):
        return []
    here = hero.space
    around = g.board.links[here]
    return [slot for slot in g.s.board.unrevealed if slot == here or slot in around]


def pickup_targets(g: Play, hero: Hero) -> list[str]:
    out: list[str] = []
    for pile in g.s.piles:
        if pile.space != hero.space:
            continue
        out += [k for k in ("gold", "equipment", "potions") if getattr(pile, k)]
        out += [f"shard:{s}" for s in pile.shards]
        if pile.covenant:
            out.append("covenant")
    return sorted(set(out))


def trade_targets(g: Play, hero: Hero) -> list[str]:
    here = hero.space
    around = g.board.links[here]
    return [h.id for h in g.s.heroes.values()
            if h is not hero and (h.space == here or h.space in around) and _gives(g, hero, h)]


def _gives(g: Play, hero: Hero, receiver: Hero) -> bool:
    """Whether `hero` has anything `receiver` may take (§Loot and treasure, R-LOOT-2, R-LOOT-4): a trade
    giving nothing is refused, so it is not offered."""
    return bool(hero.gold or hero.shards or (hero.potions and len(receiver.potions) < loot.POTION_SLOTS)
                or any((item := getattr(hero, slot)) is not None and getattr(receiver, slot) is None
                       and loot.can_use(g, receiver, item) for slot in ("weapon", "armour", "accessory")))


def revive_targets(g: Play, hero: Hero) -> list[str]:
    if g.s.actions < death.REVIVE_ACTIONS and hero.gold < g.d.gold["revive"].cost:
        return []
    return [h.id for h in g.s.heroes.values() if h.fallen and g.board.adjacent(hero.space, h.space)]


def revive_payment(g: Play, act: Act) -> str:
    """How a revive is paid: as the player said, else 2 actions when there are 2 left, else 6 gold."""
    return str(act.args.get("pay", "actions" if g.s.actions >= death.REVIVE_ACTIONS else "gold"))


def buy_targets(g: Play, hero: Hero) -> list[str]:
    if g.s.board.merchant != hero.space:
        return []
    return [k for k in ("merchant_heal", "merchant_equipment") if hero.gold >= g.d.gold[k].cost]


def fireball_targets(g: Play, hero: Hero) -> list[str]:
    if g.d.heroes[hero.id].ability != "fireball" or hero.fireball_used:
        return []
    return combat.targets_in_range(g, hero)


TARGETS: dict[str, Callable[[Play, Hero], list[str]]] = {
    "move": movement.targets,
    "attack": combat.targets_in_range,
    "fireball": fireball_targets,
    "reveal": reveal_targets,
    "open_chest": lambda g, h: [h.space] if g.s.board.chests.get(h.space, 0) > 0 else [],
    "drink": lambda g, h: sorted(set(h.potions)),
    "trade": trade_targets,
    "pickup": pickup_targets,
    "revive": revive_targets,
    "buy": buy_targets,
    "end": lambda g, h: ["turn"],
}
FREE = ("revive", "buy", "end")
"""Actions that may cost no action point (revive for gold, buying, ending the turn)."""
_FREE_TARGETS = {action: offered for action, offered in TARGETS.items() if action in FREE}


def targets(g: Play, hero: Hero, action: str) -> list[str]:
    """The legal targets of one action now (none when it needs an action the hero no longer has)."""
    if g.s.actions < 1 and action not in FREE:
        return []
    return TARGETS[action](g, hero)


def options(g: Play, hero: Hero) -> dict[str, list[str]]:
    """Every action allowed now, with its targets (an action with no target is not offered)."""
    found: dict[str, list[str]] = {}
    for action, offered in (TARGETS if g.s.actions >= 1 else _FREE_TARGETS).items():
        allowed = offered(g, hero)
        if allowed:
            found[action] = allowed
    return found


def check(g: Play, act: Act) -> Rejection | None:
    """Why this action cannot be taken now, or None. Looks, never touches."""
    s = g.s
    hero = s.heroes.get(act.actor)
    if hero is None:
        return reject("unknown-hero", Layer.MALFORMED, "§The four heroes", "There is no hero called {hero} in "
                      "this game.", hero=act.actor)
    if act.actor != s.active:
        return reject("not-your-turn", Layer.NOT_NOW, "§Your turn", "It is not {hero}'s turn.",
                      hero=g.hero_name(hero))
    if act.action not in ACTION_NAMES:
        return reject("unknown-action", Layer.MALFORMED, "§Your turn", "There is no action called {action}.",
                      action=act.action)
    allowed = targets(g, hero, act.action)
    if not allowed:
        return _why_not(g, hero, act)
    target = act.target if act.target is not None else "turn" if act.action == "end" else ""
    if target not in allowed:
        return _why_not_target(g, hero, act)
    if act.action == "trade":
        return _check_trade(g, hero, act)
    if act.action == "revive":
        pay = revive_payment(g, act)
        if pay == "gold" and hero.gold < g.d.gold["revive"].cost:
            return reject("not-enough-gold", Layer.ILLEGAL, "§Falling and death", "Reviving for gold costs 6; "
                          "{hero} has {gold}.", hero=g.hero_name(hero), gold=hero.gold)
        if pay not in ("gold", "actions") or (pay == "actions" and s.actions < death.REVIVE_ACTIONS):
            return reject("not-enough-actions", Layer.ILLEGAL, "§Falling and death", Plural(
                          "Reviving costs 2 actions (or 6 gold); {hero} has {actions} action left.",
                          "Reviving costs 2 actions (or 6 gold); {hero} has {actions} actions left.", "actions"),
                          hero=g.hero_name(hero),
                          actions=s.actions)
    return None


def _why_not(g: Play, hero: Hero, act: Act) -> Rejection:
    s = g.s
    if s.actions < 1 and act.action not in FREE:
        return reject("no-actions-left", Layer.ILLEGAL, "§Your turn", "{hero} has no actions left this turn.",
                      hero=g.hero_name(hero))
    if act.action == "reveal" and explore.reveal_blocked(g):
        return reject("too-many-monsters", Layer.ILLEGAL, "§Exploration", "No room may be revealed while more "
                      "than 2 monsters are on the board ({n} now).", n=g.counted_monsters())
    if act.action == "fireball" and hero.fireball_used:
        return reject("fireball-used", Layer.ILLEGAL, "R-HERO-1", "Fireball can be cast once a turn.")
    return _why_not_target(g, hero, act)


def _why_not_target(g: Play, hero: Hero, act: Act) -> Rejection:
    s = g.s
    target = act.target or ""
    if act.action == "move":
        if target == g.board.hall and not g.hall_open():
            return reject("hall-locked", Layer.ILLEGAL, "§Exploration", "The guardian hall stays locked until 4 "
                          "rooms of this board are revealed ({n} so far).", n=len(s.board.revealed))
        if target in g.board.links and movement.crosses_locked_hall(g, hero, target):
            return reject("hall-locked", Layer.ILLEGAL, "R-GUARD-6", "{space} is within reach only through the "
                          "guardian hall, and a locked hall cannot be crossed until 4 rooms of this board are "
                          "revealed ({n} so far).", space=target, n=len(s.board.revealed))
        if target in s.board.unrevealed:
            return reject("room-not-revealed", Layer.ILLEGAL, "R-EXPLORE-1", "{space} is a closed room: open its "
                          "door from an adjacent space first.", space=g.space_name(target))
        if target not in g.board.links:
            return reject("unknown-space", Layer.MALFORMED, "§The boards", "There is no space {space} on this "
                          "board.", space=target)
        return reject("too-far", Layer.ILLEGAL, "§Your turn", "{space} is out of reach: one move covers {move} "
                      "spaces and {left} of this turn's {cap} are left.", space=g.space_name(target),
                      move=traits.movement(g.d, s, hero), left=traits.movement_cap(g.d, s, hero) - hero.moved,
                      cap=traits.movement_cap(g.d, s, hero))
    if act.action in ("attack", "fireball"):
        if target == "guardian" and not g.hall_open():
            return reject("hall-locked", Layer.ILLEGAL, "§Exploration", "The guardian cannot be attacked before 4 "
                          "rooms of this board are revealed ({n} so far).", n=len(s.board.revealed))
        return reject("out-of-range", Layer.ILLEGAL, "§Combat", "{target} is not within {hero}'s range of "
                      "{range}.", target=g.target_name(target), hero=g.hero_name(hero),
                      range=traits.attack_range(g.d, hero))
    if act.action == "reveal":
        return reject("not-adjacent", Layer.ILLEGAL, "§Exploration", "Open a door from a space adjacent to its "
                      "room; {space} is not a closed room next to {hero}.", space=g.space_name(target),
                      hero=g.hero_name(hero))
    receiver = s.heroes.get(target)
    if act.action == "trade" and receiver is not None and g.board.adjacent(hero.space, receiver.space):
        # Next to a hero with nothing to give: the trade's own refusal says what is missing.
        refused = _check_trade(g, hero, act)
        if refused is not None:
            return refused
    return reject("bad-target", Layer.ILLEGAL, "§Your turn", "{target} is not a possible target for this action "
                  "now.", target=target)


def _check_trade(g: Play, hero: Hero, act: Act) -> Rejection | None:
    args = act.args
    gold = args.get("gold", 0)
    if not isinstance(gold, int) or gold < 0 or gold > hero.gold:
        return reject("bad-trade", Layer.ILLEGAL, "§Loot and treasure", "{hero} cannot give {gold} gold (has "
                      "{have}).", hero=g.hero_name(hero), gold=str(gold), have=hero.gold)
    if "potion" in args and args["potion"] not in hero.potions:
        return reject("bad-trade", Layer.ILLEGAL, "§Loot and treasure", "{hero} has no {potion} to give.",
                      hero=g.hero_name(hero), potion=str(args["potion"]))
    if "shard" in args and args["shard"] not in hero.shards:
        return reject("bad-trade", Layer.ILLEGAL, "§The end", "{hero} holds no shard {shard}.",
                      hero=g.hero_name(hero), shard=str(args["shard"]))
    receiver = g.s.heroes[act.target or ""]
    if "potion" in args and len(receiver.potions) >= loot.POTION_SLOTS:
        return reject("potion-slots-full", Layer.ILLEGAL, "R-LOOT-2", "{hero}'s three potion slots are full.",
                      hero=g.hero_name(receiver))
    slot = args.get("equipment")
    if slot is not None:
        item = getattr(hero, str(slot), None) if slot in ("weapon", "armour", "accessory") else None
        if item is None or getattr(receiver, str(slot)) is not None or not loot.can_use(g, receiver, item):
            return reject("bad-trade", Layer.ILLEGAL, "R-LOOT-4", "Equipment can be given only into the "
                          "receiver's empty slot, and a hero's own weapon only to that hero.")
    if not (gold or {"potion", "shard", "equipment"} & set(args)):
        return reject("empty-trade", Layer.MALFORMED, "§Loot and treasure", "A trade must give something.")
    return None


def perform(g: Play, act: Act) -> None:
    """Carry out an action `check` accepted."""
    s = g.s
    hero = s.heroes[act.actor]
    target = act.target or ""
    if act.action == "move":
        movement.move(g, hero, target)
    elif act.action == "attack":
        combat.declare(g, hero, target)
    elif act.action == "fireball":
        combat.fireball(g, hero, target)
    elif act.action == "reveal":
        explore.begin(g, hero, target)
    elif act.action == "open_chest":
        loot.open_chest(g, hero)
    elif act.action == "drink":
        loot.drink(g, hero, target)
    elif act.action == "trade":
        _trade(g, hero, s.heroes[target], act)
    elif act.action == "revive":
        death.revive(g, hero, s.heroes[target], revive_payment(g, act))
    elif act.action == "pickup":
        _pickup(g, hero, target)
    elif act.action == "buy":
        _buy(g, hero, target)
    else:
        s.actions = 0
        g.say("end-turn", "R-TURN-1", "{hero} ends their turn.", hero=g.hero_name(hero))
        rounds.end_turn(g)


def _trade(g: Play, giver: Hero, receiver: Hero, act: Act) -> None:
    g.s.actions -= 1
    args = act.args
    gold = int(args.get("gold", 0))
    giver.gold -= gold
    receiver.gold += gold
    given: list[Named] = [named(labels.GOLD, n=gold)] if gold else []
    if "potion" in args:
        potion = str(args["potion"])
        giver.potions.remove(potion)
        receiver.potions.append(potion)
        given.append(g.d.potions[potion].named())
    if "shard" in args:
        shard = str(args["shard"])
        giver.shards.remove(shard)
        receiver.shards.append(shard)
        given.append(labels.shard_name(g, shard))
    if "equipment" in args:
        slot = str(args["equipment"])
        item = getattr(giver, slot)
        setattr(giver, slot, None)
        setattr(receiver, slot, item)
        given.append(g.d.equipment[item].named())
    g.say("trade", "§Loot and treasure", "{giver} gives {what} to {receiver}.",
          {"giver": giver.id, "receiver": receiver.id}, giver=g.hero_name(giver), receiver=g.hero_name(receiver),
          what=Listed(given))


def _pickup(g: Play, hero: Hero, what: str) -> None:
    s = g.s
    s.actions -= 1
    pile = next(p for p in s.piles if p.space == hero.space and (
        (what in ("gold", "equipment", "potions") and getattr(p, what)) or
        (what.startswith("shard:") and what[6:] in p.shards) or (what == "covenant" and p.covenant)))
    if what == "gold":
        hero.gold += pile.gold
        pile.gold = 0
    elif what == "potions":
        room = loot.POTION_SLOTS - len(hero.potions)
        hero.potions += pile.potions[:room]
        pile.potions = pile.potions[room:]
    elif what == "equipment":
        items, pile.equipment = pile.equipment, []
        for item in items:
            if loot.can_use(g, hero, item) and getattr(hero, g.d.equipment[item].slot) is None:
                loot.equip(g, hero, item)
            else:
                pile.equipment.append(item)
    elif what == "covenant":
        from companion.games.covenant import escape

        pile.covenant = False
        escape.take_covenant(g, hero)
    else:
        pile.shards.remove(what[6:])
        hero.shards.append(what[6:])
    s.piles = [p for p in s.piles if not p.empty]
    rule = "R-LOOT-5" if what == "equipment" else "§Loot and treasure"
    name = labels.shard_name(g, what[6:]) if what.startswith("shard:") else labels.PILES[what]
    g.say("pickup", rule, "{hero} picks up {what}.", {"hero": hero.id, "what": what},
          hero=g.hero_name(hero), what=name)


def _buy(g: Play, hero: Hero, what: str) -> None:
    price = g.d.gold[what]
    hero.gold -= price.cost
    g.say("buy", "§Events and traps", Plural("{hero} buys from the Merchant: {item} for {cost} gold.",
                                              "{hero} buys from the Merchant: {item} for {cost} gold.", "cost"),
          {"hero": hero.id},
          hero=g.hero_name(hero), item=price.named(), cost=price.cost)
    if what == "merchant_heal":
        death.heal(g, hero, price.heal)
    else:
        g.next(DrawStep(deck="equipment", purpose="equipment", who=hero.id))
