"""A lab's first hour on its own device image: ``anyapp capture`` and ``anyapp validate`` (issue 25)."""
