from enum import StrEnum


class RechnungDatenZahlstatus(StrEnum):
    BEZAHLT = "bezahlt"
    OFFEN = "offen"
    TEILBEZAHLT = "teilbezahlt"
    UEBERZAHLT = "ueberzahlt"

    def __str__(self) -> str:
        return str(self.value)
