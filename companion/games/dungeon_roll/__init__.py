"""Dungeon Roll: a push-your-luck dice game, the second rule system, built only on `companion.core`."""
