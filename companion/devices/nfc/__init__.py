"""NFC tokens: stickers on room markers and hero cards, read with nfcpy.

- `tokens`: every token a game's stickers can carry (The Last Covenant: 21 room markers, 4 hero cards).
- `format`: the tag format (hw/nfc/tag-format.md): encode a token, parse a tag, `problem_message`.
- `reader`: the background reader putting `TagSeen`/`DeviceStatus` on the table's queue.
- `writer`: writing a token to a sticker and verifying it by reading it back.
- `emulated`: an emulated NTAG in an emulated field, answering nfcpy's own UDP driver.
- `checklist`: the printable list of which sticker goes on which piece; `bench`: `companion bench` figures.

For the app:

    reader = open_reader(settings.nfc, events)   # companion.devices.nfc.reader
    reader.emulated                              # EmulatedField when no reader is used, else None
    reader.emulated.tap_token(token)             # a tap from the screen (see emulated.py for the rest)
    reader.stop()                                # at exit (also closes the emulated field)

Events: `TagSeen(uid, token=..., problem=...)` once per tap; `DeviceStatus("nfc", state, detail)` when the
reader connects (`connected`, or `simulated` for the emulated field), is lost (`disconnected`) or cannot
be opened for lack of rights (`fault`). `format.problem_message(problem)` is the message to show.
"""
