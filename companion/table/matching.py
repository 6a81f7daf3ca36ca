"""Matching what a device saw to what the engine waits for (architecture: "the table").

A die answers a die prompt of the same kind (a plain d6 stands in for the special dice); a room marker
answers the marker draw of a reveal, or starts one; everything else becomes a notice and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.events import DiceThrown, TagSeen
from companion.core.flow import Act, ActionPrompt, CardPrompt, DiePrompt, Draw, Input, Prompt, Roll, Source
from companion.core.messages import Msg, named
from companion.games.covenant.data import GameData
from companion.games.covenant.state import GameState
from companion.table.notices import Notice, notice

STAND_IN = "d6"


def match_throw(throw: DiceThrown, prompt: Prompt | None, data: GameData) -> Input | Notice:
    if not isinstance(prompt, DiePrompt):
        return notice("unrequested-throw", "Nobody asked for a throw: nothing changes. Pick the dice up.")
    wanted = data.dice[prompt.die]
    fit = [d for d in throw.dice if d.kind in (prompt.die, STAND_IN)]
    if not fit:
        given = data.dice.get(throw.dice[0].kind) if throw.dice else None
        return notice("wrong-die", "This roll needs the {wanted}, not the {given}.", rule="§Special dice",
                      wanted=wanted.named(),
                      given=given.named() if given else named("?"))
    if len(fit) > 1:
        return notice("too-many-dice", "Throw one {wanted} only.", wanted=wanted.named())
    die = fit[0]
    if die.cocked:
        return notice("cocked-die", "The die is cocked: throw it again.", rule="§Special dice")
    if die.face is None:
        return notice("unread-face", "The tray could not read the die: throw it again or enter the face by touch.")
    return Roll(die=die.kind, face=die.face, source=Source.TRAY)


@dataclass(frozen=True)
class MarkerTap:
    """A marker tapped while heroes act: reveal `slot` (None: the players must first tap the room)."""

    marker: str
    slot: str | None


def match_tag(tag: TagSeen, prompt: Prompt | None, state: GameState | None, data: GameData,
              problem: Msg | None) -> Input | MarkerTap | Notice:
    """`problem` is the reader's own message for a tag it could not use."""
    if tag.token is None:
        return Notice(code=tag.problem or "unreadable", msg=problem or Msg("This tag cannot be used."))
    token = tag.token
    if token.get("game") != "covenant":
        return notice("other-game", "This tag belongs to another game.")
    if token.get("kind") == "hero-card":
        hero = str(token.get("hero"))
        name = data.heroes[hero].named() if hero in data.heroes else hero
        if state is not None and hero in state.heroes:
            return notice("hero-at-table", "{hero} is already at the table.", hero=name)
        return notice("game-in-progress", "A game is in progress: {hero} can join the next one.", hero=name)
    if token.get("kind") != "room-marker" or state is None:
        return notice("not-now", "This token has no use now.")
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
