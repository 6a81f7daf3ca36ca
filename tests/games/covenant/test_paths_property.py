"""The three one-paths over random play (hypothesis): from random positions on every board, with decks cut
short so that draws come back empty, random legal inputs are played and after each one:

- a move whose every shortest way crosses an open hall provokes its guardian, and no other move does
  (rulebook "Shard guardians", R-TURN-4, R-GUARD-6);
- no step is left half done: while the engine waits for an action there is no reveal or attack in
  progress and no monster left to act (rulebook "Components", R-EXPLORE-7);
- no hero loses HP that the one damage path did not count (`damage.take`: rulebook "When a monster
  attacks you", "The four heroes", "Falling and death").

`FUZZ_EXAMPLES` sets how many positions are played (a dozen in the normal run)."""

from __future__ import annotations

import os
import random
from typing import Any

from covenant_game import RULES
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from raw_boards import KINDS, bfs

from companion.core import drive
from companion.core.flow import Act, Rejection
from companion.core.rules import Session
from companion.games.covenant.state import GameState

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
ZONES = {1: ("castle", "hollow_king", ["goblin", "skeleton_archer"]),
         2: ("cathedral", "black_saint", ["goblin", "troll", "cultist", "dark_knight"]),
         3: ("throne", "throne_guardian", ["troll", "dark_knight", "wraith"])}
MAX_HP = {"knight": 14, "rogue": 11, "ranger": 12, "sorceress": 10}



@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    zone = draw(st.sampled_from(sorted(ZONES)))
    _, guardian, kinds = ZONES[zone]
    slots = [sp for sp, k in KINDS[zone].items() if k in ("room", "marked")]
    # Half the positions open the hall and put the heroes within 2 spaces of it, where moves cross it.
    near = draw(st.booleans())
    revealed = draw(st.lists(st.sampled_from(slots), unique=True, min_size=4 if near else 0, max_size=len(slots)))
    steps = [sp for sp, k in KINDS[zone].items() if k == "step"]
    open_spaces = steps + revealed
    by_hall = [sp for sp, n in bfs(zone, "hall", set()).items() if 0 < n <= 2 and sp in open_spaces]
    names = draw(st.lists(st.sampled_from(sorted(MAX_HP)), min_size=1, max_size=4, unique=True))
    heroes = {n: {"space": draw(st.sampled_from(by_hall if near and by_hall else open_spaces)),
                  "hp": draw(st.integers(1, MAX_HP[n])),
                  "poison": draw(st.integers(0, 1))} for n in names}
    monsters = [{"uid": f"m{i}", "kind": draw(st.sampled_from(kinds)), "space": draw(st.sampled_from(open_spaces))}
                for i in range(draw(st.integers(0, 2)))]
    awake = not near and draw(st.booleans())
    cut = {deck: {"draw_pile": draw(st.lists(st.sampled_from(cards), max_size=2)), "discard": []}
           for deck, cards in (("monsters", kinds), ("loot", ["gold2", "potion", "equipment"]), ("combat", ["5", "9"]),
                               ("events", ["collapse", "ambush", "healing_shrine"]))
           if draw(st.booleans())}
    return {"zone": zone, "heroes": names, "seed": draw(st.integers(0, 2**16)), "position": {
        "board": {"zone": zone, "unrevealed": [s for s in slots if s not in revealed],
                  "revealed": {r: f"z{zone}-combat-1" for r in revealed}},
        "guardian": {"id": guardian, "provoked": awake, "awake": awake},
        "heroes": heroes, "monsters": monsters, "next_uid": 10, "pending": [], "decks": cut}}


def must_cross_hall(s: GameState, start: str, goal: str) -> bool:
    """Every shortest open way from `start` to `goal` enters the hall (or ends in it)."""
    zone = s.board.zone
    if goal == "hall":
        return True
    blocked = set(s.board.unrevealed) | (set() if len(s.board.revealed) >= 4 else {"hall"})
    if start == "hall":
        return False
    return bfs(zone, start, blocked | {"hall"}).get(goal) != bfs(zone, start, blocked)[goal]


def settled(s: GameState) -> bool:
    return not s.pending and not s.outcome


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=positions(), moves=st.integers(20, 80))
def test_random_play_enters_every_space_finishes_every_draw_and_counts_every_damage(p: dict[str, Any],
                                                                                      moves: int) -> None:
    session: Session[GameState] = Session(RULES, {"heroes": p["heroes"], "seed": p["seed"],
                                                  "position": p["position"]})
    rnd = random.Random(p["seed"])
    for _ in range(moves):
        prompt = session.prompt()
        if prompt is None:
            break
        s = session.state
        inp = drive.pick(prompt, rnd, {"end": 0.2, "move": 3.0, "reveal": 3.0})
        zone, provoked = s.board.zone, s.guardian.provoked or s.guardian.defeated
        hp = {h.id: (h.hp, h.damage_taken) for h in s.heroes.values()}
        start = s.heroes[inp.actor].space if isinstance(inp, Act) and inp.actor in s.heroes else ""
        result = session.submit(inp)
        if isinstance(result, Rejection):
            continue
        for e in result.events:
            if e.kind in ("deck-empty", "shield", "guardian-provoked"):
                event(e.kind)
        s = session.state
        for h in s.heroes.values():
            before, counted = hp[h.id]
            assert before - h.hp <= h.damage_taken - counted, f"{h.id} lost HP outside damage.take"
        if settled(s):
            assert s.reveal is None and s.attack is None, "a step was left half done"
            assert s.phase != "heroes" or not s.acting
        if isinstance(inp, Act) and inp.action == "move" and s.board.zone == zone and not provoked:
            crossed = must_cross_hall(s, start, inp.target or "")
            event("move into the hall" if inp.target == "hall" else "move across the hall" if crossed else "other move")
            assert s.guardian.provoked == crossed, (start, inp.target)
