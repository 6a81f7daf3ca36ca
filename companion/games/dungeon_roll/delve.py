"""The course of a delve and of the game (sheet, "A player's turn", "Regroup phase", "End of the game"):
the party thrown, each level's dungeon dice, the phases that need nobody's answer, the end of a delve,
the next player in seat order, and the end of the game.

`advance` runs after every accepted input until the engine waits for someone again.
"""

from __future__ import annotations

from companion.games.dungeon_roll import scoring
from companion.games.dungeon_roll.data import PARTY_DICE
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import DelveEnd

DELVES = 3
LAST_LEVEL = 10
DRAGONS = 3
MONSTER_FACES = ("goblin", "skeleton", "ooze")
LOOT_FACES = ("chest", "potion")


def start_delve(g: Play) -> None:
    s = g.s
    s.level, s.phase, s.ultimate_used = 0, "form", False
    fixed = g.side().fixed_party
    if fixed:
        for n, face in enumerate(fixed, 1):
            s.dice[f"p{n}"].face, s.dice[f"p{n}"].place = face, "party"
        g.say("delve-fixed", "DR §Heroes", "{hero}'s delve {delve} of 3: the party is formed without a throw, {count} "
              "dice.", hero=g.hero_name(), delve=len(s.player.delves) + 1, count=len(fixed))
        start_level(g)
        return
    s.throw, s.throw_why = [f"p{n}" for n in range(1, PARTY_DICE + 1)], "party"
    g.say("delve", "DR §A player's turn", "{hero}'s delve {delve} of 3: throw the 7 party dice.", hero=g.hero_name(),
          delve=len(s.player.delves) + 1)


def start_level(g: Play) -> None:
    """The next level's dungeon dice: one per level, never more than those outside the Lair (R-DR-1)."""
    s = g.s
    s.level, s.tracked = s.level + 1, False
    g.move([i for i in s.at("dungeon")], "box")
    free = s.at("box", "dungeon")
    count = min(s.level, len(free))
    s.phase, s.throw, s.throw_why = "monsters", free[:count], "dungeon"
    g.say("level", "R-DR-1", "Level {level}: throw {count} dungeon dice (ruling R-DR-1).", level=s.level,
          count=count)


def thrown(g: Play) -> None:
    """What a throw leads to: the party formed, or dragons moved to the Lair (sheet, "Monster phase")."""
    s = g.s
    why, s.throw, s.throw_why = s.throw_why, [], ""
    if why in ("party", "form"):
        for die in s.at("party", "party"):
            turned = g.side().on_form.get(s.dice[die].face)
            if turned is not None:
                before = g.face_name(die)
                s.dice[die].face = turned
                g.say("turn-face", "DR §Heroes", "{hero} turns a {before} into a {after}.", hero=g.hero_name(),
                      before=before, after=g.face_name(die))
        if why == "party" and g.side().form_reroll:
            g.say("form", "DR §Heroes", "{hero} may throw again any of the party dice before the first level.",
                  hero=g.hero_name())
            return
        start_level(g)
        return
    for die in s.at("dungeon"):
        became = g.side().on_dungeon.get(s.dice[die].face)
        if became is not None:
            before = g.face_name(die)
            s.dice[die].face = became
            g.say("turn-face", "DR §Heroes", "{hero} turns a {before} into a {after}.", hero=g.hero_name(),
                  before=before, after=g.face_name(die))
    dragons = s.showing("dungeon", ("dragon",))
    if dragons:
        g.move(dragons, "lair")
        g.say("lair", "DR §Monster phase", "{count} dragon(s) go to the Dragon's Lair ({lair} there now).",
              count=len(dragons), lair=len(s.at("lair")))
        lair_limit(g)


def lair_limit(g: Play) -> None:
    """A hero whose specialty discards the dragons once the Lair holds more than its limit (R-DR-16)."""
    limit = g.side().lair_limit
    lair = g.s.at("lair")
    if limit and len(lair) > limit:
        g.move(lair, "box")
        g.say("lair-limit", "R-DR-16", "{hero} discards the {count} dragons of the Lair (ruling R-DR-16).",
              hero=g.hero_name(), count=len(lair))


def advance(g: Play) -> None:
    """Leave every phase that has nothing left to decide (R-DR-9)."""
    s = g.s
    if s.outcome or s.throw or s.draws:
        return
    if s.phase == "monsters" and not s.showing("dungeon", MONSTER_FACES):
        s.phase = "loot"
    if s.phase == "loot" and not s.showing("dungeon", LOOT_FACES):
        s.phase = "dragon"
    if s.phase == "dragon" and len(s.at("lair")) < DRAGONS:
        s.phase = "regroup"
    if s.phase == "regroup" and s.level == LAST_LEVEL:
        g.say("level-10", "DR §Regroup phase", "Level 10 is cleared: the delve is complete.")
        end_delve(g, "level-10", s.level)


def end_delve(g: Play, how: DelveEnd, xp: int) -> None:
    s = g.s
    if xp:
        g.gain(xp, "DR §Regroup phase")
    s.player.delves.append(how)
    for die in s.dice.values():
        die.place, die.face = "box", ""
    s.level, s.phase, s.ultimate_used = 0, "form", False
    if all(len(p.delves) == DELVES for p in s.players):
        scoring.finish(g)
        return
    s.turn = (s.turn + 1) % len(s.players)
    start_delve(g)
