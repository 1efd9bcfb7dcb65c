from enum import IntEnum


class AddressPatchAdrAnredeType0(IntEnum):
    ALLGEMEIN = 0
    HERR = 1
    FRAU = 2

    def __str__(self) -> str:
        return str(self.value)
