"""Issue 21: the screen explorer (tests/ui/explorer.py) plays The Last Covenant, Dungeon Roll and Descent through
the real app in Arabic, English and Belarusian, at 800×480 and the two larger sizes, by touches only, and every
check of tests/ui/explore_checks.py and tests/ui/drawn.py holds on every screen after every tap.

One chain of app processes per language shares one store: the first plays The Last Covenant from a position
near its end to its summary and starts Dungeon Roll; the second, at a larger size, is a restart that must offer
every unfinished game, resumes one and starts The Last Covenant and Descent; the third, a restart again, must
offer all of them. `make test` runs one chain per language with a few dozen taps a game. EXPLORE_GAMES=N (`make
explore`) runs N chains per language, each game played to its end (up to EXPLORE_TAPS taps, 1500 unless set).
The coverage (games, taps, distinct screens, each check's count and its problems) is printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from app_runs import ROOT

EXPLORER = Path(__file__).with_name("explorer.py")
LANGS = ("ar", "en", "be")
LARGER = ("1280x720", "1920x1080")
"""The two sizes besides the 7" panel's 800×480 the app lays out for (companion/ui/theme.py)."""
GAMES = int(os.environ.get("EXPLORE_GAMES", "0"))
pytestmark = pytest.mark.timeout(900)  # on an idle machine the short chains take about a minute; shared, longer
TAPS = int(os.environ.get("EXPLORE_TAPS", "1500"))


def chain(lang: str, n: int) -> list[tuple[str, str]]:
    """The processes of one chain: (window size, legs)."""
    big = LARGER[(n + LANGS.index(lang)) % 2]
    if GAMES:
        # Descent's referee has no end of the game: its legs stop at a budget of their own.
        return [("800x480", f"descent:40,covenant:{TAPS},dungeon-roll:{TAPS}"), (big, f"resume:{TAPS},descent:150"),
                (LARGER[LARGER.index(big) - 1], f"dungeon-roll:40,resume:{TAPS}")]
    return [("800x480", "descent:6,covenant-end:25,dungeon-roll:12"), (big, "resume:8,covenant:4")]


def run_chain(lang: str, n: int, folder: Path) -> list[dict[str, Any]]:
    kivy = folder / "kivy"
    kivy.mkdir(parents=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(kivy),
           "KIVY_NO_CONSOLELOG": "1", "PYTHONPATH": f"{ROOT}{os.pathsep}{EXPLORER.parent}"}
    reports = []
    for i, (size, legs) in enumerate(chain(lang, n)):
        seed = str(1000 * n + 100 * LANGS.index(lang) + 10 * i + 1)
        done = subprocess.run([sys.executable, str(EXPLORER), lang, size, seed, legs, str(folder)], env=env,
                              capture_output=True, text=True, timeout=1800 if GAMES else 600)
        last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "{}"
        report = json.loads(last)
        report.update(run=f"{lang}-{n}-{i} {size} {legs}", code=done.returncode, err=done.stderr[-2000:])
        reports.append(report)
    return reports


@pytest.fixture(scope="module")
def explored(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    chains = [(lang, n, tmp_path_factory.mktemp(f"explore-{lang}-{n}")) for n in range(max(GAMES, 1)) for lang in LANGS]
    with ThreadPoolExecutor(max_workers=len(LANGS)) as pool:
        done = pool.map(lambda c: run_chain(*c), chains)
        return [report for reports in done for report in reports]


def coverage(reports: list[dict[str, Any]]) -> str:
    games: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    screens: set[str] = set()
    for r in reports:
        games.update(r.get("games", {}))
        counts.update(r.get("counts", {}))
        failed.update(r.get("failed", {}))
        screens.update(r.get("screens", []))
    lines = [f"explored: {sum(r.get('taps', 0) for r in reports)} taps in {len(reports)} app runs; games "
             f"{dict(games)}; {len(screens)} distinct screens",
             *(f"  {name}: {count} checked, {failed[name]} problems" for name, count in sorted(counts.items()))]
    return "\n".join(lines)


def problems(reports: list[dict[str, Any]]) -> list[str]:
    found = []
    for r in reports:
        if r["code"] != 0 or r.get("failure"):
            found.append(f"{r['run']}: the app failed: {r.get('failure') or r['err']}")
        for check, examples in r.get("found", {}).items():
            found.extend(f"{r['run']}: {check}: {example}" for example in examples)
    return found


def test_every_screen_of_whole_games_holds_every_check(explored: list[dict[str, Any]]) -> None:
    print("\n" + coverage(explored))
    found = problems(explored)
    assert not found, f"{len(found)} problems (up to 6 a check and run):\n" + "\n".join(found)


def test_every_game_language_and_size_was_explored(explored: list[dict[str, Any]]) -> None:
    played = Counter(r["run"].split("-")[0] for r in explored for g in ("covenant", "dungeon-roll", "descent")
                     if r.get("games", {}).get(g))
    assert set(played) == set(LANGS), played
    sizes = {r["run"].split()[1] for r in explored}
    assert sizes == {"800x480", *LARGER}, sizes
    for r in explored:
        assert r.get("taps", 0) > 5, r["run"]
        assert r.get("counts", {}).get("targets apart", 0) > 5, r["run"]
