"""Revealing rooms and what each room does (rulebook "Exploration", "Events and traps").

Reveal: from a space adjacent to a face-down slot, 1 interact action; the marker says the room type,
the top card of that type's pile in this zone's room deck is read, a door token goes on the slot, and
the hero moves in for free. Then the room acts: monsters and the reveal ambush, two chests, an event
for everyone in the room, or the trap on the revealer.
"""

from __future__ import annotations

from companion.core.messages import Named, Plural, named, named_in
from companion.games.covenant import damage, death, monsters, movement
from companion.games.covenant.play import Play
from companion.games.covenant.state import DrawStep, Hero, Monster, Reveal, RollStep
from companion.games.covenant.zones import marker_deck_id, room_deck_id

MAX_MONSTERS_TO_REVEAL = 2
CHESTS = 2


def begin(g: Play, hero: Hero, slot: str) -> None:
    g.s.actions -= 1
    g.s.reveal = Reveal(hero=hero.id, slot=slot)
    g.say("reveal", "§Exploration", "{hero} opens the door at {slot}: turn its room marker over.",
          {"hero": hero.id, "slot": slot}, hero=g.hero_name(hero), slot=g.space_name(slot))
    g.next(DrawStep(deck=marker_deck_id(g.s.board.zone), purpose="marker", who=hero.id))


def on_marker(g: Play, marker: str) -> None:
    r = g.s.reveal
    assert r is not None
    r.marker = marker
    room = g.d.markers[marker].room
    g.next(DrawStep(deck=room_deck_id(g.s.board.zone, room), purpose="room", who=r.hero))


def no_marker(g: Play) -> None:
    """No room marker left to turn over (R-EXPLORE-7): the door stays closed and the action comes back."""
    r = g.s.reveal
    assert r is not None
    g.s.reveal = None
    g.s.actions += 1
    g.say("no-marker", "R-EXPLORE-7", "No room marker is left for {slot}: its door stays closed, and the action "
          "is not spent.", {"slot": r.slot}, slot=r.slot)


def on_room(g: Play, card: str | None) -> None:
    """The room card drawn, or None when its pile is empty: then the room is what its marker says, and a
    combat or elite room brings as few monsters as any card of its pile (R-EXPLORE-7)."""
    s = g.s
    r = s.reveal
    assert r is not None and r.marker is not None
    r.room = card
    kind = g.d.markers[r.marker].room
    s.board.unrevealed.remove(r.slot)
    s.board.revealed[r.slot] = r.marker
    hero = s.heroes[r.hero]
    movement.enter(g, hero, [r.slot])
    if card is None:
        g.say("no-room-card", "R-EXPLORE-7", "No {kind} room card is left: a door token goes on {slot}, the room "
              "acts as its marker says, and {hero} moves in for free.", {"slot": r.slot, "kind": kind},
              kind=named_in("room kind", kind), slot=g.space_name(r.slot), hero=g.hero_name(hero))
    else:
        spec = g.d.rooms[card]
        s.board.room_cards[r.slot] = card
        g.say("room", "§Exploration", "{room}: a {kind} room. A door token goes on {slot}; {hero} moves in for "
              "free.", {"slot": r.slot, "room": card, "kind": spec.room}, room=spec.named(),
              kind=named_in("room kind", spec.room), slot=g.space_name(r.slot), hero=g.hero_name(hero))
    if g.hall_open() and len(s.board.revealed) == 4:
        g.say("hall-open", "§Exploration", "Four rooms are revealed: the guardian hall is open.")
    if kind in ("combat", "elite"):
        r.monsters_left = g.d.rooms[card].monsters if card is not None else min(
            c.monsters for c in g.d.rooms.values() if c.zone == s.board.zone and c.room == kind)
        _next_monster(g)
        return
    s.reveal = None
    if kind == "treasure":
        s.board.chests[r.slot] = CHESTS
        g.say("chests", "§Loot and treasure", "Two chests are placed in the room.", {"slot": r.slot})
    elif kind == "event":
        g.next(DrawStep(deck="events", purpose="room-event", who=hero.id))
    else:
        g.next(RollStep(die="trap", purpose="trap", who=hero.id))


def _next_monster(g: Play) -> None:
    r = g.s.reveal
    assert r is not None
    if r.monsters_left > 0:
        g.next(DrawStep(deck="monsters", purpose="room-monster", who=r.hero))
        return
    _ambush(g)


def no_more_monsters(g: Play) -> None:
    """The monster deck has nothing more for this room (R-EXPLORE-7): the room keeps the monsters that
    came, and the reveal ambush follows at once."""
    r = g.s.reveal
    assert r is not None
    came = sum(1 for m in g.s.monsters if m.space == r.slot and m.origin == "room")
    r.monsters_left = 0
    g.say("room-filled", "R-EXPLORE-7", Plural("{room} keeps the {n} monster that came.",
                                               "{room} keeps the {n} monsters that came."),
          {"slot": r.slot, "n": came}, room=_room_name(g), n=came)
    _ambush(g)


def _room_name(g: Play) -> Named:
    r = g.s.reveal
    assert r is not None and r.marker is not None
    if r.room is not None:
        spec = g.d.rooms[r.room]
        return spec.named()
    kind = g.d.markers[r.marker].room
    return named("The {kind} room", kind=named_in("room kind", kind))


def reveal_blocked(g: Play) -> bool:
    """No reveal while more than 2 monsters are on the monster board (pursuers count: R-EXPLORE-5)."""
    return g.counted_monsters() > MAX_MONSTERS_TO_REVEAL


def zone_fits(g: Play, kind: str) -> bool:
    """A monster card fits when its zone is the current one or an earlier one (rulebook "Monster guide")."""
    return g.d.monsters[kind].zone <= g.s.board.zone


def on_monster(g: Play, kind: str, purpose: str, who: str) -> None:
    """Place a drawn monster, or put an out-of-zone card at the bottom and draw again."""
    s = g.s
    if not zone_fits(g, kind):
        deck = s.decks["monsters"]
        deck.put_bottom(kind)
        g.say("redraw", "§Monster guide", "{monster} belongs to a later zone: it goes to the bottom of the "
              "monster deck; draw again.", monster=g.d.monsters[kind].named())
        if not any(zone_fits(g, card) for card in deck.draw_pile):
            # Only later-zone cards are left to draw: the discard joins the deck as when it runs out, and
            # if still nothing fits, no monster comes (R-EXPLORE-6).
            deck.draw_pile += deck.discard
            deck.discard = []
            s.rng.shuffle(deck.draw_pile)
            if not any(zone_fits(g, card) for card in deck.draw_pile):
                g.say("no-monster", "R-EXPLORE-6", "No card left in the monster deck fits this zone: no monster "
                      "comes.")
                if purpose == "room-monster":
                    no_more_monsters(g)
                return
            g.say("reshuffle", "R-EXPLORE-6", "Only later-zone monsters were left to draw: the monster discard "
                  "is shuffled into the deck.")
        g.next(DrawStep(deck="monsters", purpose=purpose, who=who))
        return
    if purpose == "room-monster":
        r = s.reveal
        assert r is not None and r.marker is not None
        elite = g.d.markers[r.marker].room == "elite"
        space, origin = r.slot, "room"
    else:
        elite, space, origin = False, s.heroes[who].space, "ambush"
    m = Monster(uid=f"m{s.next_uid}", kind=kind, space=space, elite=elite, origin=origin)  # type: ignore[arg-type]
    s.next_uid += 1
    s.monsters.append(m)
    g.say("monster-appears", "§Exploration", "A {monster} appears in {space}.", {"monster": m.uid, "space": space},
          monster=g.monster_name(m), space=g.space_name(space))
    _monster_placed(g, purpose)


def _monster_placed(g: Play, purpose: str) -> None:
    if purpose == "room-monster":
        assert g.s.reveal is not None
        g.s.reveal.monsters_left -= 1
        _next_monster(g)


def _ambush(g: Play) -> None:
    """The reveal ambush: each monster in the room attacks the revealing hero once."""
    s = g.s
    r = s.reveal
    assert r is not None
    s.reveal = None
    hero = s.heroes[r.hero]
    for m in [m for m in s.monsters if m.space == r.slot]:
        if hero.fallen or s.outcome:
            break
        g.say("ambush", "§Exploration", "Reveal ambush: {monster} attacks {hero} at once.",
              {"monster": m.uid}, monster=g.monster_name(m), hero=g.hero_name(hero))
        monsters.strike(g, monsters.blow_of(g, m), hero, "§Exploration")


def on_event(g: Play, event: str, heroes: list[Hero]) -> None:
    """An event applied to the given heroes (everyone in the room, or the Covenant Bearer alone)."""
    s = g.s
    s.decks["events"].discard.append(event)
    spec = g.d.events[event]
    e = spec.effect
    g.say("event", "§Events and traps", "Event: {event}. {text}", {"event": event}, event=spec.named(),
          text=spec.text.named())
    for hero in heroes:
        damage.take(g, hero, damage.Harm(e.damage, direct=True))
        if e.heal and not hero.fallen:
            death.heal(g, hero, e.heal)
        hero.turn_movement += e.movement
        hero.curse = max(hero.curse, e.curse)
    if e.merchant and heroes:
        s.board.merchant = heroes[0].space
    if e.monsters and heroes:
        for _ in range(e.monsters):
            g.next(DrawStep(deck="monsters", purpose="event-monster", who=heroes[0].id))


def on_trap(g: Play, hero: Hero, value: int) -> None:
    trap = next(t for t in g.d.traps if value in t.faces)
    # Counted, so that a trap without damage (the teleport) reads "no damage" where a language can say it.
    g.say("trap", "R-EXPLORE-3", Plural("{trap}! {damage} damage to {hero}, defense ignored.",
                                        "{trap}! {damage} damage to {hero}, defense ignored.", "damage"),
          {"hero": hero.id, "trap": trap.id, "damage": trap.damage}, trap=trap.named(),
          damage=trap.damage, hero=g.hero_name(hero))
    damage.take(g, hero, damage.Harm(trap.damage, direct=True))
    hero.poison += trap.poison
    if trap.teleport:
        movement.enter(g, hero, [g.board.start])
        g.say("teleport", "§Events and traps", "{hero} is thrown back to this board's entrance.",
              {"hero": hero.id}, hero=g.hero_name(hero))
