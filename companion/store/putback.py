"""What the players put back on the table after an undo, from the difference between two states.

The store reads the states as plain data (the rule system's `encode` is JSON) and looks for what
stands on a real table: heroes' spaces, health, gold, potions, equipment and shards, the guardian's
damage, the fall counter and the round marker, monsters and their damage, revealed rooms and their door
tokens, chests, dropped piles, and cards drawn from the decks the table deals (a deck the app deals has
no cards on the table). Those keys are the table layout of The Last Covenant's state; a game whose
state has none of them gets one general message. Names in every language come from the rule system's
data when it has them (`rules.data.heroes`, `.monsters`, `.potions`, `.equipment`), else the ids.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from companion.core.flow import Draw, Input, Roll, Throw
from companion.core.messages import LANGS, Msg, Named, Naming, Plural, listed, named, verbatim

DECK_NAMES: dict[str, str] = {
    "combat": "combat", "loot": "loot", "potions": "potion", "equipment": "equipment", "events": "event",
    "monsters": "monster",
}
"""Each deck's name by its catalogue id, named in every language when a put-back says it: named on import,
they read every language's catalogues at the app's start (issue 26)."""
SLOTS = ("weapon", "armour", "accessory")


class Names:
    """Names in every language from the rule system's data, falling back to the ids."""

    def __init__(self, rules: object, zone: int | None = None) -> None:
        self.data = getattr(rules, "data", None)
        self.rules, self.zone = rules, zone

    def space(self, space: str) -> Named:
        """A space as the board view labels it, when the rule system names its spaces."""
        name = getattr(self.rules, "space_name", None)
        if callable(name) and self.zone is not None:
            named: Named = name(self.zone, space)
            return named
        return verbatim(space)

    def of(self, table: str, key: str) -> Named:
        entry = (getattr(self.data, table, None) or {}).get(key)
        return entry.named() if isinstance(entry, Naming) else verbatim(key)

    def cards(self, deck: str, ids: list[str]) -> Named:
        """Cards of `deck` by their names, when the rule system names its cards."""
        name = getattr(self.rules, "card_name", None)
        return listed(name(deck, i) if callable(name) else verbatim(i) for i in ids)

    def items(self, ids: list[str]) -> Named:
        return listed(self.item(i) for i in ids)

    def item(self, key: str) -> Named:
        """What a hero holds by its name: a potion, a piece of equipment, or a guardian's shard (a hero's
        `shards` hold the shard's id: "fist" stood on an Arabic screen)."""
        for table in ("potions", "equipment"):
            entry = (getattr(self.data, table, None) or {}).get(key)
            if isinstance(entry, Naming):
                return entry.named()
        guardians = (getattr(self.data, "guardians", None) or {}).values()
        shard = next((g.shard for g in guardians if getattr(getattr(g, "shard", None), "id", None) == key), None)
        return shard.named() if isinstance(shard, Naming) else verbatim(key)

    def face(self, die: str, face: str) -> Named:
        kind = (getattr(self.data, "dice", None) or {}).get(die)
        found = next((f for f in getattr(kind, "faces", []) if f.id == face), None)
        names = found.named() if isinstance(found, Naming) else {}
        return {lang: names.get(lang) or names.get("en") or face for lang in LANGS}

    def thrown(self, faces: dict[str, str]) -> tuple[Named, Named]:
        """A throw as the table sees it, without the engine's die ids: its dice by kind ("party die ×7") and
        the faces they show. A die's kind is its id when the id names one (Descent's "red", "black-2"),
        else the kind whose faces hold its face (Dungeon Roll's "p1" showing "fighter")."""
        kinds = getattr(self.data, "dice", None) or {}
        found = [kinds.get(die) or kinds.get(die.rpartition("-")[0]) or
                 next((k for k in kinds.values() if any(f.id == face for f in k.faces)), None)
                 for die, face in faces.items()]
        counts = Counter(k.id for k in found if k is not None)
        dice = listed({lang: f"{text} ×{n}" for lang, text in self.of("dice", kind).items()}
                      for kind, n in counts.items())
        shown = listed(self.face(k.id, face) if k is not None else verbatim(face)
                       for k, face in zip(found, faces.values(), strict=True))
        return dice, shown

    def deck(self, deck_id: str) -> Named:
        return named(DECK_NAMES[deck_id]) if deck_id in DECK_NAMES else verbatim(deck_id)

    def monster(self, m: dict[str, Any]) -> Named:
        name = self.of("monsters", m["kind"])
        if m.get("elite"):
            return named("elite {monster}", monster=name)
        return name


def describe(rules: object, now: bytes, back: bytes) -> list[Msg]:
    """From the table as it is (`now`) to the table as it was (`back`): one message per thing to move."""
    a, b = msgspec.json.decode(now), msgspec.json.decode(back)
    if not isinstance(a, dict) or not isinstance(b, dict) or "heroes" not in a:
        return [] if a == b else [Msg("Set the table as the screen shows it.")]
    names = Names(rules, b.get("board", {}).get("zone"))
    out: list[Msg] = []
    if a.get("board", {}).get("zone") != b.get("board", {}).get("zone"):
        out.append(Msg("Lay out the board of zone {zone} again, as the screen shows it.", {"zone": b["board"]["zone"]}))
    out += _heroes(names, a["heroes"], b["heroes"])
    out += _monsters(names, a.get("monsters", []), b.get("monsters", []))
    out += _board(names, a.get("board", {}), b.get("board", {}))
    out += _piles(names, a.get("piles", []), b.get("piles", []))
    out += _decks(names, a.get("decks", {}), b.get("decks", {}))
    guardian_now, guardian_back = a.get("guardian", {}).get("damage"), b.get("guardian", {}).get("damage")
    if guardian_now != guardian_back:
        out.append(Msg("Set the guardian's damage back to {damage}.", {"damage": guardian_back or 0}))
    if a.get("falls") != b.get("falls"):
        out.append(Msg("Set the fall counter back to {falls}.", {"falls": b.get("falls", 0)}))
    if a.get("round") != b.get("round"):
        out.append(Msg("Set the round marker back to round {round}.", {"round": b.get("round", 1)}))
    return out


def _heroes(names: Names, now: dict[str, Any], back: dict[str, Any]) -> list[Msg]:
    out: list[Msg] = []
    for hid, was in back.items():
        hero, name = now.get(hid, {}), names.of("heroes", hid)
        if hero.get("space") != was["space"]:
            out.append(Msg("Move {hero} back to {space}.", {"hero": name, "space": names.space(was["space"])}))
        if hero.get("fallen") != was.get("fallen", False):
            out.append(Msg("Lay {hero} down again: fallen." if was.get("fallen") else
                           "Stand {hero} up again: the fall is undone.", {"hero": name}))
        if hero.get("hp") != was["hp"]:
            out.append(Msg("Set {hero}'s health back to {hp}.", {"hero": name, "hp": was["hp"]}))
        if hero.get("gold") != was.get("gold"):
            out.append(Msg("Set {hero}'s gold back to {gold}.", {"hero": name, "gold": was.get("gold", 0)}))
        held_now = [*hero.get("potions", []), *hero.get("shards", []), *(hero[s] for s in SLOTS if hero.get(s))]
        held_back = [*was.get("potions", []), *was.get("shards", []), *(was[s] for s in SLOTS if was.get(s))]
        returned, taken = _minus(held_back, held_now), _minus(held_now, held_back)
        if returned:
            out.append(Msg("Give {hero} back: {items}.", {"hero": name, "items": names.items(returned)}))
        if taken:
            out.append(Msg("Take from {hero}: {items}.", {"hero": name, "items": names.items(taken)}))
    return out


def _monsters(names: Names, now: list[dict[str, Any]], back: list[dict[str, Any]]) -> list[Msg]:
    out: list[Msg] = []
    by_uid = {m["uid"]: m for m in now}
    for was in back:
        m, name = by_uid.pop(was["uid"], None), names.monster(was)
        damage = Msg("Set the {monster}'s damage back to {damage}.", {"monster": name, "damage": was.get("damage", 0)})
        if m is None:
            out.append(Msg("Put the {monster} back on {space}.", {"monster": name, "space": names.space(was["space"])}))
            out += [damage] if was.get("damage", 0) else []
            continue
        if m["space"] != was["space"]:
            out.append(Msg("Move the {monster} back to {space}.",
                           {"monster": name, "space": names.space(was["space"])}))
        if m.get("damage", 0) != was.get("damage", 0):
            out.append(damage)
    for m in by_uid.values():
        out.append(Msg("Take the {monster} off {space}: it had not appeared yet.",
                       {"monster": names.monster(m), "space": names.space(m["space"])}))
    return out


def _board(names: Names, now: dict[str, Any], back: dict[str, Any]) -> list[Msg]:
    if now.get("zone") != back.get("zone"):
        return []
    out: list[Msg] = []
    for slot in sorted(set(now.get("revealed", {})) - set(back.get("revealed", {}))):
        out.append(Msg("Take the door token off {slot}, turn its room marker face down and put its room card "
                       "back.", {"slot": names.space(slot)}))
    chests_now, chests_back = now.get("chests", {}), back.get("chests", {})
    for space in sorted(set(chests_now) | set(chests_back)):
        diff = chests_back.get(space, 0) - chests_now.get(space, 0)
        if diff > 0:
            put = Plural("Put {count} chest back in {space}.", "Put {count} chests back in {space}.", "count")
            out.append(Msg.of(put, {"count": diff, "space": names.space(space)}))
        elif diff < 0:
            take = Plural("Take {count} chest off {space}.", "Take {count} chests off {space}.", "count")
            out.append(Msg.of(take, {"count": -diff, "space": names.space(space)}))
    return out


def _piles(names: Names, now: list[dict[str, Any]], back: list[dict[str, Any]]) -> list[Msg]:
    out = [Msg("Put the dropped belongings back on {space}.", {"space": names.space(p["space"])})
           for p in _minus(back, now)]
    out += [Msg("Take the dropped belongings off {space}.", {"space": names.space(p["space"])})
            for p in _minus(now, back)]
    return out


def _decks(names: Names, now: dict[str, Any], back: dict[str, Any]) -> list[Msg]:
    out: list[Msg] = []
    for deck_id, was in back.items():
        drawn = _minus(was.get("draw_pile", []), now.get(deck_id, {}).get("draw_pile", []))
        # A room marker lies face down on its room, not in a deck: the room's own line puts it back.
        if not drawn or was.get("mode") != "table" or deck_id.startswith("markers-"):
            continue
        deck = names.deck(deck_id)
        shown = names.items(drawn) if deck_id in ("potions", "equipment") else names.cards(deck_id, drawn)
        out.append(Msg("Put back on top of the {deck} deck: {cards}.", {"deck": deck, "cards": shown}))
    return out


def what_stands(names: Names, seen: list[Input]) -> list[Msg]:
    """Told at undo time (R-STORE-2): each die and card the undone stretch showed stands for the same draw
    or roll only; any other choice lets it lapse."""
    out = []
    for inp in seen:
        if isinstance(inp, Roll) and inp.face is not None:
            what, result = names.of("dice", inp.die), names.face(inp.die, inp.face)
        elif isinstance(inp, Throw) and inp.faces:
            dice, result = names.thrown(inp.faces)
            what = {lang: Msg("the throw of {dice}", {"dice": dice}).text(lang) for lang in LANGS}
        elif isinstance(inp, Draw) and inp.card is not None:
            what = names.deck(inp.deck)
            result = (names.items([inp.card]) if inp.deck in ("potions", "equipment")
                      else names.cards(inp.deck, [inp.card]))
        else:
            continue
        out.append(Msg("The same choice again: {what} stands as it came out, {result}. Another choice lets it "
                       "lapse.", {"what": what, "result": result}))
    return out


def _minus(items: list[Any], other: list[Any]) -> list[Any]:
    """`items` without one copy of each element of `other` (a multiset difference, in `items`' order)."""
    rest = list(other)
    out = []
    for item in items:
        if item in rest:
            rest.remove(item)
        else:
            out.append(item)
    return out
