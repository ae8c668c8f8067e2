"""``sudokit serve``: the web pages and the JSON API (:func:`sudokit.web.serve.serve`) until Ctrl-C.

Needs the ``web`` extra (``pip install 'sudokit[web]'``); without it the command says so and
exits with status 2. On a host other than loopback the server warns, on standard error, that
other machines can reach it.
"""

from __future__ import annotations

import argparse
import sys

from sudokit.cli.options import EXIT_OK, EXIT_USAGE, number

__all__ = ["add_arguments", "run"]


def _port(text: str) -> int:
    """Parse a TCP port number."""
    return number(text, int, "port", lambda v: 0 <= v <= 65535, "a port is a number from 0 to 65535")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit serve``."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--open", action="store_true", help="open the pages in a web browser")


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit serve``."""
    try:
        import uvicorn  # noqa: F401  (checked here: serve() imports it when it starts)

        from sudokit.web.serve import serve
    except ImportError as exc:
        print(f"sudokit serve: the web pages need the web extra: pip install 'sudokit[web]' ({exc})",
              file=sys.stderr)
        return EXIT_USAGE
    serve(args.host, args.port, open_browser=args.open)
    return EXIT_OK
