"""Routes of /www/artikel: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.get("/www/artikel/<ArtNr>")(not_implemented("GET /www/artikel/{ArtNr}"))
app.get("/www/artikel")(not_implemented("GET /www/artikel"))
app.get("/www/artikelmedia/<ArtNr>")(not_implemented("GET /www/artikelmedia/{ArtNr}"))
app.get("/www/artikelmediadaten/<IDKey>")(not_implemented("GET /www/artikelmediadaten/{IDKey}"))

lambda_handler = entrypoint(app)
