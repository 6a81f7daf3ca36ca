"""The phone page as drawn, read from the browser into the Kivy screens' own check models (tests/ui): each block
of text a `Box` of an `explore_checks.Screen` (in page coordinates: the page scrolls up and down, never sideways),
with the box its glyphs take, and its lines a `drawn.Drawn`. A line is the characters the browser drew on it,
each found where it was drawn, read left to right as drawn (`as_seen`). So the phone's page meets the checks the
Pi's screens meet: no id or data name, sums true as read, brackets and Cyrillic as written, nothing cut or off the
page, no touch target over another or under 44 px."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from drawn import CHECKS, Drawn
from explore_checks import SCREEN_CHECKS, Box, Screen

PAGE_CHECKS = {name: check for name, check in CHECKS.items() if name not in ("glyphs", "widths", "diacritics")}
"""drawn.py's checks of a label's lines, less those of Kivy's own text stack: the browser picks a font with the
glyph (fontconfig's fallback), and a line's width against its box is `text whole`'s here, from the ink."""

READ = r"""
const W = document.documentElement.clientWidth, H = Math.max(innerHeight, document.documentElement.scrollHeight);
const TARGET = 'button, a[href], input, select, textarea, summary, [role=button], [role=link]';
const shown = e => { const s = getComputedStyle(e), r = e.getBoundingClientRect();
                     return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
const rect = r => [r.left + scrollX, r.top + scrollY, r.width, r.height];  // on the page, which scrolls
const union = rs => { if (!rs.length) return null;
  const l = Math.min(...rs.map(r => r.left)), t = Math.min(...rs.map(r => r.top));
  return [l + scrollX, t + scrollY, Math.max(...rs.map(r => r.right)) - l, Math.max(...rs.map(r => r.bottom)) - t]; };
const block = n => { for (let e = n.parentElement; e; e = e.parentElement) {
    if (e.matches(TARGET) || !getComputedStyle(e).display.startsWith('inline')) return e; } return document.body; };
const scroller = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p); if (/auto|scroll/.test(s.overflowX + s.overflowY)) return p; } return null; };
const clipper = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p); if (/hidden|clip/.test(s.overflowX + s.overflowY)) return p; } return null; };
const blocks = new Map();
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  if (!n.data.trim() || !shown(n.parentElement) || n.parentElement.closest('script, style, template')) continue;
  const b = block(n); if (!blocks.has(b)) blocks.set(b, []);
  const range = document.createRange();
  for (let i = 0; i < n.data.length; i++) {
    range.setStart(n, i); range.setEnd(n, i + 1);
    const r = range.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) blocks.get(b).push({ch: n.data[i], r});
  }
}
const boxes = [...new Set([...document.body.querySelectorAll(TARGET)].filter(shown).concat([...blocks.keys()]))];
const number = new Map(boxes.map((e, i) => [e, i + 1]));
const read = boxes.map(e => {
  const chars = blocks.get(e) || [], lines = [];
  for (const c of chars) {  // in the order written: a line's characters in logical order
    const mid = (c.r.top + c.r.bottom) / 2, line = lines.find(l => Math.abs(l.mid - mid) < c.r.height / 2);
    if (line) line.chars.push(c); else lines.push({mid, chars: [c]});
  }
  const s = scroller(e), clip = clipper(e), ink = union(chars.map(c => c.r));
  const ancestors = [];
  for (let p = e.parentElement; p; p = p.parentElement) if (number.has(p)) ancestors.push(number.get(p));
  const c = clip && rect(clip.getBoundingClientRect());
  const clipped = c && ink && (ink[0] < c[0] - 1 || ink[1] < c[1] - 1 || ink[0] + ink[2] > c[0] + c[2] + 1
                               || ink[1] + ink[3] > c[1] + c[3] + 1);
  return {wid: number.get(e), kind: e.matches(TARGET) ? (e.matches('a, [role=link]') ? 'link' : 'button') : 'label',
          text: (e.matches('select') ? e.selectedOptions[0].text : e.innerText).trim(),
          rect: rect(e.getBoundingClientRect()),
          view: s ? rect(s.getBoundingClientRect()) : [0, 0, W, H], ink,
          enabled: !e.disabled && !e.matches('[aria-disabled=true]'), scrolled: !!s, ancestors,
          sticks_out: clipped ? clip.tagName.toLowerCase() : '', rtl: getComputedStyle(e).direction === 'rtl',
          lines: lines.sort((a, b) => a.mid - b.mid).map(l => l.chars.map(c => [c.ch, c.r.left, c.r.right])),
          overflows: /hidden|clip/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1};
});
return {width: W, height: H, scrollWidth: document.documentElement.scrollWidth, boxes: read};
"""


MIRRORED = str.maketrans("()[]{}«»<>≤≥", ")(][}{»«><≥≤")


def as_seen(line: list[list[Any]]) -> str:
    """A line as a reader sees it, left to right: its characters (given in the order written, each with the left
    and right of its glyph) in the order drawn; a bracket or a comparison in a right-to-left run, which the
    browser draws mirrored, mirrored. A character is in a right-to-left run when the one written after it is
    drawn to its left (or the one before it, to its right)."""
    seen = []
    for i, (ch, left, right) in enumerate(line):
        if ch.translate(MIRRORED) != ch:
            after = line[i + 1] if i + 1 < len(line) else None
            before = line[i - 1] if i else None
            rtl = (after is not None and after[2] <= left + 0.5) or (after is None and before is not None
                                                                      and before[1] >= right - 0.5)
            ch = ch.translate(MIRRORED) if rtl else ch
        seen.append((left, ch))
    return " ".join("".join(ch for _, ch in sorted(seen, key=lambda c: c[0])).split())


def read_page(driver: Any) -> dict[str, Any]:
    """What the browser drew, read as the JavaScript above reads it (one call: the page cannot change midway)."""
    return dict(driver.execute_script(READ))


def screen(page: dict[str, Any], name: str, lang: str) -> Screen:
    boxes = [Box(wid=b["wid"], kind=b["kind"], text=b["text"], rect=tuple(b["rect"]), view=tuple(b["view"]),
                 ink=tuple(b["ink"]) if b["ink"] else None, enabled=b["enabled"], scrolled=b["scrolled"],
                 ancestors=frozenset(b["ancestors"]), sticks_out=b["sticks_out"])
             for b in page["boxes"]]
    return Screen(name, lang, (page["width"], page["height"]), boxes)  # type: ignore[arg-type]


def page_problems(page: dict[str, Any], name: str, lang: str) -> list[str]:
    """Every check's findings on the page: the screen checks, then each block's lines, then anything drawn
    wider than the phone (a page a finger must scroll sideways) or cut by a box that hides its overflow."""
    found = [p for check in SCREEN_CHECKS.values() for p in check(screen(page, name, lang))]
    for b in page["boxes"]:
        if not b["lines"]:
            continue
        lines = [as_seen(line) for line in b["lines"]]
        drawn = Drawn(b["text"], [lines], page["width"], b["rtl"], lambda _line: 0.0, lambda _ch: True)
        found += [p for check in PAGE_CHECKS.values() for p in check(drawn)]
        if b["overflows"]:
            found.append(f"{b['text']!r} is cut: its box scrolls wider than it shows on {name}")
    if page["scrollWidth"] > page["width"] + 1:
        found.append(f"the {name} page is {page['scrollWidth']} px wide on a {page['width']} px phone")
    return found
