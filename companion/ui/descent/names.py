"""Names for what the Descent prompts carry as ids: figures by their names, boulders by their number, the
table itself, the dice by colour and their faces as the arithmetic counts them (range · damage · surges):
what the game-neutral throw entry (companion/ui/throw_entry.py) is given to show."""

from __future__ import annotations

import msgspec

from companion.core.dice import DieKind, Face
from companion.core.flow import ThrowPrompt
from companion.core.messages import Msg, Named, listed, named, verbatim
from companion.games.descent.data import DescentData
from companion.games.descent.state import GameState
from companion.ui.i18n import N_

TABLE_NAME = N_("The table")
COLOURS = {"red": N_("Red"), "blue": N_("Blue"), "white": N_("White"), "green": N_("Green"),
           "yellow": N_("Yellow"), "black": N_("Black")}


def boulder_number(bid: str) -> str:
    """A boulder as the map shows it: the number of its id ("b2", "2": 2), the id itself without one."""
    digits = "".join(ch for ch in bid if ch.isdigit())
    return digits or bid


class Names:
    def __init__(self, state: GameState, data: DescentData) -> None:
        self.state, self.data = state, data

    def who(self, fid: str) -> Named:
        f = self.state.figure(fid)
        if f is not None:
            return {lang: text or f.en or f.id for lang, text in f.named().items()}
        if any(b.id == fid for b in self.state.map.boulders):
            return named("Boulder {boulder}", boulder=boulder_number(fid))
        return named(TABLE_NAME)

    def readable(self, msg: Msg) -> Msg:
        """A ruling's message with a boulder named by the number drawn on it, not its id ("b2")."""
        boulder = msg.fields.get("boulder")
        if isinstance(boulder, str):
            return msgspec.structs.replace(msg, fields={**msg.fields, "boulder": boulder_number(boulder)})
        return msg

    def listed(self, fids: list[str]) -> Named:
        return listed((self.who(f) for f in fids), empty="-")

    def die(self, die: str) -> Named:
        return self.data.dice[die].named()

    def kinds(self) -> dict[str, DieKind]:
        """The dice as the throw entry shows them: each face once, a miss by its name, the others by their
        three numbers (range · damage · surges, the legend beside them)."""
        return {kind.id: msgspec.structs.replace(kind, faces=self._faces(kind)) for kind in self.data.dice.values()}

    def _faces(self, kind: DieKind) -> list[Face]:
        out: dict[str, Face] = {}
        for face in kind.faces:
            value = self.data.value(kind.id, face.id)
            text = face.named() if value.miss else listed(
                (verbatim(str(n)) for n in (value.range, value.damage, value.surges)), separator=" · ")
            whole = {lang: text[lang].replace(" ", "\u00a0") for lang in ("en", "ar", "be")}  # one face, one line
            out.setdefault(face.id, msgspec.structs.replace(face, en=whole["en"], ar=whole["ar"], be=whole["be"]))
        return list(out.values())

    @staticmethod
    def dice(prompt: ThrowPrompt) -> dict[str, Named]:
        """A throw's dice by colour ("Red", "Black 2" when the colour comes twice)."""
        out: dict[str, Named] = {}
        for die, colour in prompt.dice.items():
            number = die.rsplit("-", 1)[1] if "-" in die else ""
            name = named(COLOURS[colour])
            out[die] = {lang: f"{text} {number}".strip() for lang, text in name.items()}
        return out
