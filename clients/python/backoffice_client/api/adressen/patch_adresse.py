from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.address_patch import AddressPatch
from ...models.error_body import ErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    adr_nr: int,
    *,
    body: AddressPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/www/adressen/{adr_nr}".format(
            adr_nr=quote(str(adr_nr), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorBody | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    adr_nr: int,
    *,
    client: AuthenticatedClient | Client,
    body: AddressPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody]:
    """Change fields of an address

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        adr_nr (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AddressPatch): PATCH /www/adressen/{AdrNr}: any standalone field; null clears an
            optional one; `Anrede` = AdrAnrede.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody]
    """

    kwargs = _get_kwargs(
        adr_nr=adr_nr,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    adr_nr: int,
    *,
    client: AuthenticatedClient | Client,
    body: AddressPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Any | ErrorBody | None:
    """Change fields of an address

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        adr_nr (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AddressPatch): PATCH /www/adressen/{AdrNr}: any standalone field; null clears an
            optional one; `Anrede` = AdrAnrede.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody
    """

    return sync_detailed(
        adr_nr=adr_nr,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    adr_nr: int,
    *,
    client: AuthenticatedClient | Client,
    body: AddressPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Any | ErrorBody]:
    """Change fields of an address

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        adr_nr (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AddressPatch): PATCH /www/adressen/{AdrNr}: any standalone field; null clears an
            optional one; `Anrede` = AdrAnrede.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody]
    """

    kwargs = _get_kwargs(
        adr_nr=adr_nr,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    adr_nr: int,
    *,
    client: AuthenticatedClient | Client,
    body: AddressPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Any | ErrorBody | None:
    """Change fields of an address

     Request headers honoured. `Idempotency-Key`: 1 to 255 characters chosen by the client: a retry with
    the same key (same caller, same path, query and body) gets the first answer again, byte for byte,
    and does nothing twice; the same key with another request is a 409. Kept 24 hours; failures are not
    kept. `If-Match`: Change the record only while it is this version (its ETag, compared strongly; a
    comma list of tags may be sent), else 412; `*` matches any existing record. Without it the change
    applies to the current version. Not `*` nor entity tags (blank included): 400.

    Args:
        adr_nr (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AddressPatch): PATCH /www/adressen/{AdrNr}: any standalone field; null clears an
            optional one; `Anrede` = AdrAnrede.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody
    """

    return (
        await asyncio_detailed(
            adr_nr=adr_nr,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
