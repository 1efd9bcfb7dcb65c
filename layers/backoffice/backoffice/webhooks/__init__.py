"""Webhooks and the event feed: the catalogue of event types (`event_types`, pure), the ordered feed
of the events every write records through the outbox (`feed`), the subscriptions of the REST users
(`subscriptions`, with their URL rules in `urls`) and the Standard Webhooks signature (`signing`,
pure). Delivery (a queue, retries, the delivery function) is not here yet.
"""
