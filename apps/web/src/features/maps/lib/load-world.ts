import type { FeatureCollection, GeometryObject } from 'geojson';
import { feature } from 'topojson-client';

export type CountryFeatures = FeatureCollection<GeometryObject, { name: string }>;

let pending: Promise<CountryFeatures> | null = null;

/**
 * The world's countries as GeoJSON. The TopoJSON (about 100 kB) is its own chunk, fetched from
 * our own origin the first time the map is shown; no tiles or third-party requests.
 */
export function loadCountries(): Promise<CountryFeatures> {
  pending ??= import('world-atlas/countries-110m.json')
    .then((module): CountryFeatures => feature(module.default, module.default.objects.countries))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
