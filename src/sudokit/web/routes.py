"""The JSON API: one small async function per route, each reading a JSON object and answering one.

Each route reads the request (within the body limit), hands the work to :mod:`sudokit.web.service`
in a worker thread (a bounded pool: the C core releases the GIL, so requests run side by side)
and answers with the same fields and status words as the command line's ``--json`` lines.
Bad input is a 4xx answer ``{"status": "invalid", "error": "<the named problem>"}``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import anyio.to_thread
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from sudokit import SudokuError
from sudokit.web import service

__all__ = ["ROUTES", "RequestError", "error_answer"]


class RequestError(Exception):
    """A request the API refuses, with the HTTP status and the sentence that says why."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


def error_answer(status_code: int, message: str, kind: str = "invalid") -> JSONResponse:
    """The JSON answer to a refused request: ``{"status": "invalid", "error": ...}``."""
    return JSONResponse({"status": kind, "error": message}, status_code=status_code)


async def read_body(request: Request) -> bytes:
    """The request body, refused with 413 as soon as it passes the server's size limit."""
    limit: int = request.app.state.settings.max_body_bytes
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise RequestError(413, f"request body of {declared} bytes is over the limit of {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise RequestError(413, f"request body is over the limit of {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # the client left mid-body: nobody to answer, nothing to log
        raise RequestError(400, "the client disconnected before the request body ended") from None
    return b"".join(chunks)


async def read_json(request: Request) -> dict[str, Any]:
    """The request body as a JSON object (400 when it is not one)."""
    body = await read_body(request)
    try:
        data = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise RequestError(400, f"request body is not UTF-8 text (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise RequestError(400, f"request body is not JSON: line {exc.lineno}, column {exc.colno}: "
                                f"{exc.msg}") from exc
    except RecursionError:
        raise RequestError(400, "request body is JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise RequestError(400, f"request body must be a JSON object, not {type(data).__name__}")
    return data


def _field(data: dict[str, Any], name: str) -> Any:
    """A required field of the request (400 naming it when missing)."""
    if name not in data:
        raise RequestError(400, f"missing field {name!r}")
    return data[name]


async def run(request: Request, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run library work in the bounded worker pool with the server's limits."""
    limits = request.app.state.settings.limits()
    call = partial(work, *args, limits, **kwargs)
    try:
        return await anyio.to_thread.run_sync(call, limiter=request.app.state.limiter)
    except SudokuError as exc:
        raise RequestError(400, str(exc)) from exc


def _answer(data: dict[str, Any]) -> JSONResponse:
    """A JSON answer (always 200: no_solution, multiple, limit_reached are answers, not errors)."""
    return JSONResponse(data)


async def solve(request: Request) -> Response:
    """POST /api/solve {"puzzle", "first"?}: the unique solution, or why there is none."""
    data = await read_json(request)
    return _answer(await run(request, service.solve, _field(data, "puzzle"), first=bool(data.get("first"))))


def _endpoint(work: Callable[..., dict[str, Any]], name: str, doc: str, field: str = "puzzle",
              **optional: Any) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that runs ``work`` on the request's required ``field`` and its ``optional``
    fields (each with its default) and answers the result as JSON."""
    async def endpoint(request: Request) -> Response:
        data = await read_json(request)
        options = {key: data.get(key, default) for key, default in optional.items()}
        return _answer(await run(request, work, _field(data, field), **options))

    endpoint.__name__ = endpoint.__qualname__ = name
    endpoint.__doc__ = doc
    return endpoint


link = _endpoint(service.link, "link", """POST /api/link {"link"}: a SudokuPad or f-puzzles link opened to
play (as /api/solve answers, with every constraint's drawing), or its named reason for refusing.""", "link")
count = _endpoint(service.count, "count", """POST /api/count {"puzzle", "limit"?}: the number of
solutions up to the limit.""", limit=None)
rate = _endpoint(service.rate, "rate", """POST /api/rate {"puzzle", "time_limit"?}: ER/EP/ED, level and
score.""", time_limit=None)
hint = _endpoint(service.hint, "hint", """POST /api/hint {"puzzle", "grid"?, "marks"?, "level"?}: the
next step at hint level 1, 2 or 3.""", grid=None, marks=None, level=3, time_limit=None)
broken = _endpoint(service.broken, "broken", """POST /api/broken {"puzzle", "grid"?}: the rules the
player's filled cells already break (every kind: regions, cages, thermometers, dots…) and the cells at
fault, for live marking.""", grid=None)
explain = _endpoint(service.explain, "explain", """POST /api/explain {"puzzle", "time_limit"?}: the
whole solving path, step by step.""", time_limit=None)
validate = _endpoint(service.validate, "validate", """POST /api/validate {"puzzle"}: valid? unique?
minimal? and its rating.""", time_limit=None)


async def generate(request: Request) -> Response:
    """POST /api/generate {"size"?, "box"?, "difficulty"?, "technique"?, "symmetry"?, ...}: a new puzzle."""
    data = await read_json(request)
    return _answer(await run(request, service.generate, data))


async def batch(request: Request) -> Response:
    """POST /api/batch: a puzzle file (raw text, or JSON {"text", "rate"?}) checked line by line."""
    if request.headers.get("content-type", "").startswith("application/json"):
        data = await read_json(request)
        text, rate_them = _field(data, "text"), bool(data.get("rate"))
        time_limit = data.get("time_limit")
    else:
        body = await read_body(request)
        text, rate_them, time_limit = body.decode("utf-8", errors="replace"), False, None
    return _answer(await run(request, service.batch, text, rate_them=rate_them, time_limit=time_limit))


async def render(request: Request) -> Response:
    """POST /api/render {"puzzle", "grid"?, "size"?}: the grid as an SVG picture."""
    data = await read_json(request)
    svg = await run(request, service.render, _field(data, "puzzle"), grid=data.get("grid"),
                    size=data.get("size"))
    return Response(svg, media_type="image/svg+xml")


#: (path, endpoint) of every API route; all take POST.
ROUTES: tuple[tuple[str, Callable[[Request], Any]], ...] = (
    ("/api/solve", solve),
    ("/api/link", link),
    ("/api/count", count),
    ("/api/rate", rate),
    ("/api/hint", hint),
    ("/api/broken", broken),
    ("/api/explain", explain),
    ("/api/generate", generate),
    ("/api/validate", validate),
    ("/api/batch", batch),
    ("/api/render", render),
)
