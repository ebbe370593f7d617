"""Helpers shared by the test modules: oracles, cases and drivers, imported as ``_support.x``.

pytest puts ``tests/`` on ``sys.path`` (``pythonpath`` in pyproject.toml; the repository root
stays off it, so the installed holdem is the one under test), and mypy finds the package through
``mypy_path``. Nothing here is a test: pytest collects only ``test_*.py``.
"""
