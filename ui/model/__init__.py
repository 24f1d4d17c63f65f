"""What the table holds, pure: the table's state (one object, changed by its own methods),
players and seats, the choice half made on the board, undo, saved games, replays, the
Tutorial's script and online invitation codes; and the roles the controllers play for one
another (``roles.py``: Protocols only, here so that every controller may import them)."""
