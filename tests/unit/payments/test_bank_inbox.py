"""Bank files dropped into the bucket's zahlungen/eingang/ (moto): the function zahlungen_eingang run
on S3's "Object Created" event through EventBridge (key URL-encoded), held to its policies; the file
booked as POST /www/zahlungen books it and moved with its report; an invalid or oversized file moved
to zahlungen/fehler/ and never retried; an event delivered again does nothing; a failure that may heal
raises and leaves the file where it is."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from backoffice.errors import Unavailable
from backoffice.payments import store
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER
from tests.support.invoke import Context, handler
from tests.support.payment_calls import head, issued

BUCKET = "local-bucket"
INBOX = "zahlungen/eingang/"
# "Zahlung März + Nachtrag.xml" as S3 writes it into the event: a form value (space +, + %2B, ä
# %C3%A4), the path's / kept.
KEY = "zahlungen/eingang/Zahlung März + Nachtrag.xml"
ENCODED = "zahlungen/eingang/Zahlung+M%C3%A4rz+%2B+Nachtrag.xml"


def s3() -> Any:
    return boto3.client("s3", region_name="eu-central-1")


def created(key: str, bucket: str = BUCKET) -> dict[str, Any]:
    """S3's "Object Created" event as EventBridge hands it to the function (AWS's documented shape)."""
    return {
        "version": "0",
        "id": "17793124-05d4-b198-2fde-7ededc63b103",
        "detail-type": "Object Created",
        "source": "aws.s3",
        "account": "123456789012",
        "time": "2026-11-26T12:00:00Z",
        "region": "eu-central-1",
        "resources": [f"arn:aws:s3:::{bucket}"],
        "detail": {
            "version": "0",
            "bucket": {"name": bucket},
            "object": {"key": key, "size": 5, "etag": "b1946ac92492d2347c6235b4d2611184", "sequencer": "617f08"},
            "request-id": "N4N7GDK58NMKJ12R",
            "requester": "123456789012",
            "source-ip-address": "1.2.3.4",
            "reason": "PutObject",
        },
    }


def run(event: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = handler("zahlungen_eingang")(event, Context("zahlungen_eingang"))
    return result


def keys(prefix: str = "zahlungen/") -> list[str]:
    return [o["Key"] for o in s3().list_objects_v2(Bucket=BUCKET, Prefix=prefix).get("Contents", [])]


def uploaded(key: str) -> str:
    """The upload's time as the result keys carry it: 2026-11-26/134501."""
    modified: datetime = s3().head_object(Bucket=BUCKET, Key=key)["LastModified"]
    return modified.astimezone(UTC).strftime("%Y-%m-%d/%H%M%S")


def report(key: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(s3().get_object(Bucket=BUCKET, Key=key)["Body"].read())
    return found


def paying(chf: dict[str, Any], eur: dict[str, Any]) -> bytes:
    """The CHF invoice paid in full, the EUR one in part, one payment no invoice matches."""
    return camt(
        "camt.054.001.08",
        [
            Entry("B1", (Tx("S3-1", Decimal(str(chf["AuftBrutto"])), chf["Zahlungsreferenz"]),)),
            Entry("B2", (Tx("S3-2", Decimal("10.00"), eur["Zahlungsreferenz"], currency="EUR"),), currency="EUR"),
            Entry("B3", (Tx("S3-3", Decimal("7.35"), None, text="ohne Referenz"),)),
        ],
        message_id="S3-FILE",
    )


def test_a_file_dropped_into_the_inbox_is_booked_and_moved_with_its_counts(call: Any) -> None:
    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    body = paying(chf, eur)
    s3().put_object(Bucket=BUCKET, Key=KEY, Body=body)
    when = uploaded(KEY)
    target = f"zahlungen/verarbeitet/{when[:10]}/{when[11:]}-Zahlung März + Nachtrag.xml"

    outcome = run(created(ENCODED))

    counts = {"new": 3, "known": 0, "matched": 2, "unmatched": 1}
    assert outcome == {
        "Datei": KEY,
        "Status": "verarbeitet",
        "Ziel": target,
        "VerarbeitetUTC": outcome["VerarbeitetUTC"],
        "Bytes": len(body),
        "data": counts,
    }
    assert keys() == [target, f"{target}.json"]  # gone from the inbox
    assert s3().get_object(Bucket=BUCKET, Key=target)["Body"].read() == body
    assert report(f"{target}.json") == {
        "Datei": KEY,
        "VerarbeitetUTC": outcome["VerarbeitetUTC"],
        "Bytes": len(body),
        "data": counts,
    }
    paid, part = head(call, chf["RechNr"]), head(call, eur["RechNr"])
    assert (paid["Zahlstatus"], paid["Bezahlt"], paid["BetragOffen"]) == ("bezahlt", True, 0.0)
    assert part["Zahlstatus"] == "teilbezahlt"
    assert Decimal(str(part["BetragOffen"])) == Decimal(str(eur["AuftBrutto"])) - Decimal("10.00")
    unmatched = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()
    assert [(p["Betrag"], p["Mitteilung"]) for p in unmatched["data"]] == [(7.35, "ohne Referenz")]
    # Who imported: the file, as the payment records it.
    payment = store.get_payment(unmatched["data"][0]["ZahlungId"])
    assert payment is not None
    assert payment["ImportiertVon"] == f"s3:{KEY}"


def test_an_event_delivered_again_does_nothing_and_the_same_file_again_books_nothing(call: Any) -> None:
    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    body = paying(chf, eur)
    s3().put_object(Bucket=BUCKET, Key=KEY, Body=body)
    first = run(created(ENCODED))
    assert first["Status"] == "verarbeitet"
    moved = keys()

    # S3 delivers at least once: the same event again finds the file gone, and succeeds.
    assert run(created(ENCODED)) == {"Datei": KEY, "Status": "fehlt", "Ziel": None}
    assert keys() == moved

    # The bank's file dropped a second time, under another name: every payment known, nothing booked.
    other = f"{INBOX}again.xml"
    s3().put_object(Bucket=BUCKET, Key=other, Body=body)
    second = run(created(other))
    assert (second["Status"], second["data"]) == ("verarbeitet", {"new": 0, "known": 3, "matched": 0, "unmatched": 0})
    assert head(call, chf["RechNr"])["BetragBezahlt"] == chf["AuftBrutto"]
    assert call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["count"] == 1


def test_a_retry_after_a_half_done_move_keeps_the_first_report(call: Any, monkeypatch: Any) -> None:
    """The copy and the report were written, the delete failed: the retry imports again (all known)
    and leaves the first report, which counted the new payments."""
    from backoffice.payments import inbox

    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    s3().put_object(Bucket=BUCKET, Key=KEY, Body=paying(chf, eur))
    real = inbox.client

    class NoDelete:
        def __init__(self, s3: Any) -> None:
            self.s3 = s3

        def __getattr__(self, name: str) -> Any:
            return getattr(self.s3, name)

        def delete_object(self, **_: Any) -> None:
            raise ClientError({"Error": {"Code": "SlowDown", "Message": "Please reduce your request rate."}}, "Delete")

    monkeypatch.setattr(inbox, "client", lambda service: NoDelete(real(service)))
    with pytest.raises(ClientError):
        run(created(ENCODED))
    monkeypatch.setattr(inbox, "client", real)
    retried = run(created(ENCODED))
    assert retried["data"] == {"new": 0, "known": 3, "matched": 0, "unmatched": 0}
    assert report(f"{retried['Ziel']}.json")["data"] == {"new": 3, "known": 0, "matched": 2, "unmatched": 1}
    assert keys(INBOX) == []


def test_an_invalid_file_is_moved_to_the_errors_with_its_reason_and_books_nothing(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    body = paying(chf, chf).replace(b"<CdtDbtInd>CRDT</CdtDbtInd>", b"<CdtDbtInd>CREDIT</CdtDbtInd>", 1)
    key = f"{INBOX}bank-a/kaputt.xml"
    s3().put_object(Bucket=BUCKET, Key=key, Body=body)
    when = uploaded(key)

    outcome = run(created(key))  # no exception: retrying would not make the file valid

    target = f"zahlungen/fehler/{when[:10]}/bank-a/{when[11:]}-kaputt.xml"
    assert (outcome["Status"], outcome["Ziel"]) == ("fehler", target)
    assert keys() == [target, f"{target}.json"]
    found = report(f"{target}.json")
    assert found["error"] == "invalid_request"
    assert found["error_description"] == (
        "The file is not a valid camt.054.001.08: line 2: Element"
        " '{urn:iso:std:iso:20022:tech:xsd:camt.054.001.08}CdtDbtInd': [facet 'enumeration'] The value"
        " 'CREDIT' is not an element of the set {'CRDT', 'DBIT'}."
    )
    assert found["info"]["fields"]["version"] == "camt.054.001.08"  # as POST /www/zahlungen answers it
    assert (found["Datei"], found["Bytes"]) == (key, len(body))
    assert head(call, chf["RechNr"])["Zahlstatus"] == "offen"
    assert call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["count"] == 0


def test_a_file_over_16_mb_is_refused_unread(call: Any, monkeypatch: Any) -> None:
    from botocore.response import StreamingBody

    reads: list[int | None] = []
    real_read = StreamingBody.read

    def read(self: Any, amt: int | None = None) -> bytes:
        reads.append(amt)
        return real_read(self, amt)

    size = 16 * 1024 * 1024 + 1
    key = f"{INBOX}gross.xml"
    s3().put_object(Bucket=BUCKET, Key=key, Body=b" " * size)
    monkeypatch.setattr(StreamingBody, "read", read)
    outcome = run(created(key))
    assert reads == []  # refused on its length, not read
    assert outcome["Status"] == "fehler"
    found = report(f"{outcome['Ziel']}.json")
    assert found["error_description"] == "The file has 16777217 bytes; at most 16777216 are accepted."
    assert found["Bytes"] == size
    assert keys(INBOX) == []


THROTTLED = ClientError(
    {"Error": {"Code": "ProvisionedThroughputExceededException", "Message": "Rate exceeded"}}, "BatchGetItem"
)


@pytest.mark.parametrize(
    "failure", [THROTTLED, Unavailable("The service is busy; retry shortly.", retry_after=2)], ids=["throttled", "503"]
)
def test_a_failure_that_may_heal_raises_and_leaves_the_file_in_the_inbox(
    call: Any, monkeypatch: Any, failure: Exception
) -> None:
    from backoffice.payments import booking

    chf = issued(call, CHF_ORDER)
    s3().put_object(Bucket=BUCKET, Key=KEY, Body=paying(chf, chf))

    def failing(body: bytes, user: str, orders: Any) -> Any:
        raise failure

    monkeypatch.setattr(booking, "import_file", failing)
    with pytest.raises(type(failure)):
        run(created(ENCODED))  # Lambda retries the event
    assert keys() == [KEY]
    monkeypatch.undo()
    assert run(created(ENCODED))["Status"] == "verarbeitet"  # the retry books it
    assert head(call, chf["RechNr"])["Zahlstatus"] == "bezahlt"


def test_a_key_the_event_gives_unencoded_is_found_as_given(call: Any) -> None:
    """S3 documents the encoding for its own notifications only: a literal + given as is reads as a
    space decoded, which is absent; the key as given is then imported."""
    chf = issued(call, CHF_ORDER)
    key = f"{INBOX}a+b.xml"
    s3().put_object(Bucket=BUCKET, Key=key, Body=paying(chf, chf))
    outcome = run(created(key))
    assert (outcome["Datei"], outcome["Status"]) == (key, "verarbeitet")
    assert keys(INBOX) == []


@pytest.mark.parametrize(
    "event",
    [
        created(f"{INBOX}"),  # the folder a console creates
        created("zahlungen/verarbeitet/2026-11-26/x.xml"),
        created(f"{INBOX}x.xml", bucket="another-bucket"),
        {"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}},
    ],
    ids=["folder", "outside-the-inbox", "another-bucket", "not-s3"],
)
def test_what_is_not_a_file_of_the_inbox_is_passed_over(aws: Any, event: dict[str, Any]) -> None:
    s3().put_object(Bucket=BUCKET, Key="zahlungen/verarbeitet/2026-11-26/x.xml", Body=b"<x/>")
    assert run(event)["Status"] == "uebergangen"
    assert keys() == ["zahlungen/verarbeitet/2026-11-26/x.xml"]


def test_result_keys_keep_the_folders_and_the_name_under_the_uploads_day() -> None:
    from backoffice.payments.inbox import FAILED, PROCESSED, target_key

    moment = datetime(2026, 11, 26, 23, 59, 7, tzinfo=UTC)
    assert target_key(PROCESSED, f"{INBOX}camt054.xml", moment) == "zahlungen/verarbeitet/2026-11-26/235907-camt054.xml"
    assert target_key(FAILED, f"{INBOX}zkb/2026/c.xml", moment) == "zahlungen/fehler/2026-11-26/zkb/2026/235907-c.xml"
