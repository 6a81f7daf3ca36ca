"""Dungeon Roll's actions put together by taps (companion/ui/dungeon_roll/compose.py) are the actions the
engine takes, whatever order the dice are tapped in; and every hero's powers read in Arabic."""

from __future__ import annotations

import random
import re

from companion.core.flow import Accepted, Act, ActionPrompt, CardPrompt, Draw, Rejection, Throw
from companion.core.messages import LANGS, Msg
from companion.core.rules import Session, find
from companion.games.dungeon_roll.data import default
from companion.games.dungeon_roll.engine import ACTIONS
from companion.games.dungeon_roll.moves import candidates
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import GameState
from companion.ui.dungeon_roll.compose import Composer
from companion.ui.dungeon_roll.heroes import specialty, ultimate

SLOTS_SEEN: set[str] = set()
CYRILLIC, ARABIC = re.compile(r"[\u0400-\u04ff]"), re.compile(r"[\u0600-\u06ff]")
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


def test_every_hero_side_reads_in_arabic_and_belarusian() -> None:
    """Every side's specialty and ultimate has its sentence (a new effect without one is a KeyError) and
    reads whole in each language, the hero's name and the sentence's fields filled in."""
    d = default()
    for hero in d.heroes.values():
        for _, side in hero.sides():
            lines = [*specialty(d, side), ultimate(d, side)]
            for msg in lines:
                for lang in ("ar", "be"):
                    assert msg.text(lang) != msg.text("en"), (hero.id, lang, msg.id)
                assert not [lang for lang in LANGS if "{" in msg.text(lang)], msg
                assert CYRILLIC.search(msg.text("be")) and ARABIC.search(msg.text("ar")), msg


def test_a_refused_action_is_a_value_not_a_crash() -> None:
    """A thief cannot take on two goblins (DR §Party dice): the engine refuses what the taps built."""
    session = delve("knight", ["goblin"])
    session.state.dice["d2"].place, session.state.dice["d2"].face = "dungeon", "goblin"
    c = composer(session, "fight")
    for item in ("p4", *session.state.showing("dungeon", ("goblin",))):
        c.tap(item)
    assert isinstance(session.submit(c.act()), Rejection)


def by_taps(state: GameState, prompt: ActionPrompt, wanted: Act) -> Act:
    """The action the players put together by tapping what `wanted` names, as the table screen lets them:
    the unit that acts first, then each die or token (after its face, for one revived or set to a face),
    then untapping what was chosen for them and `wanted` leaves out."""
    option = next(o for o in prompt.options if o.id == wanted.action)
    c = Composer(state, default(), option, prompt.actor)
    named = [w for arg in wanted.args.values() for w in str(arg).split()]
    if wanted.target is not None and wanted.target not in c.chosen():
        c.tap(wanted.target)
    for word in named:
        die, _, face = word.partition("=")
        if face:
            c.face = face
        if die not in c.chosen() or (face and die not in c.faces):
            c.tap(die)
    for item in c.chosen() - {wanted.target, *(w.partition("=")[0] for w in named)}:
        c.tap(item)
    assert c.ready, (wanted, c.values)
    SLOTS_SEEN.update(c.slots)
    return c.act()


def words(act: Act) -> tuple[str, str | None, dict[str, list[str]]]:
    return act.action, act.target, {k: sorted(str(v).split()) for k, v in act.args.items() if str(v)}


def test_every_hero_side_s_ultimate_and_every_action_offered_is_put_together_by_taps() -> None:
    """Every action the engine offers, for every side of every hero (sheet, "Heroes"; rulings R-DR-12,
    R-DR-18 to R-DR-27), as its move generator names it, is the action the taps build, and the engine
    takes it. Games are played by choosing among the accepted actions, the ultimate, seeking glory and the dragon
    first, retiring and fleeing last, so the delves go deep enough for the dragon."""
    data, rules = default(), find("dungeon-roll")
    taken: dict[tuple[str, str], set[str]] = {}
    for hero in data.heroes.values():
        for side, _ in hero.sides():
            for seed in range(1, 4):
                session: Session[GameState] = Session(rules, {"heroes": [hero.id], "seed": seed})
                session.state.players[0].master = side == "master"
                done = taken.setdefault((hero.id, side), set())
                rng = random.Random(seed)
                for _ in range(400):
                    prompt = session.prompt()
                    if prompt is None:
                        break
                    if not isinstance(prompt, ActionPrompt):
                        assert isinstance(session.submit(Draw("treasure") if isinstance(prompt, CardPrompt)
                                                         else Throw()), Accepted)
                        continue
                    accepted = []
                    for wanted in candidates(Play(session.state, data)):
                        built = by_taps(session.state, prompt, wanted)
                        assert words(built) == words(wanted)
                        trial = rules.decode(rules.encode(session.state))
                        if not isinstance(rules.apply(trial, built), Rejection):
                            accepted.append(built)
                            done.add(built.action)
                    for act in accepted:
                        if "hero" in (act.target, *str(act.args.get("units", "")).split()):
                            done.add("ultimate")  # the ultimate that makes the hero a companion
                    deeper = [a for a in accepted if a.action not in ("retire", "flee")] or accepted
                    first = [a for a in deeper if a.action in ("ultimate", "seek", "slay")]
                    assert isinstance(session.submit(first[0] if first else rng.choice(deeper)), Accepted)
    assert not [key for key, actions in taken.items() if "ultimate" not in actions]
    offered = set().union(*taken.values())
    assert offered == set(ACTIONS), set(ACTIONS) - offered
    from companion.ui.dungeon_roll.table import SLOT_HINTS

    # Each slot tells the players what to tap.
    assert {slot for slot in SLOTS_SEEN if not slot.startswith("level")} <= set(SLOT_HINTS)


def until_action(session: Session[GameState]) -> ActionPrompt:
    """Throws and draws left to the app's generator until the engine offers actions."""
    while not isinstance(prompt := session.prompt(), ActionPrompt):
        assert isinstance(session.submit(Draw("treasure") if isinstance(prompt, CardPrompt) else Throw()), Accepted)
    return prompt


def test_the_scouted_dice_fill_level_1_then_2_then_3_and_only_a_whole_plan_is_ready() -> None:
    """R-DR-22: the Scout assigns 1 thrown die to level 1, 2 to level 2, 3 to level 3."""
    session: Session[GameState] = Session(find("dungeon-roll"), {"heroes": ["scout"], "seed": 3})
    prompt = until_action(session)
    c = composer(session, "assign")
    thrown = list(next(o for o in prompt.options if o.id == "assign").targets)
    assert len(thrown) == 6
    for n, die in enumerate(reversed(thrown), start=1):
        assert not c.ready
        c.tap(die)
        assert [len(c.values[f"level{k}"]) for k in (1, 2, 3)] == [min(1, n), min(2, max(0, n - 1)), max(0, n - 3)]
    assert c.ready and c.act().args == {"level1": thrown[5], "level2": f"{thrown[4]} {thrown[3]}",
                                        "level3": " ".join(reversed(thrown[:3]))}
    assert isinstance(session.submit(c.act()), Accepted)
    assert session.state.dice[thrown[5]].place in ("dungeon", "lair")  # level 1 shows its die at once
    assert session.state.scouted[thrown[0]] == 3


def test_a_dig_s_discards_are_ready_only_when_as_many_as_the_side_says_are_tapped() -> None:
    """R-DR-19: the Archaeologist draws 2 treasures, then discards 2 of the hand before anything else."""
    session: Session[GameState] = Session(find("dungeon-roll"), {"heroes": ["archaeologist"], "seed": 2})
    for _ in range(2):
        assert isinstance(session.submit(Draw("treasure")), Accepted)
    session.submit(Throw(faces=PARTY, source="touch"))
    session.submit(Throw(faces={"d1": "goblin"}, source="touch"))
    c = composer(session, "ultimate")
    assert c.slots == () and isinstance(session.submit(c.act()), Accepted)
    until_action(session)
    hand = list(session.state.player.treasures)
    c = composer(session, "discard")
    c.tap(hand[0])
    assert not c.ready
    c.tap(hand[1])
    c.tap(hand[-1])  # a third is one too many: the slot is full
    assert c.ready and c.values["treasures"] == [hand[0], hand[1]]
    assert isinstance(session.submit(c.act()), Accepted)
    assert session.state.player.treasures == hand[2:]


def test_the_new_game_screen_reads_each_hero_s_sides_and_a_hero_pack_2_hero_has_one() -> None:
    """Sheet, "Heroes": a hero levels up at 5 experience to its master side; Hero Pack 2's heroes have none
    (R-DR-18) and are shown without one, where a master side's own specialty is shown where it differs."""
    from companion.ui.dungeon_roll.newgame import hero_text

    d = default()
    for hero in d.heroes.values():
        lines = hero_text(d, hero.id)
        masters = [line for line in lines if isinstance(line, Msg) and line.id.startswith("At {xp} experience")]
        assert len(masters) == (hero.master is not None), hero.id
        assert lines[0] == hero.novice.named() and Msg("Ultimate: {text}", {}).id in [
            line.id for line in lines if isinstance(line, Msg)]
    tristan = hero_text(d, "tristan")
    assert Msg("Spending a treasure of the hand refreshes the exhausted hero (ruling R-DR-18).") in tristan


def test_a_quaff_is_ready_only_once_each_potion_has_its_die_to_revive() -> None:
    """R-DR-3: each potion revives one die of the graveyard (the drinker may be one). Issue 21, finding 3:
    Confirm was enabled before any graveyard die was picked, and confirming spent the cleric and the potion
    and revived nobody."""
    session = delve("knight", ["potion"])
    session.state.dice["d2"].place, session.state.dice["d2"].face = "dungeon", "potion"
    session.state.dice["p1"].place = "graveyard"  # a fighter fallen earlier
    c = composer(session, "quaff")
    c.tap("p2")
    assert c.values["potions"] == session.state.showing("dungeon", ("potion",)) and not c.ready
    c.face = "mage"
    c.tap("p1")
    assert not c.ready  # two potions, one die named
    c.tap("p2")  # the cleric that drinks, tapped again, comes back too
    assert c.ready and c.faces == {"p1": "mage", "p2": "mage"}
    accepted = session.submit(c.act())
    assert isinstance(accepted, Accepted)
    assert session.state.dice["p1"].place == "party" and session.state.dice["p1"].face == "mage"


def test_the_revive_ultimate_is_ready_with_one_die_and_no_more_than_its_count() -> None:
    """R-DR-12 and R-DR-3: the Alchemist's ultimate revives a companion; with none named the engine refuses."""
    session = delve("alchemist", ["goblin"])
    session.state.dice["p1"].place = "graveyard"
    c = composer(session, "ultimate")
    assert c.slots == ("revive",) and not c.ready
    c.tap("p1")
    assert c.ready and isinstance(session.submit(c.act()), Accepted)
