"""The Last Covenant never offers what it refuses (hypothesis, random play by the bots and the core's
random driver): every action a prompt offers is accepted for at least one of its arguments (each target,
and for a trade each thing the giver holds), every input the bots take from a prompt is accepted, and so
is every choice, die and card the core's driver (`drive.pick`) takes. `FUZZ_EXAMPLES` sets the number of
games. Seen to fail on the old engine, which offered a trade to an adjacent hero when the giver had
nothing the other could take (refused as "A trade must give something" or "bad-trade")."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

from covenant_game import RULES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import drive
from companion.core.flow import Act, ActionPrompt, Option, Rejection
from companion.core.rules import Session
from companion.games.covenant.bots import Bot
from companion.games.covenant.state import GameState

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "4"))
HEROES = sorted(RULES.data.heroes)


def probes(s: GameState, option: Option) -> Iterator[Act]:
    hero = s.heroes[s.active]
    gifts = [{"gold": 1}, *({"potion": p} for p in hero.potions), *({"shard": x} for x in hero.shards),
             *({"equipment": slot} for slot in ("weapon", "armour", "accessory"))]
    for target in option.targets:
        if option.id == "trade":
            yield from (Act(hero.id, "trade", target, gift) for gift in gifts)
        else:
            yield Act(hero.id, option.id, target)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), heroes=st.lists(st.sampled_from(HEROES), min_size=2, max_size=4, unique=True),
       cautious=st.booleans())
def test_property_nothing_offered_is_refused_and_every_driven_input_is_accepted(seed: int, heroes: list[str],
                                                                               cautious: bool) -> None:
    rnd = random.Random(seed)
    session: Session[GameState] = Session(RULES, {"heroes": heroes, "seed": seed})
    bot = Bot(RULES.data, cautious)
    for _ in range(300):
        prompt = session.prompt()
        if prompt is None:
            break
        assert drive.refused_offers(RULES, session.state, probes) == []
        by_bot = isinstance(prompt, ActionPrompt) or rnd.random() < 0.5
        inp = bot.decide(session.state, prompt) if by_bot else drive.pick(prompt, rnd)
        result = session.submit(inp)
        assert not isinstance(result, Rejection), (inp, result.code, result.msg.text("en"))
