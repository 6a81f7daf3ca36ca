"""Cross-checks of the game data: references between files, and the facts the rulebook fixes.

Each problem names the file, the entry and the field. A provisional value may be anything that keeps
these facts true (GAPS.md); a rulebook or derived value that is edited away from the text is reported.
"""

from __future__ import annotations

from collections import Counter, deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.games.covenant.schema import BoardSpec, GameData

ROOM_MIX = Counter({"combat": 2, "elite": 1, "treasure": 1, "event": 2, "trap": 1})
COMBAT_MIX = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 5, "7": 4, "8": 3, "9": 2, "10": 1}
LOOT_MIX = {"gold2": 3, "gold3": 3, "potion": 3, "equipment": 3}
EVENT_IDS = {"collapse", "healing_shrine", "ambush", "secret_passage", "merchant", "cursed_ground"}
GUARDIAN_HP = {1: 18, 2: 25, 3: 30}
MAX_HERO_HP = 24
MAX_ELITE_HP = 16
MAX_ROOM_MONSTERS = 3
SUMMON_SLOTS = 3


def _expect(errors: list[str], where: str, field: str, actual: object, wanted: object) -> None:
    if actual != wanted:
        errors.append(f"{where}: field {field}: is {actual!r}, the rulebook fixes {wanted!r}")


def cross_check(d: GameData) -> list[str]:
    errors: list[str] = []
    _check_boards(d, errors)
    _check_heroes(d, errors)
    _check_monsters(d, errors)
    _check_guardians(d, errors)
    _check_cards(d, errors)
    return errors


def _check_boards(d: GameData, errors: list[str]) -> None:
    if set(d.boards) != {1, 2, 3}:
        errors.append(f"boards: zones {sorted(d.boards)}, expected the three zones 1, 2, 3")
    for zone, board in d.boards.items():
        _check_board(board, f"boards/{board.id}.yaml", errors)
        if zone == 3:
            _check_escape_route(board, f"boards/{board.id}.yaml", errors)


def _check_board(board: BoardSpec, where: str, errors: list[str]) -> None:
    spaces = {s.id: s for s in board.spaces}
    kinds: Counter[str] = Counter(s.kind for s in board.spaces)
    for kind, wanted in (("room", 6), ("marked", 1), ("hall", 1)):
        if kinds[kind] != wanted:
            errors.append(f"{where}: {kinds[kind]} spaces of kind {kind}, the rulebook has {wanted}")
    for s in board.spaces:
        for other in s.links:
            if other not in spaces:
                errors.append(f"{where}: entry {s.id}: field links: unknown space {other!r}")
            elif s.id not in spaces[other].links:
                errors.append(f"{where}: entry {s.id}: field links: {other} does not link back")
        if s.kind == "room" and any(spaces[o].kind != "step" for o in s.links if o in spaces):
            errors.append(f"{where}: entry {s.id}: a room rectangle joins only step circles")
    if board.entrance.start not in spaces:
        errors.append(f"{where}: field entrance.start: unknown space {board.entrance.start!r}")
        return
    seen = {board.entrance.start}
    todo = deque(seen)
    while todo:
        for other in spaces[todo.popleft()].links:
            if other in spaces and other not in seen:
                seen.add(other)
                todo.append(other)
    cut_off = sorted(set(spaces) - seen)
    if cut_off:
        errors.append(f"{where}: spaces not reachable from the entrance: {', '.join(cut_off)}")


def _check_escape_route(board: BoardSpec, where: str, errors: list[str]) -> None:
    spaces = {s.id: s for s in board.spaces}
    steps = [s for s in board.spaces if s.kind == "footprint"]
    exits = [s for s in board.spaces if s.kind == "exit"]
    if len(steps) != 9 or len(exits) != 1:
        errors.append(f"{where}: the escape route has {len(steps)} footprints and {len(exits)} exits; "
                      "the rulebook has 9 footprints ending at one glowing arch")
        return
    hall = next(s.id for s in board.spaces if s.kind == "hall")
    here, came, length = hall, "", 0
    while True:
        # A link to no space is reported by the link check; here it simply leads nowhere.
        ahead = [o for o in spaces[here].links if o in spaces and spaces[o].kind in ("footprint", "exit") and o != came]
        if len(ahead) != 1:
            break
        came, here = here, ahead[0]
        length += 1
        if spaces[here].kind == "exit":
            break
    if spaces[here].kind != "exit" or length != 10:
        errors.append(f"{where}: the footprints must run in one chain of 9 from the hall to the exit arch")


def _check_heroes(d: GameData, errors: list[str]) -> None:
    if len(d.heroes) != 4:
        errors.append(f"heroes.yaml: {len(d.heroes)} heroes, the game has 4")
    knight = d.heroes.get("knight")
    if knight is None:
        errors.append("heroes.yaml: entry knight: missing (the Exiled Knight is in the rulebook)")
    else:
        for field, wanted in (("hp", 14), ("movement", 4), ("attack", 1), ("defense", 2), ("ability", "shield")):
            _expect(errors, "heroes.yaml: entry knight", field, getattr(knight, field), wanted)
    for h in d.heroes.values():
        if not 1 <= h.hp <= MAX_HERO_HP:
            errors.append(f"heroes.yaml: entry {h.id}: field hp: {h.hp} does not fit the track (1..24)")
        if h.defense > 4:
            errors.append(f"heroes.yaml: entry {h.id}: field defense: above the cap of 4")
        if h.movement < 1 or h.range < 1:
            errors.append(f"heroes.yaml: entry {h.id}: movement and range must be at least 1")


def _check_monsters(d: GameData, errors: list[str]) -> None:
    fixed = {"goblin": {"strength": 7, "hp": 5}, "troll": {"hp": 11, "damage": 4}, "dark_knight": {"hp": 12}}
    for mid, fields in fixed.items():
        m = d.monsters.get(mid)
        if m is None:
            errors.append(f"monsters.yaml: entry {mid}: missing (named in the rulebook)")
            continue
        for field, wanted in fields.items():
            _expect(errors, f"monsters.yaml: entry {mid}", field, getattr(m, field), wanted)
    troll = d.monsters.get("troll")
    if troll is not None and any(d.abilities[a].effect.minimum_damage > 1 for a in troll.abilities if a in d.abilities):
        errors.append("monsters.yaml: entry troll: field abilities: the rulebook's defense example has the Troll "
                      "deal 1 damage to defense 4, so no ability may raise its minimum damage")
    for m in d.monsters.values():
        if m.count > 0 and m.hp + 4 > MAX_ELITE_HP:
            errors.append(f"monsters.yaml: entry {m.id}: field hp: its elite ({m.hp + 4}) would not fit the "
                          "tracker row of 16")
        for a in m.abilities:
            if a not in d.abilities:
                errors.append(f"monsters.yaml: entry {m.id}: field abilities: unknown ability {a!r}")
        if m.zone not in (1, 2, 3) or m.range < 1 or m.count < 0:
            errors.append(f"monsters.yaml: entry {m.id}: zone must be 1-3, range >= 1, count >= 0")
    for mid in ("goblin", "dark_knight"):
        if mid in d.monsters and d.monsters[mid].count < 2:
            errors.append(f"monsters.yaml: entry {mid}: field count: the deck needs at least 2 (guardian summons)")
    if "demon" in d.monsters and d.monsters["demon"].count != 0:
        errors.append("monsters.yaml: entry demon: field count: the Demon has its own card, not in the deck")


def _check_guardians(d: GameData, errors: list[str]) -> None:
    for zone, hp in GUARDIAN_HP.items():
        g = d.guardians.get(zone)
        if g is None:
            errors.append(f"guardians.yaml: no guardian for zone {zone}")
            continue
        where = f"guardians.yaml: entry {g.id}"
        _expect(errors, where, "hp", g.hp, hp)
        _expect(errors, where, "range", g.range, 4)
        if len(g.phases) != 2 or g.phases[0].at_hp is not None or g.phases[1].at_hp is None:
            errors.append(f"{where}: field phases: two phases, the second with its at_hp threshold")
            continue
        if zone in (1, 2):
            one, two = g.phases
            if (one.strength, one.damage, one.defense) != (two.strength, two.damage, two.defense):
                errors.append(f"{where}: field phases: phase 2 keeps phase 1's numbers (rulebook)")
        if sum(s.count for s in g.summons) > SUMMON_SLOTS:
            errors.append(f"{where}: field summons: more than the guardian board's {SUMMON_SLOTS} slots")
        for s in g.summons:
            if s.monster not in d.monsters:
                errors.append(f"{where}: field summons: unknown monster {s.monster!r}")
    throne = d.guardians.get(3)
    if throne is not None and len(throne.phases) == 2:
        one, two = throne.phases
        where = f"guardians.yaml: entry {throne.id}"
        _expect(errors, where, "phases[0].strength", one.strength, 13)
        _expect(errors, where, "phases[1]", (two.strength, two.damage, two.defense, two.attacks, two.at_hp),
                (17, 8, 3, 2, 10))
        _expect(errors, where, "weakened_by_shards", throne.weakened_by_shards, True)


def _check_cards(d: GameData, errors: list[str]) -> None:
    _expect(errors, "decks.yaml: combat", "cards", Counter(d.decks.combat.ids()), Counter(COMBAT_MIX))
    _expect(errors, "decks.yaml: loot", "cards", Counter(d.decks.loot.ids()), Counter(LOOT_MIX))
    _expect(errors, "events.yaml", "ids", set(d.events), EVENT_IDS)
    for v in d.events.values():
        _expect(errors, f"events.yaml: entry {v.id}", "count", v.count, 3)
    _expect(errors, "potions.yaml", "in_deck", sum(p.in_deck for p in d.potions.values()), 4)
    _expect(errors, "potions.yaml", "starting", sum(p.starting for p in d.potions.values()), 4)
    _expect(errors, "traps.yaml", "faces", sorted(f for t in d.traps for f in t.faces), [1, 2, 3, 4, 5, 6])
    _expect(errors, "chests.yaml", "values", sorted(v for c in d.chests for v in c.values), [1, 2, 3, 4, 5, 6])
    _expect(errors, "upgrades.yaml", "ids", set(d.upgrades),
            {"strength", "agility", "vitality", "skill", "protection"})
    for zone in (1, 2, 3):
        rooms = Counter(c.room for c in d.rooms.values() if c.zone == zone)
        markers = Counter(m.room for m in d.markers.values() if m.zone == zone)
        _expect(errors, f"rooms.yaml: zone {zone}", "room", rooms, ROOM_MIX)
        _expect(errors, f"markers.yaml: zone {zone}", "room", markers, ROOM_MIX)
    for c in d.rooms.values():
        if not 0 <= c.monsters <= MAX_ROOM_MONSTERS:
            errors.append(f"rooms.yaml: entry {c.id}: field monsters: at most {MAX_ROOM_MONSTERS}")
        if c.room in ("combat", "elite") and c.monsters < 1:
            errors.append(f"rooms.yaml: entry {c.id}: field monsters: a {c.room} room brings monsters")
    for q in d.equipment.values():
        if q.hero is not None and q.hero not in d.heroes:
            errors.append(f"equipment.yaml: entry {q.id}: field hero: unknown hero {q.hero!r}")
    for need in ("d6", "trap", "treasure"):
        if need not in d.dice:
            errors.append(f"dice.yaml: die {need!r} missing")
    for g in ("reroll", "revive", "merchant_heal", "merchant_equipment"):
        if g not in d.gold:
            errors.append(f"gold.yaml: entry {g}: missing")
    if "revive" in d.gold:
        _expect(errors, "gold.yaml: entry revive", "cost", d.gold["revive"].cost, 6)
