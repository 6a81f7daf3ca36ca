"""What a Dungeon Roll hero does, in words, from its data (`data/dungeon-roll/heroes.yaml`): the
specialty (what the side changes about the party, the dungeon or the dragon) and the ultimate. The data
carries no text for them; each field of a side has its sentence here, so a new hero needs no new code."""

from __future__ import annotations

from companion.core.messages import Msg, Named, Plural, listed, named, verbatim
from companion.games.dungeon_roll.data import GameData, default
from companion.games.dungeon_roll.schema import Side, Ultimate
from companion.ui.i18n import N_

OR = N_(" or ")
ULTIMATES: dict[str, str | Plural] = {
    "hero-as": N_("The hero acts as a {kinds}."),
    "hero-defeats": Plural("The hero defeats {count} monster of any type.",
                           "The hero defeats up to {count} monsters of any type.", "count"),
    "transform": Plural("{count} monster becomes a potion.", "Up to {count} monsters become potions.", "count"),
    "transform-chest": Plural("{count} monster becomes a chest (ruling R-DR-21).",
                              "Up to {count} monsters become chests (ruling R-DR-21).", "count"),
    "recruit": Plural("{count} {monster} joins the party as a {kinds}.",
                      "Up to {count} {monster} dice join the party as {kinds}s.", "count"),
    "bait": N_("Every monster becomes a dragon and goes to the Dragon's Lair."),
    "discard-lair": N_("Every die of the Dragon's Lair is discarded."),
    "reroll": N_("Any party and dungeon dice outside the Lair are thrown again."),
    "crusade": N_("A treasure spent: every monster defeated, every chest opened, every potion quaffed, the "
                  "Lair discarded."),
    "dragon-price": N_("A treasure spent defeats the dragon."),
    "dragon-price-or-scroll": N_("A treasure or a scroll of the party spent defeats the dragon."),
    "dragon-price-scroll": N_("A scroll spent defeats the dragon (ruling R-DR-27)."),
    "revive": Plural("{count} companion returns from the graveyard.",
                     "Up to {count} companions return from the graveyard.", "count"),
    "revive-no-retire": Plural("{count} companion returns from the graveyard; no retiring until a dragon is "
                               "slain (ruling R-DR-20).",
                               "Up to {count} companions return from the graveyard; no retiring until a dragon "
                               "is slain (ruling R-DR-20).", "count"),
    "one-of-each": N_("One monster of each type is discarded."),
    "per-dragon": N_("One monster is discarded for each dragon in the Lair."),
    "types-per-dragon": N_("One whole type of monster is discarded for each dragon in the Lair."),
    "dig": Plural("The hero draws {draws} treasures, then discards {count} treasure of the hand (ruling R-DR-19).",
                  "The hero draws {draws} treasures, then discards {count} treasures of the hand (ruling R-DR-19).",
                  "count"),
    "champions": N_("One monster is discarded for each champion of the party, then the champions are thrown "
                    "again (ruling R-DR-20)."),
    "escape": N_("The delve ends at once as a retirement, with the experience of the level (ruling R-DR-22)."),
    "escape-less": Plural("The delve ends at once as a retirement, with {count} experience less than the level "
                          "gives (ruling R-DR-22).",
                          "The delve ends at once as a retirement, with {count} experience less than the level "
                          "gives (ruling R-DR-22).", "count"),
    "set-face": Plural("{count} die of the party or the dungeon is set to a face of the player's choice (ruling "
                       "R-DR-23).",
                       "Up to {count} dice of the party or the dungeon are set to faces of the player's choice "
                       "(ruling R-DR-23).", "count"),
    "set-face-each": N_("A party die and a dungeon die are set to faces of the player's choice (ruling R-DR-23)."),
    "type-for-treasure": N_("Every monster of one type is discarded, and a treasure drawn for each (ruling "
                            "R-DR-27)."),
    "discard-loot": N_("A chest or a potion of the dungeon is discarded (ruling R-DR-27)."),
    "dragons-serve": N_("Each die of the Lair defeats a monster (monster phase) or opens a chest (loot phase), "
                        "then the Lair is empty (ruling R-DR-25)."),
    "graveyard": N_("Every die of the graveyard is thrown: scrolls are discarded, the others return to the "
                    "party (ruling R-DR-26)."),
    "discard-dice": Plural("{count} dungeon die of the dungeon or the Lair is discarded (ruling R-DR-27).",
                           "Up to {count} dungeon dice of the dungeon or the Lair are discarded (ruling R-DR-27).",
                           "count"),
    "all-monsters": N_("Every monster is discarded (ruling R-DR-27)."),
    "reroll-dungeon": N_("Any dungeon dice outside the Lair are thrown again (ruling R-DR-27)."),
}
REFRESH = {
    "quaff": N_("Quaffing potions refreshes the exhausted hero (ruling R-DR-18)."),
    "three-types": N_("Facing a goblin, a skeleton and an ooze at once refreshes the exhausted hero (ruling "
                      "R-DR-18)."),
    "multi-kill": N_("A companion defeating 2 or more monsters at once refreshes the exhausted hero (ruling "
                     "R-DR-18)."),
    "treasure": N_("Spending a treasure of the hand refreshes the exhausted hero (ruling R-DR-18)."),
}


def face(d: GameData, die: str, face_id: str) -> Named:
    found = d.dice[die].face(face_id)
    return found.named() if found else verbatim(face_id)


def _either(d: GameData, die: str, faces: list[str]) -> Named:
    """"fighter or mage", in every language."""
    return listed((face(d, die, f) for f in faces), separator=OR)


def as_named(msg: Msg) -> Named:
    """A message in every language, to stand as another message's field."""
    return named(Plural(msg.id, msg.plural, msg.count) if msg.plural else msg.id, **msg.fields)


def hero_names() -> dict[str, Named]:
    """Each hero by its novice side's name, as the new-game screen seats it."""
    return {h.id: h.novice.named() for h in default().heroes.values()}


def specialty(d: GameData, side: Side) -> list[Msg]:
    """The side's specialty, one sentence per thing it changes."""
    return [*_party(d, side), *_dungeon(d, side), *_hand(side)]


def _party(d: GameData, side: Side) -> list[Msg]:
    out: list[Msg] = []
    if side.party_dice != 7:
        out.append(Msg.of(Plural("The party is formed with {count} die.", "The party is formed with {count} dice.",
                                 "count"), {"count": side.party_dice}))
    if side.preset:
        out.append(Msg("Before the throw, party dice are set to: {faces} (ruling R-DR-25).",
                       {"faces": listed(face(d, "party", f) for f in side.preset)}))
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
    for kind in side.weak:
        out.append(Msg("A {face} defeats one monster and opens one chest, like any companion (ruling R-DR-26).",
                       {"face": face(d, "party", kind)}))
    if side.champion_rethrow:
        out.append(Msg("A champion that defeats 2 or more monsters at once is thrown back into the party (ruling "
                       "R-DR-20)."))
    if side.form_reroll:
        out.append(Msg("Any party dice may be thrown again once, before the first level."))
    if side.fixed_party:
        out.append(Msg.of(Plural("The party is {count} die, set without a throw.",
                                 "The party is {count} dice, set without a throw.", "count"),
                          {"count": len(side.fixed_party)}))
    return out


def _dungeon(d: GameData, side: Side) -> list[Msg]:
    out: list[Msg] = []
    for turned, into in side.on_dungeon.items():
        out.append(Msg("Every {before} of the dungeon becomes a {after}.",
                       {"before": face(d, "dungeon", turned), "after": face(d, "dungeon", into)}))
    if side.scout:
        out.append(Msg("Once the party is formed, dungeon dice are thrown and assigned to levels 1 to 3, so many "
                       "to each: {plan} (ruling R-DR-22).", {"plan": verbatim("/".join(map(str, side.scout)))}))
    if side.dragon_kinds != 3:
        out.append(Msg.of(Plural("The dragon is slain by {count} different companion.",
                                 "The dragon is slain by {count} different companions.", "count"),
                          {"count": side.dragon_kinds}))
    if side.dragon_at != 3:
        out.append(Msg.of(Plural("The dragon attacks only when the Lair holds {count} die or more (ruling R-DR-26).",
                                 "The dragon attacks only when the Lair holds {count} dice or more (ruling "
                                 "R-DR-26).", "count"), {"count": side.dragon_at}))
    if side.summon:
        out.append(Msg("In the monster phase, a scroll spent turns a monster into a dragon, any number of times "
                       "(ruling R-DR-25)."))
    if side.loot_anytime:
        out.append(Msg("Chests and potions may be used in the monster phase too."))
    if side.track == "any":
        out.append(Msg("Once per level, one monster of any type may be thrown again (ruling R-DR-27)."))
    elif side.track:
        out.append(Msg("Once per level, one {monster} may be thrown again.",
                       {"monster": face(d, "dungeon", side.track)}))
    if side.lair_limit:
        out.append(Msg.of(Plural("With more than {count} dragon in the Lair, they are all discarded (ruling R-DR-16).",
                                 "With more than {count} dragons in the Lair, they are all discarded "
                                 "(ruling R-DR-16).", "count"), {"count": side.lair_limit}))
    return out


def _hand(side: Side) -> list[Msg]:
    """Treasures the side draws or loses, and what exhausts and refreshes it (rulings R-DR-18, R-DR-19)."""
    out: list[Msg] = []
    if side.form_draws:
        out.append(Msg.of(Plural("{count} treasure is drawn at the start of each delve (ruling R-DR-19).",
                                 "{count} treasures are drawn at the start of each delve (ruling R-DR-19).", "count"),
                          {"count": side.form_draws}))
    if side.multi_draw:
        out.append(Msg.of(Plural("A companion that defeats 2 or more monsters at once draws {count} treasure "
                                 "(ruling R-DR-24).",
                                 "A companion that defeats 2 or more monsters at once draws {count} treasures "
                                 "(ruling R-DR-24).", "count"), {"count": side.multi_draw}))
    if side.drop_treasures:
        out.append(Msg("Every treasure still held is discarded when the delve ends (ruling R-DR-21)."))
    if side.end_discard:
        out.append(Msg.of(Plural("At the end of the game, {count} treasure of the hand is discarded (ruling R-DR-19).",
                                 "At the end of the game, {count} treasures of the hand are discarded (ruling "
                                 "R-DR-19).", "count"), {"count": side.end_discard}))
    if side.start_exhausted:
        out.append(Msg("Each delve begins exhausted (ruling R-DR-18)."))
    if side.exhausted_extra:
        out.append(Msg.of(Plural("While exhausted, every companion defeats {count} more monster of any type (ruling "
                                 "R-DR-18).",
                                 "While exhausted, every companion defeats {count} more monsters of any type "
                                 "(ruling R-DR-18).", "count"), {"count": side.exhausted_extra}))
    out += [Msg(REFRESH[way]) for way in side.refresh]
    return out


def _sentence(ult: Ultimate) -> str:
    """The key of the ultimate's sentence: its effect, or a variant where the side's fields change it."""
    variants = {("transform", ult.into == "chest"): "transform-chest",
                ("dragon-price", ult.or_scroll): "dragon-price-or-scroll",
                ("dragon-price", ult.pay == "scroll"): "dragon-price-scroll",
                ("revive", ult.no_retire): "revive-no-retire",
                ("escape", ult.less > 0): "escape-less",
                ("set-face", ult.one_each): "set-face-each"}
    return variants.get((ult.effect, True), ult.effect)


def ultimate(d: GameData, side: Side) -> Msg:
    ult = side.ultimate
    count = ult.less if ult.effect == "escape" else ult.discard if ult.effect == "dig" else ult.count
    monster = face(d, "dungeon", ult.monster) if ult.monster else verbatim("")
    return Msg.of(ULTIMATES[_sentence(ult)], {"count": count, "draws": ult.count, "monster": monster,
                                              "kinds": _either(d, "party", list(ult.kinds))})
