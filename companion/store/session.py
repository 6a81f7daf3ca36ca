"""Stored sessions: every accepted input committed before its result is shown, resume, undo and redo.

A session is its game, its setup and its log of accepted inputs (`inputs`, seq 1, 2, ...), plus a
snapshot of the state (the rule system's `encode`) every `snapshot_every` inputs, so that resuming
decodes one snapshot and replays fewer than `snapshot_every` inputs however long the game has been.
`head` is where the table stands in the log: after an undo, the inputs beyond it can be redone until a
different decision is taken. Undo and what stays revealed follow ruling R-STORE-1 (`docs/store.md`).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import msgspec

from companion.core.flow import (
    Accepted,
    Act,
    CardPrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Layer,
    Prompt,
    Rejection,
    Roll,
    Source,
    Throw,
    ThrowPrompt,
    reject,
)
from companion.core.messages import Msg
from companion.core.rules import RuleSystem, SetupError, find
from companion.store import acked, putback
from companion.store.db import CHECKPOINT_EVERY, Connect, Problem, checkpoint, open_db, sqlite_connect

SNAPSHOT_EVERY = 100
RULING = "R-STORE-1"
STORE_RULE = "docs/store.md#bad-storage"

_INPUT = msgspec.json.Decoder(Input)
_encode = msgspec.json.encode
LOG = logging.getLogger("companion.store")
Acknowledged = Callable[[], list[acked.Acked]]


class _Kept(msgspec.Struct, frozen=True):
    """A kept die face or card with the draw or roll it was seen for (`_seen_for`): it answers that one only."""

    input: Input
    seen_for: str


_KEPT = msgspec.json.Decoder(_Kept)


def _decode_kept(blob: bytes) -> tuple[Input, str]:
    """A kept row; one stored before kept outcomes named their draw or roll answers none (it lapses)."""
    try:
        kept = _KEPT.decode(blob)
    except msgspec.ValidationError:
        return _INPUT.decode(blob), ""
    return kept.input, kept.seen_for


class _SessionRow(msgspec.Struct, array_like=True, frozen=True):
    """A `sessions` row as read (`_SESSION`): every text and JSON column as bytes, so that a damaged record of
    the database file (SQLite keeps no checksum of it: any value may come back of another kind, or text that is
    not UTF-8) fails here, as a session that cannot be read, never further on."""

    id: int
    game: bytes
    setup: bytes
    created: float
    updated: float
    head: int
    outcome: bytes | None


_SESSION = ("SELECT id, CAST(game AS BLOB), CAST(setup AS BLOB), created, updated, head, CAST(outcome AS BLOB) "
            "FROM sessions")
_SETUP = msgspec.json.Decoder(dict[str, Any])


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise msgspec.ValidationError(f"a damaged text: {exc}") from None


def _rows(rows: list[Any], kind: Any) -> Any:
    """Rows read as `kind`; one of another kind is damage (msgspec.ValidationError)."""
    return msgspec.convert(rows, list[kind])


def heroes_of(setup: Mapping[str, Any]) -> str:
    heroes = setup.get("heroes")
    return ", ".join(str(h) for h in heroes) if isinstance(heroes, list) else ""


class ResumeError(Exception):
    """A stored session that cannot be rebuilt (its log no longer plays through this engine)."""


class SessionInfo(msgspec.Struct, frozen=True):
    id: int
    game: str
    setup: dict[str, Any]
    created: float
    updated: float
    head: int
    outcome: str | None


class Undone(msgspec.Struct, frozen=True):
    """An undo: where the table now stands, and what the players put back on the table."""

    head: int
    put_back: list[Msg]


def is_decision(inp: Input) -> bool:
    return isinstance(inp, (Act, Choose))


class Store:
    """The session database (see `companion.store.db` for its durability and its bad-file handling)."""

    def __init__(self, path: Path | str, snapshot_every: int = SNAPSHOT_EVERY, *, connect: Connect = sqlite_connect,
                 checkpoint_every: int = CHECKPOINT_EVERY) -> None:
        opened = open_db(path, connect)
        self.conn = opened.conn
        self.path = opened.path
        self.durable = opened.durable
        self.read_only = opened.read_only
        self.problems: list[Problem] = opened.problems
        self.snapshot_every = snapshot_every
        self.checkpoint_every = checkpoint_every
        self._commits = 0
        self.record = acked.Record(self.path) if self.durable else None

    def close(self) -> None:
        self.conn.close()
        if self.record is not None:
            self.record.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def write(self, work: Callable[[sqlite3.Connection], object], acknowledged: Acknowledged) -> Problem | None:
        """Run `work` in one transaction, committed (and fsynced) before returning; a problem if it failed.

        Once committed, the sessions' positions `acknowledged` gives are written to the record of what the table
        was told (`companion.store.acked`), which finds a log whose end the card dropped. Every
        `checkpoint_every` commits the log is checkpointed, which bounds what a damaged log can cost."""
        if self.read_only:
            return Problem("read-only", Msg("The session store cannot be changed: this was not saved, and the game "
                                            "is as it was before it. Run companion doctor."))
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            work(self.conn)
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            full = getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL"
            return Problem("store-full" if full else "store-failed", Msg(
                "The disk is full: this was not saved, and the game is as it was before it. Free some space."
                if full else "This could not be saved ({detail}): the game is as it was before it.",
                {"detail": str(exc)}))
        self._commits += 1
        if self.record is not None:
            try:
                self.record.write(acknowledged())
            # The input is saved; only the check of a shortened log is lost for it, which the log says.
            except OSError as exc:
                LOG.warning("the record of acknowledged inputs %s cannot be written: %s", self.record.path, exc)
        if self.durable and self._commits % self.checkpoint_every == 0:
            checkpoint(self.conn)
        return None

    # ---- sessions ------------------------------------------------------------------------------

    def start(self, game: str, setup: Mapping[str, Any]) -> StoredSession | Problem:
        """A new session (a bad game or setup raises `SetupError`, as `Session` does)."""
        rules = find(game)
        state = rules.new_game(setup)
        now = time.time()
        ids: list[int] = []

        def work(c: sqlite3.Connection) -> None:
            cursor = c.execute("INSERT INTO sessions (game, setup, created, updated, head) VALUES (?, ?, ?, ?, 0)",
                               (game, _encode(dict(setup)), now, now))
            ids.append(int(cursor.lastrowid or 0))

        problem = self.write(work, lambda: [acked.Acked(ids[0], 0, acked.digest(None))])
        if problem is not None:
            return problem
        return StoredSession(self, ids[0], game, rules, dict(setup), state, [], [])

    def sessions(self) -> list[SessionInfo]:
        """Every session, newest first (none, and a problem in `problems`, if the file cannot be read)."""
        try:
            rows = self.conn.execute(f"{_SESSION} ORDER BY updated DESC").fetchall()
        except sqlite3.Error as exc:
            self._tell(Problem("store-failed", Msg(
                "The saved sessions cannot be read ({detail}). Run companion doctor.", {"detail": str(exc)})))
            return []
        out: list[SessionInfo] = []
        for row in rows:
            try:
                out.append(_info(msgspec.convert(row, _SessionRow)))
            except msgspec.MsgspecError as exc:
                self._tell(_cannot_resume(row[0], exc))
        return out

    def _tell(self, problem: Problem) -> None:
        if problem not in self.problems:
            self.problems.append(problem)

    def unfinished(self) -> list[SessionInfo]:
        return [s for s in self.sessions() if s.outcome is None]

    def resume(self, session_id: int) -> StoredSession | Problem:
        """The session exactly at its last accepted input, or why it cannot be resumed (its data stays)."""
        try:
            row = self.conn.execute(f"{_SESSION} WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                return Problem("no-session", Msg("There is no session {id}.", {"id": session_id}))
            info = _info(msgspec.convert(row, _SessionRow))
            head = info.head
            rows: list[tuple[int, bytes]] = _rows(self.conn.execute(
                "SELECT seq, CAST(input AS BLOB) FROM inputs WHERE session = ? ORDER BY seq", (session_id,)).fetchall(),
                tuple[int, bytes])
            if [seq for seq, _ in rows] != list(range(1, len(rows) + 1)) or not 0 <= head <= len(rows):
                raise ResumeError("its log has gaps")
            kept = [_decode_kept(b) for (b,) in _rows(self.conn.execute(
                "SELECT CAST(input AS BLOB) FROM kept WHERE session = ? ORDER BY n", (session_id,)).fetchall(),
                tuple[bytes])]
            rules = find(info.game)
            session = StoredSession(self, session_id, info.game, rules, info.setup, None,
                                    [_INPUT.decode(b) for _, b in rows], [k for k, _ in kept])
            session.kept_for = [f for _, f in kept]
            session.state = session.rebuild(head)
            session.head = head
            return session
        except (sqlite3.Error, msgspec.MsgspecError, SetupError, ResumeError) as exc:
            return _cannot_resume(session_id, exc)


def _info(row: _SessionRow) -> SessionInfo:
    return SessionInfo(row.id, _text(row.game), _SETUP.decode(row.setup), row.created, row.updated, row.head,
                       None if row.outcome is None else _text(row.outcome))


def _cannot_resume(session_id: int, exc: Exception) -> Problem:
    return Problem("cannot-resume", Msg(
        "Session {id} cannot be resumed ({detail}). Its data is kept: export it with "
        "'companion sessions export {id}' to report the problem.", {"id": session_id, "detail": str(exc)}))


class StoredSession:
    """A game whose every accepted input is in the store before `submit` returns."""

    def __init__(self, store: Store, session_id: int, game: str, rules: RuleSystem[Any], setup: dict[str, Any],
                 state: Any, inputs: list[Input], kept: list[Input]) -> None:
        self.store = store
        self.id = session_id
        self.game = game
        self.rules = rules
        self.setup = setup
        self.state = state
        self.inputs = inputs
        self.kept = kept
        self.kept_for = [""] * len(kept)  # the draw or roll each kept outcome was seen for
        self.head = len(inputs)

    def prompt(self) -> Prompt | None:
        return self.rules.prompt(self.state)

    def accepted(self) -> list[Input]:
        """The inputs that made the game as it stands (the log up to `head`)."""
        return self.inputs[:self.head]

    def kept_result(self) -> Input | None:
        """The die face or card from before an undo that must answer the current prompt (R-STORE-1): the
        one recorded next in the undone stretch, else the first kept one for this die or deck."""
        prompt = self.prompt()
        if self.head < len(self.inputs) and _answers(prompt, self.inputs[self.head]):
            return self.inputs[self.head]
        index = self._kept_index(prompt)
        return None if index is None else self.kept[index]

    # ---- playing -------------------------------------------------------------------------------

    def submit(self, inp: Input) -> Accepted | Rejection:
        """Apply `inp`; once accepted it is committed to disk, and only then is the result returned."""
        expected = self.kept_result()
        if expected is not None and inp != expected:
            return _kept_rejection(putback.Names(self.rules), expected)
        redo = self.head < len(self.inputs) and self.inputs[self.head] == inp
        kept_index = None if redo else self._kept_index(self.prompt())
        branch = self.head < len(self.inputs) and not redo
        revealed = self._revealed_after_head() if branch else []
        result = self.rules.apply(self.state, inp)
        if isinstance(result, Rejection):
            return result
        seq = self.head + 1
        # A kept outcome answers only the draw or roll it was seen for; once its round is over it lapses.
        now = _round(self.state)
        pairs = [(k, f) for i, (k, f) in enumerate(zip(self.kept, self.kept_for, strict=True))
                 if i != kept_index and _round_of(f) == now] + revealed
        kept, kept_for = [k for k, _ in pairs], [f for _, f in pairs]

        def work(c: sqlite3.Connection) -> None:
            if branch:
                c.execute("DELETE FROM inputs WHERE session = ? AND seq >= ?", (self.id, seq))
                c.execute("DELETE FROM snapshots WHERE session = ? AND seq >= ?", (self.id, seq))
            if not redo:
                c.execute("INSERT INTO inputs (session, seq, input, at) VALUES (?, ?, ?, ?)",
                          (self.id, seq, _encode(inp), time.time()))
            if kept != self.kept or kept_for != self.kept_for:
                self._write_kept(c, kept, kept_for)
            self._snapshot(c, seq)
            self._write_head(c, seq)

        problem = self.store.write(work, lambda: [self.acknowledged(seq, inp)])
        if problem is not None:
            self.state = self.rebuild(self.head)
            return reject(problem.code, Layer.NOT_NOW, STORE_RULE, problem.msg.id, **problem.msg.fields)
        if not redo:
            del self.inputs[self.head:]
            self.inputs.append(inp)
        self.kept, self.kept_for = kept, kept_for
        self.head = seq
        return Accepted(seq=seq, events=result)

    def undo(self) -> Undone | Rejection:
        """Take back the last decision and the dice and cards that answered it (ruling R-STORE-1)."""
        decisions = [seq for seq in range(self.head, 0, -1) if is_decision(self.inputs[seq - 1])]
        if not decisions:
            return reject("nothing-to-undo", Layer.NOT_NOW, RULING, "There is nothing to undo.")
        target = decisions[0] - 1
        state = self.rebuild(target)
        problem = self.store.write(lambda c: self._write_head(c, target, state),
                                   lambda: [self.acknowledged(target, self.inputs[target - 1] if target else None)])
        if problem is not None:
            return reject(problem.code, Layer.NOT_NOW, STORE_RULE, problem.msg.id, **problem.msg.fields)
        put_back = putback.describe(self.rules, self.rules.encode(self.state), self.rules.encode(state))
        undone = self.head
        self.state, self.head = state, target
        seen = [k for k, _ in self._revealed_after_head(undone)]
        return Undone(head=target, put_back=put_back + putback.what_stands(putback.Names(self.rules), seen))

    def redo(self) -> list[Accepted] | Rejection:
        """Play again the next undone decision and the dice and cards recorded after it."""
        if self.head == len(self.inputs):
            return reject("nothing-to-redo", Layer.NOT_NOW, RULING, "There is nothing to redo.")
        end = self.head + 1
        while end < len(self.inputs) and not is_decision(self.inputs[end]):
            end += 1
        done: list[Accepted] = []
        snapshots: list[tuple[int, bytes]] = []
        for seq in range(self.head + 1, end + 1):
            result = self.rules.apply(self.state, self.inputs[seq - 1])
            if isinstance(result, Rejection):
                self.state = self.rebuild(self.head)
                return result
            done.append(Accepted(seq=seq, events=result))
            if seq % self.store.snapshot_every == 0:
                snapshots.append((seq, self.rules.encode(self.state)))

        def work(c: sqlite3.Connection) -> None:
            c.executemany("INSERT OR REPLACE INTO snapshots (session, seq, state) VALUES (?, ?, ?)",
                          [(self.id, seq, data) for seq, data in snapshots])
            self._write_head(c, end)

        problem = self.store.write(work, lambda: [self.acknowledged(end, self.inputs[end - 1])])
        if problem is not None:
            self.state = self.rebuild(self.head)
            return reject(problem.code, Layer.NOT_NOW, STORE_RULE, problem.msg.id, **problem.msg.fields)
        self.head = end
        return done

    # ---- the state at any point of the log -----------------------------------------------------

    def rebuild(self, seq: int) -> Any:
        """The state after input `seq`: the nearest snapshot at or before it that decodes (one that does not, say
        after the state's shape changed, gives way to the one before it), then the inputs after it."""
        start, state = 0, None
        try:
            taken = [at for (at,) in self.store.conn.execute(
                "SELECT seq FROM snapshots WHERE session = ? AND seq <= ? ORDER BY seq DESC", (self.id, seq))]
            for at in taken:
                (data,) = self.store.conn.execute("SELECT CAST(state AS BLOB) FROM snapshots WHERE session = ? AND "
                                                  "seq = ?", (self.id, at)).fetchone()
                try:  # a damaged row's seq or state may be of any kind
                    start, state = msgspec.convert(at, int), self.rules.decode(msgspec.convert(data, bytes))
                    break
                except msgspec.MsgspecError:
                    continue
        except sqlite3.Error:
            start, state = 0, None
        if state is None:
            start = 0
            try:
                state = self.rules.new_game(self.setup)
            except SetupError as exc:
                raise ResumeError(f"its setup is refused: {exc}") from exc
        for n in range(start, seq):
            try:
                result = self.rules.apply(state, self.inputs[n])
            # A bug in the engine met while replaying must not stop the app: the session's data stays as it is.
            except Exception as exc:
                raise ResumeError(f"the referee failed on input {n + 1}: {exc!r}") from exc
            if isinstance(result, Rejection):
                raise ResumeError(f"input {n + 1} is refused: {result.code}")
        return state

    # ---- internals -----------------------------------------------------------------------------

    def acknowledged(self, head: int, inp: Input | None) -> acked.Acked:
        """This session's slot in the record once it stands at `head`, where the log holds `inp`."""
        return acked.Acked(self.id, head, acked.digest(_encode(inp) if inp is not None else None))

    def _snapshot(self, c: sqlite3.Connection, seq: int) -> None:
        if seq % self.store.snapshot_every == 0:
            c.execute("INSERT OR REPLACE INTO snapshots (session, seq, state) VALUES (?, ?, ?)",
                      (self.id, seq, self.rules.encode(self.state)))

    def _write_head(self, c: sqlite3.Connection, head: int, state: Any = None) -> None:
        over = self.rules.prompt(self.state if state is None else state) is None
        outcome = str(getattr(self.state if state is None else state, "outcome", None) or "over") if over else None
        c.execute("UPDATE sessions SET head = ?, updated = ?, outcome = ? WHERE id = ?",
                  (head, time.time(), outcome, self.id))

    def _write_kept(self, c: sqlite3.Connection, kept: list[Input], kept_for: list[str]) -> None:
        c.execute("DELETE FROM kept WHERE session = ?", (self.id,))
        c.executemany("INSERT INTO kept (session, n, input) VALUES (?, ?, ?)",
                      [(self.id, n, _encode(_Kept(k, f))) for n, (k, f) in enumerate(zip(kept, kept_for, strict=True))])

    def _kept_index(self, prompt: Prompt | None) -> int | None:
        """The kept outcome seen for this very draw or roll (ruling R-STORE-1), if any."""
        wanted = _seen_for(prompt, self.state)
        return next((index for index, (k, f) in enumerate(zip(self.kept, self.kept_for, strict=True))
                     if f == wanted and _answers(prompt, k)), None)

    def _revealed_after_head(self, end: int | None = None) -> list[tuple[Input, str]]:
        """The dice and cards of the undone stretch (up to `end`) that the table has seen, each with its face
        or card and the draw or roll it answered."""
        state = self.rules.decode(self.rules.encode(self.state))
        out: list[tuple[Input, str]] = []
        for inp in self.inputs[self.head:end]:
            unnamed = (isinstance(inp, Roll) and inp.face is None) or (isinstance(inp, Throw) and not inp.faces)
            before = self.rules.encode(state) if unnamed else b""
            seen_for = _seen_for(self.rules.prompt(state), state)
            result = self.rules.apply(state, inp)
            if isinstance(result, Rejection):
                break
            named = inp
            if isinstance(inp, Roll) and unnamed:
                named = _face_of(self.rules, before, inp, result, state)
            elif isinstance(inp, Throw) and unnamed:
                named = _faces_of(self.rules, before, result, state)
            if (isinstance(named, Roll) and named.face is not None) or (isinstance(named, Throw) and named.faces):
                out.append((named, seen_for))
            elif isinstance(inp, Draw) and inp.card is not None:
                out.append((inp, seen_for))
        return out


def _face_of(rules: RuleSystem[Any], before: bytes, roll: Roll, events: list[Any], after: Any) -> Roll:
    """The face an app roll showed: the face that, named, gives the same events and the same next prompt.

    The die's faces come from the rule system's data when it has them (`rules.data.dice`); without
    them the roll stays unnamed and the rewound generator gives it again on the same path.
    """
    kinds = getattr(getattr(rules, "data", None), "dice", None)
    kind = kinds.get(roll.die) if isinstance(kinds, dict) else None
    wanted = (events, rules.prompt(after))
    for face in getattr(kind, "faces", []):
        state = rules.decode(before)
        named = Roll(die=roll.die, face=face.id, source=Source.APP)
        result = rules.apply(state, named)
        if not isinstance(result, Rejection) and (result, rules.prompt(state)) == wanted:
            return named
    return roll


def _faces_of(rules: RuleSystem[Any], before: bytes, events: list[Any], after: Any) -> Throw:
    """The faces an app throw showed, as its events say them (`Throw`'s convention: "die=face" in an
    event's `data["faces"]`), once naming them is seen to give the same events and the same next prompt;
    otherwise the throw stays unnamed and the rewound generator gives it again on the same path."""
    said: list[object] = next((e.data["faces"] for e in events if isinstance(e.data.get("faces"), list)), [])
    faces = dict(str(f).split("=", 1) for f in said if "=" in str(f))
    named = Throw(faces=faces, source=Source.APP)
    state = rules.decode(before)
    result = rules.apply(state, named) if faces else None
    if result is not None and not isinstance(result, Rejection) and (result, rules.prompt(state)) == (
            events, rules.prompt(after)):
        return named
    return Throw()


def _round(state: Any) -> int:
    return int(getattr(state, "round", 0))


def _seen_for(prompt: Prompt | None, state: Any) -> str:
    """Which draw or roll a prompt asks for: the die or deck, who, what for, and the round."""
    if isinstance(prompt, DiePrompt):
        return f"{_round(state)}|die|{prompt.die}|{prompt.who}|{prompt.purpose.id}"
    if isinstance(prompt, CardPrompt):
        return f"{_round(state)}|card|{prompt.deck}|{prompt.who}|{prompt.purpose.id}"
    if isinstance(prompt, ThrowPrompt):
        return f"{_round(state)}|throw|{' '.join(prompt.dice)}|{prompt.who}|{prompt.purpose.id}"
    return ""


def _round_of(seen_for: str) -> int | None:
    head = seen_for.split("|", 1)[0]
    return int(head) if head.isdigit() else None


def _answers(prompt: Prompt | None, inp: Input) -> bool:
    """Whether a recorded die or card answers `prompt` (the same die; the same deck, the card still in it)."""
    if isinstance(prompt, DiePrompt) and isinstance(inp, Roll):
        return inp.die == prompt.die
    if isinstance(prompt, CardPrompt) and isinstance(inp, Draw):
        return inp.deck == prompt.deck and (inp.card is None or inp.card in prompt.candidates)
    if isinstance(prompt, ThrowPrompt) and isinstance(inp, Throw):
        return not inp.faces or sorted(inp.faces) == sorted(prompt.dice)
    return False


def _kept_rejection(names: putback.Names, kept: Input) -> Rejection:
    if isinstance(kept, Throw):
        if not kept.faces:
            return reject("kept-result", Layer.NOT_NOW, RULING, "These dice were already thrown before the undo: "
                          "that throw stands.")
        return reject("kept-result", Layer.NOT_NOW, RULING, "These dice were already thrown before the undo and "
                      "showed {faces}: that throw stands.", faces=names.thrown(kept.faces)[1])
    if isinstance(kept, Roll) and kept.face is None:
        return reject("kept-result", Layer.NOT_NOW, RULING, "The {die} was already rolled before the undo: "
                      "that roll stands.", die=names.of("dice", kept.die))
    if isinstance(kept, Draw) and kept.card is None:
        return reject("kept-result", Layer.NOT_NOW, RULING, "A card was already drawn from the {deck} deck "
                      "before the undo: it is the next card of that deck.", deck=names.deck(kept.deck))
    if isinstance(kept, Roll):
        return reject("kept-result", Layer.NOT_NOW, RULING, "The {die} was already rolled before the undo and "
                      "showed {face}: that roll stands.", die=names.of("dice", kept.die), face=str(kept.face))
    assert isinstance(kept, Draw)
    return reject("kept-result", Layer.NOT_NOW, RULING, "The card {card} was already drawn from the {deck} deck "
                  "before the undo: it is the next card of that deck.", card=str(kept.card),
                  deck=names.deck(kept.deck))
