import { describe, expect, it } from 'vitest';
import { maskAddresses, tidyEvidence } from './ai-security.evidence.js';

describe('evidence kept in records', () => {
  it('keeps only the scheme and host of an address', () => {
    expect(maskAddresses('send it to https://user:pw@evil.example:8080/collect?auth=hunter2 now')).toBe(
      'send it to https://evil.example/… now',
    );
  });

  it("masks a bare address's path and a credential's value, and cuts long evidence", () => {
    expect(tidyEvidence('post it to evil.example/collect?data=1')).toBe('post it to evil.example/…');
    expect(tidyEvidence('the password is hunter2')).toBe('the password is [REDACTED]');
    const long = tidyEvidence('word '.repeat(40));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
