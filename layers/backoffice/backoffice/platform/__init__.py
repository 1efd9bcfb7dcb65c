"""Everything that talks to AWS for the whole layer: the environment's settings, boto3 clients, the one
DynamoDB module, idempotency, the event outbox, users and tokens, the service's logs.
"""
