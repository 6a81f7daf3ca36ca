"""The Covenant and the escape (rulebook "The end" and "The escape").

When the Throne Guardian falls, the three shards join at the hero the team chooses, who becomes the
Covenant Bearer; the escape lasts 3 rounds (2 or 4 by difficulty) counted from the next round
(R-ESC-1). Each escape round: an event for the bearer alone, then two pursuers beside the bearer (a die
each: 1–3 Troll, 4–6 Dark Knight) who attack the bearer in the monster phase and leave at its end.
"""

from __future__ import annotations

from companion.games.covenant.play import Play
from companion.games.covenant.state import DrawStep, Escape, Hero, Monster, RollStep

PURSUERS = 2


def form_covenant(g: Play, bearer: Hero) -> None:
    """Every shard, held or lying in a pile, joins the Covenant at the chosen hero (no action)."""
    s = g.s
    for hero in s.heroes.values():
        hero.shards = []
    for pile in s.piles:
        pile.shards = []
    s.piles = [p for p in s.piles if not p.empty]
    s.escape = Escape(bearer=None, rounds=s.escape_rounds)
    take_covenant(g, bearer)
    g.say("covenant", "R-ESC-3", "The three shards join: {hero} is the Covenant Bearer. The escape begins: "
          "{rounds} rounds to reach the glowing arch.", {"hero": bearer.id, "rounds": s.escape_rounds},
          hero=g.hero_name(bearer), rounds=s.escape_rounds)


def take_covenant(g: Play, hero: Hero) -> None:
    assert g.s.escape is not None
    g.s.escape.bearer = hero.id
    g.s.escape.dropped_at = None
    g.say("bearer", "§The escape", "{hero} carries the Covenant.", {"hero": hero.id}, hero=g.hero_name(hero))
    check_exit(g, hero)


def check_exit(g: Play, hero: Hero) -> None:
    s = g.s
    if s.escape is not None and s.escape.bearer == hero.id and hero.space == g.board.exit:
        s.outcome = "victory"
        s.phase = "over"
        g.say("victory", "§The escape", "{hero} carries the Covenant through the glowing arch: the team wins!",
              hero=g.hero_name(hero))


def start_round(g: Play) -> None:
    """At the start of each escape round: the event for the bearer, then the two pursuers' dice."""
    s = g.s
    e = s.escape
    if e is None:
        return
    e.round += 1
    g.say("escape-round", "§The escape", "Escape round {n} of {rounds}.", {"round": e.round}, n=e.round,
          rounds=e.rounds)
    who = e.bearer or s.order[0]
    g.later(*(RollStep(die="d6", purpose="pursuer", who=who) for _ in range(PURSUERS)))
    if e.bearer is not None:
        g.next(DrawStep(deck="events", purpose="escape-event", who=e.bearer))


def on_pursuer(g: Play, value: int) -> None:
    s = g.s
    assert s.escape is not None
    kind = "troll" if value <= 3 else "dark_knight"
    space = s.heroes[s.escape.bearer].space if s.escape.bearer else s.escape.dropped_at or g.board.start
    m = Monster(uid=f"m{s.next_uid}", kind=kind, space=space, origin="pursuer")
    s.next_uid += 1
    s.monsters.append(m)
    rule = "R-ESC-2" if s.escape.bearer is None else "§The escape"
    g.say("pursuer", rule, "A pursuer appears beside the Covenant: a {monster} ({value} on the die).",
          {"monster": m.uid, "space": space}, monster=g.monster_name(m), value=value)


def end_round(g: Play) -> None:
    s = g.s
    e = s.escape
    if e is None or s.outcome:
        return
    from companion.games.covenant.monsters import remove_monster

    for m in [m for m in s.monsters if m.origin == "pursuer"]:
        remove_monster(g, m)
    if e.round >= e.rounds:
        s.outcome = "defeat:escape"
        s.phase = "over"
        g.say("defeat", "R-ESC-1", "The escape rounds are over and the Covenant has not left the crypt: the "
              "team loses.")
