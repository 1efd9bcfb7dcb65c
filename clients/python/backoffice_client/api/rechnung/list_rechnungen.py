import datetime
from http import HTTPStatus
from typing import Any, Literal

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.offene_posten_liste import OffenePostenListe
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: Literal["offen"],
    faellig_bis: datetime.date | None | Unset = UNSET,
    kund_nr: None | str | Unset = UNSET,
    limit: int | Unset = 0,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["status"] = status

    json_faellig_bis: None | str | Unset
    if isinstance(faellig_bis, Unset):
        json_faellig_bis = UNSET
    elif isinstance(faellig_bis, datetime.date):
        json_faellig_bis = faellig_bis.isoformat()
    else:
        json_faellig_bis = faellig_bis
    params["faellig_bis"] = json_faellig_bis

    json_kund_nr: None | str | Unset
    if isinstance(kund_nr, Unset):
        json_kund_nr = UNSET
    else:
        json_kund_nr = kund_nr
    params["KundNr"] = json_kund_nr

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/rechnung",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | OffenePostenListe | None:
    if response.status_code == 200:
        response_200 = OffenePostenListe.from_dict(response.json())

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
) -> Response[ErrorBody | OffenePostenListe]:
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
    faellig_bis: datetime.date | None | Unset = UNSET,
    kund_nr: None | str | Unset = UNSET,
    limit: int | Unset = 0,
    offset: int | Unset = 0,
) -> Response[ErrorBody | OffenePostenListe]:
    """The open items: every invoice with something still due, oldest due first, totals per currency

     `Summen` are over every invoice that matches, not the page; `limit` 0 is all of them.

    Args:
        status (Literal['offen']): offen: invoices with BetragOffen above 0
        faellig_bis (datetime.date | None | Unset): only those due on or before, YYYY-MM-DD
        kund_nr (None | str | Unset): only this customer's
        limit (int | Unset): invoices per page; 0 = all Default: 0.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OffenePostenListe]
    """

    kwargs = _get_kwargs(
        status=status,
        faellig_bis=faellig_bis,
        kund_nr=kund_nr,
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
    faellig_bis: datetime.date | None | Unset = UNSET,
    kund_nr: None | str | Unset = UNSET,
    limit: int | Unset = 0,
    offset: int | Unset = 0,
) -> ErrorBody | OffenePostenListe | None:
    """The open items: every invoice with something still due, oldest due first, totals per currency

     `Summen` are over every invoice that matches, not the page; `limit` 0 is all of them.

    Args:
        status (Literal['offen']): offen: invoices with BetragOffen above 0
        faellig_bis (datetime.date | None | Unset): only those due on or before, YYYY-MM-DD
        kund_nr (None | str | Unset): only this customer's
        limit (int | Unset): invoices per page; 0 = all Default: 0.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OffenePostenListe
    """

    return sync_detailed(
        client=client,
        status=status,
        faellig_bis=faellig_bis,
        kund_nr=kund_nr,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    faellig_bis: datetime.date | None | Unset = UNSET,
    kund_nr: None | str | Unset = UNSET,
    limit: int | Unset = 0,
    offset: int | Unset = 0,
) -> Response[ErrorBody | OffenePostenListe]:
    """The open items: every invoice with something still due, oldest due first, totals per currency

     `Summen` are over every invoice that matches, not the page; `limit` 0 is all of them.

    Args:
        status (Literal['offen']): offen: invoices with BetragOffen above 0
        faellig_bis (datetime.date | None | Unset): only those due on or before, YYYY-MM-DD
        kund_nr (None | str | Unset): only this customer's
        limit (int | Unset): invoices per page; 0 = all Default: 0.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OffenePostenListe]
    """

    kwargs = _get_kwargs(
        status=status,
        faellig_bis=faellig_bis,
        kund_nr=kund_nr,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: Literal["offen"],
    faellig_bis: datetime.date | None | Unset = UNSET,
    kund_nr: None | str | Unset = UNSET,
    limit: int | Unset = 0,
    offset: int | Unset = 0,
) -> ErrorBody | OffenePostenListe | None:
    """The open items: every invoice with something still due, oldest due first, totals per currency

     `Summen` are over every invoice that matches, not the page; `limit` 0 is all of them.

    Args:
        status (Literal['offen']): offen: invoices with BetragOffen above 0
        faellig_bis (datetime.date | None | Unset): only those due on or before, YYYY-MM-DD
        kund_nr (None | str | Unset): only this customer's
        limit (int | Unset): invoices per page; 0 = all Default: 0.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OffenePostenListe
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            faellig_bis=faellig_bis,
            kund_nr=kund_nr,
            limit=limit,
            offset=offset,
        )
    ).parsed
