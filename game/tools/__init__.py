"""The developers' tools: the command line (``python -m game``), simulations, the rules
reference, AI tournaments and leagues, calibration. Not shipped to the browser: the build
leaves this package out of app.zip."""
