"""No cache of The Last Covenant's engine or bots serves a stale answer (issue 26).

The engine keeps what it works out again and again (a hero's totals, the blocked spaces, the odds of the
cards left, the bots' threats and distances) in caches keyed on what each answer comes from, never in
the state. A key that leaves out something the answer depends on would go unseen in most tests, which
start each game with empty caches. Here whole bot games are played with the caches warm from game to
game, then played again input by input with every cache emptied before each input: every prompt, every
bot decision, every input's events and the state after it must be the same, byte for byte.
`FUZZ_EXAMPLES` sets the number of games (3 by default; `make fuzz` runs more). Seen to fail with a hero's
totals cached without their shards in the key, and the bots' threats without the hero's defense."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import msgspec
from covenant_game import RULES

from companion.core.flow import Input, Rejection
from companion.games.covenant.bots import Bot
from companion.games.covenant.simulate import setups

GAMES = int(os.environ.get("FUZZ_EXAMPLES", "3"))
ENCODE = msgspec.json.Encoder().encode


def caches() -> list[Callable[..., object]]:
    """Every functools cache in the Covenant's modules (their functions and their classes' methods), but
    the game data's own loader: new caches are found without being listed here."""
    found: dict[int, Callable[..., object]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("companion.games.covenant.") or name.endswith(".data"):
            continue
        for value in vars(module).values():
            owned = isinstance(value, type) and value.__module__ == name
            for item in [value, *(vars(value).values() if owned else ())]:
                if callable(getattr(item, "cache_clear", None)):
                    found[id(item)] = item
    return list(found.values())


def played(setup: dict[str, object], bot: Bot, given: list[Input] | None,
           cold: list[Callable[..., object]]) -> tuple[list[Input], list[bytes]]:
    """One game: its inputs and, per input, the prompt, the bot's decision, the events and the state after
    it. With `given` inputs, those are played (the bot still decides, to compare its decision); the `cold`
    caches are emptied before each input."""
    state = RULES.new_game(setup)
    inputs: list[Input] = []
    out: list[bytes] = []
    for n in range(2000 if given is None else len(given)):
        for cached in cold:
            cached.cache_clear()  # type: ignore[attr-defined]
        prompt = RULES.prompt(state)
        if prompt is None:
            break
        decided = bot.decide(state, prompt)
        inp = decided if given is None else given[n]
        result = RULES.apply(state, inp)
        if isinstance(result, Rejection):
            break  # bots take only what is offered: a refusal ends the record (and fails the length check)
        inputs.append(inp)
        out.append(ENCODE((prompt, decided, result, state)))
    return inputs, out


def test_the_caches_are_found() -> None:
    names = {f"{c.__module__}.{c.__qualname__}" for c in caches()}
    for expected in ("traits._totals", "play._blocked", "bots._threats", "board.Board.distances"):
        assert f"companion.games.covenant.{expected}" in names, sorted(names)


def test_property_warm_caches_answer_as_empty_ones_at_every_input() -> None:
    heroes = list(RULES.data.heroes)
    party_list = [heroes[:2], heroes[1:4], heroes]
    every = caches()
    for n, setup in enumerate(setups(29, GAMES, party_list, ("normal",))):
        bot = Bot(RULES.data, cautious=n % 2 == 0)
        inputs, record = played(setup, bot, None, cold=[])
        assert len(record) > 50
        _, again = played(setup, bot, inputs, cold=every)
        first = next((i for i, (a, b) in enumerate(zip(record, again, strict=True)) if a != b), None)
        assert first is None, f"seed {setup['seed']}: input {first} differs with the caches emptied"
