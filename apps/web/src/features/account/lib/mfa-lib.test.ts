import { describe, expect, it } from 'vitest';
import { qrDrawing } from './mfa-qr';
import { recoveryCodesFile } from './mfa-recovery-file';

describe('the TOTP QR code', () => {
  it('draws a square symbol with its finder patterns, one 1×1 square per dark module', async () => {
    const { size, path } = await qrDrawing(
      'otpauth://totp/Nuvem:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Nuvem',
    );
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0); // QR versions are 21, 25, 29… modules wide
    // The top-left finder pattern's corner modules are dark.
    expect(path).toContain('M0 0h1v1h-1z');
    expect(path).toContain('M6 6h1v1h-1z');
    expect(path).not.toContain('M1 1h1v1h-1z'); // its light ring
  });
});

describe('the recovery codes file', () => {
  it('has a heading, the codes one a line, and a note', () => {
    expect(
      recoveryCodesFile(['abcde-fghjk', '23456-789ab'], { heading: 'Nuvem recovery codes', note: 'Each works once.' }),
    ).toBe('Nuvem recovery codes\n\nabcde-fghjk\n23456-789ab\n\nEach works once.\n');
  });
});
