"""What the table holds, pure: players and seats, the choice half made on the board, undo,
saved games, replays, the Tutorial's script and online invitation codes."""
