"""The message catalogues (ui/i18n.py): complete, in step with the code, and used."""

from __future__ import annotations

import io
import re
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from ui import i18n
from ui.saves import Summary
from ui.start import start_html

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from messages import TEMPLATE, extract  # noqa: E402

FIELD = re.compile(r"\{([a-z_]+)\}")
TRANSLATIONS = sorted(p.stem for p in i18n.LOCALE.glob("*.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


def _forms(message: Message) -> tuple[str, ...]:
    value = message.string
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value or "",)


def _english_forms(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def test_every_language_has_a_catalogue() -> None:
    assert set(TRANSLATIONS) == set(i18n.LANGUAGES) - {i18n.DEFAULT}


def test_the_template_lists_exactly_the_messages_of_the_code() -> None:
    """Fails when a message was added, changed or removed in ui/ without running
    ``python scripts/messages.py extract``."""
    assert _ids(_read(TEMPLATE)) == _ids(extract())


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    template = _read(TEMPLATE)
    translated = _read(i18n.LOCALE / f"{code}.po")
    assert _ids(translated) == _ids(template)
    for message in translated:
        if not message.id:
            continue
        forms = _forms(message)
        assert all(forms), f"{code}: not translated: {message.id!r}"
        assert not message.fuzzy, f"{code}: fuzzy: {message.id!r}"
        wanted = {field for text in _english_forms(message) for field in FIELD.findall(text)}
        for form in forms:
            assert set(FIELD.findall(form)) == wanted, f"{code}: placeholders of {form!r}"
            form.format(**dict.fromkeys(wanted, 1))  # no stray braces


def test_hungarian_plural_rule_has_two_forms() -> None:
    catalogue = i18n.catalogue("hu")
    assert _read(i18n.LOCALE / "hu.po").num_plurals == 2
    i18n.use("hu")
    assert i18n.ngettext("{count} action", "{count} actions", 1).format(count=1) == "1 akció"
    assert i18n.ngettext("{count} action", "{count} actions", 4).format(count=4) == "4 akció"
    assert catalogue.ngettext("x", "xs", 4) == "xs"  # unknown ids fall back to English
    i18n.use("en")
    assert i18n.ngettext("{count} action", "{count} actions", 4).format(count=4) == "4 actions"


def test_no_message_is_looked_up_inside_an_f_string() -> None:
    """The extractor cannot see a ``_()`` inside an f-string's braces (Python 3.11 keeps the
    f-string one token), so such a message would never reach the catalogues."""
    found = []
    for path in sorted((ROOT / "ui").glob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        for token in tokens:
            text = token.string
            if token.type == tokenize.STRING and re.match(r"(?i)r?fr?['\"]", text) \
                    and re.search(r"\b(_|ngettext)\(", text):
                found.append(f"{path.name}:{token.start[0]}")
    assert not found, found


@pytest.mark.parametrize(("tags", "code"), [
    (["hu-HU", "en-US"], "hu"), (["en-GB", "hu"], "en"), (["de-DE", "hu"], "hu"),
    (["de"], "en"), ([], "en"), (["HU"], "hu"),
])
def test_language_follows_the_browser(tags: list[str], code: str) -> None:
    assert i18n.choose(tags) == code


def english_sentences() -> set[str]:
    """The English texts of the catalogue that Hungarian says differently (several words)."""
    translated = _read(i18n.LOCALE / "hu.po")
    found: set[str] = set()
    for message in translated:
        for english, hungarian in zip(_english_forms(message), _forms(message), strict=False):
            words = FIELD.sub("", english).split()
            if message.id and english != hungarian and len(words) > 1:
                found.update(part for part in FIELD.split(english)[::2] if len(part) > 8)
    return found


def test_start_screen_in_hungarian_has_no_english_sentence() -> None:
    offer = Summary(key="moonshot.save.x", ok=True, title="USA vs USSR (AI) · seed 4",
                    detail="Round 2", moves=4)
    i18n.use("hu")
    html = start_html(offer, "easy")
    assert "Játék a számítógép ellen" in html and "4 akció" in html
    leaks = sorted(s for s in english_sentences() if s in html)
    assert not leaks, leaks
