from http import HTTPStatus
from typing import Any, Literal

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.zahlung_liste import ZahlungListe
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: Literal["offen"],
    limit: int | Unset = 100,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["status"] = status

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/zahlungen",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ZahlungListe | None:
    if response.status_code == 200:
        response_200 = ZahlungListe.from_dict(response.json())

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
) -> Response[ErrorBody | ZahlungListe]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    limit: int | Unset = 100,
    offset: int | Unset = 0,
) -> Response[ErrorBody | ZahlungListe]:
    """List the payments no invoice could be matched to (status=offen)

     Oldest booking first, until assigned with POST /www/zahlungen/{id}/zuordnung; `count` is all of
    them, the next page is links rel `next`.

    Args:
        status (Literal['offen']): offen: the unmatched payments
        limit (int | Unset): payments per page Default: 100.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ZahlungListe]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    limit: int | Unset = 100,
    offset: int | Unset = 0,
) -> ErrorBody | ZahlungListe | None:
    """List the payments no invoice could be matched to (status=offen)

     Oldest booking first, until assigned with POST /www/zahlungen/{id}/zuordnung; `count` is all of
    them, the next page is links rel `next`.

    Args:
        status (Literal['offen']): offen: the unmatched payments
        limit (int | Unset): payments per page Default: 100.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ZahlungListe
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    limit: int | Unset = 100,
    offset: int | Unset = 0,
) -> Response[ErrorBody | ZahlungListe]:
    """List the payments no invoice could be matched to (status=offen)

     Oldest booking first, until assigned with POST /www/zahlungen/{id}/zuordnung; `count` is all of
    them, the next page is links rel `next`.

    Args:
        status (Literal['offen']): offen: the unmatched payments
        limit (int | Unset): payments per page Default: 100.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ZahlungListe]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    limit: int | Unset = 100,
    offset: int | Unset = 0,
) -> ErrorBody | ZahlungListe | None:
    """List the payments no invoice could be matched to (status=offen)

     Oldest booking first, until assigned with POST /www/zahlungen/{id}/zuordnung; `count` is all of
    them, the next page is links rel `next`.

    Args:
        status (Literal['offen']): offen: the unmatched payments
        limit (int | Unset): payments per page Default: 100.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ZahlungListe
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            offset=offset,
        )
    ).parsed
