"""The rules reference (docs/rules.md) keeps its anchors and never drifts from the content."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.content import load_content
from game.tools.reference import BEGIN, END, content_markdown, extract_block, update_rules_doc

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"

SECTION_IDS = (
    "setup", "seats", "round", "discussion", "maneuvers", "support", "announce", "influence",
    "launch-decision", "eng-line", "eng-research", "eng-pile", "eng-suppliers", "eng-module",
    "eng-test", "eng-sabotage", "eng-payload", "eng-test-steal", "eng-tech-steal", "eng-pass",
    "blueprint", "parameters", "modules", "adaptivity", "delivery", "launches",
    "payload-check", "risk-roll", "explosion", "mission-success", "moon", "evaluation", "tie",
    "escalation", "obstruction", "places", "end-of-round", "end-game", "preview", "rulings",
    "content", "glossary",
)

ANCHOR = re.compile(r"^\{#([a-z0-9-]+)\}$", re.MULTILINE)  # the id line before a heading
# A rule marker in a test file's text: the word rule, then a quoted section id in brackets.
RULE_MARK = re.compile(r"""mark\.rule\(\s*(?P<q>["'])(?P<id>[^"']*)(?P=q)""")


def _doc() -> str:
    return RULES.read_text(encoding="utf-8")


@pytest.mark.rule("content")
@pytest.mark.parametrize("section", SECTION_IDS)
def test_every_section_id_appears_exactly_once(section: str) -> None:
    assert _doc().count(f"\n{{#{section}}}\n") == 1


def test_no_unknown_anchors_and_every_heading_has_one() -> None:
    lines = _doc().splitlines()
    assert sorted(ANCHOR.findall(_doc())) == sorted(SECTION_IDS)
    for i, line in enumerate(lines):
        if line.startswith("##"):
            assert i > 0 and ANCHOR.fullmatch(lines[i - 1]), f"heading without anchor: {line}"


@pytest.mark.rule("content")
def test_generated_content_block_matches_the_data() -> None:
    block = extract_block(_doc())
    assert block is not None, f"docs/rules.md needs one {BEGIN} ... {END} block"
    assert block == content_markdown(), (
        "docs/rules.md is out of date: run "
        "python -c \"from game.tools.reference import update_rules_doc; "
        "update_rules_doc('docs/rules.md')\"")


def test_content_markdown_lists_every_component() -> None:
    text = content_markdown()
    content = load_content()
    for ident in [*content.missions, *content.risks, *content.tiles, *content.modules,
                  *content.maneuvers]:
        assert f"| {ident} |" in text, ident
    for card in content.maneuvers.values():
        assert all(name in text for name in card.names.values())
    for place in content.places:
        assert all(name in text for name in place.names.values())


def test_update_rules_doc_rewrites_only_a_stale_block(tmp_path: Path) -> None:
    copy = tmp_path / "rules.md"
    copy.write_text(_doc(), encoding="utf-8")
    assert update_rules_doc(copy) is False
    stale = f"intro\n{BEGIN}\nold tables\n{END}\noutro\n"
    copy.write_text(stale, encoding="utf-8")
    assert update_rules_doc(copy) is True
    assert copy.read_text(encoding="utf-8") == f"intro\n{BEGIN}\n{content_markdown()}{END}\noutro\n"
    assert update_rules_doc(copy) is False
    copy.write_text("no markers here\n", encoding="utf-8")
    with pytest.raises(ValueError):
        update_rules_doc(copy)


def test_every_rule_marker_names_a_section() -> None:
    used: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        for match in RULE_MARK.finditer(path.read_text(encoding="utf-8")):
            used.setdefault(match.group("id"), []).append(path.name)
    assert used, "expected at least one rule marker (this file uses one)"
    unknown = {section: files for section, files in used.items()
               if section not in SECTION_IDS}
    assert not unknown, f"rule markers naming no section of docs/rules.md: {unknown}"


def test_every_action_names_an_existing_rules_section() -> None:
    from game.core.actions import ACTION_TYPES

    text = RULES.read_text(encoding="utf-8")
    for kind, cls in ACTION_TYPES.items():
        assert cls.rule, kind
        assert f"\n{{#{cls.rule}}}\n" in text, (kind, cls.rule)


def test_every_section_has_a_summary_and_the_app_reads_them_from_the_reference() -> None:
    """The app's rule summaries (tooltips) are the reference's own "In short" lines."""
    from ui.words.rulebook import summaries
    from ui.words.rules import SECTIONS, tip

    found = summaries(_doc())
    assert sorted(found) == sorted(SECTION_IDS)
    assert {k: v for k, v in found.items() if not v[1]} == {}
    assert found == SECTIONS
    assert found["support"][0] == "Supporting Maneuvers"  # the "A." of the heading is dropped
    assert tip("tie") == f"{found['tie'][1].rstrip('.')} (rules: Ties)"


def test_the_reference_names_no_source_file() -> None:
    paths = re.findall(r"\b(?:game|ui|scripts|docs)/[\w./*-]+|\b\w+\.(?:py|toml)\b", _doc())
    assert paths == []
