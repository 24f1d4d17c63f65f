"""The app's message catalogues (see ui/words/i18n.py): extract the English messages from ui/ and
bring every translation up to date with them.

    python scripts/messages.py extract   # ui/words/locale/messages.pot, and merge it into each .po

Besides the code's messages, the template lists the names the game's content gives the player
to read (game/content/*.toml, through game.content): Maneuver cards, Politics-board places,
Missions, Risk cards (with their flavour text, shown on the Moon path), Modules and rulesets;
the app translates them where it shows them (ui/words/names.py).

New messages arrive in a ``.po`` untranslated (tests/test_messages.py then fails until a
translator fills them in); messages gone from the code are dropped. The build compiles the
``.po`` files (``ui.words.i18n.compile_po``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.content import read_content  # noqa: E402
from ui.words.i18n import page_messages  # noqa: E402

UI = ROOT / "ui"
LOCALE = UI / "words" / "locale"
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
    for message, where, comment in content_messages():
        catalog.add(message, None, [(where, 0)], auto_comments=[comment])
    for message in page_messages((ROOT / "index.html").read_text()):
        catalog.add(message, None, [("index.html", 0)],
                    auto_comments=["The loading screen, shown while Python starts"])
    return catalog


def content_messages() -> Iterator[tuple[str, str, str]]:
    """(message, content file, note for the translator) of every content name the app shows."""
    content = read_content()
    for card in content.maneuvers.values():
        for nation, name in card.names.items():
            yield name, "game/content/maneuvers.toml", f"Maneuver card of the {nation}"
    for place in content.places:
        for nation, name in place.names.items():
            yield (name, "game/content/places.toml",
                   f"Place {place.index} of the {nation}'s Politics board")
    for mission in content.missions.values():
        yield (mission.name, "game/content/missions.toml",
               f"Mission (level {mission.level}, {mission.year})")
    for risk in content.risks.values():
        yield risk.name, "game/content/risks.toml", f"Risk card (level {risk.level})"
        yield (risk.flavour, "game/content/risks.toml",
               f"Flavour text of the Risk card '{risk.name}'")
    for module in content.modules.values():
        yield module.name, "game/content/modules.toml", "Module"
    for ruleset in content.rulesets.values():
        yield ruleset.title, "game/content/rulesets.toml", "Ruleset"
    for text in guide_texts("tutorial"):
        yield text, "ui/model/tutorial.toml", "A step of the Tutorial"
    for text in guide_texts("examples"):
        yield text, "ui/model/examples.toml", "A live rule example of the rules page"


def guide_texts(module: str) -> list[str]:
    """The texts of ui/model/<module>.toml (the Tutorial's steps, the rule examples)."""
    sys.path.insert(0, str(ROOT))
    try:
        texts: Callable[[], list[str]] = importlib.import_module(f"ui.model.{module}").texts
    finally:
        sys.path.remove(str(ROOT))
    return texts()


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
