"""Movement and what entering a space does, against an independent reading of the rulebook over random
positions on every board (as the monster-targeting rule is checked in `test_monsters`).

The reading, written from the rulebook and the rulings, not from the engine:
- "Your turn": a move covers at most the hero's movement, and a turn at most twice the movement (the
  Covenant Bearer at most 6 in the escape, every hero's movement 6 plus bonuses then: "The escape",
  R-TURN-3); spaces count along the board's links;
- "Exploration" and R-EXPLORE-1: face-down room slots cannot be entered or crossed; the hall cannot be
  entered before 4 rooms are revealed, and crossing it is entering it (R-GUARD-6);
- "Shard guardians": entering the hall provokes a dormant guardian, on the way (R-GUARD-6) as at the end,
  and a move goes around the hall when a way around is as short (R-TURN-4);
- R-EXPLORE-3: a trap room entered after its reveal does nothing;
- "Exploration": the move into a room just revealed is free: it does not count toward the turn's cap;
- "The escape": the bearer who enters the glowing arch wins.
"""

from __future__ import annotations

import os
from typing import Any

import yaml
from covenant_game import Game
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from raw_boards import BOARDS, DATA, KINDS, LINKS, bfs

from companion.core.flow import Act, ActionPrompt, CardPrompt, Draw

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
GUARDIANS = {1: "hollow_king", 2: "black_saint", 3: "throne_guardian"}
MOVEMENT = {h["id"]: h["movement"] for h in yaml.safe_load((DATA / "heroes.yaml").read_text())}
HALL_OPENS, ESCAPE_MOVEMENT, BEARER_CAP = 4, 6, 6



@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    zone = draw(st.sampled_from(sorted(BOARDS)))
    slots = [sp for sp, k in KINDS[zone].items() if k in ("room", "marked")]
    # Two thirds of the positions have the hero within 2 spaces of the hall, where crossing it happens:
    # half of those with the hall open, half with it locked.
    near = draw(st.sampled_from(["open", "locked", "anywhere"]))
    revealed = draw(st.lists(st.sampled_from(slots), unique=True, min_size=HALL_OPENS if near == "open" else 0,
                             max_size=HALL_OPENS - 1 if near == "locked" else len(slots)))
    traps = draw(st.lists(st.sampled_from(revealed), unique=True)) if revealed else []
    walkable = [sp for sp, k in KINDS[zone].items() if k in ("step", "footprint")] + revealed
    hero = draw(st.sampled_from(sorted(MOVEMENT)))
    escape = zone == 3 and draw(st.booleans())
    bearer = escape and draw(st.booleans())
    bonus = draw(st.integers(0, 2))
    move = (ESCAPE_MOVEMENT if escape else MOVEMENT[hero]) + bonus
    cap = BEARER_CAP if bearer else 2 * move
    by_hall = [sp for sp, n in bfs(zone, "hall", set()).items() if 0 < n <= 2 and sp in walkable]
    space = draw(st.sampled_from(by_hall if near != "anywhere" and by_hall else
                                 walkable + (["hall"] if len(revealed) >= HALL_OPENS else [])))
    return {"zone": zone, "hero": hero, "move": move, "cap": cap, "bearer": bearer, "traps": traps,
            "position": {
                "board": {"zone": zone, "unrevealed": [s for s in slots if s not in revealed],
                          "revealed": {r: f"z{zone}-{'trap' if r in traps else 'event'}-1" for r in revealed}},
                "guardian": {"id": GUARDIANS[zone], "defeated": escape},
                "escape": {"bearer": hero if bearer else None, "rounds": 3, "round": 1} if escape else None,
                "heroes": {hero: {"space": space, "moved": draw(st.integers(0, cap)), "turn_movement": bonus}},
                "turn_open": True, "actions": 4, "pending": []}}


def expected_targets(p: dict[str, Any], space: str, moved: int, zone: int, revealed: int,
                     unrevealed: list[str]) -> dict[str, int]:
    blocked = set(unrevealed) | (set() if revealed >= HALL_OPENS else {"hall"})
    budget = min(p["move"], p["cap"] - moved)
    return {sp: n for sp, n in bfs(zone, space, blocked).items() if 0 < n <= budget}


def move_targets(g: Game) -> set[str]:
    prompt = g.session.prompt()
    assert isinstance(prompt, ActionPrompt)
    return {t for o in prompt.options if o.id == "move" for t in o.targets}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=positions(), pick=st.integers(0, 10**6), free=st.booleans())
def test_every_move_matches_the_rulebook(p: dict[str, Any], pick: int, free: bool) -> None:
    g = Game([p["hero"]], p["position"], deal={"markers": "table", "rooms": "table"})
    s, hero, zone = g.s, p["hero"], p["zone"]
    h = s.heroes[hero]
    revealed, unrevealed = len(s.board.revealed), list(s.board.unrevealed)
    blocked = set(unrevealed) | (set() if revealed >= HALL_OPENS else {"hall"})
    reach = expected_targets(p, h.space, h.moved, zone, revealed, unrevealed)
    assert move_targets(g) == set(reach)

    # A space out of reach is refused; because of the locked hall exactly when the hall is the reason.
    budget = min(p["move"], p["cap"] - h.moved)
    beyond = sorted(sp for sp in LINKS[zone] if sp not in reach and sp != h.space)
    through = bfs(zone, h.space, blocked - {"hall"})
    by_hall = [sp for sp in beyond if "hall" in blocked and sp != "hall" and through.get(sp, budget + 1) <= budget]
    if beyond:
        pool = by_hall if by_hall and pick % 2 else beyond
        far = pool[pick // 2 % len(pool)]
        refusal = g.refused(Act(actor=hero, action="move", target=far))
        locked_is_why = far in by_hall
        event("refused: only through the locked hall" if locked_is_why else "refused: out of reach")
        assert (refusal.code, refusal.rule) == ("hall-locked", "R-GUARD-6") if locked_is_why else \
            refusal.code != "hall-locked" or far == "hall"

    # A free move into a room just revealed counts nothing toward the cap.
    doors = [sl for sl in unrevealed if sl in LINKS[zone][h.space] or sl == h.space]
    if free and doors:
        moved, door = h.moved, doors[pick % len(doors)]
        g.act(hero, "reveal", door)
        marker = g.session.prompt()
        assert isinstance(marker, CardPrompt)
        g.ok(Draw(deck=marker.deck, card=next(c for c in marker.candidates if "treasure" in c)))
        room = g.session.prompt()
        assert isinstance(room, CardPrompt)
        g.ok(Draw(deck=room.deck, card=room.candidates[0]))
        assert (h.space, h.moved) == (door, moved)
        event("free move into a revealed room")
        assert move_targets(g) == set(expected_targets(p, door, moved, zone, len(s.board.revealed),
                                                       list(s.board.unrevealed)))
        return

    if not reach:
        return
    start, hp, moved = h.space, h.hp, h.moved
    hall_open = revealed >= HALL_OPENS and not s.guardian.defeated
    around = bfs(zone, start, blocked | {"hall"}) if start != "hall" else reach
    crossing = sorted(sp for sp in reach if sp == "hall" or around.get(sp) != reach[sp])
    goals = crossing if crossing and pick % 2 else sorted(reach)
    goal = goals[pick // 2 % len(goals)]
    crosses = goal in crossing
    g.act(hero, "move", goal)
    event("into the hall" if goal == "hall" else "across the open hall" if crosses and hall_open else
          "into a revealed trap room" if goal in p["traps"] else "the bearer into the arch" if goal == "exit"
          else "other move")
    assert (h.space, h.moved) == (goal, moved + reach[goal])
    assert s.guardian.provoked == (hall_open and crosses)
    assert h.hp == hp and "trap" not in g.kinds()  # R-EXPLORE-3, even into a revealed trap room
    assert (s.outcome == "victory") == (p["bearer"] and goal == "exit")
    if s.outcome is None and s.actions:
        assert move_targets(g) == set(expected_targets(p, goal, h.moved, zone, revealed, unrevealed))
