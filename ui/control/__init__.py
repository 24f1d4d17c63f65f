"""Controllers: each owns one part of the app's behaviour (the turn loop, input, saves,
replays, the report, hints, the Tutorial, overlays, the start screen and New game, sound, the
computer players) and reaches the others only through the roles it is given
(:mod:`ui.model.roles`: narrow Protocols named for what their part offers), never by importing
them (online play and the embed's page are :mod:`ui.links`)."""
