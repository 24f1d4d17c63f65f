"""The screen's loop: what a person can ask of it as typed messages (``messages.py``), each
decoded once from the page and carried out by its one handler."""
