"""What passes between a table and a rule system: prompts, inputs, events and rejections.

A *prompt* says what the engine waits for now; an *input* answers it; an accepted input yields
*events* (what happened, in order, each citing its rule); a refused one yields a *rejection*, a value
with a stable code, never an exception. All of them are plain, serialisable structs.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from companion.core.messages import LANGS, Field, Msg, Plural

Arg = str | int


class Source(StrEnum):
    """Who produced a die face or a card: the tray, a touch on the screen, the app's generator."""

    TRAY = "tray"
    TOUCH = "touch"
    APP = "app"
    TABLE = "table"


# ---- prompts -----------------------------------------------------------------------------------


class Option(msgspec.Struct, frozen=True):
    """One thing a prompt accepts: an action and its possible targets, or one choice. A target that
    names something (a monster, a hero, a potion) has its name in `target_labels`; a board space has
    none (the screen shows the board)."""

    id: str
    label: Msg
    targets: list[str] = []
    target_labels: dict[str, Msg] = {}


class ActionPrompt(msgspec.Struct, frozen=True, tag="action"):
    actor: str
    options: list[Option]
    rule: str


class DiePrompt(msgspec.Struct, frozen=True, tag="die"):
    die: str
    who: str
    purpose: Msg
    rule: str


class CardPrompt(msgspec.Struct, frozen=True, tag="card"):
    deck: str
    who: str
    purpose: Msg
    rule: str
    candidates: list[str] = []
    labels: dict[str, Msg] = {}


class ChoicePrompt(msgspec.Struct, frozen=True, tag="choice"):
    chooser: str
    options: list[Option]
    purpose: Msg
    rule: str


class ThrowPrompt(msgspec.Struct, frozen=True, tag="throw"):
    """Several dice thrown at once, each named (`dice` maps a die's id to its kind): a game whose dice
    keep their identity (Dungeon Roll's party and dungeon dice) asks for exactly the dice it needs, so
    the table can check that the right dice came back from the tray."""

    dice: dict[str, str]
    who: str
    purpose: Msg
    rule: str


Prompt = ActionPrompt | DiePrompt | CardPrompt | ChoicePrompt | ThrowPrompt


# ---- inputs ------------------------------------------------------------------------------------


class Act(msgspec.Struct, frozen=True, tag="act", forbid_unknown_fields=True):
    actor: str
    action: str
    target: str | None = None
    args: dict[str, Arg] = {}


class Roll(msgspec.Struct, frozen=True, tag="die", forbid_unknown_fields=True):
    """A die face. With `face` None and source `app`, the engine rolls with its own generator."""

    die: str
    face: str | None = None
    source: Source = Source.APP


class Draw(msgspec.Struct, frozen=True, tag="card", forbid_unknown_fields=True):
    """A card drawn by the table (`card` named) or by the app (`card` None)."""

    deck: str
    card: str | None = None
    source: Source = Source.APP


class Choose(msgspec.Struct, frozen=True, tag="choose", forbid_unknown_fields=True):
    option: str
    by: str | None = None


class Throw(msgspec.Struct, frozen=True, tag="throw", forbid_unknown_fields=True):
    """The faces of a throw, by die id. Empty with source `app`: the engine rolls every die the prompt
    names with its own generator; from the tray or a touch it names the face of every one of them. Once
    accepted, an event's `data["faces"]` says every face ("die=face"), so a store can keep an app's throw
    over an undo with its faces named (R-STORE-1)."""

    faces: dict[str, str] = {}
    source: Source = Source.APP


Input = Act | Roll | Draw | Choose | Throw


# ---- outcomes ----------------------------------------------------------------------------------


class Event(msgspec.Struct, frozen=True):
    """Something that happened, for the transcript and the screen. `data` carries the figures."""

    kind: str
    msg: Msg
    rule: str
    data: dict[str, Field | list[str]] = {}


class Layer(StrEnum):
    """Which check refused an input: its shape, its timing, or the rules."""

    MALFORMED = "malformed"
    NOT_NOW = "not-now"
    ILLEGAL = "illegal"


class Rejection(msgspec.Struct, frozen=True):
    code: str
    layer: Layer
    rule: str
    msg: Msg

    def text(self, lang: str) -> str:
        return self.msg.text(next((known for known in LANGS if known == lang), "en"))


class Accepted(msgspec.Struct, frozen=True):
    seq: int
    events: list[Event]


def reject(code: str, layer: Layer, rule: str, text: str | Plural, /, **fields: Field) -> Rejection:
    return Rejection(code=code, layer=layer, rule=rule, msg=Msg.of(text, fields))


def event(kind: str, rule: str, text: str | Plural, data: dict[str, Field | list[str]] | None = None,
          /, **fields: Field) -> Event:
    return Event(kind=kind, msg=Msg.of(text, fields), rule=rule, data=data or {})
