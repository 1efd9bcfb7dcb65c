"""Routes of /www/adressen: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.get("/www/adressen/<AdrNr>")(not_implemented("GET /www/adressen/{AdrNr}"))
app.get("/www/adressen")(not_implemented("GET /www/adressen"))
app.patch("/www/adressen/<AdrNr>")(not_implemented("PATCH /www/adressen/{AdrNr}"))
app.get("/www/adressensuche")(not_implemented("GET /www/adressensuche"))

lambda_handler = entrypoint(app)
