"""The screens and dialogs over the table as HTML, pure: start, New game, saves and replays,
the end, the post-game report, online play's panels and chat."""
