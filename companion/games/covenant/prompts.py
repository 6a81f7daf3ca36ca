"""What the table reads while the engine waits: why a card, a die or a choice is asked for."""

from __future__ import annotations

from companion.core.messages import Msg
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, DrawStep, RollStep

# purpose -> (what the table reads, the rule or ruling it comes from)
_CARDS = {
    "attack": ("Draw a combat card for the attack.", "§Combat"),
    "loot": ("Draw a loot card.", "§Loot and treasure"),
    "potion": ("Draw a potion card.", "§Loot and treasure"),
    "equipment": ("Draw an equipment card.", "§Loot and treasure"),
    "marker": ("Tap the room marker on the reader (or choose it).", "§Exploration"),
    "room": ("Draw the room card of this type from the zone's room deck.", "§Exploration"),
    "room-monster": ("Draw a monster card for the room.", "§Exploration"),
    "event-monster": ("Draw a monster card for the ambush.", "§Events and traps"),
    "room-event": ("Draw an event card.", "R-EXPLORE-2"),
    "escape-event": ("Draw an event card for the Covenant Bearer.", "§The escape"),
}
_DICE = {
    "attack": ("Roll the die for the attack.", "§Combat"),
    "trap": ("Roll the trap die.", "§Events and traps"),
    "chest": ("Roll the treasure die for the chest.", "§Loot and treasure"),
    "pursuer": ("Roll for a pursuer: 1–3 Troll, 4–6 Dark Knight.", "§The escape"),
}
_CHOICES = {
    "reroll": ("Keep the roll of {subject}, or reroll?", "R-COMBAT-1"),
    "equip": ("Equip the new item (the old one is discarded), or discard the new one?", "R-LOOT-1"),
    "monster-target": ("Two or more heroes tie as the target: the first player chooses.", "R-MON-4"),
    "upgrade": ("Choose an upgrade.", "R-UPG-1"),
    "shard": ("The guardian falls: which hero takes its shard?", "§The end"),
    "bearer": ("The last guardian falls: which hero becomes the Covenant Bearer?", "§The end"),
}
_LABELS = {
    "keep": "Keep", "hawk_eye": "Reroll with Hawk Eye", "gold": "Reroll for 2 gold", "equip": "Equip",
    "discard": "Discard",
}


def card_purpose(step: DrawStep) -> tuple[Msg, str]:
    text, rule = _CARDS[step.purpose]
    return Msg(text), rule


def die_purpose(step: RollStep) -> tuple[Msg, str]:
    text, rule = _DICE[step.purpose]
    return Msg(text), rule


def choice_purpose(step: ChooseStep) -> tuple[Msg, str]:
    text, rule = _CHOICES[step.purpose]
    return Msg(text, {"subject": step.subject}), rule


def choice_label(g: Play, step: ChooseStep, option: str) -> Msg:
    if option in g.d.heroes:
        return Msg("{hero}", {"hero": g.hero_name(option)})
    if step.purpose == "upgrade":
        spec = g.d.upgrades[option]
        return Msg("{upgrade}", {"upgrade": g.named(spec.en, spec.ar)})
    return Msg(_LABELS.get(option, option))
