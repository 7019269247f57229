import { geoDistance } from 'd3-geo';
import type { City } from '@/features/maps/lib/cities';
import { formatCompact, formatCount, formatFixed, formatNumber } from '@/lib/format';
import { currentLanguage, i18n } from '@/lib/i18n';

/** Mean Earth radius in kilometres. */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance between two cities, in kilometres. */
export function greatCircleKm(from: Pick<City, 'lat' | 'lon'>, to: Pick<City, 'lat' | 'lon'>): number {
  return geoDistance([from.lon, from.lat], [to.lon, to.lat]) * EARTH_RADIUS_KM;
}

/** '9,559 km' (en) / '9559 km' (pt-PT); below 10 km one decimal ('3.4 km'). */
export function formatDistanceKm(km: number, locale: string = currentLanguage()): string {
  const distance = Math.abs(km) < 10 ? formatNumber(km, 1, locale) : formatCount(km, locale);
  return i18n.t('maps:geo.km', { distance, lng: locale });
}

/** '35.68° N, 139.65° E' (en) / '35,68° N, 139,65° E' (pt-PT, with O for west). */
export function formatCoordinates(lat: number, lon: number, locale: string = currentLanguage()): string {
  return i18n.t('maps:geo.coordinates', {
    lng: locale,
    lat: formatFixed(Math.abs(lat), 2, locale),
    latHemisphere: i18n.t(lat < 0 ? 'maps:geo.south' : 'maps:geo.north', { lng: locale }),
    lon: formatFixed(Math.abs(lon), 2, locale),
    lonHemisphere: i18n.t(lon < 0 ? 'maps:geo.west' : 'maps:geo.east', { lng: locale }),
  });
}

/** '37.4M' (en) / '37,4 M' (pt-PT). */
export function formatPopulation(population: number, locale: string = currentLanguage()): string {
  return formatCompact(population, locale);
}
