#!/usr/bin/env python3
"""The balance lab's report as a page: a run's JSON (``python -m game lab --json``) as
balance.html and balance.hu.html, for the game's site (scripts/build.py, from the committed
run docs/balance/lab.json) or beside any run of one's own:

    python3 scripts/balance_page.py REPORT.json --out DIR

Every number comes from the run; the page adds words (English and Hungarian) and two charts
drawn by uPlot (the site's pinned charting library, node_modules/uplot) through
public/balance.js: each variant's USSR win rate with its 95% interval, and the share of
games ending in each round. Each chart is aria-hidden; the tables beside carry its numbers.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# No inline script: the charts' numbers travel in a JSON block the page's script reads.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'self'; form-action 'none'")
SCRIPTS = ("vendor/uplot/uPlot.iife.min.js", "balance.js")
STYLES = ("vendor/uplot/uPlot.min.css", "style.css")


@dataclass(frozen=True)
class Language:
    """One version of the page: its file and its words (the run's own words, the variants'
    titles and what they change, are the designers' and stay as they wrote them)."""

    code: str
    page: str
    name: str  # the language in itself, for the link from the other version
    words: dict[str, str]
    comma: bool  # a decimal comma (Hungarian), not a point

    def number(self, value: float, digits: int) -> str:
        text = f"{value:.{digits}f}"
        return text.replace(".", ",") if self.comma else text

    def pct(self, value: float) -> str:
        return f"{self.number(value * 100, 1)}%"

    def points(self, value: float) -> str:
        """A difference of two rates, in percentage points."""
        return f"{'+' if value >= 0 else '-'}{self.number(abs(value) * 100, 1)} {self.words['pts']}"

    def p_value(self, value: float) -> str:
        return f"< {self.number(0.0001, 4)}" if value < 0.0001 else self.number(value, 4)


LANGUAGES = (
    Language("en", "balance.html", "In English", {
        "title": "Balance lab",
        "lead": "What each variant of the rules does, judged by {games} games a variant "
                "between the computer players ({levels}; every pairing of the levels, each "
                "nation on each side). Run with seed {seed}.",
        "variants": "The variants",
        "changes": "Changes",
        "no_change": "None: the rules again, played with other seeds (an A/A control)",
        "wins": "Who wins",
        "wins_chart": "The USSR's win rate, with its 95% interval",
        "length": "How long games last",
        "length_chart": "Share of finished games ending in each round",
        "against": "Against the rules as they are",
        "against_lead": "Each variant's game against the base's game of the same deal and "
                        "levels (paired), two-sided tests at 5%, Holm-corrected over the "
                        "{count} comparisons of the run: a difference marked significant is "
                        "unlikely to be chance.",
        "variant": "Variant", "games": "Games", "usa": "USA wins", "ussr": "USSR wins",
        "interval": "95% interval", "moon": "Moon landings", "popularity": "Popularity ends",
        "budget": "Budget ends", "rounds": "Rounds (mean)", "liftoffs": "Lift-offs a game",
        "success": "Succeed", "measure": "Measure", "difference": "Difference",
        "p": "p-value", "test": "Test", "verdict": "Verdict",
        "significant": "significant", "not_significant": "no significant difference",
        "round": "Round", "share": "Share",
        "USSR win rate": "USSR win rate", "rounds per finished game": "rounds per finished game",
        "Moon landings": "Moon landings", "McNemar's exact test": "McNemar's exact test",
        "paired t-test": "paired t-test",
        "play": "Play the game", "rules": "Rules reference", "pts": "points",
        "random": "random", "easy": "easy", "medium": "medium", "hard": "hard",
        "ismcts": "OpenSpiel's ISMCTS", "mcts": "OpenSpiel's MCTS",
    }, comma=False),
    Language("hu", "balance.hu.html", "Magyarul", {
        "title": "Egyensúly-labor",
        "lead": "Mit tesznek a szabályok változatai: változatonként {games} játszma a gépi "
                "játékosok között ({levels}; a szintek minden párosítása, mindkét nemzet "
                "mindkét oldalon). Kezdőérték (seed): {seed}.",
        "variants": "A változatok",
        "changes": "Változások",
        "no_change": "Nincs: ugyanazok a szabályok, más kezdőértékekkel játszva (A/A kontroll)",
        "wins": "Ki nyer",
        "wins_chart": "A Szovjetunió győzelmi aránya, 95%-os intervallummal",
        "length": "Meddig tart egy játszma",
        "length_chart": "A befejezett játszmák aránya aszerint, hányadik fordulóban értek véget",
        "against": "A jelenlegi szabályokhoz képest",
        "against_lead": "Minden változat játszmája az alapszabályok ugyanazon leosztású és "
                        "szintű játszmájával összevetve (párosítva), kétoldali próbák 5%-os "
                        "szinten, Holm-korrekcióval a futás {count} összehasonlítására: a "
                        "szignifikánsnak jelölt különbség aligha a véletlen műve.",
        # Soft hyphens (\u00ad) in the long words of the column headings: the table of
        # eleven columns fits a wide screen only if they may break.
        "variant": "Változat", "games": "Játszmák", "usa": "USA győzel\u00admek",
        "ussr": "A Szovjet\u00adunió győzel\u00admei", "interval": "95%-os inter\u00advallum",
        "moon": "Holdra szállás", "popularity": "Népszerű\u00adség miatt vége",
        "budget": "Költség\u00advetés miatt vége", "rounds": "Fordulók (átlag)",
        "liftoffs": "Kilövések játsz\u00admánként", "success": "Siker\u00adarány",
        "measure": "Mérőszám", "difference": "Különbség", "p": "p-érték", "test": "Próba",
        "verdict": "Ítélet", "significant": "szignifikáns",
        "not_significant": "nincs szignifikáns különbség", "round": "Forduló", "share": "Arány",
        "USSR win rate": "a Szovjetunió győzelmi aránya",
        "rounds per finished game": "fordulók száma befejezett játszmánként",
        "Moon landings": "Holdra szállások", "McNemar's exact test": "McNemar-féle egzakt "
        "próba", "paired t-test": "páros t-próba",
        "play": "Játék", "rules": "Szabálykönyv", "pts": "százalékpont",
        "random": "véletlen", "easy": "könnyű", "medium": "közepes", "hard": "nehéz",
        "ismcts": "az OpenSpiel ISMCTS-e", "mcts": "az OpenSpiel MCTS-e",
    }, comma=True),
)


def page_html(report: dict[str, Any], lang: Language) -> str:
    """The page of ``report`` (a lab run's JSON) in ``lang``."""
    w = lang.words
    variants = report["variants"]
    other = next(x for x in LANGUAGES if x is not lang)
    games = variants[0]["summary"]["games"]
    comparisons = sum(len(v.get("against_base", [])) for v in variants)
    rules = "rules.html" if lang.code == "en" else f"rules.{lang.code}.html"
    head = (f'<!doctype html>\n<html lang="{lang.code}">\n<head>\n  <meta charset="utf-8">\n'
            f'  <meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"  <title>MOONSHOT · {escape(w['title'])}</title>\n"
            '  <link rel="icon" href="data:,">\n'
            + "".join(f'  <link rel="stylesheet" href="./{css}">\n' for css in STYLES)
            + "".join(f'  <script src="./{js}" defer></script>\n' for js in SCRIPTS)
            + "</head>\n")
    top = (f'<body class="rules-page balance-page">\n<header class="top"><h1>MOONSHOT <small>'
           f'{escape(w["title"])}</small></h1><nav class="tools">'
           f'<a href="./{rules}">{escape(w["rules"])}</a>'
           f'<a href="./index.html">{escape(w["play"])}</a>'
           f'<a href="./{other.page}" hreflang="{other.code}" lang="{other.code}">'
           f'{escape(other.name)}</a></nav></header>\n')
    levels = ", ".join(w.get(level, level) for level in report["levels"])
    lead = w["lead"].format(games=games, levels=levels, seed=report["seed"])
    # an <article> between: the game's own styles lay out main's sections as its boards
    body = [f'<main class="balance-doc"><article>\n<p class="lead">{escape(lead)}</p>',
            _variants(variants, w), _wins(variants, lang), _length(variants, lang),
            _against(variants, lang, comparisons),
            f'<script type="application/json" id="balance-charts">'
            f'{_json_for_html(_charts(variants, w))}</script>\n</article></main>']
    return head + top + "\n".join(body) + "\n</body>\n</html>\n"


def _json_for_html(data: object) -> str:
    """JSON that cannot end its <script> element early."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def _variants(variants: list[dict[str, Any]], w: dict[str, str]) -> str:
    items = []
    for v in variants:
        changes = v["changes"] or ([] if v["name"] == "base" else [w["no_change"]])
        listed = "".join(f"<li><code>{escape(c)}</code></li>" for c in changes)
        about = f"<p>{escape(v['about'])}</p>" if v["about"] else ""
        items.append(f'<li data-variant="{escape(v["name"])}"><strong>{escape(v["title"])}'
                     f'</strong> <code>{escape(v["name"])}</code>{about}'
                     + (f"<ul>{listed}</ul>" if listed else "") + "</li>")
    return (f'<section><h2>{escape(w["variants"])}</h2><ul class="variants">{"".join(items)}'
            "</ul></section>")


def _wins(variants: list[dict[str, Any]], lang: Language) -> str:
    w, pct = lang.words, lang.pct
    heads = ("variant", "games", "usa", "ussr", "interval", "moon", "popularity", "budget",
             "rounds", "liftoffs", "success")
    rows = []
    for v in variants:
        s = v["summary"]
        ussr = s["nations"]["USSR"]
        ends = s["end_reasons"]
        n = s["games"] or 1
        cells = (escape(v["title"]), escape(str(s["games"])), pct(s["nations"]["USA"]["rate"]),
                 pct(ussr["rate"]), f"{pct(ussr['ci95'][0])}\N{EN DASH}{pct(ussr['ci95'][1])}",
                 pct(ends.get("moon_landing", 0) / n), pct(ends.get("popularity", 0) / n),
                 pct(ends.get("budget", 0) / n), lang.number(s["rounds"]["mean"], 2),
                 lang.number(s["launches"]["per_game"], 2), pct(s["launches"]["success"]["rate"]))
        rows.append(f'<tr role="row" data-variant="{escape(v["name"])}">'
                    f'<th scope="row" role="rowheader">{cells[0]}</th>'
                    + "".join(_cell(w[h], c, "num") for h, c in zip(heads[1:], cells[1:],
                                                                     strict=True)) + "</tr>")
    header = _header(heads, w, heads[1:])
    return (f'<section><h2>{escape(w["wins"])}</h2>'
            f'<figure class="balance-chart" data-chart="wins" aria-hidden="true">'
            f'<figcaption>{escape(w["wins_chart"])}</figcaption></figure>'
            f'<div class="balance-table balance-cards"><table role="table"><thead><tr role="row">'
            f'{header}</tr></thead><tbody>'
            f'{"".join(rows)}</tbody></table></div></section>')


def _cell(label: str, content: str, kind: str = "") -> str:
    """A cell that names its column: a wide table's row is a card on a phone, the style
    sheet writing the label beside the value (and the ARIA roles keep it a table for a
    screen reader, which a block layout would not)."""
    cls = f' class="{kind}"' if kind else ""
    return f'<td role="cell"{cls} data-label="{escape(label)}">{content}</td>'


def _header(heads: tuple[str, ...], w: dict[str, str], numeric: tuple[str, ...]) -> str:
    """A table's column headings, the numbers' aligned right."""
    cells = []
    for h in heads:
        kind = ' class="num"' if h in numeric else ""
        cells.append(f'<th scope="col" role="columnheader"{kind}>{escape(w[h])}</th>')
    return "".join(cells)


def _length(variants: list[dict[str, Any]], lang: Language) -> str:
    w, pct = lang.words, lang.pct
    rounds = _rounds(variants)
    header = (f'<th scope="col">{escape(w["round"])}</th>'
              + "".join(f'<th scope="col" class="num">{escape(v["title"])}</th>'
                        for v in variants))
    rows = "".join(
        f'<tr><th scope="row">{r}</th>'
        + "".join(f'<td class="num">{pct(share)}</td>' for share in _shares(variants, r))
        + "</tr>" for r in rounds)
    return (f'<section><h2>{escape(w["length"])}</h2>'
            f'<figure class="balance-chart" data-chart="length" aria-hidden="true">'
            f'<figcaption>{escape(w["length_chart"])}</figcaption></figure>'
            f'<div class="balance-table"><table><thead><tr>{header}</tr></thead><tbody>{rows}'
            f'</tbody></table></div></section>')


def _rounds(variants: list[dict[str, Any]]) -> list[int]:
    found = {int(r) for v in variants for r in v["summary"]["rounds"]["ended_in"]}
    return list(range(min(found), max(found) + 1)) if found else []


def _shares(variants: list[dict[str, Any]], r: int) -> list[float]:
    shares = []
    for v in variants:
        ended = v["summary"]["rounds"]["ended_in"]
        total = sum(ended.values())
        shares.append(ended.get(str(r), 0) / total if total else 0.0)
    return shares


def _against(variants: list[dict[str, Any]], lang: Language, count: int) -> str:
    w = lang.words
    heads = ("variant", "measure", "difference", "p", "test", "verdict")
    numeric = ("difference", "p")
    rows = []
    for v in variants:
        for c in v.get("against_base", []):
            rounds = c["measure"].startswith("rounds")
            diff = (("+" if c["difference"] >= 0 else "") + lang.number(c["difference"], 2)
                    if rounds else lang.points(c["difference"]))
            verdict = w["significant"] if c["significant"] else w["not_significant"]
            measure = w.get(c["measure"], c["measure"])  # an older run's words as they are
            rows.append(f'<tr role="row" data-variant="{escape(v["name"])}" '
                        f'data-significant="{int(c["significant"])}">'
                        f'<th scope="row" role="rowheader">{escape(v["title"])}</th>'
                        + _cell(w["measure"], escape(measure))
                        + _cell(w["difference"], diff, "num")
                        + _cell(w["p"], lang.p_value(c["p"]), "num")
                        + _cell(w["test"], escape(w.get(c["test"], c["test"])))
                        + _cell(w["verdict"], escape(verdict)) + "</tr>")
    header = _header(heads, w, numeric)
    return (f'<section><h2>{escape(w["against"])}</h2>'
            f'<p>{escape(w["against_lead"].format(count=count))}</p>'
            f'<div class="balance-table balance-cards"><table role="table"><thead><tr role="row">'
            f'{header}</tr></thead><tbody>'
            f'{"".join(rows)}</tbody></table></div></section>')


def _charts(variants: list[dict[str, Any]], w: dict[str, str]) -> dict[str, Any]:
    """What public/balance.js draws: numbers and words only."""
    rounds = _rounds(variants)
    return {
        "wins": {"labels": [v["name"] for v in variants],  # short: they sit side by side
                 "rates": [v["summary"]["nations"]["USSR"]["rate"] for v in variants],
                 "low": [v["summary"]["nations"]["USSR"]["ci95"][0] for v in variants],
                 "high": [v["summary"]["nations"]["USSR"]["ci95"][1] for v in variants],
                 "label": w["ussr"]},
        "length": {"rounds": rounds, "xLabel": w["round"], "yLabel": w["share"],
                   "series": [{"label": v["title"],
                               "values": [_shares(variants, r)[i] for r in rounds]}
                              for i, v in enumerate(variants)]},
    }


def write_pages(report: dict[str, Any], out: Path) -> list[Path]:
    """Both languages' pages of ``report`` into ``out``."""
    written = []
    for lang in LANGUAGES:
        path = out / lang.page
        path.write_text(page_html(report, lang), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="a lab run's report as balance.html")
    parser.add_argument("report", type=Path, help="the run's JSON (python -m game lab --json)")
    parser.add_argument("--out", type=Path, required=True,
                        help="a folder: the pages, their script, styles and uPlot")
    args = parser.parse_args(argv)
    report = json.loads(args.report.read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    uplot = ROOT / "node_modules" / "uplot" / "dist"
    if not uplot.is_dir():
        print("balance_page: node_modules/uplot is missing: run npm ci", file=sys.stderr)
        return 1
    (args.out / "vendor" / "uplot").mkdir(parents=True, exist_ok=True)
    for name in ("uPlot.iife.min.js", "uPlot.min.css"):
        shutil.copyfile(uplot / name, args.out / "vendor" / "uplot" / name)
    for name in ("balance.js", "style.css"):
        shutil.copyfile(ROOT / "public" / name, args.out / name)
    for path in write_pages(report, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
