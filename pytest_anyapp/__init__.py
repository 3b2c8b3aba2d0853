"""AnyAppBench: a pytest plugin benchmark for mobile GUI agents (same task, different app)."""

__version__ = "0.1.0"
