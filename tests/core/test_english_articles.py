"""English sentences built around names from the data read as English (issue 21, finding 7): "a elite room",
"A elite Goblin" and sentences starting "elite Goblin…" had been on the table's screen. The other languages'
translations are written whole, so they are left as their catalogues write them."""

from __future__ import annotations

from companion.core.flow import Act, CardPrompt, Draw, Event
from companion.core.messages import LANGS, Msg, named
from companion.core.rules import find
from companion.games.covenant.data import default

GOBLIN = default().monsters["goblin"].named()
ELITE = named("elite {monster}", monster=GOBLIN)


def test_a_before_a_vowel_is_an_and_a_sentence_starts_with_a_capital() -> None:
    assert Msg("A {monster} appears in {space}.", {"monster": ELITE, "space": "room C"}).text("en") \
        == "An elite Goblin appears in room C."
    assert Msg("A {monster} appears in {space}.", {"monster": GOBLIN, "space": "room C"}).text("en") \
        == "A Goblin appears in room C."
    assert Msg("{monster} dies. {hero} draws a loot card.", {"monster": ELITE, "hero": "Exiled Knight"}).text("en") \
        == "Elite Goblin dies. Exiled Knight draws a loot card."
    assert Msg("{room}: a {kind} room.", {"room": "room C", "kind": "elite"}).text("en") == "Room C: an elite room."
    # Words of the sentence itself are left as written: only an article before a name is chosen.
    assert Msg("Take a {what} (a island).", {"what": "Orc"}).text("en") == "Take an Orc (a island)."
    for lang in LANGS:
        if lang != "en":
            made = Msg("A {monster} appears in {space}.", {"monster": ELITE, "space": "x"}).text(lang)
            assert made == Msg("A {monster} appears in {space}.", {"monster": ELITE, "space": "x"}).text(lang)
            assert "An " not in made


def test_an_elite_room_revealed_reads_as_english() -> None:
    """§Exploration: the elite room's marker turned over and its monster appearing, as the engine says it."""
    rules = find("covenant")
    state = rules.new_game({"heroes": ["knight"], "seed": 1, "deal": {"markers": "table"},
                            "position": {"heroes": {"knight": {"space": "t7"}}}})
    rules.apply(state, Act("knight", "reveal", "room3"))
    prompt = rules.prompt(state)
    assert isinstance(prompt, CardPrompt)
    marker = next(card for card in prompt.labels if default().markers[card].room == "elite")
    events = rules.apply(state, Draw(prompt.deck, marker))
    assert isinstance(events, list), events
    texts = [e.msg.text("en") for e in events if isinstance(e, Event)]
    said = " ".join(texts)
    assert "an elite room" in said and "a elite" not in said.lower(), texts
    assert all(t[:1].isupper() or not t[:1].isalpha() for t in texts), texts
