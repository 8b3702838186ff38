"""Tests of the data sources."""
