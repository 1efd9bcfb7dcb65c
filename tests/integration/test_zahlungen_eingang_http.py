"""Bank files dropped into the local bucket's zahlungen/eingang/ (issue 24), over real HTTP and the local
AWS emulation: invoices issued over HTTP, a camt.054 built from them uploaded as an EBICS client
would (`aws s3 cp` against the local AWS port does the same PutObject); the local stack's S3 ->
EventBridge -> Lambda emulation runs the function within seconds, the invoices read `bezahlt`, the
file lands in zahlungen/verarbeitet/ with its counts; the same file again books nothing; an invalid
file ends in zahlungen/fehler/ with its reason and books nothing.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_http import head
from tests.support.invoice_http import issue as invoice
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER

pytestmark = pytest.mark.integration

BUCKET = "local-bucket"
INBOX = "zahlungen/eingang/"
# A bound on a stack that never runs the function, not a measure: the import takes a second or two.
PATIENCE = 90


def wait_for[T](what: str, found: Callable[[], T | None]) -> T:
    deadline = time.monotonic() + PATIENCE
    while (result := found()) is None:
        assert time.monotonic() < deadline, f"not within {PATIENCE} s: {what}"
        time.sleep(0.2)
    return result


def results(s3: Any, prefix: str, mark: str) -> list[str] | None:
    """The keys under `prefix` that carry `mark`, once the report (.json) is there."""
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix).get("Contents", []) if mark in o["Key"]]
    return keys if any(k.endswith(".json") for k in keys) else None


def report(s3: Any, keys: list[str]) -> dict[str, Any]:
    (json_key,) = [k for k in keys if k.endswith(".json")]
    found: dict[str, Any] = json.loads(s3.get_object(Bucket=BUCKET, Key=json_key)["Body"].read())
    return found


def inbox(s3: Any, mark: str) -> list[str]:
    return [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET, Prefix=INBOX).get("Contents", []) if mark in o["Key"]]


def test_a_bank_file_dropped_into_the_bucket_is_booked_within_seconds(
    api: Any, local_client: Callable[[str], Any]
) -> None:
    s3, mark = local_client("s3"), uuid.uuid4().hex[:10]
    chf, eur = invoice(api, CHF_ORDER), invoice(api, EUR_ORDER)
    body = camt(
        "camt.054.001.08",
        [
            Entry(f"{mark}-E1", (Tx(f"{mark}-1", chf["AuftBrutto"], chf["Zahlungsreferenz"]),)),
            Entry(
                f"{mark}-E2",
                (Tx(f"{mark}-2", eur["AuftBrutto"], eur["Zahlungsreferenz"], currency="EUR"),),
                currency="EUR",
            ),
            Entry(f"{mark}-E3", (Tx(f"{mark}-3", Decimal("4.20"), None, text=f"Bargeld {mark}"),)),
        ],
        message_id=mark,
    )
    # A name as an EBICS client may give it: a space, a + and an umlaut, URL-encoded in S3's event.
    key = f"{INBOX}ZKB {mark} Zürich+camt054.xml"
    s3.put_object(Bucket=BUCKET, Key=key, Body=body)
    started = time.monotonic()

    def both_paid() -> list[dict[str, Any]] | None:
        heads = [head(api, chf["RechNr"]), head(api, eur["RechNr"])]
        return heads if all(h["Zahlstatus"] == "bezahlt" for h in heads) else None

    paid = wait_for("both invoices bezahlt", both_paid)
    print(f"the bank file was booked {time.monotonic() - started:.1f} s after its upload")
    assert [(h["Bezahlt"], h["BetragBezahlt"], h["BetragOffen"]) for h in paid] == [
        (True, chf["AuftBrutto"], Decimal("0.00")),
        (True, eur["AuftBrutto"], Decimal("0.00")),
    ]
    moved = wait_for("the file in zahlungen/verarbeitet/", lambda: results(s3, "zahlungen/verarbeitet/", mark))
    (copy,) = [k for k in moved if not k.endswith(".json")]
    assert copy.endswith(f"-ZKB {mark} Zürich+camt054.xml")
    assert s3.get_object(Bucket=BUCKET, Key=copy)["Body"].read() == body
    found = report(s3, moved)
    assert (found["Datei"], found["Bytes"]) == (key, len(body))
    assert found["data"] == {"new": 3, "known": 0, "matched": 2, "unmatched": 1}
    assert inbox(s3, mark) == []
    listed = api.get("/www/zahlungen", params={"status": "offen", "limit": 1000}).json(parse_float=Decimal)["data"]
    assert [(p["Betrag"], p["Status"]) for p in listed if p.get("Mitteilung") == f"Bargeld {mark}"] == [
        (Decimal("4.20"), "offen")
    ]

    # The bank sends the same file again (another name): every payment known, nothing booked twice.
    s3.put_object(Bucket=BUCKET, Key=f"{INBOX}again-{mark}.xml", Body=body)
    again = wait_for("the second file moved", lambda: results(s3, "zahlungen/verarbeitet/", f"again-{mark}"))
    assert report(s3, again)["data"] == {"new": 0, "known": 3, "matched": 0, "unmatched": 0}
    assert head(api, chf["RechNr"])["BetragBezahlt"] == chf["AuftBrutto"]


def test_an_invalid_bank_file_ends_in_the_errors_with_its_reason_and_books_nothing(
    api: Any, local_client: Callable[[str], Any]
) -> None:
    s3, mark = local_client("s3"), uuid.uuid4().hex[:10]
    chf = invoice(api, CHF_ORDER)
    valid = camt(
        "camt.054.001.04",
        [Entry(f"{mark}-E1", (Tx(f"{mark}-1", chf["AuftBrutto"], chf["Zahlungsreferenz"], text=f"Kaputt {mark}"),))],
        message_id=mark,
    )
    body = valid.replace(b"<Sts>BOOK</Sts>", b"<Sts>BOOKED</Sts>")
    key = f"{INBOX}kaputt-{mark}.xml"
    s3.put_object(Bucket=BUCKET, Key=key, Body=body)

    refused = wait_for("the file in zahlungen/fehler/", lambda: results(s3, "zahlungen/fehler/", mark))
    found = report(s3, refused)
    assert (found["Datei"], found["error"]) == (key, "invalid_request")
    assert found["error_description"] == (
        "The file is not a valid camt.054.001.04: line 2: Element"
        " '{urn:iso:std:iso:20022:tech:xsd:camt.054.001.04}Sts': [facet 'enumeration'] The value 'BOOKED'"
        " is not an element of the set {'BOOK', 'PDNG', 'INFO'}."
    )
    assert inbox(s3, mark) == []  # moved at once: not retried
    assert head(api, chf["RechNr"])["Zahlstatus"] == "offen"
    listed = api.get("/www/zahlungen", params={"status": "offen", "limit": 1000}).json()["data"]
    assert [p for p in listed if p.get("Mitteilung") == f"Kaputt {mark}"] == []
