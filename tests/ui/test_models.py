"""The screens' state without Kivy: the hardware status board and the new-game setup."""

from __future__ import annotations

from companion.core.events import ButtonPressed, DeviceState, DeviceStatus, DiceThrown, SettledDie, TagSeen
from companion.games.covenant.data import default
from companion.ui.newgame import GameSetup
from companion.ui.status import StatusBoard

HEROES = {h.id: {"en": h.en, "ar": h.ar} for h in default().heroes.values()}


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


def test_heroes_join_by_touch_or_by_card_and_the_table_grows() -> None:
    setup = GameSetup(HEROES, players=2)
    assert setup.missing() is not None
    assert setup.toggle_hero("knight").text("en") == "Exiled Knight joins the table."
    assert setup.hero_card(hero_card("sorceress")).text("ar") == "انضمام ساحرة الجمر إلى الطاولة."
    assert setup.missing() is None
    setup.hero_card(hero_card("rogue"))
    assert setup.players == 3 and setup.heroes == ["knight", "sorceress", "rogue"]
    assert setup.hero_card(hero_card("rogue")).text("en") == "Shadow Rogue has already joined."
    assert setup.heroes == ["knight", "sorceress", "rogue"]
    assert setup.toggle_hero("knight").text("en") == "Exiled Knight left the table."
    assert setup.heroes == ["sorceress", "rogue"]


def test_a_smaller_table_sends_the_last_heroes_away() -> None:
    setup = GameSetup(HEROES, players=4, heroes=["knight", "sorceress", "rogue", "ranger"])
    message = setup.set_players(2)
    assert setup.heroes == ["knight", "sorceress"] and message is not None
    assert setup.set_players(5) is not None and setup.players == 2
    assert setup.set_players(0) is not None


def test_bad_tags_and_bad_values_become_messages_not_errors() -> None:
    setup = GameSetup(HEROES)
    assert "cannot be read" in setup.hero_card(TagSeen(uid="04", problem="corrupt")).text("en")
    marker = TagSeen(uid="04", token={"game": "covenant", "kind": "room-marker", "zone": 1})
    assert setup.hero_card(marker).text("en") == "This tag is not a hero card."
    assert setup.hero_card(hero_card("wizard")).text("en") == "There is no hero called wizard."
    assert setup.toggle_hero("wizard").text("ar") == "لا يوجد بطل اسمه wizard."
    assert setup.set_escape_rounds(5) is not None and setup.escape_rounds == 3
    assert setup.set_deck_mode("dealer") is not None and setup.deck_mode == "app"
    assert setup.heroes == []


def test_the_setup_handed_to_the_engine() -> None:
    setup = GameSetup(HEROES, players=1)
    setup.toggle_hero("ranger")
    setup.set_escape_rounds(2)
    setup.set_deck_mode("table")
    assert setup.as_setup(seed=7) == {
        "heroes": ["ranger"], "seed": 7, "difficulty": "harder",
        "deal": {"events": "table", "loot": "table", "equipment": "table", "combat": "table", "monsters": "table",
                 "potions": "table", "markers": "table"}}


def test_the_setup_starts_the_real_engine() -> None:
    from companion.core.rules import find

    setup = GameSetup(HEROES, players=2)
    setup.toggle_hero("knight")
    setup.toggle_hero("rogue")
    rules = find("covenant")
    state = rules.new_game(setup.as_setup(seed=3))
    assert rules.prompt(state) is not None
