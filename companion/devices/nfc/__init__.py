"""NFC tokens: stickers on room markers and hero cards, read with nfcpy.

- `tokens`: every token a game's stickers can carry (The Last Covenant: 21 room markers, 4 hero cards).
- `format`: the tag format (hw/nfc/tag-format.md): encode a token, parse a tag, `problem_message`.
- `reader`: `open_reader(settings, events)`, the background reader putting `TagSeen`/`DeviceStatus`
  on the table's queue.
- `writer`: writing a token to a sticker and verifying it by reading it back.
- `emulated`: an emulated NTAG in an emulated field, answering nfcpy's own UDP driver.
"""
