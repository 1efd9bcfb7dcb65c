from enum import StrEnum


class ArtikelListenEintragHatvpe(StrEnum):
    J = "J"
    N = "N"

    def __str__(self) -> str:
        return str(self.value)
