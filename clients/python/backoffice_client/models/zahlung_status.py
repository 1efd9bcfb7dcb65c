from enum import StrEnum


class ZahlungStatus(StrEnum):
    OFFEN = "offen"
    ZUGEORDNET = "zugeordnet"

    def __str__(self) -> str:
        return str(self.value)
