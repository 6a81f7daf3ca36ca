"""Dungeon Roll on the touchscreen: the new-game screen, the table screen and the final scoreboard."""
