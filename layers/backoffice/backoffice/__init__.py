"""The shared layer of the back-office API, one package per domain plus the technical ones.

Domains: catalogue (articles, prices, stock, media), parties (customers, addresses), sales (quotations,
orders, the document calculation), invoices (ZUGFeRD). Technical: platform (AWS access, settings,
users and tokens, idempotency, outbox, logs) and http (the API edge). docs/architecture.md is the map.
"""

from backoffice import coldstart as _coldstart
from backoffice import precompiled as _precompiled

# First thing of every function's init: fewer garbage collections until the init is done (coldstart.py),
# and the build's code for the source dataclasses and typing generate (precompiled.py).
_coldstart.pause()
_precompiled.use()
