"""Draw a frame into a 1080x2400 RGB image that a VLM can read.

Every view is painted inside exactly the bounds the dump reports (partially scrolled-out views are
painted off-screen and cropped to their visible bounds), so coordinates an agent reads off the
screenshot hit the same view the dump names. Painters are looked up by class along the MRO;
app modules may register their own with :func:`painter`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.frames import Frame, Window
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import dp, font, line_height, text_width
from pytest_anyapp.sim.ui.views import (
    Button,
    CompoundButton,
    EditText,
    Fab,
    ImageView,
    RadioButton,
    ScrollList,
    SeekArc,
    SeekBar,
    Switch,
    TextView,
    Toolbar,
    View,
)

RGB = tuple[int, int, int]


@dataclass
class Canvas:
    """An image plus the translation from screen coordinates to its pixels."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    dx: int = 0
    dy: int = 0

    def box(self, rect: Rect) -> tuple[int, int, int, int]:
        return (rect.left + self.dx, rect.top + self.dy, rect.right + self.dx - 1, rect.bottom + self.dy - 1)

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (x + self.dx, y + self.dy)


Painter = Callable[[View, Canvas], None]
_PAINTERS: dict[type, Painter] = {}


def painter(cls: type) -> Callable[[Painter], Painter]:
    """Register the painter of a view class (subclasses inherit it unless they register their own)."""

    def register(fn: Painter) -> Painter:
        _PAINTERS[cls] = fn
        return fn

    return register


def _painter_for(view: View) -> Painter:
    for cls in type(view).__mro__:
        fn = _PAINTERS.get(cls)
        if fn is not None:
            return fn
    return _paint_view


# ---------------------------------------------------------------------------------------------
# Frame


def render_frame(frame: Frame) -> Image.Image:
    bottom = frame.windows[0]
    image = Image.new("RGB", (frame.width, frame.height), bottom.background or theme.BACKGROUND)
    for window in frame.windows:
        if window.dim_behind:
            image = Image.blend(image, Image.new("RGB", image.size, theme.SCRIM), theme.SCRIM_ALPHA)
        canvas = Canvas(image, ImageDraw.Draw(image))
        _paint_window(window, canvas)
    if frame.toast:
        _paint_toast(frame.toast, Canvas(image, ImageDraw.Draw(image)))
    return image


def _paint_window(window: Window, canvas: Canvas) -> None:
    if window.kind in ("dialog", "fault", "popup"):
        radius = dp(28) if window.kind != "popup" else dp(4)
        shadow = window.frame.offset(0, dp(2))
        canvas.draw.rounded_rectangle(canvas.box(shadow), radius, fill=(140, 140, 140))
        canvas.draw.rounded_rectangle(canvas.box(window.frame), radius, fill=theme.DIALOG_BG)
    elif window.background is not None and window.kind != "app":
        canvas.draw.rectangle(canvas.box(window.frame), fill=window.background)
    _paint_tree(window.root, canvas)


def _paint_tree(view: View, canvas: Canvas) -> None:
    visible = view.visible_bounds
    if visible is None:
        return
    if visible != view.bounds and view.bounds.width > 0 and view.bounds.height > 0:
        _paint_clipped(view, canvas, visible)
        return
    _painter_for(view)(view, canvas)
    for child in view.attached_children():
        _paint_tree(child, canvas)


def _paint_clipped(view: View, canvas: Canvas, visible: Rect) -> None:
    """Paint a partly hidden view off-screen, then copy only its visible part."""
    b = view.bounds
    layer = canvas.image.crop((b.left + canvas.dx, b.top + canvas.dy, b.right + canvas.dx, b.bottom + canvas.dy))
    sub = Canvas(layer, ImageDraw.Draw(layer), -b.left, -b.top)
    _painter_for(view)(view, sub)
    for child in view.attached_children():
        _paint_unclipped(child, sub)
    part = layer.crop((visible.left - b.left, visible.top - b.top, visible.right - b.left, visible.bottom - b.top))
    canvas.image.paste(part, (visible.left + canvas.dx, visible.top + canvas.dy))


def _paint_unclipped(view: View, canvas: Canvas) -> None:
    _painter_for(view)(view, canvas)
    for child in view.children:
        _paint_unclipped(child, canvas)


# ---------------------------------------------------------------------------------------------
# Painters


def _color(value: Any, default: RGB) -> RGB:
    return theme.parse_color(value, default)


def _paint_background(view: View, canvas: Canvas) -> None:
    if view.background is not None:
        canvas.draw.rectangle(canvas.box(view.bounds), fill=_color(view.background, theme.SURFACE))


@painter(View)
def _paint_view(view: View, canvas: Canvas) -> None:
    _paint_background(view, canvas)
    if view.selected and view.clickable:
        canvas.draw.rectangle(canvas.box(view.bounds), fill=theme.PRIMARY_CONTAINER)


def _text_lines(view: TextView, canvas: Canvas, color: RGB, area: Rect | None = None, align: str | None = None) -> None:
    area = area or view.inner()
    size = view.size_px
    lh = line_height(size)
    fnt = font(size)
    total = lh * len(view.lines)
    y = area.top + max(0, (area.height - total) // 2)
    stroke = 1 if view.bold else 0
    for line in view.lines:
        w = text_width(line, size)
        how = align or view.align
        if how == "center":
            x = area.left + (area.width - w) // 2
        elif how == "end":
            x = area.right - w
        else:
            x = area.left
        canvas.draw.text(canvas.pt(x, y + (lh - size) // 2), line, font=fnt, fill=color,
                         stroke_width=stroke, stroke_fill=color)
        y += lh


@painter(TextView)
def _paint_text(view: View, canvas: Canvas) -> None:
    assert isinstance(view, TextView)
    _paint_view(view, canvas)
    color = _color(view.color, theme.ON_SURFACE) if view.enabled else theme.DISABLED
    _text_lines(view, canvas, color)


@painter(Button)
def _paint_button(view: View, canvas: Canvas) -> None:
    assert isinstance(view, Button)
    _paint_background(view, canvas)
    r = view.bounds.inset(0, dp(4), 0, dp(4))
    radius = r.height // 2
    if view.style == "filled":
        fill = theme.PRIMARY if view.enabled else theme.SURFACE_VARIANT
        canvas.draw.rounded_rectangle(canvas.box(r), radius, fill=fill)
        fg = theme.ON_PRIMARY if view.enabled else theme.DISABLED
    elif view.style == "outlined":
        canvas.draw.rounded_rectangle(canvas.box(r), radius, outline=theme.OUTLINE, width=dp(1))
        fg = theme.PRIMARY if view.enabled else theme.DISABLED
    else:
        fg = theme.PRIMARY if view.enabled else theme.DISABLED
    _text_lines(view, canvas, _color(view.color, fg) if view.color else fg, area=view.inner(), align="center")


@painter(EditText)
def _paint_edit(view: View, canvas: Canvas) -> None:
    assert isinstance(view, EditText)
    b = view.bounds
    canvas.draw.rectangle(canvas.box(b), fill=_color(view.background, (236, 230, 240)))
    state = view.state.fields.get(view.key) if view.state else None
    if state is not None and state.all_selected and view.text:
        inner = view.inner()
        w = min(inner.width, text_width(view.lines[0] if view.lines else "", view.size_px))
        canvas.draw.rectangle(canvas.box(Rect(inner.left, inner.top, inner.left + w, inner.bottom)), fill=(187, 222, 251))
    color = theme.ON_SURFACE if view.text else theme.HINT
    _text_lines(view, canvas, color if view.enabled else theme.DISABLED)
    line_w = dp(2) if view.focused else dp(1)
    line_color = theme.PRIMARY if view.focused else theme.OUTLINE
    canvas.draw.rectangle(canvas.box(Rect(b.left, b.bottom - line_w, b.right, b.bottom)), fill=line_color)
    if view.focused:
        inner = view.inner()
        lh = line_height(view.size_px)
        last = view.lines[-1] if view.lines and view.text else ""
        lines = len(view.lines) if view.text else 1
        total = lh * lines
        top = inner.top + max(0, (inner.height - total) // 2) + lh * (lines - 1)
        x = min(inner.right - 2, inner.left + text_width(last, view.size_px) + 2)
        canvas.draw.rectangle(canvas.box(Rect(x, top + dp(2), x + dp(1) + 1, top + lh - dp(2))), fill=theme.PRIMARY)


@painter(CompoundButton)
def _paint_compound(view: View, canvas: Canvas) -> None:
    assert isinstance(view, CompoundButton)
    _paint_background(view, canvas)
    inner = view.inner()
    cy = inner.top + inner.height // 2
    on = view.checked
    accent = theme.PRIMARY if view.enabled else theme.DISABLED
    if isinstance(view, Switch):
        track = Rect(inner.right - dp(52), cy - dp(16), inner.right, cy + dp(16))
        if on:
            canvas.draw.rounded_rectangle(canvas.box(track), track.height // 2, fill=accent)
            knob = (track.right - dp(16), cy)
            canvas.draw.ellipse(_circle(canvas, knob, dp(12)), fill=theme.ON_PRIMARY)
        else:
            canvas.draw.rounded_rectangle(canvas.box(track), track.height // 2, fill=theme.SURFACE_VARIANT,
                                          outline=theme.OUTLINE, width=dp(2))
            canvas.draw.ellipse(_circle(canvas, (track.left + dp(16), cy), dp(8)), fill=theme.OUTLINE)
        text_area = Rect(inner.left, inner.top, track.left - dp(12), inner.bottom)
    else:
        box = Rect(inner.left + dp(3), cy - dp(9), inner.left + dp(21), cy + dp(9))
        if isinstance(view, RadioButton):
            canvas.draw.ellipse(canvas.box(box), outline=accent if on else theme.ON_SURFACE_VARIANT, width=dp(2))
            if on:
                canvas.draw.ellipse(canvas.box(box.inset(dp(5), dp(5), dp(5), dp(5))), fill=accent)
        elif on:
            canvas.draw.rounded_rectangle(canvas.box(box), dp(2), fill=accent)
            cx0, cy0 = canvas.pt(box.left, box.top)
            s = box.width
            canvas.draw.line([(cx0 + s * 0.2, cy0 + s * 0.5), (cx0 + s * 0.42, cy0 + s * 0.72), (cx0 + s * 0.8, cy0 + s * 0.3)],
                             fill=theme.ON_PRIMARY, width=dp(2))
        else:
            canvas.draw.rounded_rectangle(canvas.box(box), dp(2), outline=theme.ON_SURFACE_VARIANT, width=dp(2))
        text_area = Rect(box.right + dp(16), inner.top, inner.right, inner.bottom)
    color = theme.ON_SURFACE if view.enabled else theme.DISABLED
    _text_lines(view, canvas, color, area=text_area)


def _circle(canvas: Canvas, center: tuple[float, float], radius: float) -> tuple[float, float, float, float]:
    x, y = canvas.pt(*center)
    return (x - radius, y - radius, x + radius, y + radius)


@painter(SeekBar)
def _paint_seekbar(view: View, canvas: Canvas) -> None:
    """Track (filled up to the progress) and a round thumb at the progress."""
    assert isinstance(view, SeekBar)
    _paint_background(view, canvas)
    inner = view.inner()
    cy = inner.top + inner.height // 2
    span = max(1, view.max - view.min)
    x = inner.left + (view.progress - view.min) * inner.width // span
    accent = theme.PRIMARY if view.enabled else theme.DISABLED
    canvas.draw.rectangle(canvas.box(Rect(inner.left, cy - dp(1), inner.right, cy + dp(1))), fill=theme.OUTLINE)
    if x > inner.left:  # at the minimum the filled part is empty (a zero-width box would be inverted)
        canvas.draw.rectangle(canvas.box(Rect(inner.left, cy - dp(1), x, cy + dp(1))), fill=accent)
    canvas.draw.ellipse(_circle(canvas, (x, cy), dp(8)), fill=accent)


@painter(SeekArc)
def _paint_seekarc(view: View, canvas: Canvas) -> None:
    """The arc (filled up to the progress) and a round thumb at the progress."""
    assert isinstance(view, SeekArc)
    _paint_background(view, canvas)
    accent = theme.PRIMARY if view.enabled else theme.DISABLED
    track = [canvas.pt(*view.point(p)) for p in range(view.max + 1)]
    canvas.draw.line(track, fill=theme.OUTLINE, width=dp(2))
    if view.progress > 0:
        canvas.draw.line(track[:view.progress + 1], fill=accent, width=dp(4))
    canvas.draw.ellipse(_circle(canvas, view.point(view.progress), dp(8)), fill=accent)


@painter(ImageView)
def _paint_image(view: View, canvas: Canvas) -> None:
    assert isinstance(view, ImageView)
    _paint_background(view, canvas)
    b = view.bounds
    if isinstance(view, Fab):
        canvas.draw.rounded_rectangle(canvas.box(b), dp(16), fill=theme.PRIMARY_CONTAINER)
    if view.avatar:
        radius = min(b.width, b.height) / 2
        canvas.draw.ellipse(_circle(canvas, b.center, radius), fill=_avatar_color(view.avatar))
        size = int(radius)
        w = text_width(view.avatar, size)
        canvas.draw.text(canvas.pt(b.center[0] - w / 2, b.center[1] - size * 0.55), view.avatar, font=font(size), fill=(255, 255, 255))
        return
    color = _color(view.color, theme.ON_SURFACE_VARIANT) if view.enabled else theme.DISABLED
    size = min(dp(24), b.width, b.height) if not isinstance(view, Fab) else dp(24)
    draw_icon(canvas, view.icon, b.center, size, color)


def _avatar_color(letter: str) -> RGB:
    palette = [(66, 133, 244), (219, 68, 55), (244, 160, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193), (255, 112, 67)]
    return palette[ord(letter[:1] or "A") % len(palette)]


@painter(Toolbar)
def _paint_toolbar(view: View, canvas: Canvas) -> None:
    _paint_background(view, canvas)


@painter(ScrollList)
def _paint_list(view: View, canvas: Canvas) -> None:
    assert isinstance(view, ScrollList)
    _paint_background(view, canvas)
    if not view.children and view.empty_text:
        inner = view.inner()
        w = text_width(view.empty_text, dp(16))
        canvas.draw.text(canvas.pt(inner.left + (inner.width - w) / 2, inner.top + dp(48)), view.empty_text,
                         font=font(dp(16)), fill=theme.ON_SURFACE_VARIANT)
    if view.max_offset() > 0:  # scrollbar thumb: tells a viewer there is more
        inner = view.inner()
        frac = view.viewport_h / max(1, view.content_h)
        thumb_h = max(dp(24), int(inner.height * frac))
        top = inner.top + int((inner.height - thumb_h) * view.offset / max(1, view.max_offset()))
        canvas.draw.rectangle(canvas.box(Rect(inner.right - dp(4), top, inner.right - dp(1), top + thumb_h)), fill=(160, 160, 160))


# ---------------------------------------------------------------------------------------------
# Icons


def draw_icon(canvas: Canvas, name: str, center: tuple[int, int], size: int, color: RGB) -> None:
    """Simple line icons for common names; anything else is its initial letter in a ring."""
    cx, cy = canvas.pt(*center)
    s = size / 2
    w = max(2, size // 10)
    d = canvas.draw
    if name == "back":
        d.line([(cx + s * 0.8, cy), (cx - s * 0.8, cy)], fill=color, width=w)
        d.line([(cx - s * 0.8, cy), (cx - s * 0.1, cy - s * 0.7)], fill=color, width=w)
        d.line([(cx - s * 0.8, cy), (cx - s * 0.1, cy + s * 0.7)], fill=color, width=w)
    elif name == "menu":
        for k in (-0.6, 0, 0.6):
            d.line([(cx - s * 0.8, cy + s * k), (cx + s * 0.8, cy + s * k)], fill=color, width=w)
    elif name == "more":
        for k in (-0.65, 0, 0.65):
            d.ellipse((cx - w, cy + s * k - w, cx + w, cy + s * k + w), fill=color)
    elif name == "search":
        d.ellipse((cx - s * 0.8, cy - s * 0.8, cx + s * 0.3, cy + s * 0.3), outline=color, width=w)
        d.line([(cx + s * 0.2, cy + s * 0.2), (cx + s * 0.85, cy + s * 0.85)], fill=color, width=w + 1)
    elif name in ("add", "plus"):
        d.line([(cx - s * 0.7, cy), (cx + s * 0.7, cy)], fill=color, width=w)
        d.line([(cx, cy - s * 0.7), (cx, cy + s * 0.7)], fill=color, width=w)
    elif name in ("close", "clear"):
        d.line([(cx - s * 0.6, cy - s * 0.6), (cx + s * 0.6, cy + s * 0.6)], fill=color, width=w)
        d.line([(cx - s * 0.6, cy + s * 0.6), (cx + s * 0.6, cy - s * 0.6)], fill=color, width=w)
    elif name in ("check", "done"):
        d.line([(cx - s * 0.7, cy), (cx - s * 0.2, cy + s * 0.5), (cx + s * 0.75, cy - s * 0.55)], fill=color, width=w)
    elif name == "send":
        d.polygon([(cx - s * 0.8, cy - s * 0.75), (cx + s * 0.85, cy), (cx - s * 0.8, cy + s * 0.75), (cx - s * 0.5, cy)], fill=color)
    elif name == "delete":
        d.rectangle((cx - s * 0.55, cy - s * 0.45, cx + s * 0.55, cy + s * 0.85), outline=color, width=w)
        d.line([(cx - s * 0.8, cy - s * 0.6), (cx + s * 0.8, cy - s * 0.6)], fill=color, width=w)
        d.line([(cx - s * 0.25, cy - s * 0.85), (cx + s * 0.25, cy - s * 0.85)], fill=color, width=w)
    elif name == "edit":
        d.line([(cx - s * 0.7, cy + s * 0.7), (cx + s * 0.6, cy - s * 0.6)], fill=color, width=w + 2)
        d.line([(cx - s * 0.85, cy + s * 0.85), (cx - s * 0.6, cy + s * 0.6)], fill=color, width=w)
    elif name in ("star", "star_outline"):
        pts = []
        for i in range(10):
            r = s * (0.9 if i % 2 == 0 else 0.4)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        if name == "star":
            d.polygon(pts, fill=color)
        else:
            d.polygon(pts, outline=color, width=w)
    elif name == "play":
        d.polygon([(cx - s * 0.5, cy - s * 0.7), (cx + s * 0.7, cy), (cx - s * 0.5, cy + s * 0.7)], fill=color)
    elif name == "pause":
        d.rectangle((cx - s * 0.55, cy - s * 0.7, cx - s * 0.15, cy + s * 0.7), fill=color)
        d.rectangle((cx + s * 0.15, cy - s * 0.7, cx + s * 0.55, cy + s * 0.7), fill=color)
    elif name == "wifi":
        for k in (0.9, 0.6, 0.3):
            d.pieslice((cx - s * k, cy - s * k + s * 0.4, cx + s * k, cy + s * k + s * 0.4), 225, 315, fill=color)
    elif name == "battery":
        d.rectangle((cx - s * 0.4, cy - s * 0.8, cx + s * 0.4, cy + s * 0.9), fill=color)
        d.rectangle((cx - s * 0.15, cy - s, cx + s * 0.15, cy - s * 0.8), fill=color)
    elif name == "handle":
        d.rounded_rectangle((cx - dp(54), cy - dp(2), cx + dp(54), cy + dp(2)), dp(2), fill=(60, 60, 60))
    elif name:
        d.ellipse((cx - s, cy - s, cx + s, cy + s), outline=color, width=max(1, w // 2))
        letter = name[:1].upper()
        fs = int(s * 1.1)
        d.text((cx - text_width(letter, fs) / 2, cy - fs * 0.6), letter, font=font(fs), fill=color)


def _paint_toast(text: str, canvas: Canvas) -> None:
    size = dp(14)
    screen_w, screen_h = canvas.image.size
    w = min(screen_w - dp(64), text_width(text, size) + dp(32))
    h = line_height(size) + dp(24)
    left = (screen_w - w) // 2
    top = screen_h - theme.NAV_BAR_H - dp(64) - h
    canvas.draw.rounded_rectangle((left, top, left + w, top + h), h // 2, fill=(50, 50, 50))
    canvas.draw.text((left + dp(16), top + dp(12) + (line_height(size) - size) // 2), text, font=font(size), fill=(255, 255, 255))


# ---------------------------------------------------------------------------------------------
# Cache key


def _view_signature(view: View) -> tuple[Any, ...]:
    state = view.state.fields.get(view.key) if isinstance(view, EditText) and view.state else None
    return (
        type(view).__name__,
        view.bounds,
        view.visible_bounds,
        view.dump_text,
        view.desc,
        view.checked,
        view.focused,
        view.enabled,
        view.selected,
        view.background,
        getattr(view, "icon", None),
        getattr(view, "avatar", None),
        getattr(view, "color", None),
        getattr(view, "bold", None),
        getattr(view, "style", None),
        tuple(getattr(view, "lines", ())),
        getattr(view, "offset", None),
        state.all_selected if state else None,
        tuple(_view_signature(c) for c in view.attached_children()),
    )


def frame_signature(frame: Frame) -> int:
    """Hash of everything that affects pixels; equal signatures render identical images."""
    return hash(
        (
            frame.toast,
            frame.width,
            frame.height,
            tuple(
                (w.kind, w.frame, w.background, w.dim_behind, _view_signature(w.root))
                for w in frame.windows
            ),
        )
    )


__all__ = ["Canvas", "draw_icon", "frame_signature", "painter", "render_frame"]
