from enum import StrEnum


class ZahlungZuordnung(StrEnum):
    AUTOMATISCH = "automatisch"
    MANUELL = "manuell"

    def __str__(self) -> str:
        return str(self.value)
