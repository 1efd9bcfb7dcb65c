"""Invoices: an order's e-invoice (its model, its store, the EN 16931 XML and the PDF, issued once) and
ZUGFeRD / Factur-X / XRechnung embedding and extraction. Only the zugferd and rechnung functions
import it (the PDF libraries stay out of every other function's path).
"""
