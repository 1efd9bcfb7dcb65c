"""Quotations (Offerte) and orders (Auftrag): the document calculation (positions, tax recap, totals),
the buyer and place of supply, position pricing, the one draft builder, the PATCH rules, storage, views.
"""
