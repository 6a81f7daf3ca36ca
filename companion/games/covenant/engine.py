"""The Last Covenant as a rule system: what the engine waits for (`prompt`) and what an input does
(`apply`).

`apply` checks in layers — the input's shape, whether it answers what the engine waits for, then the
rules — and changes the state only once the input is accepted. Then it runs everything that needs no
one's answer (cards the app deals, the end of a turn, the monster phase) until it waits again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from companion.core.deck import DealMode
from companion.core.dice import DieKind
from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Event,
    Input,
    Layer,
    Option,
    Prompt,
    Rejection,
    Roll,
    reject,
)
from companion.core.messages import Msg, Named
from companion.core.rules import Seating
from companion.games.covenant import (
    combat,
    death,
    escape,
    explore,
    labels,
    loot,
    rounds,
    setup,
    spaces,
    turn,
    zones,
)
from companion.games.covenant.combat import Odds
from companion.games.covenant.data import GameData, default
from companion.games.covenant.play import Play
from companion.games.covenant.prompts import card_purpose, choice_label, choice_purpose, die_purpose
from companion.games.covenant.state import ChooseStep, DrawStep, GameState, Hero, Pending, RollStep

STEP_LIMIT = 10_000
"""More automatic steps than this after one input means a rule loops: a programmer error."""


_ACTION_LABELS = {name: Msg("{action}", {"action": action}) for name, action in turn.ACTION_NAMES.items()}
"""Each action's button label, made once: every prompt offers them."""


class EngineError(RuntimeError):
    """A bug in the engine (never a player's mistake: those are rejections)."""


class CovenantRules:
    id = "covenant"

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or default()

    # ---- the RuleSystem protocol ----------------------------------------------------------------

    def new_game(self, raw: Mapping[str, Any]) -> GameState:
        state = setup.new_game(self.data, raw)
        g = Play(state, self.data)
        _advance(g)
        return state

    def prompt(self, state: GameState) -> Prompt | None:
        if state.outcome:
            return None
        g = Play(state, self.data)
        if state.pending:
            return _step_prompt(g, state.pending[0])
        hero = state.heroes[state.active]
        return ActionPrompt(actor=hero.id, rule="§Your turn", options=[
            Option(id=name, label=_ACTION_LABELS[name], targets=targets,
                   target_labels={t: label for t in targets if (label := labels.target(g, name, t)) is not None}
                   if name in labels.NAMED_TARGETS else {})
            for name, targets in turn.options(g, hero).items()])

    def apply(self, state: GameState, inp: Input) -> list[Event] | Rejection:
        if state.outcome:
            return reject("game-over", Layer.NOT_NOW, "§The end", "The game is over ({outcome}).",
                          outcome=labels.outcome_name(state.outcome))
        g = Play(state, self.data)
        refused = _answer(g, state.pending[0], inp) if state.pending else _act(g, inp)
        if refused is not None:
            return refused
        _advance(g)
        return g.events

    # ---- what the table needs (TableRules) --------------------------------------------------------

    def dice_kinds(self) -> Mapping[str, DieKind]:
        return self.data.dice

    def seating(self) -> Seating:
        """Up to four heroes, each joined by its hero card (R-SETUP-1: the heroes are the player count)."""
        return Seating(heroes={h: spec.named() for h, spec in self.data.heroes.items()}, most=4,
                       full=Msg("Four heroes are already at the table."),
                       hint=Msg("Tap a hero card to join the game."), options=("difficulty", "deal"))

    def seated(self, state: GameState) -> list[str]:
        return list(state.heroes)

    def space_name(self, zone: int, space: str) -> Named:
        """A space as the board view labels it: the put-back list after an undo names it so."""
        return spaces.space_name(self.data, zone, space)

    def card_name(self, deck: str, card: str) -> Named:
        """A card as the table reads it: the put-back list after an undo names it so ("2 gold", not "gold2")."""
        return labels.card_name(self.data, deck, card)

    def encode(self, state: GameState) -> bytes:
        return msgspec.json.encode(state)

    def decode(self, data: bytes) -> GameState:
        return msgspec.json.decode(data, type=GameState)

    # ---- questions a table may ask --------------------------------------------------------------

    def odds(self, state: GameState, hero: str, target: str) -> Odds:
        g = Play(state, self.data)
        return combat.odds(g, state.heroes[hero], target)


def _act(g: Play, inp: Input) -> Rejection | None:
    if not isinstance(inp, Act):
        return reject("expected-action", Layer.NOT_NOW, "§Your turn", "Waiting for {hero}'s action, not a {what}.",
                      hero=g.hero_name(g.s.active), what=labels.INPUT_KINDS[_kind(inp)])
    refused = turn.check(g, inp)
    if refused is None:
        turn.perform(g, inp)
    return refused


def _kind(inp: Input) -> str:
    return {Act: "action", Roll: "die", Draw: "card", Choose: "choice"}[type(inp)]


def _step_prompt(g: Play, step: Pending) -> Prompt:
    if isinstance(step, DrawStep):
        purpose, rule = card_purpose(step)
        candidates = sorted(set(g.s.decks[step.deck].remaining()))
        return CardPrompt(deck=step.deck, who=step.who, purpose=purpose, rule=rule, candidates=candidates,
                          labels={c: labels.card(g, step.deck, c) for c in candidates})
    if isinstance(step, RollStep):
        purpose, rule = die_purpose(step)
        return DiePrompt(die=step.die, who=step.who, purpose=purpose, rule=rule)
    purpose, rule = choice_purpose(step)
    return ChoicePrompt(chooser=step.chooser, purpose=purpose, rule=rule,
                        options=[Option(id=o, label=choice_label(g, step, o)) for o in _choices(g, step)])


def _choices(g: Play, step: ChooseStep) -> list[str]:
    if step.purpose == "upgrade":
        return death.upgrade_options(g, g.s.heroes[step.subject])
    return step.options


def _answer(g: Play, step: Pending, inp: Input) -> Rejection | None:
    s = g.s
    if isinstance(step, DrawStep):
        if not isinstance(inp, Draw) or inp.deck != step.deck:
            return reject("expected-card", Layer.NOT_NOW, "§Components", "Waiting for a card from the {deck} deck.",
                          deck=labels.deck_name(step.deck))
        deck = s.decks[step.deck]
        if inp.card is not None and not deck.can_draw(inp.card):
            return reject("card-not-in-deck", Layer.ILLEGAL, "§Components", "{card} cannot be the next card of the "
                          "{deck} deck: none is left in it.", card=inp.card, deck=labels.deck_name(step.deck))
        s.pending.pop(0)
        _on_draw(g, step, deck.draw(s.rng, inp.card))
        return None
    if isinstance(step, RollStep):
        if not isinstance(inp, Roll):
            return reject("expected-die", Layer.NOT_NOW, "§Special dice", "Waiting for the {die}.",
                          die=labels.die_name(g, step.die))
        if inp.die not in (step.die, "d6") or inp.die not in g.d.dice:
            return reject("wrong-die", Layer.ILLEGAL, "§Special dice", "This roll needs the {die} (or a plain d6), "
                          "not the {given}.", die=labels.die_name(g, step.die),
                          given=labels.die_name(g, inp.die))
        kind = g.d.dice[inp.die]
        face = kind.face(inp.face) if inp.face is not None else kind.roll(s.rng)
        if face is None:
            return reject("unknown-face", Layer.MALFORMED, "§Special dice", "The {die} has no face {face}.",
                          die=labels.die_name(g, inp.die), face=str(inp.face))
        s.pending.pop(0)
        s.stats.rolls[str(face.value)] = s.stats.rolls.get(str(face.value), 0) + 1
        _on_roll(g, step, face.value)
        return None
    if not isinstance(inp, Choose):
        return reject("expected-choice", Layer.NOT_NOW, "§Your turn", "Waiting for a choice.")
    if inp.option not in _choices(g, step):
        return reject("unknown-option", Layer.ILLEGAL, "§Your turn", "{option} is not one of the choices offered.",
                      option=inp.option)
    s.pending.pop(0)
    _on_choose(g, step, inp.option)
    return None


def _on_draw(g: Play, step: DrawStep, card: str | None) -> None:
    """A card drawn for `step.purpose`, or None when the deck and its discard are both empty: then what
    the draw was for finishes with what there is (R-EXPLORE-7), so no step is left half done."""
    handlers = _DRAWS.get(step.purpose)
    if handlers is None:
        raise EngineError(f"no rule draws for {step.purpose!r}")
    on_card, on_empty = handlers
    who = g.s.heroes[step.who]
    if card is not None:
        on_card(g, who, card)
        return
    g.say("deck-empty", "§Components", "The {deck} deck is empty: nothing is drawn.", {"deck": step.deck},
          deck=labels.deck_name(step.deck))
    on_empty(g, who)


def _nothing(g: Play, who: Hero) -> None:
    """Nothing drawn and nothing half done: the loot, equipment, event or ambush monster does not come."""


_DRAWS: dict[str, tuple[Callable[[Play, Hero, str], None], Callable[[Play, Hero], None]]] = {
    "attack": (lambda g, who, card: combat.on_card(g, card), lambda g, who: combat.no_card(g)),
    "loot": (loot.on_loot, _nothing),
    "potion": (loot.on_potion, loot.potion_deck_empty),
    "equipment": (loot.on_equipment, _nothing),
    "marker": (lambda g, who, card: explore.on_marker(g, card), lambda g, who: explore.no_marker(g)),
    "room": (lambda g, who, card: explore.on_room(g, card), lambda g, who: explore.on_room(g, None)),
    "room-monster": (lambda g, who, card: explore.on_monster(g, card, "room-monster", who.id),
                     lambda g, who: explore.no_more_monsters(g)),
    "event-monster": (lambda g, who, card: explore.on_monster(g, card, "event-monster", who.id), _nothing),
    "room-event": (lambda g, who, card: explore.on_event(g, card, g.heroes_at(who.space)), _nothing),
    "escape-event": (lambda g, who, card: explore.on_event(g, card, [who]), _nothing),
}
"""Every purpose a card is drawn for: what the card does, and how the step finishes when none comes."""


def _on_roll(g: Play, step: RollStep, value: int) -> None:
    who = g.s.heroes[step.who]
    if step.purpose == "attack":
        combat.on_die(g, value)
    elif step.purpose == "trap":
        explore.on_trap(g, who, value)
    elif step.purpose == "chest":
        loot.on_chest(g, who, value)
    elif step.purpose == "pursuer":
        escape.on_pursuer(g, value)
    else:
        raise EngineError(f"no rule rolls for {step.purpose!r}")


def _on_choose(g: Play, step: ChooseStep, option: str) -> None:
    s = g.s
    p = step.purpose
    if p == "reroll":
        combat.on_reroll(g, option)
    elif p == "equip":
        loot.on_equip_choice(g, s.heroes[step.chooser], step.subject, option)
    elif p == "monster-target":
        rounds.run_monster_phase(g, option)
    elif p == "upgrade":
        death.take_upgrade(g, s.heroes[step.subject], option)
    elif p == "shard":
        _give_shard(g, option)
        zones.next_board(g)
        _upgrades_after_guardian(g)
    elif p == "bearer":
        s.shards_won.append(g.d.guardians[s.board.zone].shard.id)
        escape.form_covenant(g, s.heroes[option])
        _upgrades_after_guardian(g)
    else:
        raise EngineError(f"no rule chooses for {p!r}")


def _give_shard(g: Play, hero_id: str) -> None:
    shard = g.d.guardians[g.s.board.zone].shard
    g.s.heroes[hero_id].shards.append(shard.id)
    g.s.shards_won.append(shard.id)
    g.say("shard", "§The end", "{hero} takes the {shard} shard.", {"hero": hero_id, "shard": shard.id},
          hero=g.hero_name(hero_id), shard=shard.named())


def _upgrades_after_guardian(g: Play) -> None:
    count = 2 if g.s.players == 3 else 1
    for hero in g.s.heroes.values():
        death.offer_upgrades(g, hero, count)


def _advance(g: Play) -> None:
    """Run what needs nobody's answer until the engine waits for an input (or the game ends)."""
    s = g.s
    for _ in range(STEP_LIMIT):
        if s.outcome:
            return
        if s.pending:
            step = s.pending[0]
            if isinstance(step, DrawStep) and (s.decks[step.deck].mode == DealMode.APP
                                               or not s.decks[step.deck].remaining()):
                s.pending.pop(0)
                _on_draw(g, step, s.decks[step.deck].draw(s.rng))
                continue
            if isinstance(step, ChooseStep) and not _choices(g, step):
                s.pending.pop(0)
                continue
            return
        if s.phase == "monsters":
            rounds.run_monster_phase(g)
        elif not s.turn_open:
            rounds.begin_turn(g)
        elif s.actions <= 0 and not any(turn.targets(g, s.heroes[s.active], a) for a in ("revive", "buy")):
            # R-TURN-1: out of actions and nothing free to do
            rounds.end_turn(g)
        else:
            return
    raise EngineError("the engine did not come to rest: a rule loops")
