"""Stored documents as an older release wrote them (moto, in-process tests)."""

from __future__ import annotations


def as_last_release(kind: str, number: str) -> None:
    """The head of document `kind` (AUFTRAG, OFFERTE) `number` without the marker issue 22 added
    (LiefKostNetto): what the release before wrote, whose AuftLiefKost is in the Preisart."""
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    head = dynamo.get_item(document_store.pk(kind, number), document_store.HEAD_SK)
    assert head is not None, (kind, number)
    assert head.get(document_store.NET_DELIVERY) is True, head  # written by this release
    dynamo.put_item({k: v for k, v in head.items() if k != document_store.NET_DELIVERY})
