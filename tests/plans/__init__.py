"""Tests of condition C2 plans."""
