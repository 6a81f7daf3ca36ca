"""Dungeon Roll's actions put together by taps (companion/ui/dungeon_roll/compose.py) are the actions the
engine takes, whatever order the dice are tapped in; and every hero's powers read in Arabic."""

from __future__ import annotations

from companion.core.flow import Accepted, ActionPrompt, Rejection, Throw
from companion.core.rules import Session, find
from companion.games.dungeon_roll.data import default
from companion.games.dungeon_roll.state import GameState
from companion.ui.dungeon_roll.compose import Composer
from companion.ui.dungeon_roll.heroes import specialty, ultimate

PARTY = {"p1": "fighter", "p2": "cleric", "p3": "mage", "p4": "thief", "p5": "champion", "p6": "fighter",
         "p7": "scroll"}


def delve(hero: str, dungeon: list[str]) -> Session[GameState]:
    session: Session[GameState] = Session(find("dungeon-roll"), {"heroes": [hero], "seed": 2})
    assert isinstance(session.submit(Throw(faces=PARTY, source="touch")), Accepted)
    faces = dict(zip(session.state.throw, dungeon, strict=False))
    assert isinstance(session.submit(Throw(faces=faces, source="touch")), Accepted)
    return session


def composer(session: Session[GameState], action: str) -> Composer:
    prompt = session.prompt()
    assert isinstance(prompt, ActionPrompt)
    option = next(o for o in prompt.options if o.id == action)
    return Composer(session.state, default(), option, prompt.actor)


def test_a_champion_tapped_before_or_after_its_goblins_fights_them_all() -> None:
    """DR §Party dice: a champion defeats any number of one type of monster."""
    for order in (("p5", "goblins"), ("goblins", "p5")):
        session = delve("knight", ["goblin"])
        goblins = session.state.showing("dungeon", ("goblin",))
        c = composer(session, "fight")
        for item in order:
            for tapped in (goblins if item == "goblins" else [item]):
                c.tap(tapped)
        assert c.ready and c.act().target == "p5" and c.act().args["monsters"] == " ".join(goblins)
        assert isinstance(session.submit(c.act()), Accepted)
        assert session.state.dice["p5"].place == "graveyard"


def test_a_second_tap_takes_a_die_back_and_a_unit_replaces_the_one_chosen() -> None:
    session = delve("knight", ["goblin"])
    c = composer(session, "fight")
    c.tap("p1")
    c.tap("p6")  # the one who acts is one die: the second fighter replaces the first
    assert c.values["target"] == ["p6"] and not c.ready
    goblin = session.state.showing("dungeon", ("goblin",))[0]
    c.tap(goblin)
    c.tap(goblin)
    assert c.values["monsters"] == [] and not c.ready
    c.tap("d9")  # no die of this game: nothing changes
    assert c.chosen() == {"p6"}


def test_the_dragon_is_fought_by_the_companions_tapped() -> None:
    """R-DR-4: three companions of different kinds slay the dragon."""
    session = delve("knight", ["dragon"])
    for die in ("d2", "d3"):  # two more dragons in the Lair, as deeper levels would bring
        session.state.dice[die].place, session.state.dice[die].face = "lair", "dragon"
    session.state.phase = "dragon"
    c = composer(session, "slay")
    for die in ("p1", "p2", "p3"):
        c.tap(die)
    assert c.act().args["units"] == "p1 p2 p3"
    assert isinstance(session.submit(c.act()), Accepted)
    assert not session.state.at("lair") and session.state.player.xp == 1


def test_chests_are_all_chosen_unless_untapped() -> None:
    session = delve("knight", ["chest"])
    c = composer(session, "open")
    chests = session.state.showing("dungeon", ("chest",))
    assert c.values["chests"] == chests and not c.ready
    c.tap("p4")
    assert c.ready and isinstance(session.submit(c.act()), Accepted)
    assert session.state.draws == 1


def test_every_hero_side_reads_in_arabic() -> None:
    d = default()
    for hero in d.heroes.values():
        for _, side in hero.sides():
            for msg in (*specialty(d, side), ultimate(d, side)):
                assert msg.text("ar") != msg.text("en"), (hero.id, msg.id)
                assert "{" not in msg.text("ar") and "{" not in msg.text("en"), msg


def test_a_refused_action_is_a_value_not_a_crash() -> None:
    """A thief cannot take on two goblins (DR §Party dice): the engine refuses what the taps built."""
    session = delve("knight", ["goblin"])
    session.state.dice["d2"].place, session.state.dice["d2"].face = "dungeon", "goblin"
    c = composer(session, "fight")
    for item in ("p4", *session.state.showing("dungeon", ("goblin",))):
        c.tap(item)
    assert isinstance(session.submit(c.act()), Rejection)
