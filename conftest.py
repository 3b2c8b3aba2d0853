"""Repository-level pytest configuration.

The AnyAppBench plugin itself is registered through the ``pytest11`` entry point of the installed
``anyappbench`` distribution; this file only enables ``pytester`` for the plugin's own tests.
"""

pytest_plugins = ["pytester"]
