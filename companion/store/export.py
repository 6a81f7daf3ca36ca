"""A session out of the store and back in: a scenario file (`companion replay` plays it to the same game,
byte for byte, so a table can send it as a bug report) and a transcript people can read.
"""

from __future__ import annotations

import json
import sqlite3
import time
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
import yaml

from companion.core import scenario as sc
from companion.core.flow import Rejection
from companion.core.guard import CODE, guarded
from companion.core.messages import Lang, Msg
from companion.core.rules import Session, SetupError, find, parse_input
from companion.store import acked
from companion.store.db import Problem
from companion.store.session import Store, StoredSession, heroes_of


def to_scenario(session: StoredSession) -> dict[str, Any]:
    """The session as a scenario: its game, its setup and every input up to where the table stands."""
    out: dict[str, Any] = {
        "title": f"Session {session.id} ({session.game}), exported {time.strftime('%Y-%m-%d %H:%M')}",
        "game": session.game,
        "setup": session.setup,
        "inputs": [_short(msgspec.to_builtins(i)) for i in session.accepted()],
    }
    outcome = getattr(session.state, "outcome", None)
    if isinstance(outcome, str):
        out["expect"] = {"outcome": outcome}
    return out


def _short(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in raw.items() if v is not None and v != {}}


def dump(session: StoredSession) -> str:
    """The scenario as YAML, one input per line (each a JSON object, which YAML reads as a flow mapping)."""
    return _yaml(to_scenario(session))


def dump_stored(store: Store, session_id: int) -> str | Problem:
    """A session that cannot be resumed, as far as the store holds it: its game, its setup and its log up to
    where the table stood, read without the engine, so that the table can still send it as a bug report
    (`companion replay` then names the input this engine refuses)."""
    try:
        row = store.conn.execute("SELECT CAST(game AS BLOB), CAST(setup AS BLOB), head FROM sessions WHERE id = ?",
                                 (session_id,)).fetchone()
        if row is None:
            return Problem("no-session", Msg("There is no session {id}.", {"id": session_id}))
        game, setup, head = row
        rows = store.conn.execute("SELECT CAST(input AS BLOB) FROM inputs WHERE session = ? AND seq <= ? ORDER BY "
                                  "seq", (session_id, head)).fetchall()
    except sqlite3.Error as exc:
        return Problem("store-failed", Msg("The saved sessions cannot be read ({detail}). Run companion doctor.",
                                           {"detail": str(exc)}))
    return _yaml({
        "title": f"Session {session_id} ({game}), its stored log exported {time.strftime('%Y-%m-%d %H:%M')}: "
                 "it could not be resumed",
        "game": bytes(game or b"").decode("utf-8", "replace"),
        "setup": _raw(setup),
        "inputs": [_raw(data) for (data,) in rows],
    })


def _raw(data: bytes | None) -> dict[str, Any]:
    """A stored JSON object as plain data; anything else as text, so that nothing is left out."""
    try:
        value = json.loads(data or b"")
    except ValueError:
        value = None
    return value if isinstance(value, dict) else {"unreadable": bytes(data or b"").decode("utf-8", "replace")}


def _yaml(data: dict[str, Any]) -> str:
    inputs = data.pop("inputs")
    expect = data.pop("expect", None)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=120)
    text += "inputs:\n" + "".join(f"  - {json.dumps(_short(i), ensure_ascii=False)}\n" for i in inputs)
    if expect is not None:
        text += yaml.safe_dump({"expect": expect}, allow_unicode=True, sort_keys=False)
    return text


def transcript(session: StoredSession, lang: Lang = "en") -> str:
    """What happened, input by input, in the table's language (the same text `companion replay` prints)."""
    played = sc.play(msgspec.convert(to_scenario(session), sc.Scenario), lang)
    heroes = heroes_of(session.setup)
    header = Msg("Session {id}: {game} with {heroes}, {count} inputs.",
                 {"id": session.id, "game": session.game, "heroes": heroes, "count": session.head})
    return "\n".join([header.text(lang), "", *played.transcript]) + "\n"


def import_file(store: Store, path: Path) -> tuple[StoredSession, list[str]] | Problem:
    """A scenario file as a new stored session; the list names the inputs the engine refused (skipped)."""
    try:
        scenario = sc.load(path)
    except sc.ScenarioError as exc:
        return Problem("bad-import", Msg("{file} cannot be imported: {detail}",
                                         {"file": path.name, "detail": str(exc)}))
    return import_inputs(store, scenario.game, scenario.setup, scenario.inputs, path.name)


def import_inputs(store: Store, game: str, setup: dict[str, Any], inputs: list[Any],
                  source: str = "an import") -> tuple[StoredSession, list[str]] | Problem:
    """Inputs (plain data or `Input`s) played from `setup` and stored as one new session, in one commit.

    Guarded as the table is (`companion.core.guard`): should the engine raise, nothing is stored, the import is
    refused (`engine-bug`) and the log holds the input (`source` names where it came from)."""
    try:
        started = guarded(lambda: Session(find(game), setup), msgspec.json.encode(setup),
                          where=f"the setup of {source}", expected=(SetupError,))
    except SetupError as exc:
        return Problem("bad-import", Msg("This session cannot be imported: {detail}", {"detail": str(exc)}))
    if isinstance(started, Rejection):
        return Problem(started.code, Msg("This session cannot be imported: the referee failed on its setup (bug "
                                         "{ref}). Nothing was stored; the log holds the details.", started.msg.fields))
    session: Session[Any] = started
    refused: list[str] = []
    snapshots: list[tuple[int, bytes]] = []
    for number, raw in enumerate(inputs, 1):
        inp = parse_input(msgspec.to_builtins(raw))
        outcome = inp if isinstance(inp, Rejection) else guarded(
            partial(session.submit, inp), msgspec.json.encode(inp), session, where=f"input {number} of {source}")
        if isinstance(outcome, Rejection) and outcome.code == CODE:
            return Problem(outcome.code, Msg(
                "This session cannot be imported: the referee failed on its input {number} (bug {ref}). Nothing was "
                "stored; the log holds the details.", {"number": number, "ref": outcome.msg.fields["ref"]}))
        if isinstance(outcome, Rejection):
            refused.append(f"input {number}: {outcome.code}")
        elif outcome.seq % store.snapshot_every == 0:
            snapshots.append((outcome.seq, session.snapshot()))
    now = time.time()
    ids: list[int] = []

    def work(c: sqlite3.Connection) -> None:
        cursor = c.execute("INSERT INTO sessions (game, setup, created, updated, head) VALUES (?, ?, ?, ?, ?)",
                           (game, msgspec.json.encode(setup), now, now, session.log.last_seq))
        sid = int(cursor.lastrowid or 0)
        ids.append(sid)
        c.executemany("INSERT INTO inputs (session, seq, input, at) VALUES (?, ?, ?, ?)",
                      [(sid, e.seq, msgspec.json.encode(e.input), now) for e in session.log.entries])
        c.executemany("INSERT INTO snapshots (session, seq, state) VALUES (?, ?, ?)",
                      [(sid, seq, data) for seq, data in snapshots])
        outcome = None if session.prompt() is not None else str(getattr(session.state, "outcome", None) or "over")
        c.execute("UPDATE sessions SET outcome = ? WHERE id = ?", (outcome, sid))

    last = session.log.entries[-1].input if session.log.entries else None
    problem = store.write(work, lambda: [acked.Acked(ids[0], session.log.last_seq, acked.digest(
        msgspec.json.encode(last) if last is not None else None))])
    if problem is not None:
        return problem
    stored = StoredSession(store, ids[0], game, session.rules, dict(setup), session.state, session.log.inputs(), [])
    return stored, refused
