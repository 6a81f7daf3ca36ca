"""Issue 24: Descent's maps, figures and inputs within the bounds their schemas declare. Each case here was
found by an attacker's run against the previous engine: a traceback, a hang, a memory blow-up, a message of
millions of lines, or nonsense accepted. Now each is refused as one short line, and quickly."""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from descent_game import RULES, drawn, fig, game, play, refused, throw

from companion.commands import data as data_command
from companion.core import gamedata
from companion.core.flow import Act, Choose
from companion.core.rules import Session, SetupError
from companion.core.text import LINE_CHARS, PROBLEMS_SHOWN
from companion.games.descent import data, throws
from companion.games.descent.data import default
from companion.games.descent.grid import MAX_FIGURES, MAX_SIDE, MAX_TOKENS
from companion.games.descent.play import Play

HERO = {"id": "h", "kind": "hero", "at": [0, 0], "wounds": 9}
ROOT = gamedata.REPO_DATA / "descent"


def setup_refusal(setup: dict[str, Any]) -> str:
    """The refusal of a setup, checked to be one line of bounded length."""
    with pytest.raises(SetupError) as caught:
        Session(RULES, {"map": drawn(["...."]), **setup})
    text = str(caught.value)
    assert "\n" not in text and len(text) <= (PROBLEMS_SHOWN + 1) * (LINE_CHARS + 30), text[:500]
    return text


def figure(**changes: Any) -> dict[str, Any]:
    return {"map": drawn(["...."], [{**HERO, **changes}])}


# ---- finding 2: a figure's size ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [[300, 300], [1, 200_000], [0, 1], [5, 1]])
def test_a_figure_s_size_is_bounded_by_the_schema(size: list[int]) -> None:
    """Before: no bound, and every square of the figure was listed (a [300, 300] figure gave 90,000 lines,
    [3000, 3000] ran out of memory)."""
    assert "entry figures h: field size[" in setup_refusal(figure(size=size))


# ---- finding 3: bleed and daze counts, and the throws they ask for -------------------------------------


@pytest.mark.parametrize("field", ["bleed", "daze"])
def test_tokens_on_a_figure_are_bounded_by_the_schema(field: str) -> None:
    """R-DW-18: at most 20 of each kind; before, 1,000,000 bleed tokens were accepted and hung the turn."""
    assert getattr(Session(RULES, figure(**{field: MAX_TOKENS})).state.figures[0], field) == MAX_TOKENS
    assert f"field {field}: Expected `int` <= {MAX_TOKENS}" in setup_refusal(figure(**{field: MAX_TOKENS + 1}))


def test_asking_for_many_dice_takes_one_pass() -> None:
    """`throws.ask` split the dice into throws by scanning every throw so far for each die: 20,000 white dice
    took over 20 s. The split is one pass now (R-DW-17: one white die per throw)."""
    s = Session(RULES, figure())
    g = Play(s.state, default())
    started = time.perf_counter()
    throws.ask(g, ["white"] * 20_000 + ["black"] * 12, "bleed", "h")
    assert time.perf_counter() - started < 2.0
    assert len(g.s.pending) == 20_000
    first = g.s.pending[0]
    assert first.dice == {"white": "white", "black-1": "black", "black-2": "black", "black-3": "black",
                          "black-4": "black", "black-5": "black"}, "each throw takes as many of a colour as the set has"


def test_an_attack_places_tokens_up_to_twenty_and_cites_the_ruling() -> None:
    """R-DW-18: a figure holding 19 bleed tokens takes 1 more of the attack's 5, and the message says so."""
    spider = {"id": "s", "kind": "monster", "at": [0, 0], "dice": ["red"], "surges": [{"id": "bite", "bleed": 5}]}
    hero = {"id": "h", "kind": "hero", "at": [1, 0], "wounds": 30, "bleed": MAX_TOKENS - 1, "en": "Hero"}
    s = game(drawn(["...."], [spider, hero]))
    out = s.submit(Act(actor="s", action="attack", target="h"))
    out = s.submit(throw("red=r1-d3-s1"))
    out = s.submit(Choose(option="bite"))
    bleed = next(e for e in out.events if e.kind == "bleed")  # type: ignore[union-attr]
    assert (bleed.rule, bleed.msg.text("en")) == ("R-DW-18", f"Hero takes 1 bleed token ({MAX_TOKENS} in all).")
    assert fig(s, "h").bleed == MAX_TOKENS


def test_wounds_taken_stop_at_the_figure_s_wounds() -> None:
    """The state holds no more wounds taken than a figure has (the schema's bound on `damage`), however hard
    the killing blow: the table still reads the whole arithmetic."""
    ogre = {"id": "o", "kind": "monster", "at": [0, 0], "dice": ["red"]}
    imp = {"id": "i", "kind": "monster", "at": [1, 0], "wounds": 1, "en": "Imp"}
    s = game(drawn(["...."], [ogre, imp]))
    texts = play(s, Act(actor="o", action="attack", target="i"), throw("red=r0-d4-s0"))
    assert "Imp: damage 4 − armour 0 = 4 wounds." in texts and "Imp is killed." in texts
    assert (fig(s, "i").damage, fig(s, "i").alive) == (1, False)


# ---- finding 4: numbers in inputs ------------------------------------------------------------------------


@pytest.mark.parametrize(("inp", "code"), [
    (Act(actor="tomble", action="move", target="²,1"), "bad-square"),
    (Act(actor="tomble", action="move", target="١,4"), "bad-square"),
    (Act(actor="tomble", action="move", target="1" * 5000 + ",1"), "bad-square"),
    (Act(actor="tomble", action="move", target="5,4,3"), "bad-square"),
    (Act(actor="dragon", action="breath", args={"x": "²", "y": 1}), "bad-placement"),
    (Act(actor="dragon", action="breath", args={"x": 4, "y": "9" * 5000}), "bad-placement"),
    (Act(actor="dragon", action="breath", args={"x": 4, "y": 1, "turn": "²"}), "bad-placement"),
    (Act(actor="dragon", action="breath", args={"x": 10**30, "y": 1}), "bad-placement"),
    (Act(actor="x", action="door", target="4,²", args={"side": "s"}), "bad-door"),
    (Act(actor="x", action="door", target="4,5", args={"side": "s", "open": "²"}), "bad-door"),
    (Act(actor="x", action="door", target="4,5", args={"side": "s", "open": "1" * 5000}), "bad-door"),
    (Act(actor="x", action="treachery", args={"event": "²"}), "bad-treachery"),
    (Act(actor="x", action="treachery", args={"event": 3, "spend_event": "-" + "1" * 5000}), "bad-treachery"),
    (Act(actor="x", action="treachery", args={"trap": 10**6}), "bad-treachery"),
])
def test_a_number_in_an_input_is_read_strictly(inp: Act, code: str) -> None:
    """Before: `str.isdigit` let "²" and 5,000 digits through to `int()`, which raised (a traceback at move,
    template x/y, door, door open and treachery); "١" was read as 1."""
    assert refused(game("corner"), inp).code == code


def test_the_strict_reader_still_reads_what_the_table_sends() -> None:
    s = game("corner")
    assert "Tomble is now at 5,3." in play(s, Act(actor="tomble", action="move", target=" 5, 3"))
    assert "The door at 4,5 is now open." in play(s, Act(actor="x", action="door", target="4,5",
                                                         args={"side": "s", "open": "1"}))


# ---- finding 5: an inline map's figures that are not figures -------------------------------------------


@pytest.mark.parametrize("figures", ["abc", 7, [1, 2], [[]], [{"id": [1], "kind": "hero", "at": [0, 0]}],
                                     [{"id": {"a": 1}, "kind": "hero", "at": [0, 0]}], [None]])
@pytest.mark.parametrize("where", ["map", "setup"])
def test_figures_that_are_not_a_list_of_figures_are_refused(figures: Any, where: str) -> None:
    """Before: AttributeError (a string, integers) or TypeError (a list or a mapping as an id) in
    `setup.new_game`, in the map given inline and in the setup's own figures alike."""
    if where == "map":
        text = setup_refusal({"map": {**drawn(["...."]), "figures": figures}})
        assert text.startswith("setup map: "), text
    else:
        text = setup_refusal({"figures": figures})
        assert text.startswith("setup: field figures"), text


# ---- finding 7: refusals bounded ---------------------------------------------------------------------------


def test_many_problems_are_one_line_the_first_twenty_and_a_count() -> None:
    """Before: one line per problem, all joined: 64 misplaced figures gave 64 lines, a row of 1.9 MB 157 MB."""
    lost = [{"id": f"f{i}", "kind": "monster", "at": [5, 0]} for i in range(MAX_FIGURES)]
    text = setup_refusal({"map": drawn(["...."], lost)})
    assert text.count("is off the map or rock") == PROBLEMS_SHOWN
    assert text.endswith(f"… and {MAX_FIGURES - PROBLEMS_SHOWN} more")


@pytest.mark.parametrize("rows", [["x" * 1_900_000], ["." * (MAX_SIDE + 1)], ["."] * (MAX_SIDE + 1), []])
def test_a_floor_beyond_its_bounds_is_one_short_refusal(rows: list[str]) -> None:
    text = setup_refusal({"map": drawn(rows)})
    assert text.startswith("setup map: field floor"), text[:200]
    assert len(text) < 200


def test_data_check_lists_a_bad_map_s_problems_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`companion data check --game descent` on a map with a [1, 200000] figure and 64 misplaced ones: one
    line each, file, place and reason, the first 20 and a count (before: 200,000 lines)."""
    root = tmp_path / "descent"
    shutil.copytree(ROOT, root)
    lost = "".join(f"  - {{id: f{i}, kind: monster, at: [5, 0]}}\n" for i in range(MAX_FIGURES - 1))
    (root / "maps" / "lost.yaml").write_text("id: lost\nen: Lost\nar: ضائعة\nfloor: ['....']\nfigures:\n" + lost +
                                             "  - {id: long, kind: hero, at: [0, 0], size: [1, 200000]}\n",
                                             encoding="utf-8")
    (root / "maps" / "wide.yaml").write_text("id: wide\nen: W\nar: ع\nfloor: ['" + "x" * 1_000_000 + "']\n",
                                             encoding="utf-8")
    assert data_command.run(argparse.Namespace(game="descent", dir=root, provisional=False)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "maps/lost.yaml: entry figures long: field size[1]: Expected `int` <= 4",
        f"maps/wide.yaml: field floor[0]: Expected `str` of length <= {MAX_SIDE}",
        f"2 problem(s) in {root}"]
    (root / "maps" / "wide.yaml").unlink()
    (root / "maps" / "lost.yaml").write_text(
        "id: lost\nen: Lost\nar: ضائعة\nfloor: ['....']\nfigures:\n" + lost, encoding="utf-8")
    assert data_command.run(argparse.Namespace(game="descent", dir=root, provisional=False)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == PROBLEMS_SHOWN + 2
    assert all(line.startswith("maps/lost.yaml: entry figures f") and line.endswith("is off the map or rock")
               for line in lines[:PROBLEMS_SHOWN])
    assert lines[-2:] == [f"… and {MAX_FIGURES - 1 - PROBLEMS_SHOWN} more",
                          f"{MAX_FIGURES - 1} problem(s) in {root}"]


# ---- finding 11: nonsense accepted -----------------------------------------------------------------------


@pytest.mark.parametrize(("setup", "expected"), [
    (figure(dice=["red"], surges=[{"id": "cheap", "cost": 0, "damage": 9}]),
     "field surges[0].cost: Expected `int` >= 1"),
    (figure(surges=[{"id": "cheap", "cost": -1}]), "field surges[0].cost: Expected `int` >= 1"),
    (figure(bleed=-3), "field bleed: Expected `int` >= 0"),
    (figure(daze=-1), "field daze: Expected `int` >= 0"),
    (figure(damage=-1), "field damage: Expected `int` >= 0"),
    (figure(surges=[{"id": "x", "damage": -2}]), "field surges[0].damage: Expected `int` >= 0"),
    (figure(abilities=["teleport"]), "field abilities[0]: Invalid enum value 'teleport'"),
    (figure(id="a,b"), "field id: Expected `str` matching regex"),
    (figure(dice=["red"] * 9), "field dice: Expected `array` of length <= 8"),
    ({"seed": True}, "setup: field seed: Expected `int`, got `bool`"),
    ({"seed": 10**30}, "setup: field seed: Expected `int` <= 9223372036854775807"),
    ({"overlord_hand": True}, "setup: field overlord_hand: Expected `int`, got `bool`"),
    ({"overlord_hand": 9}, "setup: field overlord_hand: Expected `int` <= 8"),
    ({"map": "corner", "colour": "red"}, "setup: Object contains unknown field `colour`"),
    ({"map": 3}, "setup: field map: Expected `str | object`, got `int`"),
])
def test_nonsense_in_a_map_or_a_setup_is_refused(setup: dict[str, Any], expected: str) -> None:
    """Before: a surge of cost 0 or −1 (one surge bought 100 damage), "−3 bleed tokens", an unknown ability
    (silently ignored), `seed: true` and `overlord_hand: true` were all accepted."""
    assert expected in setup_refusal(setup)


# ---- finding 12: duplicates in the dice data ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "entry"), [("attack-dice.yaml", "red"), ("dice.yaml", "red"),
                                             ("templates.yaml", "breath")])
def test_an_entry_given_twice_in_the_dice_data_is_reported(tmp_path: Path, name: str, entry: str) -> None:
    """Before: attack-dice.yaml doubled was "all data files are valid" (the later entry silently won)."""
    root = tmp_path / "descent"
    shutil.copytree(ROOT, root)
    path = root / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text + text[text.index("\n- ") :], encoding="utf-8")
    found, errors = data.read(root)
    assert found is None
    assert f"{name}: entry {entry}: duplicate id" in errors
