"""What the table reads while the engine waits: why a card, a die or a choice is asked for."""

from __future__ import annotations

from companion.core.messages import N_, Msg
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, DrawStep, RollStep

# purpose -> (what the table reads, the rule or ruling it comes from)
_CARDS = {
    "attack": (N_("Draw a combat card for the attack."), "§Combat"),
    "loot": (N_("Draw a loot card."), "§Loot and treasure"),
    "potion": (N_("Draw a potion card."), "§Loot and treasure"),
    "equipment": (N_("Draw an equipment card."), "§Loot and treasure"),
    "marker": (N_("Tap the room marker on the reader (or choose it)."), "§Exploration"),
    "room": (N_("Draw the room card of this type from the zone's room deck."), "§Exploration"),
    "room-monster": (N_("Draw a monster card for the room."), "§Exploration"),
    "event-monster": (N_("Draw a monster card for the ambush."), "§Events and traps"),
    "room-event": (N_("Draw an event card."), "R-EXPLORE-2"),
    "escape-event": (N_("Draw an event card for the Covenant Bearer."), "§The escape"),
}
_DICE = {
    "attack": (N_("Roll the die for the attack."), "§Combat"),
    "trap": (N_("Roll the trap die."), "§Events and traps"),
    "chest": (N_("Roll the treasure die for the chest."), "§Loot and treasure"),
    "pursuer": (N_("Roll for a pursuer: 1–3 Troll, 4–6 Dark Knight."), "§The escape"),
}
_CHOICES = {
    "reroll": (N_("Keep the roll of {subject}, or reroll?"), "R-COMBAT-1"),
    "equip": (N_("Equip the new item (the old one is discarded), or discard the new one?"), "R-LOOT-1"),
    "monster-target": (N_("Two or more heroes tie as the target: the first player chooses."), "R-MON-4"),
    "upgrade": (N_("Choose an upgrade."), "R-UPG-1"),
    "shard": (N_("The guardian falls: which hero takes its shard?"), "§The end"),
    "bearer": (N_("The last guardian falls: which hero becomes the Covenant Bearer?"), "§The end"),
}
_LABELS = {
    "keep": N_("Keep"), "hawk_eye": N_("Reroll with Hawk Eye"), "gold": N_("Reroll for 2 gold"), "equip": N_("Equip"),
    "discard": N_("Discard"),
}


def card_purposes() -> frozenset[str]:
    """Every purpose a card is drawn for."""
    return frozenset(_CARDS)


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
        return Msg("{upgrade}", {"upgrade": spec.named()})
    return Msg(_LABELS.get(option, option))
