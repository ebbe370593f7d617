"""Typed face of the compiled module holdem._tables: it has no Python names (only a C-level
builder that holdem._core cimports)."""
