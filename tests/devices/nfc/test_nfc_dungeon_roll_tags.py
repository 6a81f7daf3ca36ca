"""Dungeon Roll's tag set (a hero card per hero, 4 player tokens; ruling R-DR-40): written by `companion tags`
on nfcpy's UDP driver, read back by the reader as the table's events, and named in both languages."""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po
from nfc_helpers import Events, next_tag

from companion.core.messages import LOCALE_DIR, translate
from companion.devices.nfc import format as tagformat
from companion.devices.nfc import tokens
from companion.devices.nfc.emulated import EmulatedField, EmulatedTag
from companion.devices.nfc.reader import NfcReader
from companion.games.dungeon_roll.data import default

REPO = Path(__file__).resolve().parents[3]
SET = tokens.token_set("dungeon-roll")


def test_the_set_holds_a_card_for_every_hero_and_four_player_tokens() -> None:
    heroes = [t["hero"] for t in SET if t["kind"] == "hero-card"]
    assert heroes == list(default().heroes)
    assert [t["serial"] for t in SET if t["kind"] == "player-token"] == [1, 2, 3, 4]
    assert {t["game"] for t in SET} == {"dungeon-roll"}
    ids = [tokens.token_id(t) for t in SET]
    assert len(set(ids)) == len(SET) and "hero-half-goblin" in ids and "player-token-4" in ids


def test_every_token_round_trips_and_fits_an_ntag213() -> None:
    for token in SET:
        octets = tagformat.encode_message(token)
        assert len(octets) <= tagformat.NTAG213_NDEF_BYTES, token
        assert tagformat.parse_message(octets).token == token
    other = {"game": "dungeon-roll", "kind": "player-token", "serial": 5}
    assert tagformat.parse_payload(tagformat.encode_payload(other)).problem == "unknown-token"


def test_labels_name_the_hero_and_the_player_in_both_languages() -> None:
    knight = next(t for t in SET if t.get("hero") == "knight")
    assert tokens.label(knight).text("en") == "hero card of Knight"
    assert tokens.label(knight).text("ar") == "بطاقة الفارس"
    player = next(t for t in SET if t["kind"] == "player-token" and t["serial"] == 2)
    assert tokens.label(player).text("en") == "player token 2"
    assert tokens.label(player).text("ar") == "رمز اللاعب 2"


def test_the_token_catalogue_holds_exactly_the_labels_it_translates() -> None:
    with (LOCALE_DIR / "ar" / "LC_MESSAGES" / "tokens.po").open("rb") as handle:
        held = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
    said = {tokens.label(t).id for t in SET} - {tokens.label(t).id for t in tokens.covenant_tokens()}
    assert set(held) == said
    for msgid, arabic in held.items():
        fields = {n for _, n, _, _ in string.Formatter().parse(msgid) if n}
        assert fields == {n for _, n, _, _ in string.Formatter().parse(arabic) if n}
        assert translate(msgid, "ar") == arabic


def test_tags_write_writes_a_hero_card_and_a_player_token(field: EmulatedField) -> None:
    command = subprocess.Popen(
        [sys.executable, "-m", "companion", "tags", "write", "--game", "dungeon-roll", "--device", field.device,
         "--only", "hero-knight", "player-token-3", "--lang", "en", "--timeout", "20"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    assert command.stdout is not None
    stickers = [EmulatedTag.blank(), EmulatedTag.blank()]
    written = list(stickers)
    transcript = []
    for line in command.stdout:
        transcript.append(line.rstrip("\n"))
        if "Place the sticker" in line:
            field.present(stickers.pop(0))
        elif line.startswith("Lift the sticker"):
            field.lift()
    assert command.wait(timeout=30) == 0, transcript
    assert "Written and checked: stick it on hero card of Knight." in transcript
    assert "Written and checked: stick it on player token 3." in transcript
    field.present(written[1])
    done = subprocess.run([sys.executable, "-m", "companion", "tags", "read", "--device", field.device, "--lang",
                           "ar", "--timeout", "10"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "رمز اللاعب 3" in done.stdout
    assert "game=dungeon-roll kind=player-token serial=3" in done.stdout


def test_the_reader_reports_a_player_token_to_the_table(field: EmulatedField, events: Events,
                                                        reader: NfcReader) -> None:
    token = next(t for t in SET if t["kind"] == "player-token")
    field.present_token(token)
    assert next_tag(events).token == token
