from enum import StrEnum


class GetKundeStatusType0(StrEnum):
    A = "A"
    N = "N"
    O = "O"

    def __str__(self) -> str:
        return str(self.value)
