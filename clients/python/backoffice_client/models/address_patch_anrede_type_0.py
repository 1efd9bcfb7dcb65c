from enum import IntEnum


class AddressPatchAnredeType0(IntEnum):
    ALLGEMEIN = 0
    HERR = 1
    FRAU = 2

    def __str__(self) -> str:
        return str(self.value)
