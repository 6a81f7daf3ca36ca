"""Descent: The Well of Darkness (Descent: Journeys in the Dark, 1st edition), as a referee for the
expansion's excerpted rules: attacks with the coloured dice, bleed and daze, swarm, boulders, breath and
lightning on a square-grid map, and the overlord's treachery.

`grid` is the map and its geometry, `schema` the data files' shapes, `data` loads and checks them, the
rules live by topic (`attack`, `templates`, `boulders`, `upkeep`, `treachery`), `throws` asks for the dice
they roll together and reads the answer, and `engine` ties them to prompts and inputs.
"""
