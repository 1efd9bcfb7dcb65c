"""Routes of /www/kunden: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.get("/www/kunden/<DebiNr>")(not_implemented("GET /www/kunden/{DebiNr}"))
app.post("/www/kunden")(not_implemented("POST /www/kunden"))

lambda_handler = entrypoint(app)
