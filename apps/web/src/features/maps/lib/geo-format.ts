import { geoDistance } from 'd3-geo';
import type { City } from '@/features/maps/lib/cities';

/** Mean Earth radius in kilometres. */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance between two cities, in kilometres. */
export function greatCircleKm(from: Pick<City, 'lat' | 'lon'>, to: Pick<City, 'lat' | 'lon'>): number {
  return geoDistance([from.lon, from.lat], [to.lon, to.lat]) * EARTH_RADIUS_KM;
}

const kmFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const shortKmFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '9,559 km'; below 10 km one decimal ('3.4 km'). */
export function formatDistanceKm(km: number): string {
  const value = Math.abs(km) < 10 ? shortKmFormat.format(km) : kmFormat.format(km);
  return `${value} km`;
}

/** '35.68° N, 139.65° E' */
export function formatCoordinates(lat: number, lon: number): string {
  const latText = `${Math.abs(lat).toFixed(2)}° ${lat < 0 ? 'S' : 'N'}`;
  const lonText = `${Math.abs(lon).toFixed(2)}° ${lon < 0 ? 'W' : 'E'}`;
  return `${latText}, ${lonText}`;
}

const populationFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** '37.4M' */
export function formatPopulation(population: number): string {
  return populationFormat.format(population);
}
