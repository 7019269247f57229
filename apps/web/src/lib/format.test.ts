import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatPercent,
  formatRelative,
  formatTime,
} from './format';

const when = '2026-03-05T14:30:05Z';
const utc = { timeZone: 'UTC' };

describe('one formatting module, in the language in use', () => {
  it('formats counts and figures per language', () => {
    expect(formatCount(12345.6, 'en')).toBe('12,346');
    expect(formatCount(12345.6, 'pt-PT')).toMatch(/^12\s346$/);
    expect(formatCount(Number.NaN, 'en')).toBe('0');
    expect(formatCompact(1_234_567, 'en')).toBe('1.2M');
    expect(formatPercent(0.235, 1, 'en')).toBe('23.5%');
  });

  it('formats currency with the symbol of the language', () => {
    expect(formatCurrency(9.5, 'USD', 'en')).toBe('$9.50');
    expect(formatCurrency(29, 'USD', 'en')).toBe('$29');
    expect(formatCurrency(9.5, 'EUR', 'pt-PT')).toMatch(/^9,50\s€$/);
  });

  it('formats dates one way per language, and says so when a date cannot be read', () => {
    expect(formatDate(when, utc, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(when, utc, 'pt-PT')).toBe('05/03/2026');
    expect(formatDateTime(when, utc, 'en')).toBe('Mar 5, 2026, 2:30 PM');
    expect(formatDateTime(when, utc, 'pt-PT')).toBe('05/03/2026, 14:30');
    expect(formatTime(when, utc, 'pt-PT')).toBe('14:30:05');
    expect(formatTime(when, { timeZone: 'Europe/Lisbon', seconds: false, zone: true }, 'en-GB')).toBe('14:30 WET');
    expect(formatTime(when, { timeZone: 'Europe/Berlin', seconds: false, zone: true }, 'en')).toBe('03:30 PM GMT+1');
    expect(formatDate('not a date', {}, 'en')).toBe('unknown');
    expect(formatDate('not a date', {}, 'pt-PT')).toBe('desconhecido');
  });

  it('formats relative times', () => {
    const now = Date.parse(when);
    expect(formatRelative(now - 3 * 86_400_000, now, 'en')).toBe('3 days ago');
    expect(formatRelative(now - 86_400_000, now, 'en')).toBe('yesterday');
    expect(formatRelative(now - 86_400_000, now, 'pt-PT')).toBe('ontem');
    expect(formatRelative(now - 5_000, now, 'en')).toBe('just now');
    expect(formatRelative(now - 5_000, now, 'pt-PT')).toBe('agora mesmo');
  });
});
