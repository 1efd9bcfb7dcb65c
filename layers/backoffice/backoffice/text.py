"""The text an invoice can carry: XML 1.0's characters (its `Char` production).

An invoice is XML (EN 16931 CII inside the PDF), so whatever text the API accepts must be a
sequence of XML 1.0 characters: no C0 control character but tab, LF and CR, no lone UTF-16
surrogate, no U+FFFE or U+FFFF. Request models refuse the rest (`backoffice.models`); text stored
before that rule is made printable where an invoice reads it (`printable`).
"""

from __future__ import annotations

import re
from typing import Any

# Everything outside XML 1.0's Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# The same as a JSON Schema pattern (ECMA-262) for docs/openapi.json: text without those characters.
XML_TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ud800-\\udfff\\ufffe\\uffff]*$"


def first_illegal(value: str) -> str | None:
    """Why `value` cannot be carried by XML 1.0 (the first offending character and where), or None."""
    found = NOT_XML.search(value)
    if found is None:
        return None
    return f"U+{ord(found.group()):04X} at position {found.start()}"


def printable(value: Any) -> Any:
    """`value` (a str, or dicts and lists of them) with every character XML 1.0 cannot carry as a space.

    For data stored before the request models refused such characters: an invoice renders it
    rather than failing for ever. Other values pass unchanged.
    """
    if isinstance(value, str):
        return NOT_XML.sub(" ", value)
    if isinstance(value, dict):
        return {k: printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [printable(v) for v in value]
    return value
