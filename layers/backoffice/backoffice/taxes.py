"""The VAT code: one type for the configuration, the document calculation and the stored documents.

Pure: no table, no configuration read. `company.tax_codes()` builds these from the configuration
record (`from_config`), and a stored document rebuilds the codes it was made with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from backoffice.money import decimal

TAX_CLASSES = frozenset({"D", "C", "X"})  # German, Swiss, other tax declaration
DOMESTIC_USE, FOREIGN_USE = "Inland", "Ausland"  # Verwendung of a configured code


@dataclass(frozen=True)
class TaxCode:
    """A VAT code: its rate, and where it goes in the VAT form (for MWSTRekapitulation)."""

    code: str  # PosWUSTCode
    rate: Decimal  # PosWUSTSatz, percent
    designation: str  # PosWUSTBez
    klasse: str  # PosWUSTKlasse: D, C or X
    sales_line: str = ""  # PosUSTSZiffer: sales-tax form line
    input_line: str = ""  # PosVSTSZiffer: input-tax form line
    turnover_line: str = ""  # PosUSTUZiffer: turnover form line
    # Verwendung Inland (taxes domestic supplies) or Ausland (the export code). Not part of the
    # identity: a stored document keeps the figures of a code, not how the configuration used it.
    domestic: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        rate = decimal(self.rate, f"rate of tax code {self.code}")
        if rate < 0:
            raise ValueError(f"tax code {self.code}: negative rate {rate}")
        if self.klasse not in TAX_CLASSES:
            raise ValueError(f"tax code {self.code}: class {self.klasse!r} is not one of D, C, X")

    @classmethod
    def from_config(cls, record: dict[str, Any]) -> TaxCode:
        """A WUSTCodes entry of the configuration (docs/catalogue.md, "Konfiguration").

        No Klasse is German (D), the ERP's default; a class we do not know is "other" (X).
        """
        klasse = str(record.get("Klasse") or "D")
        return cls(
            code=str(record["Code"]),
            rate=record["Satz"],  # Decimal as stored; __post_init__ refuses anything else
            designation=str(record.get("Bezeichnung") or ""),
            klasse=klasse if klasse in TAX_CLASSES else "X",
            sales_line=_text(record.get("PosUSTSZiffer")),
            input_line=_text(record.get("PosVSTSZiffer")),
            turnover_line=_text(record.get("PosUSTUZiffer")),
            domestic=str(record.get("Verwendung") or DOMESTIC_USE) == DOMESTIC_USE,
        )


def _text(value: Any) -> str:
    return "" if value is None else str(value)
