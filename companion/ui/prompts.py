"""What the prompt panel shows for each of the engine's prompts: a title, the reason, the rule it
follows, and the buttons, each carrying the input it gives. Plain data, no Kivy: the panel draws it,
tests read it, and the engine's prompts and hand-built ones go through the same path."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.core.dice import DieKind
from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Prompt,
    Roll,
    Source,
)
from companion.core.messages import Msg, Named, named
from companion.ui.i18n import N_

Label = Msg | Named
# The names of the decks a card prompt may name; the game data gives them none.
DECK_NAMES = {"combat": N_("combat"), "loot": N_("loot"), "monsters": N_("monsters"), "events": N_("events"),
              "equipment": N_("equipment"), "potions": N_("potions"), "markers": N_("room markers")}


@dataclass(frozen=True)
class Choice:
    """A button: `answer` is the input it gives, or None when it opens `children` (an action's targets)."""

    key: str
    label: Label
    answer: Input | None
    children: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class PromptView:
    title: Msg
    purpose: Msg | None
    rule: str
    choices: tuple[Choice, ...]


class Namer:
    """Names for the ids a prompt carries: heroes and dice from the game data, the rest as they are."""

    def __init__(self, heroes: Mapping[str, Named], dice: Mapping[str, DieKind],
                 space: Callable[[str], Named] = lambda s: {"en": s}) -> None:
        self.heroes, self.dice, self.space = heroes, dice, space

    def who(self, actor: str) -> Named:
        return self.heroes.get(actor, {"en": actor})

    def die(self, die: str) -> Named:
        kind = self.dice.get(die)
        return kind.named() if kind else {"en": die}

    def deck(self, deck: str) -> Named:
        """A deck's name; a zone's room markers ("markers-z2") are named as markers."""
        kind = deck.split("-")[0]
        return named(DECK_NAMES[kind]) if kind in DECK_NAMES else {"en": deck}

    def faces(self, die: str) -> dict[str, Named]:
        """Each face once (the trap die has two spikes faces), in the die's order."""
        kind = self.dice.get(die)
        faces: dict[str, Named] = {}
        for face in kind.faces if kind else []:
            faces.setdefault(face.id, {lang: text or face.en or face.id for lang, text in face.named().items()})
        return faces


def _action(prompt: ActionPrompt, names: Namer) -> PromptView:
    choices = []
    for option in prompt.options:
        if len(option.targets) == 1:  # "end" the "turn": nothing to choose, one tap does it
            choices.append(Choice(option.id, option.label, Act(prompt.actor, option.id, option.targets[0])))
        elif option.targets:
            targets = tuple(Choice(f"{option.id}:{t}", option.target_labels.get(t, names.space(t)),
                                   Act(prompt.actor, option.id, t))
                            for t in option.targets)
            choices.append(Choice(option.id, option.label, None, targets))
        else:
            choices.append(Choice(option.id, option.label, Act(prompt.actor, option.id)))
    title = Msg("{who}: choose an action", {"who": names.who(prompt.actor)})
    return PromptView(title, None, prompt.rule, tuple(choices))


def _die(prompt: DiePrompt, names: Namer) -> PromptView:
    choices = [Choice(f"face:{fid}", label, Roll(prompt.die, fid, Source.TOUCH))
               for fid, label in names.faces(prompt.die).items()]
    choices.append(Choice("app-roll", Msg("Let the app roll"), Roll(prompt.die, None, Source.APP)))
    title = Msg("{who}: roll the {die}", {"who": names.who(prompt.who), "die": names.die(prompt.die)})
    return PromptView(title, prompt.purpose, prompt.rule, tuple(choices))


def _card(prompt: CardPrompt, names: Namer, opening: str | None) -> PromptView:
    choices = [Choice(f"card:{c}", prompt.labels.get(c, Msg(c)), Draw(prompt.deck, c, Source.TABLE))
               for c in prompt.candidates]
    choices.append(Choice("app-draw", Msg("Let the app draw"), Draw(prompt.deck, None, Source.APP)))
    if prompt.deck.startswith("markers-") and opening is not None:
        # Setup step 6 lays the markers face down on their rooms: the one on the room being opened is
        # turned over, not drawn from a deck.
        title = Msg("{who}: turn over the marker on {room} and lay it on the reader",
                    {"who": names.who(prompt.who), "room": names.space(opening)})
        return PromptView(title, None, prompt.rule, tuple(choices))
    title = Msg("{who}: draw from the {deck} deck",
                {"who": names.who(prompt.who), "deck": names.deck(prompt.deck)})
    return PromptView(title, prompt.purpose, prompt.rule, tuple(choices))


def _choice(prompt: ChoicePrompt, names: Namer) -> PromptView:
    choices = tuple(Choice(o.id, o.label, Choose(o.id, prompt.chooser)) for o in prompt.options)
    return PromptView(Msg("{who}: choose", {"who": names.who(prompt.chooser)}), prompt.purpose, prompt.rule,
                      choices)


def view(prompt: Prompt, names: Namer, opening: str | None = None) -> PromptView:
    """The panel's content for `prompt`; `opening` is the room whose door is being opened, if any."""
    if isinstance(prompt, ActionPrompt):
        return _action(prompt, names)
    if isinstance(prompt, DiePrompt):
        return _die(prompt, names)
    if isinstance(prompt, CardPrompt):
        return _card(prompt, names, opening)
    return _choice(prompt, names)
