"""The rules of each phase's actions: Politics (discussion, Maneuvers, support, missions,
launch decisions), Engineering, the launches and Administration. Each module ends with its
table of action handlers (:mod:`game.rules.handlers`)."""
