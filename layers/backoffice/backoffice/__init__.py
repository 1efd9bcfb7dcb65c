"""The shared layer of the back-office API, one package per domain plus the technical ones.

Domains: catalogue (articles, prices, stock, media), parties (customers, addresses), sales (quotations,
orders, the document calculation), invoices (ZUGFeRD). Technical: platform (AWS access, settings,
users and tokens, idempotency, outbox, logs) and http (the API edge). docs/architecture.md is the map.
"""

from backoffice.coldstart import collector as _collector
from backoffice.coldstart import precompiled as _precompiled

# First thing of every function's init: fewer garbage collections until the init is done
# (coldstart/collector.py), and the build's code for the source dataclasses and typing generate
# (coldstart/precompiled.py). Both only in Lambda, and only with their switch on (coldstart/__init__.py).
_collector.pause()
_precompiled.use()
