"""The local stack: AWS emulated by moto, the API served like API Gateway would, demo data loaded."""
