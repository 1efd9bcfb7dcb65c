"""Customers and their addresses: the customer record and its creation, the address rules and check,
the address search, the ISO and postal reference data, and each customer's order list.
"""
