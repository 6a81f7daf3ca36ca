"""The board view, drawn headless (SDL's offscreen driver) from real game states: a fresh game, a laid
position with rooms, monsters, summons, a pile and a fallen hero, and a bot game's escape on the Last
Throne. Each language and window size runs in its own process (one Kivy window per process):

    python tests/ui/test_board.py LANG WIDTHxHEIGHT OUT_DIR

prints one JSON line (screenshots, checks, failure). Screenshots go to $UI_SCREENSHOTS, else to a
temporary folder.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from app_runs import Run, played, run_all, shot_folder, soaked

from companion.games.covenant.bots import Bot
from companion.games.covenant.data import default
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.simulate import play
from companion.games.covenant.state import GameState

RUNS = {"ar-800": ("ar", "800x480"), "en-800": ("en", "800x480"),
        "ar-1280": ("ar", "1280x720"), "en-1280": ("en", "1280x720")}
KEPT = ("ar-800", "en-1280")
"""`make test` draws each language at one size, each size in one language; `make soak` every pair."""
DATA = default()
RULES = CovenantRules()
PARTY = ["knight", "sorceress", "rogue", "ranger"]


# ---- the states drawn: real games, positions laid by the setup ------------------------------------


def opening() -> GameState:
    return RULES.new_game({"heroes": PARTY, "seed": 3})


def castle(revealed: int = 4) -> GameState:
    """Zone 1 with `revealed` rooms open, chests, the Merchant, monsters (one elite, one summoned),
    a dead hero's pile and a fallen hero."""
    rooms = {"room1": "z1-treasure-1", "room2": "z1-combat-1", "room4": "z1-elite-1", "room5": "z1-event-1"}
    shown = dict(list(rooms.items())[:revealed])
    slots = ["room1", "room2", "room3", "room4", "room5", "room6", "t8"]
    position = {
        "heroes": {"knight": {"space": "room1"}, "sorceress": {"space": "m6"},
                   "rogue": {"space": "m3", "fallen": True, "hp": 0}, "ranger": {"space": "m1"}},
        "board": {"revealed": shown, "unrevealed": [s for s in slots if s not in shown],
                  "chests": {"room1": 2}, "merchant": "room5" if "room5" in shown else None},
        "monsters": [{"uid": "u1", "kind": "goblin", "space": "room2", "damage": 2},
                     {"uid": "u2", "kind": "troll", "space": "room4", "elite": True, "damage": 3},
                     {"uid": "u3", "kind": "skeleton_archer", "space": "m7", "origin": "summon"},
                     {"uid": "u4", "kind": "goblin", "space": "room2"}],
        "piles": [{"space": "m3", "gold": 3, "equipment": ["war_axe"]}],
        "guardian": {"damage": 5},
    }
    return RULES.new_game({"heroes": PARTY, "seed": 3, "position": position})


def escape() -> GameState:
    """The first state of a bots' game in which the escape has begun (zone 3, the Covenant carried)."""
    found: list[GameState] = []

    def watch(state: GameState, *_: object) -> None:
        if state.escape is not None and not found:
            found.append(msgspec.json.decode(msgspec.json.encode(state), type=GameState))

    play(RULES, Bot(DATA), {"heroes": ["knight", "rogue", "sorceress"], "seed": 1}, watch)
    assert found, "the bots' game never reached the escape"
    return found[0]


# ---- pytest: one process per language and size ----------------------------------------------------


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    chosen = {name: RUNS[name] for name in played(RUNS, KEPT)}
    return run_all(Path(__file__), chosen, shot_folder(tmp_path_factory, "board-shots"), tmp_path_factory, timeout=120)


@pytest.mark.parametrize("name", soaked(RUNS, KEPT))
def test_the_board_draws_every_state_and_maps_every_tap_back(
        runs: dict[str, Run], name: str) -> None:
    code, report, err, shots = runs[name]
    assert code == 0, report.get("failure") or err
    assert report["checks"] > 500
    assert len(report["shots"]) == 4
    for shot in report["shots"]:
        data = (shots / shot).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, shot


# ---- inside the Kivy process -------------------------------------------------------------------------


class Check:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self, ok: bool, what: str) -> None:
        assert ok, what
        self.count += 1


def pixel(widget: Any, x: float, y: float) -> tuple[float, float, float]:
    """The colour drawn at window point (x, y) of `widget` (the exported pixels run top row first)."""
    image = widget.export_as_image()
    w, h = image.texture.size
    px, py = int(x - widget.x), h - 1 - int(y - widget.y)
    i = (py * w + px) * 4
    raw = image.texture.pixels[i:i + 3]
    return raw[0] / 255, raw[1] / 255, raw[2] / 255


def near(a: tuple[float, ...], b: tuple[float, ...], tolerance: float = 0.08) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=False))


def check_taps(board: Any, taps: list[str], check: Check) -> None:
    """Every space: a 9 mm square round its centre lies in the widget and maps back to it, and real
    touches at its centre and at the square's corners call `on_tap` with its id."""
    from kivy.tests.common import UnitTestTouch

    from companion.ui.board import min_touch_px

    geo, floor = board.geometry, min_touch_px(board.ui)
    r = floor / 2 - 0.5
    for space in geo.spaces:
        cx, cy = geo.centre(space)
        check(board.x <= cx - r and cx + r <= board.right and board.y <= cy - r and cy + r <= board.top,
              f"the tap square of {space} sticks out of the board")
        for i in range(5):
            for j in range(5):
                x, y = cx - r + i * r / 2, cy - r + j * r / 2
                check(geo.space_at(x, y) == space, f"({x:.0f}, {y:.0f}) near {space} maps to {geo.space_at(x, y)}")
        for x, y in ((cx, cy), (cx - r, cy - r), (cx + r, cy + r), (cx - r, cy + r), (cx + r, cy - r)):
            taps.clear()
            touch = UnitTestTouch(x, y)
            touch.touch_down()
            touch.touch_up()
            check(taps == [space], f"a touch at ({x:.0f}, {y:.0f}) on {space} gave {taps}")
    taps.clear()
    touch = UnitTestTouch(*geo.centre("m1"))
    touch.touch_down()
    touch.touch_move(*geo.centre("m2"))
    touch.touch_up()
    check(taps == [], f"a finger slid from m1 to m2 tapped {taps}")


def check_key(board: Any, lang: str, check: Check) -> None:
    from companion.ui.bidi import has_rtl
    from companion.ui.widgets import BidiLabel

    labels = [w for w in board.key.walk() if isinstance(w, BidiLabel)]
    check(len(labels) >= 5, f"the key shows {len(labels)} texts")
    for label in labels:
        label.texture_update()
        x, y = label.to_window(*label.pos)
        check(board.x - 1 <= x and x + label.width <= board.right + 1 and board.y - 1 <= y
              and y + label.height <= board.top + 1, f"{label.logical!r} sticks out of the board")
        check(label.texture_size[1] <= label.height + 2 and label.texture_size[0] <= label.width + 2,
              f"{label.logical!r} is larger than its box")
        check(has_rtl(label.logical) == (lang == "ar"), f"{label.logical!r} is not in {lang}")
        if lang == "ar":
            check("NotoSansArabic" in label.text, f"{label.logical!r} is drawn without the Arabic font")


def check_labels(board: Any, check: Check) -> None:
    """Issue 17: every space but the hall carries the label sentences name it by, readable at a metre."""
    from companion.games.covenant.spaces import space_labels
    from companion.ui.board import LABEL_PX

    check(board.labels.keys() == space_labels(board.spec).keys(), f"unlabelled: {board.labels.keys()}")
    for space, (text, height) in board.labels.items():
        check(height >= LABEL_PX * board.ui.scale, f"{space}'s label {text!r} is {height} px high")


def check_models(board: Any, check: Check) -> None:
    """What the castle position puts on each space, as the view understood it."""
    v = board.views
    check(not v["hall"].locked and v["hall"].guardian_hp == DATA.guardians[1].hp - 5, "the hall: open, 13 HP")
    troll = next(t for t in v["room4"].tokens if t.id == "troll")
    check(troll.text == str(DATA.monsters["troll"].hp + 4 - 3) and "elite" in troll.marks, f"troll {troll}")
    archer = next(t for t in v["m7"].tokens if t.kind == "monster")
    check("summoned" in archer.marks and archer.text == str(DATA.monsters["skeleton_archer"].hp), f"{archer}")
    check([t.text for t in v["room2"].tokens] == ["3", "5"], "two goblins, one hurt")
    rogue = next(t for t in v["m3"].tokens if t.id == "rogue")
    check("fallen" in rogue.marks and any(t.kind == "pile" for t in v["m3"].tokens), "the fallen rogue on his pile")
    check(v["room1"].room == "treasure" and v["room1"].chests == 2, "the treasure room and its chests")
    check(any(t.kind == "merchant" for t in v["room5"].tokens), "the Merchant")
    check(v["room3"].face_down and v["t8"].face_down and not v["room1"].face_down, "face-down markers")


def check_highlights(board: Any, state: GameState, check: Check) -> None:
    """A highlight changes the pixels round its space, in its role's colour; a path joins its spaces."""
    from companion.ui.board import HIGHLIGHTS

    geo = board.geometry
    u = geo.unit
    spots = {"m5": (u * 0.42, 0.0), "room6": (geo.box("room6")[0] * 0.97, 0.0)}
    before = {s: pixel(board, geo.centre(s)[0] + dx, geo.centre(s)[1] + dy) for s, (dx, dy) in spots.items()}
    (ax, ay), (bx, by) = geo.centre("b2"), geo.centre("b3")
    mid_before = pixel(board, (ax + bx) / 2, (ay + by) / 2 + u * 0.02)
    board.show(state, {"m5": "move", "room6": "reveal", "b2": "path", "b3": "path"})
    for (space, (dx, dy)), role in zip(spots.items(), ("move", "reveal"), strict=True):
        after = pixel(board, geo.centre(space)[0] + dx, geo.centre(space)[1] + dy)
        check(not near(after, before[space]) and near(after, HIGHLIGHTS[role][:3], 0.12),
              f"{space} as {role}: {before[space]} -> {after}")
    mid = pixel(board, (ax + bx) / 2, (ay + by) / 2 + u * 0.02)
    check(not near(mid, mid_before) and near(mid, HIGHLIGHTS["path"][:3], 0.12), f"path b2-b3: {mid}")
    board.show(state, {"m5": "target"})
    after = pixel(board, geo.centre("m5")[0] + u * 0.42, geo.centre("m5")[1])
    check(near(after, HIGHLIGHTS["target"][:3], 0.12), f"m5 as target: {after}")
    board.show(state)
    check(near(pixel(board, geo.centre("m5")[0] + u * 0.42, geo.centre("m5")[1]), before["m5"]), "highlight cleared")


def scenario(app: Any, lang: str, out: Path, check: Check, shots: list[str]) -> Generator[float, None, None]:
    from kivy.core.window import Window

    from companion.ui.board import needed_size

    board, taps = app.board, app.taps
    size = f"{Window.width}x{Window.height}"

    def shoot(name: str) -> Generator[float, None, None]:
        yield 0.3
        final = out / f"board-{name}-{lang}-{size}.png"
        Path(Window.screenshot(str(final))).replace(final)
        shots.append(final.name)

    yield 1.2  # the first frames: a screenshot taken earlier comes out blank
    board.show(opening())
    check(board.views["hall"].locked and all(board.views[s].face_down for s in ("room1", "room6", "t8")),
          "a fresh board: the hall locked, every marker face down")
    check_taps(board, taps, check)
    check_labels(board, check)
    yield from shoot("opening")
    centres = {s: board.geometry.centre(s) for s in board.geometry.spaces}

    board.show(castle(revealed=3))
    check({s: board.geometry.centre(s) for s in board.geometry.spaces} == centres,
          "the map moved when monsters and the Merchant joined the key")
    check(board.views["hall"].locked, "three rooms open: the hall stays locked")
    state = castle()
    board.show(state, {"m4": "move", "m5": "move", "room6": "reveal", "room2": "target"})
    check_models(board, check)
    check_taps(board, taps, check)
    yield from shoot("castle")
    check_key(board, lang, check)
    board.show(state)
    yield 0.1
    check_highlights(board, state, check)

    final = escape()
    walked = {"e1": "path", "e2": "path", "e3": "path"}
    board.show(final, walked)
    check(board.views["exit"].kind == "exit" and board.views["e9"].kind == "footprint", "the escape route")
    check_taps(board, taps, check)
    yield from shoot("escape")
    check_key(board, lang, check)

    # The smallest size `needed_size` promises, at the bottom left of the window.
    board.size_hint = (None, None)
    board.size = needed_size(DATA, board.ui)
    board.pos = (0, 0)
    yield 0.2
    check_taps(board, taps, check)
    yield from shoot("smallest")


def main(argv: list[str]) -> int:
    lang, size, out = argv[1], argv[2], Path(argv[3])
    width, height = size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    from kivy.app import App
    from kivy.core.window import Window

    from companion.ui.board import BoardView
    from companion.ui.theme import Ui

    check, shots, failure = Check(), [], [""]

    class BoardApp(App):
        def build(self) -> Any:
            Window.clearcolor = (0.09, 0.08, 0.10, 1)
            self.taps: list[str] = []
            self.board = BoardView(DATA, self.taps.append, ui=Ui.for_window(lang, *Window.size))  # type: ignore[arg-type]
            return self.board

    app = BoardApp()
    run_steps(app, lambda: scenario(app, lang, out, check, shots), failure)
    print(json.dumps({"shots": shots, "checks": check.count, "failure": failure[0]}))
    return 1 if failure[0] else 0


def run_steps(app: Any, steps: Callable[[], Iterator[float]], failure: list[str]) -> None:
    """Runs `app`, stepping through the generator (it yields the seconds to wait), then stops it."""
    from kivy.clock import Clock

    def start(*_: object) -> None:
        walk = steps()

        def advance(_dt: float) -> None:
            try:
                Clock.schedule_once(advance, next(walk))
            except StopIteration:
                app.stop()
            except Exception:
                failure[0] = traceback.format_exc()
                app.stop()

        Clock.schedule_once(advance, 0)

    app.bind(on_start=start)
    app.run()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
