"""Game-neutral machinery shared by every rule system.

Dice kinds, decks, the seeded random generator, prompts, inputs, rejections, bilingual messages,
the input log, the rule-system registry and the scenario runner. Nothing here knows a game's rules,
and nothing here touches a device, a file other than data, or a screen.
"""
