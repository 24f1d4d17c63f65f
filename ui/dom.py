"""The only module that touches the browser: regions set by innerHTML, delegated events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

_last: dict[str, str] = {}


def null(value: Any) -> bool:
    """JavaScript null/undefined arrive as None or as a JsNull object, by Pyodide version."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")
_proxies: list[Any] = []


def set_html(element_id: str, markup: str) -> None:
    """Replace a region's content, skipping the DOM when nothing changed."""
    if _last.get(element_id) == markup:
        return
    _last[element_id] = markup
    document.getElementById(element_id).innerHTML = markup


def show(element_id: str, visible: bool) -> None:
    el = document.getElementById(element_id)
    if visible:
        el.removeAttribute("hidden")
    else:
        el.setAttribute("hidden", "")


def set_body(key: str, value: str) -> None:
    document.body.setAttribute(f"data-{key}", value)


def set_class(element_id: str, cls: str) -> None:
    document.getElementById(element_id).className = cls


def on(event: str, handler: Callable[[Any], None]) -> None:
    """One listener on the document for every element (event delegation)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    document.addEventListener(event, proxy)


def closest(event: Any, selector: str) -> Any:
    target = event.target
    if null(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if null(found) else found


def data(element: Any, key: str) -> str | None:
    value = element.getAttribute(f"data-{key}")
    return None if null(value) else str(value)


def form_values(form_id: str) -> tuple[dict[str, str], dict[str, str]]:
    """(named field values, seat choices) of a form; checked radios only."""
    form = document.getElementById(form_id)
    values: dict[str, str] = {}
    seats: dict[str, str] = {}
    if null(form):
        return values, seats
    for el in form.querySelectorAll("input, select"):
        name = str(el.name)
        if el.type == "radio" and not el.checked:
            continue
        if name == "seat":
            seats[str(el.getAttribute("data-seat"))] = str(el.value)
        else:
            values[name] = str(el.value)
    return values, seats


def focus_first(selector: str) -> None:
    el = document.querySelector(selector)
    if not null(el):
        el.focus()


def active_inside(element_id: str) -> bool:
    active = document.activeElement
    region = document.getElementById(element_id)
    return bool(not null(active) and not null(region) and region.contains(active))


def query_string() -> str:
    return str(window.location.search)


def console_error(text: str) -> None:
    window.console.error(text)


def set_text(element_id: str, text: str) -> None:
    el = document.getElementById(element_id)
    if not null(el):
        el.textContent = text


def set_text_by_testid(testid: str, text: str) -> None:
    el = document.querySelector(f'[data-testid="{testid}"]')
    if not null(el):
        el.textContent = text


def narrow_screen() -> bool:
    return bool(window.innerWidth < 760)


def close_details(element_id: str) -> None:
    el = document.getElementById(element_id)
    if not null(el):
        el.removeAttribute("open")
