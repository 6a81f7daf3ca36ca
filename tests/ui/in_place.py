"""Plays rulings on the real app, headless, and checks that the table screen changes in place (issue 13:
a ruling on the screen within milliseconds): the referee's panel, the prompt's buttons and the board are
the same widgets after a ruling, with new texts; and what the screen then shows is what a screen made
anew shows, pixel for pixel and text for text, in every state the referee's panel takes. Run as

    python tests/ui/in_place.py LANG OUT_JSON

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_in_place.py)."""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

from harness import Driver, at_position, report_to_file

from companion.core.flow import Act, ActionPrompt


def table_parts(d: Driver) -> dict[str, Any]:
    """The widgets a ruling must keep: the round's line, the prompt panel, its title and buttons, the board."""
    from companion.ui.board import BoardView
    from companion.ui.prompt_panel import PromptPanel

    (panel,) = d.widgets(PromptPanel)
    (board,) = d.widgets(BoardView)
    # The first each holds: the round's line above the prompt, the prompt's title above its buttons.
    return {"header": panel.parent.children[-1], "panel": panel, "title": panel.children[-1], "board": board, **{
        f"button {key}": button for key, button in panel.buttons.items()}}


def drawn(d: Driver, name: str) -> tuple[list[tuple[str, tuple[int, ...]]], bytes]:
    """Every text on the screen with its place and size, and the screen's pixels (saved as NAME.png)."""
    from companion.ui.widgets import BidiLabel

    texts = sorted((w.logical, (*map(round, w.to_window(*w.pos)), *map(round, w.size)))
                   for w in d.widgets(BidiLabel) if w.logical and w.get_parent_window() is not None)
    image = d.app.manager.current_screen.export_as_image()
    image.save(str(d.out / f"{name}.png"))
    return texts, bytes(image.texture.pixels)


def bars_at_rest(d: Driver) -> None:
    """A scroll view whose content moved shows its bar brighter, then fades it (Kivy: half a second later, over
    half a second): each bar is put where its fade ends, as a screen made anew draws it, rather than waited for
    (issue 26: two waits of 1.2 s a state compared were most of this test's time)."""
    from kivy.animation import Animation
    from kivy.lang import Builder
    from kivy.uix.scrollview import ScrollView

    for scroll in d.widgets(ScrollView):
        fade = scroll._bind_inactive_bar_color_ev
        if fade is not None and fade.is_triggered:
            fade.cancel()
            scroll._bind_inactive_bar_color()
        Animation.stop_all(scroll, "_bar_color")
        scroll._bar_color = scroll.bar_inactive_color
    Builder.sync()  # the bars' colours drawn now, not at the next frame


def same_as_new(d: Driver, state: str) -> Generator[float, None, None]:
    """What the screen shows after its changes in place is what a screen made anew shows (the app makes
    its screens anew on a language switch or a resize)."""
    yield from d.settle()
    bars_at_rest(d)
    name = state.replace(" ", "-").replace("'", "")
    texts, pixels = drawn(d, f"{name}-in-place")
    pane = d.app.screen("table").pane
    d.app.rebuild()
    if pane != "board":
        d.app.screen("table")._show(pane)
    yield from d.settle()
    bars_at_rest(d)
    new_texts, new_pixels = drawn(d, f"{name}-new")
    assert texts == new_texts, f"{state}: changed in place {sorted(set(texts) ^ set(new_texts))[:6]}"
    differ = sum(a != b for a, b in zip(pixels, new_pixels, strict=True))
    assert differ == 0, f"{state}: {differ} bytes of the screen's pixels differ from a screen made anew"
    d.report.setdefault("same as new", []).append(state)


def move(d: Driver) -> Act:
    """A move to the first space offered; the end of the turn once no move is."""
    prompt = d.app.table.prompt
    assert isinstance(prompt, ActionPrompt), prompt
    option = next((o for o in prompt.options if o.id == "move"), None)
    return Act(prompt.actor, "move", option.targets[0]) if option is not None else Act(prompt.actor, "end")


def kept_across(d: Driver, ruling: Act) -> Generator[float, None, None]:
    """One ruling: the parts are the same widgets afterwards (a button only while its option stays), and
    the round's line says something else."""
    yield from d.settle()
    before = table_parts(d)
    said = before["header"].logical
    d.app.answer(ruling)
    yield from d.settle()
    after = table_parts(d)
    for part, widget in before.items():
        if part in after:
            assert after[part] is widget, f"{ruling}: the {part} was made anew"
    assert after["header"].logical != said, f"{ruling}: the round's line still says {said!r}"
    d.report.setdefault("kept", []).append(f"{ruling.action} {ruling.target}: {said!r} → {after['header'].logical!r}")


def rulings(d: Driver) -> Generator[float, None, None]:
    app = d.app
    yield 1.0
    yield from at_position(d)
    yield from same_as_new(d, "the first prompt")
    # Two rulings in a row on the same screen.
    yield from kept_across(d, move(d))
    yield from kept_across(d, move(d))
    yield from same_as_new(d, "after two moves")
    app.undo()
    assert app.referee.put_back
    yield from same_as_new(d, "what to put back after an undo")
    app.next_step()
    yield from same_as_new(d, "the prompt again")
    for pane in ("heroes", "log"):
        app.screen("table")._show(pane)
        yield from same_as_new(d, f"the {pane}")
        app.answer(move(d))
        yield from same_as_new(d, f"the {pane} after a ruling")
    app.screen("table")._show("board")
    # Turns ended (the Rogue's attack weighed and called off first) and every step confirmed, to the end.
    while app.session.state.outcome is None or app.referee.steps:
        prompt = app.table.prompt
        if app.referee.steps:
            app.next_step()
            yield from same_as_new(d, "a step")
        elif isinstance(prompt, ActionPrompt) and any(o.id == "attack" for o in prompt.options):
            attack = next(o for o in prompt.options if o.id == "attack")
            app.answer(Act(prompt.actor, "attack", attack.targets[0]))
            assert app.confirming is not None
            yield from same_as_new(d, "an attack's odds")
            app.cancel_attack()
            yield from same_as_new(d, "the attack called off")
            app.answer(Act(prompt.actor, "end"))
        else:
            assert isinstance(prompt, ActionPrompt), prompt
            app.answer(Act(prompt.actor, "end"))
            yield from same_as_new(d, "a turn ended")
    yield from same_as_new(d, "the game over")


if __name__ == "__main__":
    sys.exit(report_to_file(sys.argv, rulings))
