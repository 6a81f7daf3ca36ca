"""A whole solo game of Dungeon Roll at a table with the device stack (run by harness.py as the scenario
`dungeon-roll-tray`): the player seated by the Mercenary's hero card laid on the emulated reader (nfcpy's UDP
driver), a player token seating a dealt hero who is then freed by touch (ruling R-DR-40), a Covenant card
refused; then every throw of the three delves, party, dungeon and the Mercenary's reroll, comes from the
simulated tray over its pseudo-terminal: the first delve's with the faces chosen, the others' from the
"Tags & dice" panel's "Throw the dice asked for". A throw one die short is refused and thrown again (ruling
R-DR-42), and a throw nobody asked for changes nothing. To the final scoreboard and the solo rank (R-DR-11)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from dr_scenario import LEAVE, action, face, fight, shot, tap_first

from companion.core.events import TagSeen
from companion.core.flow import ActionPrompt, CardPrompt, Source, Throw, ThrowPrompt
from companion.devices.nfc.tokens import covenant_tokens
from companion.games.dungeon_roll.data import default
from companion.games.dungeon_roll.scoring import solo_rank

GAME = "dungeon-roll"
TRAY_DIE = {"party": "P", "dungeon": "K"}
"""The simulated tray's dice of each kind, paired as P1..P7 and K1..K7 (companion/commands/run.py)."""


def simulated(d: Any, button: str, shot_name: str = "") -> Generator[float, None, None]:
    # harness.py runs as __main__ and imports this module: its hands are imported once it has loaded.
    from harness import simulated as hand

    yield from hand(d, button, shot_name)


def tag(d: Any, button: str, read: Any, what: str) -> Generator[float, None, None]:
    from harness import tag as lay

    yield from lay(d, button, read, what)


def hero_name(d: Any, hero: str) -> str:
    side = default().heroes[hero].novice
    return str(d.app.ui().text({"en": side.en, "ar": side.ar}))


def hero_name_in_all(hero: str) -> Any:
    from companion.table.lobby import seating

    return seating(GAME).heroes[hero]


def shown(d: Any, text: str) -> Generator[float, None, None]:
    """`text` is drawn on the screen in front, whole, in the table's language (once the screen is redrawn)."""
    from companion.ui.widgets import BidiLabel

    yield 0.1
    yield from d.settle()
    drawn = [w.logical for w in d.widgets(BidiLabel)]
    assert text in drawn, f"{text!r} is not on {d.screen()}: {drawn}"
    d.checks += 1


def notice_reads(d: Any, start: str) -> bool:
    notice = d.app.referee.notice
    return notice is not None and notice.id.startswith(start)


def tray_throw(d: Any, kind: str, faces: list[str]) -> None:
    """The tray's own dice of `kind` thrown together, landing on `faces`: one throw over the pseudo-terminal."""
    d.app.simulated.throw({f"{TRAY_DIE[kind]}{n}": f for n, f in enumerate(faces, 1)})


def thrown(d: Any, kind: str, faces: list[str]) -> Generator[float, None, None]:
    """A throw from the tray answering the screen's prompt: stored, and the faces are the dice the game holds."""
    app = d.app
    prompt = app.table.prompt
    assert isinstance(prompt, ThrowPrompt) and len(prompt.dice) == len(faces), prompt
    head = app.session.head
    tray_throw(d, kind, faces)
    yield from d.until(lambda: app.session.head > head, "the tray's throw to be ruled")
    assert sorted(app.session.state.dice[die].face for die in prompt.dice) == sorted(faces)


def seat_by_tags(d: Any) -> Generator[float, None, None]:
    app = d.app
    lobby = lambda: app.lobby_of(GAME)  # noqa: E731 - the app's, read afresh
    yield from d.tap(d.t("Dungeon Roll"))
    yield from d.tap(d.t("New game"))
    assert d.screen() == "dr-newgame"
    mercenary = hero_name(d, "mercenary")
    yield from simulated(d, d.t("Close"), "dungeon-roll-tray-panel-seat-" + d.lang)
    yield from tag(d, d.t("Hero card: {hero}", hero=mercenary), lambda: lobby().heroes == ["mercenary"],
                   "the Mercenary's card")
    assert app.notice is not None and app.notice.id == "{hero} joins the table."
    yield from shown(d, app.ui().text(app.notice))
    # A player token: a hero dealt from those not at the table (R-DR-40), seated second.
    yield from tag(d, d.t("Player token {number}", number=2), lambda: len(lobby().heroes) == 2, "player token 2")
    dealt = lobby().heroes[1]
    assert dealt != "mercenary" and lobby().seats == {2: dealt}
    assert app.notice is not None and app.notice.fields == {"number": 2, "hero": hero_name_in_all(dealt)}
    yield from shown(d, d.t("Player {number} joins the table as {hero} (ruling R-DR-40).", number=2,
                            hero=hero_name(d, dealt)))
    yield from shot(d, "tray-seated")
    # The same token again: that player sits already.
    yield from tag(d, d.t("Player token {number}", number=2), lambda: notice_reads_app(d, "Player {number} is already"),
                   "player token 2 again")
    yield from d.tap(hero_name(d, dealt))  # freed by touch, through the same lobby
    assert lobby().heroes == ["mercenary"] and lobby().seats == {}
    # Another game's card is refused, in the table's language; nobody joins.
    card = next(t for t in covenant_tokens() if t["kind"] == "hero-card")
    d.post(TagSeen(uid="04c0ffee000001", token=card))
    yield from d.until(lambda: notice_reads_app(d, "Tap a hero card or a player token"), "the Covenant card refused")
    yield from shown(d, d.app.ui().text(app.notice))
    assert lobby().heroes == ["mercenary"]
    yield from d.tap(d.t("Start the game"))
    assert d.screen() == "dr-table" and [p.hero for p in app.session.state.players] == ["mercenary"]


def notice_reads_app(d: Any, start: str) -> bool:
    return d.app.notice is not None and d.app.notice.id.startswith(start)


def first_delve(d: Any) -> Generator[float, None, None]:
    """Every die of the first delve from the tray, with the faces chosen, as in the touch game
    (dr_scenario.dungeon_roll)."""
    app = d.app
    state = lambda: app.session.state  # noqa: E731 - read afresh after every input
    party = ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"]
    # One die left in the box: the whole throw is refused, nothing stored (R-DR-42).
    tray_throw(d, "party", party[:6])
    yield from d.until(lambda: notice_reads(d, "This throw needs"), "the short throw refused")
    assert app.session.head == 0 and app.referee.notice_rule == "R-DR-42"
    yield from shown(d, d.app.ui().text(app.referee.notice))
    yield from shot(d, "tray-refused")
    yield from thrown(d, "party", party)
    assert app.referee.notice is None and state().phase == "form"
    yield from d.tap(action(d, "reroll"))  # the Mercenary's specialty (DR §Heroes)
    yield from tap_first(d, face(d, "party", "scroll"))
    yield from tap_first(d, face(d, "party", "fighter"))
    yield from d.tap(d.t("Confirm"))
    yield from thrown(d, "party", ["champion", "mage"])
    assert state().level == 1
    yield from thrown(d, "dungeon", ["goblin"])
    yield from fight(d, "fighter", ["goblin"])
    assert state().phase == "regroup"
    head = app.session.head
    tray_throw(d, "dungeon", ["dragon"])  # nobody asked: nothing changes
    yield from d.until(lambda: notice_reads(d, "Nobody asked for a throw"), "the unrequested throw reported")
    assert app.session.head == head and not state().at("lair")
    yield from d.tap(action(d, "seek"))
    yield from thrown(d, "dungeon", ["chest", "dragon"])
    assert len(state().at("lair")) == 1 and state().phase == "loot"
    yield from d.tap(action(d, "open"))
    yield from tap_first(d, face(d, "party", "thief"))
    yield from d.tap(d.t("Confirm"))
    assert isinstance(app.table.prompt, CardPrompt)
    yield from d.tap(d.t("Let the app draw"))
    yield from d.tap(action(d, "retire"))
    assert state().players[0].xp == 2 and state().players[0].delves == ["retired"]


def panel_delves(d: Any) -> Generator[float, None, None]:
    """Until the game ends: each throw from the panel's "Throw the dice asked for", each delve left the
    quickest way home."""
    app = d.app
    throws = 0
    while not app.session.state.outcome:
        prompt = app.table.prompt
        if isinstance(prompt, ThrowPrompt):
            head = app.session.head
            first = "" if throws else f"dungeon-roll-tray-panel-{d.lang}"  # the panel shot once
            yield from simulated(d, d.t("Throw the dice asked for"), first)
            yield from d.until(lambda before=head: app.session.head > before, "the panel's throw to be ruled")
            throws += 1
        elif isinstance(prompt, CardPrompt):
            yield from d.tap(d.t("Let the app draw"))
        else:
            assert isinstance(prompt, ActionPrompt), prompt
            yield from d.tap(action(d, LEAVE[app.session.state.phase]))
    d.report["panel throws"] = throws


def dungeon_roll_tray(d: Any) -> Generator[float, None, None]:
    app = d.app
    yield from d.until(lambda: all(r.state is not None for r in app.status.rows.values()), "the devices report")
    yield 1.0
    yield from seat_by_tags(d)
    yield from first_delve(d)
    yield from panel_delves(d)
    assert [len(p.delves) for p in app.session.state.players] == [3]
    stored = app.store.sessions()[0]
    throws = [i for i in app.session.inputs if isinstance(i, Throw)]
    assert stored.head == len(app.session.inputs) and {i.source for i in throws} == {Source.TRAY}
    yield from d.tap(d.t("See the scoreboard"))
    total = app.session.state.standings[0].total
    yield from shown(d, d.t("Solo rank: {rank}", rank=app.ui().text(solo_rank(total))))
    yield from shot(d, "tray-end")
    d.report["rank"] = solo_rank(total)["en"]
    d.report["total"] = total
    d.report["throws"] = len(throws)
