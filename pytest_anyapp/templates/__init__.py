"""Task templates: app-neutral goal, parameters, initial state and success criterion."""
