"""The writer through nfcpy's UDP driver: a blank sticker written and verified by reading it back, the
stickers it must not overwrite, and a sticker lifted in the middle of being written."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import nfc
import pytest

from companion.devices.nfc.emulated import EmulatedClassic, EmulatedField, EmulatedTag
from companion.devices.nfc.format import parse_message
from companion.devices.nfc.reader import read_tag, wait_for_tag
from companion.devices.nfc.tokens import covenant_tokens
from companion.devices.nfc.writer import Outcome, write_token

TRAP = covenant_tokens()[6]
ROGUE = covenant_tokens()[23]


@pytest.fixture
def clf(field: EmulatedField) -> Iterator[Any]:
    frontend = nfc.ContactlessFrontend(field.device)
    yield frontend
    frontend.close()


def found(clf: Any) -> Any:
    end = time.monotonic() + 5.0
    target = wait_for_tag(clf, 0.05, lambda: time.monotonic() > end)
    assert target is not None
    return target


def held(tag: EmulatedTag) -> bytes:
    """The NDEF message in the emulated tag's memory (TLV at page 4), as a phone would read it."""
    assert tag.memory[16] == 0x03
    return bytes(tag.memory[18 : 18 + tag.memory[17]])


def test_a_blank_sticker_is_written_and_verified(field: EmulatedField, clf: Any) -> None:
    tag = field.present(EmulatedTag.blank())
    result = write_token(clf, found(clf), TRAP)
    assert result.outcome == Outcome.WRITTEN
    assert result.before.problem == "blank"
    assert result.after is not None and result.after.token == TRAP and result.after.uid == tag.uid_hex
    assert parse_message(held(tag)).token == TRAP


def test_a_sticker_holding_that_token_is_only_checked(field: EmulatedField, clf: Any) -> None:
    tag = field.present_token(TRAP)
    tag.writes_left = 0  # any write would make it leave the field
    assert write_token(clf, found(clf), TRAP).outcome == Outcome.ALREADY


def test_another_token_or_foreign_data_is_kept_unless_overwrite(field: EmulatedField, clf: Any) -> None:
    tag = field.present_token(ROGUE)
    result = write_token(clf, found(clf), TRAP)
    assert (result.outcome, result.before.token) == (Outcome.OCCUPIED, ROGUE)
    assert parse_message(held(tag)).token == ROGUE
    assert write_token(clf, found(clf), TRAP, overwrite=True).outcome == Outcome.WRITTEN
    assert parse_message(held(tag)).token == TRAP


def test_a_half_written_sticker_is_rewritten(field: EmulatedField, clf: Any) -> None:
    tag = field.present(EmulatedTag.half_written(ROGUE))
    assert write_token(clf, found(clf), ROGUE).outcome == Outcome.WRITTEN
    assert parse_message(held(tag)).token == ROGUE


def test_a_locked_sticker_is_reported(field: EmulatedField, clf: Any) -> None:
    tag = EmulatedTag.blank()
    tag.memory[15] = 0x0F  # capability container: write access "none"
    field.present(tag)
    assert write_token(clf, found(clf), TRAP).outcome == Outcome.LOCKED


def test_a_sticker_lifted_while_written_fails_and_never_reads_as_a_token(field: EmulatedField, clf: Any) -> None:
    tag = field.present(EmulatedTag.blank())
    tag.writes_left = 3  # nfcpy writes the message in several pages: it leaves the field part-way
    assert write_token(clf, found(clf), TRAP).outcome == Outcome.FAILED
    field.lift()
    field.present(tag)
    seen, _ = read_tag(clf, found(clf))
    assert seen.uid == tag.uid_hex and seen.token is None and seen.problem in ("blank", "corrupt")


def test_a_sticker_that_does_not_keep_what_was_written_fails_the_read_back(field: EmulatedField, clf: Any) -> None:
    tag = field.present(EmulatedTag.blank())
    tag.keeps_writes = False
    result = write_token(clf, found(clf), TRAP)
    assert result.outcome == Outcome.MISMATCH
    assert result.after is not None and result.after.problem == "blank"


def test_a_mifare_classic_is_not_written(field: EmulatedField, clf: Any) -> None:
    field.present(EmulatedClassic())
    result = write_token(clf, found(clf), TRAP, overwrite=True)
    assert (result.outcome, result.before.problem) == (Outcome.UNSUPPORTED, "unsupported-tag")


def test_a_sticker_lifted_before_it_was_read_is_not_written(field: EmulatedField, clf: Any) -> None:
    tag = field.present(EmulatedTag.blank())
    tag.reads_left = 1
    assert write_token(clf, found(clf), TRAP).outcome == Outcome.FAILED
    assert held(tag) == b""
