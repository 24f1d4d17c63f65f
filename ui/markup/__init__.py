"""The table as HTML, pure (a view in, a string out): boards, centre, tiles, the action bar,
hints, the log and the launch show."""
