"""The Crypt: The Last Covenant (السرداب: العهد الأخير).

`data` loads and checks the game data, `board` measures distances, `state` is the game state, and the
rules live by topic: `turn` (actions), `combat`, `explore` (reveals and rooms), `loot`, `monsters`,
`guardians`, `death`, `escape`; `engine` is the rule system that ties them to prompts and inputs.
"""
