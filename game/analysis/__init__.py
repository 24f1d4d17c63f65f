"""What is built on whole games: their history and undo barriers, sampling of hidden
information, the stakes of an action, the advice of a hint."""
