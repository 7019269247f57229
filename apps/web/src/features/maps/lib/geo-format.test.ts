import { describe, expect, it } from 'vitest';
import { cities } from '@/features/maps/lib/cities';
import { formatCoordinates, formatDistanceKm, formatPopulation, greatCircleKm } from '@/features/maps/lib/geo-format';

const city = (name: string) => {
  const found = cities.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('greatCircleKm', () => {
  it('measures known routes within 1%', () => {
    // Published great-circle distances: London–New York about 5,570 km, Tokyo–Sydney about 7,820 km.
    expect(greatCircleKm(city('London'), city('New York'))).toBeGreaterThan(5_515);
    expect(greatCircleKm(city('London'), city('New York'))).toBeLessThan(5_625);
    expect(greatCircleKm(city('Tokyo'), city('Sydney'))).toBeGreaterThan(7_740);
    expect(greatCircleKm(city('Tokyo'), city('Sydney'))).toBeLessThan(7_900);
  });

  it('is symmetric and zero for the same place', () => {
    const a = city('Paris');
    const b = city('Lima');
    expect(greatCircleKm(a, b)).toBeCloseTo(greatCircleKm(b, a), 6);
    expect(greatCircleKm(a, a)).toBe(0);
  });

  it('never exceeds half the circumference', () => {
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371, 3);
  });
});

describe('formatDistanceKm', () => {
  it('rounds to whole kilometres with thousands separators', () => {
    expect(formatDistanceKm(5570.4)).toBe('5,570 km');
    expect(formatDistanceKm(20015.1)).toBe('20,015 km');
  });

  it('keeps one decimal for short distances', () => {
    expect(formatDistanceKm(3.44)).toBe('3.4 km');
    expect(formatDistanceKm(0)).toBe('0 km');
  });

  it('writes the figures in the language asked for', () => {
    expect(formatDistanceKm(5570.4, 'pt-PT')).toBe('5570 km');
    expect(formatDistanceKm(20015.1, 'pt-PT')).toMatch(/^20\s015 km$/);
    expect(formatDistanceKm(3.44, 'pt-PT')).toBe('3,4 km');
  });
});

describe('formatCoordinates', () => {
  it('writes hemispheres instead of signs', () => {
    expect(formatCoordinates(35.6762, 139.6503)).toBe('35.68° N, 139.65° E');
    expect(formatCoordinates(-33.8688, -70.6693)).toBe('33.87° S, 70.67° W');
  });

  it('uses a decimal comma and O for west in European Portuguese', () => {
    expect(formatCoordinates(-33.8688, -70.6693, 'pt-PT')).toBe('33,87° S, 70,67° O');
  });
});

describe('formatPopulation', () => {
  it('uses a compact form', () => {
    expect(formatPopulation(37_400_000)).toBe('37.4M');
    expect(formatPopulation(240_000)).toBe('240K');
    expect(formatPopulation(37_400_000, 'pt-PT')).toMatch(/^37,4\sM$/);
  });
});
