"""POST /www/token: Basic credentials in, a bearer token out."""

from __future__ import annotations

from backoffice.http.openapi import BASIC_AUTH, documented
from backoffice.http.resolver import Response, entrypoint, json_response, make_resolver
from backoffice.platform.auth import basic_credentials, issue_token, login
from backoffice.platform.environment import check_environment
from backoffice.platform.user_store import USERS_VARIABLE

check_environment(USERS_VARIABLE)  # at init: in AWS, the users' table's name or a failure naming it
app = make_resolver()


@app.post(
    "/www/token",
    summary="Issue a bearer token for Basic credentials",
    security=BASIC_AUTH,
    responses=documented(200, "TokenAntwort", description="The token", errors=(401, 429)),
)
def create_token() -> Response[str]:
    name, password = basic_credentials(app.current_event.headers.get("Authorization"))
    source = str(app.current_event.request_context.identity.source_ip or "")
    token, expires_in = issue_token(login(name, password, source))
    return json_response({"expires_in": expires_in, "access_token": token}, headers={"Cache-Control": "no-store"})


lambda_handler = entrypoint(app)
