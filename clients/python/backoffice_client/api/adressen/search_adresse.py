from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.suchtreffer_antwort import SuchtrefferAntwort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    adr_sprache: None | str | Unset = UNSET,
    email_adress: None | str | Unset = UNSET,
    adr_adresse_1: None | str | Unset = UNSET,
    adr_adresse_2: None | str | Unset = UNSET,
    adr_fax: None | str | Unset = UNSET,
    adr_firma: None | str | Unset = UNSET,
    adr_firma_2: None | str | Unset = UNSET,
    adr_vorname: None | str | Unset = UNSET,
    adr_name: None | str | Unset = UNSET,
    adr_telex: None | str | Unset = UNSET,
    adr_tf_1: None | str | Unset = UNSET,
    adr_tf_2: None | str | Unset = UNSET,
    ort_land: None | str | Unset = UNSET,
    ort_name: None | str | Unset = UNSET,
    ort_plz: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_adr_sprache: None | str | Unset
    if isinstance(adr_sprache, Unset):
        json_adr_sprache = UNSET
    else:
        json_adr_sprache = adr_sprache
    params["AdrSprache"] = json_adr_sprache

    json_email_adress: None | str | Unset
    if isinstance(email_adress, Unset):
        json_email_adress = UNSET
    else:
        json_email_adress = email_adress
    params["EmailAdress"] = json_email_adress

    json_adr_adresse_1: None | str | Unset
    if isinstance(adr_adresse_1, Unset):
        json_adr_adresse_1 = UNSET
    else:
        json_adr_adresse_1 = adr_adresse_1
    params["AdrAdresse1"] = json_adr_adresse_1

    json_adr_adresse_2: None | str | Unset
    if isinstance(adr_adresse_2, Unset):
        json_adr_adresse_2 = UNSET
    else:
        json_adr_adresse_2 = adr_adresse_2
    params["AdrAdresse2"] = json_adr_adresse_2

    json_adr_fax: None | str | Unset
    if isinstance(adr_fax, Unset):
        json_adr_fax = UNSET
    else:
        json_adr_fax = adr_fax
    params["AdrFax"] = json_adr_fax

    json_adr_firma: None | str | Unset
    if isinstance(adr_firma, Unset):
        json_adr_firma = UNSET
    else:
        json_adr_firma = adr_firma
    params["AdrFirma"] = json_adr_firma

    json_adr_firma_2: None | str | Unset
    if isinstance(adr_firma_2, Unset):
        json_adr_firma_2 = UNSET
    else:
        json_adr_firma_2 = adr_firma_2
    params["AdrFirma2"] = json_adr_firma_2

    json_adr_vorname: None | str | Unset
    if isinstance(adr_vorname, Unset):
        json_adr_vorname = UNSET
    else:
        json_adr_vorname = adr_vorname
    params["AdrVorname"] = json_adr_vorname

    json_adr_name: None | str | Unset
    if isinstance(adr_name, Unset):
        json_adr_name = UNSET
    else:
        json_adr_name = adr_name
    params["AdrName"] = json_adr_name

    json_adr_telex: None | str | Unset
    if isinstance(adr_telex, Unset):
        json_adr_telex = UNSET
    else:
        json_adr_telex = adr_telex
    params["AdrTelex"] = json_adr_telex

    json_adr_tf_1: None | str | Unset
    if isinstance(adr_tf_1, Unset):
        json_adr_tf_1 = UNSET
    else:
        json_adr_tf_1 = adr_tf_1
    params["AdrTf1"] = json_adr_tf_1

    json_adr_tf_2: None | str | Unset
    if isinstance(adr_tf_2, Unset):
        json_adr_tf_2 = UNSET
    else:
        json_adr_tf_2 = adr_tf_2
    params["AdrTf2"] = json_adr_tf_2

    json_ort_land: None | str | Unset
    if isinstance(ort_land, Unset):
        json_ort_land = UNSET
    else:
        json_ort_land = ort_land
    params["OrtLand"] = json_ort_land

    json_ort_name: None | str | Unset
    if isinstance(ort_name, Unset):
        json_ort_name = UNSET
    else:
        json_ort_name = ort_name
    params["OrtName"] = json_ort_name

    json_ort_plz: None | str | Unset
    if isinstance(ort_plz, Unset):
        json_ort_plz = UNSET
    else:
        json_ort_plz = ort_plz
    params["OrtPLZ"] = json_ort_plz

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/www/adressensuche",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SuchtrefferAntwort | None:
    if response.status_code == 200:
        response_200 = SuchtrefferAntwort.from_dict(response.json())

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
) -> Response[ErrorBody | SuchtrefferAntwort]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    adr_sprache: None | str | Unset = UNSET,
    email_adress: None | str | Unset = UNSET,
    adr_adresse_1: None | str | Unset = UNSET,
    adr_adresse_2: None | str | Unset = UNSET,
    adr_fax: None | str | Unset = UNSET,
    adr_firma: None | str | Unset = UNSET,
    adr_firma_2: None | str | Unset = UNSET,
    adr_vorname: None | str | Unset = UNSET,
    adr_name: None | str | Unset = UNSET,
    adr_telex: None | str | Unset = UNSET,
    adr_tf_1: None | str | Unset = UNSET,
    adr_tf_2: None | str | Unset = UNSET,
    ort_land: None | str | Unset = UNSET,
    ort_name: None | str | Unset = UNSET,
    ort_plz: None | str | Unset = UNSET,
) -> Response[ErrorBody | SuchtrefferAntwort]:
    """Find the one customer whose address matches

    Args:
        adr_sprache (None | str | Unset):
        email_adress (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        ort_land (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SuchtrefferAntwort]
    """

    kwargs = _get_kwargs(
        adr_sprache=adr_sprache,
        email_adress=email_adress,
        adr_adresse_1=adr_adresse_1,
        adr_adresse_2=adr_adresse_2,
        adr_fax=adr_fax,
        adr_firma=adr_firma,
        adr_firma_2=adr_firma_2,
        adr_vorname=adr_vorname,
        adr_name=adr_name,
        adr_telex=adr_telex,
        adr_tf_1=adr_tf_1,
        adr_tf_2=adr_tf_2,
        ort_land=ort_land,
        ort_name=ort_name,
        ort_plz=ort_plz,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    adr_sprache: None | str | Unset = UNSET,
    email_adress: None | str | Unset = UNSET,
    adr_adresse_1: None | str | Unset = UNSET,
    adr_adresse_2: None | str | Unset = UNSET,
    adr_fax: None | str | Unset = UNSET,
    adr_firma: None | str | Unset = UNSET,
    adr_firma_2: None | str | Unset = UNSET,
    adr_vorname: None | str | Unset = UNSET,
    adr_name: None | str | Unset = UNSET,
    adr_telex: None | str | Unset = UNSET,
    adr_tf_1: None | str | Unset = UNSET,
    adr_tf_2: None | str | Unset = UNSET,
    ort_land: None | str | Unset = UNSET,
    ort_name: None | str | Unset = UNSET,
    ort_plz: None | str | Unset = UNSET,
) -> ErrorBody | SuchtrefferAntwort | None:
    """Find the one customer whose address matches

    Args:
        adr_sprache (None | str | Unset):
        email_adress (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        ort_land (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SuchtrefferAntwort
    """

    return sync_detailed(
        client=client,
        adr_sprache=adr_sprache,
        email_adress=email_adress,
        adr_adresse_1=adr_adresse_1,
        adr_adresse_2=adr_adresse_2,
        adr_fax=adr_fax,
        adr_firma=adr_firma,
        adr_firma_2=adr_firma_2,
        adr_vorname=adr_vorname,
        adr_name=adr_name,
        adr_telex=adr_telex,
        adr_tf_1=adr_tf_1,
        adr_tf_2=adr_tf_2,
        ort_land=ort_land,
        ort_name=ort_name,
        ort_plz=ort_plz,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    adr_sprache: None | str | Unset = UNSET,
    email_adress: None | str | Unset = UNSET,
    adr_adresse_1: None | str | Unset = UNSET,
    adr_adresse_2: None | str | Unset = UNSET,
    adr_fax: None | str | Unset = UNSET,
    adr_firma: None | str | Unset = UNSET,
    adr_firma_2: None | str | Unset = UNSET,
    adr_vorname: None | str | Unset = UNSET,
    adr_name: None | str | Unset = UNSET,
    adr_telex: None | str | Unset = UNSET,
    adr_tf_1: None | str | Unset = UNSET,
    adr_tf_2: None | str | Unset = UNSET,
    ort_land: None | str | Unset = UNSET,
    ort_name: None | str | Unset = UNSET,
    ort_plz: None | str | Unset = UNSET,
) -> Response[ErrorBody | SuchtrefferAntwort]:
    """Find the one customer whose address matches

    Args:
        adr_sprache (None | str | Unset):
        email_adress (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        ort_land (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SuchtrefferAntwort]
    """

    kwargs = _get_kwargs(
        adr_sprache=adr_sprache,
        email_adress=email_adress,
        adr_adresse_1=adr_adresse_1,
        adr_adresse_2=adr_adresse_2,
        adr_fax=adr_fax,
        adr_firma=adr_firma,
        adr_firma_2=adr_firma_2,
        adr_vorname=adr_vorname,
        adr_name=adr_name,
        adr_telex=adr_telex,
        adr_tf_1=adr_tf_1,
        adr_tf_2=adr_tf_2,
        ort_land=ort_land,
        ort_name=ort_name,
        ort_plz=ort_plz,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    adr_sprache: None | str | Unset = UNSET,
    email_adress: None | str | Unset = UNSET,
    adr_adresse_1: None | str | Unset = UNSET,
    adr_adresse_2: None | str | Unset = UNSET,
    adr_fax: None | str | Unset = UNSET,
    adr_firma: None | str | Unset = UNSET,
    adr_firma_2: None | str | Unset = UNSET,
    adr_vorname: None | str | Unset = UNSET,
    adr_name: None | str | Unset = UNSET,
    adr_telex: None | str | Unset = UNSET,
    adr_tf_1: None | str | Unset = UNSET,
    adr_tf_2: None | str | Unset = UNSET,
    ort_land: None | str | Unset = UNSET,
    ort_name: None | str | Unset = UNSET,
    ort_plz: None | str | Unset = UNSET,
) -> ErrorBody | SuchtrefferAntwort | None:
    """Find the one customer whose address matches

    Args:
        adr_sprache (None | str | Unset):
        email_adress (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        ort_land (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SuchtrefferAntwort
    """

    return (
        await asyncio_detailed(
            client=client,
            adr_sprache=adr_sprache,
            email_adress=email_adress,
            adr_adresse_1=adr_adresse_1,
            adr_adresse_2=adr_adresse_2,
            adr_fax=adr_fax,
            adr_firma=adr_firma,
            adr_firma_2=adr_firma_2,
            adr_vorname=adr_vorname,
            adr_name=adr_name,
            adr_telex=adr_telex,
            adr_tf_1=adr_tf_1,
            adr_tf_2=adr_tf_2,
            ort_land=ort_land,
            ort_name=ort_name,
            ort_plz=ort_plz,
        )
    ).parsed
