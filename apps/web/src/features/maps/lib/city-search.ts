import { foldAccents } from '@nuvem/contracts/text';
import type { City } from '@/features/maps/lib/cities';

/** Lower-cased, accent-free, single-spaced text: 'São  Paulo' and 'sao paulo' compare equal. */
export function normalizeText(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

// Lower rank is a better match.
function rank(city: City, query: string): number | null {
  const name = normalizeText(city.name);
  const country = normalizeText(city.country);
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(' ').some((word) => word.startsWith(query))) return 2;
  if (name.includes(query)) return 3;
  if (country.startsWith(query) || country.split(' ').some((word) => word.startsWith(query))) return 4;
  if (`${name} ${country}`.includes(query)) return 5;
  return null;
}

/**
 * Cities matching the query, best first: exact name, name prefix, word prefix, name substring,
 * then country; bigger cities first within a rank. An empty query matches nothing.
 */
export function searchCities(all: readonly City[], query: string, limit = 8): City[] {
  const normalized = normalizeText(query);
  if (normalized === '') return [];
  return all
    .flatMap((city) => {
      const r = rank(city, normalized);
      return r === null ? [] : [{ city, r }];
    })
    .sort((a, b) => a.r - b.r || b.city.population - a.city.population || a.city.name.localeCompare(b.city.name))
    .slice(0, limit)
    .map(({ city }) => city);
}

/** A city chosen with `random` (0 ≤ x < 1), never `exclude` when another one exists. */
export function pickRandomCity(all: readonly City[], random: () => number, exclude?: City | null): City {
  const pool = exclude && all.length > 1 ? all.filter((city) => city.id !== exclude.id) : all;
  const city = pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
  if (!city) throw new Error('No cities to choose from');
  return city;
}
