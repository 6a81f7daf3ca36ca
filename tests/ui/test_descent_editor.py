"""The map editor's model and the aim of an action on the Descent table screen, without Kivy: what a tap
with each tool does, that a drawn map goes through the rule system's own map checks and becomes the
session's map, and that a template shown before it is confirmed is the one the referee then resolves."""

from __future__ import annotations

from companion.core.flow import Accepted, Act, Rejection
from companion.core.rules import Session
from companion.games.descent.data import default
from companion.games.descent.engine import DescentRules
from companion.games.descent.grid import Board, edge
from companion.ui.descent.aim import Aim
from companion.ui.descent.editor import Draft

RULES = DescentRules()


def small() -> Draft:
    d = Draft.empty(8, 6)
    for tool, cell, side in [("wall", (3, 1), "n"), ("door", (3, 5), "e"), ("rubble", (1, 5), "n"),
                             ("big-monster", (0, 1), "n"), ("hero", (4, 2), "n"), ("monster", (5, 1), "n"),
                             ("boulder", (0, 5), "n")]:
        assert d.apply(tool, cell, side) is None, tool
    return d


def test_walls_and_doors_lie_on_edges_seen_from_either_square_and_a_second_tap_takes_them_away() -> None:
    d = Draft.empty(4, 4)
    d.apply("wall", (1, 1), "e")
    assert Board(d.state()[0]).barred((1, 1), (2, 1))
    d.apply("wall", (2, 1), "w")  # the same edge from the other side: taken away
    assert not d.walls
    d.apply("door", (1, 1), "s")
    d.apply("open-door", (1, 2), "n")  # the same edge: the door is now open, not a second door
    assert [x.open for x in d.doors.values()] == [True] and edge((1, 1), "s") in d.doors
    assert d.apply("wall", (3, 0), "e") is not None, "the map's outer edge is no place for a wall"


def test_a_square_holds_one_thing_and_rock_none() -> None:
    d = Draft.empty(4, 4)
    assert d.apply("hero", (1, 1), "n") is None
    assert d.apply("boulder", (1, 1), "n") is not None, "taken"
    assert d.apply("big-monster", (0, 0), "n") is not None, "its 2×2 squares take (1, 1) too"
    assert d.apply("big-monster", (3, 3), "n") is not None, "off the map"
    assert d.apply("rock", (1, 1), "n") is not None
    d.apply("rock", (2, 2), "n")
    assert d.apply("monster", (2, 2), "n") is not None
    d.apply("hero", (1, 1), "n")  # the same tool again takes the hero away
    assert not d.figures


def test_a_boulder_turns_a_quarter_at_each_tap_and_the_eraser_takes_the_top_thing() -> None:
    d = Draft.empty(3, 3)
    d.apply("boulder", (1, 1), "n")
    arrows = []
    for _ in range(4):
        d.apply("boulder", (1, 1), "n")
        arrows.append(d.boulders[0].arrow)
    assert arrows == ["s", "w", "n", "e"]
    d.apply("rubble", (0, 0), "n")
    d.apply("wall", (0, 0), "e")
    d.apply("eraser", (0, 0), "e")
    assert not d.terrain and d.walls, "the terrain goes first"
    d.apply("eraser", (0, 0), "e")
    assert not d.walls
    d.apply("eraser", (1, 1), "n")
    assert not d.boulders


def test_figures_drawn_are_named_by_their_number_on_the_map_in_every_language() -> None:
    d = small()
    d.apply("monster", (6, 4), "n")
    d.apply("monster", (5, 1), "n")  # the first small monster taken away: the others are renumbered
    names = [(f.en, f.ar, f.be) for f in d.named_figures()]
    assert names == [("Big monster 1", "الوحش الكبير 1", "Вялікі монстар 1"), ("Hero 1", "البطل 1", "Герой 1"),
                     ("Monster 2", "الوحش 2", "Монстар 2")]


def test_a_drawn_map_starts_a_session_through_the_map_checks_of_a_file() -> None:
    """Issue 12: the edited map is the session's map (its setup), checked like a map file."""
    d = small()
    assert d.problems(default()) == []
    session = Session(RULES, {"map": d.raw(), "seed": 1})
    state = session.state
    assert state.map.rubble == [(1, 5)] and [b.arrow for b in state.map.boulders] == ["e"]
    assert {f.id for f in state.figures} == {"big-monster-1", "hero-1", "monster-1"}
    assert state.map.named() == {"en": "A map drawn at the table", "ar": "خريطة رُسمت على الطاولة",
                                 "be": "Мапа, намаляваная за сталом"}, "the table screen's title, in every language"
    broken = d.raw()
    broken["figures"][0]["at"] = [9, 9]
    assert any("off the map" in p for p in Draft.problems_of(broken, default()))


def test_a_sample_map_opens_in_the_editor_as_it_is() -> None:
    data = default()
    for map_id, f in data.maps.items():
        raw = Draft.of(f).raw()
        played = RULES.new_game({"map": raw})
        original = RULES.new_game({"map": map_id})
        assert RULES.encode(played.map) != b"" and played.map.rock == original.map.rock, map_id
        assert played.figures == original.figures and played.map.doors == original.map.doors, map_id
        assert played.map.named() == original.map.named() == f.named() and f.be, map_id


def test_the_template_shown_is_the_one_the_referee_resolves() -> None:
    """R-DW-9: the squares and figures drawn before confirming are the rule system's own coverage, and
    confirming makes that very attack."""
    session = Session(RULES, {"map": small().raw(), "seed": 1})
    aim = Aim("breath")
    assert aim.tap(RULES, session.state, (1, 2), "n") is None and aim.actor == "big-monster-1"
    assert aim.tap(RULES, session.state, (2, 2), "n") is None
    pointing_south = aim.coverage(RULES, session.state)
    assert pointing_south is not None and pointing_south.refused is not None, "runs off the map"
    for _ in range(3):
        aim.turn_once()
    shown = aim.coverage(RULES, session.state)
    assert shown is not None and shown.refused is None
    assert set(shown.affected) == {"hero-1", "monster-1"} and set(shown.reached) <= set(shown.squares)
    act = aim.placed()
    assert act is not None
    done = session.submit(act)
    assert isinstance(done, Accepted)
    template = next(e for e in done.events if e.kind == "template")
    assert template.data["targets"] == shown.affected
    assert template.data["reached"] == [f"{x},{y}" for x, y in shown.reached]


def test_a_tap_on_the_template_s_own_square_turns_it() -> None:
    """R-DW-9: the template is laid by its anchor and turn; the square it lies on tapped again turns it (the
    explorer, issue 21: that tap changed nothing on the screen)."""
    session = Session(RULES, {"map": small().raw(), "seed": 1})
    aim = Aim("breath")
    aim.tap(RULES, session.state, (1, 2), "n")
    aim.tap(RULES, session.state, (2, 2), "n")
    assert aim.turn == 0
    assert aim.tap(RULES, session.state, (2, 2), "n") is None and aim.anchor == (2, 2) and aim.turn != 0
    turned = aim.turn
    aim.tap(RULES, session.state, (3, 3), "n")
    assert aim.anchor == (3, 3) and aim.turn == turned, "moved, not turned again"


def test_a_tap_on_nothing_says_so_and_a_door_is_found_by_its_edge() -> None:
    session = Session(RULES, {"map": small().raw()})
    aim = Aim("attack")
    assert aim.tap(RULES, session.state, (7, 0), "n") is not None and aim.actor is None
    door = Aim("door")
    found = door.tap(RULES, session.state, (4, 5), "w")  # the door east of (3, 5), tapped from the other side
    assert found == Act("table", "door", "3,5", {"side": "e", "open": 1})
    assert not isinstance(session.submit(found), Rejection)


def test_a_tap_the_engine_would_refuse_comes_back_as_its_refusal_and_is_not_sent() -> None:
    """R-DW-15 (the referee takes what the table says happened) and §Attacks/§Movement: a figure tapped as its
    own target, one out of a melee attacker's reach, a move onto another figure: the engine's refusal, tried on
    a copy, with the game as it was (issue 21, finding 5 of the explorer)."""
    session = Session(RULES, {"map": small().raw(), "seed": 1})
    before = RULES.encode(session.state)
    attack = Aim("attack")
    assert attack.tap(RULES, session.state, (5, 1), "n") is None and attack.actor == "monster-1"
    for cell, code in [((5, 1), "self-target"), ((0, 1), "not-adjacent")]:
        refused = attack.tap(RULES, session.state, cell, "n")
        assert isinstance(refused, Rejection) and refused.code == code, refused
    assert attack.tap(RULES, session.state, (4, 2), "n") == Act("monster-1", "attack", "hero-1")
    move = Aim("move")
    assert move.tap(RULES, session.state, (0, 1), "n") is None
    refused = move.tap(RULES, session.state, (5, 1), "n")
    assert isinstance(refused, Rejection) and refused.code == "occupied", refused
    assert RULES.encode(session.state) == before


def test_the_same_refused_square_tapped_again_marks_what_the_engine_takes() -> None:
    """A refused square is marked; tapped again, the squares the engine would take are (the explorer, issue 21:
    the second tap on a figure out of reach changed nothing on the screen)."""
    session = Session(RULES, {"map": small().raw(), "seed": 1})
    attack = Aim("attack")
    attack.tap(RULES, session.state, (5, 1), "n")
    assert isinstance(attack.tap(RULES, session.state, (0, 1), "n"), Rejection)
    assert attack.refused == (0, 1) and attack.offered == ()
    assert isinstance(attack.tap(RULES, session.state, (0, 1), "n"), Rejection)
    hero = session.state.figure("hero-1")
    assert hero is not None and set(attack.offered) == set(hero.squares())
    move = Aim("move")
    move.tap(RULES, session.state, (0, 1), "n")
    move.tap(RULES, session.state, (5, 1), "n")
    move.tap(RULES, session.state, (5, 1), "n")
    assert move.offered and (5, 1) not in move.offered and (1, 1) in move.offered
    assert move.tap(RULES, session.state, (3, 3), "n") == Act("big-monster-1", "move", "3,3")
    assert move.refused is None and move.offered == ()


def test_a_figure_s_stats_set_at_the_table_go_through_the_map_checks_and_into_the_game() -> None:
    """Issue 12: a placed figure's name, wounds, armour, damage bonus, dice and melee/ranged set by touch;
    what a map file may not hold (no wound, negative armour, a colour not among dice.yaml's; issue 24: a
    name with a bidi isolate, which made the layout raise, or longer than a name may be) is refused and the
    figure keeps its stats."""
    d, data = small(), default()
    assert d.restat("hero-1", data, wounds=12, armour=2, damage=1, melee=False, dice=["red", "blue"],
                    en="Avric", ar="أفريك", be="Аўрык") is None
    for bad in ({"wounds": 0}, {"armour": -1}, {"dice": ["red", "purple"]}, {"en": "Av\u2066ric\u2069"},
                {"ar": "أ" * 61}, {"be": "Аў\nрык"}):
        refused = d.restat("hero-1", data, **bad)
        assert refused is not None and refused.text("ar").startswith("للمجسّم"), bad
    named = next(f for f in d.named_figures() if f.id == "hero-1")
    assert (named.en, named.ar, named.be) == ("Avric", "أفريك", "Аўрык"), "a name the table gives is kept"
    assert next(f for f in d.named_figures() if f.id == "big-monster-1").en == "Big monster 1"
    session = Session(RULES, {"map": d.raw(), "seed": 1})
    hero = session.state.figure("hero-1")
    assert (hero.wounds, hero.armour, hero.damage, hero.melee, hero.dice) == (12, 2, 1, False, ["red", "blue"])
    assert hero.ar == "أفريك"


def test_a_template_is_aimed_only_from_a_figure_it_can_lie_against() -> None:
    """R-DW-9: the template lies wholly on the map, against the one attacking. On the boulder run the lightning
    lies against Nara nowhere: she is refused as its caster with the engine's reason (the explorer, issue 21:
    taken as the caster, every square was refused and no tap but Cancel had a way on); the breath she can lay."""
    session = Session(RULES, {"map": "boulder-run", "seed": 1})
    nara = session.state.figure("nara")
    assert nara is not None
    lightning = Aim("lightning")
    refused = lightning.tap(RULES, session.state, nara.at, "n")
    assert isinstance(refused, Rejection) and refused.code == "template-off-grid" and lightning.actor is None
    # Tapped again, she is refused again and the figures it lies against are marked (the tap changes the screen).
    grisban = session.state.figure("grisban")
    assert grisban is not None and isinstance(lightning.tap(RULES, session.state, nara.at, "n"), Rejection)
    assert lightning.offered == tuple(grisban.squares()), lightning.offered
    breath = Aim("breath")
    assert breath.tap(RULES, session.state, nara.at, "n") is None and breath.actor == "nara"
