"""Invoices: ZUGFeRD / Factur-X / XRechnung embedding and extraction, and an order's own e-invoice
(EN 16931 XML, the PDF with its QR-bill, issued once and stored). Only the zugferd and rechnung
functions import it (the PDF libraries stay out of every other function's path).
"""
