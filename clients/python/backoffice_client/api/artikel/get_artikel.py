from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.artikel_antwort import ArtikelAntwort
from ...models.error_body import ErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    art_nr: str,
    *,
    waehrabk: None | str | Unset = UNSET,
    debinr: None | str | Unset = UNSET,
    adrsprache: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_waehrabk: None | str | Unset
    if isinstance(waehrabk, Unset):
        json_waehrabk = UNSET
    else:
        json_waehrabk = waehrabk
    params["waehrabk"] = json_waehrabk

    json_debinr: None | str | Unset
    if isinstance(debinr, Unset):
        json_debinr = UNSET
    else:
        json_debinr = debinr
    params["debinr"] = json_debinr

    json_adrsprache: None | str | Unset
    if isinstance(adrsprache, Unset):
        json_adrsprache = UNSET
    else:
        json_adrsprache = adrsprache
    params["adrsprache"] = json_adrsprache

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/artikel/{art_nr}".format(
            art_nr=quote(str(art_nr), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ArtikelAntwort | ErrorBody | None:
    if response.status_code == 200:
        response_200 = ArtikelAntwort.from_dict(response.json())

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
) -> Response[ArtikelAntwort | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    art_nr: str,
    *,
    client: AuthenticatedClient | Client,
    waehrabk: None | str | Unset = UNSET,
    debinr: None | str | Unset = UNSET,
    adrsprache: None | str | Unset = UNSET,
) -> Response[ArtikelAntwort | ErrorBody]:
    """Read an article with its prices, stock and declarations

    Args:
        art_nr (str):
        waehrabk (None | str | Unset): price currency, default the leading one
        debinr (None | str | Unset): customer: its price list and language
        adrsprache (None | str | Unset): output language, ISO-639-2B

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArtikelAntwort | ErrorBody]
    """

    kwargs = _get_kwargs(
        art_nr=art_nr,
        waehrabk=waehrabk,
        debinr=debinr,
        adrsprache=adrsprache,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    art_nr: str,
    *,
    client: AuthenticatedClient | Client,
    waehrabk: None | str | Unset = UNSET,
    debinr: None | str | Unset = UNSET,
    adrsprache: None | str | Unset = UNSET,
) -> ArtikelAntwort | ErrorBody | None:
    """Read an article with its prices, stock and declarations

    Args:
        art_nr (str):
        waehrabk (None | str | Unset): price currency, default the leading one
        debinr (None | str | Unset): customer: its price list and language
        adrsprache (None | str | Unset): output language, ISO-639-2B

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArtikelAntwort | ErrorBody
    """

    return sync_detailed(
        art_nr=art_nr,
        client=client,
        waehrabk=waehrabk,
        debinr=debinr,
        adrsprache=adrsprache,
    ).parsed


async def asyncio_detailed(
    art_nr: str,
    *,
    client: AuthenticatedClient | Client,
    waehrabk: None | str | Unset = UNSET,
    debinr: None | str | Unset = UNSET,
    adrsprache: None | str | Unset = UNSET,
) -> Response[ArtikelAntwort | ErrorBody]:
    """Read an article with its prices, stock and declarations

    Args:
        art_nr (str):
        waehrabk (None | str | Unset): price currency, default the leading one
        debinr (None | str | Unset): customer: its price list and language
        adrsprache (None | str | Unset): output language, ISO-639-2B

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArtikelAntwort | ErrorBody]
    """

    kwargs = _get_kwargs(
        art_nr=art_nr,
        waehrabk=waehrabk,
        debinr=debinr,
        adrsprache=adrsprache,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    art_nr: str,
    *,
    client: AuthenticatedClient | Client,
    waehrabk: None | str | Unset = UNSET,
    debinr: None | str | Unset = UNSET,
    adrsprache: None | str | Unset = UNSET,
) -> ArtikelAntwort | ErrorBody | None:
    """Read an article with its prices, stock and declarations

    Args:
        art_nr (str):
        waehrabk (None | str | Unset): price currency, default the leading one
        debinr (None | str | Unset): customer: its price list and language
        adrsprache (None | str | Unset): output language, ISO-639-2B

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArtikelAntwort | ErrorBody
    """

    return (
        await asyncio_detailed(
            art_nr=art_nr,
            client=client,
            waehrabk=waehrabk,
            debinr=debinr,
            adrsprache=adrsprache,
        )
    ).parsed
