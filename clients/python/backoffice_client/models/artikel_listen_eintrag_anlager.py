from enum import StrEnum


class ArtikelListenEintragAnlager(StrEnum):
    J = "J"
    N = "N"

    def __str__(self) -> str:
        return str(self.value)
