"""Routes of /www/zugferd: declared, answered 501 until the issue that fills them lands."""

from __future__ import annotations

from backoffice.api import entrypoint, make_resolver, not_implemented

app = make_resolver()

app.post("/www/zugferd")(not_implemented("POST /www/zugferd"))
app.route("/www/zugferd", method="OPTIONS")(not_implemented("OPTIONS /www/zugferd"))

lambda_handler = entrypoint(app)
