"""Layout of the view toolkit: exact, consistent integer bounds."""
from __future__ import annotations

from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import dp, line_height, sp, text_width
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    EditText,
    ImageButton,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    TextView,
    Toolbar,
    WidgetState,
    wrap_text,
)

AREA = Rect(0, 100, 1080, 2000)


def laid_out(root: Column | Row | Scaffold, rect: Rect = AREA, state: WidgetState | None = None) -> WidgetState:
    state = state or WidgetState()
    root.bind(state, "0")
    root.layout(rect)
    root.clip(rect)
    return state


def test_column_stacks_children_with_padding_and_spacing() -> None:
    a = TextView("first")
    b = TextView("second")
    col = Column(a, b, padding=16, spacing=8)
    laid_out(col)
    lh = line_height(sp(16))
    assert a.bounds == Rect(dp(16), 100 + dp(16), 1080 - dp(16), 100 + dp(16) + lh)
    assert b.bounds.top == a.bounds.bottom + dp(8)
    assert b.bounds.height == lh


def test_weighted_child_takes_the_remaining_height() -> None:
    header = TextView("header")
    body = ScrollList(id="list")
    footer = Button("OK")
    col = Column(header, body, footer)
    laid_out(col)
    assert body.bounds.top == header.bounds.bottom
    assert footer.bounds.bottom == AREA.bottom
    assert body.bounds.bottom == footer.bounds.top


def test_row_shares_width_by_weight_and_centres_vertically() -> None:
    field = EditText("q", hint="Search", weight=1.0)
    button = ImageButton("search", "Search")
    row = Row(field, button, spacing=8)
    laid_out(row, Rect(0, 0, 1080, 400))
    assert button.bounds.width == dp(48)
    assert button.bounds.right == 1080
    assert field.bounds.left == 0
    assert field.bounds.right == 1080 - dp(48) - dp(8)
    assert field.bounds.center[1] == button.bounds.center[1] or abs(field.bounds.center[1] - button.bounds.center[1]) <= 1


def test_text_wraps_inside_its_width_and_ellipsizes_at_max_lines() -> None:
    text = "the quick brown fox jumps over the lazy dog " * 6
    size = sp(16)
    lines = wrap_text(text.strip(), size, 400)
    assert len(lines) > 3
    assert all(text_width(line, size) <= 400 for line in lines)
    clipped = wrap_text(text.strip(), size, 400, max_lines=2)
    assert len(clipped) == 2 and clipped[-1].endswith("…")


def test_scroll_list_clips_and_detaches_items_outside_the_viewport() -> None:
    items = [TextView(f"item {i}", padding=(16, 20)) for i in range(40)]
    lst = ScrollList(*items, id="list")
    state = laid_out(Column(lst))
    attached = lst.attached_children()
    assert items[0] in attached and items[39] not in attached
    assert lst.scrollable
    # every attached item overlaps the viewport, and its visible bounds are clipped to it
    for item in attached:
        assert item.visible_bounds is not None
        assert item.visible_bounds.top >= lst.bounds.top and item.visible_bounds.bottom <= lst.bounds.bottom
    lst.scroll_by(10_000)
    laid_out(Column(lst), state=state)
    assert state.scroll["list"] == lst.max_offset() > 0
    assert items[39] in lst.attached_children() and items[0] not in lst.attached_children()


def test_short_list_is_not_scrollable() -> None:
    lst = ScrollList(TextView("only"), id="list")
    laid_out(Column(lst))
    assert not lst.scrollable
    assert not lst.can_scroll(100)


def test_scaffold_places_toolbar_body_and_fab() -> None:
    from pytest_anyapp.sim.ui.views import Fab

    fab = Fab("add", "New")
    toolbar = Toolbar("Title", nav="back")
    body = TextView("body")
    scaffold = Scaffold(toolbar, body, fab=fab)
    laid_out(scaffold)
    assert toolbar.bounds == Rect(0, 100, 1080, 100 + dp(64))
    assert body.bounds.top == toolbar.bounds.bottom
    assert fab.bounds.right == 1080 - dp(16) and fab.bounds.bottom == AREA.bottom - dp(16)
    assert fab.bounds.width == dp(56)


def test_spacer_pushes_siblings_apart_in_a_row() -> None:
    left = Button("Left")
    right = Button("Right")
    row = Row(left, Spacer(weight=1), right)
    laid_out(row, Rect(0, 0, 1080, 200))
    assert left.bounds.left == 0 and right.bounds.right == 1080


def test_single_line_field_shows_the_end_of_long_text() -> None:
    field = EditText("q")
    state = WidgetState()
    field.bind(state, "0")
    state.fields["q"].text = "start " + "middle " * 20 + "THE END"
    field.bind(state, "0")
    field.layout(Rect(0, 0, 600, 200))
    assert len(field.lines) == 1
    assert field.lines[0].endswith("THE END") and not field.lines[0].startswith("start")
    assert text_width(field.lines[0], field.size_px) <= field.inner().width
    assert field.dump_text.startswith("start ")  # the dump keeps the whole text
