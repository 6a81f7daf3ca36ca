"""What the prompt panel offers for each kind of prompt, and the input each button gives."""

from __future__ import annotations

from companion.core.flow import (
    Act,
    ActionPrompt,
    CardPrompt,
    ChoicePrompt,
    Choose,
    DiePrompt,
    Draw,
    Option,
    Roll,
    Source,
)
from companion.core.messages import Msg
from companion.games.covenant.data import default
from companion.ui.prompts import Namer, view

DATA = default()
NAMES = Namer({h.id: {"en": h.en, "ar": h.ar} for h in DATA.heroes.values()}, DATA.dice)


def test_actions_with_targets_open_them_and_plain_actions_answer_at_once() -> None:
    prompt = ActionPrompt("knight", [Option("attack", Msg("Attack"), ["goblin", "troll"]),
                                     Option("drink", Msg("Drink a potion")),
                                     Option("end", Msg("End"), ["turn"])], rule="turn.actions")
    shown = view(prompt, NAMES)
    assert shown.title.text("en") == "Exiled Knight: choose an action"
    assert shown.title.text("ar") == "الفارس المنفي: اختر فعلًا"
    attack, drink, end = shown.choices
    assert end.answer == Act("knight", "end", "turn") and not end.children
    assert attack.answer is None
    assert [c.answer for c in attack.children] == [Act("knight", "attack", "goblin"),
                                                   Act("knight", "attack", "troll")]
    assert drink.answer == Act("knight", "drink")
    assert shown.rule == "turn.actions"


def test_a_die_prompt_offers_each_face_once_and_the_apps_roll() -> None:
    prompt = DiePrompt("trap", "rogue", Msg("The trap hits the hero who revealed the room."), "traps")
    shown = view(prompt, NAMES)
    answers = [c.answer for c in shown.choices]
    assert answers == [Roll("trap", "spikes", Source.TOUCH), Roll("trap", "poison", Source.TOUCH),
                       Roll("trap", "rocks", Source.TOUCH), Roll("trap", "teleport", Source.TOUCH),
                       Roll("trap", None, Source.APP)]
    labels = [c.label for c in shown.choices]
    assert set(labels[0]) == {"en", "ar", "be"} and (labels[0]["en"], labels[0]["ar"]) == ("spikes", "أشواك")
    assert shown.title.text("ar") == "لصّة الظلال: ارمِ نرد الفخ"
    assert shown.purpose == prompt.purpose


def test_an_unknown_die_still_lets_the_app_roll() -> None:
    shown = view(DiePrompt("d20", "ranger", Msg("x"), "r"), NAMES)
    assert [c.answer for c in shown.choices] == [Roll("d20", None, Source.APP)]
    assert "d20" in shown.title.text("en")


def test_card_and_choice_prompts() -> None:
    card = view(CardPrompt("combat", "knight", Msg("to hit"), "combat", candidates=["7", "8"]), NAMES)
    assert [c.answer for c in card.choices] == [Draw("combat", "7", Source.TABLE),
                                                Draw("combat", "8", Source.TABLE),
                                                Draw("combat", None, Source.APP)]
    assert card.title.text("ar") == "الفارس المنفي: اسحب من رزمة القتال"
    choice = view(ChoicePrompt("sorceress", [Option("a", Msg("A")), Option("b", Msg("B"))], Msg("pick"), "r"),
                  NAMES)
    assert [c.answer for c in choice.choices] == [Choose("a", "sorceress"), Choose("b", "sorceress")]
