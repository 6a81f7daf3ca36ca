"""What a phone shows (issue 27): its seat's card, the prompt the table is on, the last rulings with their
citations and, before its own attack or retirement, the exact odds; all of it in the phone's language, in
logical order (the browser lays out right-to-left text and shapes Arabic itself: nothing here reshapes).

A view is made in two steps, so that the server's thread never reads the game while the UI thread changes it:
`snapshot(table, seat)` on the UI thread, right after a commit, reads the table into messages (a `PhoneView`
of `Msg`s), and `render(snapshot, lang)` puts it in a language anywhere, any number of times. `phone_view` is
the two at once. A choice's id is the prompt panel's own key (`companion.ui.prompts`), so `answer` finds the
input a phone's tap gives by the same path as the screen's buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, Literal, TypeVar, cast

import msgspec

from companion.core.flow import ActionPrompt, ChoicePrompt, Input, Prompt, ThrowPrompt
from companion.core.messages import LANGS, Lang, Later, Msg, Named, Plural, decimal, listed, verbatim
from companion.games.descent.state import GameState as DescentState
from companion.table import Table
from companion.ui.bidi import bind_numbers, mark_sums
from companion.ui.descent.names import Names as DescentNames
from companion.ui.heroes import conditions, counted, hero_card
from companion.ui.i18n import N_
from companion.ui.prompts import Choice as PanelChoice
from companion.ui.prompts import Namer
from companion.ui.prompts import view as panel_view
from companion.ui.rulebook import cite, rule_texts, sections
from companion.web.tokens import SPECTATOR

T = TypeVar("T", Msg, str)
RULINGS_SHOWN = 5
RTL: frozenset[Lang] = frozenset({"ar"})
GAMES = {"covenant": N_("The Last Covenant"), "dungeon-roll": N_("Dungeon Roll"), "descent": N_("Descent")}


class Row(msgspec.Struct, Generic[T], frozen=True):
    label: T
    value: T


class Card(msgspec.Struct, Generic[T], frozen=True):
    """The seat's card: its name, what lies on its board as label and value, and its states (cursed, fallen)."""

    title: T
    rows: list[Row[T]]
    states: list[T]


class ChoiceView(msgspec.Struct, Generic[T], frozen=True):
    id: str
    label: T
    enabled: bool


class PromptView(msgspec.Struct, Generic[T], frozen=True):
    """The prompt the table is on; `mine` when this seat answers it (its choices are enabled then)."""

    title: T
    text: T
    rule: str
    choices: list[ChoiceView[T]]
    mine: bool


class Cite(msgspec.Struct, Generic[T], frozen=True):
    """A citation: the rule's id, how it reads, and its text (a rulebook section or a ruling)."""

    id: str
    title: T
    text: T


class Ruling(msgspec.Struct, Generic[T], frozen=True):
    text: T
    cite: Cite[T] | None


class Seat(msgspec.Struct, Generic[T], frozen=True):
    id: str
    name: T


class PhoneView(msgspec.Struct, Generic[T], frozen=True):
    """A phone's whole view of the table at revision `seq` (the table's `revision`): sent whole each time."""

    lang: Lang
    dir: Literal["rtl", "ltr"]
    game: str
    title: T
    seat: Seat[T]
    card: Card[T] | None
    prompt: PromptView[T] | None
    rulings: list[Ruling[T]]
    odds: list[Row[T]] | None
    seq: int


def phone_view(table: Table, seat: str, lang: Lang) -> PhoneView[str]:
    """The view of `seat` (a seated hero's or player's id, or SPECTATOR) in `lang`."""
    return render(snapshot(table, seat), lang)


def render(view: PhoneView[Msg], lang: Lang) -> PhoneView[str]:
    """Every message of `view` in `lang`."""
    rendered = _render(view, lang)
    # An odds row is a sentence of numbers ("67% to hit · expected damage 5.0"): no-break spaces keep each number
    # with its words, as the Pi's screen binds them, or the phone wrapped "5.0" alone onto a line.
    odds = None if rendered.odds is None else [Row(r.label, bind_numbers(r.value)) for r in rendered.odds]
    return cast(PhoneView[str], msgspec.structs.replace(rendered, lang=lang, dir="rtl" if lang in RTL else "ltr",
                                                        odds=odds))


LRI, PDI = "\u2066", "\u2069"


def _render(value: Any, lang: Lang) -> Any:
    if isinstance(value, Msg):
        # In a right-to-left paragraph the browser reverses a sum's terms («9 − 7 + 2» drawn «2 + 7 − 9»): each
        # one isolated left to right (UAX #9), as the Pi's screen embeds them (ui/bidi.isolate_sums).
        return mark_sums(value.text(lang), LRI, PDI) if lang in RTL else value.text(lang)
    if isinstance(value, msgspec.Struct):
        return type(value)(**{f: _render(getattr(value, f), lang) for f in value.__struct_fields__})
    if isinstance(value, list):
        return [_render(v, lang) for v in value]
    return value


def snapshot(table: Table, seat: str) -> PhoneView[Msg]:
    """`seat`'s view of the table as it stands, as messages (read on the UI thread)."""
    return snapshots(table, [seat])[seat]


def snapshots(table: Table, seats: list[str]) -> dict[str, PhoneView[Msg]]:
    """The views of `seats` at once: what they share (the prompt's buttons, the rulings) is read once."""
    seen = _seen(table)
    game = getattr(seen.rules, "id", "")
    title = Msg(GAMES[game]) if game in GAMES else _text(verbatim(game))
    prompt = table.prompt
    names = seen.names
    asked = _prompt(prompt, names) if prompt is not None else None
    rulings = _rulings(table)
    found = {}
    for seat in seats:
        mine = seat != SPECTATOR and prompt is not None and owner(prompt) == seat
        shown = None if asked is None else msgspec.structs.replace(
            asked, mine=mine, choices=[] if seat == SPECTATOR else [
                msgspec.structs.replace(c, enabled=mine) for c in asked.choices])
        found[seat] = PhoneView(
            lang="en", dir="ltr", game=game, title=title,
            seat=Seat(seat, Msg("Spectator") if seat == SPECTATOR else _text(names.who(seat))),
            card=_card(seen, seat) if seat != SPECTATOR and seen.state is not None else None, prompt=shown,
            rulings=rulings, odds=_odds(seen, prompt) if mine and prompt is not None else None, seq=table.revision)
    return found


def owner(prompt: Prompt) -> str:
    """Whose prompt it is: the hero or player who acts, throws, draws or chooses ("table" for the referee's)."""
    if isinstance(prompt, ActionPrompt):
        return prompt.actor
    if isinstance(prompt, ChoicePrompt):
        return prompt.chooser
    return prompt.who


def answer(table: Table, choice: str) -> Input | None:
    """The input the choice `choice` of the current prompt gives, or None when the prompt offers no such choice."""
    prompt = table.prompt
    if prompt is None:
        return None
    found = next((c for c in _choices(prompt, _seen(table).names) if c.key == choice), None)
    return found.answer if found is not None else None


def _choices(prompt: Prompt, names: Namer) -> list[PanelChoice]:
    """The choices a phone may answer, each target of an action one of them. Dice and cards stay physical: a
    die, a card or a throw is the tray's, the reader's or the screen's to give, never a phone's."""
    if not isinstance(prompt, ActionPrompt | ChoicePrompt):
        return []
    found: list[PanelChoice] = []
    for choice in panel_view(prompt, names).choices:
        found.extend(choice.children if choice.answer is None else (choice,))
    return found


@cache
def _the_table() -> Named:
    return {lang: Msg("The table").text(lang) for lang in LANGS}


@dataclass(frozen=True)
class Seen:
    """The table as read once for a round of views: its rule system (`Table.rules` checks a protocol, a
    millisecond a read), its state, and the names of what its prompts name."""

    rules: Any
    state: Any
    names: Namer


def _seen(table: Table) -> Seen:
    rules, state = table.rules, table.session.state
    return Seen(rules, state, _namer(rules, state))


def _namer(rules: Any, state: Any) -> Namer:
    seating = rules.seating().heroes if rules is not None else {}
    names = dict(seating)
    names["table"] = _the_table()  # Descent's referee prompts are the table's, no hero's
    for figure in getattr(state, "figures", []):
        names.setdefault(figure.id, figure.named())
    dice = rules.dice_kinds() if rules is not None else {}
    if isinstance(state, DescentState):  # a Descent target is a figure or a boulder, named as the Pi's screen names it
        return Namer(names, dice, DescentNames(state, rules.data).who)
    space = getattr(rules, "space_name", None)
    zone = getattr(getattr(state, "board", None), "zone", 1)
    if space is None:
        return Namer(names, dice)
    return Namer(names, dice, lambda s: cast(Named, space(zone, s)))


def _prompt(prompt: Prompt, names: Namer) -> PromptView[Msg]:
    """The prompt as every seat sees it, its choices not yet anyone's."""
    if isinstance(prompt, ThrowPrompt):
        title = Msg("{who}: throw the dice", {"who": names.who(prompt.who)})
        return PromptView(title, prompt.purpose, prompt.rule, [], False)
    panel = panel_view(prompt, names)
    parents = {c.key: c.label for c in panel.choices}
    choices = [ChoiceView(c.key, _label(c, parents), False) for c in _choices(prompt, names)]
    return PromptView(panel.title, panel.purpose or _num(""), panel.rule, choices, False)


def _label(choice: PanelChoice, parents: dict[str, Msg | Named]) -> Msg:
    """A button's words; an action's target reads with its action ("Move: b2", "Attack: Goblin")."""
    parent = parents.get(choice.key.split(":", 1)[0]) if ":" in choice.key else None
    if parent is None or choice.key in parents:
        return _text(choice.label)
    return Msg("{action}: {target}", {"action": _name(parent), "target": _name(choice.label)})


def _rulings(table: Table) -> list[Ruling[Msg]]:
    """The rulings of the last accepted inputs, the latest first, each with its citation."""
    texts = _rule_texts()
    events = [e for events in reversed(table.recent) for e in reversed(events)][:RULINGS_SHOWN]
    return [Ruling(e.msg, Cite(e.rule, cite(e.rule), _text(texts.get(e.rule, verbatim(e.rule)))) if e.rule else None)
            for e in events]


@cache
def _rule_texts() -> dict[str, Named]:
    """Every citation's text, read once: the rulebook's sections and the rulings files."""
    return rule_texts(sections())


def _card(seen: Seen, seat: str) -> Card[Msg] | None:
    game = getattr(seen.rules, "id", "")
    if game == "covenant":
        return _covenant(seen, seat)
    if game == "dungeon-roll":
        return _delver(seen, seat)
    if game == "descent":
        return _descent_hero(seen, seat)
    return None


def _covenant(seen: Seen, seat: str) -> Card[Msg] | None:
    state, data = seen.state, seen.rules.data
    hero = state.heroes.get(seat)
    if hero is None:
        return None
    card = hero_card(hero, data)
    potions = [counted(p, n) for p, n in card.potions]
    rows = [Row(Msg("HP"), _num(f"{card.hp}/{card.most}")), Row(Msg("Gold"), _num(card.gold)),
            Row(Msg("Gear"), _text(listed(card.gear, "—"))), Row(Msg("Potions"), _text(listed(potions, "—"))),
            Row(Msg("Shards"), _num(card.shards))]
    if card.upgrades:
        rows.append(Row(Msg("Upgrades"), _text(listed(card.upgrades))))
    states = [card.hp_line] if card.fallen else []  # "fallen", as the Pi's card says it; HP above 12 is no state
    return Card(_text(card.name), rows, [*states, *conditions(hero, state)])


def _delver(seen: Seen, seat: str) -> Card[Msg] | None:
    state, data = seen.state, seen.rules.data
    index = next((n for n, p in enumerate(state.players) if p.hero == seat), None)
    if index is None:
        return None
    player = state.players[index]
    side = data.heroes[seat].side(player.master)
    treasures = [data.treasures[t.rsplit("-", 1)[0]].named() for t in player.treasures
                 if t.rsplit("-", 1)[0] in data.treasures]
    rows = [Row(Msg("Experience"), _num(player.xp)),
            Row(Msg("Treasures"), _text(listed(treasures, "—"))),
            Row(Msg("Delves"), _num(len(player.delves)))]
    states: list[Msg] = [Msg("master side")] if player.master else []
    if index == state.turn and not state.outcome:
        party: dict[str, int] = {}
        for die in sorted(state.at("party")):
            party[state.dice[die].face] = party.get(state.dice[die].face, 0) + 1
        faces = [counted(_face(data, f), n) for f, n in party.items()]
        rows[1:1] = [Row(Msg("Party"), _text(listed(faces, "—"))), Row(Msg("Level"), _num(state.level))]
        states.append(Msg("on the delve now"))
    return Card(_text(side.named()), rows, states)


def _face(data: Any, face_id: str) -> Named:
    found = data.dice["party"].face(face_id)
    return cast(Named, found.named()) if found else verbatim(face_id)


def _descent_hero(seen: Seen, seat: str) -> Card[Msg] | None:
    figure = seen.state.figure(seat)
    if figure is None:
        return None
    rows = [Row(Msg("Wounds"), _num(f"{figure.wounds - figure.damage}/{figure.wounds}")),
            Row(Msg("Armour"), _num(figure.armour)),
            Row(Msg("Dice"), _text(listed([_die(seen, d) for d in figure.dice], "—")))]
    states = [Msg.of(Plural("{n} bleed token", "{n} bleed tokens"), {"n": figure.bleed})] if figure.bleed else []
    if figure.daze:
        states.append(Msg.of(Plural("{n} daze token", "{n} daze tokens"), {"n": figure.daze}))
    if not figure.alive:
        states.append(Msg("killed"))
    return Card(_text(figure.named()), rows, states)


def _die(seen: Seen, die: str) -> Named:
    kinds = seen.rules.dice_kinds() if seen.rules is not None else {}
    return kinds[die].named() if die in kinds else verbatim(die)


def _odds(seen: Seen, prompt: Prompt) -> list[Row[Msg]] | None:
    """Before this seat's own attack (The Last Covenant, §Combat) or its choice to retire (Dungeon Roll, ruling
    R-DR-17): the exact chances, as the Pi's screen shows them."""
    rules, state = seen.rules, seen.state
    if not isinstance(prompt, ActionPrompt):
        return None
    options = {o.id: o for o in prompt.options}
    if "attack" in options and rules is not None and hasattr(rules, "space_name"):
        attack = options["attack"]
        rows = []
        for target in attack.targets:
            odds = rules.odds(state, prompt.actor, target)
            rows.append(Row(_text(attack.target_labels.get(target, verbatim(target))),
                            Msg("{percent}% to hit · expected damage {damage}",
                                {"percent": round(float(odds.hit) * 100),
                                 "damage": decimal(float(odds.damage))})))
        return rows
    if "retire" in options and rules is not None and hasattr(rules, "odds"):
        chance = rules.odds(state)
        rows = [Row(Msg("Retire now"), Msg("{xp} experience", {"xp": state.level}))]
        if chance is not None:
            rows.append(Row(Msg("Chance to clear level {level}", {"level": state.level + 1}),
                            _num(f"{round(float(chance) * 100)}%")))
        return rows
    return None


def _text(value: Msg | Named) -> Msg:
    """A name from the data (in every language) as a message."""
    return value if isinstance(value, Msg) else Msg("{name}", {"name": value})


class Said(Later, frozen=True):
    """A message as a field of another, put in words only when the view is rendered (on the server's thread,
    not the UI thread's)."""

    msg: Msg

    def text(self, lang: Lang) -> str:
        return self.msg.text(lang)


def _name(value: Msg | Named) -> Named | Said:
    """A message or a name, to be a field of another message."""
    return value if isinstance(value, dict) else Said(value)


def _num(value: int | str) -> Msg:
    """A number or a ratio of numbers, the same in every language (the app writes Western digits in Arabic)."""
    return Msg("{value}", {"value": str(value)})
