"""What passes between the Pi and a phone, and the limits on it, declared once (issue 27).

Phone -> Pi: `{"type": "hello", "lang": "ar"}` (first, and on every reconnection), `{"type": "lang", "lang":
"be"}`, `{"type": "choose", "seq": N, "choice": "ID"}`. Pi -> phone: `{"type": "view", "view": {...}}` (the
whole view, never a difference) and `{"type": "refused", "message": "..."}` (in the phone's language).
A message that does not fit is refused as a whole, as a file from outside is (`companion.core.files`).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from companion.core.messages import Lang


class Limits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How much a phone may send and how many may join: a phone cannot slow the table or fill its memory."""

    message_bytes: Annotated[int, msgspec.Meta(ge=64, le=4096, description="one message, as sent")] = 4096
    per_second: Annotated[int, msgspec.Meta(ge=1, le=20, description="messages a connection sends in a second")] = 20
    phones: Annotated[int, msgspec.Meta(ge=1, le=8, description="connections open at once")] = 8


LIMITS = Limits()

ChoiceId = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=r"^[^\x00-\x1f\x7f]+$")]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


class Hello(msgspec.Struct, frozen=True, tag="hello", tag_field="type", forbid_unknown_fields=True):
    lang: Lang


class SetLang(msgspec.Struct, frozen=True, tag="lang", tag_field="type", forbid_unknown_fields=True):
    lang: Lang


class Choose(msgspec.Struct, frozen=True, tag="choose", tag_field="type", forbid_unknown_fields=True):
    seq: Seq
    choice: ChoiceId


Inbound = Hello | SetLang | Choose
INBOUND = msgspec.json.Decoder(Inbound)
