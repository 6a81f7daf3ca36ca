"""What a Dungeon Roll hero does, in words, from its data (`data/dungeon-roll/heroes.yaml`): the
specialty (what the side changes about the party, the dungeon or the dragon) and the ultimate. The data
carries no text for them; each field of a side has its sentence here, so a new hero needs no new code."""

from __future__ import annotations

from companion.core.messages import LANGS, Msg, Named, Plural, translate
from companion.games.dungeon_roll.data import GameData, default
from companion.games.dungeon_roll.schema import Side
from companion.ui.i18n import N_

OR = N_(" or ")
ULTIMATES: dict[str, str | Plural] = {
    "hero-as": N_("The hero acts as a {kinds}."),
    "hero-defeats": Plural("The hero defeats {count} monster of any type.",
                           "The hero defeats up to {count} monsters of any type.", "count"),
    "transform": Plural("{count} monster becomes a potion.", "Up to {count} monsters become potions.", "count"),
    "recruit": Plural("{count} {monster} joins the party as a {kinds}.",
                      "Up to {count} {monster} dice join the party as {kinds}s.", "count"),
    "bait": N_("Every monster becomes a dragon and goes to the Dragon's Lair."),
    "discard-lair": N_("Every die of the Dragon's Lair is discarded."),
    "reroll": N_("Any party and dungeon dice outside the Lair are thrown again."),
    "crusade": N_("A treasure spent: every monster defeated, every chest opened, every potion quaffed, the "
                  "Lair discarded."),
    "dragon-price": N_("A treasure spent defeats the dragon."),
    "revive": Plural("{count} companion returns from the graveyard.",
                     "Up to {count} companions return from the graveyard.", "count"),
    "one-of-each": N_("One monster of each type is discarded."),
    "per-dragon": N_("One monster is discarded for each dragon in the Lair."),
    "types-per-dragon": N_("One whole type of monster is discarded for each dragon in the Lair."),
}


def face(d: GameData, die: str, face_id: str) -> Named:
    found = d.dice[die].face(face_id)
    return {"en": found.en, "ar": found.ar} if found else {"en": face_id, "ar": face_id}


def _either(d: GameData, die: str, faces: list[str]) -> Named:
    """"fighter or mage", in every language (a face the data does not name in one reads in English)."""
    names = [face(d, die, f) for f in faces]
    return {lang: translate(OR, lang).join(n.get(lang) or n["en"] for n in names) for lang in LANGS}


def as_named(msg: Msg) -> Named:
    """A message in every language, to stand as another message's field."""
    return {lang: msg.text(lang) for lang in LANGS}


def side_name(side: Side) -> Named:
    return {"en": side.en, "ar": side.ar}


def hero_names() -> dict[str, Named]:
    """Each hero by its novice side's name, as the new-game screen seats it."""
    return {h.id: side_name(h.novice) for h in default().heroes.values()}


def specialty(d: GameData, side: Side) -> list[Msg]:
    """The side's specialty, one sentence per thing it changes."""
    out: list[Msg] = []
    for kind, kinds in side.acts_as.items():
        out.append(Msg("A {face} also acts as a {kinds}.", {"face": face(d, "party", kind),
                                                            "kinds": _either(d, "party", list(kinds))}))
    for before, after in side.on_form.items():
        out.append(Msg("Every {before} of the party becomes a {after}.",
                       {"before": face(d, "party", before), "after": face(d, "party", after)}))
    for kind, more in side.extra.items():
        out.append(Msg.of(Plural("A {face} defeats {count} more monster of any type.",
                                 "A {face} defeats {count} more monsters of any type.", "count"),
                          {"face": face(d, "party", kind), "count": more}))
    for turned, into in side.on_dungeon.items():
        out.append(Msg("Every {before} of the dungeon becomes a {after}.",
                       {"before": face(d, "dungeon", turned), "after": face(d, "dungeon", into)}))
    if side.dragon_kinds != 3:
        out.append(Msg.of(Plural("The dragon is slain by {count} different companion.",
                                 "The dragon is slain by {count} different companions.", "count"),
                          {"count": side.dragon_kinds}))
    if side.form_reroll:
        out.append(Msg("Any party dice may be thrown again once, before the first level."))
    if side.loot_anytime:
        out.append(Msg("Chests and potions may be used in the monster phase too."))
    if side.fixed_party:
        out.append(Msg.of(Plural("The party is {count} die, set without a throw.",
                                 "The party is {count} dice, set without a throw.", "count"),
                          {"count": len(side.fixed_party)}))
    if side.track:
        out.append(Msg("Once per level, one {monster} may be thrown again.",
                       {"monster": face(d, "dungeon", side.track)}))
    if side.lair_limit:
        out.append(Msg.of(Plural("With more than {count} dragon in the Lair, they are all discarded (ruling R-DR-16).",
                                 "With more than {count} dragons in the Lair, they are all discarded "
                                 "(ruling R-DR-16).", "count"), {"count": side.lair_limit}))
    return out


def ultimate(d: GameData, side: Side) -> Msg:
    ult = side.ultimate
    if ult.or_scroll:
        return Msg("A treasure or a scroll of the party spent defeats the dragon.")
    monster = face(d, "dungeon", ult.monster) if ult.monster else {"en": "", "ar": ""}
    return Msg.of(ULTIMATES[ult.effect], {"count": ult.count, "kinds": _either(d, "party", list(ult.kinds)),
                                          "monster": monster})
