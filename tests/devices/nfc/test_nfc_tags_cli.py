"""`companion tags` end to end: the command runs as its own process on nfcpy's UDP driver, and the test
plays the person placing and lifting stickers on the emulated reader when the command says so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.core.messages import translate
from companion.devices.nfc import checklist
from companion.devices.nfc.emulated import EmulatedField, EmulatedTag
from companion.devices.nfc.format import PROBLEMS
from companion.devices.nfc.tokens import covenant_tokens

REPO = Path(__file__).resolve().parents[3]
TRAP = covenant_tokens()[6]
KNIGHT = covenant_tokens()[21]


def companion(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
    )


def run(*args: str) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "companion", *args], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    return done.returncode, done.stdout + done.stderr


def test_write_walks_through_the_stickers_verifying_each(field: EmulatedField) -> None:
    command = companion("tags", "write", "--device", field.device, "--only", "z1-trap-1", "hero-knight",
                        "--lang", "en", "--timeout", "20")  # fmt: skip
    assert command.stdout is not None
    stickers = [EmulatedTag.with_token(KNIGHT), EmulatedTag.blank(), EmulatedTag.blank()]
    transcript = []
    for line in command.stdout:
        transcript.append(line.rstrip("\n"))
        if "Place the sticker" in line:
            field.present(stickers.pop(0))
        elif line.startswith("Lift the sticker"):
            field.lift()
    assert command.wait(timeout=30) == 0, transcript
    assert [line for line in transcript if not line.startswith(("[", "Lift"))] == [
        "Writing 2 stickers. Place each one on the reader when asked, and lift it when told.",
        "This sticker holds something else (hero card of Exiled Knight): use a blank one, or run again with"
        " --overwrite.",
        "Written and checked: stick it on room marker z1-trap-1: zone 1, trap room.",
        "Written and checked: stick it on hero card of Exiled Knight.",
        "All 2 stickers are written and checked.",
    ]
    assert not stickers


def test_read_prints_the_token_or_the_problem_in_either_language(field: EmulatedField) -> None:
    field.present_token(TRAP)
    code, out = run("tags", "read", "--device", field.device, "--lang", "en", "--timeout", "10")
    assert code == 0
    assert "room marker z1-trap-1: zone 1, trap room" in out
    assert "game=covenant kind=room-marker serial=7 zone=1 room=trap marker=z1-trap-1" in out
    field.present(EmulatedTag.blank())
    code, out = run("tags", "read", "--device", field.device, "--lang", "ar", "--timeout", "10")
    assert code == 3
    assert translate(PROBLEMS["blank"], "ar") in out


def test_read_gives_up_when_no_tag_comes(field: EmulatedField) -> None:
    code, out = run("tags", "read", "--device", field.device, "--lang", "en", "--timeout", "0.5")
    assert code == 1 and "No tag was placed on the reader in time." in out


def test_a_missing_reader_is_a_message_not_a_traceback() -> None:
    code, out = run("tags", "read", "--device", "tty:NOSUCHPORT:pn532", "--lang", "en")
    assert code == 2 and out.startswith("No NFC reader at tty:NOSUCHPORT:pn532") and "Traceback" not in out


def test_the_printed_checklist_is_the_one_in_hw() -> None:
    assert (REPO / "hw" / "nfc" / "checklist.md").read_text(encoding="utf-8") == checklist.markdown()
    assert checklist.markdown().count("| [ ] | [ ] |") == 25
