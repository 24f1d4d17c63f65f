"""The player's language: every word the app shows goes through :func:`_` or :func:`ngettext`.

The catalogues are gettext's: the English text in the code is the message id (so the code
reads as what the player sees), ``ui/words/locale/messages.pot`` lists every one of them (extracted
from the code by ``python scripts/messages.py extract``), and ``ui/words/locale/<lang>.po`` holds a
language's translations with its own plural rule (Hungarian: ``nplurals=2``, a noun after a
number stays singular, so both forms read alike). The build compiles each ``.po`` to
``ui/words/locale/<lang>.mo`` beside this module, which the standard library's :mod:`gettext` reads
(plural forms included); run from the repository, the ``.po`` is compiled on the fly.

Placeholders are ``str.format`` fields with names (``{risk}``), never positional, so a
translation may reorder them.
"""

from __future__ import annotations

import gettext
import io
import re
from html import escape
from pathlib import Path

LOCALE = Path(__file__).with_name("locale")
# Language code -> its own name (the header's switch shows each language in itself).
LANGUAGES = {"en": "English", "hu": "Magyar"}
DEFAULT = "en"

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


def _(message: str) -> str:
    """``message`` (English, the id) in the current language."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language (format it after)."""
    return _catalogue.ngettext(singular, plural, n)


def language() -> str:
    return _language


def choose(preferred: list[str]) -> str:
    """The first supported language of ``preferred`` (BCP 47 tags, e.g. the browser's
    ``navigator.languages``: "hu-HU" counts as "hu"), else English."""
    for tag in preferred:
        code = tag.split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def use(code: str) -> None:
    """Switch every later :func:`_` to ``code`` (an unknown code means English)."""
    global _catalogue, _language
    code = code if code in LANGUAGES else DEFAULT
    _catalogue = catalogue(code)
    _language = code


# An element of a page marked data-msg: its text is a message, shown before Python starts (the
# boot screen). scripts/messages.py extracts them, scripts/build.py writes in each translation.
PAGE_MESSAGE = re.compile(
    r"<(?P<tag>[a-z]+)(?P<attrs>[^>]*\bdata-msg\b[^>]*)>(?P<text>[^<]+)</(?P=tag)>")


def page_messages(html: str) -> list[str]:
    """The messages of a page's data-msg elements (their text), in page order."""
    return [found["text"] for found in PAGE_MESSAGE.finditer(html)]


def translated_page(html: str) -> str:
    """The page with each data-msg element carrying its translations as ``data-<code>``
    (public/boot.js shows the reader's); a message not yet translated gets none."""
    def translations(found: re.Match[str]) -> str:
        text = found["text"]
        extra = "".join(
            f' data-{code}="{escape(translated, quote=True)}"'
            for code in LANGUAGES if code != DEFAULT
            for translated in [catalogue(code).gettext(text)] if translated != text)
        return f"<{found['tag']}{found['attrs']}{extra}>{text}</{found['tag']}>"
    return PAGE_MESSAGE.sub(translations, html)


def catalogue(code: str) -> gettext.NullTranslations:
    """The translations of ``code``: English needs none (its ids are its words)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    built = LOCALE / f"{code}.mo"
    data = built.read_bytes() if built.is_file() else compile_po(LOCALE / f"{code}.po")
    return gettext.GNUTranslations(io.BytesIO(data))


def compile_po(source: Path) -> bytes:
    """A ``.po`` file as ``.mo`` bytes (Babel, a build and development dependency)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as f:
        po = read_po(f)
    out = io.BytesIO()
    write_mo(out, po)
    return out.getvalue()
