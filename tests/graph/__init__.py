"""Tests of the graph server, its admin helpers and the embedded lifecycle."""
