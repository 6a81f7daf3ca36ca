"""The guard against a bug in a rule system, wherever inputs meet the engine: the table, `sessions import`,
`replay`. Should the engine raise on an input (a bug: expected refusals are values), the input is refused
with the code `engine-bug` and a reference, the state is put back as it was, and the log holds under that
reference the input, where the session stood and the state the input met, with the traceback — enough to
reproduce it with `companion replay`.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from companion.core.flow import Layer, Rejection, reject

CODE = "engine-bug"
LOG = logging.getLogger("companion.engine")
T = TypeVar("T")


def guarded(call: Callable[[], T], what: bytes, session: Any = None, log: logging.Logger = LOG,
            where: str = "", expected: tuple[type[Exception], ...] = ()) -> T | Rejection:
    """`call`'s answer; should the engine raise, a refusal, and `session.state` (if any) as it was before.

    `what` is the input (its JSON), `where` says where it met the engine when the session cannot (default:
    the session's id and head); the `expected` exceptions (a refused setup) are the caller's to handle."""
    rules = getattr(session, "rules", None)
    before = rules.encode(session.state) if rules is not None else b""
    try:
        return call()
    except expected:
        raise
    # A bug in the engine must not end the game, the import or the replay, whatever it raises.
    except Exception as exc:
        if rules is not None:
            session.state = rules.decode(before)
        where = where or f"session {getattr(session, 'id', None)} at input {getattr(session, 'head', None)}"
        return engine_bug(what, before, exc, where, log)


def engine_bug(what: bytes, before: bytes, exc: Exception, where: str, log: logging.Logger = LOG) -> Rejection:
    """The refusal, with a reference that finds its log record."""
    ref = hashlib.sha256(what + before).hexdigest()[:8]
    log.error("engine bug %s: input refused, game kept as it was; %s; input %s; state before %s", ref, where,
              what.decode(errors="replace"), before.decode(errors="replace"), exc_info=exc)
    return reject(CODE, Layer.NOT_NOW, "", "The referee failed on this input (bug {ref}): it is refused and the "
                  "game is as it was. Try it another way; the log holds the details.", ref=ref)
