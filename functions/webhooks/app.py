"""Routes of /www/webhooks: the caller's subscriptions (rules: backoffice.webhooks.subscriptions)."""

from __future__ import annotations

from typing import Annotated

from backoffice.http.openapi import documented, request_headers
from backoffice.http.resolver import (
    Body,
    Path,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    no_content,
    once,
)
from backoffice.platform.roles import OPERATOR
from backoffice.webhooks import subscriptions
from backoffice.webhooks.subscriptions import WebhookIn, WebhookPatch, Who

app = make_resolver()

WebhookId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]
IDEMPOTENT = request_headers("Idempotency-Key")


def _who() -> Who:
    who = caller(app)
    return Who(who.user, OPERATOR in who.roles)


@app.post(
    "/www/webhooks",
    summary="Subscribe a URL to events; the signing secret is answered this once",
    responses=documented(201, "WebhookMitSecret", description="The subscription and its secret", errors=(409,)),
    openapi_extensions=IDEMPOTENT,
)
def create(body: Annotated[WebhookIn, Body()]) -> Response[str]:
    who = _who()

    def _create() -> Response[str]:
        view, secret = subscriptions.create(body, who)
        return created_response({"data": {**view, "secret": secret}})

    return once(app, "webhooks-post", _create)


@app.get(
    "/www/webhooks",
    summary="List the caller's subscriptions (the operator's: all)",
    responses=documented(200, "WebhookListe", description="The subscriptions"),
)
def list_webhooks() -> Response[str]:
    return json_response({"data": subscriptions.listed(_who())})


@app.get(
    "/www/webhooks/<id>",
    summary="Read a subscription",
    responses=documented(200, "WebhookAntwort", description="The subscription", errors=(404,)),
)
def read(id: WebhookId) -> Response[str]:  # noqa: A002 - the path's name
    return json_response({"data": subscriptions.get(id, _who())})


@app.patch(
    "/www/webhooks/<id>",
    summary="Change a subscription's url, events or enabled",
    responses=documented(200, "WebhookAntwort", description="The subscription after the change", errors=(404, 409)),
    openapi_extensions=IDEMPOTENT,
)
def patch(id: WebhookId, body: Annotated[WebhookPatch, Body()]) -> Response[str]:  # noqa: A002
    who = _who()
    return once(app, "webhooks-patch", lambda: json_response({"data": subscriptions.patch(id, body, who)}))


@app.delete(
    "/www/webhooks/<id>",
    summary="Remove a subscription",
    responses=documented(204, description="The subscription is removed", errors=(404,)),
)
def delete(id: WebhookId) -> Response[str]:  # noqa: A002
    subscriptions.delete(id, _who())
    return no_content()


@app.post(
    "/www/webhooks/<id>/secret",
    summary="Rotate the signing secret; the old one keeps signing for 24 hours",
    responses=documented(201, "WebhookMitSecret", description="The subscription and its new secret", errors=(404, 409)),
    openapi_extensions=IDEMPOTENT,
)
def rotate(id: WebhookId) -> Response[str]:  # noqa: A002
    who = _who()

    def _rotate() -> Response[str]:
        view, secret = subscriptions.rotate(id, who)
        return created_response({"data": {**view, "secret": secret}})

    return once(app, "webhooks-secret", _rotate)


lambda_handler = entrypoint(app)
