"""Invoices: ZUGFeRD / Factur-X / XRechnung, an invoice XML embedded into a PDF/A-3 and taken out again.
Only the zugferd function imports it (the PDF libraries stay out of every other function's path).
"""
