from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.credit_note_create import CreditNoteCreate
from ...models.error_body import ErrorBody
from ...models.gutschrift_antwort import GutschriftAntwort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    rech_nr: str,
    *,
    body: CreditNoteCreate | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/www/rechnung/{rech_nr}/gutschrift".format(
            rech_nr=quote(str(rech_nr), safe=""),
        ),
    }

    if isinstance(body, CreditNoteCreate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | GutschriftAntwort | None:
    if response.status_code == 201:
        response_201 = GutschriftAntwort.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

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
) -> Response[ErrorBody | GutschriftAntwort]:
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
    body: CreditNoteCreate | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | GutschriftAntwort]:
    """Issue a credit note of an invoice (the positions given back, or all not credited yet)

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept.

    Args:
        rech_nr (str):
        idempotency_key (str | Unset):
        body (CreditNoteCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | GutschriftAntwort]
    """

    kwargs = _get_kwargs(
        rech_nr=rech_nr,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreditNoteCreate | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | GutschriftAntwort | None:
    """Issue a credit note of an invoice (the positions given back, or all not credited yet)

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept.

    Args:
        rech_nr (str):
        idempotency_key (str | Unset):
        body (CreditNoteCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | GutschriftAntwort
    """

    return sync_detailed(
        rech_nr=rech_nr,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreditNoteCreate | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | GutschriftAntwort]:
    """Issue a credit note of an invoice (the positions given back, or all not credited yet)

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept.

    Args:
        rech_nr (str):
        idempotency_key (str | Unset):
        body (CreditNoteCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | GutschriftAntwort]
    """

    kwargs = _get_kwargs(
        rech_nr=rech_nr,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    rech_nr: str,
    *,
    client: AuthenticatedClient | Client,
    body: CreditNoteCreate | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | GutschriftAntwort | None:
    """Issue a credit note of an invoice (the positions given back, or all not credited yet)

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept.

    Args:
        rech_nr (str):
        idempotency_key (str | Unset):
        body (CreditNoteCreate | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | GutschriftAntwort
    """

    return (
        await asyncio_detailed(
            rech_nr=rech_nr,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
