"""The table, end to end through the real device stacks: the simulated tray over a pseudo-terminal and
pyserial, the emulated tag over nfcpy's UDP driver, gpiozero's mock pins; and the session store."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.config import GpioSettings, NfcSettings, TraySettings
from companion.core.events import ButtonPressed, DiceThrown, DomainEvent, SettledDie, TagSeen
from companion.core.flow import Act, DiePrompt, Draw, Roll
from companion.devices.nfc import format as tagformat
from companion.devices.nfc.reader import open_reader
from companion.devices.nfc.tokens import covenant_tokens
from companion.devices.tray import open_tray
from companion.store import Store
from companion.table import Lobby, Table, Update

KNIGHT_VS_GOBLIN = {"heroes": {"knight": {"space": "m1", "gold": 0}},
                    "monsters": [{"uid": "m1", "kind": "goblin", "space": "m2"}], "next_uid": 2}


def table_for(tmp_path: Path, position: dict | None = None, deal: dict | None = None,
              events: queue.Queue[DomainEvent] | None = None) -> Table:
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("covenant", {"heroes": ["knight"], "seed": 4, "position": position or {},
                                       "deal": deal or {}})
    assert not hasattr(session, "code"), session
    return Table(session, events or queue.Queue(), problem_message=tagformat.problem_message)  # type: ignore[arg-type]


def pump_until(table: Table, done: Callable[[Update], bool], seconds: float = 8.0) -> Update:
    total = Update()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        total.merge(table.pump())
        if done(total):
            return total
        time.sleep(0.02)
    raise AssertionError(f"nothing arrived in {seconds} s: {total}")


@pytest.fixture
def tray(tmp_path: Path) -> Iterator[tuple[Table, object]]:
    events: queue.Queue[DomainEvent] = queue.Queue()
    handle = open_tray(TraySettings(backend="simulated"), events)
    handle.start()
    table = table_for(tmp_path, KNIGHT_VS_GOBLIN, {"combat": "table"}, events)
    try:
        yield table, handle.simulator
    finally:
        handle.stop()


def test_a_die_thrown_in_the_tray_answers_the_attack(tray: tuple[Table, object]) -> None:
    """A throw reaches the engine through pyserial on a pseudo-terminal, and is stored before it is shown."""
    table, sim = tray
    table.submit(Act(actor="knight", action="attack", target="m1"))
    table.submit(Draw(deck="combat", card="5"))
    assert isinstance(table.prompt, DiePrompt)
    sim.throw({"D1": "3"})  # type: ignore[attr-defined]
    update = pump_until(table, lambda u: bool(u.accepted))
    rolled = update.accepted[0]
    assert "5 + 3 + 1 = 9 ≥ 7: hit! 9 − 7 + 2 → 4 damage to Goblin." in [e.msg.text("en") for e in rolled.events]
    stored = table.session.store.resume(table.session.id)  # type: ignore[attr-defined]
    assert stored.accepted()[-1] == Roll(die="d6", face="3", source="tray")


def test_a_throw_nobody_asked_for_is_reported_and_not_applied(tray: tuple[Table, object]) -> None:
    table, sim = tray
    sim.throw({"D1": "6"})  # type: ignore[attr-defined]
    update = pump_until(table, lambda u: bool(u.notices))
    assert [n.code for n in update.notices] == ["unrequested-throw"] and update.accepted == []


def test_a_cocked_die_asks_for_a_new_throw(tray: tuple[Table, object]) -> None:
    table, sim = tray
    table.submit(Act(actor="knight", action="attack", target="m1"))
    table.submit(Draw(deck="combat", card="5"))
    sim.throw({}, cocked=["D1"])  # type: ignore[attr-defined]
    update = pump_until(table, lambda u: bool(u.notices))
    assert [n.code for n in update.notices] == ["cocked-die"]
    assert isinstance(table.prompt, DiePrompt)


def test_the_wrong_kind_of_die_is_refused(tmp_path: Path) -> None:
    table = table_for(tmp_path, KNIGHT_VS_GOBLIN, {"combat": "table"})
    table.submit(Act(actor="knight", action="attack", target="m1"))
    table.submit(Draw(deck="combat", card="5"))
    update = table.handle(DiceThrown(source="tray", dice=[SettledDie("T1", "trap", "poison")]))
    assert [n.code for n in update.notices] == ["wrong-die"]
    assert "trap die" in update.notices[0].msg.text("en")


def test_the_app_rolls_when_asked(tmp_path: Path) -> None:
    table = table_for(tmp_path, KNIGHT_VS_GOBLIN, {"combat": "table"})
    table.submit(Act(actor="knight", action="attack", target="m1"))
    table.app_draw()
    update = table.app_roll()
    assert update.accepted and not isinstance(table.prompt, DiePrompt)


def marker_token(marker: str) -> dict[str, str | int]:
    return next(t for t in covenant_tokens() if t.get("marker") == marker)


def test_a_room_marker_tapped_on_the_reader_reveals_the_room(tmp_path: Path) -> None:
    """The whole reveal from a tap: marker scanned, the only adjacent slot known, the engine reveals."""
    events: queue.Queue[DomainEvent] = queue.Queue()
    reader = open_reader(NfcSettings(backend="emulated"), events)
    table = table_for(tmp_path, {"heroes": {"knight": {"space": "t2"}}}, {"markers": "table"}, events)
    try:
        reader.emulated.tap_token(marker_token("z1-treasure-1"))  # type: ignore[union-attr]
        pump_until(table, lambda u: len(u.accepted) >= 2)
    finally:
        reader.stop()
    assert table.session.state.board.revealed == {"room1": "z1-treasure-1"}
    assert table.session.state.heroes["knight"].space == "room1"


def test_with_two_closed_rooms_in_reach_the_table_asks_which(tmp_path: Path) -> None:
    table = table_for(tmp_path, {"heroes": {"knight": {"space": "m3"}}}, {"markers": "table"})
    update = table.handle(TagSeen(uid="04", token=marker_token("z1-trap-1")))
    assert [n.code for n in update.notices] == ["which-room"]
    update = table.submit(Act(actor="knight", action="reveal", target="room4"))
    assert table.session.state.board.revealed == {"room4": "z1-trap-1"}


@pytest.mark.parametrize(("token", "code"), [
    ({"game": "covenant", "kind": "room-marker", "zone": 2, "room": "trap", "serial": 7, "marker": "z2-trap-1"},
     "other-zone"),
    ({"game": "covenant", "kind": "hero-card", "hero": "knight"}, "hero-at-table"),
    ({"game": "dungeon-roll", "kind": "hero-card", "hero": "mercenary"}, "other-game"),
])
def test_tags_that_cannot_be_used_now_change_nothing(tmp_path: Path, token: dict, code: str) -> None:
    table = table_for(tmp_path, {"heroes": {"knight": {"space": "t1"}}}, {"markers": "table"})
    before = table.session.rules.encode(table.session.state)  # type: ignore[attr-defined]
    update = table.handle(TagSeen(uid="04", token=token))
    assert [n.code for n in update.notices] == [code]
    assert table.session.rules.encode(table.session.state) == before  # type: ignore[attr-defined]
    assert update.notices[0].msg.text("ar")


def test_a_revealed_marker_and_a_blank_tag_are_told_apart(tmp_path: Path) -> None:
    table = table_for(tmp_path, {"heroes": {"knight": {"space": "t1"}},
                                 "board": {"revealed": {"room2": "z1-trap-1"}}}, {"markers": "table"})
    assert table.handle(TagSeen(uid="04", token=marker_token("z1-trap-1"))).notices[0].code == "marker-revealed"
    blank = table.handle(TagSeen(uid="04", problem="blank")).notices[0]
    assert blank.code == "blank" and blank.msg == tagformat.problem_message("blank")


def test_the_undo_button_takes_back_a_decision_and_says_what_to_put_back(tmp_path: Path) -> None:
    from companion.devices.gpio.factory import open_controls

    events: queue.Queue[DomainEvent] = queue.Queue()
    controls = open_controls(GpioSettings(backend="mock"), events)
    table = table_for(tmp_path, events=events)
    table.outputs = controls
    table.submit(Act(actor="knight", action="move", target="m4"))
    undo = controls.factory.pin(GpioSettings().pins.undo)
    undo.drive_low()  # type: ignore[attr-defined]
    undo.drive_high()  # type: ignore[attr-defined]
    update = pump_until(table, lambda u: bool(u.put_back))
    assert table.session.state.heroes["knight"].space == "m1"
    assert any("space 8" in m.text("en") for m in update.put_back)  # m1, by the label the board draws
    controls.close()


def test_the_next_button_is_reported_to_the_screen(tmp_path: Path) -> None:
    table = table_for(tmp_path)
    assert table.handle(ButtonPressed(name="next")).next_pressed


def test_hero_cards_set_up_a_new_game() -> None:
    lobby = Lobby()
    for hero in ("rogue", "knight"):
        assert lobby.tap(TagSeen(uid="04", token={"game": "covenant", "kind": "hero-card", "hero": hero})) is None
    again = lobby.tap(TagSeen(uid="04", token={"game": "covenant", "kind": "hero-card", "hero": "knight"}))
    assert again is not None and again.code == "hero-at-table"
    assert lobby.setup(seed=9)["heroes"] == ["rogue", "knight"]


def test_a_marker_tapped_again_after_an_undo_is_the_kept_one(tmp_path: Path) -> None:
    """R-STORE-1: a reveal undone and made again by the same marker tap is accepted as the recorded draw."""
    table = table_for(tmp_path, {"heroes": {"knight": {"space": "t2"}}}, {"markers": "table"})
    table.handle(TagSeen(uid="04", token=marker_token("z1-treasure-1")))
    assert table.session.state.board.revealed == {"room1": "z1-treasure-1"}
    table.undo()
    assert table.session.state.board.revealed == {}
    update = table.handle(TagSeen(uid="04", token=marker_token("z1-treasure-1")))
    assert update.rejection is None and table.session.state.board.revealed == {"room1": "z1-treasure-1"}


def test_a_device_is_last_heard_when_any_of_its_events_arrives(tmp_path: Path) -> None:
    from companion.core.events import DeviceState, DeviceStatus

    table = table_for(tmp_path)
    table.handle(DeviceStatus(device="nfc", state=DeviceState.SIMULATED))
    status, first = table.devices["nfc"]
    time.sleep(0.01)
    table.handle(TagSeen(uid="04", problem="blank"))
    assert table.devices["nfc"][0] == status and table.devices["nfc"][1] > first
