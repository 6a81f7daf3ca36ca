"""What the screen explorer (tests/ui/explorer.py) found on Dungeon Roll's table screen, played by touch in the
real app (run by harness.py as the scenario `dungeon-roll-explored`): what the engine said on taking an input
is in sight on the screen that follows, a throw's entry among it; Flee and Retire come up in the top bar, never
where the finger just tapped another button; a throw's face buttons hold their names; the drinker tapped again
to be revived too shows the face it comes back on, whole on its button."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from dr_findings import button_for, press
from dr_scenario import action, app_state, enter, face, shot, tap_first

from companion.core.flow import ThrowPrompt

DICE_SHOWN = ("throw", "thrown")
"""Events the screen shows as the dice themselves (as the explorer reads them)."""


def listen(d: Any) -> list[str]:
    """What the engine says on every input it takes from now on, in the screen's language."""
    said: list[str] = []
    d.watch_submits(lambda update: said.extend(
        d.app.ui().text(e.msg) for a in update.accepted for e in a.events if e.kind not in DICE_SHOWN))
    return said


def window_rect(w: Any) -> tuple[float, float, float, float]:
    x, y = w.to_window(*w.pos)
    return x, y, w.width, w.height


def seen(w: Any) -> bool:
    """The widget drawn inside the window and inside every scroll view around it."""
    from harness import iter_parents
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    x, y, width, height = window_rect(w)
    boxes = [(0.0, 0.0, float(Window.width), float(Window.height))]
    boxes += [window_rect(p) for p in iter_parents(w) if isinstance(p, ScrollView)]
    return width >= 1 and height >= 1 and all(x < bx + bw and bx < x + width and y < by + bh and by < y + height
                                              for bx, by, bw, bh in boxes)


def told(d: Any, said: list[str], after: str) -> None:
    """The first thing the engine said is on the screen, in sight (the rest may be scrolled to)."""
    from harness import iter_parents

    from companion.ui.widgets import BidiLabel

    assert said, f"the engine said nothing after {after}"
    shown = [w for w in d.widgets(BidiLabel) if w.logical and said[0] in w.logical and w.get_parent_window()]
    assert shown and any(seen(w) for w in shown), \
        f"after {after}, {said[0]!r} is {'out of sight' if shown else 'not'} on {d.screen()}: " \
        f"{[(window_rect(w), [window_rect(p) for p in iter_parents(w)][:3]) for w in shown]}"
    d.checks += 1
    said.clear()


def point(d: Any, text: str) -> tuple[float, float]:
    button = d.find(text)
    return button.to_window(*button.center)


def apart(d: Any, option: str, fingers: dict[str, tuple[float, float]]) -> None:
    """The action that ends the delve is in the top bar with Undo, under none of the fingers of the screens
    before."""
    undo = d.find(d.t("Undo"))
    ending = d.find(action(d, option))
    assert ending.parent is undo.parent, f"{ending.logical!r} is not in the top bar"
    x, y, width, height = window_rect(ending)
    for text, (px, py) in fingers.items():
        assert not (x <= px <= x + width and y <= py <= y + height), \
            f"{ending.logical!r} came up under the finger that tapped {text!r}"
        d.checks += 1


def faces_whole(d: Any) -> None:
    """Every face button of a throw holds its name on its lines ("هيكل عظمي" took two lines in 56 px)."""
    panel = d.app.manager.get_screen("dr-table").panel
    faces = [b for key, b in panel.buttons.items() if key.startswith("face:")]
    assert faces
    for button in faces:
        width, height = button.texture_size
        assert height <= button.height and width <= button.width, \
            f"{button.logical!r} needs {width:.0f}×{height:.0f} px in {button.width:.0f}×{button.height:.0f}"
        d.checks += 1


def words_whole(d: Any) -> None:
    """No action's word broken across a button's lines («Ужыць супэрздольна|сьць» in two columns); read on the
    Belarusian and English screens, whose lines are drawn in reading order."""
    from dr_findings import panel_button

    if d.lang == "ar":
        return
    prompt = d.app.table.prompt
    assert "ultimate" in [o.id for o in prompt.options], "the longest action is not offered here"
    for option in prompt.options:
        button = panel_button(d, d.app.ui().text(option.label))
        lines = [line for paragraph in button.paragraphs for line in paragraph]
        for word in button.logical.split():
            assert any(word in line for line in lines), f"{word!r} is broken across {lines} on {d.screen()}"
            d.checks += 1


def explored(d: Any) -> Generator[float, None, None]:
    from companion.games.dungeon_roll.data import default
    from companion.ui.widgets import BigButton

    app = d.app
    ui = app.ui()
    knight = default().heroes["knight"]
    yield 1.0
    yield from d.tap(d.t("Dungeon Roll"))
    yield from d.tap(d.t("New game"))
    yield from d.tap(str(ui.text(knight.novice.named())))
    yield from d.tap(d.t("Start the game"))
    said = listen(d)
    faces_whole(d)
    yield from enter(d, "party", ["fighter", "fighter", "cleric", "mage", "thief", "champion", "champion"])
    told(d, said, "the party's faces")  # Level 1: throw 1 dungeon die (R-DR-1), over the dungeon's throw
    faces_whole(d)
    yield from shot(d, "explored-throw")
    fingers = {text: point(d, d.t(text)) for text in ("Let the app roll", "Enter these faces")}
    yield from enter(d, "dungeon", ["goblin"])
    apart(d, "flee", fingers)
    words_whole(d)

    yield from d.tap(action(d, "fight"))
    yield from tap_first(d, face(d, "party", "fighter"))
    yield from tap_first(d, face(d, "dungeon", "goblin"))
    fingers = {"Confirm": point(d, d.t("Confirm"))}
    said.clear()
    yield from d.tap(d.t("Confirm"))
    told(d, said, "Confirm")
    apart(d, "retire", fingers)
    yield from shot(d, "explored-regroup")

    yield from d.tap(action(d, "seek"))
    assert isinstance(app.table.prompt, ThrowPrompt)
    told(d, said, "Seek glory")  # on to level 2, over the level's throw
    yield from enter(d, "dungeon", ["potion", "potion"])
    said.clear()

    # A fighter in the graveyard; the other quaffs and, the fighter's face chosen, tapped again, is revived by its own
    # potion (R-DR-3): it shows the face it comes back on, «مقاتل، الآن مقاتل», whole on two lines even at the
    # smallest font (the explorer saw it 64 px high in a row of 56: the row grows for it).
    state = app_state(d)
    drinker = next(p for p in state.at("party") if state.dice[p].face == "fighter")
    fighter = face(d, "party", "fighter")
    yield from d.tap(action(d, "quaff"))
    yield from press(d, button_for(d, drinker))
    before = button_for(d, drinker).logical
    # The face to come back on: the button choosing "fighter" (the dead fighter's own button reads so too).
    yield from press(d, next(b for b in d.widgets(BigButton) if getattr(b.action, "args", None) == ("fighter",)))
    yield from press(d, button_for(d, drinker))
    revived = button_for(d, drinker)
    assert before == fighter and revived.logical.casefold().count(fighter.casefold()) == 2, (before, revived.logical)
    d.checks += 1
    width, height = revived.texture_size
    assert height <= revived.height and width <= revived.width, \
        f"{revived.logical!r} needs {width:.0f}×{height:.0f} px in {revived.width:.0f}×{revived.height:.0f}"
    d.checks += 1
    d.report["explored"] = True
