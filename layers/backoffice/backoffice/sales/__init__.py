"""Quotations (Offerte) and orders (Auftrag): the document calculation (positions, tax recap, totals),
the buyer's terms and position pricing, the PATCH rules, the storage of documents and their views.
"""
