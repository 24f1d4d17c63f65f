"""Words the player reads: the language, names of things, the log's narration, warnings and
the rules' summaries (pure: no state, no DOM)."""
