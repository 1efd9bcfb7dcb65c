"""Quotations (Offerte) and orders (Auftrag): the sales document aggregate and its rules, its store, the
document calculation (positions, tax recap, totals), the buyer and place of supply, position pricing, the
one draft builder, the PATCH rules, the request models (parse in) and the read shape (render out).
"""
