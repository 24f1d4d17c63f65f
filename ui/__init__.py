"""Browser UI of Moonshot: PyScript modules that render the engine's views as DOM."""
