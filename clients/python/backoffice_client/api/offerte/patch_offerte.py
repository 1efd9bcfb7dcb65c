from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.offerte_antwort import OfferteAntwort
from ...models.quotation_patch import QuotationPatch
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: QuotationPatch,
    offert_nr: str,
    kund_nr: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    params: dict[str, Any] = {}

    params["OffertNr"] = offert_nr

    json_kund_nr: None | str | Unset
    if isinstance(kund_nr, Unset):
        json_kund_nr = UNSET
    else:
        json_kund_nr = kund_nr
    params["KundNr"] = json_kund_nr

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/www/offerte",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | OfferteAntwort | None:
    if response.status_code == 200:
        response_200 = OfferteAntwort.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = ErrorBody.from_dict(response.json())

        return response_412

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
) -> Response[ErrorBody | OfferteAntwort]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: QuotationPatch,
    offert_nr: str,
    kund_nr: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ErrorBody | OfferteAntwort]:
    """Change a quotation's positions or addresses, or assign a template quotation to a customer

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        offert_nr (str):
        kund_nr (None | str | Unset):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (QuotationPatch): The body of PATCH /www/offerte; an address is replaced only by a
            complete record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OfferteAntwort]
    """

    kwargs = _get_kwargs(
        body=body,
        offert_nr=offert_nr,
        kund_nr=kund_nr,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: QuotationPatch,
    offert_nr: str,
    kund_nr: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ErrorBody | OfferteAntwort | None:
    """Change a quotation's positions or addresses, or assign a template quotation to a customer

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        offert_nr (str):
        kund_nr (None | str | Unset):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (QuotationPatch): The body of PATCH /www/offerte; an address is replaced only by a
            complete record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OfferteAntwort
    """

    return sync_detailed(
        client=client,
        body=body,
        offert_nr=offert_nr,
        kund_nr=kund_nr,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: QuotationPatch,
    offert_nr: str,
    kund_nr: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ErrorBody | OfferteAntwort]:
    """Change a quotation's positions or addresses, or assign a template quotation to a customer

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        offert_nr (str):
        kund_nr (None | str | Unset):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (QuotationPatch): The body of PATCH /www/offerte; an address is replaced only by a
            complete record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OfferteAntwort]
    """

    kwargs = _get_kwargs(
        body=body,
        offert_nr=offert_nr,
        kund_nr=kund_nr,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: QuotationPatch,
    offert_nr: str,
    kund_nr: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ErrorBody | OfferteAntwort | None:
    """Change a quotation's positions or addresses, or assign a template quotation to a customer

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        offert_nr (str):
        kund_nr (None | str | Unset):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (QuotationPatch): The body of PATCH /www/offerte; an address is replaced only by a
            complete record.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OfferteAntwort
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            offert_nr=offert_nr,
            kund_nr=kund_nr,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
