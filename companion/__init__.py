"""Crypt Companion: a table-side referee for physical dungeon-crawler board games."""

__version__ = "0.1.0"
