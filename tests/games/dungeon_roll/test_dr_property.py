"""Invariants over random legal play (hypothesis): every die in exactly one place, every treasure token in
exactly one place, experience never negative, the Lair never rerolled, an eighth party die only for a
hero who forms the party with 8, scouted dice set aside until their level, a barred retirement never
offered (rulings R-DR-19 to R-DR-23), and the log replays to the same game byte for byte; junk inputs are
refused with a code, never raised (sheet, "The dice", "Treasures")."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from dr_game import RULES, legal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.flow import (
    Act,
    Choose,
    Draw,
    Input,
    Rejection,
    Roll,
    Source,
    Throw,
    ThrowPrompt,
)
from companion.core.rules import Session, replay
from companion.games.dungeon_roll.state import GameState

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
HEROES = sorted(RULES.data.heroes)
TOKENS = Counter(RULES.data.tokens())
PLACES = {"party": {"box", "party", "graveyard"}, "dungeon": {"box", "dungeon", "lair", "party"}}


def check(s: GameState) -> None:
    sides = [side for p in s.players for _, side in RULES.data.heroes[p.hero].sides()]
    assert len(s.dice) == 7 + max(7, *(side.party_dice for side in sides)), "an 8th die only for a Guild Leader"
    assert all(s.dice[d].place == "box" for d in s.scouted), "a scouted die left its place before its level"
    assert s.draws or s.discards <= len(s.player.treasures), "more treasures to discard than held"
    assert not s.retire_barred or not any(o.id == "retire" for o in getattr(RULES.prompt(s), "options", []))
    assert not set(s.throw) & set(s.at("lair")), "a die of the Lair is to be rerolled"
    for die in s.dice.values():
        assert die.place in PLACES[die.kind]
    everywhere = Counter(s.supply) + Counter(s.spent)
    for p in s.players:
        everywhere += Counter(p.treasures)
        assert p.xp >= 0
    assert everywhere == TOKENS
    assert sum(everywhere.values()) == sum(TOKENS.values())


def play(seed: int, heroes: list[str], limit: int = 3000) -> Session[GameState]:
    rnd = random.Random(seed)
    session: Session[GameState] = Session(RULES, {"heroes": heroes, "seed": seed})
    for _ in range(limit):
        if session.state.outcome:
            break
        inp = legal(session.state, rnd)
        lair = set(session.state.at("lair"))
        prompt = session.prompt()
        result = session.submit(inp)
        assert not isinstance(result, Rejection), (inp, result.code, result.msg.text("en"))
        if isinstance(prompt, ThrowPrompt):
            assert not lair & set(prompt.dice), "a die of the Lair was rerolled"
        check(session.state)
    assert session.state.outcome == "over"
    return session


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), heroes=st.lists(st.sampled_from(HEROES), min_size=1, max_size=4, unique=True))
def test_property_random_legal_play_keeps_every_invariant_and_replays(seed: int, heroes: list[str]) -> None:
    session = play(seed, heroes)
    again = replay(RULES, {"heroes": heroes, "seed": seed}, session.log.inputs())
    assert RULES.encode(again.state) == RULES.encode(session.state)
    assert len(session.state.standings) == len(heroes)


JUNK_IDS = st.sampled_from(["p1", "p7", "p8", "d1", "d7", "hero", "", "elixir-1", "scroll-9", "x y", "p1=mage",
                            "d2=dragon", "d1=fighter", "p8=scroll", "scroll-1"])
JUNK: st.SearchStrategy[Input] = st.one_of(
    st.builds(Act, actor=st.sampled_from([*HEROES, "nobody"]),
              action=st.sampled_from(["fight", "scroll", "open", "quaff", "slay", "ring", "bait", "portal",
                                      "ultimate", "flee", "done", "retire", "seek", "dance", "assign", "summon",
                                      "refresh", "discard", "track", "reroll", "keep"]),
              target=st.one_of(st.none(), JUNK_IDS),
              args=st.dictionaries(st.sampled_from(["monsters", "dice", "chests", "potions", "revive", "units",
                                                    "treasures", "treasure", "level1", "level2", "level3"]),
                                   st.one_of(st.integers(-3, 9), st.lists(JUNK_IDS, max_size=4).map(" ".join)),
                                   max_size=3)),
    st.builds(Throw, faces=st.dictionaries(JUNK_IDS, st.sampled_from(["fighter", "dragon", "x", ""]), max_size=8),
              source=st.sampled_from(list(Source))),
    st.builds(Draw, deck=st.sampled_from(["treasure", "loot"]), card=st.one_of(st.none(), JUNK_IDS)),
    st.builds(Roll, die=st.sampled_from(["party", "d6"])),
    st.builds(Choose, option=st.sampled_from(["keep", "retire"])),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), junk=st.lists(JUNK, min_size=1, max_size=30),
       heroes=st.lists(st.sampled_from(HEROES), min_size=1, max_size=2, unique=True))
def test_fuzz_junk_inputs_are_refused_or_legal_never_raised(seed: int, junk: list[Input], heroes: list[str]) -> None:
    rnd = random.Random(seed)
    session: Session[GameState] = Session(RULES, {"heroes": heroes, "seed": seed})
    for inp in junk:
        for _ in range(rnd.randrange(4)):
            if not session.state.outcome:
                session.submit(legal(session.state, rnd))
        before = RULES.encode(session.state)
        result = session.submit(inp)
        if isinstance(result, Rejection):
            assert RULES.encode(session.state) == before
            assert result.msg.text("ar") and result.msg.text("en")
        check(session.state)


@pytest.mark.parametrize("hero", HEROES)
def test_random_legal_play_of_each_hero_alone_keeps_every_invariant(hero: str) -> None:
    """The invariants above for every hero, so that each new hero's mechanism is walked through, not only
    those hypothesis happens to draw."""
    for seed in (HEROES.index(hero), 100 + HEROES.index(hero)):
        session = play(seed, [hero])
        again = replay(RULES, {"heroes": [hero], "seed": seed}, session.log.inputs())
        assert RULES.encode(again.state) == RULES.encode(session.state)
