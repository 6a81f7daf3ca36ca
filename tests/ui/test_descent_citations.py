"""Issue 12: Descent's citations read in the table's language. Every rule id the Descent engine can cite
(found by reading the engine's calls: `reject`, `say`, `wound`, `rule=`, and its prompt tables) is a
section of `data/descent/sections.yaml` or a ruling of docs/rulings.md, a tap on it opens its text in
Arabic, English and Belarusian, and the citation drawn on an Arabic screen has no Latin word but a ruling's
id (DW p. 4–7: the excerpt's pages; the base game's dice)."""

from __future__ import annotations

import ast
import importlib
import re
import shutil
from pathlib import Path

import pytest

from companion.games.descent import data as descent
from companion.ui.rulebook import cite, load_rulings, rule_texts, sections

ENGINE = Path(descent.__file__).parent
RULE_ARG = {"reject": 2, "say": 1, "wound": 2}
"""Where each of the engine's citing calls takes its rule (by position)."""
LATIN = re.compile(r"[A-Za-z]+")


def _strings(node: ast.expr, module: str) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, module) | _strings(node.orelse, module)
    if isinstance(node, ast.Name):  # a module constant (play.DICE, imported by name); a local is found where set
        value = getattr(importlib.import_module(f"companion.games.descent.{module}"), node.id, None)
        return {value} if isinstance(value, str) else set()
    return set()


def cited_rules() -> set[str]:
    """Every rule the engine's code passes where a citation goes: a constant, either side of a choice, or a
    named constant; what a function choosing the rule returns; and the rule column of its prompt tables
    (`CHOICES`, `PURPOSES`: text, rule)."""
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        module = path.stem
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                at = RULE_ARG.get(name)
                if at is not None and len(node.args) > at:
                    found |= _strings(node.args[at], module)
                found |= {s for k in node.keywords if k.arg == "rule" for s in _strings(k.value, module)}
            elif isinstance(node, ast.FunctionDef) and "rule" in node.name:  # throws._rule: which rule a step cites
                found |= {s for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None
                          for s in _strings(r.value, module)}
            elif isinstance(node, ast.Dict):
                for value in node.values:
                    if isinstance(value, ast.Tuple) and len(value.elts) == 2:
                        found |= _strings(value.elts[1], module) - {""}
    return found


def test_the_scan_finds_the_citations_of_every_kind() -> None:
    """The scan is what the next test trusts: it must see the pages, the base game's topics, the map
    and the rulings, through constants, choices and the prompt tables."""
    found = cited_rules()
    assert {"p. 4", "p. 5", "p. 5–6", "p. 6", "p. 7", "Map", "R-DW-13", "R-DW-15", "R-DW-17"} <= found
    assert {"Base game: dice", "Base game: damage", "Base game: range", "Base game: surges"} <= found
    assert len([r for r in found if r.startswith("R-DW-")]) >= 10


def test_every_rule_the_engine_cites_opens_a_text_in_every_language() -> None:
    texts = rule_texts(sections())
    rulings = load_rulings()
    for rule in sorted(cited_rules()):
        assert rule in texts, f"{rule!r} is cited by the Descent engine but is neither a section nor a ruling"
        if rule in rulings:
            continue
        section = descent.default().sections[rule]
        for lang in ("en", "ar", "be"):
            assert texts[rule][lang].strip(), (rule, lang)
            assert section.named()[lang].strip(), (rule, lang)


def test_a_section_s_arabic_text_is_the_original_s_own_words() -> None:
    """DW: the Arabic excerpt is the authority, so its paragraphs are shown as they stand."""
    original = Path(__file__).resolve().parents[3] / "shared/rules/seeds/descent-well-of-darkness.ar.txt"
    shipped = descent.default().sections
    if original.exists():
        seed = original.read_text(encoding="utf-8")
        for page in ("p. 4", "p. 5", "p. 5–6", "p. 6", "p. 7"):
            for paragraph in shipped[page].text.ar.split("\n\n"):
                assert paragraph in seed, page
    assert "ص. 5" in shipped["p. 5"].text.ar and "Undying" in shipped["p. 5"].text.ar


@pytest.mark.parametrize("rule", sorted(cited_rules()))
def test_an_arabic_citation_has_no_latin_word_but_a_ruling_s_id(rule: str) -> None:
    drawn = cite(rule).text("ar")
    assert not LATIN.findall(re.sub(r"R-DW-\d+", "", drawn)), drawn
    assert not LATIN.findall(re.sub(r"R-DW-\d+", "", cite(rule).text("be"))), "Belarusian reads Cyrillic"


def test_data_check_reports_a_section_without_its_text(tmp_path: Path) -> None:
    folder = tmp_path / "descent"
    shutil.copytree(descent.data_dir(), folder)
    page = folder / "sections.yaml"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("  be: Валуны (с. 5)\n", "  be: ' '\n", 1), encoding="utf-8")
    _, errors = descent.read(folder)
    assert errors == ["sections.yaml: entry p. 5: field be: empty"], errors
    page.write_text(text + text.split("\n- id:")[1].join(["\n- id:", ""]), encoding="utf-8")
    _, errors = descent.read(folder)
    assert any("duplicate id" in e for e in errors), errors
