"""The web application: :func:`create_app` builds a Starlette app from :class:`Settings`.

Routes: ``GET /`` (the page: play, learn, make, batch), ``/static/…`` (the page's own JS and
CSS, shipped in the package) and the JSON API of :mod:`sudokit.web.routes`. No sessions and no
server-side state besides the settings: games live in the visitor's browser (localStorage).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import sudokit
from sudokit.generation.kinds import offered
from sudokit.web import routes
from sudokit.web.glossary import GLOSSARY
from sudokit.web.service import Limits

__all__ = ["Settings", "create_app"]

_HERE = Path(__file__).parent
_LOG = logging.getLogger("sudokit.web")

#: Sent with every answer: only this server's own scripts, styles and pictures; no framing.
_SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
     b"object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


@dataclass(frozen=True)
class Settings:
    """What the server allows one request: body size, seconds of work, grid side, batch lines, threads.

    >>> Settings(time_limit=5.0).limits().time_limit
    5.0
    """

    max_body_bytes: int = 1_000_000
    time_limit: float = 10.0
    generate_time_limit: float = 60.0
    max_batch_lines: int = 2000
    max_n: int = 16
    max_count: int = sudokit.COUNT_LIMIT
    workers: int = min(4, (os.cpu_count() or 1) + 1)
    #: Host names the server answers to (``None``: any); :func:`sudokit.web.serve.serve` sets the
    #: loopback names when it listens on 127.0.0.1, which stops DNS-rebinding pages.
    allowed_hosts: tuple[str, ...] | None = None

    def limits(self) -> Limits:
        """The per-request limits handed to the library adapter."""
        return Limits(time_limit=self.time_limit, generate_time_limit=self.generate_time_limit,
                      max_n=self.max_n, max_count=self.max_count, max_batch_lines=self.max_batch_lines)


class SecurityHeaders:
    """ASGI middleware adding :data:`_SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the answer's start message."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + _SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def index(request: Request) -> Response:
    """GET /: the one page (play, learn, make, batch tabs)."""
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(request, "index.html", {"version": sudokit.__version__,
                                                              "glossary": sorted(GLOSSARY.items()),
                                                              "generated": offered()})


async def _request_error(request: Request, exc: Exception) -> Response:
    """A refused request as JSON."""
    assert isinstance(exc, routes.RequestError)
    return routes.error_answer(exc.status_code, exc.message)


async def _http_error(request: Request, exc: Exception) -> Response:
    """404, 405 and friends as JSON, like every other answer of the API."""
    assert isinstance(exc, HTTPException)
    detail = exc.detail
    if exc.status_code == 404:
        detail = f"not found: {request.url.path}"
    elif exc.status_code == 405:
        detail = f"method {request.method} not allowed on {request.url.path}"
    return JSONResponse({"status": "invalid", "error": detail}, status_code=exc.status_code,
                        headers=exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    """An unexpected failure: logged here, answered without a traceback."""
    _LOG.exception("error answering %s %s", request.method, request.url.path)
    return JSONResponse({"status": "error", "error": f"internal error ({type(exc).__name__})"},
                        status_code=500)


def _routes() -> list[BaseRoute]:
    """The page, the static files and the API."""
    table: list[BaseRoute] = [Route("/", index, methods=["GET"])]
    table += [Route(path, endpoint, methods=["POST"]) for path, endpoint in routes.ROUTES]
    table.append(Mount("/static", StaticFiles(directory=_HERE / "static"), name="static"))
    return table


def create_app(settings: Settings | None = None) -> Starlette:
    """Build the app; ``settings`` default to :class:`Settings`'s values."""
    settings = settings or Settings()
    middleware = [Middleware(SecurityHeaders)]
    if settings.allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts)))
    handlers: dict[Any, Any] = {
        routes.RequestError: _request_error,
        HTTPException: _http_error,
        Exception: _server_error,
    }
    app = Starlette(routes=_routes(), middleware=middleware, exception_handlers=handlers)
    app.state.settings = settings
    app.state.limiter = anyio.CapacityLimiter(settings.workers)
    app.state.templates = Jinja2Templates(directory=str(_HERE / "templates"))
    return app
