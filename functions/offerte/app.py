"""Routes of /www/offerte: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.get("/www/offerte")(not_implemented("GET /www/offerte"))
app.post("/www/offerte")(not_implemented("POST /www/offerte"))
app.patch("/www/offerte")(not_implemented("PATCH /www/offerte"))

lambda_handler = entrypoint(app)
