"""The screen explorer's "tap took" on a quick burst, on the real app at 800×480, headless (issue 21, its long
run: "Attack" on The Last Covenant's table, read as dropped). With three monsters to attack beside the Hawk
Huntress, three quick taps on Attack open its targets, choose the one that comes up under the finger, and tap
the odds' Back that comes up there next: each tap did something, and the screen is back where it began. The
explorer must read that burst as taken, and still find one on an Attack made to drop its taps. Run as

    python tests/ui/burst_took.py LANG OUT_JSON

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_burst_took.py); it writes
what it found as JSON."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from explorer import Explorer, explorer_app
from harness import at_position, run_scenario

from companion.core.flow import Act, ActionPrompt

POSITION = {"actions": 1, "turn_open": True,
            "heroes": {"knight": {"space": "m3", "potions": []}, "ranger": {"space": "m4", "potions": []}},
            "monsters": [{"uid": "m1", "kind": "goblin", "space": "m4"}, {"uid": "m2", "kind": "troll", "space": "m4"},
                         {"uid": "m3", "kind": "cultist", "space": "m4"}],
            "next_uid": 4}
"""The Knight's last action, a step onto the Hawk Huntress's space (as in the long run, her Move, Attack and
Trade under the Knight's step told above them), with a Goblin, a Troll and a Crypt Cultist there."""


SEEN: list[str] = []
"""What the taps did, in order: the prompt panel's choices, the answers and the attacks called off."""


def heard(owner: type, name: str, said: Callable[..., str]) -> None:
    """`owner.name` noting what each call did in SEEN (made before the app, so that every button calls it)."""
    method = getattr(owner, name)

    def noted(self: Any, *args: Any) -> Any:
        SEEN.append(said(*args))
        return method(self, *args)

    setattr(owner, name, noted)


def burst(d: Explorer) -> Generator[float, None, None]:
    app = d.app
    yield from at_position(d, ("knight", "ranger"), POSITION)
    app.answer(Act("knight", "move", "m4"))
    yield from d.settle()
    prompt = app.table.prompt
    assert isinstance(prompt, ActionPrompt) and prompt.actor == "ranger", prompt
    attack = str(app.ui().text(next(o for o in prompt.options if o.id == "attack").label))
    SEEN.clear()
    yield from d.tap_text(attack, burst=3)
    d.report["burst"] = list(SEEN)
    d.report["found"] = dict(d.found)
    d.report["checked"] = d.counts["tap took"]
    # The mutation: Attack's button made to drop its taps. The same burst must be found dropped.
    app.manager.current_screen.panel.buttons["attack"].action = lambda: None
    yield from d.tap_text(attack, burst=3)
    d.report["dropped"] = list(SEEN[len(d.report["burst"]):])
    d.report["found with the mutation"] = d.failed["tap took"]


def main(argv: list[str]) -> int:
    from companion.ui.app import CompanionApp
    from companion.ui.prompt_panel import PromptPanel

    lang, out = argv[1], Path(argv[2])
    heard(PromptPanel, "tap", lambda choice: f"opened {choice.key if choice else None}" if choice is None or
          choice.answer is None else f"chose {choice.key}")
    heard(CompanionApp, "answer", lambda inp: f"answered {inp.action} {inp.target}")
    heard(CompanionApp, "cancel_attack", lambda: "called off")
    d = explorer_app(lang, "800x480", 1, out.parent)
    run_scenario(d, lambda _: burst(d))
    report: dict[str, Any] = {"failure": d.failure, **d.report}
    out.write_text(json.dumps(report, ensure_ascii=False), encoding="utf-8")
    return 1 if d.failure else 0


if __name__ == "__main__":
    os._exit(main(sys.argv))  # the app has stopped; a device thread still running must not hold the process
