"""Build-time tools: they derive files the layer ships from packages that only development installs."""
