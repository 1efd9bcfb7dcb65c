"""The bodies of POST /www/offerte (a new quotation) and PATCH /www/offerte, parsed into the new
quotation's wish and the position changes `position_patch` applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from backoffice.models import RequestModel
from backoffice.sales.calculation import MAX_POSITIONS
from backoffice.sales.drafts import Wish
from backoffice.sales.request_fields import (
    ArtNrStr,
    Country,
    Currency,
    KundNrStr,
    PatchQuantity,
    Percent,
    PositionNumber,
    Quantity,
    Text36,
    Text60,
    Text80,
    Text255,
    Text2048,
    Timestamp,
    VPEinheitStr,
)
from backoffice.sales.request_models import DocumentAddresses, details, given_addresses, wanted

if TYPE_CHECKING:
    from backoffice.sales.position_patch import PositionChange


class QuotationHeader(RequestModel):
    """GrundDaten of POST /www/offerte; OrtLand (template quotations) decides domestic or foreign tax."""

    KundNr: KundNrStr | None = None
    AuftBestellNr: Text36 | None = None
    AuftBez: Text80 | None = None
    AuftBestellRef: Text60 | None = None
    AuftBestellT: Timestamp | None = None
    AuftLieferT: Timestamp | None = None
    AuftKomment: Text255 | None = None
    WaehrAbk: Currency | None = None
    OrtLand: Country | None = None


class QuotationPosition(RequestModel):
    """A position of POST /www/offerte: priced by the system."""

    ArtNr: ArtNrStr
    Menge: Quantity
    VPEinheit: VPEinheitStr | None = None
    GRabSatz: Percent | None = None
    VisPosNr: PositionNumber | None = None  # shown in the contract's POST samples


class QuotationCreate(RequestModel):
    """The body of POST /www/offerte."""

    GrundDaten: QuotationHeader = Field(default_factory=QuotationHeader)
    Adressen: DocumentAddresses | None = None
    Positionen: Annotated[list[QuotationPosition], Field(min_length=1, max_length=MAX_POSITIONS)]


class QuotationPatchHeader(RequestModel):
    """GrundDaten of PATCH /www/offerte: only the assignment to a customer."""

    KundNr: KundNrStr | None = None


class QuotationPatchPosition(RequestModel):
    """A position change (see backoffice.sales.position_patch): no PosNr adds, Menge 0 deletes.

    VPEinheit is an addition to the contract's table (docs/orders.md): without it an article sold
    in packaging units only could not be added, as it can by POST.
    """

    PosNr: PositionNumber | None = None
    ArtNr: ArtNrStr | None = None
    PosBez: Text2048 | None = None
    Menge: PatchQuantity
    VPEinheit: VPEinheitStr | None = None
    GRabSatz: Percent | None = None


class QuotationPatch(RequestModel):
    """The body of PATCH /www/offerte; an address is replaced only by a complete record."""

    GrundDaten: QuotationPatchHeader | None = None
    Adressen: DocumentAddresses | None = None
    Positionen: Annotated[list[QuotationPatchPosition], Field(max_length=MAX_POSITIONS)] | None = None


def quotation_wish(body: QuotationCreate) -> Wish:
    """POST /www/offerte's body as what the new quotation is made from."""
    header = body.GrundDaten
    positions = [wanted(i, p) for i, p in enumerate(body.Positionen)]
    return Wish(details(header, country=header.OrtLand), None, given_addresses(body.Adressen), positions)


def position_changes(body: QuotationPatch) -> list[PositionChange]:
    """The PATCH body's positions as the plain changes backoffice.sales.position_patch applies."""
    # Imported here, as in quotations: only a PATCH needs the position rules.
    from backoffice.sales.position_patch import PositionChange

    return [
        PositionChange(
            quantity=item.Menge,
            pos_nr=item.PosNr,
            art_nr=item.ArtNr,
            description=item.PosBez,
            discount=item.GRabSatz,
            vpe_unit=item.VPEinheit,
        )
        for item in body.Positionen or []
    ]
