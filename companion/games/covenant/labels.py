"""Names, in both languages, of what a prompt offers: the targets of actions and the cards of a deck,
so the screen never shows a raw id."""

from __future__ import annotations

from companion.core.messages import Msg, Named, Plural, counted
from companion.games.covenant import traits
from companion.games.covenant.play import Play

PILES: dict[str, Named] = {
    "gold": {"en": "the gold", "ar": "الذهب"},
    "equipment": {"en": "the equipment", "ar": "العتاد"},
    "potions": {"en": "the potions", "ar": "الجرعات"},
    "covenant": {"en": "the Covenant", "ar": "العهد"},
}


def shard_name(g: Play, shard: str) -> Named:
    spec = next(gd.shard for gd in g.d.guardians.values() if gd.shard.id == shard)
    return {"en": spec.en, "ar": spec.ar}


def _name(en: str, ar: str) -> Msg:
    return Msg("{name}", {"name": {"en": en, "ar": ar}})


GOLD = Plural("{n} gold", "{n} gold")

NAMED_TARGETS = frozenset({"attack", "fireball", "trade", "revive", "drink", "buy", "pickup", "end"})
"""Actions whose targets have names; the others' targets are board spaces."""


def target(g: Play, action: str, item: str) -> Msg | None:
    """The name of one target of an action, or None for a board space."""
    s, d = g.s, g.d
    if action in ("attack", "fireball"):
        if item == "guardian":
            return Msg("{name} ({hp} HP)", {"name": g.guardian_name(), "hp": traits.guardian_hp(d, s)})
        m = s.monster(item)
        if m is not None:
            return Msg("{name} ({hp} HP)", {"name": g.monster_name(m), "hp": traits.monster_hp(d, m) - m.damage})
    if action in ("trade", "revive") and item in d.heroes:
        return Msg("{name}", {"name": g.hero_name(item)})
    if action == "drink" and item in d.potions:
        return _name(d.potions[item].en, d.potions[item].ar)
    if action == "buy" and item in d.gold:
        return _name(d.gold[item].en, d.gold[item].ar)
    if action == "pickup":
        name = shard_name(g, item[6:]) if item.startswith("shard:") else PILES.get(item)
        return Msg("{name}", {"name": name}) if name else None
    if action == "end":
        return _name("End the turn", "أنهِ الدور")
    return None


def card(g: Play, deck: str, item: str) -> Msg:
    d = g.d
    named: Named | None = None
    if deck == "loot":
        spec = next(c for c in d.decks.loot.cards if c.id == item)
        named = (counted(GOLD, n=spec.value) if spec.kind == "gold" else
                 {"en": "a potion", "ar": "جرعة"} if spec.kind == "potion" else {"en": "equipment", "ar": "عتاد"})
    elif deck == "potions" and item in d.potions:
        named = {"en": d.potions[item].en, "ar": d.potions[item].ar}
    elif deck == "equipment" and item in d.equipment:
        named = {"en": d.equipment[item].en, "ar": d.equipment[item].ar}
    elif deck == "events" and item in d.events:
        named = {"en": d.events[item].en, "ar": d.events[item].ar}
    elif deck == "monsters" and item in d.monsters:
        named = {"en": d.monsters[item].en, "ar": d.monsters[item].ar}
    elif deck.startswith("rooms-") and item in d.rooms:
        named = {"en": d.rooms[item].en, "ar": d.rooms[item].ar}
    elif deck.startswith("markers-") and item in d.markers:
        marker = d.markers[item]
        # Short, as a button beside the board holds it: the type and the number printed on the marker.
        named = {"en": f"{marker.room} #{marker.serial}", "ar": f"{_ROOM_AR[marker.room]} {marker.serial}"}
    return Msg("{name}", {"name": named or {"en": item, "ar": item}})


_ROOM_AR = {"combat": "قتال", "elite": "نخبة", "treasure": "كنز", "event": "حدث", "trap": "فخ"}


_DECKS: dict[str, Named] = {
    "combat": {"en": "combat", "ar": "القتال"}, "loot": {"en": "loot", "ar": "الغنائم"},
    "potions": {"en": "potion", "ar": "الجرعات"}, "equipment": {"en": "equipment", "ar": "العتاد"},
    "events": {"en": "event", "ar": "الأحداث"}, "monsters": {"en": "monster", "ar": "الوحوش"},
}
_OUTCOMES: dict[str, Named] = {
    "victory": {"en": "victory", "ar": "النصر"},
    "defeat:falls": {"en": "defeat: six falls", "ar": "الهزيمة: ست سقطات"},
    "defeat:escape": {"en": "defeat: the escape ran out of rounds", "ar": "الهزيمة: انتهت جولات الهروب"},
}
INPUT_KINDS: dict[str, Named] = {
    "action": {"en": "action", "ar": "فعل"}, "die": {"en": "die", "ar": "نرد"},
    "card": {"en": "card", "ar": "بطاقة"}, "choice": {"en": "choice", "ar": "اختيار"},
}


def deck_name(deck: str) -> Named:
    """A deck's name in both languages: the room markers and room piles by their kind."""
    if deck.startswith("markers-"):
        return {"en": "room marker", "ar": "علامات الغرف"}
    if deck.startswith("rooms-"):
        return {"en": "room card", "ar": "بطاقات الغرف"}
    return _DECKS.get(deck, {"en": deck, "ar": deck})


def die_name(g: Play, die: str) -> Named:
    kind = g.d.dice.get(die)
    return {"en": kind.en, "ar": kind.ar} if kind else {"en": die, "ar": die}


def outcome_name(outcome: str) -> Named:
    return _OUTCOMES.get(outcome, {"en": outcome, "ar": outcome})
