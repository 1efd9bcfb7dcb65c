"""Issue 28: the integrator's flow through the generated Python client (clients/python), over real
HTTP against the local stack: token, article pages, customer, address search and patch, quotation
create, patch and convert, order, invoice, ZUGFeRD, then the rest of the document.

Every call goes through `Flow.call`: the answer's status, its JSON parsed into the generated model
and compared with the raw body (nothing lost, added or retyped), a file answer as the same bytes.
Every operation of docs/openapi.json must be called once at least (`test_..._every_operation`):
a route added to the document fails it until a step below calls it; add the step to STEPS.
"""

from __future__ import annotations

import base64
import io
import json
import uuid
from collections.abc import Callable
from contextlib import redirect_stdout
from decimal import Decimal
from typing import Any

import pytest
from backoffice_client import AuthenticatedClient
from backoffice_client.api.adressen import get_adresse, list_adressen, patch_adresse, search_adresse
from backoffice_client.api.artikel import get_artikel, get_artikelmediadaten, list_artikel, list_artikelmedia
from backoffice_client.api.auftrag import convert_offerte, create_auftrag, get_auftrag
from backoffice_client.api.events import list_events
from backoffice_client.api.gutschrift import create_gutschrift, get_gutschrift, get_gutschrift_pdf, get_gutschrift_xml
from backoffice_client.api.kunden import create_kunde, get_kunde
from backoffice_client.api.log import delete_logs
from backoffice_client.api.offerte import create_offerte, get_offerte, patch_offerte
from backoffice_client.api.rechnung import (
    create_rechnung,
    get_rechnung,
    get_rechnung_by_nummer,
    get_rechnung_pdf,
    get_rechnung_pdf_by_nummer,
    get_rechnung_xml,
    get_rechnung_xml_by_nummer,
    list_rechnungen,
)
from backoffice_client.api.token import create_token
from backoffice_client.api.webhooks import (
    create_webhook,
    delete_webhook,
    get_webhook,
    list_webhook_deliveries,
    list_webhooks,
    patch_webhook,
    redeliver_webhook_delivery,
    rotate_webhook_secret,
)
from backoffice_client.api.webhooks import test_webhook as send_test_webhook
from backoffice_client.api.zahlungen import assign_zahlung, import_zahlungen, list_zahlungen
from backoffice_client.api.zugferd import preflight_zugferd, process_zugferd
from backoffice_client.models import (
    AddressPatch,
    CreditNoteCreate,
    CustomerIn,
    ErrorBody,
    OrderConvert,
    OrderCreate,
    QuotationCreate,
    QuotationPatch,
    WebhookIn,
    WebhookPatch,
    ZugferdRequest,
    Zuordnung,
)
from backoffice_client.types import File

from tests.support.camt_files import Entry, Tx, camt
from tests.support.clients import ROOT, OperationLog, json_differences, readme_example, undocumented
from tests.support.demo import MINIMAL_CUSTOMER

pytestmark = pytest.mark.integration
DEMO_IMAGE = ROOT / "local" / "demo_data" / "artikel" / "bilder" / "1000.png"


class Flow:
    """A logged-in generated client, the operations it called and what the steps pass on."""

    def __init__(self, base: str, user: str, password: str) -> None:
        self.base, self.log = base, OperationLog()
        self.hooks = {"request": [lambda request: self.log.record(request.method, request.url.path)]}
        token = self.call(create_token, 200, client=self.login(user, password))
        self.client = AuthenticatedClient(base, token=token.access_token, httpx_args={"event_hooks": self.hooks})
        self.kept: dict[str, Any] = {}

    def login(self, user: str, password: str) -> AuthenticatedClient:
        basic = base64.b64encode(f"{user}:{password}".encode()).decode()
        return AuthenticatedClient(self.base, token=basic, prefix="Basic", httpx_args={"event_hooks": self.hooks})

    def call(self, operation: Any, status: int, /, **kwargs: Any) -> Any:
        """operation.sync_detailed(...) with this flow's client; its parsed answer, checked against the raw one."""
        # status positional only: an operation's own `status` argument (status="offen") passes in kwargs.
        kwargs.setdefault("client", getattr(self, "client", None))
        answer = operation.sync_detailed(**kwargs)
        assert answer.status_code == status, answer.content
        media_type = answer.headers.get("Content-Type", "").split(";")[0]
        if media_type == "application/json":
            raw = json.loads(answer.content)
            assert hasattr(answer.parsed, "to_dict"), (operation.__name__, answer.parsed)
            assert json_differences(answer.parsed.to_dict(), raw) == [], operation.__name__
            assert undocumented(answer.parsed) == [], operation.__name__
            if status >= 400:
                assert isinstance(answer.parsed, ErrorBody)
        elif answer.content:
            assert isinstance(answer.parsed, File), operation.__name__
            assert answer.parsed.payload.read() == answer.content
            answer.parsed.payload.seek(0)
        else:
            assert answer.parsed is None
        return answer.parsed


def step_token_and_an_error_body(flow: Flow) -> None:
    refused = flow.call(create_token, 401, client=flow.login("demo", "not-the-password"))
    assert refused.error == "invalid_token"
    assert isinstance(refused.info.request_id, str)
    assert refused.info.request_id


def step_article_pages_and_media(flow: Flow) -> None:
    first = flow.call(list_artikel, 200, limit=2, offset=0)
    second = flow.call(list_artikel, 200, limit=2, offset=2)
    assert len(first.data) == len(second.data) == 2
    assert {a.art_nr for a in first.data}.isdisjoint(a.art_nr for a in second.data)
    assert flow.call(get_artikel, 200, art_nr="1002").data.art_nr == "1002"
    media = flow.call(list_artikelmedia, 200, art_nr="1000")
    assert media.data
    image = flow.call(get_artikelmediadaten, 200, id_key=5000, type_="Bild")
    assert image.payload.read() == DEMO_IMAGE.read_bytes()


def step_customer_and_addresses(flow: Flow) -> None:
    body = json.loads(json.dumps(MINIMAL_CUSTOMER))
    email = f"sdk-{uuid.uuid4().hex[:8]}@example.ch"
    body["Adressen"]["KontaktAdr"]["EmailAdress"] = email
    debi_nr = flow.call(create_kunde, 201, body=CustomerIn.from_dict(body)).data.debi_nr
    customer = flow.call(get_kunde, 200, debi_nr=debi_nr).data
    addresses = flow.call(list_adressen, 200, debinr=debi_nr).data
    assert addresses.kund_lief[0].adr_nr == customer.kund_lief
    found = flow.call(search_adresse, 200, email_adress=email).data
    assert found.debi_nr == debi_nr
    patch = AddressPatch.from_dict({"Anrede": 1, "AdrName": "Meier"})
    flow.call(patch_adresse, 204, adr_nr=customer.kund_lief, body=patch, idempotency_key=uuid.uuid4().hex)
    delivery = flow.call(get_adresse, 200, adr_nr=customer.kund_lief).data
    assert (delivery.adr_anrede, delivery.adr_name) == (1, "Meier")


def step_quotation_patch_and_convert(flow: Flow) -> None:
    body = QuotationCreate.from_dict(
        {"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    )
    offert_nr = flow.call(create_offerte, 201, body=body).data.offert_nr
    add = QuotationPatch.from_dict({"Positionen": [{"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}]})
    patched = flow.call(patch_offerte, 200, offert_nr=offert_nr, body=add).data
    assert (patched.positionen[-1].vp_einheit, patched.positionen[-1].pos_preis_total) == ("PAK", 7.64)
    assert flow.call(get_offerte, 200, offert_nr=offert_nr).data.offert_nr == offert_nr
    convert = OrderConvert.from_dict({"GrundDaten": {"KundNr": "100001", "OffertNr": offert_nr}})
    flow.kept["converted"] = flow.call(convert_offerte, 201, body=convert).data.auft_nr


def step_an_order_with_a_price_computed_in_doubles(flow: Flow) -> None:
    price = 10.1 + 0.2  # a double: 10.299999999999999, as JavaScript or PHP would compute it
    assert repr(price) == "10.299999999999999"
    body = OrderCreate.from_dict(
        {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 2, "Preis": price}]}
    )
    auft_nr = flow.call(create_auftrag, 201, body=body).data.auft_nr
    position = flow.call(get_auftrag, 200, auft_nr=auft_nr).data.positionen[0]
    assert (position.pos_preis_einzel, position.pos_preis_total) == (10.3, 20.6)
    flow.kept["order"] = auft_nr


def step_invoice_and_zugferd(flow: Flow) -> None:
    auft_nr = flow.kept["order"]
    head = flow.call(create_rechnung, 201, auft_nr=auft_nr, idempotency_key=uuid.uuid4().hex).data
    flow.kept["invoice"] = head
    as_json = flow.client.with_headers({"Accept": "application/json"})
    assert flow.call(get_rechnung, 200, auft_nr=auft_nr, client=as_json).data.rech_nr == head.rech_nr
    pdf = flow.call(get_rechnung_pdf, 200, auft_nr=auft_nr).payload.read()
    xml = flow.call(get_rechnung_xml, 200, auft_nr=auft_nr).payload.read()
    assert pdf.startswith(b"%PDF-")
    assert xml.startswith(b"<?xml")
    # The same files by the invoice's number, byte for byte.
    assert flow.call(get_rechnung_pdf_by_nummer, 200, rech_nr=head.rech_nr).payload.read() == pdf
    assert flow.call(get_rechnung_xml_by_nummer, 200, rech_nr=head.rech_nr).payload.read() == xml
    extract = ZugferdRequest.from_dict({"Operation": "Extract", "PDF": base64.b64encode(pdf).decode()})
    assert flow.call(process_zugferd, 200, body=extract).payload.read() == xml
    cors = flow.client.with_headers({"Origin": "https://shop.example", "Access-Control-Request-Method": "POST"})
    flow.call(preflight_zugferd, 204, client=cors)


def step_credit_note(flow: Flow) -> None:
    """One of the invoice's two pieces credited; the credit note as JSON (by Accept), PDF and XML (typed)."""
    invoice = flow.kept["invoice"]
    body = CreditNoteCreate.from_dict({"Positionen": [{"PosNr": 1, "Menge": 1}]})
    note = flow.call(create_gutschrift, 201, rech_nr=invoice.rech_nr, body=body, idempotency_key=uuid.uuid4().hex).data
    assert (note.rech_nr, [(p.pos_nr, p.menge) for p in note.positionen]) == (invoice.rech_nr, [(1, 1)])
    assert note.auft_netto == 10.3  # one of the two at 10.30
    number = note.gutschrift_nr
    as_json = flow.client.with_headers({"Accept": "application/json"})
    assert flow.call(get_gutschrift, 200, gutschrift_nr=number, client=as_json).data.to_dict() == note.to_dict()
    pdf = flow.call(get_gutschrift_pdf, 200, gutschrift_nr=number).payload.read()
    xml = flow.call(get_gutschrift_xml, 200, gutschrift_nr=number).payload.read()
    assert pdf.startswith(b"%PDF-")
    assert xml.startswith(b"<?xml")
    assert b"<ram:TypeCode>381</ram:TypeCode>" in xml  # a credit note (EN 16931 BT-3)
    flow.kept["credited"] = Decimal(str(note.auft_brutto))


def step_payments_and_open_items(flow: Flow) -> None:
    """A camt.054 through the typed XML body: one payment matched by reference, one assigned by hand."""
    invoice, tag = flow.kept["invoice"], uuid.uuid4().hex[:12]
    payments = (
        Tx(f"SDK-{tag}-1", Decimal("5.00"), invoice.zahlungsreferenz),
        Tx(f"SDK-{tag}-2", Decimal("3.00"), None, text=f"sdk {tag}"),
    )
    file = camt("camt.054.001.08", [Entry(f"SDK-{tag}", payments)], message_id=f"SDK-{tag}")
    counts = flow.call(import_zahlungen, 201, body=File(payload=io.BytesIO(file), mime_type="application/xml")).data
    assert (counts.new, counts.known, counts.matched, counts.unmatched) == (2, 0, 1, 1)
    loose, offset = None, 0
    while loose is None:  # oldest first: other tests' unmatched payments may come before it
        page = flow.call(list_zahlungen, 200, status="offen", limit=1000, offset=offset)
        assert offset < page.count, f"sdk {tag} not listed"
        loose = next((p for p in page.data if p.mitteilung == f"sdk {tag}"), None)
        offset += 1000
    assert (loose.betrag, loose.waehr_abk, str(loose.status)) == (3.0, "CHF", "offen")
    assigned = flow.call(assign_zahlung, 200, id=loose.zahlung_id, body=Zuordnung(rech_nr=invoice.rech_nr)).data
    assert (str(assigned.status), assigned.rech_nr) == ("zugeordnet", invoice.rech_nr)
    as_json = flow.client.with_headers({"Accept": "application/json"})
    head = flow.call(get_rechnung_by_nummer, 200, rech_nr=invoice.rech_nr, client=as_json).data
    open_amount = Decimal(str(invoice.auft_brutto)) - flow.kept["credited"] - Decimal("8.00")
    assert (Decimal(str(head.betrag_bezahlt)), Decimal(str(head.betrag_offen))) == (Decimal("8.00"), open_amount)
    assert str(head.zahlstatus) == "teilbezahlt"
    assert loose.zahlung_id in {z.zahlung_id for z in head.zahlungen}
    items = flow.call(list_rechnungen, 200, status="offen", kund_nr=invoice.kund_nr)
    (item,) = [i for i in items.data if i.rech_nr == invoice.rech_nr]
    assert Decimal(str(item.betrag_offen)) == open_amount


def step_events_and_webhooks(flow: Flow) -> None:
    assert flow.call(list_events, 200, after="0", limit=5).data
    hook_in = WebhookIn.from_dict({"url": "http://127.0.0.1:9/hook", "events": ["auftrag.created"]})
    hook = flow.call(create_webhook, 201, body=hook_in).data
    assert hook.id in {h.id for h in flow.call(list_webhooks, 200).data}
    assert flow.call(get_webhook, 200, id=hook.id).data.id == hook.id
    changed = flow.call(patch_webhook, 200, id=hook.id, body=WebhookPatch.from_dict({"events": ["rechnung.issued"]}))
    assert [str(e) for e in changed.data.events] == ["rechnung.issued"]
    assert flow.call(rotate_webhook_secret, 201, id=hook.id).data.secret != hook.secret
    sent = flow.call(send_test_webhook, 202, id=hook.id).data
    assert sent.type_ == "webhook.test"
    assert sent.id in {d.id for d in flow.call(list_webhook_deliveries, 200, id=hook.id).data}
    assert flow.call(redeliver_webhook_delivery, 202, id=hook.id, delivery_id=sent.id).data.id == sent.id
    flow.call(delete_webhook, 204, id=hook.id)
    flow.call(get_webhook, 404, id=hook.id)


def step_operator_deletes_the_logs(flow: Flow) -> None:
    token = flow.call(create_token, 200, client=flow.login("operator", "operator"))
    operator = AuthenticatedClient(flow.base, token=token.access_token, httpx_args={"event_hooks": flow.hooks})
    flow.call(delete_logs, 204, client=operator)


# In the order an integrator goes; a new operation of the document needs its call in one of them,
# or a step of its own here.
STEPS: list[Callable[[Flow], None]] = [
    step_token_and_an_error_body,
    step_article_pages_and_media,
    step_customer_and_addresses,
    step_quotation_patch_and_convert,
    step_an_order_with_a_price_computed_in_doubles,
    step_invoice_and_zugferd,
    step_credit_note,
    step_payments_and_open_items,
    step_events_and_webhooks,
    step_operator_deletes_the_logs,
]


def test_the_integrators_flow_through_the_python_client_calls_every_operation(local_stack: dict[str, Any]) -> None:
    flow = Flow(local_stack["api"], "demo", "demo")
    for step in STEPS:
        step(flow)
    assert flow.log.missing() == [], "operations no step calls: add a step to STEPS"


def test_the_readme_example_runs(local_stack: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASE", local_stack["api"])
    printed, example = io.StringIO(), {"__name__": "readme"}
    with redirect_stdout(printed):
        exec(readme_example("python"), example)  # noqa: S102 - the README's own text, run as a reader would
    lines = printed.getvalue().splitlines()
    assert len(lines) == 3
    assert all(line.split(" ", 1)[0].isdigit() for line in lines), lines
    assert isinstance(example["api"], AuthenticatedClient)
