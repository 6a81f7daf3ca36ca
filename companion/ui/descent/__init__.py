"""Descent's screens: a new game from a sample map or an empty one, the map editor, and the referee's
table screen (the map with its marks, the engine's prompt, templates laid by touch, the dice and the
arithmetic). The state they keep across redraws is the app's `Desk`."""
