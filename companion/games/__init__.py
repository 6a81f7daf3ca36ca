"""Rule systems, one package each, found by name through `companion.core.rules.find`."""
