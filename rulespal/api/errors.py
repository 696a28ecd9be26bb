"""Every domain error mapped to its HTTP status and JSON body, in one place."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine import PositionError
from rulespal.errors import (
    EmptyQuestion,
    NoEngine,
    NotRemovable,
    QuestionTooLong,
    RulesPalError,
    UnknownGame,
    UnknownSection,
    UploadRefused,
    WhichGame,
)

UPLOAD_STATUS = {"forbidden": 403, "too_large": 413, "unsupported": 415}  # else 422, naming the file


class RateLimited(RulesPalError):
    """A client that spent its request budget; it may retry after `retry_after` seconds."""

    def __init__(self, retry_after: float):
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(f"too many requests; retry in {self.retry_after} s")


class ChatUnavailable(RulesPalError):
    """The chat model could not be built (e.g. the local model is not installed)."""


UNPARSABLE_BODY = "There was an error parsing the body"  # FastAPI's detail when JSON decoding itself fails


def _problems(items: Sequence[tuple[Sequence[str | int], str, str]]) -> dict[str, Any]:
    return {"detail": [{"loc": list(loc), "msg": msg, "type": kind} for loc, msg, kind in items]}


def error_body(exc: Exception) -> tuple[int, dict[str, Any], dict[str, str]]:
    """Status, JSON body and headers for a domain error (also used for `error` events of the chat stream)."""
    if isinstance(exc, (UnknownGame, UnknownSection)):
        return 404, {"detail": str(exc), "known": list(exc.known)}, {}
    if isinstance(exc, NoEngine):
        return 404, {"detail": str(exc), "known": []}, {}
    if isinstance(exc, PositionError):
        return 422, _problems([(("body", *e.loc), e.msg, "position") for e in exc.errors]), {}
    if isinstance(exc, EmptyQuestion):
        return 422, _problems([(("body", "question"), str(exc), "empty")]), {}
    if isinstance(exc, WhichGame):
        return 422, {**_problems([(("body", "game"), str(exc), "which_game")]), "candidates": list(exc.candidates)}, {}
    if isinstance(exc, QuestionTooLong):
        return 413, {"detail": str(exc)}, {}
    if isinstance(exc, RateLimited):
        return 429, {"detail": str(exc), "retry_after": exc.retry_after}, {"Retry-After": str(exc.retry_after)}
    if isinstance(exc, UploadRefused):
        if exc.reason in UPLOAD_STATUS:
            return UPLOAD_STATUS[exc.reason], {"detail": str(exc)}, {}
        return 422, _problems([(("body", "file"), str(exc), exc.reason)]), {}
    if isinstance(exc, NotRemovable):
        return 409, {"detail": str(exc)}, {}
    if isinstance(exc, ChatUnavailable):
        return 503, {"detail": str(exc)}, {}
    return 400, {"detail": str(exc)}, {}


async def _domain_error(_request: Request, exc: Exception) -> JSONResponse:
    status, body, headers = error_body(exc)
    return JSONResponse(body, status_code=status, headers=headers)


# Starlette types every handler as taking an Exception; the two below are registered for one class each and narrow.
async def _request_invalid(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)  # registered for RequestValidationError only
    items = [(e.get("loc", ()), e.get("msg", "invalid value"), e.get("type", "value_error")) for e in exc.errors()]
    return JSONResponse(jsonable_encoder(_problems(items)), status_code=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    """FastAPI's own errors as they are, except a body it could not parse at all (not UTF-8, nested too deeply):
    that is bad input, a 422 naming the body like every other."""
    assert isinstance(exc, StarletteHTTPException)  # registered for StarletteHTTPException only
    if exc.status_code == 400 and exc.detail == UNPARSABLE_BODY:
        msg = "the request body is not readable JSON (not UTF-8, or nested too deeply)"
        return JSONResponse(_problems([(("body",), msg, "json_invalid")]), status_code=422)
    return await http_exception_handler(request, exc)


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn domain errors into HTTP responses."""
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RulesPalError, _domain_error)
    app.add_exception_handler(PositionError, _domain_error)
    app.add_exception_handler(RequestValidationError, _request_invalid)
