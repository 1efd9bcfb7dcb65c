"""Routes of /www/auftrag: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.get("/www/auftrag/<AuftNr>")(not_implemented("GET /www/auftrag/{AuftNr}"))
app.post("/www/auftrag")(not_implemented("POST /www/auftrag"))
app.put("/www/auftrag")(not_implemented("PUT /www/auftrag"))

lambda_handler = entrypoint(app)
