"""Routes of /www/webhooks: the caller's subscriptions (rules: backoffice.webhooks.subscriptions)."""

from __future__ import annotations

from typing import Annotated

from backoffice.http.openapi import documented, request_headers
from backoffice.http.resolver import (
    Body,
    Path,
    Query,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    no_content,
    once,
    request_base,
)
from backoffice.links import link
from backoffice.platform.roles import OPERATOR
from backoffice.webhooks import deliveries, delivery, subscriptions
from backoffice.webhooks.subscriptions import WebhookIn, WebhookPatch, Who

app = make_resolver()

WebhookId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]
DeliveryId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")]
IDEMPOTENT = request_headers("Idempotency-Key")


def _who() -> Who:
    who = caller(app)
    return Who(who.user, OPERATOR in who.roles, who.webshop)


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


@app.get(
    "/www/webhooks/<id>/deliveries",
    summary="List a subscription's deliveries, newest first, with their attempts",
    description="Each delivery with its event and its attempts (time, status or `refused: ...`, duration_ms);"
    " kept 30 days. The next page is links rel `next` (the `before` cursor).",
    responses=documented(200, "WebhookZustellungListe", description="A page of deliveries", errors=(404,)),
)
def list_deliveries(
    id: WebhookId,  # noqa: A002
    before: Annotated[
        str | None,
        Query(max_length=64, pattern=r"^[0-9a-f]+$", description="the cursor of links next; none: the newest"),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=deliveries.MAX_LIMIT, description="deliveries per page")] = 20,
) -> Response[str]:
    found, cursor = delivery.listed(id, _who(), before, limit)
    links = [link(request_base(app), f"/www/webhooks/{id}/deliveries?before={cursor}&limit={limit}", "next")]
    return json_response({"data": found, "links": links if cursor else []})


@app.post(
    "/www/webhooks/<id>/deliveries/<delivery_id>/redeliver",
    summary="Send a delivery's event again, with the same webhook-id",
    description="One attempt from the queue, added to the delivery's attempts; the receiver deduplicates by"
    " webhook-id. The subscription's order of events does not wait for it.",
    responses=documented(202, "WebhookZustellungAntwort", description="The delivery, queued", errors=(404,)),
)
def redeliver(id: WebhookId, delivery_id: DeliveryId) -> Response[str]:  # noqa: A002
    return json_response({"data": delivery.redeliver(id, delivery_id, _who())}, status=202)


@app.post(
    "/www/webhooks/<id>/test",
    summary="Send a webhook.test event to the subscription",
    description="A `webhook.test` event without `sequence`, signed like every delivery, sent once from the queue;"
    " its outcome appears in the deliveries list.",
    responses=documented(202, "WebhookZustellungAntwort", description="The test delivery, queued", errors=(404,)),
)
def send_test(id: WebhookId) -> Response[str]:  # noqa: A002
    return json_response({"data": delivery.test(id, _who())}, status=202)


lambda_handler = entrypoint(app)
