"""Controllers: each owns one part of the app's behaviour (the turn loop, input, saves,
replays, the report, hints, the Tutorial, overlays, New game, the computer players) and
reaches the rest only through what the app gives it (online play and the embed's page are
:mod:`ui.links`)."""
