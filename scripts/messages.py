"""The app's message catalogues (see ui/i18n.py): extract the English messages from ui/ and
bring every translation up to date with them.

    python scripts/messages.py extract   # ui/locale/messages.pot, and merge it into each .po

New messages arrive in a ``.po`` untranslated (tests/test_messages.py then fails until a
translator fills them in); messages gone from the code are dropped. The build compiles the
``.po`` files (``ui.i18n.compile_po``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
LOCALE = UI / "locale"
TEMPLATE = LOCALE / "messages.pot"
KEYWORDS = {"_": None, "ngettext": (1, 2)}
PROJECT = "moonshot-game"


def extract() -> Catalog:
    """Every message the code of ui/ passes to ``_`` or ``ngettext``."""
    catalog = Catalog(project=PROJECT, charset="utf-8")
    found = extract_from_dir(str(UI), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as f:
        write_po(f, catalog, width=96, no_location=True, sort_output=True,
                 include_previous=False)


def update() -> None:
    template = extract()
    LOCALE.mkdir(exist_ok=True)
    write(template, TEMPLATE)
    for po_path in sorted(LOCALE.glob("*.po")):
        with po_path.open("rb") as f:
            translated = read_po(f, locale=po_path.stem)
        translated.update(template, no_fuzzy_matching=True)
        translated.obsolete.clear()  # a message gone from the code is gone from the file
        write(translated, po_path)
        missing = len([m for m in translated if m.id and not all(_strings(m.string or ""))])
        print(f"{po_path.relative_to(ROOT)}: {len(translated)} messages, {missing} untranslated")
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} messages")


def _strings(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def main(argv: list[str]) -> int:
    if argv != ["extract"]:
        print(__doc__, file=sys.stderr)
        return 2
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
