from enum import StrEnum


class ZugferdRequestOperation(StrEnum):
    COMBINE = "Combine"
    EXTRACT = "Extract"

    def __str__(self) -> str:
        return str(self.value)
