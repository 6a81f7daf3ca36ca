"""The screens' state without Kivy: the hardware status board, the new-game lobby, the heroes' panels
and the referee's steps, on the real table, store and engine."""

from __future__ import annotations

import queue

from companion.core.events import (
    ButtonPressed,
    DeviceState,
    DeviceStatus,
    DiceThrown,
    DomainEvent,
    SettledDie,
    TagSeen,
)
from companion.core.flow import Act
from companion.core.rules import find
from companion.games.covenant.data import default
from companion.store import Store, StoredSession
from companion.table import Lobby, Table
from companion.ui.heroes import card_lines, conditions, status_line
from companion.ui.heroes import hero_card as card_of
from companion.ui.newgame import deck_mode, missing, set_deck_mode, toggle_hero
from companion.ui.referee import NoGame, Referee
from companion.ui.status import StatusBoard

DATA = default()
HEROES = {h.id: {"en": h.en, "ar": h.ar} for h in DATA.heroes.values()}


def hero_card(hero: str) -> TagSeen:
    return TagSeen(uid="04a1b2c3d4e5f6", token={"game": "covenant", "kind": "hero-card", "serial": 1,
                                                 "hero": hero})


def test_status_rows_follow_the_devices_reports() -> None:
    board = StatusBoard()
    assert [r.state for r in board.rows.values()] == [None, None, None]
    assert board.rows["tray"].seen_text(5.0).text("en") == "never"

    board.apply(DeviceStatus("tray", DeviceState.CONNECTED), now=10.0)
    board.apply(DeviceStatus("nfc", DeviceState.FAULT, "reader unplugged"), now=11.0)
    board.apply(DeviceStatus("nfc", DeviceState.FAULT, "reader unplugged"), now=12.0)
    board.apply(DeviceStatus("nfc", DeviceState.CONNECTED), now=13.0)
    board.apply(DeviceStatus("nfc", DeviceState.FAULT, "no answer"), now=14.0)
    board.apply(ButtonPressed("next"), now=20.0)

    tray, reader, buttons = board.rows["tray"], board.rows["reader"], board.rows["buttons"]
    assert tray.state is DeviceState.CONNECTED and tray.seen_text(42.0).text("en") == "32 s ago"
    assert reader.faults == 2 and reader.faults_text().text("en") == "Faults: 2"
    assert reader.last_fault == reader.detail == "no answer"
    assert reader.seen_text(15.0).text("en") == "just now"
    assert buttons.state is None and buttons.last_seen == 20.0
    assert tray.seen_text(190.0).text("ar") == "قبل 3 د"
    assert tray.state_text().text("ar") == "متصل"


def test_a_throw_proves_the_tray_alive_and_unknown_devices_get_a_row() -> None:
    board = StatusBoard()
    board.apply(DiceThrown("tray", [SettledDie("a", "d6", "4")]), now=3.0)
    board.apply(DeviceStatus("printer", DeviceState.SIMULATED), now=4.0)
    assert board.rows["tray"].last_seen == 3.0
    assert board.rows["printer"].state is DeviceState.SIMULATED


def test_status_rows_follow_the_tables_device_statuses() -> None:
    board = StatusBoard()
    devices = {"dice-tray": (DeviceStatus("dice-tray", DeviceState.SIMULATED), 10.0)}
    assert board.sync(devices) == [board.rows["tray"]] and board.rows["tray"].state is DeviceState.SIMULATED
    assert not board.sync(devices), "the same status twice is no change"
    devices["nfc"] = (DeviceStatus("nfc", DeviceState.FAULT, "unplugged"), 12.0)
    assert board.sync(devices) and board.rows["reader"].faults == 1 and board.rows["tray"].last_seen == 10.0


def test_heroes_join_the_lobby_by_touch_and_leave_by_a_second_touch() -> None:
    lobby = Lobby()
    assert missing(lobby) is not None
    assert toggle_hero(lobby, "knight", HEROES).text("en") == "Exiled Knight joins the table."
    assert lobby.tap(hero_card("sorceress")) is None and missing(lobby) is None
    assert lobby.heroes == ["knight", "sorceress"]
    assert toggle_hero(lobby, "knight", HEROES).text("ar") == "غادر الفارس المنفي الطاولة."
    assert lobby.heroes == ["sorceress"]
    for hero in ("knight", "rogue", "ranger"):
        toggle_hero(lobby, hero, HEROES)
    assert toggle_hero(lobby, "knight", HEROES).text("en") == "Exiled Knight left the table."
    assert lobby.tap(TagSeen(uid="04", token={"game": "covenant", "kind": "room-marker"})) is not None


def test_the_deck_mode_is_one_choice_for_every_deck_and_the_markers_stay_on_the_table() -> None:
    lobby = Lobby()
    assert deck_mode(lobby) == "app"
    set_deck_mode(lobby, "table")
    assert deck_mode(lobby) == "table"
    toggle_hero(lobby, "ranger", HEROES)
    lobby.difficulty = "harder"
    assert lobby.setup(seed=7) == {
        "heroes": ["ranger"], "seed": 7, "difficulty": "harder",
        "deal": {"events": "table", "loot": "table", "equipment": "table", "combat": "table", "monsters": "table",
                 "potions": "table", "markers": "table"}}
    set_deck_mode(lobby, "app")
    assert deck_mode(lobby) == "app" and lobby.setup(seed=1)["deal"]["markers"] == "table"


def test_hero_panels_read_the_state() -> None:
    rules = find("covenant")
    state = rules.new_game({"heroes": ["knight", "rogue"], "seed": 3,
                            "position": {"heroes": {"rogue": {"hp": 1}}, "falls": 2}})
    knight, rogue = state.heroes["knight"], state.heroes["rogue"]
    card = card_of(knight, DATA)
    assert card.hp_line.text("en") == "HP 14/14 (+12 token, marker on 2)" and (card.hp, card.most) == (14, 14)
    # Issue 17, finding 11: the basic weapon the setup hands out, potions and shards with counts.
    lines = [m.text("en") for m in card_lines(card)]
    assert lines == ["gold 3 · potions: Health potion ×1 · 0 shards", "gear: basic weapon"]
    knight.potions = ["health", "health"]
    assert "Health potion ×2" in card_lines(card_of(knight, DATA))[0].text("en")
    assert card_of(rogue, DATA).hp_line.text("ar") == "نقاط الحياة 1/11"
    assert "السلاح الأساسي" in card_lines(card_of(rogue, DATA))[1].text("ar")
    rogue.fallen, rogue.curse = True, 1
    fallen = card_of(rogue, DATA)
    assert fallen.fallen and fallen.cursed and fallen.hp_line.text("en") == "fallen"
    assert status_line(state, DATA).text("en") == "Round 1 · Exiled Knight: 4 actions · falls 2/6"
    state.outcome = "defeat:falls"
    assert "the game is over" in status_line(state, DATA).text("en")


def test_the_referee_holds_the_monster_phase_until_each_step_is_confirmed() -> None:
    setup = {"heroes": ["knight", "rogue"], "seed": 1,
             "position": {"falls": 5, "heroes": {"rogue": {"space": "m4", "hp": 1}},
                          "monsters": [{"uid": "m1", "kind": "goblin", "space": "m4"}], "next_uid": 2}}
    events: queue.Queue[DomainEvent] = queue.Queue()
    with Store(":memory:") as store:
        session = store.start("covenant", setup)
        assert isinstance(session, StoredSession)
        referee = Referee(Table(session, events))
        assert referee.submit(Act("knight", "move", "t1")) and not referee.waiting
        assert referee.undo() and referee.waiting
        assert [m.text("en") for m in referee.put_back] == ["Move Exiled Knight back to space 8."]
        events.put(ButtonPressed("next"))
        referee.pump()
        assert not referee.put_back
        referee.submit(Act("knight", "move", "t1"))
        events.put(ButtonPressed("undo"))  # the physical Undo button
        referee.pump()
        assert [m.text("en") for m in referee.put_back] == ["Move Exiled Knight back to space 8."]
        assert [e.kind for e in referee.transcript] == ["move", "undo", "move", "undo"]
        referee.next()
        referee.submit(Act("knight", "end", "turn"))
        referee.submit(Act("rogue", "end", "turn"))
        kinds = [e.kind for e in referee.steps]
        assert kinds[0] == "monster-phase" and kinds[-1] == "defeat" and "fall" in kinds
        assert referee.submit(Act("knight", "end", "turn")) and referee.notice is not None
        while referee.waiting:
            referee.next()
        assert not referee.next()
        assert len(referee.transcript) > len(kinds)


def test_before_a_game_the_table_refuses_every_input_calmly() -> None:
    referee = Referee(Table(NoGame(), queue.Queue()))
    assert referee.submit(Act("knight", "end", "turn"))
    assert referee.notice is not None and referee.notice.text("en") == "No game is in progress."


def test_a_heros_conditions_and_a_lost_device_are_said_in_words() -> None:
    rules = find("covenant")
    state = rules.new_game({"heroes": ["knight", "rogue"], "seed": 3, "position": {
        "heroes": {"rogue": {"poison": 2, "curse": 1, "fallen": True, "dies_after_round": 2}},
        "escape": {"bearer": "knight", "rounds": 3}}})
    assert [m.text("en") for m in conditions(state.heroes["knight"], state)] == ["carries the Covenant"]
    assert [m.text("en") for m in conditions(state.heroes["rogue"], state)] == [
        "poisoned: 1 damage at the start of each of the next 2 turns", "cursed: 1 action fewer next turn",
        "dies unless revived by the end of round 2"]
    board = StatusBoard()
    rows = board.sync({"dice-tray": (DeviceStatus("dice-tray", DeviceState.DISCONNECTED, "unplugged"), 1.0)})
    lost = board.lost(rows)
    assert lost is not None and lost.text("en") == "Dice tray: disconnected. Use the screen meanwhile."
    assert board.lost(board.sync({"nfc": (DeviceStatus("nfc", DeviceState.CONNECTED), 2.0)})) is None
