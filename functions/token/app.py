"""POST /www/token: Basic credentials in, a bearer token out."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from backoffice.api import entrypoint, json_response, make_resolver
from backoffice.auth import authenticate, basic_credentials, issue_token

app = make_resolver()


@app.post("/www/token")
def create_token() -> Response[str]:
    name, password = basic_credentials(app.current_event.headers.get("Authorization"))
    token, expires_in = issue_token(authenticate(name, password))
    return json_response({"expires_in": expires_in, "access_token": token}, headers={"Cache-Control": "no-store"})


lambda_handler = entrypoint(app)
