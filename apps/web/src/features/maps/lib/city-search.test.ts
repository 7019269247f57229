import { describe, expect, it } from 'vitest';
import { cities, type City } from '@/features/maps/lib/cities';
import { normalizeText, pickRandomCity, searchCities } from '@/features/maps/lib/city-search';

const names = (list: City[]) => list.map((city) => city.name);

describe('normalizeText', () => {
  it('drops accents, case and extra spacing', () => {
    expect(normalizeText('  São   PAULO ')).toBe('sao paulo');
    expect(normalizeText('Zürich')).toBe('zurich');
    expect(normalizeText('Côte d’Ivoire')).toBe('cote d ivoire');
  });
});

describe('searchCities', () => {
  it('matches without accents and without case', () => {
    expect(names(searchCities(cities, 'sao paulo'))).toEqual(['São Paulo']);
    expect(names(searchCities(cities, 'BOGOTA'))).toEqual(['Bogotá']);
    expect(names(searchCities(cities, 'zurich'))).toEqual(['Zürich']);
  });

  it('matches an accented query against an unaccented name', () => {
    expect(names(searchCities(cities, 'Tókyo'))).toEqual(['Tokyo']);
  });

  it('puts name prefixes first, bigger cities first, then words, then substrings', () => {
    expect(names(searchCities(cities, 'san'))).toEqual(['Santiago', 'San Francisco']);
    expect(names(searchCities(cities, 'lo')).slice(0, 3)).toEqual(['Los Angeles', 'London', 'São Paulo']);
    expect(names(searchCities(cities, 'york'))).toEqual(['New York']);
  });

  it('puts an exact name before a longer name with the same prefix', () => {
    expect(names(searchCities(cities, 'washington'))).toEqual(['Washington']);
    expect(names(searchCities(cities, 'hong')).slice(0, 1)).toEqual(['Hong Kong']);
  });

  it('finds cities by country after name matches', () => {
    const result = searchCities(cities, 'japan');
    expect(result.map((city) => city.country)).toEqual(['Japan', 'Japan', 'Japan']);
    expect(names(result)).toEqual(['Tokyo', 'Osaka', 'Nagoya']);
  });

  it('returns nothing for an empty query or no match, and honours the limit', () => {
    expect(searchCities(cities, '   ')).toEqual([]);
    expect(searchCities(cities, 'atlantis')).toEqual([]);
    expect(searchCities(cities, 'a', 5)).toHaveLength(5);
  });
});

describe('pickRandomCity', () => {
  it('uses the random number to pick', () => {
    expect(pickRandomCity(cities, () => 0)).toBe(cities[0]);
    expect(pickRandomCity(cities, () => 0.999999)).toBe(cities[cities.length - 1]);
  });

  it('never returns the excluded city when there is another', () => {
    const first = cities[0]!;
    expect(pickRandomCity(cities, () => 0, first)).not.toBe(first);
  });

  it('has about a hundred distinct cities with sane coordinates', () => {
    expect(cities.length).toBeGreaterThanOrEqual(100);
    expect(new Set(cities.map((city) => city.id)).size).toBe(cities.length);
    for (const city of cities) {
      expect(Math.abs(city.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(city.lon)).toBeLessThanOrEqual(180);
      expect(city.population).toBeGreaterThan(0);
    }
  });
});
