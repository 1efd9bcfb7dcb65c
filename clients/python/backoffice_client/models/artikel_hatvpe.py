from enum import StrEnum


class ArtikelHatvpe(StrEnum):
    J = "J"
    N = "N"

    def __str__(self) -> str:
        return str(self.value)
