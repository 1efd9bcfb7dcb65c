"""The one powertools Logger of a function, importable without the resolver (the authorizer and the
publisher need no HTTP routing, and its import is most of their cold start)."""

from __future__ import annotations

from aws_lambda_powertools import Logger

logger = Logger()
