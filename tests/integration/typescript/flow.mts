// Issue 28: the integrator's flow through the generated TypeScript client (clients/typescript, as
// `npm install ./clients/typescript` installs it), run by tests/integration/test_client_typescript.py:
// type-checked with `tsc --noEmit`, then run with node against the local stack at $BASE.
//
// Every call goes through `call`: its status, a JSON answer deep-equal to the raw body, a file as
// the raw bytes. The last line printed is the JSON list of the operations called (METHOD and path
// template, from openapi-fetch's middleware); the Python test maps it to operationIds and fails on
// any operation of docs/openapi.json no step calls: add a step to STEPS for a new one.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { readFileSync } from "node:fs";

import { basic, createClient } from "backoffice-api-client";
import type { BackofficeClient, ErrorBody, components } from "backoffice-api-client";

const base = process.env.BASE ?? "http://127.0.0.1:3000";
const demoImage = process.env.DEMO_IMAGE ?? "";
// A camt.054 of two payments (tests/support/camt_files.py), __REFERENCE__ and __TAG__ to fill in.
const camtTemplate = process.env.CAMT_TEMPLATE ?? "";
const called = new Set<string>();
let raw: { json?: unknown; bytes?: Uint8Array } = {};

// Records each request's operation and keeps the raw body of its answer.
function client(headers: Record<string, string> = {}): BackofficeClient {
  const api = createClient(base, { headers });
  api.use({
    onRequest({ request, schemaPath }) {
      called.add(`${request.method} ${schemaPath}`);
    },
    async onResponse({ response }) {
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      const json = (response.headers.get("Content-Type") ?? "").startsWith("application/json");
      raw = json ? { json: JSON.parse(new TextDecoder().decode(bytes)) } : { bytes };
    },
  });
  return api;
}

type Answer<T, E> = { data?: T; error?: E; response: Response };

// The answer's typed body, its status checked; JSON compared with the raw body, bytes with the raw bytes.
async function call<T, E>(status: number, pending: Promise<Answer<T, E>>): Promise<T> {
  const { data, error, response } = await pending;
  strictEqual(response.status, status, `${response.url}: ${JSON.stringify(error)}`);
  const typed = data ?? error;
  if (raw.json !== undefined) {
    deepStrictEqual(typed, raw.json);
  } else if (raw.bytes && raw.bytes.length > 0) {
    ok(typed instanceof ArrayBuffer, `${response.url}: a file answer is read as bytes`);
    deepStrictEqual(new Uint8Array(typed), raw.bytes);
  }
  return (data ?? error) as T;
}

async function failing(status: number, pending: Promise<Answer<unknown, ErrorBody>>): Promise<ErrorBody> {
  const { error } = await pending;
  ok(error, "an error body");
  await call(status, Promise.resolve({ error, response: (await pending).response }));
  return error;
}

const login = await call(200, client({ Authorization: basic("demo", "demo") }).POST("/www/token"));
const api = client({ Authorization: `Bearer ${login.access_token}` });
const kept: { auftNr?: string; invoice?: components["schemas"]["RechnungDaten"]; credited?: number } = {};
const cents = (amount: number): number => Math.round(amount * 100);

async function tokenAndAnErrorBody(): Promise<void> {
  const refused = await failing(401, client({ Authorization: basic("demo", "wrong") }).POST("/www/token"));
  strictEqual(refused.error, "invalid_token");
  ok(typeof refused.info.request_id === "string" && refused.info.request_id.length > 0);
}

async function articlePagesAndMedia(): Promise<void> {
  const first = await call(200, api.GET("/www/artikel", { params: { query: { limit: 2, offset: 0 } } }));
  const second = await call(200, api.GET("/www/artikel", { params: { query: { limit: 2, offset: 2 } } }));
  strictEqual(first.data.length + second.data.length, 4);
  ok(!first.data.some((a) => second.data.some((b) => b.ArtNr === a.ArtNr)));
  const one = await call(200, api.GET("/www/artikel/{ArtNr}", { params: { path: { ArtNr: "1002" } } }));
  strictEqual(one.data.ArtNr, "1002");
  const media = await call(200, api.GET("/www/artikelmedia/{ArtNr}", { params: { path: { ArtNr: "1000" } } }));
  ok(media.data.length > 0);
  const image = await call(
    200,
    api.GET("/www/artikelmediadaten/{IDKey}", {
      params: { path: { IDKey: 5000 }, query: { type: "Bild" } },
      parseAs: "arrayBuffer",
    }),
  );
  deepStrictEqual(new Uint8Array(image), new Uint8Array(readFileSync(demoImage)));
}

async function customerAndAddresses(): Promise<void> {
  const email = `sdk-ts-${Date.now()}@example.ch`;
  const created = await call(
    201,
    api.POST("/www/kunden", {
      body: {
        GrundDaten: { WaehrAbk: "CHF", FAKTZahlArt: "B" },
        Adressen: {
          KontaktAdr: {
            AdrSprache: "ger",
            AdrFirma: "Muster AG",
            AdrAnrede: 0,
            AdrAdresse1: "Bahnhofstrasse 1",
            OrtLand: "CH",
            OrtPLZ: "8001",
            OrtName: "Zürich",
            EmailAdress: email,
          },
        },
      },
    }),
  );
  const debiNr = created.data.DebiNr;
  const customer = (await call(200, api.GET("/www/kunden/{DebiNr}", { params: { path: { DebiNr: debiNr } } }))).data;
  const addresses = await call(200, api.GET("/www/adressen", { params: { query: { debinr: debiNr } } }));
  strictEqual(addresses.data.KundLief[0].AdrNr, customer.KundLief);
  const found = await call(200, api.GET("/www/adressensuche", { params: { query: { EmailAdress: email } } }));
  strictEqual(found.data.DebiNr, debiNr);
  const adrNr = customer.KundLief;
  await call(
    204,
    api.PATCH("/www/adressen/{AdrNr}", {
      params: { path: { AdrNr: adrNr }, header: { "Idempotency-Key": `ts-${Date.now()}` } },
      body: { Anrede: 1, AdrName: "Meier" },
    }),
  );
  const delivery = await call(200, api.GET("/www/adressen/{AdrNr}", { params: { path: { AdrNr: adrNr } } }));
  deepStrictEqual([delivery.data.AdrAnrede, delivery.data.AdrName], [1, "Meier"]);
}

async function quotationPatchAndConvert(): Promise<void> {
  const created = await call(
    201,
    api.POST("/www/offerte", {
      body: { GrundDaten: { KundNr: "100001" }, Positionen: [{ ArtNr: "1000", Menge: 1 }] },
    }),
  );
  const OffertNr = created.data.OffertNr;
  const patched = await call(
    200,
    api.PATCH("/www/offerte", {
      params: { query: { OffertNr } },
      body: { Positionen: [{ ArtNr: "1002", Menge: 20, VPEinheit: "PAK" }] },
    }),
  );
  const added = patched.data.Positionen?.at(-1);
  deepStrictEqual([added?.VPEinheit, added?.PosPreisTotal], ["PAK", 7.64]);
  strictEqual((await call(200, api.GET("/www/offerte", { params: { query: { OffertNr } } }))).data.OffertNr, OffertNr);
  const converted = await call(201, api.PUT("/www/auftrag", { body: { GrundDaten: { KundNr: "100001", OffertNr } } }));
  ok(converted.data.AuftNr);
}

async function anOrderWithAPriceComputedInDoubles(): Promise<void> {
  const price = 10.1 + 0.2; // 10.299999999999999 in a double, as JSON.stringify sends it
  strictEqual(JSON.stringify(price), "10.299999999999999");
  const created = await call(
    201,
    api.POST("/www/auftrag", {
      body: { GrundDaten: { KundNr: "100004" }, Positionen: [{ ArtNr: "1000", Menge: 2, Preis: price }] },
    }),
  );
  const AuftNr = created.data.AuftNr;
  const order = await call(200, api.GET("/www/auftrag/{AuftNr}", { params: { path: { AuftNr } } }));
  const position = order.data.Positionen?.[0];
  deepStrictEqual([position?.PosPreisEinzel, position?.PosPreisTotal], [10.3, 20.6]);
  kept.auftNr = AuftNr;
}

async function invoiceAndZugferd(): Promise<void> {
  const path = { AuftNr: kept.auftNr ?? "" };
  const issued = await call(201, api.POST("/www/auftrag/{AuftNr}/rechnung", { params: { path } }));
  const head = await call(
    200,
    api.GET("/www/auftrag/{AuftNr}/rechnung", { params: { path }, headers: { Accept: "application/json" } }),
  );
  strictEqual(head.data.RechNr, issued.data.RechNr);
  kept.invoice = issued.data;
  const pdf = new Uint8Array(
    await call(200, api.GET("/www/auftrag/{AuftNr}/rechnung/pdf", { params: { path }, parseAs: "arrayBuffer" })),
  );
  const xml = new Uint8Array(
    await call(200, api.GET("/www/auftrag/{AuftNr}/rechnung/xml", { params: { path }, parseAs: "arrayBuffer" })),
  );
  strictEqual(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
  strictEqual(new TextDecoder().decode(xml.slice(0, 5)), "<?xml");
  // The same files by the invoice's number, byte for byte.
  const byNumber = { RechNr: issued.data.RechNr ?? "" };
  const pdfByNumber = await call(
    200,
    api.GET("/www/rechnung/{RechNr}/pdf", { params: { path: byNumber }, parseAs: "arrayBuffer" }),
  );
  const xmlByNumber = await call(
    200,
    api.GET("/www/rechnung/{RechNr}/xml", { params: { path: byNumber }, parseAs: "arrayBuffer" }),
  );
  deepStrictEqual(new Uint8Array(pdfByNumber), pdf);
  deepStrictEqual(new Uint8Array(xmlByNumber), xml);
  const extracted = await call(
    200,
    api.POST("/www/zugferd", {
      // as const: openapi-fetch infers the options generically, so a literal must keep its type.
      body: { Operation: "Extract" as const, PDF: Buffer.from(pdf).toString("base64") },
      parseAs: "arrayBuffer",
    }),
  );
  deepStrictEqual(new Uint8Array(extracted), xml);
  const cors = { Origin: "https://shop.example", "Access-Control-Request-Method": "POST" };
  await call(204, client(cors).OPTIONS("/www/zugferd"));
}

// One of the invoice's two pieces credited; the credit note as JSON (by Accept), PDF and XML (typed).
async function creditNote(): Promise<void> {
  const invoice = kept.invoice!;
  const note = (
    await call(
      201,
      api.POST("/www/rechnung/{RechNr}/gutschrift", {
        params: { path: { RechNr: invoice.RechNr }, header: { "Idempotency-Key": `ts-gs-${Date.now()}` } },
        body: { Positionen: [{ PosNr: 1, Menge: 1 }] },
      }),
    )
  ).data;
  deepStrictEqual([note.RechNr, note.Positionen.map((p) => [p.PosNr, p.Menge])], [invoice.RechNr, [[1, 1]]]);
  strictEqual(note.AuftNetto, 10.3);
  const path = { GutschriftNr: note.GutschriftNr };
  const read = await call(
    200,
    api.GET("/www/gutschrift/{GutschriftNr}", { params: { path }, headers: { Accept: "application/json" } }),
  );
  deepStrictEqual(read.data, note);
  const pdf = new Uint8Array(
    await call(200, api.GET("/www/gutschrift/{GutschriftNr}/pdf", { params: { path }, parseAs: "arrayBuffer" })),
  );
  const xml = new TextDecoder().decode(
    await call(200, api.GET("/www/gutschrift/{GutschriftNr}/xml", { params: { path }, parseAs: "arrayBuffer" })),
  );
  strictEqual(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
  ok(xml.startsWith("<?xml") && xml.includes("<ram:TypeCode>381</ram:TypeCode>"), "a credit note's XML");
  kept.credited = note.AuftBrutto;
}

// A camt.054 through the typed XML body: one payment matched by reference, one assigned by hand.
async function paymentsAndOpenItems(): Promise<void> {
  const invoice = kept.invoice!;
  const tag = `ts${Date.now()}`;
  const file = camtTemplate.replaceAll("__REFERENCE__", invoice.Zahlungsreferenz).replaceAll("__TAG__", tag);
  const imported = await call(
    201,
    api.POST("/www/zahlungen", {
      body: file,
      // The body is the XML as it stands: openapi-fetch would JSON-encode a string by default.
      bodySerializer: (body: string) => body,
      headers: { "Content-Type": "application/xml" },
    }),
  );
  deepStrictEqual(imported.data, { new: 2, known: 0, matched: 1, unmatched: 1 });
  let loose: components["schemas"]["Zahlung"] | undefined;
  for (let offset = 0; loose === undefined; offset += 1000) {
    // Oldest first: other tests' unmatched payments may come before it.
    const query = { status: "offen" as const, limit: 1000, offset };
    const page = await call(200, api.GET("/www/zahlungen", { params: { query } }));
    ok(offset < page.count, `sdk ${tag} is listed`);
    loose = page.data.find((p) => p.Mitteilung === `sdk ${tag}`);
  }
  const payment = loose; // a const, for the callback below
  deepStrictEqual([payment.Betrag, payment.WaehrAbk, payment.Status], [3, "CHF", "offen"]);
  const assigned = await call(
    200,
    api.POST("/www/zahlungen/{id}/zuordnung", {
      params: { path: { id: payment.ZahlungId } },
      body: { RechNr: invoice.RechNr },
    }),
  );
  deepStrictEqual([assigned.data.Status, assigned.data.RechNr], ["zugeordnet", invoice.RechNr]);
  const head = (
    await call(
      200,
      api.GET("/www/rechnung/{RechNr}", {
        params: { path: { RechNr: invoice.RechNr } },
        headers: { Accept: "application/json" },
      }),
    )
  ).data;
  const open = cents(invoice.AuftBrutto) - cents(kept.credited ?? 0) - 800;
  deepStrictEqual([cents(head.BetragBezahlt), cents(head.BetragOffen), head.Zahlstatus], [800, open, "teilbezahlt"]);
  ok(head.Zahlungen?.some((z) => z.ZahlungId === payment.ZahlungId));
  const query = { status: "offen" as const, KundNr: invoice.KundNr ?? "" };
  const items = await call(200, api.GET("/www/rechnung", { params: { query } }));
  const item = items.data.find((i) => i.RechNr === invoice.RechNr);
  strictEqual(cents(item?.BetragOffen ?? -1), open);
}

async function eventsAndWebhooks(): Promise<void> {
  const events = await call(200, api.GET("/www/events", { params: { query: { after: "0", limit: 5 } } }));
  ok(events.data.length > 0);
  const hook = (
    await call(201, api.POST("/www/webhooks", { body: { url: "http://127.0.0.1:9/hook", events: ["auftrag.created"] } }))
  ).data;
  const path = { id: hook.id };
  ok((await call(200, api.GET("/www/webhooks"))).data.some((h) => h.id === hook.id));
  strictEqual((await call(200, api.GET("/www/webhooks/{id}", { params: { path } }))).data.id, hook.id);
  const changed = await call(
    200,
    api.PATCH("/www/webhooks/{id}", { params: { path }, body: { events: ["rechnung.issued"] } }),
  );
  deepStrictEqual(changed.data.events, ["rechnung.issued"]);
  const rotated = await call(201, api.POST("/www/webhooks/{id}/secret", { params: { path } }));
  ok(rotated.data.secret !== hook.secret);
  const sent = (await call(202, api.POST("/www/webhooks/{id}/test", { params: { path } }))).data;
  strictEqual(sent.type, "webhook.test");
  const listed = await call(200, api.GET("/www/webhooks/{id}/deliveries", { params: { path } }));
  ok(listed.data.some((d) => d.id === sent.id));
  const again = await call(
    202,
    api.POST("/www/webhooks/{id}/deliveries/{delivery_id}/redeliver", {
      params: { path: { id: hook.id, delivery_id: sent.id } },
    }),
  );
  strictEqual(again.data.id, sent.id);
  await call(204, api.DELETE("/www/webhooks/{id}", { params: { path } }));
  const gone = await failing(404, api.GET("/www/webhooks/{id}", { params: { path } }));
  strictEqual(gone.error, "not_found");
}

async function operatorDeletesTheLogs(): Promise<void> {
  const token = await call(200, client({ Authorization: basic("operator", "operator") }).POST("/www/token"));
  await call(204, client({ Authorization: `Bearer ${token.access_token}` }).DELETE("/www/log"));
}

// In the order an integrator goes; a new operation of the document needs its call in one of them,
// or a step of its own here.
const STEPS: Array<() => Promise<void>> = [
  tokenAndAnErrorBody,
  articlePagesAndMedia,
  customerAndAddresses,
  quotationPatchAndConvert,
  anOrderWithAPriceComputedInDoubles,
  invoiceAndZugferd,
  creditNote,
  paymentsAndOpenItems,
  eventsAndWebhooks,
  operatorDeletesTheLogs,
];
for (const step of STEPS) {
  await step();
}
console.log(JSON.stringify([...called].sort()));
