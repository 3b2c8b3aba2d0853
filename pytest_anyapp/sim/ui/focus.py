"""Where keyboard focus goes next: AOSP ``FocusFinder`` for ``FOCUS_DOWN`` and ``FOCUS_FORWARD``.

A single-line ``TextView`` hands an unconsumed Enter to ``focusSearch(FOCUS_DOWN)`` and the IME's
Next action to ``focusSearch(FOCUS_FORWARD)`` (see :meth:`WindowManager._enter`). Read in AOSP
``core/java/android/view/FocusFinder.java`` (android-13; the stored mirror revisions hold the same
code): ``findNextFocusInAbsoluteDirection`` (first candidate rect one source-height above the
source, ``isBetterCandidate``, ``beamBeats``, ``13 * major² + minor²``) and, for FORWARD,
``FocusSorter.sort`` (rows by top, each row left to right) + ``getNextFocusable`` (the next in that
order, wrapping to the first). Focusables are the window's visible, enabled, focusable views
(``View.addFocusables`` / ``canTakeFocus``); an Enter key has left touch mode first
(``ViewRootImpl.checkForLeavingTouchModeAndConsume``), so buttons count, not only text fields.
"""

from __future__ import annotations

from collections.abc import Iterable

from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.views import View


def focusables(root: View) -> list[View]:
    """The views that can take focus, in tree order (``addFocusables`` with FOCUSABLES_ALL)."""
    return [v for v in root.walk() if v.focusable and v.enabled and v.visible_bounds is not None]


def _rect(view: View) -> Rect:
    assert view.visible_bounds is not None
    return view.visible_bounds


def _is_candidate(src: Rect, dest: Rect) -> bool:
    return (src.top < dest.top or src.bottom <= dest.top) and src.bottom < dest.bottom


def _beams_overlap(src: Rect, rect: Rect) -> bool:
    return rect.right > src.left and rect.left < src.right


def _major(src: Rect, dest: Rect) -> int:
    return max(0, dest.top - src.bottom)


def _major_far_edge(src: Rect, dest: Rect) -> int:
    return max(1, dest.bottom - src.bottom)


def _minor(src: Rect, dest: Rect) -> int:
    return abs((src.left + src.width // 2) - (dest.left + dest.width // 2))


def _beam_beats(src: Rect, r1: Rect, r2: Rect) -> bool:
    in1, in2 = _beams_overlap(src, r1), _beams_overlap(src, r2)
    if in2 or not in1:
        return False
    if not src.bottom <= r2.top:  # isToDirectionOf(FOCUS_DOWN)
        return True
    return _major(src, r1) < _major_far_edge(src, r2)


def _weighted(src: Rect, dest: Rect) -> int:
    major, minor = _major(src, dest), _minor(src, dest)
    return 13 * major * major + minor * minor


def _is_better(src: Rect, r1: Rect, r2: Rect) -> bool:
    if not _is_candidate(src, r1):
        return False
    if not _is_candidate(src, r2):
        return True
    if _beam_beats(src, r1, r2):
        return True
    if _beam_beats(src, r2, r1):
        return False
    return _weighted(src, r1) < _weighted(src, r2)


def search_down(focused: View | None, candidates: Iterable[View], window: Rect) -> View | None:
    """``focusSearch(FOCUS_DOWN)`` from ``focused``: the best candidate below it, or None. With
    nothing focused the search starts from the window's top-left corner (``setFocusTopLeft``)."""
    src = _rect(focused) if focused is not None else Rect(window.left, window.top, window.left, window.top)
    best_rect = src.offset(0, -(src.height + 1))
    best: View | None = None
    for view in candidates:
        if view is focused:
            continue
        rect = _rect(view)
        if _is_better(src, rect, best_rect):
            best, best_rect = view, rect
    return best


def _sorted_forward(views: list[View]) -> list[View]:
    """``FocusSorter.sort``: by top (then bottom), then each row of overlapping views by left."""
    ordered = sorted(views, key=lambda v: (_rect(v).top, _rect(v).bottom))
    out: list[View] = []
    row: list[View] = []
    row_bottom = 0
    for view in ordered:
        r = _rect(view)
        if row and r.top >= row_bottom:
            out.extend(sorted(row, key=lambda v: (_rect(v).left, _rect(v).right)))
            row = []
        row_bottom = r.bottom if not row else max(row_bottom, r.bottom)
        row.append(view)
    out.extend(sorted(row, key=lambda v: (_rect(v).left, _rect(v).right)))
    return out


def search_forward(focused: View, candidates: Iterable[View]) -> View | None:
    """``focusSearch(FOCUS_FORWARD)``: the next focusable in reading order, wrapping to the first."""
    views = _sorted_forward(list(candidates))
    if len(views) < 2:
        return None
    if focused in views:
        i = views.index(focused)
        if i + 1 < len(views):
            return views[i + 1]
    return views[0]
