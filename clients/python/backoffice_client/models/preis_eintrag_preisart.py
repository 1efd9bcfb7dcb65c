from enum import StrEnum


class PreisEintragPreisart(StrEnum):
    B = "B"
    N = "N"

    def __str__(self) -> str:
        return str(self.value)
