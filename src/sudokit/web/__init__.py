"""sudokit in the browser: play, learn, make and batch pages over a small JSON API.

Needs the ``web`` extra (``pip install 'sudokit[web]'``: Starlette, uvicorn, Jinja2).
:func:`create_app` builds the app; :func:`sudokit.web.serve.serve` runs it with uvicorn.
"""

from sudokit.web.app import Settings, create_app

__all__ = ["Settings", "create_app"]
