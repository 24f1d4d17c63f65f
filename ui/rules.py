"""Rules in the app: one-line explanations of the rules sections and links into rules.html.

rules.html is docs/rules.md built by scripts/build.py; every section has a stable anchor.
The "?" links carry ``data-open-rule``: the app opens its rules panel at that section (an
``<iframe>``); before the app has booted they are plain links to the page.
"""

from __future__ import annotations

from .html import attrs, e

PAGE = "rules.html"

# section id -> (title, one-line explanation)
SECTIONS: dict[str, tuple[str, str]] = {
    "setup": ("Setup", "How a game starts"),
    "round": ("The round", "Discussion, simultaneous actions, launches, end of round"),
    "discussion": ("Strategic discussion", "A team of two players may talk for 2 minutes"),
    "maneuvers": ("Maneuver cards", "Play a card on one of your own places, or pass; passing "
                  "is not final"),
    "support": ("Supporting Maneuvers", "Place at least two face-down tokens on stacks; only "
                "Influence counts, Bluff counts zero"),
    "announce": ("Announcing a Mission", "Reveal the top Mission of a level 1-3 deck with its "
                 "Risk cards (at most 3 active)"),
    "influence": ("Increasing Influence", "Once per round: give up X Popularity for X extra "
                  "Influence tokens"),
    "launch-decision": ("Decision to launch", "The Politician's last action: launch toward a "
                        "Mission, or abort (-1 Popularity)"),
    "eng-line": ("Install from the Development Line", "Pay 7 and install one of your line's "
                 "tiles; the line refills"),
    "eng-research": ("Research", "Pay 10: draw two tiles, keep one, the other goes on the "
                     "Research pile"),
    "eng-pile": ("Install from the Research pile", "Pay 10 and install the top tile of the "
                 "Research pile"),
    "eng-suppliers": ("Development tile to Suppliers", "Free: move a line tile to the 8$ "
                      "space; it is delivered later"),
    "eng-module": ("Ordering a Module", "Pay the space's price (8, 13 or 20) to queue a Module "
                   "for delivery"),
    "eng-test": ("Testing", "Pay 4 to put a Test token on a face-up Risk card: +1 to your "
                 "rolls on it"),
    "eng-sabotage": ("Anti-Sabotage", "Pay 10 + X to remove X Sabotage markers"),
    "eng-payload": ("Preparing a payload", "Buy a payload marker for an empty Payload tile"),
    "eng-test-steal": ("Test Steal", "Spend a token to turn a rival Test token into yours"),
    "eng-tech-steal": ("Tech Steal", "Spend a token to install a tile of the rival's line "
                       "for free"),
    "eng-pass": ("Passing", "No more Engineer actions this round"),
    "blueprint": ("The Rocket Blueprint", "3x5 tiles: each later tile must touch an installed "
                  "one; matched edges add +1"),
    "parameters": ("Rocket Parameters", "S, E and C: centre icons, matched pairs and active "
                   "Module bonuses"),
    "modules": ("Modules", "A Module adds its bonus while its region condition holds"),
    "adaptivity": ("Adaptivity", "Split Module Adaptivity among S, E and C before a launch"),
    "delivery": ("Suppliers line and deliveries", "Items slide one space each round end and "
                 "are delivered off the line"),
    "launches": ("Launches", "Delay checks, then one risk roll per Risk card in path order"),
    "risk-roll": ("The risk roll", "Roll, add your Test tokens, compare the rocket with the "
                  "range's minimums"),
    "mission-success": ("Mission success", "Claim the reward, or explore a Moon risk instead"),
    "moon": ("The Moon Landing", "Opens once a level-3 Mission was completed; the first "
             "landing wins"),
    "end-of-round": ("End of round", "Budget, deliveries, Maneuver evaluation, refills, "
                     "income"),
    "evaluation": ("Evaluating a Maneuver", "More Influence wins the card's reward; the rival's "
                   "more is an Obstruction"),
    "tie": ("Ties", "On equal Influence, pay 2 Popularity to win or concede an Obstruction"),
    "escalation": ("Escalation", "Postpone evaluation to raise the stack's level"),
    "obstruction": ("Obstruction", "A rival Maneuver defeated by your Influence"),
    "places": ("Politics-board places", "Each place's printed effect pays while it is free"),
    "end-game": ("End of the game", "Moon Landing, Popularity 0, or a wide Budget gap"),
    "preview": ("The preview ruleset", "The older web preview's rules, as an option"),
    "glossary": ("Glossary", "Every game term in one line"),
}


def title(section: str) -> str:
    return SECTIONS.get(section, (section.replace("-", " ").capitalize(), ""))[0]


def tip(section: str) -> str:
    """One line for a ``title`` attribute: the rule's gist and where to read it."""
    name, gist = SECTIONS.get(section, (title(section), ""))
    return f"{gist} (rules: {name})" if gist else f"Rules: {name}"


def rule_link(section: str, text: str = "?", cls: str = "rule-q") -> str:
    """A link to a rules section that the app opens in its rules panel."""
    return (f'<a class="{e(cls)}" href="{PAGE}#{e(section)}"'
            f'{attrs(data_open_rule=section, data_testid="rule-link")} '
            f'title="Rules: {e(title(section))}" aria-label="Rules: {e(title(section))}">'
            f"{e(text)}</a>")


def panel_html(section: str) -> str:
    """The rules panel: the rules page in a frame, opened at ``section``."""
    src = f"{PAGE}#{section}" if section else PAGE
    return (f'<div class="rules-panel" role="dialog" aria-modal="true" aria-label="Rules">'
            f'<div class="rp-h"><h2>Rules</h2>'
            f'<a href="{PAGE}#glossary"{attrs(data_open_rule="glossary")}>Glossary</a>'
            f'<a href="{e(src)}" target="_blank" rel="noopener">Open in a tab</a>'
            f'<button data-cmd="close-rules" data-testid="close-rules">Close ✕</button></div>'
            f'<iframe src="{e(src)}" title="Rules reference" data-testid="rules-frame">'
            f"</iframe></div>")
