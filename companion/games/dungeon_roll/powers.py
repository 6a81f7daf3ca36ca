"""The heroes of Hero Pack 1, the promos and Hero Pack 2 whose powers are mechanisms of their own (sheet,
"Heroes"; rulings R-DR-18 to R-DR-27): the ultimates `heroes.ultimate` hands over, and the treasures
the Archaeologist's dig discards. Their specialties that are actions live in `specialties`.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.flow import Act, Layer, Rejection, reject
from companion.core.messages import Plural
from companion.games.dungeon_roll import delve
from companion.games.dungeon_roll.delve import LOOT_FACES, MONSTER_FACES
from companion.games.dungeon_roll.phases import dice_at, ids, spend, throw_again
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.schema import DUNGEON_FACES, PARTY_FACES

IN_A_LEVEL = ("monsters", "loot", "dragon")
HERO_DEFEATS = Plural("{hero} defeats {count} monster.", "{hero} defeats {count} monsters.", "count")
TOO_MANY = Plural("The ultimate acts on at most {count} die.", "The ultimate acts on at most {count} dice.", "count")


def fits(g: Play) -> bool:
    """Whether the ultimate of one of these heroes can be used now (in its phase, R-DR-12), once its
    hero is fresh (R-DR-18)."""
    s, effect = g.s, g.side().ultimate.effect
    monsters = bool(s.showing("dungeon", MONSTER_FACES))
    if effect in ("dig", "escape"):
        return s.phase in IN_A_LEVEL and (effect == "escape" or bool(s.supply))
    if effect == "champions":
        return s.phase == "monsters" and monsters and bool(s.showing("party", ("champion",)))
    if effect == "discard-loot":
        return s.phase in ("monsters", "loot") and bool(s.showing("dungeon", LOOT_FACES))
    if effect == "dragons-serve":
        chests = s.phase == "loot" and bool(s.showing("dungeon", ("chest",)))
        return bool(s.at("lair")) and ((s.phase == "monsters" and monsters) or chests)
    if effect == "graveyard":
        return s.phase in IN_A_LEVEL and bool(s.at("graveyard", "party"))
    if effect == "discard-dice":
        return s.phase in IN_A_LEVEL and bool(_dungeon_dice(g))
    return s.phase == "monsters" and monsters


def _dungeon_dice(g: Play) -> list[str]:
    return [*g.s.at("dungeon"), *g.s.at("lair")]


def ultimate(g: Play, inp: Act) -> Rejection | None:
    act = EFFECTS[g.side().ultimate.effect]
    # Spent before it acts: a refresh the effect itself brings about (R-DR-18) then holds, and an ultimate
    # that ends the delve leaves the next hero's untouched.
    g.s.ultimate_used = True
    refused = act(g, inp)
    if refused is not None:
        g.s.ultimate_used = False
    return refused


def _dig(g: Play, inp: Act) -> Rejection | None:
    ult = g.side().ultimate
    g.say("dig", "R-DR-19", Plural("{hero} draws {count} treasure, then discards {discard} from the hand (ruling "
                                   "R-DR-19).", "{hero} draws {count} treasures, then discards {discard} from the "
                                   "hand (ruling R-DR-19).", "count"),
          hero=g.hero_name(), count=ult.count, discard=ult.discard)
    g.bonus_draws(ult.count)
    g.s.discards = ult.discard
    return None


def discard(g: Play, inp: Act) -> Rejection | None:
    """The treasures a dig discards, named from the hand, the ones just drawn among them (R-DR-19)."""
    tokens = ids(inp, "treasures")
    if isinstance(tokens, Rejection):
        return tokens
    hand = g.s.player.treasures
    if len(tokens) != g.s.discards or len(set(tokens)) != len(tokens) or any(t not in hand for t in tokens):
        return reject("discard-count", Layer.ILLEGAL, "R-DR-19", Plural(
            "Name {count} treasure of the hand to discard (ruling R-DR-19).",
            "Name {count} different treasures of the hand to discard (ruling R-DR-19).", "count"),
            count=g.s.discards)
    for token in tokens:
        spend(g, token)
    g.s.discards = 0
    g.say("discarded", "R-DR-19", Plural("{hero} discards {count} treasure.", "{hero} discards {count} treasures.",
                                         "count"), hero=g.hero_name(), count=len(tokens))
    return None


def _champions(g: Play, inp: Act) -> Rejection | None:
    """One monster for each champion of the party, then every champion thrown again (R-DR-20)."""
    monsters = ids(inp, "monsters")
    if isinstance(monsters, Rejection):
        return monsters
    champions = g.s.showing("party", ("champion",))
    wrong = dice_at(g, monsters, ("dungeon",), MONSTER_FACES, "R-DR-20")
    if wrong or len(monsters) > len(champions):
        return wrong or reject("too-many", Layer.ILLEGAL, "R-DR-20", TOO_MANY, count=len(champions))
    g.move(monsters, "box")
    g.s.throw, g.s.throw_why = champions, "champions"
    g.say("champions", "R-DR-20", Plural("{hero} discards {count} monster, one for each champion, and throws the "
                                         "champions again ({champions}; ruling R-DR-20).",
                                         "{hero} discards {count} monsters, one for each champion, and throws the "
                                         "champions again ({champions}; ruling R-DR-20).", "count"),
          hero=g.hero_name(), count=len(monsters),
          champions=len(champions))
    return None


def _escape(g: Play, inp: Act) -> Rejection | None:
    """The delve ends at once, with the level being played less what the side says (R-DR-22)."""
    xp = max(0, g.s.level - g.side().ultimate.less)
    g.say("escape", "R-DR-22", "{hero} retires at once from level {level}, with {xp} experience (ruling R-DR-22).",
          hero=g.hero_name(), level=g.s.level, xp=xp)
    delve.end_delve(g, "retired", xp)
    return None


def _set_face(g: Play, inp: Act) -> Rejection | None:
    """Dice set to a face of the player's choice: a party die of the party, a dungeon die of the dungeon,
    never one of the Lair (R-DR-23)."""
    rule, ult = "R-DR-23", g.side().ultimate
    raw = ids(inp, "dice")
    if isinstance(raw, Rejection):
        return raw
    pairs = [item.split("=", 1) for item in raw]
    if not pairs or any(len(p) != 2 for p in pairs):
        return reject("malformed-args", Layer.MALFORMED, rule, "Each die is named with its new face, like d2=potion.")
    wrong = dice_at(g, [die for die, _ in pairs], ("party", "dungeon"), (), rule)
    if wrong:
        return wrong
    chosen = {die: face for die, face in pairs}
    kinds = [g.s.dice[die].kind for die in chosen]
    if len(chosen) > ult.count or (ult.one_each and len(set(kinds)) != len(kinds)):
        return reject("set-face-count", Layer.ILLEGAL, rule, Plural(
            "{hero} sets at most {count} die, one of each kind where the ultimate says so (ruling R-DR-23).",
            "{hero} sets at most {count} dice, one of each kind where the ultimate says so (ruling R-DR-23).",
            "count"), hero=g.hero_name(), count=ult.count)
    for die, face in chosen.items():
        if face not in (PARTY_FACES if g.s.dice[die].kind == "party" else DUNGEON_FACES):
            return reject("unknown-face", Layer.MALFORMED, rule, "Die {die} has no face {face}.", die=die, face=face)
    for die, face in sorted(chosen.items()):
        g.s.dice[die].face = face
        g.say("set-face", rule, "{hero} sets a die to {face} (ruling R-DR-23).", hero=g.hero_name(),
              face=g.face_name(die))
    delve.shown(g)
    return None


def _type_for_treasure(g: Play, inp: Act) -> Rejection | None:
    rule = "R-DR-27"
    monsters = ids(inp, "monsters")
    if isinstance(monsters, Rejection):
        return monsters
    wrong = dice_at(g, monsters, ("dungeon",), MONSTER_FACES, rule)
    if wrong:
        return wrong
    types = {g.s.dice[m].face for m in monsters}
    if len(types) != 1 or set(g.s.showing("dungeon", tuple(types))) != set(monsters):
        return reject("one-whole-type", Layer.ILLEGAL, rule, "The ultimate takes every monster of one type "
                      "(ruling R-DR-27).")
    g.move(monsters, "box")
    g.say("type-for-treasure", rule, Plural("{hero} discards {count} monster of one type and draws a treasure for "
                                            "it (ruling R-DR-27).", "{hero} discards {count} monsters of one type "
                                            "and draws a treasure for each (ruling R-DR-27).", "count"),
          hero=g.hero_name(), count=len(monsters))
    g.bonus_draws(len(monsters))
    return None


def _discard_loot(g: Play, inp: Act) -> Rejection | None:
    dice = ids(inp, "dice")
    if isinstance(dice, Rejection):
        return dice
    wrong = dice_at(g, dice, ("dungeon",), LOOT_FACES, "R-DR-27")
    if wrong or len(dice) != 1:
        return wrong or reject("too-many", Layer.ILLEGAL, "R-DR-27", TOO_MANY, count=1)
    g.move(dice, "box")
    g.say("discard-loot", "R-DR-27", "{hero} discards a {face} (ruling R-DR-27).", hero=g.hero_name(),
          face=g.face_name(dice[0]))
    return None


def _dragons_serve(g: Play, inp: Act) -> Rejection | None:
    """Each die of the Lair defeats one monster (monster phase) or opens one chest (loot phase), then
    the Lair is empty (R-DR-25)."""
    rule = "R-DR-25"
    name, faces = ("monsters", MONSTER_FACES) if g.s.phase == "monsters" else ("chests", ("chest",))
    dice = ids(inp, name)
    if isinstance(dice, Rejection):
        return dice
    lair = g.s.at("lair")
    wrong = dice_at(g, dice, ("dungeon",), faces, rule)
    if wrong or len(dice) > len(lair):
        return wrong or reject("too-many", Layer.ILLEGAL, rule, TOO_MANY, count=len(lair))
    g.move([*lair, *dice], "box")
    g.s.draws += len(dice) if name == "chests" else 0
    if name == "chests":
        g.say("dragons-open", rule, Plural("The dragons of the Lair ({lair}) serve {hero} and open {count} chest "
                                           "(ruling R-DR-25).", "The dragons of the Lair ({lair}) serve {hero} and "
                                           "open {count} chests (ruling R-DR-25).", "count"),
              lair=len(lair), hero=g.hero_name(), count=len(dice))
    else:
        g.say("dragons-defeat", rule, Plural("The dragons of the Lair ({lair}) serve {hero} and defeat {count} "
                                             "monster (ruling R-DR-25).", "The dragons of the Lair ({lair}) serve "
                                             "{hero} and defeat {count} monsters (ruling R-DR-25).", "count"),
              lair=len(lair), hero=g.hero_name(), count=len(dice))
    return None


def _graveyard(g: Play, inp: Act) -> Rejection | None:
    g.s.throw, g.s.throw_why = g.s.at("graveyard", "party"), "graveyard"
    g.say("graveyard-throw", "R-DR-26", "{hero} throws the {count} dice of the graveyard (ruling R-DR-26).",
          hero=g.hero_name(), count=len(g.s.throw))
    return None


def _discard_dice(g: Play, inp: Act) -> Rejection | None:
    count = g.side().ultimate.count
    dice = ids(inp, "dice")
    if isinstance(dice, Rejection):
        return dice
    wrong = dice_at(g, dice, ("dungeon", "lair"), (), "R-DR-27")
    if wrong or len(dice) > count:
        return wrong or reject("too-many", Layer.ILLEGAL, "R-DR-27", TOO_MANY, count=count)
    g.move(dice, "box")
    g.say("discard-dice", "R-DR-27", Plural("{hero} discards {count} dungeon die (ruling R-DR-27).",
                                            "{hero} discards {count} dungeon dice (ruling R-DR-27).", "count"),
          hero=g.hero_name(), count=len(dice))
    return None


def _all_monsters(g: Play, inp: Act) -> Rejection | None:
    monsters = g.s.showing("dungeon", MONSTER_FACES)
    g.move(monsters, "box")
    g.say("hero-defeats", "R-DR-12", HERO_DEFEATS, hero=g.hero_name(), count=len(monsters))
    return None


def _reroll_dungeon(g: Play, inp: Act) -> Rejection | None:
    dice = throw_again(g, inp, ("dungeon",), "R-DR-27", "ultimate")
    if isinstance(dice, Rejection):
        return dice
    g.say("ultimate-reroll", "R-DR-12", "{hero} throws {count} chosen dice again (never the Lair's, ruling "
          "R-DR-2).", hero=g.hero_name(), count=len(dice))
    return None


EFFECTS: dict[str, Callable[[Play, Act], Rejection | None]] = {
    "dig": _dig, "champions": _champions, "escape": _escape, "set-face": _set_face,
    "type-for-treasure": _type_for_treasure, "discard-loot": _discard_loot, "dragons-serve": _dragons_serve,
    "graveyard": _graveyard, "discard-dice": _discard_dice, "all-monsters": _all_monsters,
    "reroll-dungeon": _reroll_dungeon}
"""The ultimates carried out here, by effect."""
