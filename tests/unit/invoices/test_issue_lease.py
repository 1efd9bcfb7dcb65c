"""Issuing under a lease (moto): one request at a time per order, a number never taken twice nor lost.

A second request while one is issuing is a 409 to retry, taking no number and writing no file; a
request that failed after taking its number hands the lease back and the next issues the invoice
under that number; one that died (a Lambda past its Timeout) is taken over once its lease has run
out, with its number and dates; S3's 412 for our own retried write is no failure.
"""

from __future__ import annotations

import time
from datetime import date, timedelta

import pytest

from tests.support.invoke import Answer

ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
PDF, JSON = "application/pdf", "application/json"


def order(call) -> str:
    answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["AuftNr"])


def issue(call, auft_nr: str) -> Answer:
    return call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")


def counter() -> int | None:
    from backoffice.platform import dynamo

    item = dynamo.get_item("COUNTER", "RechNr")
    return None if item is None else int(item["value"])


def invoice_files() -> list[str]:
    from backoffice.platform.aws import client
    from backoffice.platform.environment import get_settings

    listed = client("s3").list_objects_v2(Bucket=get_settings().archive_bucket_name, Prefix="rechnung/")
    return sorted(o["Key"] for o in listed.get("Contents", []))


def item(auft_nr: str) -> dict:
    from backoffice.platform import dynamo

    found = dynamo.get_item(f"RECHNUNG#{auft_nr}", "RECHNUNG", consistent=True)
    assert found is not None
    return found


def test_a_second_request_while_one_issues_is_a_409_taking_no_number_and_writing_nothing(call):
    from backoffice.invoices.store import LEASE_SECONDS, pk
    from backoffice.platform import dynamo

    auft_nr = order(call)
    # Another request of the same order is rendering right now.
    assert dynamo.take_lease(pk(auft_nr), "RECHNUNG", "other-request", LEASE_SECONDS) is not None

    busy = issue(call, auft_nr)
    assert busy.status == 409
    assert busy.headers["Retry-After"] == "5"
    assert busy.json() == {
        "error": "conflict",
        "error_description": f"The invoice of order {auft_nr} is being issued by another request; "
        "retry in a few seconds.",
        "info": {"AuftNr": auft_nr},
    }
    assert counter() is None  # no RechNr taken
    assert invoice_files() == []
    # Not issued yet: the reads see no invoice, and the lease is still the other request's.
    assert call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": JSON}).status == 404
    assert item(auft_nr)["LeaseHolder"] == "other-request"


def test_a_failure_after_numbering_hands_the_lease_back_and_the_retry_keeps_the_number(call, monkeypatch):
    from backoffice.platform import aws

    auft_nr = order(call)
    s3 = aws.client("s3")
    real = s3.put_object
    failures = []

    def put_fails_once(**kwargs):
        # Rendering is done before the number is drawn (issue 22): what can fail after it is S3.
        if not failures:
            failures.append(True)
            raise OSError("connection reset")
        return real(**kwargs)

    monkeypatch.setattr(s3, "put_object", put_fails_once)
    failed = issue(call, auft_nr)
    assert failed.status == 500
    assert failed.json()["error"] == "internal_error"
    kept = item(auft_nr)
    assert (kept["RechNr"], kept["LeaseUntil"]) == ("500001", 0)  # numbered, lease handed back
    assert "PdfKey" not in kept
    assert invoice_files() == []

    retried = issue(call, auft_nr)  # at once: no lease to wait out
    assert retried.status == 201, retried.text
    assert retried.json()["data"]["RechNr"] == "500001"
    assert counter() == 1
    finished = item(auft_nr)
    assert "LeaseHolder" not in finished
    assert "LeaseUntil" not in finished
    # The next order's invoice follows without a gap.
    assert issue(call, order(call)).json()["data"]["RechNr"] == "500002"


def test_failing_and_succeeding_attempts_leave_the_rech_nr_sequence_without_a_gap(call, monkeypatch):
    from backoffice.invoices import pdf
    from backoffice.platform import aws

    broken, flaky, first, second, third = (order(call) for _ in range(5))
    real_render = pdf.render
    s3 = aws.client("s3")
    real_put = s3.put_object
    put_failures = []

    def render(invoice, *args, **kwargs):
        if invoice.auft_nr == broken and broken_now:
            raise ValueError("cannot render this order")
        return real_render(invoice, *args, **kwargs)

    def put(**kwargs):
        if f"/{flaky}/" in kwargs["Key"] and not put_failures:
            put_failures.append(True)
            raise OSError("connection reset")
        return real_put(**kwargs)

    monkeypatch.setattr(pdf, "render", render)
    monkeypatch.setattr(s3, "put_object", put)
    broken_now = True
    answers = [
        (broken, issue(call, broken).status),  # fails before numbering: no number
        (first, issue(call, first).status),  # 500001
        (flaky, issue(call, flaky).status),  # 500002 taken, S3 fails: kept with the lease
        (broken, issue(call, broken).status),  # fails again, still no number
        (flaky, issue(call, flaky).status),  # issued under 500002
        (second, issue(call, second).status),  # 500003
    ]
    # The order that cannot be rendered holds no number while the others are issued around it.
    assert "RechNr" not in item(broken)
    assert counter() == 3
    broken_now = False
    answers += [(broken, issue(call, broken).status), (third, issue(call, third).status)]
    assert [status for _, status in answers] == [500, 201, 500, 500, 201, 201, 201, 201]
    numbers = {a: item(a)["RechNr"] for a in (first, flaky, second, broken, third)}
    assert numbers == {first: "500001", flaky: "500002", second: "500003", broken: "500004", third: "500005"}
    assert counter() == 5  # every number drawn is an invoice stored
    assert len(invoice_files()) == 10


def test_a_request_that_died_is_taken_over_with_its_number_and_dates_once_its_lease_ran_out(call):
    from backoffice import company
    from backoffice.invoices.model import payment_reference
    from backoffice.invoices.store import LEASE_SECONDS, pk
    from backoffice.platform import dynamo

    seller = company.seller()
    assert seller is not None
    auft_nr = order(call)
    # A Lambda stopped at its Timeout after numbering: no handing back, its lease ran out by itself.
    died = time.time() - LEASE_SECONDS - 1
    assert dynamo.take_lease(pk(auft_nr), "RECHNUNG", "dead", LEASE_SECONDS, now=died) is not None
    yesterday = date.today() - timedelta(days=1)
    numbered = {
        "RechNr": "500001",
        "RechDatum": yesterday.isoformat(),
        "FaelligDatum": (yesterday + timedelta(days=30)).isoformat(),
        "Zahlungsreferenz": payment_reference("500001", "CHF", seller),
    }
    assert dynamo.next_number("RechNr", start=500001) == 500001
    assert dynamo.update_leased(pk(auft_nr), "RECHNUNG", "dead", numbered)

    taken_over = issue(call, auft_nr)
    assert taken_over.status == 201, taken_over.text
    head = taken_over.json()["data"]
    assert {k: head[k] for k in numbered} == numbered
    assert counter() == 1
    # The request that died, come back to life, can no longer write its record.
    assert not dynamo.update_leased(pk(auft_nr), "RECHNUNG", "dead", {"RechNr": "500099"}, finish=True)
    assert item(auft_nr)["RechNr"] == "500001"


def test_s3s_412_for_our_own_retried_write_is_no_failure_but_another_object_is(call, monkeypatch):
    from backoffice.platform import aws

    s3 = aws.client("s3")
    real_put = s3.put_object
    mode = {"other": False}

    def put_then_lose_the_answer(**kwargs):
        # The first PUT lands but its answer is lost; botocore's retry meets the object: moto's 412.
        real_put(**({**kwargs, "Body": b"not ours"} if mode["other"] else kwargs))
        return real_put(**kwargs)

    monkeypatch.setattr(s3, "put_object", put_then_lose_the_answer)
    auft_nr = order(call)
    answer = issue(call, auft_nr)
    assert answer.status == 201, answer.text
    pdf = call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": PDF})
    assert pdf.status == 200
    assert pdf.headers["Content-Type"] == PDF

    mode["other"] = True
    other = order(call)
    refused = issue(call, other)
    assert refused.status == 500  # a stranger's object under our key: never taken for ours
    assert item(other)["LeaseUntil"] == 0


@pytest.mark.parametrize(("past_expiry", "taken"), [(1, True), (-1, False)])
def test_take_lease_takes_over_only_a_lease_that_has_run_out(aws, past_expiry, taken):
    from backoffice.platform import dynamo

    now = time.time()
    assert dynamo.take_lease("LEASE#1", "X", "first", 60, now=now) == {
        "LeaseHolder": "first",
        "LeaseUntil": int(now) + 60,
    }
    later = int(now) + 60 + past_expiry
    second = dynamo.take_lease("LEASE#1", "X", "second", 60, now=later)
    assert (second is not None) is taken
    assert dynamo.update_leased("LEASE#1", "X", "second", {"Wert": 1}) is taken
    assert dynamo.update_leased("LEASE#1", "X", "first", {"Wert": 2}) is not taken
    holder = "second" if taken else "first"
    assert dynamo.update_leased("LEASE#1", "X", holder, {}, finish=True)
    assert dynamo.take_lease("LEASE#1", "X", "third", 60, now=later + 3600) is None  # finished: never again


def test_the_lease_outlasts_the_function_so_a_working_request_never_loses_it():
    from backoffice.invoices.store import LEASE_SECONDS
    from local.template import Stack

    # A lease shorter than the Timeout would let a second request take over a live one.
    assert LEASE_SECONDS > Stack.read().timeout("RechnungFunction") == 29
