"""DELETE /www/log: deletes the service's log files (bucket log prefix and own log groups).

Operators only: the log files are the audit trail."""

from __future__ import annotations

from backoffice.http.openapi import documented
from backoffice.http.resolver import Response, caller, entrypoint, make_resolver, no_content
from backoffice.platform.logfiles import delete_log_objects, delete_log_streams
from backoffice.platform.logger import logger
from backoffice.platform.roles import OPERATOR

app = make_resolver()


@app.delete(
    "/www/log",
    summary="Delete all log files",
    responses=documented(204, description="The log files are deleted."),
)
def delete_logs() -> Response[str]:
    who = caller(app)
    who.require(OPERATOR)
    objects, streams = delete_log_objects(), delete_log_streams()
    logger.info("log files deleted", extra={"objects": objects, "streams": streams, "user": who.user})
    return no_content()


lambda_handler = entrypoint(app)
