"""The engine's core: data and arithmetic without rules (errors, the bounded reader of
outside text, the registry of event kinds, the random generator, the content, actions, the
state, the blueprint, effects, the die arithmetic). It imports nothing else of the game."""
