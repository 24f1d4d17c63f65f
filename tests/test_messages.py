"""The message catalogues (ui/words/i18n.py): complete, in step with the code, and used."""

from __future__ import annotations

import gettext
import importlib
import io
import json
import random
import re
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from ui.model.saves import Summary
from ui.screens.start import start_html
from ui.words import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
messages = importlib.import_module("messages")  # scripts/ is not a package (and not typed)
TEMPLATE: Path = messages.TEMPLATE

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
    assert _ids(_read(TEMPLATE)) == _ids(messages.extract())


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
    for path in sorted((ROOT / "ui").rglob("*.py")):
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
    offer = Summary(key="moonshot.save.x", ok=True, title="USA vs USSR (AI)",
                    detail="Round 2", moves=4)
    i18n.use("hu")
    html = start_html(offer, "easy")
    assert "Játék a számítógép ellen" in html and "4 akció" in html
    leaks = sorted(s for s in english_sentences() if s in html)
    assert not leaks, leaks


# --------------------------------------------------------------------------- real screens


@dataclass
class Played:
    """A whole game played by AI Medium, with the markup of its screens in Hungarian."""

    screens: dict[str, list[str]]


def _leaks(html: str, sentences: set[str]) -> list[str]:
    return sorted(s for s in sentences if s in html)


@pytest.fixture(scope="module")
def played_in_hungarian() -> Iterator[Played]:
    """Play a seeded game to its end with every screen rendered in Hungarian along the way:
    the boards and centre from each seat's view, the action bar (and a group opened in it),
    the log, the launch show, the confirmation, the end screen, New game, Saved games and
    the replay bar."""
    import game
    from game.ai import get_ai
    from game.analysis.advice import Reason, advise
    from game.analysis.stakes import Stakes
    from game.rules.terms import nation_of
    from ui.markup.board import board_html
    from ui.markup.centre import centre_html
    from ui.markup.controls import BarState, bar_html, group_key
    from ui.markup.frame import history_html
    from ui.markup.hinttext import reason_text
    from ui.markup.launchshow import frames
    from ui.markup.logbook import log_html
    from ui.model.players import Setup
    from ui.model.replay import Replay, opening_line
    from ui.model.saves import KEY_PREFIX, default_title, export_text, summarize
    from ui.model.tutorial import script
    from ui.model.undo import player_undo
    from ui.screens.about import about_text
    from ui.screens.newgameform import dialog_html
    from ui.screens.panels import (
        banner_html,
        confirm_html,
        end_html,
        privacy_html,
        replay_bar_html,
        resume_html,
        rules_panel_html,
        saves_html,
    )
    from ui.words.names import ai_name
    from ui.words.narration import launch_sequences, lines, note
    from ui.words.warn import warning_text

    i18n.use("hu")
    screens: dict[str, list[str]] = {name: [] for name in (
        "board", "centre", "bar", "log", "launch", "confirm", "end", "dialog", "saves",
        "replay", "privacy", "hint", "tutorial")}
    hinted: set[str] = set()
    g = game.new_game(7, players=2)
    ai, rng = get_ai("medium"), random.Random(7)
    bonus = g.view(None).test_bonus
    told = [note(opening_line(g))]
    step = 0
    while not g.is_over and g.round < 40:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        view, actions = g.view(seat), g.legal_actions(seat)
        if step % 5 == 0:
            screens["board"] += [board_html(view, n, acting="x") for n in ("USA", "USSR")]
            screens["centre"].append(centre_html(view))
            screens["bar"].append(bar_html(view, g.choices(seat), seat, actions, BarState()))
            groups = [found[0] for a in actions if (found := group_key(a, view))]
            if groups:
                screens["bar"].append(bar_html(view, g.choices(seat), seat, actions,
                                                  BarState(groups[0])))
        for action in actions:
            reason = advise(g, seat, action) if action.kind not in hinted else None
            if reason is not None:  # the first reason of each kind of move, as a hint says it
                hinted.add(action.kind)
                screens["hint"].append(reason_text(reason, action, view, "x"))
            if isinstance(action, game.actions.Launch) and len(screens["confirm"]) < 3:
                odds = game.launch_odds(g, nation_of(seat), action.mission)
                risky = Stakes("launch", 3, 1, 0.5, odds=odds, mission=action.mission,
                               winner="USA", end_reason="popularity")
                screens["confirm"].append(confirm_html(warning_text(risky), "Mehet"))
                # the Engineer's Pass into it, the rival flying there first, and both
                for first, committed in ((0.0, True), (0.4, False), (0.4, True)):
                    other = Stakes("launch", 3, 0, 0.7, odds=odds, mission=action.mission,
                                   first=first, rival="USA" if first else None, failure=2,
                                   delayed=3 if first else 0, committed=committed,
                                   winner="USA", end_reason="popularity")
                    screens["confirm"].append(confirm_html(warning_text(other), "Mehet"))
        step += 1
        events = g.apply(seat, ai.choose(view, actions, rng))
        told += lines(events, bonus, note=ai_name(["medium", "hard", "easy"][step % 3]))
        for seq in launch_sequences(events):
            screens["launch"] += [frame.markup for frame in frames(seq, bonus)]
    assert g.is_over
    for cause in ("abort", "influence", "tie", "outcome"):
        for loss in (0.0, 0.5, 1.0):
            stake = Stakes(cause, 4, 2, loss, winner="USSR", end_reason="budget")
            screens["confirm"].append(confirm_html(warning_text(stake), "Mehet"))
    screens["log"].append(log_html(told, shown=1000))
    end = g.view(None)
    screens["end"].append(end_html(end, g.winner or "", g.end_reason or ""))
    screens["dialog"] += [dialog_html(Setup(players=n)) for n in (2, 3, 4)]
    screens["dialog"].append(about_text("0.1.0", "3.14.2"))
    screens["tutorial"] += [step.words() for step in script().steps]
    setup = Setup(seed=7)
    exported = export_text(g, setup, default_title(setup))
    done = summarize(KEY_PREFIX + "done", exported)
    broken = summarize(KEY_PREFIX + "bad", "{")
    screens["saves"] += [saves_html([done, broken], done.key, notice="x"), saves_html([], None),
                         resume_html(done), banner_html("error", "x"), rules_panel_html("tie"),
                         history_html(0, 0, player_undo(g, ("USA.politician",))[1]),
                         history_html(2, 1, "")]
    replay = Replay(json.loads(g.to_json()))
    screens["replay"] += [replay_bar_html(replay, i, None, []) for i in (0, len(replay))]
    screens["privacy"].append(privacy_html("USSR.engineer", "Anna"))
    usa = game.new_game(7).view("USA.politician")
    launch, passing = game.actions.Launch("M0-SPUTNIK"), game.actions.PassManeuvers()
    screens["hint"] += [  # what a game may not have shown: the AI's terms, the flags
        reason_text(Reason("win", 0.4, 0.6, alternative=passing), launch, usa),
        reason_text(Reason("win", 0.4, 0.6), launch, usa),
        reason_text(Reason("launch", 0.05, 0.05, "M0-SPUTNIK", flags=("long_shot", "warned")),
                    launch, usa, "x")]
    yield Played(screens)
    i18n.use("en")


@pytest.mark.parametrize(("screen", "words"), [
    ("board", ("Politikus", "Mérnök", "Fejlesztési sor", "Modulfoglalatok", "Hold-útvonal",
               "Szovjetunió")),
    ("centre", ("Kutatóközpont", "Aktív Küldetések", "Népszerűség", "Költségvetés",
                "Holdra szállás", "forduló")),
    ("bar", ("Passz", "Kilövés, cél:")),
    ("log", ("forduló", "Szovjetunió: ", "Kezdőjátékos-jelző", "JÁTÉK VÉGE", "Manőverkártyák",
             "gép \u2013 közepes", "Új játék: 2 játékos")),
    ("launch", ("FELSZÁLLÁS", "dobás", "szükséges")),
    ("confirm", ("Biztos vagy benne?", "Mégse", "sikereséllyel", "Népszerűségbe kerül")),
    ("end", ("A győztes:", "Népszerűség:", "A visszajátszás megtekintése")),
    ("dialog", ("Új játék", "Játékoshelyek", "Gép \u2013 közepes", "Kétfős nemzet",
                "digitális kiadás",
                "Amerikai Politikus", "3 játékos")),
    ("saves", ("Mentett játékok", "Olvashatatlan mentett játék", "győztes:", "Folytatod",
               "Nem lehet visszavonni", "Visszavonás (2)")),
    ("replay", ("Nyilvános nézet", "Kilépés a visszajátszásból", "Akció: 0 /")),
    ("privacy", ("Add tovább: Anna", "Szovjet Mérnök")),
    ("tutorial", ("Népszerűség", "Luna\u20131", "Alkalmazkodóképesség")),
    ("hint", ("helyett", "Vigyázat:", "eséllyel nyersz")),
])
def test_real_screens_in_hungarian_have_no_english_sentence(
        played_in_hungarian: Played, screen: str, words: tuple[str, ...]) -> None:
    """Screens of a real game rendered in Hungarian: each has its expected Hungarian words
    and none holds an English text of the catalogue."""
    markup = "".join(played_in_hungarian.screens[screen])
    assert markup, screen
    missing = [w for w in words if w not in markup]
    assert not missing, (screen, missing)
    leaks = _leaks(markup, english_sentences())
    assert not leaks, (screen, leaks)


def test_the_loading_screens_words_are_messages_and_the_page_carries_their_translations() -> None:
    # Shown before Python and its catalogues: the build writes each translation into the page
    # (public/boot.js shows the reader's), and the template lists the words (the test above
    # compares it with the code and the page).
    index = (i18n.LOCALE.parents[2] / "index.html").read_text()
    words = i18n.page_messages(index)
    assert words == ["Fuelling the rocket…", "Downloading and starting Python",
                     "Loading the game"]
    page = i18n.translated_page(index)
    hungarian = i18n.catalogue("hu")
    for word in words:
        assert hungarian.gettext(word) != word
        assert f'data-hu="{hungarian.gettext(word)}">{word}<' in page
    assert page.count("data-msg") == index.count("data-msg")


def test_a_pages_translation_is_escaped_as_an_attribute(monkeypatch: pytest.MonkeyPatch) -> None:
    class Quoting(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return '"Ide" & <oda>' if message == "Here" else message

    monkeypatch.setattr(i18n, "catalogue", lambda code: Quoting())
    page = '<p class="x" data-msg>Here</p><b data-msg>Not here</b><i>Here</i>'
    assert i18n.page_messages(page) == ["Here", "Not here"]
    assert i18n.translated_page(page) == (
        '<p class="x" data-msg data-hu="&quot;Ide&quot; &amp; &lt;oda&gt;">Here</p>'
        '<b data-msg>Not here</b><i>Here</i>')
