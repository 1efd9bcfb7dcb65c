"""The article catalogue: articles and their visibility, packaging units (VPE), tiered prices, stock,
media, the sorted list index behind GET /www/artikel, and the catalogue import (docs/catalogue.md).
"""
