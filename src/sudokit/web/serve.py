"""Run the web app with uvicorn: ``serve(host, port, open_browser)`` (``sudokit serve`` calls it)."""

from __future__ import annotations

import ipaddress
import sys
import threading
import webbrowser
from dataclasses import replace

from sudokit.web.app import Settings, create_app

__all__ = ["LOOPBACK_NAMES", "is_loopback", "serve"]

#: The host names a loopback-only server answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")


def is_loopback(host: str) -> bool:
    """True when ``host`` is a loopback address or ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def warning_for(host: str) -> str | None:
    """The warning printed when the server listens beyond this machine (``None`` on loopback)."""
    if is_loopback(host):
        return None
    return (f"warning: listening on {host}: other machines can reach this server; it has no "
            "login, so anyone who can connect can use it")


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          settings: Settings | None = None) -> None:
    """Serve the app until interrupted; on loopback, answer only to loopback host names.

    On any other host a warning that other machines can reach the server goes to standard error.
    """
    import uvicorn

    settings = settings or Settings()
    warning = warning_for(host)
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
    elif settings.allowed_hosts is None:
        settings = replace(settings, allowed_hosts=LOOPBACK_NAMES)
    app = create_app(settings)
    url = f"http://{'localhost' if is_loopback(host) else host}:{port}/"
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    print(f"sudokit serving on {url} (Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
