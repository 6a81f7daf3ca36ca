"""What the prompt panel shows for each of the engine's prompts: a title, the reason, the rule it
follows, and the buttons, each carrying the input it gives. Plain data, no Kivy: the panel draws it,
tests read it, and the engine's prompts and hand-built ones go through the same path."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

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
from companion.core.messages import Lang, Msg, translate
from companion.ui.newgame import HERO_NAMES


class Text(Protocol):
    def text(self, lang: Lang) -> str: ...


@dataclass(frozen=True)
class Named:
    """A name given in both languages by the game data (a die, a face) rather than by a catalogue."""

    en: str
    ar: str

    def text(self, lang: Lang) -> str:
        return self.ar if lang == "ar" else self.en


def fill(msgid: str, **fields: Text | str | int) -> Named:
    """A catalogue message whose fields may themselves be texts in both languages."""

    def one(lang: Lang) -> str:
        values = {k: v if isinstance(v, str | int) else v.text(lang) for k, v in fields.items()}
        return translate(msgid, lang).format(**values)

    return Named(one("en"), one("ar"))


def who(actor: str) -> Msg:
    """A hero's name from its id; another actor's id goes through the catalogue as it is."""
    return Msg(HERO_NAMES.get(actor, actor))


@dataclass(frozen=True)
class Choice:
    """A button: `answer` is the input it gives, or None when it opens `children` (an action's targets)."""

    key: str
    label: Text
    answer: Input | None
    children: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class PromptView:
    title: Text
    purpose: Text | None
    rule: str
    choices: tuple[Choice, ...]


def _action(prompt: ActionPrompt) -> PromptView:
    choices = []
    for option in prompt.options:
        if option.targets:
            targets = tuple(Choice(f"{option.id}:{t}", Msg(t), Act(prompt.actor, option.id, t))
                            for t in option.targets)
            choices.append(Choice(option.id, option.label, None, targets))
        else:
            choices.append(Choice(option.id, option.label, Act(prompt.actor, option.id)))
    return PromptView(fill("{who}: choose an action", who=who(prompt.actor)), None, prompt.rule,
                      tuple(choices))


def _die(prompt: DiePrompt, dice: Mapping[str, DieKind]) -> PromptView:
    kind = dice.get(prompt.die)
    name: Text = Named(kind.en, kind.ar) if kind else Named(prompt.die, prompt.die)
    faces: dict[str, Named] = {}
    for face in kind.faces if kind else []:
        faces.setdefault(face.id, Named(face.en or face.id, face.ar or face.id))
    choices = [Choice(f"face:{fid}", label, Roll(prompt.die, fid, Source.TOUCH)) for fid, label in faces.items()]
    choices.append(Choice("app-roll", Msg("Let the app roll"), Roll(prompt.die, None, Source.APP)))
    title = fill("{who}: roll the {die}, then tap the face it shows", who=who(prompt.who), die=name)
    return PromptView(title, prompt.purpose, prompt.rule, tuple(choices))


def _card(prompt: CardPrompt) -> PromptView:
    choices = [Choice(f"card:{c}", Msg(c), Draw(prompt.deck, c, Source.TABLE)) for c in prompt.candidates]
    choices.append(Choice("app-draw", Msg("Let the app draw"), Draw(prompt.deck, None, Source.APP)))
    title = fill("{who}: draw from the {deck} deck", who=who(prompt.who), deck=Msg(prompt.deck))
    return PromptView(title, prompt.purpose, prompt.rule, tuple(choices))


def _choice(prompt: ChoicePrompt) -> PromptView:
    choices = tuple(Choice(o.id, o.label, Choose(o.id, prompt.chooser)) for o in prompt.options)
    return PromptView(fill("{who}: choose", who=who(prompt.chooser)), prompt.purpose, prompt.rule, choices)


def view(prompt: Prompt, dice: Mapping[str, DieKind]) -> PromptView:
    """The panel's content for `prompt`; `dice` names the die kinds and their faces."""
    if isinstance(prompt, ActionPrompt):
        return _action(prompt)
    if isinstance(prompt, DiePrompt):
        return _die(prompt, dice)
    if isinstance(prompt, CardPrompt):
        return _card(prompt)
    return _choice(prompt)
