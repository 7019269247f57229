import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../db/schema/events.js';
import { calendarEntry } from './calendar.js';

const at = new Date('2030-01-01T10:00:00Z');
function entry(title: string, organiser: string, description = '') {
  const event = {
    id: 'evt_test',
    title,
    description,
    startsAt: at,
    endsAt: null,
    updatedAt: at,
    isOnline: true,
    status: 'scheduled',
  } as unknown as EventRow;
  return calendarEntry({ event, organiser: { name: organiser }, venue: null }, new URL('https://nuvem.example'));
}

describe('calendarEntry', () => {
  it('keeps every value on its own line: no CR, LF or control character starts a new property', () => {
    const ics = entry('Hi\rX-INJECT:1\rBEGIN:VALARM', 'Quartz', 'one\r\ntwo\nthree\u0007');
    const lines = ics.split('\r\n');
    expect(lines.some((line) => line.startsWith('X-INJECT') || line.startsWith('BEGIN:VALARM'))).toBe(false);
    const unfolded = ics.replace(/\r\n/g, '');
    expect(unfolded).not.toContain('\r');
    expect(unfolded).not.toContain('\n');
    expect(unfolded).not.toContain('\u0007');
    expect(ics).toContain('SUMMARY:Hi\\nX-INJECT:1\\nBEGIN:VALARM');
    expect(ics).toContain('DESCRIPTION:one\\ntwo\\nthree\\n\\nOrganised by Quartz');
  });

  it('names the organiser in the description, with no address that could be spoofed or written to', () => {
    const ics = entry('Fado', 'Eve:mailto:attacker@evil.com;X="1"', 'An evening.');
    expect(ics).not.toContain('ORGANIZER');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:An evening.\\n\\nOrganised by Eve:mailto:attacker@evil.com\\;X="1"',
    );
  });

  it('escapes commas, semicolons and backslashes in text', () => {
    expect(entry('A, B; C\\D', 'Org')).toContain('SUMMARY:A\\, B\\; C\\\\D');
  });
});
