"""The API edge: the powertools resolver and entrypoint, request body decoding, JSON answers and their
headers, CORS, and the helpers that document routes for docs/openapi.json. Domain packages never import it.
"""
