"""Throws: the dice a rule needs, thrown together and answered by one `Throw` that names every die's face.

An attack's pool, a boulder's red and yellow dice, a figure's bleed dice and its daze dice are each one
`ThrowPrompt`. In a throw a die's id is its colour, numbered when the colour comes more than once
(`black-1`, `black-2`), in the order the rule counts them, which is the order of the arithmetic the table
sees. A throw never asks for more dice of a colour than the set has (`in_set`): the rest come in the next
throw, as the white die is rolled "once per bleed token" (p. 5–6, R-DW-17).
"""

from __future__ import annotations

from collections import Counter

from companion.core.flow import Input, Layer, Rejection, Source, Throw, ThrowPrompt, reject
from companion.core.messages import LANGS, N_, Lang, Later, Msg, Named, listed, verbatim
from companion.games.descent.play import DICE, Play, given
from companion.games.descent.state import Rolled, ThrowPurpose, ThrowStep

PURPOSES: dict[ThrowPurpose, tuple[str, str]] = {
    "attack": (N_("{who} attacks: throw {dice}."), DICE),
    "bleed": (N_("Bleed on {who}: throw {dice}."), "p. 5–6"),
    "daze": (N_("Daze on {who}: throw {dice}."), "R-DW-7"),
    "boulder": (N_("Boulder {who}: throw {dice}."), "R-DW-1"),
}
SPLIT = "R-DW-17"


def ask(g: Play, colours: list[str], purpose: ThrowPurpose, who: str) -> None:
    """Queue the throws of `colours`: one, or as many as the set's dice need (R-DW-17)."""
    batches: list[list[str]] = []
    seen: Counter[str] = Counter()
    for colour in colours:
        # A colour's n-th die goes in the throw the set's dice of that colour reach it: one pass, so a
        # long list of dice costs no more than its length.
        n = seen[colour] // g.d.values[colour].in_set
        seen[colour] += 1
        if n == len(batches):
            batches.append([])
        batches[n].append(colour)
    g.s.pending += [ThrowStep(dice=_named(batch), purpose=purpose, who=who, part=n, parts=len(batches))
                    for n, batch in enumerate(batches, 1)]


def _named(colours: list[str]) -> dict[str, str]:
    counts = Counter(colours)
    seen: Counter[str] = Counter()
    named: dict[str, str] = {}
    for colour in colours:
        seen[colour] += 1
        named[colour if counts[colour] == 1 else f"{colour}-{seen[colour]}"] = colour
    return named


def listing(g: Play, colours: list[str]) -> Named:
    """The dice by colour, in both languages: "red die, 2 × black power die"."""
    counts = Counter(colours)
    parts = [(f"{counts[c]} × " if counts[c] > 1 else "", g.die(c)) for c in counts]
    return listed({lang: n + text for lang, text in die.items()} for n, die in parts)


def _wanted(g: Play, step: ThrowStep) -> Named:
    """The dice a throw waits for, as its prompt and its refusals name them."""
    return listing(g, list(step.dice.values()))


def _rule(step: ThrowStep) -> str:
    return SPLIT if step.parts > 1 else PURPOSES[step.purpose][1]


def prompt(g: Play, step: ThrowStep) -> ThrowPrompt:
    text = PURPOSES[step.purpose][0]
    who = verbatim(step.who) if step.purpose == "boulder" else g.name(step.who)
    purpose = Msg(text, {"who": who, "dice": _wanted(g, step)})
    if step.parts > 1:
        purpose = Msg(N_("{purpose} Throw {part} of {parts}: the set has too few dice of a colour (R-DW-17)."),
                      {"purpose": {lang: purpose.text(lang) for lang in LANGS}, "part": step.part,
                       "parts": step.parts})
    return ThrowPrompt(dice=dict(step.dice), who=step.who, purpose=purpose, rule=_rule(step))


def take(g: Play, step: ThrowStep, inp: Input) -> list[Rolled] | Rejection:
    """The faces of the awaited throw, in the step's order: named by the input, or rolled by the app."""
    rule = _rule(step)
    if not isinstance(inp, Throw):
        return reject("expected-throw", Layer.NOT_NOW, rule, "Waiting for a throw: {dice}.",
                      dice=_wanted(g, step))
    if inp.faces or inp.source != Source.APP:
        refused = _check(g, step, inp, rule)
        if refused is not None:
            return refused
        faces = dict(inp.faces)
    else:
        faces = {die: g.d.dice[colour].roll(g.s.rng).id for die, colour in step.dice.items()}
    rolled = [Rolled(die=colour, face=faces[die]) for die, colour in step.dice.items()]
    g.say("thrown", DICE, "Thrown: {faces}.", {"faces": [f"{die}={face}" for die, face in faces.items()]},
          faces=Shown([(g.die(r.die), _face(g, r)) for r in rolled]))
    return rolled


class Shown(Later, frozen=True):
    """A throw's dice, each with its face ("red die: 2 hearts; …"), put in words only when the sentence is read
    (issue 26: a replay reads none, and every throw says it)."""

    faces: list[tuple[Named, Named]]

    def text(self, lang: Lang) -> str:
        return listed(({lang: f"{die[lang]}: {face[lang]}"} for die, face in self.faces), separator="; ")[lang]


def _face(g: Play, r: Rolled) -> Named:
    face = g.d.dice[r.die].face(r.face)
    assert face is not None
    return face.named()


def _colour(die: str) -> str:
    head, _, number = die.rpartition("-")
    return head if head and number.isdigit() else die


def _check(g: Play, step: ThrowStep, inp: Throw, rule: str) -> Rejection | None:
    """Malformed first (a die that is no colour, a face its die does not have), then the throw against the
    prompt: a die of a colour not asked for, one too many, one missing."""
    for die, face in inp.faces.items():
        if _colour(die) not in g.d.dice and die not in step.dice:
            return reject("unknown-die", Layer.MALFORMED, DICE, "There is no {given} among the dice: red, blue, "
                          "white, green, yellow, black.", given=given(die))
        colour = step.dice.get(die)
        if colour is not None and g.d.dice[colour].face(face) is None:
            return reject("unknown-face", Layer.MALFORMED, DICE, "The {die} has no face {face}.",
                          die=g.die(colour), face=given(face))
    for die in inp.faces:
        if die in step.dice:
            continue
        if _colour(die) not in step.dice.values():
            return reject("wrong-die", Layer.ILLEGAL, rule, "This throw needs {dice}, not the {given}.",
                          dice=_wanted(g, step), given=g.die(_colour(die)))
        return reject("extra-die", Layer.ILLEGAL, rule, "This throw's dice are {ids}: {given} is not one of them.",
                      ids=", ".join(step.dice), given=given(die))
    missing = [colour for die, colour in step.dice.items() if die not in inp.faces]
    if missing:
        return reject("missing-dice", Layer.ILLEGAL, rule, "This throw needs {dice}: {missing} not given.",
                      dice=_wanted(g, step), missing=listing(g, missing))
    return None
