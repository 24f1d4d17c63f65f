"""The rules of Moonshot, one concern per module, under the :class:`game.engine.Game` facade.

Every module here works on a :class:`~game.rules.position.Position` (the state, the content
and ruleset, and the events of the action being applied) and imports nothing above this
package, so the engine, the analysis and the AI import the rules, never the other way round:

- :mod:`~game.rules.terms`: seats, phases, rulesets, Politics-board places, a nation's rival;
- :mod:`~game.rules.position`: the position, and the steps every phase shares (events,
  Popularity, effects, the end of the game, payloads);
- :mod:`~game.rules.turns`: which seats may act now;
- :mod:`~game.rules.legal`: every legal action of a seat, and why an action is refused;
- :mod:`~game.rules.phases.politics`: phases 1 and 2 (discussion, Maneuvers, Politicians);
- :mod:`~game.rules.phases.engineering`: the Engineers' actions;
- :mod:`~game.rules.phases.launches`: phase 3;
- :mod:`~game.rules.phases.administration`: phase 4 and the end of a round;
- :mod:`~game.rules.flow`: each action's handler, the steps between phases, a new round;
- :mod:`~game.rules.setup`: the state of a new game;
- :mod:`~game.rules.saving`: the save format.
"""
