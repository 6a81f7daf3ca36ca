"""Matching what a device saw to what the engine waits for (architecture: "the table").

A die answers a die prompt of the same kind (a plain d6 stands in for the special dice); a throw of
several named dice answers with exactly the dice it names, matched by kind (rulings R-DR-41, R-DR-42); a
room marker answers the marker draw of a reveal, or starts one; everything else becomes a notice and
changes nothing. The game's dice and heroes come from its rule system (`TableRules`), never from a game
named here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.dice import DieKind
from companion.core.events import DiceThrown, SettledDie, TagSeen
from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    DiePrompt,
    Draw,
    Input,
    Prompt,
    Roll,
    Source,
    Throw,
    ThrowPrompt,
)
from companion.core.messages import Msg, Named, Plural, listed, named, verbatim
from companion.core.rules import TableRules
from companion.table.notices import Notice, notice

STAND_IN = "d6"


def _named(kind: DieKind | None) -> Named:
    return kind.named() if kind else named("?")


def match_throw(throw: DiceThrown, prompt: Prompt | None, kinds: Mapping[str, DieKind]) -> Input | Notice:
    if isinstance(prompt, ThrowPrompt):
        return _match_named(throw, prompt, kinds)
    if not isinstance(prompt, DiePrompt):
        return notice("unrequested-throw", "Nobody asked for a throw: nothing changes. Pick the dice up.")
    wanted = _named(kinds.get(prompt.die))
    fit = [d for d in throw.dice if d.kind in (prompt.die, STAND_IN)]
    if not fit:
        given = kinds.get(throw.dice[0].kind) if throw.dice else None
        return notice("wrong-die", "This roll needs the {wanted}, not the {given}.", rule="§Special dice",
                      wanted=wanted, given=_named(given))
    if len(fit) > 1:
        return notice("too-many-dice", "Throw one {wanted} only.", wanted=wanted)
    die = fit[0]
    if die.cocked:
        return notice("cocked-die", "The die is cocked: throw it again.", rule="§Special dice")
    if die.face is None:
        return notice("unread-face", "The tray could not read the die: throw it again or enter the face by touch.")
    return Roll(die=die.kind, face=die.face, source=Source.TRAY)


def _match_named(throw: DiceThrown, prompt: ThrowPrompt, kinds: Mapping[str, DieKind]) -> Throw | Notice:
    """The tray's dice given the prompt's die ids, kind by kind, in the order of each (R-DR-41); a throw
    that is not exactly the dice asked for, or with a die the tray could not read, is taken whole or not
    at all (R-DR-42)."""
    wanted, given = Counter(prompt.dice.values()), Counter(d.kind for d in throw.dice)
    if wanted != given:
        return notice("wrong-dice", "This throw needs {wanted}; the tray saw {given}. Pick the dice up and throw "
                      "the dice asked for (ruling R-DR-42).", rule="R-DR-42", wanted=_counts(wanted, kinds),
                      given=_counts(given, kinds))
    cocked = [d for d in throw.dice if d.cocked]
    if cocked:
        return notice("cocked-dice", Plural("{count} die is cocked: throw the whole throw again (ruling R-DR-42).",
                                            "{count} dice are cocked: throw the whole throw again (ruling R-DR-42).",
                                            "count"), rule="R-DR-42", count=len(cocked))
    unread = [d for d in throw.dice if d.face is None]
    if unread:
        return notice("unread-faces", Plural("The tray could not read {count} die: throw the whole throw again or "
                                             "enter the faces by touch (ruling R-DR-42).",
                                             "The tray could not read {count} dice: throw the whole throw again "
                                             "or enter the faces by touch (ruling R-DR-42).", "count"),
                      rule="R-DR-42", count=len(unread))
    faces: dict[str, str] = {}
    for kind in wanted:
        ids = [die for die, k in prompt.dice.items() if k == kind]
        seen: list[SettledDie] = sorted((d for d in throw.dice if d.kind == kind), key=lambda d: d.die_id)
        faces.update({die: str(d.face) for die, d in zip(ids, seen, strict=True)})
    return Throw(faces={die: faces[die] for die in prompt.dice}, source=Source.TRAY)


def _counts(counts: Counter[str], kinds: Mapping[str, DieKind]) -> Named:
    """"party die ×2, dungeon die ×1" in each language, in the order the kinds first come."""
    if not counts:
        return named("no dice")
    return listed({lang: f"{text} ×{n}" for lang, text in _named(kinds.get(kind)).items()}
                  for kind, n in counts.items())


@dataclass(frozen=True)
class MarkerTap:
    """A marker tapped while heroes act: reveal `slot` (None: the players must first tap the room)."""

    marker: str
    slot: str | None


def match_tag(tag: TagSeen, prompt: Prompt | None, state: Any, rules: TableRules[Any] | None,
              problem: Msg | None) -> Input | MarkerTap | Notice:
    """`problem` is the reader's own message for a tag it could not use."""
    if tag.token is None:
        return Notice(code=tag.problem or "unreadable", msg=problem or Msg("This tag cannot be used."))
    token = tag.token
    if rules is None:
        return notice("not-now", "This token has no use now.")
    if token.get("game") != rules.id:
        return notice("other-game", "This tag belongs to another game.")
    seating = rules.seating()
    if token.get("kind") == "hero-card":
        hero = str(token.get("hero"))
        name = seating.heroes.get(hero, verbatim(hero))
        if state is not None and hero in rules.seated(state):
            return notice("hero-at-table", "{hero} is already at the table.", hero=name)
        return notice("game-in-progress", "A game is in progress: {hero} can join the next one.", hero=name)
    if seating.seat_tag and token.get("kind") == seating.seat_tag:
        return notice("seat-in-game", "A game is in progress: new players join the next one.")
    if token.get("kind") != "room-marker" or state is None:
        return notice("not-now", "This token has no use now.")
    return _marker(token, prompt, state)


def _marker(token: dict[str, str | int], prompt: Prompt | None, state: Any) -> Input | MarkerTap | Notice:
    """A room marker of a game whose board has zones of rooms revealed by their markers."""
    marker = str(token.get("marker"))
    zone = state.board.zone
    if token.get("zone") != zone:
        return notice("other-zone", "This marker belongs to zone {marker_zone}; the board in play is zone {zone}.",
                      rule="§Exploration", marker_zone=int(token.get("zone", 0)), zone=zone)
    if marker in state.board.revealed.values():
        return notice("marker-revealed", "This room marker is already revealed.", rule="§Exploration")
    if isinstance(prompt, CardPrompt) and prompt.deck == f"markers-z{zone}":
        return Draw(deck=prompt.deck, card=marker, source=Source.TABLE)
    slots = next((o.targets for o in prompt.options if o.id == "reveal"), []) \
        if isinstance(prompt, ActionPrompt) else []
    if not slots:
        return notice("no-reveal-now", "No door can be opened now: stand next to a closed room, with no more than "
                      "2 monsters on the board, and with an action left.", rule="§Exploration")
    return MarkerTap(marker=marker, slot=slots[0] if len(slots) == 1 else None)


def reveal_act(prompt: ActionPrompt, slot: str) -> Act:
    return Act(actor=prompt.actor, action="reveal", target=slot)
