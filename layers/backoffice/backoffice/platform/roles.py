"""What a REST user may do, by role (ADR 0005).

integration: the webshop routes (articles, customers, addresses, documents, ZUGFeRD, payments);
operator: DELETE /www/log, the payment routes (/www/zahlungen: importing a bank's camt file,
the unmatched payments and their assignment) and every webhook subscription (all but the create:
list, read, change, delete, secret, deliveries, redeliver, test). A user may hold both. A user
stored without roles (written before roles existed) is an integration user. Kept apart from auth so
that a handler can name a role without importing the token machinery.
"""

from __future__ import annotations

INTEGRATION, OPERATOR = "integration", "operator"
ROLES = (INTEGRATION, OPERATOR)
DEFAULT_ROLES = frozenset({INTEGRATION})
