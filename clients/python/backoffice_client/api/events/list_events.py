from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ereignis_liste import EreignisListe
from ...models.error_body import ErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: str | Unset = "0",
    limit: int | Unset = 100,
    types: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    json_types: None | str | Unset
    if isinstance(types, Unset):
        json_types = UNSET
    else:
        json_types = types
    params["types"] = json_types

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/events",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EreignisListe | ErrorBody | None:
    if response.status_code == 200:
        response_200 = EreignisListe.from_dict(response.json())

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
) -> Response[EreignisListe | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: str | Unset = "0",
    limit: int | Unset = 100,
    types: None | str | Unset = UNSET,
) -> Response[EreignisListe | ErrorBody]:
    """Read the events after a cursor, in the order they were committed

    Args:
        after (str | Unset): the cursor of links next; 0 or none: the start Default: '0'.
        limit (int | Unset): events per page Default: 100.
        types (None | str | Unset): comma-separated event types; all when absent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EreignisListe | ErrorBody]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        types=types,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    after: str | Unset = "0",
    limit: int | Unset = 100,
    types: None | str | Unset = UNSET,
) -> EreignisListe | ErrorBody | None:
    """Read the events after a cursor, in the order they were committed

    Args:
        after (str | Unset): the cursor of links next; 0 or none: the start Default: '0'.
        limit (int | Unset): events per page Default: 100.
        types (None | str | Unset): comma-separated event types; all when absent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EreignisListe | ErrorBody
    """

    return sync_detailed(
        client=client,
        after=after,
        limit=limit,
        types=types,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: str | Unset = "0",
    limit: int | Unset = 100,
    types: None | str | Unset = UNSET,
) -> Response[EreignisListe | ErrorBody]:
    """Read the events after a cursor, in the order they were committed

    Args:
        after (str | Unset): the cursor of links next; 0 or none: the start Default: '0'.
        limit (int | Unset): events per page Default: 100.
        types (None | str | Unset): comma-separated event types; all when absent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EreignisListe | ErrorBody]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        types=types,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    after: str | Unset = "0",
    limit: int | Unset = 100,
    types: None | str | Unset = UNSET,
) -> EreignisListe | ErrorBody | None:
    """Read the events after a cursor, in the order they were committed

    Args:
        after (str | Unset): the cursor of links next; 0 or none: the start Default: '0'.
        limit (int | Unset): events per page Default: 100.
        types (None | str | Unset): comma-separated event types; all when absent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EreignisListe | ErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            limit=limit,
            types=types,
        )
    ).parsed
