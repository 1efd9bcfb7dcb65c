"""The event feed (`feed`) and the catalogue of event types (`event_types`); webhook subscriptions
(`subscriptions`, their URL rules in `urls`) and the Standard Webhooks signature (`signing`)."""
