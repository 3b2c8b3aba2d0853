"""Maps app doubles (docs/maps.md): OsmAnd, Organic Maps and CoMaps on one screen kit."""
