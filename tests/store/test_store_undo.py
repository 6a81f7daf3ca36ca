"""Undo and redo (ruling R-STORE-1): decisions are taken back, dice and cards already seen stay seen,
and the players are told what to put back on the table."""

from __future__ import annotations

import ast
import copy
import json
import random
import string
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from store_helpers import start, worked_turn

from companion.core.flow import (
    Accepted,
    Act,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Input,
    Rejection,
    Roll,
    Source,
)
from companion.core.messages import LOCALE_DIR, catalogue
from companion.core.rules import RuleSystem, parse_input, replay
from companion.store import Store, StoredSession, Undone, putback
from companion.store.drive import long_setup, step


def _inputs(raw: list[dict[str, Any]]) -> list[Input]:
    out = []
    for item in raw:
        inp = parse_input(item)
        assert not isinstance(inp, Rejection)
        out.append(inp)
    return out


def _played_worked_turn(store: Store) -> tuple[StoredSession, list[Input]]:
    worked = worked_turn()
    session = start(store, worked.setup)
    inputs = _inputs(worked.inputs)
    for inp in inputs:
        assert isinstance(session.submit(inp), Accepted)
    return session, inputs


def _texts(undone: Undone | Rejection) -> list[str]:
    assert isinstance(undone, Undone)
    return [m.text("en") for m in undone.put_back]


def test_undo_takes_back_the_last_decision_with_the_cards_and_dice_that_answered_it(
        store: Store, rules: RuleSystem[Any]) -> None:
    session, inputs = _played_worked_turn(store)
    setup = worked_turn().setup
    first = session.undo()  # the potion drunk at the end of the turn
    assert isinstance(first, Undone) and first.head == 11
    assert "Set Exiled Knight's health back to 6." in _texts(first)
    assert "Give Exiled Knight back: Health potion." in _texts(first)
    second = session.undo()  # "keep" on the killing blow, with the loot and potion cards drawn after it
    assert isinstance(second, Undone) and second.head == 8
    assert rules.encode(session.state) == replay(rules, setup, inputs[:8]).snapshot()
    said = _texts(second)
    assert "Put the Goblin back on room A." in said
    assert "Set the Goblin's damage back to 4." in said
    assert "Put back on top of the loot deck: a potion." in said  # the card's name, not its id "potion"
    assert "Take from Exiled Knight: Health potion." in said
    arabic = [m.text("ar") for m in second.put_back]
    assert all(a != e for a, e in zip(arabic, said, strict=True))
    assert isinstance(session.prompt(), ChoicePrompt)  # back at "keep or reroll?", the die still showing 2


def test_redo_plays_the_undone_stretch_again_exactly(store: Store, rules: RuleSystem[Any]) -> None:
    session, inputs = _played_worked_turn(store)
    final = rules.encode(session.state)
    session.undo()
    session.undo()
    redone = session.redo()
    assert isinstance(redone, list) and [a.seq for a in redone] == [9, 10, 11]
    again = session.redo()
    assert isinstance(again, list) and [a.seq for a in again] == [12]
    assert rules.encode(session.state) == final and session.accepted() == inputs
    nothing = session.redo()
    assert isinstance(nothing, Rejection) and nothing.code == "nothing-to-redo"


def test_taking_the_same_decision_again_is_a_redo(store: Store) -> None:
    session, inputs = _played_worked_turn(store)
    session.undo()
    session.undo()
    assert isinstance(session.submit(inputs[8]), Accepted)
    assert session.head == 9 and len(session.inputs) == 12 and session.kept == []
    assert isinstance(session.redo(), list) and session.head == 11


def test_cards_drawn_at_the_table_before_an_undo_stay_drawn(store: Store) -> None:
    session, _ = _played_worked_turn(store)
    session.undo()
    session.undo()  # at "keep or reroll?" once more; the players now pay 2 gold to reroll instead
    assert isinstance(session.submit(Choose(option="gold")), Accepted)
    assert session.kept == [Draw(deck="loot", card="potion", source=Source.TABLE),
                            Draw(deck="potions", card="health", source=Source.TABLE)]
    assert len(session.inputs) == 9  # the abandoned stretch cannot be redone any more
    assert isinstance(session.prompt(), DiePrompt)
    assert session.kept_result() is None  # no die of the abandoned stretch is waiting
    assert isinstance(session.submit(Roll(die="d6", face="6", source=Source.TRAY)), Accepted)
    prompt = session.prompt()
    assert isinstance(prompt, CardPrompt) and prompt.deck == "loot"  # 4 + 6 + 1 = 11: the Goblin dies
    other = next(c for c in prompt.candidates if c != "potion")
    refused = session.submit(Draw(deck="loot", card=other, source=Source.TABLE))
    assert isinstance(refused, Rejection) and refused.code == "kept-result"
    assert "before the undo" in refused.msg.text("en") and refused.msg.text("ar") != refused.msg.text("en")
    kept = session.kept_result()
    assert kept == Draw(deck="loot", card="potion", source=Source.TABLE)
    assert isinstance(session.submit(kept), Accepted)
    assert session.kept_result() == Draw(deck="potions", card="health", source=Source.TABLE)


def test_taking_the_same_decision_again_does_not_draw_or_roll_again(store: Store) -> None:
    session, inputs = _played_worked_turn(store)
    for _ in range(3):
        session.undo()
    assert session.head == 5  # before the second attack, whose card was a 4 and whose die was a 2
    assert isinstance(session.submit(inputs[5]), Accepted)  # the same attack again
    prompt = session.prompt()
    assert isinstance(prompt, CardPrompt)
    other = next(c for c in prompt.candidates if c != "4")
    refused = session.submit(Draw(deck="combat", card=other, source=Source.TABLE))
    assert isinstance(refused, Rejection) and refused.code == "kept-result"
    assert session.kept_result() == inputs[6] == Draw(deck="combat", card="4", source=Source.TABLE)
    assert isinstance(session.submit(inputs[6]), Accepted)
    refused = session.submit(Roll(die="d6", face="6", source=Source.TRAY))
    assert isinstance(refused, Rejection) and refused.code == "kept-result"
    assert "showed 2" in refused.msg.text("en")
    assert isinstance(session.submit(inputs[7]), Accepted) and len(session.inputs) == 12


def test_a_die_the_app_rolled_before_an_undo_keeps_its_face(store: Store, rules: RuleSystem[Any]) -> None:
    setup = copy.deepcopy(worked_turn().setup)
    setup["deal"] = {}  # the app deals and rolls everything
    setup["position"]["monsters"].append({"uid": "m2", "kind": "goblin", "space": "room1"})
    setup["position"]["next_uid"] = 3
    session = start(store, setup)
    stretch: list[Input] = [Act(actor="knight", action="move", target="t3"),
                            Act(actor="knight", action="attack", target="m1"), Roll(die="d6"),
                            Choose(option="gold"), Roll(die="d6")]
    seen = []
    for inp in stretch:
        result = session.submit(inp)
        assert isinstance(result, Accepted), result
        seen.append(result)
    rolled = next(e.data["die"] for e in seen[-1].events if e.kind in ("hit", "miss", "golden-six"))
    undone = session.undo()  # back to "keep or reroll?" after the first roll: the second is undone
    assert isinstance(undone, Undone) and undone.head == 3
    assert isinstance(session.submit(Choose(option="keep")), Accepted)  # keep the first roll this time
    assert session.kept == [Roll(die="d6", face=str(rolled), source=Source.APP)]
    target = next(m.uid for m in session.state.monsters)
    assert isinstance(session.submit(Act(actor="knight", action="attack", target=target)), Accepted)
    assert isinstance(session.prompt(), DiePrompt)
    refused = session.submit(Roll(die="d6"))
    assert isinstance(refused, Rejection) and refused.code == "kept-result"
    assert isinstance(session.submit(Roll(die="d6", face=str(rolled), source=Source.APP)), Accepted)
    assert session.kept == []
    rebuilt = replay(rules, setup, session.accepted())
    assert rebuilt.snapshot() == rules.encode(session.state)


def test_undo_redo_and_kept_results_survive_a_restart(path: Path, store: Store, rules: RuleSystem[Any]) -> None:
    session, _ = _played_worked_turn(store)
    session.undo()
    session.undo()
    session.undo()
    at = rules.encode(session.state)
    store.close()
    with Store(path) as again:
        resumed = again.resume(session.id)
        assert isinstance(resumed, StoredSession)
        assert resumed.head == 5 and rules.encode(resumed.state) == at and len(resumed.inputs) == 12
        assert isinstance(resumed.redo(), list) and resumed.head == 8


def test_nothing_to_undo_at_the_start(store: Store) -> None:
    session = start(store, long_setup(1))
    refused = session.undo()
    assert isinstance(refused, Rejection) and refused.code == "nothing-to-undo"
    assert refused.msg.text("ar") == "لا يوجد ما يمكن التراجع عنه."


def test_undoing_a_room_reveal_says_to_take_the_door_token_back(store: Store) -> None:
    session = start(store, long_setup(2))
    rnd = random.Random(2)
    while not any(isinstance(i, Act) and i.action == "reveal" for i in session.accepted()):
        assert step(session, rnd) is not None
    seq, reveal = next((n, i) for n, i in enumerate(session.accepted(), 1)
                       if isinstance(i, Act) and i.action == "reveal")
    said: list[str] = []
    while session.head >= seq:
        said += _texts(session.undo())
    room = session.rules.space_name(1, reveal.target or "")["en"]  # type: ignore[attr-defined]
    assert f"Take the door token off {room}, turn its room marker face down and put its room card back." in said


def test_every_text_the_store_shows_is_translated() -> None:
    ids: list[str] = []
    for source in sorted((Path(__file__).resolve().parents[2] / "companion" / "store").glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = name in ("Msg", "Plural") and node.args
            text = node.args[0] if first else node.args[3] if name == "reject" else None
            for part in [text.body, text.orelse] if isinstance(text, ast.IfExp) else [text]:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    ids.append(part.value)
    assert len(ids) > 30
    arabic = catalogue("ar")
    missing = [i for i in ids if not arabic.get(i)]
    assert missing == []
    assert all(set(_fields(i)) == set(_fields(arabic[i])) for i in ids)
    with (LOCALE_DIR / "ar" / "LC_MESSAGES" / "store.po").open("rb") as handle:
        stale = {str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(handle) if m.id} - set(ids)
    assert stale == set()


def _fields(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


# The loot cards as their faces read (the rulebook's "gold 2", "potion", "equipment"): issue 21 saw "gold2".
LOOT_NAMES = {"gold2": "2 gold", "gold3": "3 gold", "potion": "a potion", "equipment": "equipment"}


def test_put_back_covers_what_stands_on_the_table(rules: RuleSystem[Any]) -> None:
    """Each kind of difference, laid on a real state, gives its instruction in both languages."""
    setup = {"heroes": ["knight", "rogue"], "seed": 1, "deal": {"loot": "table"}}
    back = json.loads(rules.encode(rules.new_game(setup)))
    now = copy.deepcopy(back)
    now["guardian"]["damage"] = 5
    now["heroes"]["knight"]["shards"] = ["fist"]
    now["heroes"]["rogue"].update(fallen=True, hp=0, gold=1)
    now["board"]["revealed"] = {"room2": "z1-combat-1"}
    now["board"]["chests"] = {"room2": 2}
    now["piles"] = [{"space": "t3", "gold": 2}]
    now["monsters"] = [{"uid": "m9", "kind": "goblin", "space": "room2"}]
    now["decks"]["loot"]["draw_pile"] = back["decks"]["loot"]["draw_pile"][1:]
    now["falls"], now["round"] = 1, 2
    msgs = putback.describe(rules, json.dumps(now).encode(), json.dumps(back).encode())
    said = [m.text("en") for m in msgs]
    assert said == [
        "Take from Exiled Knight: golden fist.",  # the shard by its name, not its id
        "Stand Shadow Rogue up again: the fall is undone.",
        f"Set Shadow Rogue's health back to {back['heroes']['rogue']['hp']}.",
        "Set Shadow Rogue's gold back to 3.",
        "Take the Goblin off room B: it had not appeared yet.",
        "Take the door token off room B, turn its room marker face down and put its room card back.",
        "Take 2 chests off room B.",
        "Take the dropped belongings off space 3.",
        f"Put back on top of the loot deck: {LOOT_NAMES[back['decks']['loot']['draw_pile'][0]]}.",
        "Set the guardian's damage back to 0.",
        "Set the fall counter back to 0.",
        "Set the round marker back to round 1.",
    ]
    assert all(m.text("ar") != m.text("en") for m in msgs)
    assert putback.describe(rules, json.dumps(back).encode(), json.dumps(back).encode()) == []


def test_a_shard_taken_back_is_named_in_every_language(rules: RuleSystem[Any]) -> None:
    """The long explorer run saw «خذوا من الفارس المنفي: fist.»: a shard put back by its data id."""
    back = json.loads(rules.encode(rules.new_game({"heroes": ["knight", "rogue"], "seed": 1})))
    now = copy.deepcopy(back)
    now["heroes"]["knight"]["shards"] = ["fist"]
    [msg] = putback.describe(rules, json.dumps(now).encode(), json.dumps(back).encode())
    assert [msg.text(lang) for lang in ("en", "ar", "be")] == [
        "Take from Exiled Knight: golden fist.", "خذوا من الفارس المنفي: القبضة الذهبية.",
        f"{msg.text('be').split(':')[0]}: залаты кулак."]
