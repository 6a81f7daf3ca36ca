"""The table serving Dungeon Roll (issue 11): its throws of named dice come from the tray as one throw each,
matched to the engine's prompt by kind (rulings R-DR-41, R-DR-42), its players are seated by hero cards
and player tokens (R-DR-40), and a whole first level is played through the simulated tray (a pty and
pyserial) and the emulated reader (nfcpy's UDP driver), stored as it goes."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.config import NfcSettings, TraySettings
from companion.core.events import DiceThrown, DomainEvent, SettledDie, TagSeen
from companion.core.flow import Act, Source, Throw, ThrowPrompt
from companion.core.rng import Rng
from companion.devices.nfc import format as tagformat
from companion.devices.nfc.reader import open_reader
from companion.devices.nfc.tokens import token_set
from companion.devices.tray import open_tray
from companion.store import Store, StoredSession
from companion.table import Lobby, Table, Update

HERO = "spellsword"
PARTY = ["fighter", "cleric", "mage", "thief", "champion", "fighter", "scroll"]
AGAIN = " Pick the dice up and throw the dice asked for (ruling R-DR-42)."
TRAY_DICE = [(f"P{n}", "party") for n in range(1, 8)] + [(f"K{n}", "dungeon") for n in range(1, 8)]


def token(kind: str, **fields: str | int) -> dict[str, str | int]:
    return next(t for t in token_set("dungeon-roll") if t["kind"] == kind and fields.items() <= t.items())


def start(tmp_path: Path, events: queue.Queue[DomainEvent] | None = None, heroes: list[str] | None = None) -> Table:
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("dungeon-roll", {"heroes": heroes or [HERO], "seed": 5})
    assert isinstance(session, StoredSession)
    return Table(session, events or queue.Queue(), problem_message=tagformat.problem_message)


def party(faces: list[str]) -> list[SettledDie]:
    return [SettledDie(f"P{n}", "party", face) for n, face in enumerate(faces, 1)]


def dungeon(faces: dict[str, str]) -> list[SettledDie]:
    return [SettledDie(die, "dungeon", face) for die, face in faces.items()]


def snapshot(table: Table) -> bytes:
    assert table.rules is not None
    return table.rules.encode(table.session.state)


# ---- a throw from the tray matched to a throw prompt ------------------------------------------------------


def test_seven_party_dice_are_one_throw_naming_the_prompts_dice(tmp_path: Path) -> None:
    table = start(tmp_path)
    update = table.handle(DiceThrown("tray", party(PARTY)[::-1]))
    assert update.rejection is None and len(update.accepted) == 1
    stored = table.session.store.resume(table.session.id)  # type: ignore[attr-defined]
    assert stored.accepted() == [Throw(faces={f"p{n}": f for n, f in enumerate(PARTY, 1)}, source=Source.TRAY)]
    assert isinstance(table.prompt, ThrowPrompt) and table.prompt.dice == {"d1": "dungeon"}


@pytest.mark.parametrize(("dice", "code", "said"), [
    (party(PARTY[:6]), "wrong-dice", "This throw needs party die ×7; the tray saw party die ×6." + AGAIN),
    ([*party(PARTY), SettledDie("K1", "dungeon", "goblin")], "wrong-dice",
     "This throw needs party die ×7; the tray saw party die ×7, dungeon die ×1." + AGAIN),
    ([*party(PARTY[:6]), SettledDie("K1", "dungeon", "goblin")], "wrong-dice",
     "This throw needs party die ×7; the tray saw party die ×6, dungeon die ×1." + AGAIN),
    ([*party(PARTY[:5]), SettledDie("P6", "party", None, cocked=True), SettledDie("P7", "party", None, cocked=True)],
     "cocked-dice", "2 dice are cocked: throw the whole throw again (ruling R-DR-42)."),
    ([*party(PARTY[:6]), SettledDie("P7", "party", None)], "unread-faces",
     "The tray could not read 1 die: throw the whole throw again or enter the faces by touch (ruling R-DR-42)."),
    ([], "wrong-dice", "This throw needs party die ×7; the tray saw no dice." + AGAIN),
])
def test_a_throw_that_is_not_the_dice_asked_for_is_taken_whole_or_not_at_all(
        tmp_path: Path, dice: list[SettledDie], code: str, said: str) -> None:
    """R-DR-42: a missing, extra, foreign, cocked or unread die: a notice naming it, nothing submitted."""
    table = start(tmp_path)
    before = snapshot(table)
    update = table.handle(DiceThrown("tray", dice))
    assert update.accepted == [] and update.rejection is None
    assert [(n.code, n.rule) for n in update.notices] == [(code, "R-DR-42")]
    assert update.notices[0].msg.text("en") == said
    arabic = update.notices[0].msg.text("ar")
    assert arabic != said and "R-DR-42" in arabic
    assert snapshot(table) == before and table.session.head == 0  # type: ignore[attr-defined]


def test_a_level_throw_takes_the_dungeon_dice_in_the_order_of_their_ids(tmp_path: Path) -> None:
    """R-DR-41: dice of one kind are alike; the tray's, by their ids, answer the prompt's, in its order."""
    table = start(tmp_path)
    table.handle(DiceThrown("tray", party(PARTY)))
    touch = table.submit(Act(actor=HERO, action="fight", target="p1", args={"monsters": "d1"}))
    assert touch.rejection is not None and touch.rejection.code == "expected-throw"
    update = table.handle(DiceThrown("tray", [SettledDie("K7", "dungeon", "chest")]))
    assert update.accepted and table.session.state.dice["d1"].face == "chest"
    assert table.session.state.phase == "loot"


def test_a_throw_for_a_single_die_prompt_is_still_refused_when_nobody_asked(tmp_path: Path) -> None:
    table = start(tmp_path)
    table.handle(DiceThrown("tray", party(PARTY)))
    table.handle(DiceThrown("tray", [SettledDie("K1", "dungeon", "goblin")]))
    update = table.handle(DiceThrown("tray", [SettledDie("K2", "dungeon", "ooze")]))
    assert [n.code for n in update.notices] == ["unrequested-throw"]


def test_the_same_faces_thrown_again_after_an_undo_are_the_kept_throw(tmp_path: Path) -> None:
    """R-STORE-1 with R-DR-41: after an undo the dice thrown stand; the tray showing the same faces of each
    kind, whichever physical die shows which, is that throw."""
    table = start(tmp_path)
    table.handle(DiceThrown("tray", party(PARTY)))
    table.handle(DiceThrown("tray", [SettledDie("K1", "dungeon", "goblin")]))
    table.submit(Act(actor=HERO, action="fight", target="p1", args={"monsters": "d1"}))
    table.submit(Act(actor=HERO, action="seek"))
    first = table.handle(DiceThrown("tray", dungeon({"K1": "ooze", "K2": "chest"})))
    assert first.accepted
    assert table.undo().rejection is None
    table.submit(Act(actor=HERO, action="seek"))
    other = table.handle(DiceThrown("tray", dungeon({"K1": "ooze", "K2": "ooze"})))
    assert other.rejection is not None and other.rejection.code == "kept-result"
    again = table.handle(DiceThrown("tray", dungeon({"K3": "chest", "K5": "ooze"})))
    assert again.rejection is None and again.accepted
    dice = table.session.state.dice
    assert (dice["d1"].face, dice["d2"].face) == ("ooze", "chest")


# ---- seating: hero cards and player tokens --------------------------------------------------------------


def test_a_hero_card_seats_its_hero_and_a_player_token_a_dealt_one() -> None:
    """R-DR-40: a player token seats a player with a hero dealt from those not at the table."""
    lobby = Lobby("dungeon-roll", rng=Rng(11))
    assert lobby.tap(TagSeen(uid="04", token=token("hero-card", hero="knight"))) is None
    assert lobby.tap(TagSeen(uid="05", token=token("player-token", serial=2))) is None
    dealt = lobby.heroes[1]
    assert lobby.heroes[0] == "knight" and dealt != "knight" and lobby.seats == {2: dealt}
    again = lobby.tap(TagSeen(uid="05", token=token("player-token", serial=2)))
    assert again is not None and again.code == "seat-taken" and again.rule == "R-DR-40"
    assert again.msg.text("en").startswith("Player 2 is already at the table, as ")
    twice = lobby.tap(TagSeen(uid="04", token=token("hero-card", hero="knight")))
    assert twice is not None and twice.code == "hero-at-table" and twice.msg.text("en") == \
        "Knight is already at the table."
    assert lobby.setup(seed=4) == {"heroes": ["knight", dealt], "seed": 4}
    lobby.leave(dealt)
    assert lobby.seats == {} and lobby.heroes == ["knight"]


def test_the_deal_follows_the_lobbys_generator() -> None:
    dealt = []
    for _ in range(2):
        lobby = Lobby("dungeon-roll", rng=Rng(3))
        lobby.tap(TagSeen(uid="04", token=token("player-token", serial=1)))
        dealt.append(lobby.heroes)
    assert dealt[0] == dealt[1] and len(dealt[0]) == 1


def test_a_fifth_player_and_other_tags_are_told_why_not() -> None:
    lobby = Lobby("dungeon-roll", rng=Rng(1))
    for serial in (1, 2, 3, 4):
        assert lobby.tap(TagSeen(uid="04", token=token("player-token", serial=serial))) is None
    free = next(h for h in token_set("dungeon-roll") if h.get("hero") and h["hero"] not in lobby.heroes)
    full = lobby.tap(TagSeen(uid="04", token=free))
    assert full is not None and full.code == "table-full"
    assert full.msg.text("en") == "Four players are already at the table."
    assert full.msg.text("ar") == "على الطاولة أربعة لاعبين بالفعل."
    lobby = Lobby("dungeon-roll")
    knight = {"game": "covenant", "kind": "hero-card", "serial": 1, "hero": "knight"}
    hint = lobby.tap(TagSeen(uid="04", token=knight))
    assert hint is not None and hint.msg.text("en") == "Tap a hero card or a player token to join the game."
    assert lobby.join("dragon") is not None and lobby.heroes == []
    assert lobby.join("half-goblin") is None


def test_the_lobbys_setup_starts_a_game_of_its_players(tmp_path: Path) -> None:
    lobby = Lobby("dungeon-roll", rng=Rng(2))
    lobby.join("viking")
    lobby.tap(TagSeen(uid="04", token=token("player-token", serial=3)))
    store = Store(tmp_path / "sessions.sqlite3")
    session = store.start("dungeon-roll", lobby.setup(seed=9))
    assert isinstance(session, StoredSession)
    assert [p.hero for p in session.state.players] == lobby.heroes


@pytest.mark.parametrize(("tag", "code"), [
    (token("hero-card", hero=HERO), "hero-at-table"),
    (token("hero-card", hero="viking"), "game-in-progress"),
    (token("player-token", serial=1), "seat-in-game"),
    ({"game": "covenant", "kind": "hero-card", "serial": 1, "hero": "knight"}, "other-game"),
])
def test_seating_tags_during_a_game_change_nothing(tmp_path: Path, tag: dict[str, str | int], code: str) -> None:
    table = start(tmp_path)
    before = snapshot(table)
    update = table.handle(TagSeen(uid="04", token=tag))
    assert [n.code for n in update.notices] == [code] and update.notices[0].msg.text("ar")
    assert snapshot(table) == before


# ---- end to end: a first level, through the real device stacks --------------------------------------------


def pump_until(table: Table, done: Callable[[Update], bool], seconds: float = 10.0) -> Update:
    total = Update()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        total.merge(table.pump())
        if done(total):
            return total
        time.sleep(0.02)
    raise AssertionError(f"nothing arrived in {seconds} s: {total}")


def first_tag(events: queue.Queue[DomainEvent], seconds: float = 8.0) -> TagSeen:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            event = events.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(event, TagSeen):
            return event
    raise AssertionError("no tag was seen")


def test_a_first_level_played_with_the_tray_and_the_reader(tmp_path: Path) -> None:
    events: queue.Queue[DomainEvent] = queue.Queue()
    reader = open_reader(NfcSettings(backend="emulated"), events)
    tray = open_tray(TraySettings(backend="simulated"), events, sim_dice=TRAY_DICE)
    tray.start()
    sim = tray.simulator
    assert sim is not None and reader.emulated is not None
    try:
        lobby = Lobby("dungeon-roll")
        reader.emulated.tap_token(token("hero-card", hero=HERO))
        assert lobby.tap(first_tag(events)) is None and lobby.heroes == [HERO]
        store = Store(tmp_path / "sessions.sqlite3")
        session = store.start("dungeon-roll", lobby.setup(seed=21))
        assert isinstance(session, StoredSession)
        table = Table(session, events, problem_message=tagformat.problem_message)

        sim.throw({f"P{n}": face for n, face in enumerate(PARTY[:6], 1)})  # one party die left in the box
        short = pump_until(table, lambda u: bool(u.notices))
        assert [n.code for n in short.notices] == ["wrong-dice"] and session.head == 0
        sim.handle({"P7": "scroll"})  # a die picked up and put down is no throw
        time.sleep(1.0)
        assert not table.pump().accepted and session.head == 0
        sim.throw({f"P{n}": face for n, face in enumerate(PARTY, 1)})
        thrown = pump_until(table, lambda u: bool(u.accepted or u.notices))
        assert thrown.notices == [] and thrown.accepted[0].events[0].kind == "throw"
        assert {d: session.state.dice[d].face for d in session.state.at("party")} == \
            {f"p{n}": face for n, face in enumerate(PARTY, 1)}

        assert isinstance(table.prompt, ThrowPrompt) and table.prompt.dice == {"d1": "dungeon"}
        sim.throw({"K2": "goblin"}, cocked=["K4"])
        cocked = pump_until(table, lambda u: bool(u.notices or u.accepted))
        assert [n.code for n in cocked.notices] == ["wrong-dice"]  # two dice for one: the count comes first
        sim.throw({}, cocked=["K4"])
        cocked = pump_until(table, lambda u: bool(u.notices or u.accepted))
        assert [n.code for n in cocked.notices] == ["cocked-dice"] and session.head == 1
        sim.throw({"K4": "goblin"})
        level = pump_until(table, lambda u: bool(u.accepted or u.notices))
        assert level.notices == [] and session.state.dice["d1"].face == "goblin"

        fought = table.submit(Act(actor=HERO, action="fight", target="p1", args={"monsters": "d1"}))
        assert fought.rejection is None and session.state.phase == "regroup"
        retired = table.submit(Act(actor=HERO, action="retire"))
        assert retired.rejection is None
        assert session.state.players[0].xp == 1 and session.state.players[0].delves == ["retired"]
        resumed = store.resume(session.id)
        assert isinstance(resumed, StoredSession) and resumed.accepted() == [
            Throw(faces={f"p{n}": face for n, face in enumerate(PARTY, 1)}, source=Source.TRAY),
            Throw(faces={"d1": "goblin"}, source=Source.TRAY),
            Act(actor=HERO, action="fight", target="p1", args={"monsters": "d1"}),
            Act(actor=HERO, action="retire")]
        store.close()
    finally:
        tray.stop()
        reader.stop()
