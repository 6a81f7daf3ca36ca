"""Issue 17: the main panel carries the game. Everything the table does by hand is a step confirmed with
Next, in order; sentences name spaces by the labels the board draws, never by their ids; the header
follows the step shown. On the real table, store and engine (and the bots, for whole games)."""

from __future__ import annotations

import queue
import re

from companion.core.events import DomainEvent
from companion.core.flow import Act, CardPrompt, ChoicePrompt, Choose, Draw, Event, Rejection, Roll
from companion.games.covenant.bots import Bot
from companion.games.covenant.data import default
from companion.games.covenant.engine import CovenantRules
from companion.games.covenant.simulate import play
from companion.games.covenant.spaces import space_labels
from companion.games.covenant.state import GameState
from companion.store import Store, StoredSession
from companion.table import Table
from companion.ui.heroes import attack_sum, status_line, wasted_healing
from companion.ui.referee import Referee

DATA = default()
SPACE_IDS = {s.id for b in DATA.boards.values() for s in b.spaces}


def referee_for(setup: dict[str, object], store: Store) -> Referee:
    session = store.start("covenant", setup)
    assert isinstance(session, StoredSession)
    events: queue.Queue[DomainEvent] = queue.Queue()
    return Referee(Table(session, events))


def answer_draws(referee: Referee) -> None:
    """The app draws whatever card the engine asks for next (a room's monsters, a chest's loot)."""
    while isinstance(prompt := referee.table.prompt, CardPrompt):
        referee.submit(Draw(prompt.deck))


def test_a_reveal_puts_every_physical_step_on_the_main_panel_in_order() -> None:
    """§Exploration: the door token, the hero moving in, the monsters placed, the hall unlocking: each a
    step to confirm, none only in the log. The choice itself (the move) is echoed, not waited on."""
    with Store(":memory:") as store:
        referee = referee_for({"heroes": ["knight", "rogue"], "seed": 1, "deal": {"markers": "table"},
                               "position": {"heroes": {"knight": {"space": "m2"}}}}, store)
        assert referee.submit(Act("knight", "move", "m3")) and not referee.steps
        assert referee.echo is not None and "space 10" in referee.echo.text("en")
        referee.submit(Act("knight", "reveal", "room1"))
        referee.submit(Draw("markers-z1", "z1-combat-1"))
        answer_draws(referee)
        kinds = [e.kind for e in referee.steps]
        assert kinds[0] == "room" and "monster-appears" in kinds, kinds
        assert "Exiled Knight moves in" in referee.steps[0].msg.text("en")
        while referee.steps:
            assert referee.waiting
            referee.next()


def test_the_merchant_leaving_and_the_hall_opening_are_steps() -> None:
    """§Events and traps: the Merchant stays until the end of the round; §Exploration: four rooms open
    the guardian hall. Neither may change the board silently."""
    with Store(":memory:") as store:
        referee = referee_for({"heroes": ["knight"], "seed": 1, "deal": {"markers": "table"}, "position": {
            "heroes": {"knight": {"space": "m2"}},
            "board": {"merchant": "m2", "unrevealed": ["t8", "room1", "room5", "room6"],
                      "revealed": {"room2": "z1-combat-2", "room3": "z1-trap-1", "room4": "z1-event-1"}}}}, store)
        assert referee.merchant == "m2"
        referee.submit(Act("knight", "reveal", "room1"))
        referee.submit(Draw("markers-z1", "z1-treasure-1"))
        answer_draws(referee)
        assert "hall-open" in [e.kind for e in referee.steps]
        while referee.steps:
            referee.next()
        referee.submit(Act("knight", "end", "turn"))
        left = [e for e in referee.steps if e.kind == "merchant-leaves"]
        assert left and left[0].msg.text("en") == "The Merchant leaves: take his figure off space 9."


def test_the_header_shows_the_monster_phase_until_its_last_step_is_confirmed() -> None:
    with Store(":memory:") as store:
        referee = referee_for({"heroes": ["knight"], "seed": 1, "deal": {"markers": "table"}, "position": {
            "monsters": [{"uid": "m1", "kind": "goblin", "space": "m3"}], "next_uid": 2}}, store)
        referee.submit(Act("knight", "end", "turn"))
        state = referee.table.session.state
        assert state.round == 2 and referee.steps[0].kind == "monster-phase"
        while referee.steps:
            assert status_line(state, DATA, referee.phase_round).text("en").startswith("Round 1 · monster phase")
            referee.next()
        assert status_line(state, DATA, referee.phase_round).text("en").startswith("Round 2 · Exiled Knight")


def test_one_action_left_is_said_in_the_singular() -> None:
    state = CovenantRules().new_game({"heroes": ["knight"], "seed": 1})
    state.actions = 1
    assert status_line(state, DATA).text("en") == "Round 1 · Exiled Knight: 1 action · falls 0/6"
    assert "فعل واحد" in status_line(state, DATA).text("ar")


def test_every_space_has_a_label_and_no_sentence_carries_a_space_id() -> None:
    """Whole games by the bots, through every board: each message, in both languages, names spaces by
    their drawn labels only."""
    rules, said = CovenantRules(), []
    for board in DATA.boards.values():
        labels = space_labels(board)
        assert len(set(labels.values())) == len(labels)
        assert set(labels) == {s.id for s in board.spaces if s.kind != "hall"}

    def watch(_state: GameState, _inp: object, events: object) -> None:
        said.extend(e for e in events if isinstance(e, Event))  # type: ignore[attr-defined]

    for seed in range(6):
        play(rules, Bot(DATA), {"heroes": ["knight", "rogue", "sorceress"], "seed": seed}, watch=watch)
    words = {"hall", "exit"}  # ids that are English words too
    ids = re.compile(r"\b(" + "|".join(sorted(SPACE_IDS - words, key=len, reverse=True)) + r")\b")
    assert len(said) > 500
    for event in said:
        for lang in ("en", "ar"):
            text = event.msg.text(lang)
            assert not ids.search(text), f"{event.kind}: {text}"


def test_a_roll_without_a_possible_reroll_asks_nothing() -> None:
    """R-COMBAT-1: Keep or Reroll only when the hero can pay 2 gold or has Hawk Eye unused."""
    with Store(":memory:") as store:
        referee = referee_for({"heroes": ["knight"], "seed": 1, "deal": {"markers": "table"}, "position": {
            "heroes": {"knight": {"space": "m3", "gold": 0}},
            "monsters": [{"uid": "m1", "kind": "goblin", "space": "m3"}], "next_uid": 2}}, store)
        referee.submit(Act("knight", "attack", "m1"))
        referee.submit(Draw("combat"))
        referee.submit(Roll("d6", "3"))
        assert referee.table.prompt is None or type(referee.table.prompt).__name__ != "ChoicePrompt"
        assert any(e.kind in ("hit", "miss", "kill") for e in referee.steps)


def test_the_attack_step_names_its_numbers() -> None:
    """§Combat: combat card + d6 + bonus against the target's strength; the panel names each number."""
    with Store(":memory:") as store:
        referee = referee_for({"heroes": ["knight"], "seed": 1, "position": {
            "heroes": {"knight": {"space": "m3"}},
            "monsters": [{"uid": "m1", "kind": "goblin", "space": "m3"}], "next_uid": 2}}, store)
        referee.submit(Act("knight", "attack", "m1"))
        referee.submit(Draw("combat"))
        referee.submit(Roll("d6", "3"))
        if isinstance(prompt := referee.table.prompt, ChoicePrompt):
            referee.submit(Choose("keep", prompt.chooser))
        outcome = next(e for e in referee.steps if e.kind in ("hit", "miss", "golden-six"))
        named = attack_sum(outcome)
        assert named is not None
        data = outcome.data
        assert named.text("en") == (f"Card {data['card']} + die 3 + bonus {data['bonus']} = {data['total']}, "
                                    f"against strength {data['strength']}")
        assert "البطاقة" in named.text("ar") and "النرد" in named.text("ar")
        assert attack_sum(referee.steps[-1]) is None or referee.steps[-1] is outcome


def test_a_potion_that_would_waste_healing_says_so() -> None:
    """§Equipment and potions: healing stops at the hero's maximum; 5 for a hero 2 short wastes 3."""
    state = CovenantRules().new_game({"heroes": ["knight"], "seed": 1,
                                      "position": {"heroes": {"knight": {"hp": 12}}}})
    warning = wasted_healing(state.heroes["knight"], "health", DATA)
    assert warning is not None and warning.text("en").startswith(
        "Health potion heals 5, but Exiled Knight is missing only 2 HP: 3 would be wasted.")
    assert "سيضيع 3" in warning.text("ar")
    state.heroes["knight"].hp = 9
    assert wasted_healing(state.heroes["knight"], "health", DATA) is None
    assert wasted_healing(state.heroes["knight"], "strength", DATA) is None


def test_a_kept_roll_stands_only_for_the_roll_it_was_seen_for() -> None:
    """R-STORE-1 as issue 17 (finding 7) asks: the Rogue throws a 2, Undo twice, another choice; the
    Knight's attack later takes his own throw, and the undo said what would stand."""
    setup = {"heroes": ["rogue", "knight"], "seed": 1, "position": {
        "heroes": {"rogue": {"space": "m3"}, "knight": {"space": "m3"}},
        "monsters": [{"uid": "m1", "kind": "troll", "space": "m3"}], "next_uid": 2}}
    with Store(":memory:") as store:
        session = store.start("covenant", setup)
        assert isinstance(session, StoredSession)
        assert not isinstance(session.submit(Act("rogue", "attack", "m1")), Rejection)
        while isinstance(prompt := session.prompt(), CardPrompt):
            session.submit(Draw(prompt.deck))
        assert not isinstance(session.submit(Roll("d6", "2")), Rejection)
        if isinstance(prompt := session.prompt(), ChoicePrompt):
            session.submit(Choose("keep", prompt.chooser))
        said = [m.text("en") for m in session.undo().put_back]  # type: ignore[union-attr]
        said += [m.text("en") for m in session.undo().put_back]  # type: ignore[union-attr]
        assert any(s.startswith("The same choice again: six-sided die stands as it came out, 2.") for s in said), said
        assert not isinstance(session.submit(Act("rogue", "end", "turn")), Rejection)
        assert not isinstance(session.submit(Act("knight", "attack", "m1")), Rejection)
        while isinstance(prompt := session.prompt(), CardPrompt):
            session.submit(Draw(prompt.deck))
        assert session.kept_result() is None, "the Rogue's 2 would answer the Knight's throw"
        assert not isinstance(session.submit(Roll("d6", "4")), Rejection)
