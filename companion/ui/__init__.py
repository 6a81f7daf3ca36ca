"""The Kivy touchscreen app: screens, widgets, the Arabic text layout."""
