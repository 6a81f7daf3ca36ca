"""Invariants over random legal play (hypothesis): the rulebook's caps and bounds hold after every input,
every card is in exactly one place, and replaying the log gives the same game byte for byte."""

from __future__ import annotations

import os
import random
from collections import Counter

from covenant_game import RULES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import drive
from companion.core.flow import Act
from companion.core.rules import Session, replay
from companion.games.covenant import traits
from companion.games.covenant.data import default
from companion.games.covenant.state import ChooseStep, GameState

D = default()
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
HEROES = ["knight", "rogue", "ranger", "sorceress"]


def cards_everywhere(s: GameState) -> dict[str, Counter[str]]:
    """Where every card of every deck is now: piles, hands, the board."""
    places: dict[str, Counter[str]] = {name: Counter(d.draw_pile) + Counter(d.discard) for name, d in s.decks.items()}
    places["monsters"] += Counter(m.kind for m in s.monsters if m.origin != "pursuer" and m.kind != "demon")
    for h in s.heroes.values():
        places["potions"] += Counter(h.potions)
        places["equipment"] += Counter(e for e in (h.weapon, h.armour, h.accessory) if e)
    for p in s.piles:
        places["potions"] += Counter(p.potions)
        places["equipment"] += Counter(p.equipment)
    for step in s.pending:
        if isinstance(step, ChooseStep) and step.purpose == "equip":
            places["equipment"][step.subject] += 1  # in the hero's hand while they choose
    zone = s.board.zone
    places[f"markers-z{zone}"] += Counter(s.board.revealed.values())
    for card in s.board.room_cards.values():
        places[f"rooms-z{zone}-{D.rooms[card].room}"][card] += 1
    return places


def check_invariants(s: GameState, start: dict[str, Counter[str]], falls: int) -> None:
    for h in s.heroes.values():
        assert traits.defense(D, h) <= 4
        assert 0 <= h.hp <= traits.max_hp(D, h)
        assert h.gold >= 0
        assert h.fallen == (h.hp == 0) or h.fallen
        assert len(h.potions) <= 3
    assert s.falls >= falls
    now = cards_everywhere(s)
    for name in ("combat", "loot", "events", "equipment", "potions", "monsters"):
        assert now[name] == start[name], name
    for name, cards in now.items():
        if name.startswith((f"markers-z{s.board.zone}", f"rooms-z{s.board.zone}-")):
            assert cards == start[name], name


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), party=st.integers(1, 4), moves=st.integers(50, 400))
def test_random_legal_play_keeps_every_invariant_and_replays_identically(seed: int, party: int, moves: int) -> None:
    rnd = random.Random(seed)
    heroes = rnd.sample(HEROES, party)
    session: Session[GameState] = Session(RULES, {"heroes": heroes, "seed": seed})
    start = cards_everywhere(session.state)
    falls = 0
    for _ in range(moves):
        prompt = session.prompt()
        if prompt is None:
            break
        before, zone = RULES.encode(session.state), session.state.board.zone
        result = session.submit(drive.pick(prompt, rnd, {"end": 0.1}))
        if not hasattr(result, "seq"):
            assert RULES.encode(session.state) == before
        if session.state.board.zone != zone:
            # A new board's markers and room cards are counted from the moment it is laid.
            start |= {k: v for k, v in cards_everywhere(session.state).items() if k.startswith(("markers-", "rooms-"))}
        check_invariants(session.state, start, falls)
        falls = session.state.falls
    again = replay(RULES, session.setup, session.log.inputs())
    assert RULES.encode(again.state) == RULES.encode(session.state)
    seqs = [e.seq for e in session.log.entries]
    assert seqs == list(range(1, len(seqs) + 1))


@settings(max_examples=EXAMPLES * 4, deadline=None)
@given(actor=st.sampled_from([*HEROES, "", "monster"]),
       action=st.text(max_size=12) | st.sampled_from(["move", "attack", "reveal", "trade", "revive", "pickup",
                                                       "drink", "buy", "fireball", "open_chest", "end"]),
       target=st.none() | st.text(max_size=8) | st.sampled_from(["m2", "room1", "hall", "guardian", "m1", "knight"]),
       args=st.dictionaries(st.sampled_from(["gold", "potion", "shard", "equipment", "pay"]),
                            st.integers(-5, 50) | st.text(max_size=6), max_size=3))
def test_any_action_is_either_accepted_or_refused_never_raises(actor: str, action: str, target: str | None,
                                                               args: dict[str, str | int]) -> None:
    """An illegal or malformed input never raises: it is rejected with a code and a message in both languages."""
    session: Session[GameState] = Session(RULES, {"heroes": ["knight", "rogue"], "seed": 3})
    before = RULES.encode(session.state)
    result = session.submit(Act(actor=actor, action=action, target=target, args=args))
    if not hasattr(result, "seq"):
        assert RULES.encode(session.state) == before
        assert result.code and result.text("ar") and result.text("en")  # type: ignore[union-attr]
