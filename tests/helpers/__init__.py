"""Helpers every test folder shares: where things are (``paths``), the command line in this
process (``cli``), and processes started so that they always stop (``processes``)."""
