"""What the table reads while the engine waits: why a card, a die or a choice is asked for."""

from __future__ import annotations

from companion.core.messages import Msg
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, DrawStep, RollStep

_CARDS = {
    "attack": "Draw a combat card for the attack.",
    "loot": "Draw a loot card.",
    "potion": "Draw a potion card.",
    "equipment": "Draw an equipment card.",
    "marker": "Tap the room marker on the reader (or choose it).",
    "room": "Draw the room card of this type from the zone's room deck.",
    "room-monster": "Draw a monster card for the room.",
    "event-monster": "Draw a monster card for the ambush.",
    "room-event": "Draw an event card.",
    "escape-event": "Draw an event card for the Covenant Bearer.",
}
_DICE = {
    "attack": "Roll the die for the attack.",
    "trap": "Roll the trap die.",
    "chest": "Roll the treasure die for the chest.",
    "pursuer": "Roll for a pursuer: 1–3 Troll, 4–6 Dark Knight.",
}
_CHOICES = {
    "reroll": "Keep the roll of {subject}, or reroll?",
    "equip": "Equip the new item (the old one is discarded), or discard the new one?",
    "monster-target": "Two or more heroes tie as the target: the first player chooses.",
    "upgrade": "Choose an upgrade.",
    "shard": "The guardian falls: which hero takes its shard?",
    "bearer": "The last guardian falls: which hero becomes the Covenant Bearer?",
}
_LABELS = {
    "keep": "Keep", "hawk_eye": "Reroll with Hawk Eye", "gold": "Reroll for 2 gold", "equip": "Equip",
    "discard": "Discard",
}


def card_purpose(step: DrawStep) -> Msg:
    return Msg(_CARDS[step.purpose])


def die_purpose(step: RollStep) -> Msg:
    return Msg(_DICE[step.purpose])


def choice_purpose(step: ChooseStep) -> Msg:
    return Msg(_CHOICES[step.purpose], {"subject": step.subject})


def choice_label(g: Play, step: ChooseStep, option: str) -> Msg:
    if option in g.d.heroes:
        return Msg("{hero}", {"hero": g.hero_name(option)})
    if step.purpose == "upgrade":
        spec = g.d.upgrades[option]
        return Msg("{upgrade}", {"upgrade": g.named(spec.en, spec.ar)})
    return Msg(_LABELS.get(option, option))
