"""Plan validation: a C2 plan may structure the task, never solve the app's visual grounding for it.

Strict mode (the default) rejects any finding. Lenient mode keeps content findings as warnings
but still rejects structural ones (empty plan, too many steps, too long), because an oversized or
empty plan is not a plan at all.

Two exemptions, both "the plan may repeat the instruction": a latitude/longitude pair that occurs
in the goal itself may be repeated, and an app name or brand that occurs in the goal may be
repeated (a contact called "Sushi" is a task value, not a brand leak).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, Field

ValidationMode = Literal["strict", "lenient"]

MAX_STEPS = 12
MAX_STEP_CHARS = 300
MAX_PLAN_CHARS = 2000

#: Kinds that are rejected even in lenient mode.
STRUCTURAL_KINDS = frozenset({"empty_plan", "empty_step", "multiline_step", "too_many_steps", "step_too_long", "plan_too_long"})

#: Content kinds (what the generation prompt forbids and the repair prompt names).
CONTENT_KINDS = (
    "coordinate_pair", "xy_coordinate", "coordinate_word", "pixel_measure", "accessibility_or_resource_id",
    "package_name", "app_name", "low_level_ui_verb", "app_specific_control",
)


class Finding(BaseModel):
    """One reason a plan is not app-neutral or not well-formed."""

    kind: str
    detail: str
    match: str | None = None
    step: int | None = Field(None, description="1-based step number, None for plan-level findings.")


class ValidationReport(BaseModel):
    mode: ValidationMode
    findings: list[Finding] = Field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        if self.mode == "strict":
            return list(self.findings)
        return [f for f in self.findings if f.kind in STRUCTURAL_KINDS]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f not in self.errors]

    @property
    def ok(self) -> bool:
        return not self.errors


# --- patterns ---------------------------------------------------------------------------------

_NUM = r"[-+]?\d+(?:\.\d+)?"
_PAIR = re.compile(rf"(?<![\w.])({_NUM})\s*,\s*({_NUM})(?![\w]|\.\d)")
_MONTHS = (
    "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|"
    "september|october|november|december"
)
_DATE_BEFORE = re.compile(rf"\b(?:{_MONTHS})\.?\s*$", re.IGNORECASE)
_UI_CONTEXT = re.compile(r"\b(?:screen|pixels?|px|display|canvas|tap|click|press|swipe|scroll|drag|x\s*=|y\s*=)\b", re.IGNORECASE)
_XY = re.compile(r"(?<![\w])[xy]\s*[:=]\s*[-+]?\d", re.IGNORECASE)
_COORD_WORD = re.compile(r"\bcoordinates?\b", re.IGNORECASE)
_GEO_CONTEXT = re.compile(r"\b(?:latitude|longitude|lat|lon|lng|geographic|gps|location|place|map)\b", re.IGNORECASE)
_PIXELS = re.compile(r"\b\d+(?:\.\d+)?\s*(?:px|pixels?|dp|dip)\b", re.IGNORECASE)
_A11Y = re.compile(
    r"\baccessibility\b|\bcontent[- _]?desc(?:ription)?\b|\bresource[- _]?ids?\b|\bnode[- _]?ids?\b|\bview[- _]?ids?\b"
    r"|@\+?id/|\bR\.id\.|\bandroid:id\b|\b[a-z_]+:id/",
    re.IGNORECASE,
)
_DOTTED = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*){2,}(?![\w]|\.\w)")
_FILE_EXTENSIONS = frozenset(
    "txt md pdf csv json xml html htm jpg jpeg png gif webp bmp svg mp3 mp4 m4a wav ogg flac mkv avi mov zip tar gz "
    "doc docx xls xlsx ppt pptx odt ods apk log ics vcf kml gpx".split()
)
_UI_VERBS = re.compile(
    r"(?<![\w-])(?:double[- ]?tap(?:s|ped|ping)?|long[- ]?press(?:es|ed|ing)?|tap(?:s|ped|ping)?|"
    r"click(?:s|ed|ing)?|swip(?:e|es|ed|ing)|scroll(?:s|ed|ing)?)(?![\w-])",
    re.IGNORECASE,
)
_CONTROLS = re.compile(
    r"\bbutton\s+(?:labell?ed|named|called)\b|\b(?:press|hit|select|choose|open)\s+the\s+[\w\"' -]{1,30}?\s+(?:button|icon|tab)\b"
    r"|\bhamburger\s+menu\b|\boverflow\s+menu\b|\bthree[- ]dot(?:s|ted)?\s+menu\b|\bkebab\s+menu\b"
    r"|\bfloating\s+action\s+button\b|\bnotification\s+(?:shade|drawer|panel)\b",
    re.IGNORECASE,
)
_FAB = re.compile(r"\bFAB\b")

#: Category nouns that are also app display names; naming the kind of app is allowed.
GENERIC_APP_WORDS = frozenset(
    {"clock", "calendar", "contacts", "files", "maps", "messages", "music", "notes", "tasks", "finance", "sms"}
)

#: Brands matched case-insensitively whatever the catalog holds (vendors and well-known app names).
BRANDS: tuple[str, ...] = (
    "Google", "Fossify", "Simple Mobile Tools", "Simple SMS Messenger", "QUIK", "OsmAnd", "Organic Maps", "CoMaps",
    "MAPS.ME", "Amaze", "X-plore", "Total Commander", "Material Files", "Tasks.org", "Orgzly", "Oinkoin",
    "OpenMoneyBox", "Retro Music", "SicMu", "Phonograph", "MonsterMusic", "Etar", "KashCal", "Markor", "Joplin",
    "Gmail", "Chrome", "WhatsApp", "Telegram", "Samsung", "Goodwy", "Bnyro",
)


class AppTerm(BaseModel):
    """A forbidden name; ``needs_capital`` means an all-lowercase occurrence is ordinary English."""

    model_config = {"frozen": True}

    text: str
    needs_capital: bool


def _distinctive(name: str) -> bool:
    """A name that cannot be an ordinary phrase: inner capitals, digits, dots, or an all-caps word."""
    for word in re.split(r"\s+", name):
        if re.search(r"[\d.~+_-]", word) or re.search(r"[a-z][A-Z]", word) or (len(word) > 1 and word.isupper()):
            return True
    return False


def app_terms_from(display_names: Iterable[str], packages: Iterable[str] = ()) -> tuple[AppTerm, ...]:
    """Forbidden names: every display name (and its bare form without a parenthetical or '~') plus brands."""
    terms: dict[str, AppTerm] = {}
    for name in display_names:
        for variant in {name.strip(), re.sub(r"\s*\(.*?\)\s*", " ", name).strip(" ~")}:
            if not variant or variant.lower() in GENERIC_APP_WORDS:
                continue
            terms.setdefault(variant.lower(), AppTerm(
                text=variant, needs_capital=variant != variant.lower() and not _distinctive(variant),
            ))
    for brand in BRANDS:
        terms[brand.lower()] = AppTerm(text=brand, needs_capital=False)
    for package in packages:
        terms.setdefault(package.lower(), AppTerm(text=package, needs_capital=False))
    return tuple(sorted(terms.values(), key=lambda t: (-len(t.text), t.text.lower())))


@cache
def catalog_app_terms() -> tuple[AppTerm, ...]:
    """Forbidden names from the live catalog (all categories, not just the scheduled ones)."""
    from pytest_anyapp.catalog import APPS

    return app_terms_from([a.display_name for a in APPS], [a.package for a in APPS])


# --- helpers ----------------------------------------------------------------------------------

def _term_regex(text: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w]){re.escape(text)}(?![\w])", re.IGNORECASE)


def _geo_pairs(goal: str) -> set[tuple[float, float]]:
    """Decimal latitude/longitude pairs written in the goal (at least one part has decimals)."""
    out: set[tuple[float, float]] = set()
    for m in _PAIR.finditer(goal):
        a, b = m.group(1), m.group(2)
        if "." not in a and "." not in b:
            continue
        lat, lon = float(a), float(b)
        if -90 <= lat <= 90 and -180 <= lon <= 180:
            out.add((lat, lon))
    return out


def _structural(steps: Sequence[str]) -> list[Finding]:
    findings: list[Finding] = []
    if not steps:
        return [Finding(kind="empty_plan", detail="the plan has no steps")]
    if len(steps) > MAX_STEPS:
        findings.append(Finding(kind="too_many_steps", detail=f"{len(steps)} steps; at most {MAX_STEPS} allowed"))
    total = 0
    for i, step in enumerate(steps, start=1):
        if not isinstance(step, str) or not step.strip():
            findings.append(Finding(kind="empty_step", detail="a step is empty", step=i))
            continue
        if "\n" in step.strip() or "\r" in step.strip():
            findings.append(Finding(kind="multiline_step", detail="a step spans several lines", step=i))
        if len(step.strip()) > MAX_STEP_CHARS:
            findings.append(
                Finding(kind="step_too_long", detail=f"{len(step.strip())} characters; at most {MAX_STEP_CHARS}", step=i)
            )
        total += len(step.strip())
    if total > MAX_PLAN_CHARS:
        findings.append(Finding(kind="plan_too_long", detail=f"{total} characters; at most {MAX_PLAN_CHARS}"))
    return findings


def _scan_step(step: str, index: int, goal: str, geo: set[tuple[float, float]], terms: Sequence[AppTerm]) -> list[Finding]:
    found: list[Finding] = []

    def add(kind: str, detail: str, match: str) -> None:
        found.append(Finding(kind=kind, detail=detail, match=match, step=index))

    for m in _PAIR.finditer(step):
        before = step[max(0, m.start() - 40):m.start()]
        if _DATE_BEFORE.search(before):
            continue
        pair = (float(m.group(1)), float(m.group(2)))
        if pair in geo and not _UI_CONTEXT.search(before):
            continue
        add("coordinate_pair", "a pair of numbers that reads as a position", m.group(0))
    for m in _XY.finditer(step):
        add("xy_coordinate", "an x/y position", m.group(0))
    goal_has_coords = bool(geo) or bool(_COORD_WORD.search(goal))
    for m in _COORD_WORD.finditer(step):
        if goal_has_coords and _GEO_CONTEXT.search(step + " " + goal) and not _UI_CONTEXT.search(step):
            continue
        add("coordinate_word", "mentions coordinates outside a geographic value from the goal", m.group(0))
    for m in _PIXELS.finditer(step):
        add("pixel_measure", "a screen measure", m.group(0))
    for m in _A11Y.finditer(step):
        add("accessibility_or_resource_id", "refers to accessibility data or view/resource ids", m.group(0))
    lowered_goal = goal.lower()
    for m in _DOTTED.finditer(step):
        token = m.group(0)
        if token.rsplit(".", 1)[1] in _FILE_EXTENSIONS or token in lowered_goal:
            continue
        add("package_name", "a dotted identifier that looks like an Android package", token)
    for m in _UI_VERBS.finditer(step):
        add("low_level_ui_verb", "a low-level gesture; describe the intent instead", m.group(0))
    for m in [*_CONTROLS.finditer(step), *_FAB.finditer(step)]:
        add("app_specific_control", "names an app-specific control or layout", m.group(0))
    taken: list[tuple[int, int]] = []
    for term in terms:  # longest first, so "Fossify Messages" is reported once, not also as "Fossify"
        pattern = _term_regex(term.text)
        if pattern.search(goal):
            continue
        for m in pattern.finditer(step):
            if term.needs_capital and m.group(0) == m.group(0).lower():
                continue
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append(m.span())
            add("app_name", "names a specific app, brand or package", m.group(0))
    return found


def validate_steps(
    steps: Sequence[str], goal: str, *, mode: ValidationMode = "strict", app_terms: Sequence[AppTerm] | None = None,
) -> ValidationReport:
    """Check a plan's steps against the app-neutral goal it was made for."""
    terms = catalog_app_terms() if app_terms is None else app_terms
    findings = _structural(steps)
    if not any(f.kind == "empty_plan" for f in findings):
        geo = _geo_pairs(goal)
        for i, step in enumerate(steps, start=1):
            if isinstance(step, str) and step.strip():
                findings.extend(_scan_step(step, i, goal, geo, terms))
    return ValidationReport(mode=mode, findings=findings)


_ENUMERATOR = re.compile(r"^\s*(?:\d+[.)]|[-*\u2022])\s+")


def steps_from_plan_text(plan_text: str) -> list[str]:
    """Steps back from numbered text (``1. a`` lines); used when only the text was recorded."""
    return [_ENUMERATOR.sub("", line).strip() for line in plan_text.splitlines() if line.strip()]


def normalize_step(step: str) -> str:
    """Strip whitespace and a leading enumerator the author added (the plan text numbers steps itself)."""
    return _ENUMERATOR.sub("", step).strip()
