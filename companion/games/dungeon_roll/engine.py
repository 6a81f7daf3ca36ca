"""Dungeon Roll as a rule system: what the engine waits for (`prompt`) and what an input does (`apply`).

`apply` checks in layers — the input's shape, whether it answers what the engine waits for, then the
rules — and changes the state only once the input is accepted; then it leaves every phase with nothing
left to decide. Every random outcome is an input: a throw names each die's face (or lets the app's
seeded generator roll them), a treasure names the token's kind (or lets the app draw it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import msgspec

from companion.core.dice import DieKind
from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    Draw,
    Event,
    Input,
    Layer,
    Option,
    Prompt,
    Rejection,
    Source,
    Throw,
    ThrowPrompt,
    reject,
)
from companion.core.messages import N_, Msg
from companion.core.rng import Rng
from companion.core.rules import Seating, SetupError
from companion.games.dungeon_roll import delve, heroes, loot, odds, phases, powers, specialties, units
from companion.games.dungeon_roll.data import DUNGEON_DICE, PARTY_DICE, GameData, default
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import Die, GameState, Player

TREASURE_DECK = "treasure"
ACTIONS: dict[str, Callable[[Play, Act], Rejection | None]] = {
    "fight": phases.fight, "scroll": phases.scroll, "bait": phases.bait, "portal": phases.portal,
    "flee": phases.flee, "ultimate": heroes.ultimate, "open": loot.open_chests, "quaff": loot.quaff,
    "done": loot.done, "slay": loot.slay, "ring": loot.ring, "retire": loot.retire, "seek": loot.seek,
    "reroll": heroes.reroll, "keep": heroes.keep, "track": heroes.track, "assign": specialties.assign,
    "summon": specialties.summon, "refresh": specialties.refresh, "discard": powers.discard,
}
ACTION_NAMES = {
    "fight": N_("Fight monsters"), "scroll": N_("Read a scroll"), "bait": N_("Throw Dragon Bait"),
    "portal": N_("Open a Town Portal"), "flee": N_("Flee"), "ultimate": N_("Use the ultimate"),
    "open": N_("Open chests"), "quaff": N_("Quaff potions"), "done": N_("Leave the loot"),
    "slay": N_("Fight the dragon"), "ring": N_("Put on the Ring of Invisibility"),
    "retire": N_("Retire to the tavern"), "seek": N_("Seek glory"),
    "reroll": N_("Throw party dice again"), "keep": N_("Keep the party"), "track": N_("Throw a monster again"),
    "assign": N_("Assign the scouted dice"), "summon": N_("Turn a monster into a dragon"),
    "refresh": N_("Spend a treasure to refresh"), "discard": N_("Discard treasures"),
}
THROW_PURPOSE = {"party": N_("Throw the party dice."), "dungeon": N_("Throw the dungeon dice of this level."),
                 "scroll": N_("Throw again the dice the scroll chose."),
                 "form": N_("Throw again the party dice chosen."),
                 "ultimate": N_("Throw again the dice the ultimate chose."),
                 "scout": N_("Throw the dungeon dice to assign to levels 1 to 3."),
                 "graveyard": N_("Throw the dice of the graveyard."),
                 "rethrow": N_("Throw the champion back into the party."),
                 "champions": N_("Throw the champions again.")}


THROW_RULE = {"scroll": "R-DR-2", "ultimate": "R-DR-2", "scout": "R-DR-22", "graveyard": "R-DR-26",
              "rethrow": "R-DR-20", "champions": "R-DR-20"}


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    heroes: list[str]
    seed: int = 1


class DungeonRollRules:
    id = "dungeon-roll"

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or default()

    def new_game(self, raw: Mapping[str, Any]) -> GameState:
        try:
            setup = msgspec.convert(dict(raw), Setup)
        except msgspec.ValidationError as exc:
            raise SetupError(f"setup: {exc}") from exc
        heroes = setup.heroes
        if not 1 <= len(heroes) <= 4 or len(set(heroes)) != len(heroes) or set(heroes) - set(self.data.heroes):
            raise SetupError(f"setup: heroes must be 1 to 4 different heroes of {sorted(self.data.heroes)}; "
                             f"got {heroes}")
        # An eighth party die joins the game only for a hero who forms the party with 8 (ruling R-DR-23).
        party = max(PARTY_DICE, *(side.party_dice for h in heroes for _, side in self.data.heroes[h].sides()))
        dice = {f"p{n}": Die(kind="party") for n in range(1, party + 1)}
        dice.update({f"d{n}": Die(kind="dungeon") for n in range(1, DUNGEON_DICE + 1)})
        state = GameState(players=[Player(hero=h) for h in heroes], dice=dice, supply=self.data.tokens(),
                          rng=Rng(setup.seed))
        delve.start_delve(Play(state, self.data))
        return state

    def prompt(self, state: GameState) -> Prompt | None:
        if state.outcome:
            return None
        g = Play(state, self.data)
        who = state.player.hero
        if state.draws:
            kinds = sorted({t.rsplit("-", 1)[0] for t in state.supply})
            return CardPrompt(deck=TREASURE_DECK, who=who, purpose=Msg("Draw a treasure token from the bag."),
                              rule="DR §Treasures", candidates=kinds,
                              labels={k: Msg("{name}", {"name": g.treasure_name(f"{k}-1")}) for k in kinds})
        if state.throw:
            return ThrowPrompt(dice={d: state.dice[d].kind for d in state.throw}, who=who,
                               purpose=Msg(THROW_PURPOSE[state.throw_why]),
                               rule=THROW_RULE.get(state.throw_why, "DR §Monster phase"))
        return ActionPrompt(actor=who, rule=phases.PHASE_RULE[state.phase], options=[
            Option(id=a, label=Msg(ACTION_NAMES[a]), targets=targets,
                   target_labels={t: Msg("{name}", {"name": g.unit_name(t)}) for t in targets})
            for a, targets in options(g).items()])

    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        if state.outcome:
            return reject("game-over", Layer.NOT_NOW, "DR §End of the game", "The game is over.")
        g = Play(state, self.data)
        if state.draws:
            refused = _draw(g, inp)
        elif state.throw:
            refused = _throw(g, inp)
        else:
            refused = _act(g, inp)
        if refused is not None:
            return refused
        _settle(g)
        return g.events

    def encode(self, state: GameState) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes) -> GameState:
        return msgspec.json.decode(data, type=GameState)

    def dice_kinds(self) -> Mapping[str, DieKind]:
        return self.data.dice

    def seating(self) -> Seating:
        """One to four players, each a hero (its novice side): seated by the hero card, or by a player
        token with a hero the app deals (ruling R-DR-40)."""
        return Seating(heroes={h: spec.novice.named() for h, spec in self.data.heroes.items()},
                       most=4, full=Msg("Four players are already at the table."),
                       hint=Msg("Tap a hero card or a player token to join the game."), seat_tag="player-token")

    def seated(self, state: GameState) -> list[str]:
        return [p.hero for p in state.players]

    def odds(self, state: GameState) -> Fraction | None:
        """The exact chance of clearing the next level, for the regroup choice (ruling R-DR-17)."""
        return odds.next_level(state, self.data)


def options(g: Play) -> dict[str, list[str]]:
    """The actions open now, each with its possible targets (units, or treasure tokens)."""
    s, out = g.s, {}
    can = units.units(s, g.d)
    held = {use: [t for t in s.player.treasures if g.d.treasures[t.rsplit("-", 1)[0]].use == use]
            for use in ("bait", "portal", "ring")}
    for action in phases.actions_now(g):
        if action in ("fight", "open", "quaff"):
            faces = {"fight": delve.MONSTER_FACES, "open": ("chest",), "quaff": ("potion",)}[action]
            present = bool(s.showing("dungeon", faces))
            targets = [u for u in can if present and (action == "quaff" or units.companions(s, g.d, u))]
        elif action == "scroll":
            targets = [u for u in can if "scroll" in units.kinds(s, g.d, u)]
        elif action in held:
            targets = held[action]
        elif action == "ultimate":
            targets = ["hero"] if heroes.ultimate_fits(g) else []
        elif action == "reroll":
            targets = s.at("party", "party")
        elif action == "track":
            track = g.side().track
            faces = delve.MONSTER_FACES if track == "any" else (track,)
            targets = s.showing("dungeon", faces) if track and not s.tracked else []
        elif action == "summon":
            present = bool(s.showing("dungeon", delve.MONSTER_FACES))
            targets = [u for u in can if present and "scroll" in units.kinds(s, g.d, u)]
        elif action in ("discard", "refresh"):
            targets = list(s.player.treasures) if action == "discard" or s.ultimate_used else []
        elif action == "assign":
            targets = sorted(d for d in s.at("box", "dungeon") if s.dice[d].face)
        else:
            targets = []
        if action == "retire" and s.retire_barred:
            continue
        if action == "slay" and not units.can_field(s, g.d, g.side().dragon_kinds):
            continue
        if targets or action in ("flee", "done", "slay", "retire", "seek", "keep"):
            out[action] = [] if action == "ultimate" else targets
    return out


def _act(g: Play, inp: Input) -> Rejection | None:
    if not isinstance(inp, Act):
        return reject("expected-action", Layer.NOT_NOW, "DR §A player's turn", "Waiting for {hero}'s action.",
                      hero=g.hero_name())
    if inp.actor != g.s.player.hero:
        return reject("not-your-turn", Layer.NOT_NOW, "DR §A player's turn", "It is {hero}'s delve.",
                      hero=g.hero_name())
    action = ACTIONS.get(inp.action)
    if action is None or inp.action not in phases.actions_now(g):
        return reject("not-now", Layer.NOT_NOW, phases.PHASE_RULE[g.s.phase], "{action} is not an action of this "
                      "phase.", action=inp.action)
    return action(g, inp)


def _throw(g: Play, inp: Input) -> Rejection | None:
    s = g.s
    if not isinstance(inp, Throw):
        return reject("expected-throw", Layer.NOT_NOW, "DR §Monster phase", "Waiting for a throw of {count} dice.",
                      count=len(s.throw))
    if inp.faces or inp.source != Source.APP:
        if sorted(inp.faces) != sorted(s.throw):
            return reject("wrong-dice", Layer.ILLEGAL, "DR §Monster phase", "This throw must show exactly the dice "
                          "{dice}.", dice=" ".join(s.throw))
        for die, face in inp.faces.items():
            if g.d.dice[s.dice[die].kind].face(face) is None:
                return reject("unknown-face", Layer.MALFORMED, "DR §The dice", "Die {die} has no face {face}.",
                              die=die, face=face)
        faces = dict(inp.faces)
    else:
        faces = {die: g.d.dice[s.dice[die].kind].roll(s.rng).id for die in s.throw}
    for die in s.throw:
        d = s.dice[die]
        d.face = faces[die]
        if d.place == "box" and s.throw_why != "scout":
            d.place = "party" if d.kind == "party" else "dungeon"
    g.events.append(Event(kind="throw", msg=Msg("Thrown: {faces}.", {"faces": " ".join(
        f"{die}={faces[die]}" for die in s.throw)}), rule="DR §Monster phase", data={"faces": [
            f"{die}={faces[die]}" for die in s.throw]}))
    delve.thrown(g)
    return None


def _draw(g: Play, inp: Input) -> Rejection | None:
    s = g.s
    if not isinstance(inp, Draw) or inp.deck != TREASURE_DECK:
        return reject("expected-treasure", Layer.NOT_NOW, "DR §Treasures", "Waiting for a treasure token from the bag.")
    if inp.card is None:
        token = s.supply[s.rng.below(len(s.supply))]
    else:
        token = next((t for t in s.supply if t == inp.card or t.rsplit("-", 1)[0] == inp.card), "")
        if not token:
            return reject("not-in-bag", Layer.ILLEGAL, "R-DR-14", "No {card} token is left in the bag (ruling "
                          "R-DR-14).", card=inp.card)
    s.supply.remove(token)
    s.player.treasures.append(token)
    s.draws -= 1
    g.say("treasure", "DR §Treasures", "{hero} takes a treasure: {treasure}.", hero=g.hero_name(),
          treasure=g.treasure_name(token))
    return None


def _settle(g: Play) -> None:
    """Chests opened on an empty bag give experience instead (sheet, "Treasures"; a slain dragon's
    treasure is simply missing, ruling R-DR-8); then the phases with nothing to decide are left."""
    s = g.s
    while s.draws and not s.supply:
        s.draws -= 1
        g.say("empty-bag", "R-DR-8", "The bag is empty: 1 experience instead of a treasure (ruling R-DR-8).")
        g.gain(1, "R-DR-6")
    if not s.draws:
        s.discards = min(s.discards, len(s.player.treasures))
    delve.advance(g)
