"""Trade chosen on the screen (issue 21: the explorer saw Trade send an empty trade, which the engine always
refuses as "A trade must give something", §Loot and treasure): after the ally, each thing the giver holds
that the engine accepts; nothing it would refuse."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.core.flow import Act, ActionPrompt
from companion.games.covenant.data import default
from companion.ui.prompts import Namer, view
from companion.ui.trade import with_gifts

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "covenant"))
from covenant_game import RULES, Game

DATA = default()
NAMES = Namer({h.id: {"en": h.en, "ar": h.ar} for h in DATA.heroes.values()}, DATA.dice)


def gifts_by_ally(g: Game) -> dict[str, list[Act]]:
    prompt = g.session.prompt()
    assert isinstance(prompt, ActionPrompt)
    shown = with_gifts(view(prompt, NAMES), g.s, DATA, RULES)
    trade = next((c for c in shown.choices if c.key == "trade"), None)
    if trade is None:
        return {}
    allies = trade.children if all(c.answer is None for c in trade.children) else (trade,)
    return {ally.key: [gift.answer for gift in ally.children if isinstance(gift.answer, Act)] for ally in allies}


def test_an_ally_opens_every_gift_the_engine_takes_each_accepted() -> None:
    g = Game(["knight", "rogue"], {"heroes": {"knight": {"gold": 7}, "rogue": {"space": "m2"}}})
    gifts = gifts_by_ally(g)
    assert list(gifts) == ["trade"]  # one ally in reach: Trade opens the gifts at once
    assert {tuple(a.args.items()) for a in gifts["trade"]} >= {(("gold", 7),), (("potion", "health"),)}
    for gift in gifts["trade"]:
        assert isinstance(RULES.apply(RULES.decode(RULES.encode(g.s)), gift), list), gift


def test_no_gift_the_engine_refuses_is_offered() -> None:
    """A potion to an ally whose three slots are full (R-LOOT-2) is refused, so it is not offered."""
    g = Game(["knight", "rogue"], {"heroes": {"rogue": {"space": "m2", "potions": ["health"] * 3}}})
    offered = [a.args for gifts in gifts_by_ally(g).values() for a in gifts]
    assert offered and all("potion" not in args for args in offered), offered
