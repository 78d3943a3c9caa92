"""Card pictures: the art on disk, and the painter that sizes, turns and caches it."""
