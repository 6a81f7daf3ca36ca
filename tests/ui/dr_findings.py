"""Issue 21's findings on Dungeon Roll's table screen, played by touch in the real app (run by harness.py as
the scenario `dungeon-roll-findings`): a throw read by its faces, not the dice's ids; dice tapped before an action
each leave a trace; a quaff whose Confirm waits for the die each potion revives; and a retire's and a dragon's
steps at the table."""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import Any

from dr_scenario import action, app_state, enter, face, shot, tap_first

from companion.core.flow import ThrowPrompt
from companion.core.messages import Msg

ID_EQUALS = re.compile(r"\b\w+\d=\w+")
"""A die's id with its face ("d1=goblin"), as the engine's transcript writes a throw."""


def sized(name: str) -> str:
    """A shot's name, with the window's size unless it is the 7" panel's."""
    from kivy.core.window import Window

    width, height = Window.size
    return name if (width, height) == (800, 480) else f"{name}-{width}x{height}"


def panel_button(d: Any, text: str) -> Any:
    """The button reading `text` on the action's own panel (not a die of the dice drawn on the left)."""
    from harness import iter_parents

    from companion.ui.dungeon_roll.board import DiceView
    from companion.ui.widgets import BigButton

    found = [w for w in d.widgets(BigButton) if w.logical == text
             and not any(isinstance(p, DiceView) for p in iter_parents(w))]
    assert len(found) == 1, f"{len(found)} buttons read {text!r} beside the dice on {d.screen()}"
    return found[0]


def button_for(d: Any, die: str) -> Any:
    from companion.ui.dungeon_roll.board import DiceView

    (view,) = d.widgets(DiceView)
    return view.buttons[die]


def press(d: Any, button: Any) -> Generator[float, None, None]:
    """A finger on this button (harness's `touch`), then the screen settled."""
    yield from d.touch(button)
    yield from d.settle()


def picked_before_the_action(d: Any) -> Generator[float, None, None]:
    """Finding 4: a party die, then a dungeon die, tapped before any action: each tap shows (the die
    picked), and Fight starts with both."""
    app = d.app
    state = app_state(d)
    fighter = next(p for p in state.at("party") if state.dice[p].face == "fighter")
    (goblin,) = state.at("dungeon")
    yield from d.settle()
    yield from press(d, button_for(d, fighter))
    assert button_for(d, fighter).selected
    yield from press(d, button_for(d, goblin))
    assert button_for(d, goblin).selected, "the tap on the goblin right after the fighter left no trace"
    d.checks += 2
    yield from d.tap(action(d, "fight"))
    composer = app.manager.get_screen("dr-table").composer
    assert composer.values == {"target": [fighter], "monsters": [goblin]}, composer.values
    yield from d.tap(d.t("Confirm"))
    assert app_state(d).dice[fighter].place == "graveyard"


def quaff(d: Any) -> Generator[float, None, None]:
    """Finding 3: Confirm stays off until each potion has a die to bring back; the list has headings."""
    from companion.ui.widgets import BidiLabel, BigButton

    state = app_state(d)
    (fallen,) = state.at("graveyard")
    cleric = next(p for p in state.at("party") if state.dice[p].face == "cleric")
    yield from d.tap(action(d, "quaff"))
    yield from press(d, button_for(d, cleric))
    assert d.find(d.t("Confirm")).disabled, "Confirm is on with no die to revive"
    d.find(d.t("In the graveyard"), kind=BidiLabel)
    d.find(d.t("The face it comes back on"), kind=BidiLabel)
    yield from shot(d, sized("quaff"))
    yield from press(d, panel_button(d, face(d, "party", "mage")))
    (grave,) = [b for b in d.widgets(BigButton) if getattr(b.action, "args", None) == (fallen,)]
    assert grave.logical == face(d, "party", "fighter")
    yield from press(d, grave)  # the fallen fighter, back as a mage
    assert d.find(d.t("Confirm")).disabled, "Confirm is on with one of two potions reviving nobody"
    yield from press(d, button_for(d, cleric))  # the cleric that drinks, back too (R-DR-3)
    d.checks += 2
    yield from d.tap(d.t("Confirm"))
    after = app_state(d)
    assert after.dice[fallen].place == "party" and after.dice[fallen].face == "mage" and not after.at("graveyard")


def delve_over(d: Any, lines: list[str]) -> Generator[float, None, None]:
    """Finding 6: the delve's end stays on the screen with the steps at the table until Next."""
    from companion.ui.widgets import BidiLabel

    yield from d.settle()
    d.find(d.t("The delve is over"), kind=BidiLabel)
    for line in lines:
        d.find(line, kind=BidiLabel)
        d.checks += 1
    yield from shot(d, sized(f"delve-over-{len(app_state(d).players[0].delves)}"))
    yield from d.tap(d.t("Next"))


def no_ids(d: Any) -> None:
    """Finding 7: the throw is read by the faces shown, not by the dice's ids ("Выпала: d1=goblin.")."""
    from companion.ui.widgets import BidiLabel

    goblin = face(d, "dungeon", "goblin")
    d.find(d.t("Thrown: {faces}.", faces=goblin), kind=BidiLabel)
    for text in (w.logical for w in d.widgets(BidiLabel)):
        assert not ID_EQUALS.search(text), f"an id on the screen: {text!r}"
        d.checks += 1


def findings(d: Any) -> Generator[float, None, None]:
    from companion.games.dungeon_roll.data import default

    app = d.app
    ui = app.ui()
    knight = default().heroes["knight"]
    yield 1.0
    yield from d.tap(d.t("Dungeon Roll"))
    yield from d.tap(d.t("New game"))
    yield from d.tap(str(ui.text(knight.novice.named())))
    yield from d.tap(d.t("Start the game"))
    yield from enter(d, "party", ["fighter", "fighter", "cleric", "mage", "thief", "champion", "champion"])
    yield from enter(d, "dungeon", ["goblin"])
    no_ids(d)
    yield from picked_before_the_action(d)
    yield from d.tap(action(d, "seek"))
    yield from enter(d, "dungeon", ["potion", "potion"])
    yield from quaff(d)
    yield from d.tap(action(d, "retire"))
    hero = ui.text(knight.novice.named())
    yield from delve_over(d, ["• " + ui.text(Msg("Note the experience of {hero}: {total}.",
                                                      {"hero": knight.novice.named(), "total": 2}))])
    assert d.screen() == "dr-table" and isinstance(app.table.prompt, ThrowPrompt)

    # Delve 2: a dragon slain is announced, and the hero card turned at 5 experience.
    yield from enter(d, "party", ["fighter", "cleric", "mage", "thief", "champion", "fighter", "cleric"])
    yield from enter(d, "dungeon", ["dragon"])
    yield from d.tap(action(d, "seek"))
    yield from enter(d, "dungeon", ["dragon", "dragon"])
    yield from d.tap(action(d, "slay"))
    for companion in ("fighter", "cleric", "mage"):
        yield from tap_first(d, face(d, "party", companion))
    yield from d.tap(d.t("Confirm"))
    slain = ui.text(Msg("{hero} slays the dragon: 1 experience and a treasure.", {"hero": knight.novice.named()}))
    from companion.ui.widgets import BidiLabel

    d.find(slain, kind=BidiLabel)
    yield from shot(d, sized("dragon-treasure"))
    yield from d.tap(d.t("Let the app draw"))
    yield from d.tap(action(d, "retire"))
    master = knight.master
    assert master is not None
    yield from delve_over(d, [slain, "• " + ui.text(Msg("Turn the hero card to its master side: {master}.",
                                                             {"master": master.named()}))])
    d.report["findings"] = hero
