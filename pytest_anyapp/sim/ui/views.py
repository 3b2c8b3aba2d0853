"""The view toolkit app doubles build their screens from.

Screens are rebuilt from app state whenever the device is observed or touched (like a declarative
UI), so views are cheap, short-lived objects. What a real Android view keeps across frames (typed
text, focus, scroll offset, an uncontrolled checkbox) lives in the screen's :class:`WidgetState`,
keyed by the view's id (or its position in the tree when it has none). Each view maps 1:1 to a
node of the ``uiautomator dump``: ``class_name``, ``resource-id`` (``<pkg>:id/<id>``), text,
content-desc and flags.

Example::

    Column(
        Toolbar("Notes", menu=[("Delete all", self.delete_all)]),
        EditText(id="title", hint="Title", on_submit=self.save),
        ScrollList(*[ListItem(n.title, n.body, on_click=lambda n=n: self.open(n)) for n in notes],
                   id="notes"),
    )

Sizes given to constructors (``width``, ``height``, ``padding``, ``spacing``, ``size``) are in dp/sp;
everything computed (``bounds``) is in device pixels.
"""

from __future__ import annotations

import contextvars
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import dp, line_height, sp, text_width

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import Screen

Callback = Callable[[], Any]
MenuItems = Sequence[tuple[str, Callback | None]]

# The screen whose callbacks are running; lets toolkit-made callbacks (toolbar overflow and "up"
# buttons) reach their screen without app code threading it through.
ACTIVE_SCREEN: contextvars.ContextVar[Screen | None] = contextvars.ContextVar("ACTIVE_SCREEN", default=None)


def active_screen() -> Screen:
    screen = ACTIVE_SCREEN.get()
    if screen is None:
        raise RuntimeError("no screen is handling an event right now")
    return screen


@dataclass
class FieldState:
    """Text of one EditText. The cursor is always at the end; ``all_selected`` after Ctrl+A."""

    text: str = ""
    all_selected: bool = False


@dataclass
class WidgetState:
    """Per-screen state that outlives a rebuild: typed text, focus, scroll offsets, toggles."""

    fields: dict[str, FieldState] = field(default_factory=dict)
    scroll: dict[str, int] = field(default_factory=dict)
    toggles: dict[str, bool] = field(default_factory=dict)
    progress: dict[str, int] = field(default_factory=dict)
    focus: str | None = None


def _padding(value: int | tuple[int, int] | tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    if isinstance(value, int | float):
        p = dp(value)
        return (p, p, p, p)
    if len(value) == 2:
        h, v = dp(value[0]), dp(value[1])
        return (h, v, h, v)
    left, top, right, bottom = value  # type: ignore[misc]
    return (dp(left), dp(top), dp(right), dp(bottom))


class View:
    """Base view: a node in the dump, a rectangle on screen, optionally clickable."""

    class_name: ClassVar[str] = "android.view.View"
    default_clickable: ClassVar[bool] = False
    default_focusable: ClassVar[bool] = False
    checkable: ClassVar[bool] = False
    scrollable: ClassVar[bool] = False
    password: ClassVar[bool] = False
    fill_width: ClassVar[bool] = True  # stretch across a Column unless a width is given
    naf_excluded: ClassVar[bool] = False
    #: A horizontal swipe that starts on this view ("left"/"right"), e.g. RecyclerView's
    #: ItemTouchHelper swipe on a row; set after construction by the screen that wants it.
    on_swipe: Callable[[str], Any] | None = None

    def __init__(
        self,
        *,
        id: str | None = None,
        text: str = "",
        desc: str = "",
        on_click: Callback | None = None,
        on_long_click: Callback | None = None,
        enabled: bool = True,
        selected: bool = False,
        visible: bool = True,
        clickable: bool | None = None,
        focusable: bool | None = None,
        width: float | None = None,
        height: float | None = None,
        weight: float = 0.0,
        padding: int | tuple[int, int] | tuple[int, int, int, int] = 0,
        background: str | tuple[int, int, int] | None = None,
        gravity: str = "",
        children: Iterable[View | None] = (),
    ) -> None:
        self.id = id
        self.text = text
        self.desc = desc
        self.on_click = on_click
        self.on_long_click = on_long_click
        self.enabled = enabled
        self.selected = selected
        self.visible = visible
        self._clickable = clickable
        self._focusable = focusable
        self.fixed_width = dp(width) if width is not None else None
        self.fixed_height = dp(height) if height is not None else None
        self.weight = weight
        self.padding = _padding(padding)
        self.background = background
        self.gravity = gravity
        self.children: list[View] = [c for c in children if c is not None and c.visible]
        # Filled in by bind/layout:
        self.key = ""
        self.package = ""
        self.bounds = Rect(0, 0, 0, 0)
        self.visible_bounds: Rect | None = None
        self.state: WidgetState | None = None

    # -- flags shown in the dump ---------------------------------------------------------------
    @property
    def clickable(self) -> bool:
        if self._clickable is not None:
            return self._clickable
        return self.default_clickable or self.on_click is not None

    @property
    def focusable(self) -> bool:
        if self._focusable is not None:
            return self._focusable
        return self.default_focusable or self.clickable

    @property
    def long_clickable(self) -> bool:
        return self.on_long_click is not None

    @property
    def checked(self) -> bool:
        return False

    @property
    def focused(self) -> bool:
        """Keyboard focus: a text field's after a tap, any focusable view's after Enter moved it."""
        return self.focusable and self.state is not None and self.state.focus == self.key

    @property
    def dump_text(self) -> str:
        """What accessibility reports as the node's text."""
        return self.text

    #: False for a Compose app without testTag: the id keys the view's state but is not in the dump.
    shows_id: bool = True

    def resource_id(self, package: str) -> str:
        if not self.id or not self.shows_id:
            return ""
        return self.id if ":" in self.id else f"{package}:id/{self.id}"

    # -- state binding -------------------------------------------------------------------------
    def bind(self, state: WidgetState, path: str) -> None:
        """Attach the screen's persistent state; ``path`` keys views that have no id."""
        self.state = state
        self.key = self.id or path
        for i, child in enumerate(self.children):
            child.bind(state, f"{path}/{i}")

    # -- layout ----------------------------------------------------------------------------------
    def content_width(self) -> int:
        return 0

    def content_height(self, inner_width: int) -> int:
        return 0

    def intrinsic_width(self) -> int:
        """Width when wrapping content."""
        if self.fixed_width is not None:
            return self.fixed_width
        return self.content_width() + self.padding[0] + self.padding[2]

    def measure(self, width: int) -> int:
        """Height this view wants when given ``width``."""
        if self.fixed_height is not None:
            return self.fixed_height
        inner = max(0, width - self.padding[0] - self.padding[2])
        return self.content_height(inner) + self.padding[1] + self.padding[3]

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        inner = self.inner()
        for child in self.children:
            child.layout(_place(child, inner))

    def inner(self) -> Rect:
        return self.bounds.inset(*self.padding)

    def clip(self, parent_visible: Rect | None) -> None:
        """Visible bounds = own bounds intersected with the parent's visible bounds."""
        self.visible_bounds = None if parent_visible is None else self.bounds.intersect(parent_visible)
        for child in self.children:
            child.clip(self.child_clip())

    def child_clip(self) -> Rect | None:
        return self.visible_bounds

    def attached_children(self) -> list[View]:
        """Children that exist in the accessibility tree (RecyclerView drops off-screen ones)."""
        return self.children

    def walk(self) -> Iterable[View]:
        yield self
        for child in self.children:
            yield from child.walk()


def _place(child: View, inner: Rect) -> Rect:
    """Frame-style placement: fill, or wrap and align by ``child.gravity``."""
    if not child.gravity:
        return inner
    w = min(inner.width, child.intrinsic_width())
    h = min(inner.height, child.measure(w))
    tokens = set(child.gravity.replace("|", " ").split())
    x = inner.left
    if tokens & {"center", "center_horizontal"}:
        x = inner.left + (inner.width - w) // 2
    if tokens & {"end", "right"}:
        x = inner.right - w
    y = inner.top
    if tokens & {"center", "center_vertical"}:
        y = inner.top + (inner.height - h) // 2
    if "bottom" in tokens:
        y = inner.bottom - h
    return Rect(x, y, x + w, y + h)


# ---------------------------------------------------------------------------------------------
# Text


def wrap_text(text: str, size_px: int, width: int, max_lines: int = 0) -> list[str]:
    """Greedy word wrap with an ellipsis on the last allowed line; explicit newlines kept."""
    if width <= 0:
        return [text] if text else []
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        current = ""
        for word in words:
            candidate = word if not current else f"{current} {word}"
            if text_width(candidate, size_px) <= width or not current:
                current = candidate
                while text_width(current, size_px) > width and len(current) > 1:
                    cut = _fit_prefix(current, size_px, width)
                    lines.append(current[:cut])
                    current = current[cut:]
            else:
                lines.append(current)
                current = word
                while text_width(current, size_px) > width and len(current) > 1:
                    cut = _fit_prefix(current, size_px, width)
                    lines.append(current[:cut])
                    current = current[cut:]
        lines.append(current)
    if max_lines and len(lines) > max_lines:
        last = lines[max_lines - 1]
        while last and text_width(last + "…", size_px) > width:
            last = last[:-1]
        lines = lines[: max_lines - 1] + [last + "…"]
    return lines


def _fit_prefix(text: str, size_px: int, width: int) -> int:
    lo, hi = 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid], size_px) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


class TextView(View):
    """A label. ``size`` in sp; ``max_lines`` 0 = unlimited; ``color`` ``#RRGGBB``."""

    class_name = "android.widget.TextView"

    def __init__(
        self,
        text: str = "",
        *,
        size: float = 16,
        bold: bool = False,
        color: str | tuple[int, int, int] | None = None,
        max_lines: int = 0,
        align: str = "start",
        **kwargs: Any,
    ) -> None:
        super().__init__(text=text, **kwargs)
        self.size_px = sp(size)
        self.bold = bold
        self.color = color
        self.max_lines = max_lines
        self.align = align
        self.lines: list[str] = []

    def display_text(self) -> str:
        return self.text

    def content_width(self) -> int:
        return max((text_width(line, self.size_px) for line in self.display_text().split("\n")), default=0)

    def content_height(self, inner_width: int) -> int:
        lines = wrap_text(self.display_text(), self.size_px, inner_width, self.max_lines)
        return max(1, len(lines)) * line_height(self.size_px)

    def layout(self, rect: Rect) -> None:
        super().layout(rect)
        self.lines = wrap_text(self.display_text(), self.size_px, self.inner().width, self.max_lines)


class Button(TextView):
    """A Material button. ``style``: ``filled`` | ``outlined`` | ``text``."""

    class_name = "android.widget.Button"
    default_clickable = True
    default_focusable = True
    fill_width = False

    def __init__(self, text: str, on_click: Callback | None = None, *, style: str = "filled", **kwargs: Any) -> None:
        kwargs.setdefault("padding", (24, 0))
        kwargs.setdefault("height", 48)
        kwargs.setdefault("max_lines", 1)
        super().__init__(text, on_click=on_click, size=14, **kwargs)
        self.style = style

    def intrinsic_width(self) -> int:
        return max(dp(64), super().intrinsic_width())


class ImageView(View):
    """A drawn icon (``icon`` is a name the renderer knows, e.g. ``search``) or a letter avatar."""

    class_name = "android.widget.ImageView"
    fill_width = False

    def __init__(
        self,
        icon: str = "",
        desc: str = "",
        *,
        size: float = 24,
        color: str | tuple[int, int, int] | None = None,
        avatar: str = "",
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("width", size)
        kwargs.setdefault("height", size)
        super().__init__(desc=desc, **kwargs)
        self.icon = icon
        self.color = color
        self.avatar = avatar


class ImageButton(ImageView):
    """A 48dp touch target with a 24dp icon; its label is the content description."""

    class_name = "android.widget.ImageButton"
    default_clickable = True
    default_focusable = True

    def __init__(self, icon: str, desc: str, on_click: Callback | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("size", 48)
        super().__init__(icon, desc, on_click=on_click, **kwargs)


class EditText(TextView):
    """A text field. Its text lives in the screen state; read it with ``screen.field(id)``.

    ``on_change(text)`` runs after every edit. ``on_submit(text)`` is the app's editor-action
    handler that consumes Enter (``setOnEditorActionListener`` returning true, Compose
    ``KeyboardActions``, Flutter ``onSubmitted``); without one, Enter does what Android's TextView
    does (:meth:`WindowManager._enter`). ``on_ime_action(text)`` is a handler that acts only on the
    soft keyboard's action (a listener testing ``actionId == IME_ACTION_DONE``, which a hardware
    Enter's ``IME_NULL`` does not pass); with both, ``on_submit`` gets the hardware Enter and
    ``on_ime_action`` the soft action (a listener that consumes every action but acts on Done only,
    QUIK's search field). ``ime_action`` is the declared action
    (``android:imeOptions`` / ``ImeAction`` / ``textInputAction``: "next", "done", "send", "search",
    "go", "previous"); None = unspecified, Android then offers Next or Done by itself.
    ``toolkit`` says whose text field it is, since a hardware Enter in a single-line field differs:
    "view" (TextView: focus moves down), "compose" (a ``TextFieldValue`` BasicTextField, the one
    Material 3's TextField/OutlinedTextField wrap: ``TextFieldKeyInput`` leaves ``NEW_LINE``
    unconsumed in a single-line field, so nothing happens; ``KeyboardActions`` run only for the
    soft keyboard's action), "flutter" (the engine's ``InputConnectionAdaptor`` turns Enter in a
    single-line field into the editor action: ``textInputAction``, default done, which unfocuses).
    Empty fields report their hint as text, like Android's accessibility node does.
    """

    class_name = "android.widget.EditText"
    default_clickable = True
    default_focusable = True

    def __init__(
        self,
        id: str,
        *,
        hint: str = "",
        initial: str = "",
        password: bool = False,
        multiline: bool = False,
        autofocus: bool = False,
        on_change: Callable[[str], Any] | None = None,
        on_submit: Callable[[str], Any] | None = None,
        ime_action: str | None = None,
        on_ime_action: Callable[[str], Any] | None = None,
        toolkit: str = "view",
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("padding", (16, 14))
        kwargs.setdefault("max_lines", 0 if multiline else 1)
        super().__init__("", id=id, **kwargs)
        self.hint = hint
        self.initial = initial
        self.is_password = password
        self.multiline = multiline
        self.autofocus = autofocus
        self.on_change = on_change
        self.on_submit = on_submit
        self.ime_action = ime_action
        self.on_ime_action = on_ime_action
        assert toolkit in ("view", "compose", "flutter"), toolkit
        self.toolkit = toolkit

    @property
    def long_clickable(self) -> bool:
        return True

    def bind(self, state: WidgetState, path: str) -> None:
        super().bind(state, path)
        if self.key not in state.fields:
            state.fields[self.key] = FieldState(self.initial)
            if self.autofocus and state.focus is None:
                state.focus = self.key
        self.text = state.fields[self.key].text

    @property
    def focused(self) -> bool:
        return self.state is not None and self.state.focus == self.key

    @property
    def password(self) -> bool:  # type: ignore[override]
        return self.is_password

    @property
    def dump_text(self) -> str:
        if not self.text:
            return self.hint
        return "•" * len(self.text) if self.is_password else self.text

    def display_text(self) -> str:
        shown = "•" * len(self.text) if self.is_password else self.text
        return shown or self.hint

    def content_height(self, inner_width: int) -> int:
        lines = max(1, len(wrap_text(self.display_text(), self.size_px, inner_width, self.max_lines)))
        return max(lines * line_height(self.size_px), line_height(self.size_px))

    def measure(self, width: int) -> int:
        return max(dp(56), super().measure(width))

    def layout(self, rect: Rect) -> None:
        super().layout(rect)
        shown = self.display_text()
        width = self.inner().width
        if not self.multiline and self.text and text_width(shown, self.size_px) > width:
            # A single-line field scrolls horizontally to keep the cursor (the end) in view.
            start = 0
            while start < len(shown) - 1 and text_width(shown[start:], self.size_px) > width:
                start += 1
            self.lines = [shown[start:]]


class CompoundButton(TextView):
    """Base of CheckBox/Switch/RadioButton: ``checked=None`` keeps the state in the screen."""

    default_clickable = True
    default_focusable = True
    checkable = True

    def __init__(
        self,
        text: str = "",
        *,
        checked: bool | None = None,
        on_change: Callable[[bool], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("padding", (16, 0))
        kwargs.setdefault("height", 48)
        super().__init__(text, **kwargs)
        self._checked = checked
        self.on_change = on_change

    @property
    def checked(self) -> bool:
        if self._checked is not None:
            return self._checked
        return bool(self.state and self.state.toggles.get(self.key, False))

    def toggle(self) -> None:
        """What a tap does: flip (radio buttons only turn on) and report the new value."""
        new = True if isinstance(self, RadioButton) else not self.checked
        if self._checked is None and self.state is not None:
            self.state.toggles[self.key] = new
        if self.on_change is not None:
            self.on_change(new)

    def content_width(self) -> int:
        return super().content_width() + dp(48)


class CheckBox(CompoundButton):
    class_name = "android.widget.CheckBox"


class Switch(CompoundButton):
    class_name = "android.widget.Switch"


class RadioButton(CompoundButton):
    class_name = "android.widget.RadioButton"


class SeekBar(View):
    """A horizontal slider (``android.widget.SeekBar``, default range 0..100). Its progress lives in
    the screen state. A touch seeks as ``AbsSeekBar.trackTouchEvent`` does: the finger's x inside
    the horizontal padding maps linearly onto min..max (clamped, rounded); a tap seeks to where it
    lands, a drag to where it is released. ``on_change(progress)`` runs for each new value
    (``onProgressChanged`` with fromUser), ``on_stop(progress)`` when the finger lifts
    (``onStopTrackingTouch``)."""

    class_name = "android.widget.SeekBar"
    default_focusable = True

    def __init__(
        self,
        id: str,
        *,
        max: int = 100,
        min: int = 0,
        initial: int = 0,
        on_change: Callable[[int], Any] | None = None,
        on_stop: Callable[[int], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("padding", (16, 0))  # Widget.Material.SeekBar: paddingStart/End 16dp
        kwargs.setdefault("height", 48)
        super().__init__(id=id, **kwargs)
        self.max, self.min, self.initial = max, min, initial
        self.on_change = on_change
        self.on_stop = on_stop

    def bind(self, state: WidgetState, path: str) -> None:
        super().bind(state, path)
        state.progress.setdefault(self.key, self.initial)

    @property
    def progress(self) -> int:
        return self.state.progress[self.key] if self.state is not None else self.initial

    def set_progress(self, value: int) -> None:
        """``setProgress``: clamped to the range; listeners see only a real change."""
        value = max(self.min, min(self.max, value))
        if self.state is None or value == self.progress:
            return
        self.state.progress[self.key] = value
        if self.on_change is not None:
            self.on_change(value)

    def track(self, x: float, y: float = 0.0) -> None:
        """A touch at ``x`` (device px) seeks there."""
        left, right = self.bounds.left + self.padding[0], self.bounds.right - self.padding[2]
        scale = 0.0 if x < left else 1.0 if x > right else (x - left) / max(1, right - left)
        self.set_progress(round(scale * (self.max - self.min) + self.min))

    def seek(self, x: float, y: float = 0.0) -> None:
        """Finger down/up at ``(x, y)``: track, then report the stop."""
        self.track(x, y)
        if self.on_stop is not None:
            self.on_stop(self.progress)

    def drag(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A drag that starts on the slider: it follows the finger to where it lifts."""
        self.seek(x2, y2)


class SeekArc(SeekBar):
    """``com.triggertrap.seekarc.SeekArc`` (chr56/SeekArc ``SeekArc.java``): a circular slider. A
    touch maps to its angle around the view's centre (``getTouchDegrees``: x mirrored when not
    clockwise, 0 deg at the top, less ``rotation`` and ``start_angle``), then to progress
    ``round(angle * max / sweep)`` (``getProgressForAngle``); a touch within a quarter of the arc's
    radius of the centre (``touchInside``) or past the sweep is ignored (the thumb stays)."""

    class_name = "com.triggertrap.seekarc.SeekArc"

    def __init__(self, id: str, *, start_angle: int = 0, sweep_angle: int = 360, rotation: int = 0,
                 clockwise: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("padding", (0, 0))
        super().__init__(id, **kwargs)
        self.start_angle, self.sweep_angle, self.rotation, self.clockwise = start_angle, sweep_angle, rotation, clockwise

    def radius(self) -> float:
        """``onMeasure``: the arc's diameter is the smaller side less the left padding."""
        return (min(self.bounds.width, self.bounds.height) - self.padding[0]) / 2

    def point(self, progress: int) -> tuple[float, float]:
        """Where ``progress`` lies on the arc (device px): the inverse of the touch mapping."""
        a = math.radians(progress * self.sweep_angle / self.max + self.start_angle + self.rotation - 90)
        cx, cy = self.bounds.center
        dx = self.radius() * math.cos(a)
        return (cx + (dx if self.clockwise else -dx), cy + self.radius() * math.sin(a))

    def track(self, x: float, y: float = 0.0) -> None:
        cx, cy = self.bounds.center
        dx, dy = x - cx, y - cy
        if math.hypot(dx, dy) < self.radius() / 4:
            return
        angle = math.degrees(math.atan2(dy, dx if self.clockwise else -dx) + math.pi / 2 - math.radians(self.rotation))
        angle = (angle + 360 if angle < 0 else angle) - self.start_angle
        progress = round(angle * self.max / self.sweep_angle)
        if 0 <= progress <= self.max:
            self.set_progress(progress)

    def drag(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """DOWN tracks, then where the finger lifts (a point the arc ignores keeps the last value)."""
        self.track(x1, y1)
        self.seek(x2, y2)


# ---------------------------------------------------------------------------------------------
# Containers


class Column(View):
    """Vertical LinearLayout. Children with ``weight`` share the height left over."""

    class_name = "android.widget.LinearLayout"

    def __init__(self, *children: View | None, spacing: float = 0, align: str = "start", **kwargs: Any) -> None:
        super().__init__(children=children, **kwargs)
        self.spacing = dp(spacing)
        self.align = align

    def content_width(self) -> int:
        return max((c.intrinsic_width() for c in self.children), default=0)

    def _child_width(self, child: View, inner_w: int) -> int:
        if child.fixed_width is not None:
            return min(child.fixed_width, inner_w)
        if child.fill_width and not child.gravity:
            return inner_w
        return min(child.intrinsic_width(), inner_w)

    def content_height(self, inner_width: int) -> int:
        heights = [c.measure(self._child_width(c, inner_width)) for c in self.children]
        return sum(heights) + self.spacing * max(0, len(heights) - 1)

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        inner = self.inner()
        widths = [self._child_width(c, inner.width) for c in self.children]
        heights = [0 if c.weight else c.measure(w) for c, w in zip(self.children, widths, strict=True)]
        total_weight = sum(c.weight for c in self.children)
        gaps = self.spacing * max(0, len(self.children) - 1)
        left_over = max(0, inner.height - sum(heights) - gaps)
        y = inner.top
        for child, w, h in zip(self.children, widths, heights, strict=True):
            if child.weight:
                h = int(left_over * child.weight / total_weight)
            x = inner.left
            align = child.gravity or self.align
            if w < inner.width and ("center" in align):
                x = inner.left + (inner.width - w) // 2
            elif w < inner.width and ("end" in align or "right" in align):
                x = inner.right - w
            child.layout(Rect(x, y, x + w, y + h))
            y += h + self.spacing


class Row(View):
    """Horizontal LinearLayout; children are vertically centred, weighted ones share the width."""

    class_name = "android.widget.LinearLayout"

    def __init__(self, *children: View | None, spacing: float = 0, align: str = "center", **kwargs: Any) -> None:
        super().__init__(children=children, **kwargs)
        self.spacing = dp(spacing)
        self.align = align

    def content_width(self) -> int:
        return sum(c.intrinsic_width() for c in self.children) + self.spacing * max(0, len(self.children) - 1)

    def _widths(self, inner_w: int) -> list[int]:
        fixed = [0 if c.weight else c.intrinsic_width() for c in self.children]
        gaps = self.spacing * max(0, len(self.children) - 1)
        left_over = max(0, inner_w - sum(fixed) - gaps)
        total_weight = sum(c.weight for c in self.children)
        return [int(left_over * c.weight / total_weight) if c.weight else f for c, f in zip(self.children, fixed, strict=True)]

    def content_height(self, inner_width: int) -> int:
        widths = self._widths(inner_width)
        return max((c.measure(w) for c, w in zip(self.children, widths, strict=True)), default=0)

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        inner = self.inner()
        x = inner.left
        for child, w in zip(self.children, self._widths(inner.width), strict=True):
            w = min(w, max(0, inner.right - x))
            h = min(child.measure(w), inner.height)
            y = inner.top + (inner.height - h) // 2 if self.align == "center" else inner.top
            if self.align == "stretch":
                h = inner.height
            child.layout(Rect(x, y, x + w, y + h))
            x += w + self.spacing


class Box(View):
    """FrameLayout: children stacked on top of each other, placed by their ``gravity``."""

    class_name = "android.widget.FrameLayout"

    def __init__(self, *children: View | None, **kwargs: Any) -> None:
        super().__init__(children=children, **kwargs)

    def content_width(self) -> int:
        return max((c.intrinsic_width() for c in self.children), default=0)

    def content_height(self, inner_width: int) -> int:
        return max((c.measure(inner_width) for c in self.children), default=0)


class Spacer(View):
    """Empty space (``height`` dp in a Column, ``width`` dp in a Row; ``weight`` to push apart)."""

    def __init__(self, height: float = 0, width: float = 0, weight: float = 0.0) -> None:
        super().__init__(height=height, width=width, weight=weight)


class Divider(View):
    """A 1dp hairline between rows."""

    def __init__(self) -> None:
        super().__init__(height=1, background=theme.DIVIDER)


class ScrollList(View):
    """RecyclerView: a vertically scrolling list filling the remaining height.

    Swipes scroll it by the finger distance. Items wholly outside the viewport are not attached
    (absent from the dump and the screenshot), like RecyclerView recycling them.
    """

    class_name = "androidx.recyclerview.widget.RecyclerView"

    def __init__(self, *children: View | None, id: str | None = None, spacing: float = 0, empty_text: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("weight", 1.0)
        super().__init__(children=children, id=id, **kwargs)
        self.spacing = dp(spacing)
        self.empty_text = empty_text
        self.content_h = 0
        self.viewport_h = 0

    @property
    def focusable(self) -> bool:
        return True if self._focusable is None else self._focusable

    def content_width(self) -> int:
        return max((c.intrinsic_width() for c in self.children), default=0)

    def content_height(self, inner_width: int) -> int:
        heights = [c.measure(inner_width) for c in self.children]
        return sum(heights) + self.spacing * max(0, len(heights) - 1)

    @property
    def scrollable(self) -> bool:  # type: ignore[override]
        """Reported only when there is somewhere to scroll, like RecyclerView's a11y node."""
        return self.max_offset() > 0

    @property
    def offset(self) -> int:
        return self.state.scroll.get(self.key, 0) if self.state else 0

    def max_offset(self) -> int:
        return max(0, self.content_h - self.viewport_h)

    def can_scroll(self, dy: int) -> bool:
        return (dy > 0 and self.offset < self.max_offset()) or (dy < 0 and self.offset > 0)

    def scroll_by(self, dy: int) -> None:
        if self.state is not None:
            self.state.scroll[self.key] = max(0, min(self.max_offset(), self.offset + dy))

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        inner = self.inner()
        heights = [c.measure(inner.width) for c in self.children]
        self.content_h = sum(heights) + self.spacing * max(0, len(heights) - 1)
        self.viewport_h = inner.height
        if self.state is not None:  # clamp after content shrank (items deleted)
            self.state.scroll[self.key] = max(0, min(self.max_offset(), self.offset))
        y = inner.top - self.offset
        for child, h in zip(self.children, heights, strict=True):
            child.layout(Rect(inner.left, y, inner.right, y + h))
            y += h + self.spacing

    def child_clip(self) -> Rect | None:
        if self.visible_bounds is None:
            return None
        return self.visible_bounds.intersect(self.inner())

    def attached_children(self) -> list[View]:
        return [c for c in self.children if c.visible_bounds is not None]


class AnchoredList(ScrollList):
    """A LazyColumn opened on one item (Compose ``rememberLazyListState(initialFirstVisibleItemIndex)``):
    the items above it are reached by scrolling up."""

    def __init__(self, *children: View | None, anchor: int = 0, **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        self.anchor = anchor

    def layout(self, rect: Rect) -> None:
        if self.state is not None and self.key not in self.state.scroll:
            width = rect.inset(*self.padding).width
            self.state.scroll[self.key] = sum(c.measure(width) for c in self.children[:self.anchor])
        super().layout(rect)


class Grid(ScrollList):
    """RecyclerView with a grid layout manager: children in ``columns`` equal-width cells."""

    def __init__(self, *children: View | None, columns: int = 4, id: str | None = None, **kwargs: Any) -> None:
        super().__init__(*children, id=id, **kwargs)
        self.columns = columns

    def _rows(self) -> list[list[View]]:
        return [self.children[i : i + self.columns] for i in range(0, len(self.children), self.columns)]

    def content_height(self, inner_width: int) -> int:
        cell = inner_width // self.columns
        heights = [max(c.measure(cell) for c in row) for row in self._rows()]
        return sum(heights) + self.spacing * max(0, len(heights) - 1)

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        inner = self.inner()
        cell = inner.width // self.columns
        rows = self._rows()
        heights = [max(c.measure(cell) for c in row) for row in rows]
        self.content_h = sum(heights) + self.spacing * max(0, len(heights) - 1)
        self.viewport_h = inner.height
        if self.state is not None:
            self.state.scroll[self.key] = max(0, min(self.max_offset(), self.offset))
        y = inner.top - self.offset
        for row, h in zip(rows, heights, strict=True):
            for i, child in enumerate(row):
                x = inner.left + i * cell
                child.layout(Rect(x, y, x + cell, y + h))
            y += h + self.spacing


class ListView(ScrollList):
    """android.widget.ListView (popup menus, simple lists); sized to its content by default."""

    class_name = "android.widget.ListView"

    def __init__(self, *children: View | None, **kwargs: Any) -> None:
        kwargs.setdefault("weight", 0.0)
        super().__init__(*children, **kwargs)


class ScrollView(ScrollList):
    """android.widget.ScrollView for forms taller than the screen (children are a Column)."""

    class_name = "android.widget.ScrollView"

    def __init__(self, *children: View | None, id: str | None = None, spacing: float = 0, **kwargs: Any) -> None:
        padding = kwargs.pop("padding", 0)
        column = Column(*children, spacing=spacing, padding=padding)
        super().__init__(column, id=id, **kwargs)

    def attached_children(self) -> list[View]:
        return self.children


# ---------------------------------------------------------------------------------------------
# Composites


class ListItem(Row):
    """A clickable list row: optional leading avatar/icon, title, subtitle, trailing meta text.

    ``title_id``/``subtitle_id``/``meta_id`` give the inner TextViews resource ids.
    """

    class_name = "android.view.ViewGroup"

    def __init__(
        self,
        title: str,
        subtitle: str = "",
        *,
        meta: str = "",
        avatar: str = "",
        icon: str = "",
        trailing: View | None = None,
        bold: bool = False,
        title_id: str | None = None,
        subtitle_id: str | None = None,
        meta_id: str | None = None,
        subtitle_lines: int = 1,
        **kwargs: Any,
    ) -> None:
        leading: View | None = None
        if avatar:
            leading = ImageView(avatar=avatar[:1].upper(), size=40)
        elif icon:
            leading = ImageView(icon, size=24)
        texts = Column(
            TextView(title, id=title_id, size=16, bold=bold, max_lines=1),
            TextView(subtitle, id=subtitle_id, size=14, color=theme.ON_SURFACE_VARIANT, max_lines=subtitle_lines)
            if subtitle
            else None,
            weight=1.0,
        )
        meta_view = TextView(meta, id=meta_id, size=12, color=theme.ON_SURFACE_VARIANT, max_lines=1) if meta else None
        kwargs.setdefault("padding", (16, 12))
        super().__init__(leading, texts, meta_view, trailing, spacing=16, **kwargs)

    def measure(self, width: int) -> int:
        return max(dp(56), super().measure(width))


class Toolbar(Row):
    """Top app bar: navigation button, title, action buttons and an overflow ("More options") menu.

    ``nav``: ``back`` (content-desc "Navigate up", finishes the screen unless ``on_nav`` is given),
    ``menu`` ("Open navigation drawer") or None. ``menu`` items open a popup like AppCompat's.
    """

    class_name = "android.view.ViewGroup"

    def __init__(
        self,
        title: str,
        *,
        nav: str | None = None,
        on_nav: Callback | None = None,
        actions: Sequence[View] = (),
        menu: MenuItems = (),
        subtitle: str = "",
        id: str = "toolbar",
        **kwargs: Any,
    ) -> None:
        nav_button: View | None = None
        if nav == "back":
            nav_button = ImageButton("back", "Navigate up", on_click=on_nav or _finish_active)
        elif nav == "menu":
            nav_button = ImageButton("menu", "Open navigation drawer", on_click=on_nav)
        titles = Column(
            TextView(title, size=22, max_lines=1),
            TextView(subtitle, size=14, color=theme.ON_SURFACE_VARIANT, max_lines=1) if subtitle else None,
            weight=1.0,
            padding=(0 if nav_button else 12, 0, 0, 0),
        )
        overflow = None
        if menu:
            items = list(menu)
            overflow = ImageView("more", "More options", size=48, on_click=lambda: active_screen().show_menu(items), focusable=True)
        kwargs.setdefault("height", 64)
        kwargs.setdefault("padding", (4, 0))
        kwargs.setdefault("background", theme.SURFACE)
        super().__init__(nav_button, titles, *actions, overflow, id=id, **kwargs)
        self.menu_items = list(menu)


def _finish_active() -> None:
    active_screen().finish()


class Fab(ImageButton):
    """Floating action button (placed bottom-right by :class:`Scaffold`)."""

    def __init__(self, icon: str, desc: str, on_click: Callback | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("size", 56)
        super().__init__(icon, desc, on_click, **kwargs)


class Scaffold(View):
    """Screen skeleton: toolbar on top, body filling the middle, optional bottom bar, and a FAB.

    The body is a Column; pass a ScrollList among its children to get a scrolling screen.
    """

    class_name = "android.view.ViewGroup"

    def __init__(
        self,
        toolbar: View | None,
        *body: View | None,
        fab: Fab | None = None,
        bottom: View | None = None,
        padding: int | tuple[int, int] | tuple[int, int, int, int] = 0,
        spacing: float = 0,
        **kwargs: Any,
    ) -> None:
        self.toolbar = toolbar
        self.body = Column(*body, padding=padding, spacing=spacing, weight=1.0)
        self.bottom = bottom
        self.fab = fab
        super().__init__(children=[toolbar, self.body, bottom, fab], **kwargs)

    def layout(self, rect: Rect) -> None:
        self.bounds = rect
        top = rect.top
        if self.toolbar is not None:
            h = self.toolbar.measure(rect.width)
            self.toolbar.layout(Rect(rect.left, top, rect.right, top + h))
            top += h
        bottom = rect.bottom
        if self.bottom is not None:
            h = self.bottom.measure(rect.width)
            self.bottom.layout(Rect(rect.left, bottom - h, rect.right, bottom))
            bottom -= h
        self.body.layout(Rect(rect.left, top, rect.right, bottom))
        if self.fab is not None:
            size = self.fab.intrinsic_width()
            margin = dp(16)
            self.fab.layout(Rect(rect.right - margin - size, bottom - margin - size, rect.right - margin, bottom - margin))


class Tabs(Row):
    """Material TabLayout: equal-width tabs; the selected one is ``selected=true`` and underlined."""

    class_name = "android.widget.HorizontalScrollView"

    def __init__(self, labels: Sequence[str], selected: int, on_select: Callable[[int], Any], *, id: str = "tabs", **kwargs: Any) -> None:
        tabs = [_Tab(label, i == selected, _select(on_select, i)) for i, label in enumerate(labels)]
        kwargs.setdefault("height", 48)
        super().__init__(*tabs, id=id, align="stretch", **kwargs)


class _Tab(TextView):
    class_name = "android.widget.LinearLayout"

    def __init__(self, label: str, selected: bool, on_click: Callback) -> None:
        super().__init__(label, desc=label, selected=selected, on_click=on_click, size=14, max_lines=1, align="center",
                         weight=1.0, color=theme.PRIMARY if selected else theme.ON_SURFACE_VARIANT)

    @property
    def dump_text(self) -> str:
        return ""  # the tab's label is its content-desc; the text sits in an inner TextView on Android


class BottomNav(Row):
    """Bottom navigation bar: icon + label items, one selected (content-desc = label)."""

    class_name = "android.view.ViewGroup"

    def __init__(self, items: Sequence[tuple[str, str]], selected: int, on_select: Callable[[int], Any], *,
                 id: str = "bottom_navigation", **kwargs: Any) -> None:
        buttons = [_NavItem(icon, label, i == selected, _select(on_select, i)) for i, (icon, label) in enumerate(items)]
        kwargs.setdefault("height", 80)
        kwargs.setdefault("background", theme.STATUS_BAR_BG)
        super().__init__(*buttons, id=id, align="stretch", **kwargs)


class _NavItem(Column):
    class_name = "android.widget.FrameLayout"

    def __init__(self, icon: str, label: str, selected: bool, on_click: Callback) -> None:
        color = theme.PRIMARY if selected else theme.ON_SURFACE_VARIANT
        super().__init__(
            ImageView(icon, size=24, color=color, gravity="center"),
            TextView(label, size=12, align="center", color=color, max_lines=1),
            desc=label, selected=selected, on_click=on_click, weight=1.0, padding=(0, 12, 0, 8), spacing=4,
        )


def _select(on_select: Callable[[int], Any], index: int) -> Callback:
    return lambda: on_select(index)
