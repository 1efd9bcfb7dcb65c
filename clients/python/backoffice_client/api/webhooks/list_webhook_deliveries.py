from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.webhook_zustellung_liste import WebhookZustellungListe
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    before: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_before: None | str | Unset
    if isinstance(before, Unset):
        json_before = UNSET
    else:
        json_before = before
    params["before"] = json_before

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/webhooks/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | WebhookZustellungListe | None:
    if response.status_code == 200:
        response_200 = WebhookZustellungListe.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = ErrorBody.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = ErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | WebhookZustellungListe]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    before: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[ErrorBody | WebhookZustellungListe]:
    """List a subscription's deliveries, newest first, with their attempts

     Each delivery with its event and its attempts (time, status or `refused: ...`, duration_ms); kept 30
    days. The next page is links rel `next` (the `before` cursor).

    Args:
        id (str):
        before (None | str | Unset): the cursor of links next; none: the newest
        limit (int | Unset): deliveries per page Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookZustellungListe]
    """

    kwargs = _get_kwargs(
        id=id,
        before=before,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    before: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> ErrorBody | WebhookZustellungListe | None:
    """List a subscription's deliveries, newest first, with their attempts

     Each delivery with its event and its attempts (time, status or `refused: ...`, duration_ms); kept 30
    days. The next page is links rel `next` (the `before` cursor).

    Args:
        id (str):
        before (None | str | Unset): the cursor of links next; none: the newest
        limit (int | Unset): deliveries per page Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookZustellungListe
    """

    return sync_detailed(
        id=id,
        client=client,
        before=before,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    before: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[ErrorBody | WebhookZustellungListe]:
    """List a subscription's deliveries, newest first, with their attempts

     Each delivery with its event and its attempts (time, status or `refused: ...`, duration_ms); kept 30
    days. The next page is links rel `next` (the `before` cursor).

    Args:
        id (str):
        before (None | str | Unset): the cursor of links next; none: the newest
        limit (int | Unset): deliveries per page Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WebhookZustellungListe]
    """

    kwargs = _get_kwargs(
        id=id,
        before=before,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    before: None | str | Unset = UNSET,
    limit: int | Unset = 20,
) -> ErrorBody | WebhookZustellungListe | None:
    """List a subscription's deliveries, newest first, with their attempts

     Each delivery with its event and its attempts (time, status or `refused: ...`, duration_ms); kept 30
    days. The next page is links rel `next` (the `before` cursor).

    Args:
        id (str):
        before (None | str | Unset): the cursor of links next; none: the newest
        limit (int | Unset): deliveries per page Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WebhookZustellungListe
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            before=before,
            limit=limit,
        )
    ).parsed
