"""Decks: a draw pile and a discard pile of card ids.

When the draw pile runs out the discard pile is shuffled into a new one (every deck of The Last
Covenant says so, and so do the other games; a deck that never refills, like The Last Covenant's
potions, says `reshuffles=False`). Each deck is dealt either by the app, which shuffles
with the game's seeded generator and draws the top card itself, or by the table, which draws a real
card and tells the app which one: then the order of the draw pile is unknown and only its contents
matter.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from companion.core.rng import Rng


class DealMode(StrEnum):
    APP = "app"
    TABLE = "table"


class Deck(msgspec.Struct):
    id: str
    mode: DealMode
    draw_pile: list[str]
    discard: list[str] = []
    reshuffles: bool = True

    @classmethod
    def shuffled(cls, deck_id: str, cards: list[str], mode: DealMode, rng: Rng) -> Deck:
        pile = list(cards)
        rng.shuffle(pile)
        return cls(id=deck_id, mode=mode, draw_pile=pile)

    def refill_if_empty(self, rng: Rng) -> None:
        if self.reshuffles and not self.draw_pile and self.discard:
            self.draw_pile, self.discard = self.discard, []
            rng.shuffle(self.draw_pile)

    def can_draw(self, card: str) -> bool:
        """Whether `card` may be the next card drawn (any card left in the pile, as the table sees it)."""
        return card in (self.draw_pile or (self.discard if self.reshuffles else []))

    def draw(self, rng: Rng, card: str | None = None) -> str | None:
        """Take the top card (app) or the named card (table); None when both piles are empty."""
        self.refill_if_empty(rng)
        if not self.draw_pile:
            return None
        if card is None:
            return self.draw_pile.pop(0)
        self.draw_pile.remove(card)
        return card

    def put_bottom(self, card: str) -> None:
        self.draw_pile.append(card)

    def remaining(self) -> list[str]:
        """What the next draw can be: the draw pile, or the discard when the pile is empty."""
        return list(self.draw_pile or (self.discard if self.reshuffles else []))
