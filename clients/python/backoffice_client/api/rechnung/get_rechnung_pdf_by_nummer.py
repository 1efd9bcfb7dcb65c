from http import HTTPStatus
from io import BytesIO
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    rech_nr: str,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/rechnung/{rech_nr}/pdf".format(
            rech_nr=quote(str(rech_nr), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorBody | File | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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
) -> Response[Any | ErrorBody | File]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody | File]:
    """Read an invoice's PDF/A-3 by its number (GET /www/rechnung/{RechNr} with Accept: application/pdf)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        rech_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody | File]
    """

    kwargs = _get_kwargs(
        rech_nr=rech_nr,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorBody | File | None:
    """Read an invoice's PDF/A-3 by its number (GET /www/rechnung/{RechNr} with Accept: application/pdf)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        rech_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody | File
    """

    return sync_detailed(
        rech_nr=rech_nr,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody | File]:
    """Read an invoice's PDF/A-3 by its number (GET /www/rechnung/{RechNr} with Accept: application/pdf)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        rech_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody | File]
    """

    kwargs = _get_kwargs(
        rech_nr=rech_nr,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorBody | File | None:
    """Read an invoice's PDF/A-3 by its number (GET /www/rechnung/{RechNr} with Accept: application/pdf)

     Request headers honoured. `If-None-Match`: The ETag of the version the client holds (or a comma list
    of tags, or `*`): a 304 without body while it is current.

    Args:
        rech_nr (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody | File
    """

    return (
        await asyncio_detailed(
            rech_nr=rech_nr,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
