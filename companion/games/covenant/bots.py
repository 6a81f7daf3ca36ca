"""Automated players for The Last Covenant, for simulation and testing only.

A bot answers whatever the engine waits for, and only with what the engine's prompt offers: an
action and a target from the prompt's options (trade arguments are built from what the giver holds),
a choice among the listed options, and `Roll(die=...)` / `Draw(deck=...)` so that the engine's own
seeded generator decides dice and cards. It reads the state to judge, and never changes it.

One team plan (revive, heal, loot, clear monsters, explore until the hall opens, then the guardian,
then carry the Covenant out) with each hero's own touch, keyed on its ability: the Knight keeps
beside a hurt ally (Shield), the Sorceress opens with Fireball where it splashes most, the Rogue
picks targets an ally stands beside (Backstab), the Huntress rerolls misses with Hawk Eye.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TypeVar

from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Prompt,
    Roll,
    Throw,
    ThrowPrompt,
)
from companion.games.covenant import combat, death, monsters, traits
from companion.games.covenant.board import Board
from companion.games.covenant.data import GameData
from companion.games.covenant.play import Play, boards
from companion.games.covenant.state import ChooseStep, GameState, Hero, Pile

HEAL_BELOW = 0.5
"""A hero drinks a healing potion once below this share of their HP (or at once when it wastes nothing
and there is nothing better to do)."""
READY_FOR_GUARDIAN = 0.6
"""Before waking a guardian, a hero heals up to this share of their HP if a potion allows."""
UPGRADE_ORDER = ("protection", "vitality", "strength", "skill", "agility")
Value = TypeVar("Value", float, tuple[int, float])


class Bot:
    """Plays every hero of a game (and answers every prompt).

    A cautious bot (the default) lets a hero who would fall step out of reach with their last action
    and revives only a hero who can then stand; a bold one stays in the fight and always revives. The
    two show how much the game rewards care.
    """

    def __init__(self, data: GameData, cautious: bool = True) -> None:
        self.data = data
        self.cautious = cautious

    def decide(self, state: GameState, prompt: Prompt) -> Input:
        if isinstance(prompt, DiePrompt):
            return Roll(die=prompt.die)
        if isinstance(prompt, CardPrompt):
            return Draw(deck=prompt.deck)
        if isinstance(prompt, ThrowPrompt):
            return Throw()
        g = Play(state, self.data)
        if isinstance(prompt, ChoicePrompt):
            return Choose(option=_choose(g, prompt))
        return _Turn(g, prompt, self.cautious).decide()


# ---- choices ----------------------------------------------------------------------------------


def _choose(g: Play, prompt: ChoicePrompt) -> str:
    s = g.s
    options = [o.id for o in prompt.options]
    step = s.pending[0]
    assert isinstance(step, ChooseStep)
    purpose = step.purpose
    if purpose == "reroll":
        return _reroll(g, options)
    if purpose == "equip":
        return _equip(g, step)
    if purpose == "upgrade":
        hero = s.heroes[prompt.chooser]
        return min(options, key=lambda u: _upgrade_rank(g, hero, u))
    if purpose == "monster-target":
        # Tied heroes have the same HP: let the one with the best defense take the blow.
        return max(options, key=lambda h: (traits.defense(g.d, s.heroes[h]), -s.heroes[h].seat))
    if purpose == "shard":
        return _shard_holder(g, options)
    if purpose == "bearer":
        return _bearer(g, options)
    return options[0]


def _reroll(g: Play, options: list[str]) -> str:
    a = g.s.attack
    assert a is not None and a.card is not None and a.die is not None
    hero = g.s.heroes[a.attacker]
    terms = combat.terms(g, hero, a.target)
    now = terms.outcome(a.card, a.die)
    if now.hit:
        return "keep"
    # A new die can only help if some face reaches the target's strength (else only a golden six).
    needed = terms.strength - a.card - terms.bonus
    if needed > 6 and now.golden:
        return "keep"
    if "hawk_eye" in options:
        return "hawk_eye"
    if "gold" in options and needed <= 6:
        return "gold"
    return "keep"


def _item_value(g: Play, item: str | None) -> float:
    if item is None:
        return 0.0
    e = g.d.equipment[item]
    return 2 * e.attack + 2 * e.defense + 0.7 * e.range + 0.5 * e.movement + 0.5 * e.min_damage


def _equip(g: Play, step: ChooseStep) -> str:
    hero = g.s.heroes[step.chooser]
    item = step.subject
    old = getattr(hero, g.d.equipment[item].slot)
    return "equip" if _item_value(g, item) > _item_value(g, old) else "discard"


def _upgrade_rank(g: Play, hero: Hero, upgrade: str) -> tuple[int, int]:
    order = list(UPGRADE_ORDER)
    if upgrade == "protection" and traits.defense(g.d, hero) >= traits.DEFENSE_CAP:
        return (1, order.index(upgrade))
    return (0, order.index(upgrade))


def _shard_holder(g: Play, options: list[str]) -> str:
    s = g.s
    bonus = g.d.guardians[s.board.zone].shard.bonus
    heroes = [s.heroes[h] for h in options]
    if bonus.defense:
        # The defense shard to whoever gains most under the cap, the frailest first.
        return max(heroes, key=lambda h: (not h.fallen, traits.defense(g.d, h) < traits.DEFENSE_CAP,
                                          -traits.max_hp(g.d, h), -h.seat)).id
    return max(heroes, key=lambda h: (not h.fallen, traits.attack_range(g.d, h), traits.attack_bonus(g.d, h),
                                      -h.seat)).id


def _bearer(g: Play, options: list[str]) -> str:
    """The hero who would be nearest the glowing arch after this round's moves: standing, close, still
    to play (the escape's rounds count from the next one), then the sturdiest."""
    s, board = g.s, g.board
    exit_space = board.exit
    assert exit_space is not None
    to_exit = board.distances(exit_space, g.blocked())

    def score(hid: str) -> tuple[bool, int, int, int]:
        h = s.heroes[hid]
        if h.seat > s.turn:
            ahead = traits.ESCAPE_BEARER_CAP
        elif h.seat == s.turn and s.actions > 0:
            ahead = max(0, traits.ESCAPE_BEARER_CAP - h.moved)
        else:
            ahead = 0
        left = max(0, to_exit.get(h.space, 99) - ahead)
        return (not h.fallen, -left, h.hp + 2 * traits.defense(g.d, h), -h.seat)

    return max(options, key=score)


# ---- a hero's turn ----------------------------------------------------------------------------


class _Turn:
    """One action of the active hero, chosen from the prompt's options."""

    def __init__(self, g: Play, prompt: ActionPrompt, cautious: bool) -> None:
        self.g = g
        self.cautious = cautious
        self.s = g.s
        self.hero = g.s.heroes[prompt.actor]
        self.spec = g.d.heroes[self.hero.id]
        self.options = {o.id: o.targets for o in prompt.options}
        self.blocked = g.blocked()
        # Worked out when first asked, at most once: functools.cached_property takes a lock on each read.
        self._heals: list[str] | None = None
        self._threats: dict[str, int] | None = None

    def act(self, action: str, target: str | None = None, **args: str | int) -> Act:
        return Act(actor=self.hero.id, action=action, target=target, args=dict(args))

    def decide(self) -> Act:
        for rule in (self._revive, self._merchant, self._escape, self._pickup, self._heal, self._share,
                     self._retreat, self._fight, self._chest, self._reveal, self._move, self._spare):
            found = rule()
            if found is not None:
                return found
        return self.act("end", "turn")

    # -- helping others --------------------------------------------------------------------------

    def _revive(self) -> Act | None:
        """Revive a fallen neighbour, unless the 5 HP it would stand up with are sure to fall again
        before its turn: a hero who dies instead comes back whole at the entrance, and every fall
        counts towards the six that lose the game. In the escape, always: time is short."""
        targets = [t for t in self.options.get("revive", []) if self._would_revive(t)]
        if not targets:
            return None
        pay = "actions" if self.s.actions >= 2 else "gold"
        return self.act("revive", targets[0], pay=pay)

    def _would_revive(self, hero_id: str) -> bool:
        return not self.cautious or self.s.escape is not None or self._survives(hero_id)

    def _survives(self, hero_id: str) -> bool:
        hero = self.s.heroes[hero_id]
        own_turn_ahead = hero.seat > self.s.turn
        heal = max((self.g.d.potions[p].effect.heal for p in _heal_potions(self.g, hero)), default=0)
        return threats(self.g, hero).get(hero.space, 0) < death.REVIVE_HP + (heal if own_turn_ahead else 0)

    def _merchant(self) -> Act | None:
        buys = self.options.get("buy", [])
        if "merchant_heal" in buys and self._missing() >= 3:
            return self.act("buy", "merchant_heal")
        if "merchant_equipment" in buys and self.hero.gold >= 8:
            return self.act("buy", "merchant_equipment")
        return None

    def _share(self) -> Act | None:
        """A healing potion to a neighbour who is low and has none, when I can spare it."""
        heals = self.heals
        if not heals or "trade" not in self.options or (len(heals) == 1 and self._missing() > 0):
            return None
        for ally_id in self.options["trade"]:
            ally = self.s.heroes[ally_id]
            if (not ally.fallen and ally.hp <= traits.max_hp(self.g.d, ally) * HEAL_BELOW
                    and not _heal_potions(self.g, ally) and len(ally.potions) < 3):
                return self.act("trade", ally_id, potion=heals[-1])
        return None

    def _spare(self) -> Act | None:
        """With actions left and nothing else to do: drink what heals without waste, and share gold
        with a neighbour who has none left for a reroll."""
        if "drink" in self.options:
            for potion in self.heals:
                if self._missing() >= self.g.d.potions[potion].effect.heal:
                    return self.act("drink", potion)
        for ally_id in self.options.get("trade", []):
            ally = self.s.heroes[ally_id]
            if not ally.fallen and self.hero.gold >= 6 and ally.gold < 2:
                return self.act("trade", ally_id, gold=(self.hero.gold - ally.gold) // 2)
        return None

    # -- the Covenant ----------------------------------------------------------------------------

    def _escape(self) -> Act | None:
        e = self.s.escape
        if e is None:
            return None
        if "covenant" in self.options.get("pickup", []):
            return self.act("pickup", "covenant")
        exit_space = self.g.board.exit
        assert exit_space is not None
        if e.bearer == self.hero.id:
            return self._go({exit_space})
        if e.bearer is None:
            return self._go({e.dropped_at or self.g.board.start})
        bearer = self.s.heroes[e.bearer]
        if bearer.fallen:
            return self._go(set(self.g.board.around(bearer.space)) - self.blocked)
        return None

    # -- myself ----------------------------------------------------------------------------------

    def _pickup(self) -> Act | None:
        wanted = [w for w in self.options.get("pickup", []) if self._wants(w, self.hero.space)]
        return self.act("pickup", wanted[0]) if wanted else None

    def _wants(self, what: str, space: str) -> bool:
        """Whether the hero would pick `what` up from the piles in `space`: not potions with full
        slots, nor equipment with no free slot it fits."""
        if what == "potions":
            return len(self.hero.potions) < 3
        if what != "equipment":
            return True
        d = self.g.d
        return any(getattr(self.hero, d.equipment[e].slot) is None and d.equipment[e].hero in (None, self.hero.id)
                   for p in self.s.piles if p.space == space for e in p.equipment)

    def _heal(self) -> Act | None:
        if "drink" not in self.options:
            return None
        heals = self.heals
        if not heals:
            return None
        limit = READY_FOR_GUARDIAN if self._near_guardian() else HEAL_BELOW
        if self.hero.hp <= traits.max_hp(self.g.d, self.hero) * limit or self._in_danger():
            return self.act("drink", heals[0])
        return None

    @property
    def heals(self) -> list[str]:
        """My healing potions, the smallest first (worked out once per decision)."""
        if self._heals is None:
            self._heals = _heal_potions(self.g, self.hero)
        return self._heals

    def _missing(self) -> int:
        return traits.max_hp(self.g.d, self.hero) - self.hero.hp

    def _near_guardian(self) -> bool:
        g = self.g
        far = g.board.distance(self.hero.space, g.board.hall)
        return g.hall_open() and far is not None and far <= g.d.guardians[self.s.board.zone].range

    @property
    def threats(self) -> dict[str, int]:
        if self._threats is None:
            self._threats = threats(self.g, self.hero)
        return self._threats

    def _in_danger(self) -> bool:
        return self.hero.hp <= _worst_case(self.g) and self.hero.hp <= self.threats.get(self.hero.space, 0)

    def _retreat(self) -> Act | None:
        """With the last action, a hero who would fall where they stand steps out of reach, on the last
        board towards the arch (the Covenant Bearer runs instead)."""
        e = self.s.escape
        if not self.cautious or self.s.actions != 1 or "move" not in self.options or not self._in_danger() or (
                e is not None and e.bearer == self.hero.id):
            return None
        safe = {sp: self.threats.get(sp, 0) for sp in self.options["move"]}
        steps = self.g.board.distances(self.hero.space, self.blocked)
        best = min(safe, key=lambda sp: (safe[sp], self._to_exit(sp), steps.get(sp, 99), sp))
        return self.act("move", best) if safe[best] < self.hero.hp else None

    # -- fighting --------------------------------------------------------------------------------

    def _fight(self) -> Act | None:
        targets = [t for t in self.options.get("attack", []) if t != "guardian" or self._take_on_guardian()]
        if not targets:
            return None
        if "fireball" in self.options:
            return self.act("fireball", _best(targets, self._splash))
        target = _best(targets, self._attack_value)
        if target == "guardian" and "strength" in self.hero.potions and self.s.actions >= 2:
            return self.act("drink", "strength")
        return self.act("attack", target)

    def _take_on_guardian(self) -> bool:
        """Fight the guardian once it is awake, or once the board is clear of other monsters."""
        gd = self.s.guardian
        return gd.awake or gd.provoked or self.g.counted_monsters() == 0

    def _splash(self, target: str) -> tuple[int, float]:
        space = combat.target_space(self.g, target) or ""
        near = sum(1 for m in self.s.monsters if m.uid != target and self.g.board.adjacent(space, m.space))
        return (near, self._attack_value(target))

    def _attack_value(self, target: str) -> float:
        """Expected damage as a share of what the target has left, plus the chance to kill; the
        guardian counts most once it fights."""
        g = self.g
        left = traits.guardian_hp(g.d, self.s) if target == "guardian" else _monster_left(g, target)
        expected, kill = _expectation(combat.terms(g, self.hero, target), left, _full_deck(g.d))
        value = expected / max(1, left) + kill
        return value + 1.0 if target == "guardian" else value

    # -- the board -------------------------------------------------------------------------------

    def _chest(self) -> Act | None:
        return self.act("open_chest", self.hero.space) if "open_chest" in self.options else None

    def _reveal(self) -> Act | None:
        slots = self.options.get("reveal", [])
        if not slots or not self._want_rooms():
            return None
        if self.hero.hp <= traits.max_hp(self.g.d, self.hero) * HEAL_BELOW and self.heals:
            return self.act("drink", self.heals[0])
        return self.act("reveal", slots[0])

    def _want_rooms(self) -> bool:
        return not self.g.hall_open()

    def _move(self) -> Act | None:
        for goal in (self._fallen_allies, self._threats_and_loot, self._rooms, self._guardian, self._escort,
                     self._guard):
            spaces = goal()
            if spaces:
                found = self._go(spaces)
                if found is not None:
                    return found
        return None

    def _fallen_allies(self) -> set[str]:
        """Beside a fallen ally this hero would revive."""
        return {sp for h in self.s.heroes.values() if h.fallen and self._would_revive(h.id)
                for sp in self.g.board.around(h.space)} - self.blocked

    def _threats_and_loot(self) -> set[str]:
        g = self.g
        rng = traits.attack_range(g.d, self.hero)
        out = {p.space for p in self.s.piles if any(self._wants(w, p.space) for w in _pile_contents(p))}
        out |= {sp for sp, n in self.s.board.chests.items() if n > 0}
        for m in self.s.monsters:
            out |= {sp for sp, d in g.board.distances(m.space).items() if d <= rng}
        return out - self.blocked

    def _rooms(self) -> set[str]:
        if not self._want_rooms() or self.g.counted_monsters() > 2:
            return set()
        return {sp for slot in self.s.board.unrevealed for sp in self.g.board.links[slot]} - self.blocked

    def _guardian(self) -> set[str]:
        """Within range of the hall; on the last board, the spaces of those nearest the glowing arch,
        so that whoever becomes the Covenant Bearer starts the escape well on the way."""
        g = self.g
        if not g.hall_open() or self.s.guardian.defeated:
            return set()
        rng = traits.attack_range(g.d, self.hero)
        spaces = {sp for sp, d in g.board.distances(g.board.hall).items() if d <= rng} - self.blocked
        if g.board.exit is None or not spaces:
            return spaces
        nearest = min(self._to_exit(sp) for sp in spaces)
        return {sp for sp in spaces if self._to_exit(sp) == nearest}

    def _to_exit(self, space: str) -> int:
        """Moves from `space` to the glowing arch (0 on boards without one)."""
        exit_space = self.g.board.exit
        return 0 if exit_space is None else self.g.board.distances(exit_space, self.blocked).get(space, 99)

    def _escort(self) -> set[str]:
        """In the escape, keep beside the bearer: to fight the pursuers and to revive."""
        e = self.s.escape
        if e is None or e.bearer is None or e.bearer == self.hero.id:
            return set()
        return set(self.g.board.around(self.s.heroes[e.bearer].space)) - self.blocked

    def _guard(self) -> set[str]:
        """The Knight with nothing to do stays beside the most hurt ally, to shield them."""
        if self.spec.ability != "shield":
            return set()
        allies = [h for h in self.g.standing() if h is not self.hero]
        if not allies:
            return set()
        weakest = min(allies, key=lambda h: h.hp)
        return set(self.g.board.around(weakest.space)) - self.blocked

    def _go(self, goal: set[str]) -> Act | None:
        """The move that brings the hero nearest to any space of `goal` (the shortest such move)."""
        if self.hero.space in goal or "move" not in self.options:
            return None
        far = _distances_to(self.g, goal, self.blocked)
        here = far.get(self.hero.space)
        steps = self.g.board.distances(self.hero.space, self.blocked)
        best = min(self.options["move"], key=lambda sp: (far.get(sp, 999), steps.get(sp, 999), sp))
        if far.get(best, 999) >= (here if here is not None else 999):
            return None
        return self.act("move", best)


def _pile_contents(pile: Pile) -> list[str]:
    found = [k for k in ("gold", "equipment", "potions") if getattr(pile, k)]
    return found + [f"shard:{s}" for s in pile.shards] + (["covenant"] if pile.covenant else [])


def _worst_case(g: Play) -> int:
    """More than any hero could take in the next monster phase, wherever they stand: a quick bound
    that spares working out the threats on a quiet board."""
    s = g.s
    total = sum(traits.monster_damage(g.d, m) + 2 for m in s.monsters)
    if (s.guardian.awake or s.guardian.provoked) and not s.guardian.defeated:
        phase = traits.guardian_phase(g.d, s)
        total += phase.attacks * (phase.damage + 1)
    return total


def threats(g: Play, hero: Hero) -> dict[str, int]:
    """For each space, the most damage `hero` could take there in the next monster phase: each attack
    of an awake (or provoked) guardian whose range covers it, and each monster that can reach it."""
    s = g.s
    gd = s.guardian
    bearer = s.escape.bearer if s.escape is not None else None
    foes = tuple((m.kind, m.elite, m.space) for m in s.monsters
                 if not (m.origin == "pursuer" and bearer is not None and bearer != hero.id))
    awake = (gd.awake or gd.provoked) and not gd.defeated
    return _threats(g.d, s.board.zone, traits.defense(g.d, hero), gd.phase if awake else None, foes)


@lru_cache(maxsize=256)
def _threats(d: GameData, zone: int, defense: int, guardian_phase: int | None,
             foes: tuple[tuple[str, bool, str], ...]) -> dict[str, int]:
    """`threats` from all it depends on (the guardian's phase when it fights, each monster's kind, rank and
    space), kept: the board stays the same through a hero's turn. Read only."""
    board = boards(d)[zone]
    found: dict[str, int] = {}
    if guardian_phase is not None:
        spec = d.guardians[zone]
        phase = spec.phases[guardian_phase]
        crowned = board.around(board.hall) if spec.ability == "crown_strike" else ()
        for sp, far in board.distances(board.hall).items():
            if far <= spec.range:
                found[sp] = phase.attacks * (max(1, phase.damage - defense) + (sp in crowned))
    for kind, elite, space in foes:
        spec_m = d.monsters[kind]
        blow = max(2 if "brutality" in spec_m.abilities else 1, traits.kind_damage(d, kind, elite) - defense)
        for sp, far in board.distances(space).items():
            if far <= monsters.MONSTER_MOVE + spec_m.range:
                found[sp] = found.get(sp, 0) + blow
    return found


def _best(targets: list[str], value: Callable[[str], Value]) -> str:
    """The target of highest value (the first of equals); a lone target needs no judging."""
    if len(targets) == 1:
        return targets[0]
    return max(targets, key=value)


@cache
def _full_deck(d: GameData) -> tuple[tuple[int, int], ...]:
    """The whole combat deck by card value: the bots judge by it rather than by the cards left, a
    rougher guess that lets them remember their sums (a game's worth of attack choices costs little)."""
    return tuple(sorted(Counter(int(c) for c in d.decks.combat.ids()).items()))


@lru_cache(maxsize=8192)
def _expectation(terms: combat.Terms, left: int, deck: tuple[tuple[int, int], ...]) -> tuple[float, float]:
    """Expected damage (no more than `left`) and the chance to deal `left` or more, over the deck and a
    fair d6, with the engine's own combat arithmetic."""
    expected = kill = 0.0
    draws = sum(n for _, n in deck) * 6
    for card, copies in deck:
        for die in range(1, 7):
            dealt = terms.damage(card, die)
            expected += copies * min(dealt, left)
            kill += copies * (dealt >= left)
    return expected / draws, kill / draws


def _heal_potions(g: Play, hero: Hero) -> list[str]:
    """The hero's healing potions, the smallest first."""
    return sorted((p for p in hero.potions if g.d.potions[p].effect.heal),
                  key=lambda p: g.d.potions[p].effect.heal)


def _monster_left(g: Play, uid: str) -> int:
    m = g.s.monster(uid)
    assert m is not None
    return traits.monster_hp(g.d, m) - m.damage


def _distances_to(g: Play, goal: Iterable[str], blocked: frozenset[str]) -> dict[str, int]:
    """Moves from every space to the nearest goal space, never through a blocked space."""
    return _nearest(g.board, frozenset(goal), blocked)


@lru_cache(maxsize=512)
def _nearest(board: Board, goal: frozenset[str], blocked: frozenset[str]) -> dict[str, int]:
    """`_distances_to`, kept per board, goal and blocked spaces: the heroes head for the same few goals
    turn after turn. Read only, as the board's own distances are."""
    links = board.links
    seen = {sp: 0 for sp in goal if sp not in blocked}
    todo = deque(seen)
    while todo:
        here = todo.popleft()
        for nxt in links[here]:
            if nxt not in seen and nxt not in blocked:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen
