"""The lines the table screen shows about the game: the round, whose turn, the fall counter, the escape,
and each hero's panel (HP as it lies on the 12 + "+12" track, gold, actions left, equipment, potions,
shards, upgrades). Read-only views of the engine's state, as messages; no Kivy here."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.flow import Event
from companion.core.messages import LANGS, Msg, Named, Plural, listed, named
from companion.games.covenant.data import GameData
from companion.games.covenant.state import GameState, Hero
from companion.games.covenant.traits import max_hp
from companion.ui.i18n import N_

BASIC_WEAPON = N_("basic weapon")
TRACK = 12  # the hero board's HP track; above it the "+12" token lies on the board
MAX_FALLS = 6


def _list(names: list[Named]) -> Named:
    """Names joined in each language with its own comma; a dash for none."""
    return listed(names, "—")


def status_line(state: GameState, data: GameData, phase_round: int | None = None, short: bool = False) -> Msg:
    """Round, whose turn and the actions left, the falls; the escape's round once it has begun. While
    the players step through a monster phase (`phase_round`), that phase, though the engine has moved on.
    `short` leaves out the hero, whom the prompt below names (the narrow panel beside the board)."""
    falls = {"falls": state.falls, "most": MAX_FALLS}
    if phase_round is not None:
        return Msg("Round {round} · monster phase · falls {falls}/{most}", {"round": phase_round, **falls})
    if state.outcome is not None or state.turn >= len(state.order):
        return Msg("Round {round} · the game is over · falls {falls}/{most}", {"round": state.round, **falls})
    if state.phase == "monsters":
        return Msg("Round {round} · monster phase · falls {falls}/{most}", {"round": state.round, **falls})
    hero = {"hero": data.heroes[state.active].named(), "actions": state.actions, **falls}
    if short:
        return _short(state)
    if state.escape is not None and state.escape.round:
        escape = {"round": state.escape.round, "rounds": state.escape.rounds, **hero}
        return Msg.of(Plural("Escape round {round} of {rounds} · {hero}: {actions} action · falls {falls}/{most}",
                             "Escape round {round} of {rounds} · {hero}: {actions} actions · falls {falls}/{most}",
                             "actions"), escape)
    return Msg.of(Plural("Round {round} · {hero}: {actions} action · falls {falls}/{most}",
                         "Round {round} · {hero}: {actions} actions · falls {falls}/{most}", "actions"),
                  {"round": state.round, **hero})


def _short(state: GameState) -> Msg:
    fields = {"round": state.round, "actions": state.actions, "falls": state.falls, "most": MAX_FALLS}
    if state.escape is not None and state.escape.round:
        escape = {**fields, "round": state.escape.round, "rounds": state.escape.rounds}
        return Msg.of(Plural("Escape round {round} of {rounds} · {actions} action · falls {falls}/{most}",
                             "Escape round {round} of {rounds} · {actions} actions · falls {falls}/{most}",
                             "actions"), escape)
    return Msg.of(Plural("Round {round} · {actions} action · falls {falls}/{most}",
                         "Round {round} · {actions} actions · falls {falls}/{most}", "actions"), fields)


def attack_sum(event: Event) -> Msg | None:
    """An attack's arithmetic with each number named (§Combat: the card, the die, the bonus, against the
    target's strength), for the step that shows its outcome; the transcript keeps the engine's short form."""
    data = event.data
    if event.kind not in ("hit", "miss", "golden-six") or not all(k in data for k in ("card", "die", "bonus")):
        return None
    return Msg("Card {card} + die {die} + bonus {bonus} = {total}, against strength {strength}",
               {k: data[k] for k in ("card", "die", "bonus", "total", "strength")})


def hp_text(hero: Hero, most: int) -> Msg:
    """Where the HP marker lies, against the hero's maximum: on the track, or on it with the "+12" token."""
    if hero.fallen:
        return Msg("fallen")
    if hero.hp > TRACK:
        return Msg("HP {hp}/{most} (+12 token, marker on {spot})", {"hp": hero.hp, "most": most,
                                                                     "spot": hero.hp - TRACK})
    return Msg("HP {hp}/{most}", {"hp": hero.hp, "most": most})


@dataclass(frozen=True)
class HeroCard:
    """A hero's card on the heroes' panel: what lies on their hero board, as the table sees it."""

    name: Named
    seat: int
    hp: int
    most: int
    hp_line: Msg
    gold: int
    gear: list[Named]  # weapon (the basic one when no other), armour, accessory
    potions: list[tuple[Named, int]]  # each kind once, with how many
    shards: int
    upgrades: list[Named]
    fallen: bool
    cursed: bool


def hero_card(hero: Hero, data: GameData) -> HeroCard:
    most = max_hp(data, hero)
    weapon = data.equipment[hero.weapon].named() if hero.weapon in data.equipment else named(BASIC_WEAPON)
    gear = [weapon] + [data.equipment[i].named() for i in (hero.armour, hero.accessory) if i in data.equipment]
    counts: dict[str, int] = {}
    for potion in hero.potions:
        counts[potion] = counts.get(potion, 0) + 1
    potions = [(data.potions[p].named(), n) for p, n in counts.items() if p in data.potions]
    upgrades = [data.upgrades[u].named() for u in hero.upgrades if u in data.upgrades]
    return HeroCard(data.heroes[hero.id].named(), hero.seat, hero.hp, most, hp_text(hero, most), hero.gold, gear,
                    potions, len(hero.shards), upgrades, hero.fallen, bool(hero.curse))


def counted(name: Named, count: int) -> Named:
    """A thing and how many of it ("Health potion ×2"), as the heroes' panel and the phones write it."""
    return {lang: f"{name.get(lang) or name['en']} ×{count}" for lang in LANGS}


def card_lines(card: HeroCard) -> list[Msg]:
    """The card's lines under its name and HP bar: gold, potions and shards with counts; gear; upgrades."""
    potions = [counted(n, c) for n, c in card.potions]
    lines = [Msg.of(Plural("gold {gold} · potions: {potions} · {shards} shard",
                           "gold {gold} · potions: {potions} · {shards} shards", "shards"),
                    {"gold": card.gold, "potions": _list(potions), "shards": card.shards}),
             Msg("gear: {gear}", {"gear": _list(card.gear)})]
    if card.upgrades:
        lines.append(Msg("upgrades: {upgrades}", {"upgrades": _list(card.upgrades)}))
    return lines


def wasted_healing(hero: Hero, potion: str, data: GameData) -> Msg | None:
    """A warning when a healing potion would heal past the hero's maximum, where healing stops."""
    spec = data.potions.get(potion)
    if spec is None or not spec.effect.heal or hero.fallen:
        return None
    missing = max_hp(data, hero) - hero.hp
    if spec.effect.heal <= missing:
        return None
    return Msg("{potion} heals {heal}, but {hero} is missing only {missing} HP: {wasted} would be wasted. "
               "Tap it again to drink anyway.",
               {"potion": spec.named(), "heal": spec.effect.heal, "hero": data.heroes[hero.id].named(),
                "missing": missing, "wasted": spec.effect.heal - missing})


def conditions(hero: Hero, state: GameState) -> list[Msg]:
    """What else lies on the hero's board: the Covenant, poison, curses, and when a fallen hero dies."""
    found = []
    if state.escape is not None and state.escape.bearer == hero.id:
        found.append(Msg("carries the Covenant"))
    if hero.poison:
        poison = Plural("poisoned: 1 damage at the start of the next turn",
                        "poisoned: 1 damage at the start of each of the next {n} turns")
        found.append(Msg.of(poison, {"n": hero.poison}))
    if hero.curse:
        found.append(Msg.of(Plural("cursed: 1 action fewer next turn", "cursed: {n} fewer actions next turn"),
                            {"n": hero.curse}))
    if hero.fallen and hero.dies_after_round:
        found.append(Msg("dies unless revived by the end of round {round}", {"round": hero.dies_after_round}))
    return found
