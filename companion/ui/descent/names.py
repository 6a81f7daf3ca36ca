"""Names for what the Descent prompts carry as ids: figures by their names, boulders by their number, the
table itself, the dice and their faces (written as the arithmetic counts them: range · damage · surges)."""

from __future__ import annotations

from companion.core.messages import LANGS, Msg, Named
from companion.games.descent.data import DescentData
from companion.games.descent.state import GameState
from companion.ui.i18n import N_, named

TABLE_NAME = N_("The table")


class Names:
    def __init__(self, state: GameState, data: DescentData) -> None:
        self.state, self.data = state, data

    def who(self, fid: str) -> Named:
        f = self.state.figure(fid)
        if f is not None:
            return {"en": f.en or f.id, "ar": f.ar or f.en or f.id}
        if any(b.id == fid for b in self.state.map.boulders):
            return {lang: Msg("Boulder {boulder}", {"boulder": fid}).text(lang) for lang in LANGS}
        return named(TABLE_NAME)

    def listed(self, fids: list[str]) -> Named:
        names = [self.who(f) for f in fids]
        return {"en": ", ".join(n["en"] for n in names) or "-", "ar": "، ".join(n["ar"] for n in names) or "-"}

    def die(self, die: str) -> Named:
        kind = self.data.dice[die]
        return {"en": kind.en, "ar": kind.ar}

    def faces(self, die: str) -> list[tuple[str, Named]]:
        """Each face once, in the die's order: a miss by its name, the others by their three numbers."""
        out: dict[str, Named] = {}
        for face in self.data.dice[die].faces:
            value = self.data.value(die, face.id)
            if value.miss:
                out.setdefault(face.id, {"en": face.en, "ar": face.ar})
            else:
                text = f"{value.range} · {value.damage} · {value.surges}"
                out.setdefault(face.id, {"en": text, "ar": text})
        return list(out.items())
