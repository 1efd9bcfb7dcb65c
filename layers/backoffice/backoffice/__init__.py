"""The shared layer of the back-office API, one package per domain plus the technical ones.

Domains: catalogue (articles, prices, stock, media), parties (customers, addresses), sales (quotations,
orders, the document calculation), invoices (ZUGFeRD). Technical: platform (AWS access, settings,
users and tokens, idempotency, outbox, logs) and http (the API edge). docs/architecture.md is the map.
"""
