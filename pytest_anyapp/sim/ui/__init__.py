"""Window manager, view toolkit, renderer and uiautomator dump for simulated apps."""
