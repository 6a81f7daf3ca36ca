"""The phones' tokens: one random token per seat of the game in play, and one for spectators. A token is the
whole of a phone's right to anything: a new game or "forget phones" makes a new set and the old ones open
nothing. Made with `secrets`, compared in constant time."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterable

SPECTATOR = "spectator"
"""The seat of a phone that watches: it sees the table, its prompt and rulings, and answers nothing."""
TOKEN_BYTES = 16  # 128 random bits: not to be guessed over a LAN in the life of a game


class Tokens:
    """The seats' tokens of the game in play. Read by the server's thread, renewed by the UI thread: a lock
    keeps the two from seeing half a set."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_seat: dict[str, str] = {}
        self.generation = 0  # counts the sets made: a phone joined under an older one is turned away

    def new_game(self, seats: Iterable[str]) -> None:
        """A fresh token for each of `seats` and for the spectators; every earlier token is revoked."""
        fresh = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in [*seats, SPECTATOR]}
        with self._lock:
            self._by_seat = fresh
            self.generation += 1

    def forget(self) -> None:
        """Every token revoked, none made ("forget phones" in the settings): no phone is served until a new game."""
        with self._lock:
            self._by_seat = {}
            self.generation += 1

    def token(self, seat: str) -> str | None:
        with self._lock:
            return self._by_seat.get(seat)

    def seats(self) -> list[str]:
        """The seats with a token, the spectators' last."""
        with self._lock:
            return list(self._by_seat)

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The seat a token opens and the generation of its set, or None for a token not (or no longer) valid.
        Every token is compared, so that the time taken does not tell how much of one was right."""
        found = None
        with self._lock:
            for seat, known in self._by_seat.items():
                if secrets.compare_digest(known.encode(), token.encode()):
                    found = (seat, self.generation)
        return found

    def valid(self, generation: int) -> bool:
        with self._lock:
            return generation == self.generation
