from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.gutschrift_antwort import GutschriftAntwort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    gutschrift_nr: str,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/gutschrift/{gutschrift_nr}".format(
            gutschrift_nr=quote(str(gutschrift_nr), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorBody | GutschriftAntwort | None:
    if response.status_code == 200:
        response_200 = GutschriftAntwort.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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

    if response.status_code == 406:
        response_406 = ErrorBody.from_dict(response.json())

        return response_406

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
) -> Response[Any | ErrorBody | GutschriftAntwort]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    gutschrift_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody | GutschriftAntwort]:
    """Read a credit note: the PDF, the XML alone, or its head data (Accept)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        gutschrift_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody | GutschriftAntwort]
    """

    kwargs = _get_kwargs(
        gutschrift_nr=gutschrift_nr,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    gutschrift_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorBody | GutschriftAntwort | None:
    """Read a credit note: the PDF, the XML alone, or its head data (Accept)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        gutschrift_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody | GutschriftAntwort
    """

    return sync_detailed(
        gutschrift_nr=gutschrift_nr,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    gutschrift_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody | GutschriftAntwort]:
    """Read a credit note: the PDF, the XML alone, or its head data (Accept)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        gutschrift_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody | GutschriftAntwort]
    """

    kwargs = _get_kwargs(
        gutschrift_nr=gutschrift_nr,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    gutschrift_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorBody | GutschriftAntwort | None:
    """Read a credit note: the PDF, the XML alone, or its head data (Accept)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        gutschrift_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody | GutschriftAntwort
    """

    return (
        await asyncio_detailed(
            gutschrift_nr=gutschrift_nr,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
